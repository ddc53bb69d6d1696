//! Benchmarks for the shithead crate: playability on every level, legal-action
//! lists on fixed positions, `apply`, and random whole 4-player games (chance
//! included). Each bench asserts its own result, so a fast wrong answer fails.

use std::hint::black_box;

use benches::encoding::{bench_encode_observation, bench_legal_mask};
use benches::shithead::{APPLY_SUM, LEGAL_SUM, PLAYABLE_PAIRS, apply_pairs, positions};
use cards_core::{Actor, ChaCha8Rng, Game, Rank, SeedableRng, chance::below, random_playout};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use shithead::{Rules, Shithead, playable};

/// Steps of the seeded random games.
const GAME_STEPS: usize = 31_310;
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
    eprintln!("shithead/random_game: {GAMES} games, {GAME_STEPS} steps (chance included)");
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

/// A player decision some way into a seeded 4-player game: the position a
/// hard decision is timed on.
fn decision_position() -> Shithead {
    let mut g = Shithead::new(Rules::default(), 4).expect("setup");
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut v = Vec::new();
    let mut players = 0;
    loop {
        g.legal_actions(&mut v);
        if let Actor::Player(_) = g.actor()
            && g.phase() == shithead::Phase::Playing
            && v.len() > 1
        {
            players += 1;
            if players > 12 {
                return g;
            }
        }
        let a = v[below(&mut rng, v.len() as u64) as usize];
        g = g.apply(&a).expect("legal");
    }
}

fn bench_search(c: &mut Criterion) {
    benches::search::bench_search(c, "shithead", &decision_position());
}

fn bench_encodings(c: &mut Criterion) {
    let states = positions(256);
    bench_encode_observation(c, "shithead", &states);
    bench_legal_mask(c, "shithead", &states);
}

/// Random games never played before in the run, by a playout and by a
/// table of random bots (`benches::fresh`).
fn random_game_fresh(c: &mut Criterion) {
    benches::fresh::bench_fresh_games(
        c,
        "shithead",
        &Shithead::new(Rules::default(), 4).expect("4 seats"),
    );
}

criterion_group!(
    benches,
    bench_encodings,
    bench_search,
    bench_playable,
    bench_legal_actions,
    bench_apply,
    bench_random_game,
    random_game_fresh,
);
criterion_main!(benches);
