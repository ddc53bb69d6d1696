//! perft tests.
