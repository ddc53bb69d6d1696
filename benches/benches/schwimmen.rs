//! Benchmarks for the schwimmen crate: scoring every hand, legal-action lists on
//! fixed positions, `apply`, and random rounds and whole games. Each bench
//! asserts its own result, so a fast wrong answer fails.

use std::hint::black_box;

use cards_core::{CardSet, ChaCha8Rng, Game, Playout, SeedableRng, deck, random_playout};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use schwimmen::{Phase, Rules, Schwimmen, hand_value};

/// All C(32,3) = 4,960 hands.
fn all_hands() -> Vec<CardSet> {
    let cards: Vec<_> = deck::CARDS_32.iter().collect();
    let mut out = Vec::with_capacity(4960);
    for i in 0..cards.len() {
        for j in i + 1..cards.len() {
            for k in j + 1..cards.len() {
                out.push([cards[i], cards[j], cards[k]].into_iter().collect());
            }
        }
    }
    out
}

/// Fixed positions: the first turn positions of random walks from fixed seeds.
fn turn_positions(count: usize) -> Vec<Schwimmen> {
    let mut out = Vec::new();
    let mut playout = Playout::new();
    for seed in 0u64.. {
        if out.len() == count {
            break;
        }
        let n = 2 + (seed % 8) as usize;
        let mut g = Schwimmen::new(Rules::default(), n).expect("setup");
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..(seed % 40) {
            playout.step(&mut g, &mut rng);
        }
        while g.phase() != Phase::Turns && playout.step(&mut g, &mut rng) {}
        if g.phase() == Phase::Turns {
            out.push(g);
        }
    }
    out
}

fn score_all_hands(c: &mut Criterion) {
    let hands = all_hands();
    let mut group = c.benchmark_group("schwimmen");
    group.throughput(Throughput::Elements(hands.len() as u64));
    group.bench_function("score_all_hands", |b| {
        b.iter(|| {
            let mut sum = 0u32;
            for &h in black_box(&hands) {
                if let Some(v) = hand_value(h) {
                    sum += u32::from(v.code());
                }
            }
            assert_eq!(sum, SCORE_CODE_SUM);
            sum
        })
    });
    group.finish();
}

/// Sum of the ordering codes over all hands (points × 8; 241 + rank − 7 for 30½; 255 for
/// three aces), from the pinned value counts of the test suite.
const SCORE_CODE_SUM: u32 = {
    const COUNTS: [(u32, u32); 18] = [
        (8, 24),
        (9, 72),
        (10, 1248),
        (11, 672),
        (15, 96),
        (16, 96),
        (17, 480),
        (18, 480),
        (19, 480),
        (20, 672),
        (21, 384),
        (24, 4),
        (25, 16),
        (26, 20),
        (27, 44),
        (28, 44),
        (29, 40),
        (30, 32),
    ];
    let mut s = 0;
    let mut i = 0;
    while i < COUNTS.len() {
        s += COUNTS[i].0 * 8 * COUNTS[i].1;
        i += 1;
    }
    // 30½: four hands of each rank 7..K, codes 241..=247; 31: 24 hands; three aces: 4.
    let mut r = 0;
    while r < 7 {
        s += (241 + r) * 4;
        r += 1;
    }
    s + 31 * 8 * 24 + 255 * 4
};

fn legal_actions(c: &mut Criterion) {
    let positions = turn_positions(64);
    let expected: usize = positions
        .iter()
        .map(|g| {
            let mut v = Vec::new();
            g.legal_actions(&mut v);
            v.len()
        })
        .sum();
    let mut group = c.benchmark_group("schwimmen");
    group.throughput(Throughput::Elements(positions.len() as u64));
    let mut buf = Vec::with_capacity(64);
    group.bench_function("legal_actions", |b| {
        b.iter(|| {
            let mut total = 0;
            for g in black_box(&positions) {
                g.legal_actions(&mut buf);
                total += buf.len();
            }
            assert_eq!(total, expected);
            assert!(total >= 11 * positions.len());
            total
        })
    });
    group.finish();
}

fn apply(c: &mut Criterion) {
    let positions = turn_positions(64);
    let mut pairs = Vec::new();
    for (i, g) in positions.iter().enumerate() {
        let mut v = Vec::new();
        g.legal_actions(&mut v);
        pairs.push((*g, v[i % v.len()]));
    }
    let mut group = c.benchmark_group("schwimmen");
    group.throughput(Throughput::Elements(pairs.len() as u64));
    group.bench_function("apply", |b| {
        b.iter(|| {
            let mut ok = 0;
            for (g, a) in black_box(&pairs) {
                if let Ok(next) = g.apply(a) {
                    ok += 1;
                    black_box(&next);
                }
            }
            assert_eq!(ok, pairs.len());
            ok
        })
    });
    group.finish();
}

const ROUNDS: usize = 100;

fn random_round(c: &mut Criterion) {
    let start = Schwimmen::new(Rules::default(), 4).expect("setup");
    let run = || {
        let mut rng = ChaCha8Rng::seed_from_u64(42);
        let mut playout = Playout::new();
        let mut steps = 0u64;
        for _ in 0..ROUNDS {
            let mut g = start;
            while g.round() == 0 && playout.step(&mut g, &mut rng) {
                steps += 1;
            }
            assert_eq!(g.round(), 1, "every round ends");
        }
        steps
    };
    let expected = run();
    let mut group = c.benchmark_group("schwimmen");
    group.throughput(Throughput::Elements(ROUNDS as u64));
    group.bench_function("random_round", |b| {
        b.iter(|| {
            let steps = run();
            assert_eq!(steps, expected);
            steps
        })
    });
    group.finish();
}

const GAMES: usize = 20;

fn random_game(c: &mut Criterion) {
    let start = Schwimmen::new(Rules::default(), 4).expect("setup");
    let run = || {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut steps = 0;
        for _ in 0..GAMES {
            let mut g = start;
            steps += random_playout(&mut g, &mut rng, 1_000_000);
            assert!(g.outcome().is_some(), "every game ends");
        }
        steps
    };
    let expected = run();
    let mut group = c.benchmark_group("schwimmen");
    group.throughput(Throughput::Elements(GAMES as u64));
    group.bench_function("random_game", |b| {
        b.iter(|| {
            let steps = run();
            assert_eq!(steps, expected);
            steps
        })
    });
    group.finish();
}

criterion_group!(
    benches,
    score_all_hands,
    legal_actions,
    apply,
    random_round,
    random_game
);
criterion_main!(benches);
