#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(missing_docs)]

mod action;
mod apply;
mod bot;
mod builder;
mod determinize;
pub mod encode;
mod error;
mod event;
mod game;
mod legal;
mod observe;
mod opponents;
mod redeal;
mod rules;
mod score;
mod setup;
mod setup_text;
mod state;
mod view_check;

pub use action::{Action, HostOp, ParseActionError};
pub use bot::StrongBot;
pub use builder::{DealBuilder, TurnsBuilder};
pub use encode::{NUM_ACTIONS, NUM_CHANCE_OUTCOMES, card_at, card_index, observation_len};
pub use error::{Illegal, SetupError};
pub use event::{Event, RoundEnd, Seen};
pub use observe::View;
pub use opponents::{LEARNED_CHECK_PRUNE, LEARNED_CHECK_SAMPLES};
pub use rules::{
    AcesDisplay, AllTie, DEFAULT_SEATS, Direction, KnockerRisk, MAX_SEATS, MIN_SEATS, Refresh,
    Rules,
};
pub use score::{HandValue, ValueKind, hand_value, settlement};
pub use setup::Setup;
pub use state::{Fate, Phase, Schwimmen};

/// The rules as this crate implements them, clause by clause, with every
/// decision taken where the rules leave a choice (the package's `RULES.md`).
#[doc = include_str!("../RULES.md")]
pub mod clauses {}
