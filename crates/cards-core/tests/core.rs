//! Integration tests of cards-core, one module a topic: card text and sets,
//! sampling, the table and its log, perft and playouts, the conformance checks,
//! serde forms, determinization and search, the encoding checks, the learned level's
//! forward pass against its training script, and the
//! conformance suite instantiated on a toy game.

#[path = "core/cards.rs"]
mod cards;
#[path = "core/common.rs"]
mod common;
#[path = "core/conformance.rs"]
mod conformance;
#[path = "core/encoding.rs"]
mod encoding;
#[path = "core/mlp.rs"]
mod mlp;
#[path = "core/playout.rs"]
mod playout;
#[path = "core/sampling.rs"]
mod sampling;
#[path = "core/search.rs"]
mod search;
#[cfg(feature = "serde")]
#[path = "core/serde.rs"]
mod serde;
#[cfg(feature = "testing")]
#[path = "core/suite.rs"]
mod suite;
#[path = "core/table.rs"]
mod table;
#[path = "core/toy.rs"]
mod toy;
