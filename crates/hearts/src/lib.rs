#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(missing_docs)]

mod action;
mod apply;
mod bot;
mod chance;
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
mod spiel;
mod state;
mod trick;
mod view_check;

pub use action::{Action, HostOp, ParseActionError, ParseHostOpError, card_id, card_of_id};
pub use bot::HeartsBot;
pub use error::{Illegal, SetupError};
pub use event::{Event, Seen};
pub use observe::View;
pub use rules::{DEFAULT_SEATS, MAX_SEATS, MIN_SEATS, Rules};
pub use score::{TOTAL_POINTS, card_points};
pub use setup::Setup;
pub use state::{Hearts, PassDir, Phase};

/// The rules as this crate implements them, clause by clause, with every
/// decision taken where OpenSpiel's rules leave a choice (the package's `RULES.md`).
#[doc = include_str!("../RULES.md")]
pub mod clauses {}
