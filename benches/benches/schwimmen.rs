//! Benchmarks for the schwimmen crate (to come with the game).

fn main() {}
