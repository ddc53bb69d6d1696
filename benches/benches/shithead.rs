//! Benchmarks for the shithead crate: playability on every level, legal-action
//! lists on fixed positions, `apply`, and random whole 4-player games (chance
//! included). Each bench asserts its own result, so a fast wrong answer fails.

use std::hint::black_box;

use benches::shithead::{APPLY_SUM, LEGAL_SUM, PLAYABLE_PAIRS, apply_pairs, positions};
use cards_core::{ChaCha8Rng, Game, Rank, SeedableRng, random_playout};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use shithead::{Rules, Shithead, playable};

/// Steps of the seeded random games.
const GAME_STEPS: usize = 30_258;
const GAMES: u64 = 100;

fn bench_playable(c: &mut Criterion) {
    let mut group = c.benchmark_group("shithead");
    group.throughput(Throughput::Elements(14 * 13));
    group.bench_function("playable", |b| {
        b.iter(|| {
            let mut n = 0u32;
            for level in std::iter::once(None).chain(Rank::ALL.map(Some)) {
                for rank in Rank::ALL {
                    n += u32::from(playable(black_box(rank), black_box(level)));
                }
            }
            assert_eq!(n, PLAYABLE_PAIRS);
            n
        })
    });
    group.finish();
}

fn bench_legal_actions(c: &mut Criterion) {
    let states = positions(256);
    let mut group = c.benchmark_group("shithead");
    group.throughput(Throughput::Elements(states.len() as u64));
    let mut buf = Vec::with_capacity(256);
    group.bench_function("legal_actions", |b| {
        b.iter(|| {
            let mut sum = 0;
            for g in black_box(&states) {
                g.legal_actions(&mut buf);
                sum += buf.len();
            }
            assert_eq!(sum, LEGAL_SUM);
            sum
        })
    });
    group.finish();
}

fn bench_apply(c: &mut Criterion) {
    let states = positions(256);
    let pairs = apply_pairs(&states);
    let mut group = c.benchmark_group("shithead");
    group.throughput(Throughput::Elements(pairs.len() as u64));
    group.bench_function("apply", |b| {
        b.iter(|| {
            let mut sum = 0;
            for (g, a) in black_box(&pairs) {
                let next = g.apply(a).expect("legal");
                sum += next.pile().len();
            }
            assert_eq!(sum, APPLY_SUM);
            sum
        })
    });
    group.finish();
}

fn bench_random_game(c: &mut Criterion) {
    let mut group = c.benchmark_group("shithead");
    group.throughput(Throughput::Elements(GAMES));
    let start = Shithead::new(Rules::default(), 4).expect("setup");
    group.bench_function("random_game", |b| {
        b.iter(|| {
            let mut steps = 0;
            for seed in 0..GAMES {
                let mut g = start;
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                steps += random_playout(&mut g, &mut rng, 1_000_000);
                assert!(g.outcome().is_some());
            }
            assert_eq!(steps, GAME_STEPS);
            steps
        })
    });
    group.finish();
}

criterion_group!(
    benches,
    bench_playable,
    bench_legal_actions,
    bench_apply,
    bench_random_game
);
criterion_main!(benches);
