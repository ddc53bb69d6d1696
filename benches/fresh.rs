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

use cards_core::{Bot, ChaCha8Rng, Game, Playout, RandomBot, Rng, SeedableRng, Table};
use criterion::{Criterion, Throughput};

/// Two benches in `group`, one game an iteration (throughput in games), each
/// game from `start` and from the next unused seed:
///
/// - `random_game_fresh`: [`bench_fresh_playouts`] on [`ChaCha8Rng`];
/// - `table_random_game_fresh`: a [`Table`] of [`RandomBot`]s restarted for
///   the game and played by `Table::play_bots`, as the `cards` command plays:
///   the log kept, chance and bots on the table's two streams.
///
/// # Panics
/// When a game does not end within a million steps.
pub fn bench_fresh_games<G: Game>(c: &mut Criterion, group: &str, start: &G) {
    bench_fresh_playouts::<G, ChaCha8Rng>(c, group, "random_game_fresh", start);
    let seats = start.seats();
    let mut bots: Vec<Box<dyn Bot<G>>> = (0..seats)
        .map(|_| Box::new(RandomBot) as Box<dyn Bot<G>>)
        .collect();
    let mut table = Table::from_state(start.clone(), 0);
    let mut next_seed = 0;
    let mut g = c.benchmark_group(group);
    g.throughput(Throughput::Elements(1));
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

/// `group/name`: one random game an iteration (throughput in games), a
/// [`Playout`] (uniform players, chance by weight) from `start` on an `R`
/// seeded with the next unused seed. Prints the mean steps a game (chance
/// included) over the first 10,000 seeds, to turn games into steps.
///
/// # Panics
/// When a game does not end within a million steps.
pub fn bench_fresh_playouts<G: Game, R: Rng + SeedableRng>(
    c: &mut Criterion,
    group: &str,
    name: &str,
    start: &G,
) {
    let mut playout = Playout::new();
    let steps: usize = (0..10_000)
        .map(|seed| play_one::<G, R>(&mut playout, start, seed))
        .sum();
    eprintln!(
        "{group}/{name}: {:.2} steps a game (chance included, first 10,000 seeds)",
        steps as f64 / 10_000.0
    );
    let mut g = c.benchmark_group(group);
    g.throughput(Throughput::Elements(1));
    let mut next_seed = 0;
    g.bench_function(name, |b| {
        b.iter_custom(|games| {
            let began = Instant::now();
            for _ in 0..games {
                play_one::<G, R>(&mut playout, start, next_seed);
                next_seed += 1;
            }
            began.elapsed()
        })
    });
    g.finish();
}

/// Plays one random game from `start` on an `R` seeded with `seed`; the
/// steps it took.
fn play_one<G: Game, R: Rng + SeedableRng>(
    playout: &mut Playout<G>,
    start: &G,
    seed: u64,
) -> usize {
    let mut game = start.clone();
    let mut rng = R::seed_from_u64(seed);
    let steps = playout.run(&mut game, &mut rng, 1_000_000);
    assert!(game.outcome().is_some(), "every game ends");
    steps
}
