//! Seeded tournaments: many games between bots, in parallel, with totals that
//! do not depend on the thread count.

use cards_core::Table;
use indicatif::{ParallelProgressIterator, ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::games::CliGame;
use crate::stats::Tally;

/// What to play.
#[derive(Clone, Debug)]
pub struct Plan<R> {
    /// The game's name on the command line.
    pub game: &'static str,
    /// The rules every game is played by.
    pub rules: R,
    /// Seats at the table; one bot per seat.
    pub seats: usize,
    /// Games to play.
    pub games: u64,
    /// Game `i` is dealt from `seed + i`.
    pub seed: u64,
    /// Bot names by slot; slot `j` sits at seat `(j + i) % seats` in game `i`,
    /// so every bot plays every seat equally often.
    pub bots: Vec<String>,
    /// Player actions after which a game is given up as unfinished.
    pub max_actions: usize,
}

/// A rayon job's table, made for its first game and restarted for the next.
type Spare<G> = Option<Box<Table<G>>>;

/// The most pieces a run is cut into. Rayon cuts a range only as far as
/// it needs to keep the threads busy at first, so one thread can be left
/// playing a long last piece alone while the others wait (in a 500-game
/// run of the hard Shithead bot on two threads, one thread idled after
/// 2 of the run's 20 CPU minutes). A piece of at most 1/256 of the games
/// bounds that wait, and still lets each piece use one table for many
/// cheap games.
const MAX_PIECES: usize = 256;

/// Plays `plan` on the current rayon pool and returns the tally; `progress`
/// shows a bar on standard error.
///
/// # Errors
/// A message when a bot name is unknown for this game or a game cannot be set up.
pub fn run<G: CliGame>(plan: &Plan<G::Rules>, progress: bool) -> Result<Tally, String>
where
    G::Rules: Serialize + DeserializeOwned + Send + Sync,
{
    if plan.bots.len() != plan.seats {
        return Err(format!(
            "--bots names {} for {}: name one bot per seat, comma-separated \
             (random, easy, medium, hard or learned), or leave --bots out",
            count(plan.bots.len(), "bot"),
            count(plan.seats, "seat"),
        ));
    }
    for name in &plan.bots {
        if G::bot(name, &plan.rules).is_none() {
            return Err(format!("{} has no bot called {name:?}", plan.game));
        }
    }
    let bar = if progress {
        ProgressBar::new(plan.games).with_style(
            ProgressStyle::with_template("{bar:40} {pos}/{len} games, {per_sec}, {eta} left")
                .expect("a fixed template"),
        )
    } else {
        ProgressBar::hidden()
    };
    // Each rayon job keeps one table and one tally for all its games (the
    // table boxed, so that passing the pair along does not copy it).
    let games = usize::try_from(plan.games).map_err(|_| "too many games for this machine")?;
    let tally = (0..games)
        .into_par_iter()
        .with_max_len(games.div_ceil(MAX_PIECES).max(1))
        .progress_with(bar)
        .fold(
            || Ok((Tally::new(plan.seats), None)),
            |acc: Result<(Tally, Spare<G>), String>, i| {
                let (mut tally, mut table) = acc?;
                play_one::<G>(plan, i as u64, &mut table, &mut tally)?;
                Ok((tally, table))
            },
        )
        .map(|acc| acc.map(|(tally, _)| tally))
        .reduce(|| Ok(Tally::new(plan.seats)), |a, b| Ok(a?.merge(b?)))?;
    Ok(tally)
}

/// Plays game `i` of the plan on `table` (made on first use, restarted
/// after) and adds its result to `tally`.
fn play_one<G: CliGame>(
    plan: &Plan<G::Rules>,
    i: u64,
    table: &mut Spare<G>,
    tally: &mut Tally,
) -> Result<(), String>
where
    G::Rules: Serialize + DeserializeOwned + Send + Sync,
{
    let n = plan.seats;
    let shift = (i % n as u64) as usize;
    // Seat s holds slot (s - shift) mod n's bot.
    let mut bots = Vec::with_capacity(n);
    for seat in 0..n {
        let name = &plan.bots[(seat + n - shift) % n];
        bots.push(G::bot(name, &plan.rules).ok_or("every slot has a bot")?);
    }
    let start = G::new(plan.rules.clone(), n).map_err(|e| e.to_string())?;
    let seed = plan.seed.wrapping_add(i);
    let table = match table {
        Some(table) => {
            table.restart(start, seed);
            table
        }
        None => table.insert(Box::new(Table::from_state(start, seed))),
    };
    let outcome = table
        .play_bots(&mut bots, plan.max_actions)
        .map_err(|e| format!("game {i}: {e}"))?;
    tally.steps += table.log().len() as u64;
    match outcome {
        None => tally.unfinished += 1,
        Some(o) => {
            tally.finished += 1;
            for j in 0..n {
                let place = o.places()[(j + shift) % n];
                tally.wins[j] += u64::from(place == 1);
                tally.place_sum[j] += u64::from(place);
            }
        }
    }
    Ok(())
}

/// `1 bot`, `2 bots`.
fn count(n: usize, thing: &str) -> String {
    if n == 1 {
        format!("1 {thing}")
    } else {
        format!("{n} {thing}s")
    }
}
