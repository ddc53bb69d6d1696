//! Benchmarks for the trump21 crate (to come with the game).

fn main() {}
