#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(missing_docs)]

mod action;
mod apply;
mod bot;
mod builder;
pub mod encode;
mod error;
mod event;
mod game;
mod hidden;
mod legal;
mod model;
mod rules;
mod score;
mod setup;
mod state;
mod view;

pub use action::{Action, HostOp, ParseActionError};
pub use bot::StrongBot;
pub use builder::{DealBuilder, TurnsBuilder};
pub use encode::{NUM_ACTIONS, NUM_CHANCE_OUTCOMES, card_at, card_index, observation_len};
pub use error::{Illegal, SetupError};
pub use event::{Event, RoundEnd, Seen};
pub use game::settlement;
pub use rules::{AcesDisplay, AllTie, Direction, KnockerRisk, Refresh, Rules};
pub use score::{HandValue, ValueKind, hand_value};
pub use setup::Setup;
pub use state::{Fate, MAX_SEATS, MIN_SEATS, Phase, Schwimmen};
pub use view::View;

/// The rules as this crate implements them, clause by clause, with every
/// decision taken where the rules leave a choice (the package's `RULES.md`).
#[doc = include_str!("../RULES.md")]
pub mod clauses {}
