//! Benchmarks for the shithead crate (to come with the game).

fn main() {}
