//! Integration tests of the shithead crate: one test per rules clause
//! (`rules`), property tests with the cards-core conformance checks
//! (`props`), and pinned perft counts and a pinned seeded game (`perft`).

#[path = "shithead/api.rs"]
mod api;
#[path = "shithead/bot.rs"]
mod bot;
#[path = "shithead/bounds.rs"]
mod bounds;
#[path = "shithead/builders.rs"]
mod builders;
#[path = "shithead/common.rs"]
mod common;
#[path = "shithead/encode.rs"]
mod encode;
#[path = "shithead/events.rs"]
mod events;
#[cfg(feature = "serde")]
#[path = "shithead/golden.rs"]
mod golden;
#[cfg(feature = "serde")]
#[path = "shithead/json.rs"]
mod json;
#[path = "shithead/memory.rs"]
mod memory;
#[path = "shithead/mutated_saves.rs"]
mod mutated_saves;
#[path = "shithead/perft.rs"]
mod perft;
#[path = "shithead/playing.rs"]
mod playing;
#[path = "shithead/props.rs"]
mod props;
#[path = "shithead/reload.rs"]
mod reload;
#[path = "shithead/rules.rs"]
mod rules;
#[path = "shithead/search.rs"]
mod search;
#[path = "shithead/setup.rs"]
mod setup;
#[path = "shithead/specials.rs"]
mod specials;
#[path = "shithead/text.rs"]
mod text;
#[path = "shithead/text_forms.rs"]
mod text_forms;
#[cfg(feature = "serde")]
#[path = "shithead/views.rs"]
mod views;
