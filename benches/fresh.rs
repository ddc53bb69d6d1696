//! Random play on games never played before in the run, written once for
//! every game: the honest per-game cost of a simulation, and the tournament
//! command's reference.
//!
//! The `<game>/random_game` benches play the same fixed games on every
//! iteration, which lets the processor's branch predictor learn them: on this
//! machine Schwimmen's random games run about 17 % faster replayed than fresh.
//! A simulation (or a tournament) plays each game once, so these benches deal
//! every game from a seed no earlier iteration used.

use std::time::Instant;

use cards_core::{Bot, ChaCha8Rng, Game, Playout, RandomBot, SeedableRng, Table};
use criterion::{Criterion, Throughput};

/// Two benches in `group`, one game an iteration (throughput in games), each
/// game from `start` and from the next unused seed:
///
/// - `random_game_fresh`: a [`Playout`] (uniform players, chance by weight)
///   from a generator seeded for the game;
/// - `table_random_game_fresh`: a [`Table`] of [`RandomBot`]s restarted for
///   the game and played by `Table::play_bots`, as the `cards` command plays:
///   the log kept, chance and bots on the table's two streams.
///
/// The mean steps a game (chance included) over the first 10,000 seeds is
/// printed, to turn games into steps.
///
/// # Panics
/// When a game does not end within a million steps.
pub fn bench_fresh_games<G: Game>(c: &mut Criterion, group: &str, start: &G) {
    let mut playout = Playout::new();
    let steps: usize = (0..10_000)
        .map(|seed| play_one(&mut playout, start, seed))
        .sum();
    eprintln!(
        "{group}/random_game_fresh: {:.1} steps a game (chance included, first 10,000 seeds)",
        steps as f64 / 10_000.0
    );
    let mut g = c.benchmark_group(group);
    g.throughput(Throughput::Elements(1));
    let mut next_seed = 0;
    g.bench_function("random_game_fresh", |b| {
        b.iter_custom(|games| {
            let began = Instant::now();
            for _ in 0..games {
                play_one(&mut playout, start, next_seed);
                next_seed += 1;
            }
            began.elapsed()
        })
    });
    let seats = start.seats();
    let mut bots: Vec<Box<dyn Bot<G>>> = (0..seats)
        .map(|_| Box::new(RandomBot) as Box<dyn Bot<G>>)
        .collect();
    let mut table = Table::from_state(start.clone(), 0);
    let mut next_seed = 0;
    g.bench_function("table_random_game_fresh", |b| {
        b.iter_custom(|games| {
            let began = Instant::now();
            for _ in 0..games {
                table.restart(start.clone(), next_seed);
                let outcome = table.play_bots(&mut bots, 1_000_000);
                assert!(matches!(outcome, Ok(Some(_))), "every game ends");
                next_seed += 1;
            }
            began.elapsed()
        })
    });
    g.finish();
}

/// Plays one random game from `start` on a generator seeded with `seed`;
/// the steps it took.
fn play_one<G: Game>(playout: &mut Playout<G>, start: &G, seed: u64) -> usize {
    let mut game = start.clone();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let steps = playout.run(&mut game, &mut rng, 1_000_000);
    assert!(game.outcome().is_some(), "every game ends");
    steps
}
