//! Criterion benches of the encodings for learning agents (issue 11), generic
//! over any game with [`Encode`]: one observation tensor, and one legal-action
//! mask, per fixed player position. Each bench asserts its own result.

use std::hint::black_box;

use cards_core::{Actor, Encode, Viewer, legal_mask};
use criterion::{Criterion, Throughput};

/// The acting seat's view of each player position.
pub fn views<G: Encode>(states: &[G]) -> Vec<G::View> {
    states
        .iter()
        .map(|g| match g.actor() {
            Actor::Player(s) => g.observe(Viewer::Seat(s)),
            a => panic!("a player position, not {a:?}"),
        })
        .collect()
}

/// Encodes each view's tensor into `out` and each position's legal mask into
/// `mask`, `reps` times: the workload of the instruction counts. The checksum
/// is the tensors' non-zero entries plus the legal actions.
pub fn encode_and_mask<G: Encode>(
    reps: usize,
    states: &[G],
    views: &[G::View],
    out: &mut [f32],
    mask: &mut [bool],
    legal: &mut Vec<G::Action>,
) -> u64 {
    let mut sum = 0;
    for _ in 0..reps {
        for (g, v) in states.iter().zip(views) {
            G::encode_view(g.rules(), g.seats(), v, out);
            sum += out.iter().filter(|&&x| x != 0.0).count() as u64;
            legal_mask(g, legal, mask);
            sum += legal.len() as u64;
        }
    }
    sum
}

/// `<group>/encode_observation`: `encode_view` of the acting seat's view, once
/// per position (the time per call is the time per iteration over the count).
pub fn bench_encode_observation<G: Encode>(c: &mut Criterion, group: &str, states: &[G]) {
    let views = views(states);
    let len = |g: &G| G::shape(g.rules(), g.seats()).observation;
    let mut out = vec![0.0f32; states.iter().map(len).max().unwrap_or(0)];
    let last = states.len() - 1;
    let expected = {
        let g = &states[last];
        let mut t = vec![0.0f32; len(g)];
        G::encode_view(g.rules(), g.seats(), &views[last], &mut t);
        t
    };
    assert!(expected.iter().any(|&x| x != 0.0));
    let mut group = c.benchmark_group(group);
    group.throughput(Throughput::Elements(states.len() as u64));
    group.bench_function("encode_observation", |b| {
        b.iter(|| {
            for (g, v) in black_box(states).iter().zip(black_box(&views)) {
                G::encode_view(g.rules(), g.seats(), v, &mut out);
                black_box(&out);
            }
            assert_eq!(out[..expected.len()], expected[..], "the last tensor");
        })
    });
    group.finish();
}

/// `<group>/legal_mask`: [`legal_mask`] of each position into a reused mask.
pub fn bench_legal_mask<G: Encode>(c: &mut Criterion, group: &str, states: &[G]) {
    let size = |g: &G| G::shape(g.rules(), g.seats()).actions;
    let mut mask = vec![false; states.iter().map(size).max().unwrap_or(0)];
    let mut legal = Vec::with_capacity(4096);
    let expected: usize = states
        .iter()
        .map(|g| {
            g.legal_actions(&mut legal);
            legal.len()
        })
        .sum();
    let mut group = c.benchmark_group(group);
    group.throughput(Throughput::Elements(states.len() as u64));
    group.bench_function("legal_mask", |b| {
        b.iter(|| {
            let mut sum = 0;
            for g in black_box(states) {
                legal_mask(g, &mut legal, &mut mask);
                sum += legal.len();
                black_box(&mask);
            }
            assert_eq!(sum, expected);
            let g = &states[states.len() - 1];
            let marked = mask[..size(g)].iter().filter(|&&m| m).count();
            assert_eq!(marked, legal.len(), "one id per legal action");
            sum
        })
    });
    group.finish();
}
