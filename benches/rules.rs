//! The rules benches every game has, written once: legal-action lists on
//! fixed positions and `apply` on fixed (position, action) pairs, each
//! asserting its own total so that a fast wrong answer fails.

use std::hint::black_box;

use cards_core::Game;
use criterion::{Criterion, Throughput};

/// `group/legal_actions`: the legal actions of every position (throughput in
/// positions), the total count asserted.
pub fn bench_legal_actions<G: Game>(c: &mut Criterion, group: &str, positions: &[G]) {
    let mut buf = Vec::with_capacity(64);
    let count = |buf: &mut Vec<G::Action>| -> usize {
        positions
            .iter()
            .map(|g| {
                g.legal_actions(buf);
                buf.len()
            })
            .sum()
    };
    let expected = count(&mut buf);
    let mut g = c.benchmark_group(group);
    g.throughput(Throughput::Elements(positions.len() as u64));
    g.bench_function("legal_actions", |b| {
        b.iter(|| {
            let total = count(black_box(&mut buf));
            assert_eq!(total, expected);
            total
        })
    });
    g.finish();
}

/// `group/apply`: every pair's action applied to its position (throughput in
/// pairs), each asserted accepted.
pub fn bench_apply<G: Game>(c: &mut Criterion, group: &str, pairs: &[(G, G::Action)]) {
    let mut g = c.benchmark_group(group);
    g.throughput(Throughput::Elements(pairs.len() as u64));
    g.bench_function("apply", |b| {
        b.iter(|| {
            let ok = black_box(pairs)
                .iter()
                .filter(|(g, a)| g.apply(a).is_ok())
                .count();
            assert_eq!(ok, pairs.len());
            ok
        })
    });
    g.finish();
}

/// Every legal action of every position, with its position.
pub fn all_pairs<G: Game>(positions: &[G]) -> Vec<(G, G::Action)> {
    let mut pairs = Vec::new();
    let mut buf = Vec::new();
    for g in positions {
        g.legal_actions(&mut buf);
        pairs.extend(buf.iter().map(|a| (g.clone(), a.clone())));
    }
    pairs
}
