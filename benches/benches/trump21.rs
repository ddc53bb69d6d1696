//! Benchmarks for the trump21 crate: round ranking, legal-action lists on fixed
//! positions, `apply`, random whole games (2 players, 10 lives, chance included), and
//! a hard (ISMCTS) decision with its iterations per second.
//! Each bench asserts its own result, so a fast wrong answer fails.

use std::hint::black_box;

use benches::encoding::{bench_encode_observation, bench_legal_mask};
use benches::search::bench_search;
use benches::trump21::{apply_pairs, player_positions, rankings};
use cards_core::chance::below;
use cards_core::{Actor, ChaCha8Rng, Game, Playout, SeedableRng};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use trump21::{Ranking, Rules, Trump21, rank_totals};

fn rank_totals_bench(c: &mut Criterion) {
    let rounds = rankings();
    let expected: u32 = rounds
        .iter()
        .map(|(t, n, target)| u32::from(rank_totals(&t[..*n], *target, Ranking::UnderFirst).mask()))
        .sum();
    let mut group = c.benchmark_group("trump21");
    group.throughput(Throughput::Elements(rounds.len() as u64));
    group.bench_function("rank_totals", |b| {
        b.iter(|| {
            // The winner masks summed: a checksum of every ranking.
            let mut sum = 0u32;
            for (t, n, target) in black_box(&rounds) {
                sum += u32::from(rank_totals(&t[..*n], *target, Ranking::UnderFirst).mask());
            }
            assert_eq!(sum, expected);
            sum
        })
    });
    group.finish();
}

fn legal_actions(c: &mut Criterion) {
    let positions = player_positions(256);
    let expected: usize = positions
        .iter()
        .map(|g| {
            let mut v = Vec::new();
            g.legal_actions(&mut v);
            v.len()
        })
        .sum();
    let mut group = c.benchmark_group("trump21");
    group.throughput(Throughput::Elements(positions.len() as u64));
    let mut buf = Vec::with_capacity(1024);
    group.bench_function("legal_actions", |b| {
        b.iter(|| {
            let mut total = 0;
            for g in black_box(&positions) {
                g.legal_actions(&mut buf);
                total += buf.len();
            }
            assert_eq!(total, expected);
            assert!(total >= positions.len());
            total
        })
    });
    group.finish();
}

fn apply(c: &mut Criterion) {
    // Every legal action of every fixed position.
    let pairs = apply_pairs(&player_positions(64));
    let mut group = c.benchmark_group("trump21");
    group.throughput(Throughput::Elements(pairs.len() as u64));
    group.bench_function("apply", |b| {
        b.iter(|| {
            let mut ok = 0usize;
            for (g, a) in black_box(&pairs) {
                if g.apply(a).is_ok() {
                    ok += 1;
                }
            }
            assert_eq!(ok, pairs.len());
            ok
        })
    });
    group.finish();
}

const GAMES: u64 = 100;

fn random_game(c: &mut Criterion) {
    let rules = Rules::default();
    let start = Trump21::new(rules, 2).expect("setup");
    let play_all = |start: &Trump21| {
        let mut playout = Playout::new();
        let mut finished = 0u64;
        let mut steps = 0u64;
        for seed in 0..GAMES {
            let mut g = start.clone();
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            while playout.step(&mut g, &mut rng) {
                steps += 1;
            }
            if g.outcome().is_some() {
                finished += 1;
            }
        }
        (finished, steps)
    };
    let expected = play_all(&start);
    eprintln!(
        "trump21/random_game: {GAMES} games, {} steps (chance included)",
        expected.1
    );
    let mut group = c.benchmark_group("trump21");
    group.throughput(Throughput::Elements(GAMES));
    group.bench_function("random_game", |b| {
        b.iter(|| {
            let got = play_all(black_box(&start));
            assert_eq!(got, expected);
            assert_eq!(got.0, GAMES, "every game ends");
            got
        })
    });
    group.finish();
}

fn encodings(c: &mut Criterion) {
    let positions = player_positions(256);
    bench_encode_observation(c, "trump21", &positions);
    bench_legal_mask(c, "trump21", &positions);
}

/// A heads-up player decision in the second round of a seeded game, with
/// several actions to choose from: the position a hard decision is timed on.
fn decision_position() -> Trump21 {
    let mut g = Trump21::new(Rules::default(), 2).expect("setup");
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut v = Vec::new();
    loop {
        g.legal_actions(&mut v);
        if let Actor::Player(_) = g.actor()
            && g.round() >= 2
            && v.len() > 3
        {
            return g;
        }
        let a = v[below(&mut rng, v.len() as u64) as usize];
        g = g.apply(&a).expect("legal");
    }
}

fn search(c: &mut Criterion) {
    bench_search(c, "trump21", &decision_position());
}

/// Random games never played before in the run, by a playout and by a
/// table of random bots (`benches::fresh`).
fn random_game_fresh(c: &mut Criterion) {
    benches::fresh::bench_fresh_games(
        c,
        "trump21",
        &Trump21::new(Rules::default(), 2).expect("2 seats"),
    );
}

criterion_group!(
    benches,
    search,
    rank_totals_bench,
    legal_actions,
    apply,
    random_game,
    random_game_fresh,
    encodings
);
criterion_main!(benches);
