#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(missing_docs)]

pub mod bot;
pub mod card;
pub mod card_set;
pub mod chance;
pub mod conformance;
pub mod deck;
pub mod determinize;
pub mod difficulty;
pub mod encode;
pub mod game;
pub mod ismcts;
pub mod log;
pub mod multiset;
pub mod openspiel;
pub mod outcome;
pub mod pimc;
pub mod rank_set;
pub mod rollout;
pub mod save;
pub mod search;
pub mod seat;
pub mod table;
pub mod text;
pub mod who;

pub use bot::{Bot, RandomBot};
pub use card::{Card, ParseCardError, Rank, Suit};
pub use card_set::CardSet;
pub use determinize::Determinize;
pub use difficulty::{Difficulty, HardSearch, Opponents, ParseDifficultyError};
pub use encode::{Encode, Shape, legal_mask};
pub use game::{Actor, Game, Redeal, SeatView, Viewer};
pub use ismcts::{Ismcts, SearchBudget};
pub use log::{ReplayError, Step, StepOf, replay};
pub use multiset::{CardMultiset, ParseMultisetError, TooManyCopies};
pub use outcome::{Outcome, OutcomeError};
pub use pimc::Pimc;
pub use rank_set::RankSet;
pub use rollout::{Rollout, RolloutBudget};
pub use save::Save;
pub use search::{Playout, perft, random_playout};
pub use seat::{MAX_SEATS, PerSeat, Seat};
pub use table::{EventCursor, Table, TableError, TableEvent};
pub use who::Who;

pub use rand_chacha::ChaCha8Rng;
pub use rand_core::{Rng, SeedableRng};
