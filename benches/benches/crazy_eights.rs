//! Benchmarks for the crazy-eights crate: legal-action lists on fixed positions,
//! `apply`, and random whole games with OpenSpiel's default parameters (5 players,
//! chance steps included, as OpenSpiel's random play counts them). Each bench
//! asserts its own result, so a fast wrong answer fails. docs/speed.md compares
//! `random_game_fresh` (games never played before, as OpenSpiel's driver plays
//! them) with OpenSpiel's C++ game.

use std::hint::black_box;

use benches::crazy_eights::{apply_pairs, player_positions};
use cards_core::{ChaCha8Rng, Game, Playout, Rng, SeedableRng};
use crazy_eights::{CrazyEights, Rules};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::rngs::SmallRng;

fn legal_actions(c: &mut Criterion) {
    benches::rules::bench_legal_actions(c, "crazy_eights", &player_positions(256));
}

fn apply(c: &mut Criterion) {
    benches::rules::bench_apply(c, "crazy_eights", &apply_pairs(&player_positions(64)));
}

const GAMES: u64 = 100;

/// `GAMES` random games with OpenSpiel's defaults (5 players, max_draw_cards 5,
/// max_turns 100), game `i` seeded with `i`, by the generator `R`.
fn random_games<R: Rng + SeedableRng>(c: &mut Criterion, name: &str) {
    let start = CrazyEights::new(Rules::default(), 5).expect("valid");
    let play_all = |start: &CrazyEights| {
        let mut playout = Playout::new();
        let (mut finished, mut steps) = (0u64, 0u64);
        for seed in 0..GAMES {
            let mut g = *start;
            let mut rng = R::seed_from_u64(seed);
            while playout.step(&mut g, &mut rng) {
                steps += 1;
            }
            finished += u64::from(g.outcome().is_some());
        }
        (finished, steps)
    };
    let expected = play_all(&start);
    eprintln!(
        "crazy_eights/{name}: {GAMES} games, {} steps (chance included), {:.1} steps a game",
        expected.1,
        expected.1 as f64 / GAMES as f64
    );
    let mut group = c.benchmark_group("crazy_eights");
    group.throughput(Throughput::Elements(GAMES));
    group.bench_function(name, |b| {
        b.iter(|| {
            let got = play_all(black_box(&start));
            assert_eq!(got, expected);
            assert_eq!(got.0, GAMES, "every game ends");
            got
        })
    });
    group.finish();
}

/// With cards-core's seeded generator, ChaCha8.
fn random_game(c: &mut Criterion) {
    random_games::<ChaCha8Rng>(c, "random_game");
}

/// With rand's `SmallRng` (Xoshiro256++), a fast non-cryptographic generator
/// of the same class as the `mt19937_64` OpenSpiel's driver draws from: the
/// engines compared with the generator's cost matched.
fn random_game_small_rng(c: &mut Criterion) {
    random_games::<SmallRng>(c, "random_game_small_rng");
}

/// A hard decision and ISMCTS iterations from the first fixed position with
/// more than two legal actions.
fn search(c: &mut Criterion) {
    let mut legal = Vec::new();
    let position = player_positions(256)
        .into_iter()
        .find(|g| {
            g.legal_actions(&mut legal);
            legal.len() > 2
        })
        .expect("a position with a choice");
    benches::search::bench_search(c, "crazy_eights", &position);
}

/// The learned level's decisions over whole games, the checked ones among
/// them (`Opponents::learned_check`): every decision with a choice of seat
/// 0, the learned level, in 20 seeded heads-up games against `ShedBot`, the
/// medium level.
fn learned_checked(c: &mut Criterion) {
    let positions = benches::search::learned_positions::<CrazyEights>(&Rules::default(), 2, 20);
    benches::search::bench_learned_games(c, "crazy_eights", &positions);
}

/// Random games never played before in the run, by a playout and by a
/// table of random bots (`benches::fresh`), and by a playout on `SmallRng`:
/// OpenSpiel's driver plays fresh games too, so these are the like-for-like
/// side of the comparison (`.ci/openspiel/speed.sh crazy-eights`).
fn random_game_fresh(c: &mut Criterion) {
    let start = CrazyEights::new(Rules::default(), 5).expect("5 seats");
    benches::fresh::bench_fresh_games(c, "crazy_eights", &start);
    benches::fresh::bench_fresh_playouts::<_, SmallRng>(
        c,
        "crazy_eights",
        "random_game_small_rng_fresh",
        &start,
    );
}

criterion_group!(
    benches,
    legal_actions,
    apply,
    random_game,
    random_game_fresh,
    random_game_small_rng,
    search,
    learned_checked
);
criterion_main!(benches);
