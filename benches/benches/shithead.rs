//! Benchmarks for the shithead crate: playability on every level, legal-action
//! lists on fixed positions, `apply`, and random whole 4-player games (chance
//! included). Each bench asserts its own result, so a fast wrong answer fails.

use std::hint::black_box;

use benches::encoding::{bench_encode_observation, bench_legal_mask};
use benches::shithead::{APPLY_SUM, LEGAL_SUM, PLAYABLE_PAIRS, apply_pairs, positions};
use cards_core::{
    Actor, Bot, ChaCha8Rng, Game, Ismcts, Opponents, Rank, SeedableRng, Viewer, chance::below,
    random_playout,
};
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

fn bench_ismcts_decision(c: &mut Criterion) {
    let g = decision_position();
    let Actor::Player(me) = g.actor() else {
        unreachable!("a player decision")
    };
    let view = g.observe(Viewer::Seat(me));
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    let rules = Rules::default();
    let mut group = c.benchmark_group("shithead");
    group.sample_size(20);
    group.bench_function("ismcts_decision", |b| {
        let mut bot = Ismcts::<Shithead>::new(rules, Shithead::hard_budget());
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        b.iter(|| {
            let a = bot.choose(&view, &legal, &mut rng);
            assert!(legal.contains(&a));
            a
        })
    });
    group.bench_function("hard_decision", |b| {
        let mut bot = cards_core::Difficulty::Hard.bot::<Shithead>(&rules);
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        b.iter(|| {
            let a = bot.choose(&view, &legal, &mut rng);
            assert!(legal.contains(&a));
            a
        })
    });
    group.throughput(Throughput::Elements(u64::from(shithead::HARD_ITERATIONS)));
    group.bench_function("ismcts_iterations", |b| {
        let mut bot = Ismcts::<Shithead>::new(rules, Shithead::hard_budget());
        let mut rng = ChaCha8Rng::seed_from_u64(6);
        b.iter(|| bot.search(&view, &legal, &mut rng).len())
    });
    group.finish();
}

fn bench_encodings(c: &mut Criterion) {
    let states = positions(256);
    bench_encode_observation(c, "shithead", &states);
    bench_legal_mask(c, "shithead", &states);
}

criterion_group!(
    benches,
    bench_encodings,
    bench_ismcts_decision,
    bench_playable,
    bench_legal_actions,
    bench_apply,
    bench_random_game
);
criterion_main!(benches);
