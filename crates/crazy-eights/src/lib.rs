#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(missing_docs)]

mod action;
mod apply;
mod bot;
mod determinize;
mod encode;
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
mod state;
mod stock;

pub use action::{Action, HostOp, ParseActionError, ParseHostOpError};
pub use bot::ShedBot;
pub use error::{Illegal, SetupError};
pub use event::{Event, Seen};
pub use observe::View;
pub use opponents::{HARD_SAMPLES, LEARNED_CHECK_SAMPLES, LEARNED_CHECK_STOCK};
pub use rules::{DEFAULT_SEATS, MAX_SEATS, MIN_SEATS, Rules, Scoring};
pub use score::penalty;
pub use setup::Setup;
pub use state::{CrazyEights, Phase};

/// The rules as this crate implements them, clause by clause, with every
/// decision taken where the rules leave a choice (the package's `RULES.md`).
#[doc = include_str!("../RULES.md")]
pub mod clauses {}
