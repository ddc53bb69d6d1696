//! Benchmarks for the hearts crate: legal-action lists on fixed positions,
//! `apply`, and random whole games with OpenSpiel's default parameters (chance
//! steps included, as OpenSpiel's random play counts them). Each bench asserts
//! its own result, so a fast wrong answer fails. `.ci/openspiel/speed.sh hearts`
//! compares `random_game_fresh` (games never played before, as OpenSpiel's
//! driver plays them) with OpenSpiel's C++ game.

use benches::hearts::player_positions;
use cards_core::Game;
use criterion::{Criterion, criterion_group, criterion_main};
use hearts::{Hearts, Rules};
use rand::rngs::SmallRng;

fn legal_actions(c: &mut Criterion) {
    benches::rules::bench_legal_actions(c, "hearts", &player_positions(256));
}

fn apply(c: &mut Criterion) {
    benches::rules::bench_apply(
        c,
        "hearts",
        &benches::rules::all_pairs(&player_positions(64)),
    );
}

/// Random games never played before in the run (`benches::fresh`), on
/// ChaCha8 and on `SmallRng`: the like-for-like side of the comparison with
/// OpenSpiel's C++ driver (`.ci/openspiel/speed.sh hearts`).
fn random_game_fresh(c: &mut Criterion) {
    let start = Hearts::new(Rules::default(), 4).expect("4 seats");
    benches::fresh::bench_fresh_games(c, "hearts", &start);
    benches::fresh::bench_fresh_playouts::<_, SmallRng>(
        c,
        "hearts",
        "random_game_small_rng_fresh",
        &start,
    );
}

/// A hard decision and ISMCTS iterations from the first fixed position in the
/// play with more than two legal actions.
fn search(c: &mut Criterion) {
    let mut legal = Vec::new();
    let position = player_positions(256)
        .into_iter()
        .find(|g| {
            g.legal_actions(&mut legal);
            g.phase() == hearts::Phase::Play && legal.len() > 2
        })
        .expect("a position with a choice");
    benches::search::bench_search(c, "hearts", &position);
}

criterion_group!(benches, legal_actions, apply, random_game_fresh, search);
criterion_main!(benches);
