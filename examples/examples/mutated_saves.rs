//! Mutated saves: for every game of the list (`cards_games`), saves of
//! reachable states (random games of the house-rule variants and seat counts
//! the fuzz checks play, host operations mixed in) changed the way a hostile or
//! buggy client would change them (a number, a flag, a card moved, doubled or
//! dropped, a seat added or removed; `cards_core::conformance::mutate`). Every
//! save the game accepts is played on at random, saved and reloaded at every
//! step: none may become unsaveable.
//!
//! ```sh
//! cargo run --release -p examples --example mutated_saves -- --saves 100000 [--seed S] [--game NAME]
//! ```
//!
//! Prints, per game, saves tried, refused, accepted and accepted-then-unsaveable
//! (the goal is 0), and the first failures in full (each with its mutated save).
//! Exit status 1 when any accepted save became unsaveable.

use std::process::ExitCode;
use std::time::Instant;

use cards_core::ChaCha8Rng;
use cards_core::conformance::mutate::mutated_save_census;
use clap::Parser;
use clap::builder::PossibleValuesParser;
use fuzz_checks::{Checked, RngPick};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// Random steps played from a new game before its state is saved and mutated.
const BASE_STEPS: usize = 400;
/// Steps each accepted save is played on (saved and reloaded at every one).
const PLAY_STEPS: usize = 300;

/// The census of mutated saves, for every game of the list.
#[derive(Debug, Parser)]
#[command(name = "mutated_saves")]
struct Args {
    /// Mutated saves per game.
    #[arg(long, default_value_t = 100_000)]
    saves: u64,
    /// The run's seed.
    #[arg(long, default_value_t = 22)]
    seed: u64,
    /// Only this game (default: every game of the list).
    #[arg(long, value_parser = PossibleValuesParser::new(cards_games::NAMES))]
    game: Option<String>,
}

/// Runs one game's census and prints it; `false` when a save became unsaveable.
fn run<G: Checked + Serialize + DeserializeOwned>(args: &Args) -> bool {
    // Every host operation of the largest table the game's default rules take.
    let largest = (1..=cards_core::MAX_SEATS)
        .rev()
        .find_map(|n| G::new(G::Rules::default(), n).ok())
        .expect("a table at the default rules");
    let mut host_ops = Vec::new();
    largest.host_ops(&mut host_ops);
    let new_game = |rng: &mut ChaCha8Rng| {
        let (rules, seats) = G::variant(&mut RngPick(rng));
        G::new(rules, seats).expect("the fuzz checks' variants are accepted")
    };
    let started = Instant::now();
    let census = mutated_save_census(
        new_game, &host_ops, args.saves, args.seed, BASE_STEPS, PLAY_STEPS,
    );
    println!(
        "{}: {census} ({:.1} s)",
        G::NAME,
        started.elapsed().as_secs_f64()
    );
    for (seed, v) in &census.failures {
        println!("  mutation seed {seed}: {v}");
    }
    census.unsaveable == 0
}

/// One game's census run, by its name in the list.
type Run = (&'static str, fn(&Args) -> bool);

fn main() -> ExitCode {
    let args = Args::parse();
    macro_rules! runs {
        ($($krate:ident::$game:ident, $name:literal, $title:literal;)*) => {
            [$(($name, run::<cards_games::$krate::$game> as fn(&Args) -> bool)),*]
        };
    }
    let games: [Run; cards_games::GAMES.len()] = cards_games::for_each_game!(runs);
    let mut ok = true;
    for (name, census) in games {
        if args.game.as_deref().is_none_or(|g| g == name) {
            ok &= census(&args);
        }
    }
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
