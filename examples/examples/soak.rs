//! Soak: many random games of every game of the list (`cards_games`), over seat counts and house-rule
//! variants, with host operations (a seat leaving, a misdeal) at random moments.
//!
//! Checked at every step: every card is in exactly one place (for Shithead, whose
//! full count costs more, the number of cards; every card at the end). After
//! every game: it ended, with a valid place for every seat, every card is in
//! exactly one place, and it saves and reloads equal through its `Setup` and
//! through JSON. A save/reload also happens at one random
//! moment mid-game, and play goes on from the reloaded state.
//!
//! ```sh
//! cargo run --release -p examples --features serde --example soak -- [--games N] [--seed S] [--game NAME]
//! cargo run --release -p examples --features serde --example soak -- --game shithead --replay GAME_SEED
//! ```
//!
//! Every game has its own seed (printed with each failure); `--replay` plays that
//! one game again, printing each step. The checks live in `fuzz-checks`, shared
//! with the fuzz targets. Exit status 1 when any game failed (known defects included).
#![forbid(unsafe_code)]

use std::process::ExitCode;
use std::time::Instant;

use cards_core::{Actor, ChaCha8Rng, Playout, SeedableRng, chance::below};
use clap::Parser;
use clap::builder::PossibleValuesParser;
use fuzz_checks::{Checked, Failure, RngPick, check_reload, check_state};

/// Steps after which a game counts as not ending.
const MAX_STEPS: usize = 10_000_000;
/// Failures printed in full per game.
const SHOWN: usize = 5;

/// Many random games of every game of the list, checked at every step.
#[derive(Debug, Parser)]
#[command(name = "soak")]
struct Args {
    /// Games per game.
    #[arg(long, default_value_t = 1_000_000)]
    games: u64,
    /// The run's seed; every game gets its own seed from it.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Only this game (default: every game of the list).
    #[arg(long, value_parser = PossibleValuesParser::new(cards_games::NAMES))]
    game: Option<String>,
    /// Play the one game with this seed again, printing every step.
    #[arg(long, requires = "game", value_name = "GAME_SEED")]
    replay: Option<u64>,
}

/// The seed of game `i` of the game with number `game` in a run seeded `seed`
/// (SplitMix64 of the three, so nearby games get unrelated seeds).
fn game_seed(seed: u64, game: u64, i: u64) -> u64 {
    let mut z = seed
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add(game << 56)
        .wrapping_add(i);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// What one game did.
#[derive(Default)]
struct Played {
    steps: u64,
    host_ops: u64,
}

/// Plays one game from `seed`: a rules variant and seat count, random play with
/// host operations mixed in, the checks. `verbose` prints every step.
fn soak_one<G: Checked>(seed: u64, verbose: bool) -> Result<Played, Failure> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (rules, seats) = G::variant(&mut RngPick(&mut rng));
    if verbose {
        println!("{} seats, rules {rules:?}", seats);
    }
    let mut g = G::new(rules.clone(), seats)
        .map_err(|e| Failure::new(format!("variant {rules:?} with {seats} seats refused: {e}")))?;
    // Half the games see host operations, each step with probability 1/150.
    let host_odds = if below(&mut rng, 2) == 0 { 150 } else { 0 };
    let reload_at = below(&mut rng, 400);
    let mut playout = Playout::new();
    let mut ops = Vec::new();
    let mut played = Played::default();
    let mut legal = Vec::new();
    for step in 0..MAX_STEPS as u64 {
        g.quick_conservation()
            .map_err(|e| Failure::new(format!("step {step}: cards not conserved: {e}")))?;
        if step == reload_at {
            g = check_reload(&g).map_err(|f| at(step, f))?;
            if verbose {
                println!("{step}: saved and reloaded");
            }
        }
        if g.actor() == Actor::Terminal {
            break;
        }
        if host_odds > 0 && below(&mut rng, host_odds) == 0 {
            g.host_ops(&mut ops);
            if ops.is_empty() {
                continue;
            }
            let op = ops[below(&mut rng, ops.len() as u64) as usize].clone();
            let result = g.host(&op);
            if verbose {
                println!(
                    "{step}: host {op}: {}",
                    if result.is_ok() { "done" } else { "refused" }
                );
            }
            if let Ok(next) = result {
                g = next;
                played.host_ops += 1;
            }
            continue;
        }
        if verbose {
            let before = g.clone();
            if !playout.step(&mut g, &mut rng) {
                return Err(Failure::new(format!("step {step}: the random step failed")));
            }
            // Find which action was played, for the log.
            before.legal_actions(&mut legal);
            let played_action = legal
                .iter()
                .find(|a| before.apply(a).ok().as_ref() == Some(&g));
            match played_action {
                Some(a) => println!("{step}: {a}"),
                None => println!("{step}: (unknown action)"),
            }
        } else if !playout.step(&mut g, &mut rng) {
            return Err(Failure::new(format!("step {step}: the random step failed")));
        }
        played.steps += 1;
    }
    if g.actor() != Actor::Terminal {
        return Err(Failure::new(format!("no end after {MAX_STEPS} steps")));
    }
    check_state(&g, &mut legal).map_err(|f| at(played.steps, f))?;
    check_reload(&g).map_err(|f| at(played.steps, f))?;
    if verbose {
        let places = examples::places_text(&g.outcome().expect("checked"), |s| s.to_string());
        println!("ended: {places}");
    }
    Ok(played)
}

fn at(step: u64, f: Failure) -> Failure {
    Failure {
        what: format!("step {step}: {}", f.what),
        ..f
    }
}

/// Runs `games` games of `G`; prints a summary; returns the number of failures.
fn soak<G: Checked>(number: u64, args: &Args) -> u64 {
    let start = Instant::now();
    let (mut steps, mut host_ops, mut known, mut new) = (0u64, 0u64, 0u64, 0u64);
    let mut kinds: Vec<(&'static str, u64)> = Vec::new();
    let mut shown = 0;
    for i in 0..args.games {
        let seed = game_seed(args.seed, number, i);
        match soak_one::<G>(seed, false) {
            Ok(p) => {
                steps += p.steps;
                host_ops += p.host_ops;
            }
            Err(f) => {
                match f.known {
                    Some(k) => {
                        known += 1;
                        match kinds.iter_mut().find(|(name, _)| *name == k) {
                            Some((_, n)) => *n += 1,
                            None => kinds.push((k, 1)),
                        }
                    }
                    None => new += 1,
                }
                if f.known.is_none() && shown < SHOWN || f.known.is_some() && known == 1 {
                    shown += usize::from(f.known.is_none());
                    let what: String = f.what.chars().take(600).collect();
                    println!(
                        "  {} game {i} failed{}: {what}\n    replay: cargo run --release -p examples --features serde --example soak -- --game {} --replay {seed}",
                        G::NAME,
                        f.known
                            .map(|k| format!(" (known: {k})"))
                            .unwrap_or_default(),
                        G::NAME
                    );
                }
            }
        }
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{:<12} games {:>9}  steps {:>12}  host ops {:>8}  failures {:>7} (new {new}, known {known})  {:.1} s  ({:.0} games/s)",
        G::NAME,
        args.games,
        steps,
        host_ops,
        new + known,
        secs,
        args.games as f64 / secs.max(1e-9)
    );
    for (k, n) in kinds {
        println!("             known defect, {n} games: {k}");
    }
    new + known
}

fn main() -> ExitCode {
    let args = Args::parse();
    type Run = (
        &'static str,
        fn(u64, &Args) -> u64,
        fn(u64, bool) -> Result<Played, Failure>,
    );
    macro_rules! runs {
        ($($krate:ident::$game:ident, $name:literal, $title:literal;)*) => {
            [$((
                $name,
                soak::<cards_games::$krate::$game> as fn(u64, &Args) -> u64,
                soak_one::<cards_games::$krate::$game> as fn(u64, bool) -> Result<Played, Failure>,
            )),*]
        };
    }
    let games: [Run; cards_games::GAMES.len()] = cards_games::for_each_game!(runs);
    if let Some(seed) = args.replay {
        let (_, _, one) = games
            .iter()
            .find(|(n, _, _)| Some(*n) == args.game.as_deref())
            .expect("clap checks the name and that --replay comes with --game");
        return match one(seed, true) {
            Ok(_) => {
                println!("game {seed}: every check passed");
                ExitCode::SUCCESS
            }
            Err(f) => {
                println!("game {seed} FAILED: {f}");
                ExitCode::FAILURE
            }
        };
    }
    println!("soak: {} games per game, seed {}", args.games, args.seed);
    let mut failures = 0;
    for (number, (name, run, _)) in games.iter().enumerate() {
        if args.game.as_deref().is_none_or(|g| g == *name) {
            failures += run(number as u64, &args);
        }
    }
    if failures == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
