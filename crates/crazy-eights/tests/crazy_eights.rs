//! Integration tests for crazy-eights: one test per clause (named by its ID),
//! conformance property tests, pinned perft counts and a pinned seeded game.

#[path = "crazy_eights/common.rs"]
mod common;
#[path = "crazy_eights/encode.rs"]
mod encode;
#[path = "crazy_eights/golden.rs"]
mod golden;
#[path = "crazy_eights/mutated_saves.rs"]
mod mutated_saves;
#[path = "crazy_eights/perft.rs"]
mod perft;
#[path = "crazy_eights/props.rs"]
mod props;
#[path = "crazy_eights/rules.rs"]
mod rules;
#[path = "crazy_eights/search.rs"]
mod search;
#[path = "crazy_eights/setup.rs"]
mod setup;
#[path = "crazy_eights/text_forms.rs"]
mod text_forms;
#[path = "crazy_eights/views.rs"]
mod views;
