#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(missing_docs)]

mod action;
mod apply;
mod bot;
mod builder;
mod chance;
mod determinize;
mod effects;
mod encode;
mod error;
mod event;
mod game;
mod legal;
mod numbers;
mod observe;
mod opponents;
mod redeal;
mod round;
mod rules;
mod score;
mod setup;
mod state;
mod trump;
mod view_check;

pub use action::{Action, DestroyTarget, Exchange, Give, HostOp, Play, Take};
pub use bot::OddsBot;
pub use builder::Position;
pub use encode::{SEAT_BLOCK, SIMPLE_KINDS};
pub use error::{Illegal, ParseError, SetupError};
pub use event::{CardFrom, Event, Seen};
pub use legal::MAX_LEGAL_ACTIONS;
pub use numbers::NumberCounts;
pub use observe::{ExchangeView, SeatInfo, View};
pub use opponents::HARD_ITERATIONS;
pub use rules::{
    DEFAULT_SEATS, LoveCard, MAX_COPIES, MAX_ROUNDS, MAX_SEATS, MAX_TRUMPS, MIN_SEATS, Ranking,
    RoundDamage, Rules,
};
pub use score::{RoundWinners, best_card, loser_damage, rank_totals, score_key};
pub use setup::{SeatSetup, Setup, setup_of, trumps_of};
pub use state::{LastRound, MAX_OPEN, MAX_STACK, OpenTrump, Phase, Status, Trump21};
pub use trump::{KINDS, Trump, TrumpCounts};

/// The rules as this crate implements them, clause by clause, with every
/// decision taken where the rules leave a choice (the package's `RULES.md`).
#[doc = include_str!("../RULES.md")]
pub mod clauses {}
