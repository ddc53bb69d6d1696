//! Integration tests for trump21: one test per clause (named by its ID), the rules
//! file's test facts, conformance property tests, pinned perft counts and a pinned game.

#[path = "trump21/api.rs"]
mod api;
#[path = "trump21/bot.rs"]
mod bot;
#[path = "trump21/builder.rs"]
mod builder;
#[path = "trump21/common.rs"]
mod common;
#[path = "trump21/events.rs"]
mod events;
#[path = "trump21/exchange.rs"]
mod exchange;
#[path = "trump21/golden.rs"]
mod golden;
#[path = "trump21/mutated_saves.rs"]
mod mutated_saves;
#[path = "trump21/perft.rs"]
mod perft;
#[path = "trump21/props.rs"]
mod props;
#[path = "trump21/rules.rs"]
mod rules;
#[path = "trump21/search.rs"]
mod search;
#[path = "trump21/text_forms.rs"]
mod text_forms;
#[path = "trump21/untrusted.rs"]
mod untrusted;
