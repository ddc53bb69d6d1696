//! Mutated saves: for every game, saves of reachable states (random games of
//! every seat count, host operations mixed in) changed the way a hostile or
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

use cards_core::chance::below;
use cards_core::conformance::mutate::{Census, mutated_save_census};
use cards_core::{ChaCha8Rng, Game, Save, Seat};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// Random steps played from a new game before its state is saved and mutated.
const BASE_STEPS: usize = 400;
/// Steps each accepted save is played on (saved and reloaded at every one).
const PLAY_STEPS: usize = 300;

struct Args {
    saves: u64,
    seed: u64,
    game: Option<String>,
}

fn parse_args() -> Result<Args, String> {
    let usage = "usage: mutated_saves [--saves N] [--seed S] [--game schwimmen|trump21|shithead|crazy-eights]";
    let mut a = Args {
        saves: 100_000,
        seed: 22,
        game: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let value = it
            .next()
            .ok_or_else(|| format!("{flag} needs a value; {usage}"))?;
        let number = || {
            value
                .parse::<u64>()
                .map_err(|_| format!("{flag} needs a number, not {value:?}"))
        };
        match flag.as_str() {
            "--saves" => a.saves = number()?,
            "--seed" => a.seed = number()?,
            "--game" => a.game = Some(value.clone()),
            _ => return Err(usage.to_string()),
        }
    }
    Ok(a)
}

/// A new game of `G` with a random seat count from `seats` (lowest, count).
fn any_seats<G: Game>(
    rules: G::Rules,
    lowest: u64,
    count: u64,
) -> impl FnMut(&mut ChaCha8Rng) -> G {
    move |rng| {
        let seats = (lowest + below(rng, count)) as usize;
        G::new(rules.clone(), seats).unwrap_or_else(|e| panic!("{seats} seats: {e}"))
    }
}

/// Runs one game's census and prints it; `false` when a save became unsaveable.
fn run<G: Save + Serialize + DeserializeOwned>(
    name: &str,
    args: &Args,
    new_game: impl FnMut(&mut ChaCha8Rng) -> G,
    host_ops: &[G::HostOp],
) -> bool {
    if args.game.as_deref().is_some_and(|g| g != name) {
        return true;
    }
    let started = Instant::now();
    let census: Census = mutated_save_census(
        new_game, host_ops, args.saves, args.seed, BASE_STEPS, PLAY_STEPS,
    );
    println!(
        "{name}: {census} ({:.1} s)",
        started.elapsed().as_secs_f64()
    );
    for (seed, v) in &census.failures {
        println!("  mutation seed {seed}: {v}");
    }
    census.unsaveable == 0
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let leaves = |n: u8| (0..n).map(Seat).collect::<Vec<_>>();
    let schwimmen_ops: Vec<_> = leaves(9)
        .into_iter()
        .map(schwimmen::HostOp::Leave)
        .chain([schwimmen::HostOp::Misdeal])
        .collect();
    let trump21_ops: Vec<_> = leaves(8).into_iter().map(trump21::HostOp::Leave).collect();
    let shithead_ops: Vec<_> = leaves(10).into_iter().map(shithead::Leave).collect();
    let special = crazy_eights::Rules {
        use_special_cards: true,
        ..crazy_eights::Rules::default()
    };
    let ok = [
        run(
            "schwimmen",
            &args,
            any_seats::<schwimmen::Schwimmen>(Default::default(), 2, 8),
            &schwimmen_ops,
        ),
        run(
            "trump21",
            &args,
            any_seats::<trump21::Trump21>(Default::default(), 2, 7),
            &trump21_ops,
        ),
        run(
            "shithead",
            &args,
            any_seats::<shithead::Shithead>(Default::default(), 2, 9),
            &shithead_ops,
        ),
        run(
            "crazy-eights",
            &args,
            any_seats::<crazy_eights::CrazyEights>(special, 2, 9),
            &[],
        ),
    ];
    if ok.iter().all(|&k| k) {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
