#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(missing_docs)]

mod action;
mod apply;
mod bot;
mod builder;
mod conserve;
mod determinize;
mod encode;
mod error;
mod event;
mod game;
mod group;
mod legal;
mod observe;
mod opponents;
mod playable;
mod redeal;
mod rules;
mod score;
#[cfg(feature = "serde")]
mod serde_util;
mod setup;
mod state;
mod view_check;

pub use action::{Action, Leave, ParseActionError};
pub use bot::ShitheadBot;
pub use builder::{Deal, Position};
pub use cards_core::Who;
pub use cards_core::{CardMultiset, RankSet};
pub use encode::{SEAT_BLOCK, card_index};
pub use error::{Illegal, SetupError, Spot};
pub use event::{Event, Then, What};
pub use group::{Group, ParseCardsError, Trio};
pub use observe::View;
pub use opponents::{ARRANGE_SAMPLES_FACTOR, HARD_ITERATIONS, HARD_PLAYOUT_STEPS, HARD_SAMPLES};
pub use playable::{pile_level, playable, playable_on, playable_ranks};
pub use rules::{DEFAULT_SEATS, Decks, Eights, Kings, MAX_SEATS, MIN_SEATS, PickUp, Rules};
pub use setup::Setup;
pub use state::{Phase, Place, Shithead, Stage, Status};

/// The rules as this crate implements them, clause by clause, with every
/// decision taken where the rules leave a choice (the package's `RULES.md`).
#[doc = include_str!("../RULES.md")]
pub mod clauses {}
