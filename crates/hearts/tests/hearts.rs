//! Integration tests for hearts: tests named after the clauses of
//! docs/rules/hearts.md, conformance property tests, pinned perft counts and a
//! pinned seeded game.

#[path = "hearts/common.rs"]
mod common;
#[path = "hearts/encode.rs"]
mod encode;
#[path = "hearts/golden.rs"]
mod golden;
#[path = "hearts/perft.rs"]
mod perft;
#[path = "hearts/props.rs"]
mod props;
#[path = "hearts/rules_deal.rs"]
mod rules_deal;
#[path = "hearts/rules_play.rs"]
mod rules_play;
#[path = "hearts/rules_score.rs"]
mod rules_score;
#[path = "hearts/search.rs"]
mod search;
#[path = "hearts/setup.rs"]
mod setup;
#[path = "hearts/text_forms.rs"]
mod text_forms;
#[path = "hearts/views.rs"]
mod views;
