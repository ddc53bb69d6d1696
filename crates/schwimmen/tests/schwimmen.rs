//! The schwimmen crate's integration tests: one test (at least) per clause of the
//! rules file, the test facts, conformance properties, pinned perft counts and a
//! pinned seeded game.

#[path = "schwimmen/bot.rs"]
mod bot;
#[path = "schwimmen/builders.rs"]
mod builders;
#[path = "schwimmen/common.rs"]
mod common;
#[path = "schwimmen/encode.rs"]
mod encode;
#[path = "schwimmen/facts.rs"]
mod facts;
#[cfg(feature = "serde")]
#[path = "schwimmen/golden.rs"]
mod golden;
#[path = "schwimmen/limits.rs"]
mod limits;
#[path = "schwimmen/mutated_saves.rs"]
mod mutated_saves;
#[path = "schwimmen/parse.rs"]
mod parse;
#[path = "schwimmen/perft.rs"]
mod perft;
#[path = "schwimmen/product.rs"]
mod product;
#[path = "schwimmen/props.rs"]
mod props;
#[path = "schwimmen/recall.rs"]
mod recall;
#[path = "schwimmen/rules_s15_s23.rs"]
mod rules_s15_s23;
#[path = "schwimmen/rules_s1_s8.rs"]
mod rules_s1_s8;
#[path = "schwimmen/rules_s9_s14.rs"]
mod rules_s9_s14;
#[path = "schwimmen/save.rs"]
mod save;
#[path = "schwimmen/search.rs"]
mod search;
#[path = "schwimmen/text_forms.rs"]
mod text_forms;
#[path = "schwimmen/views.rs"]
mod views;
