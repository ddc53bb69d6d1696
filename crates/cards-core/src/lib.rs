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
pub mod given;
pub mod ismcts;
pub mod learned;
pub mod leave;
pub mod log;
pub mod mlp;
pub mod multiset;
pub mod openspiel;
pub mod opponents;
pub mod outcome;
pub mod perft;
pub mod pimc;
pub mod playout;
pub mod rank_set;
pub mod rollout;
pub mod save;
pub mod seat;
pub mod status;
pub mod table;
#[cfg(feature = "serde")]
pub mod table_save;
#[cfg(feature = "testing")]
#[cfg_attr(docsrs, doc(cfg(feature = "testing")))]
pub mod testing;
pub mod text;
pub mod who;

pub use bot::{Bot, RandomBot};
pub use card::{Card, ParseCardError, Rank, Suit};
pub use card_set::CardSet;
pub use determinize::Determinize;
pub use difficulty::{Difficulty, ParseDifficultyError};
pub use encode::{Encode, Layout, Shape, legal_mask, one_hot_seat, ratio};
pub use game::{Actor, Game, Redeal, SeatView, Viewer};
pub use given::Given;
#[cfg(feature = "serde")]
pub use given::Wide;
pub use ismcts::{Ismcts, SearchBudget};
pub use learned::Learned;
pub use leave::{Leave, ParseLeaveError};
pub use log::{ReplayError, Step, StepOf, replay};
pub use mlp::{Mlp, Networks, Scratch, WeightsError};
pub use multiset::{CardMultiset, ParseMultisetError, TooManyCopies};
pub use opponents::{HardSearch, Opponents};
pub use outcome::{Outcome, OutcomeError};
pub use perft::perft;
pub use pimc::Pimc;
pub use playout::{Playout, random_playout};
pub use rank_set::RankSet;
pub use rollout::{PRUNE_EVERY, Rollout, RolloutBudget};
pub use save::Save;
pub use seat::{MAX_SEATS, NoSuchSeat, PerSeat, Seat};
pub use status::Status;
pub use table::{EventCursor, Table, TableError, TableEvent};
#[cfg(feature = "serde")]
pub use table_save::TableSave;
pub use who::Who;

pub use rand_chacha::ChaCha8Rng;
pub use rand_core::{Rng, SeedableRng};
