//! Benchmarks for the schwimmen crate: scoring every hand, legal-action lists on
//! fixed positions, `apply`, the encoding for learning agents (observation
//! tensors and legal masks), and random rounds and whole games. Each bench
//! asserts its own result, so a fast wrong answer fails.

use std::hint::black_box;

use benches::schwimmen::{SCORE_CODE_SUM, all_hands, apply_pairs, turn_positions};
use cards_core::{ChaCha8Rng, Game, Playout, SeedableRng, random_playout};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use schwimmen::{Rules, Schwimmen, hand_value};

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
    let pairs = apply_pairs(&turn_positions(64));
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

/// The mover's observation tensor (S24) of each fixed position, from its view.
fn encode_observation(c: &mut Criterion) {
    use cards_core::{Actor, Encode, Viewer};
    let positions = turn_positions(64);
    let views: Vec<_> = positions
        .iter()
        .map(|g| {
            let Actor::Player(me) = g.actor() else {
                unreachable!("a turn position")
            };
            (*g.rules(), g.seats(), g.observe(Viewer::Seat(me)))
        })
        .collect();
    let mut out = vec![0f32; schwimmen::observation_len(schwimmen::MAX_SEATS)];
    let run = |out: &mut [f32]| {
        let mut sum = 0f32;
        for (rules, seats, v) in black_box(&views) {
            Schwimmen::encode_view(rules, *seats, v, out);
            sum += out[..64].iter().sum::<f32>();
        }
        sum
    };
    let expected = run(&mut out);
    assert_eq!(
        expected,
        6.0 * views.len() as f32,
        "hand and middle: six cards"
    );
    let mut group = c.benchmark_group("schwimmen");
    group.throughput(Throughput::Elements(views.len() as u64));
    group.bench_function("encode_observation", |b| {
        b.iter(|| {
            let sum = run(&mut out);
            assert_eq!(sum, expected);
            sum
        })
    });
    group.finish();
}

/// The legal-action mask (S24) of each fixed position.
fn legal_mask(c: &mut Criterion) {
    let positions = turn_positions(64);
    let mut legal = Vec::with_capacity(64);
    let mut mask = vec![false; schwimmen::NUM_ACTIONS];
    let mut run = |mask: &mut [bool]| {
        let mut total = 0;
        for g in black_box(&positions) {
            cards_core::legal_mask(g, &mut legal, mask);
            total += usize::from(mask[3]) + usize::from(mask[2]);
        }
        total
    };
    let expected = run(&mut mask);
    assert!(expected >= positions.len(), "swap all is always legal");
    let mut group = c.benchmark_group("schwimmen");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("legal_mask", |b| {
        b.iter(|| {
            let total = run(&mut mask);
            assert_eq!(total, expected);
            total
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
    eprintln!("schwimmen/random_game: {GAMES} games, {expected} steps (chance included)");
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

/// A fixed mid-round position of a 4-seat game, a player to act: the
/// position a hard decision is timed on.
fn decision_position() -> Schwimmen {
    let mut g = Schwimmen::new(Rules::default(), 4).expect("4 seats");
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut playout = Playout::new();
    while !matches!(g.actor(), cards_core::Actor::Player(_)) || g.phase() != schwimmen::Phase::Turns
    {
        assert!(playout.step(&mut g, &mut rng), "a turn comes");
    }
    g
}

fn search(c: &mut Criterion) {
    benches::search::bench_search(c, "schwimmen", &decision_position());
}

/// The learned level's decisions over whole games, the checked ones among
/// them (`Opponents::learned_check`, once two seats are left): every
/// decision with a choice of seat 0, the learned level, in 20 seeded 4-seat
/// games against `StrongBot`, the medium level.
fn learned_games(c: &mut Criterion) {
    let positions = benches::search::learned_positions::<Schwimmen>(&Rules::default(), 4, 20);
    benches::search::bench_learned_games(c, "schwimmen", &positions);
}

/// Random games never played before in the run, by a playout and by a
/// table of random bots (`benches::fresh`).
fn random_game_fresh(c: &mut Criterion) {
    benches::fresh::bench_fresh_games(
        c,
        "schwimmen",
        &Schwimmen::new(Rules::default(), 4).expect("4 seats"),
    );
}

criterion_group!(
    benches,
    score_all_hands,
    legal_actions,
    apply,
    encode_observation,
    legal_mask,
    random_round,
    random_game,
    random_game_fresh,
    search,
    learned_games
);
criterion_main!(benches);
