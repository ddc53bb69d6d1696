//! A tournament's report as a table, JSON or CSV.

use serde::Serialize;

use crate::stats::{Tally, wilson};

/// Everything the report says.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// The game's name.
    pub game: String,
    /// Seats at the table.
    pub seats: usize,
    /// The first game's seed.
    pub seed: u64,
    /// Games played to the end.
    pub finished: u64,
    /// Games given up at the action budget.
    pub unfinished: u64,
    /// Wall time in seconds.
    pub seconds: f64,
    /// Games per second.
    pub games_per_second: f64,
    /// Steps played (player actions, chance steps and host operations).
    pub steps: u64,
    /// Steps per second: comparable with the random-game benches, whatever
    /// the games' lengths.
    pub steps_per_second: f64,
    /// A win rate every bot would have if all were equal.
    pub fair_share: f64,
    /// One row per bot slot.
    pub bots: Vec<BotRow>,
}

/// One bot slot's results.
#[derive(Clone, Debug, Serialize)]
pub struct BotRow {
    /// The slot, from 0.
    pub slot: usize,
    /// The bot's name.
    pub bot: String,
    /// First places, shared ones included.
    pub wins: u64,
    /// Wins over finished games.
    pub win_rate: f64,
    /// The 95 % Wilson interval of the win rate.
    pub win_rate_low: f64,
    /// Its upper end.
    pub win_rate_high: f64,
    /// The mean place (1 is best).
    pub average_place: f64,
}

impl Report {
    /// The report of `tally` for the named bots.
    pub fn new(
        game: &str,
        seats: usize,
        seed: u64,
        bots: &[String],
        tally: &Tally,
        seconds: f64,
    ) -> Report {
        let n = tally.finished;
        let games = (tally.finished + tally.unfinished) as f64;
        Report {
            game: game.to_string(),
            seats,
            seed,
            finished: n,
            unfinished: tally.unfinished,
            seconds,
            games_per_second: if seconds > 0.0 { games / seconds } else { 0.0 },
            steps: tally.steps,
            steps_per_second: if seconds > 0.0 {
                tally.steps as f64 / seconds
            } else {
                0.0
            },
            fair_share: 1.0 / seats as f64,
            bots: bots
                .iter()
                .enumerate()
                .map(|(slot, bot)| {
                    let (low, high) = wilson(tally.wins[slot], n);
                    BotRow {
                        slot,
                        bot: bot.clone(),
                        wins: tally.wins[slot],
                        win_rate: ratio(tally.wins[slot], n),
                        win_rate_low: low,
                        win_rate_high: high,
                        average_place: ratio(tally.place_sum[slot], n),
                    }
                })
                .collect(),
        }
    }

    /// A table for people.
    pub fn text(&self) -> String {
        let mut out = format!(
            "{}, {} seats: {} games ({} unfinished) from seed {} in {:.2} s, {:.0} games/s, \
             {} steps, {:.2} M steps/s\n\
             fair share of wins: {:.1} %\n\
             slot  bot      wins  win rate   95 % interval     average place\n",
            self.game,
            self.seats,
            self.finished + self.unfinished,
            self.unfinished,
            self.seed,
            self.seconds,
            self.games_per_second,
            self.steps,
            self.steps_per_second / 1e6,
            100.0 * self.fair_share,
        );
        for r in &self.bots {
            out += &format!(
                "{:>4}  {:<7} {:>5}  {:>6.1} %   {:>5.1} % – {:>5.1} %   {:.3}\n",
                r.slot,
                r.bot,
                r.wins,
                100.0 * r.win_rate,
                100.0 * r.win_rate_low,
                100.0 * r.win_rate_high,
                r.average_place,
            );
        }
        out
    }

    /// One header line and one line per slot.
    pub fn csv(&self) -> String {
        let mut out = String::from(
            "game,seats,seed,finished,unfinished,seconds,slot,bot,wins,win_rate,win_rate_low,win_rate_high,average_place\n",
        );
        for r in &self.bots {
            out += &format!(
                "{},{},{},{},{},{:.3},{},{},{},{:.6},{:.6},{:.6},{:.6}\n",
                self.game,
                self.seats,
                self.seed,
                self.finished,
                self.unfinished,
                self.seconds,
                r.slot,
                r.bot,
                r.wins,
                r.win_rate,
                r.win_rate_low,
                r.win_rate_high,
                r.average_place
            );
        }
        out
    }
}

fn ratio(a: u64, b: u64) -> f64 {
    if b == 0 { 0.0 } else { a as f64 / b as f64 }
}
