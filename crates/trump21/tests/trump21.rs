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
#[path = "trump21/encode.rs"]
mod encode;
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
#[path = "trump21/rules_t10_t11.rs"]
mod rules_t10_t11;
#[path = "trump21/rules_t12_0_t12_6.rs"]
mod rules_t12_0_t12_6;
#[path = "trump21/rules_t12_7_t12_12.rs"]
mod rules_t12_7_t12_12;
#[path = "trump21/rules_t13_t16.rs"]
mod rules_t13_t16;
#[path = "trump21/rules_t1_t9.rs"]
mod rules_t1_t9;
#[path = "trump21/search.rs"]
mod search;
#[path = "trump21/text_forms.rs"]
mod text_forms;
#[path = "trump21/untrusted.rs"]
mod untrusted;
