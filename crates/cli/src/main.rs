//! `cards`: seeded tournaments between bots for every card-rules game.
//!
//! ```text
//! cards --game schwimmen --seats 4 --games 2000 --bots medium,random,random,random
//! cards --game trump21 --seats 2 --bots medium,random --rule round_limit=50 --json
//! ```
//!
//! Game `i` is dealt from `seed + i` and bot slot `j` sits at seat
//! `(j + i) % seats`, so the totals depend on the seed alone, never on the
//! thread count; games run in parallel on every core.
#![forbid(unsafe_code)]

mod games;
mod report;
mod stats;
mod tournament;

use std::process::ExitCode;
use std::time::Instant;

use clap::builder::{PossibleValue, PossibleValuesParser};
use clap::{Parser, ValueEnum};
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::games::{BOT_NAMES, CliGame, rules_with};
use crate::report::Report;
use crate::tournament::{Plan, run};

/// How to print the results.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Format {
    /// A table for people.
    Text,
    /// One JSON object.
    Json,
    /// CSV, one line per bot slot.
    Csv,
}

/// The most worker threads `--threads` takes ([`cards_games::MAX_THREADS`],
/// as clap's range takes it).
const MAX_THREADS: i64 = cards_games::MAX_THREADS as i64;

/// Plays seeded games between bots and reports win rates with 95 % intervals.
#[derive(Debug, Parser)]
#[command(name = "cards", version)]
struct Args {
    /// The game.
    #[arg(long, value_parser = game_names())]
    game: String,
    /// Seats at the table [default: the game's own, as --game lists].
    #[arg(long)]
    seats: Option<usize>,
    /// Games to play (at least 1).
    #[arg(long, default_value_t = 1_000, value_parser = clap::value_parser!(u64).range(1..))]
    games: u64,
    /// Seed of the first game; game i uses seed + i.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// One bot per seat, comma-separated: random, easy, medium, hard or learned
    /// (default: medium at seat 0, random elsewhere).
    #[arg(long, value_delimiter = ',')]
    bots: Vec<String>,
    /// A house rule as name=value (the rules' JSON field names); repeatable.
    #[arg(long = "rule")]
    rules: Vec<String>,
    /// Worker threads, 1 to 256 (default: one per core).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=MAX_THREADS))]
    threads: Option<u16>,
    /// Player actions after which a game counts as unfinished (at least 1).
    #[arg(long, default_value_t = 1_000_000, value_parser = clap::value_parser!(u64).range(1..))]
    max_actions: u64,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Shorthand for --format json.
    #[arg(long, conflicts_with_all = ["format", "csv"])]
    json: bool,
    /// Shorthand for --format csv.
    #[arg(long, conflicts_with = "format")]
    csv: bool,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
}

/// The games of the list, each with its title and seat counts for `--help`.
fn game_names() -> PossibleValuesParser {
    PossibleValuesParser::new(cards_games::GAMES.iter().map(|g| {
        let help = match cards_games::AnyTable::seat_limits(g.name) {
            Some([low, _, high]) if low == high => format!("{}, {low} seats", g.title),
            Some([low, default, high]) => {
                format!("{}, {low} to {high} seats, {default} by default", g.title)
            }
            None => g.title.to_string(),
        };
        PossibleValue::new(g.name).help(help)
    }))
}

/// Runs the tournament of the game named in `args` (one of the list's names,
/// which clap has checked).
fn dispatch(args: &Args) -> Result<String, String> {
    macro_rules! by_name {
        ($($krate:ident::$game:ident, $name:literal, $title:literal;)*) => {
            match args.game.as_str() {
                $($name => tournament::<cards_games::$krate::$game>(
                    $name,
                    args.seats.unwrap_or(cards_games::$krate::DEFAULT_SEATS),
                    args,
                ),)*
                other => Err(format!(
                    "unknown game {other:?}; the games are {}",
                    cards_games::names_in_words()
                )),
            }
        };
    }
    cards_games::for_each_game!(by_name)
}

fn main() -> ExitCode {
    let args = Args::parse();
    let result = dispatch(&args);
    match result {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("cards: {e}");
            ExitCode::from(2)
        }
    }
}

fn tournament<G: CliGame>(name: &'static str, seats: usize, args: &Args) -> Result<String, String>
where
    G::Rules: Serialize + DeserializeOwned + Send + Sync,
{
    let rules: G::Rules = rules_with(&args.rules)?;
    // The seat count first: the default bot list has one name per seat.
    G::new(rules.clone(), seats).map_err(|e| e.to_string())?;
    let bots: Vec<String> = if args.bots.is_empty() {
        (0..seats)
            .map(|s| if s == 0 { "medium" } else { "random" }.to_string())
            .collect()
    } else {
        args.bots.iter().map(|b| b.trim().to_lowercase()).collect()
    };
    for b in &bots {
        if !BOT_NAMES.contains(&b.as_str()) {
            return Err(format!(
                "unknown bot {b:?}; bots are {}",
                BOT_NAMES.join(", ")
            ));
        }
    }
    let plan = Plan {
        game: name,
        rules,
        seats,
        games: args.games,
        seed: args.seed,
        bots,
        max_actions: usize::try_from(args.max_actions).unwrap_or(usize::MAX),
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.map_or(0, usize::from))
        .build()
        .map_err(|e| e.to_string())?;
    let started = Instant::now();
    let tally = pool.install(|| run::<G>(&plan, !args.quiet))?;
    let report = Report::new(
        name,
        plan.seats,
        plan.seed,
        &plan.bots,
        &tally,
        started.elapsed().as_secs_f64(),
    );
    let format = if args.json {
        Format::Json
    } else if args.csv {
        Format::Csv
    } else {
        args.format
    };
    Ok(match format {
        Format::Text => report.text(),
        Format::Json => serde_json::to_string_pretty(&report).map_err(|e| e.to_string())? + "\n",
        Format::Csv => report.csv(),
    })
}
