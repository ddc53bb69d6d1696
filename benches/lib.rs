//! Criterion benchmarks for the card-rules crates; the benches live in `benches/`.
