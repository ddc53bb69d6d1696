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
    /// Wins over finished games (`None` when no game finished).
    pub win_rate: Option<f64>,
    /// The 95 % Wilson interval of the win rate.
    pub win_rate_low: f64,
    /// Its upper end.
    pub win_rate_high: f64,
    /// The mean place (1 is best) over finished games (`None` when no game finished).
    pub average_place: Option<f64>,
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
            "{}, {} seats: {} games ({} unfinished) from seed {} in {}, {}, \
             {} steps, {}\n\
             fair share of wins: {:.1} %\n\
             slot  bot      wins  win rate   95 % interval     average place\n",
            self.game,
            self.seats,
            self.finished + self.unfinished,
            self.unfinished,
            self.seed,
            duration(self.seconds),
            rate(self.games_per_second, "games"),
            self.steps,
            rate(self.steps_per_second, "steps"),
            100.0 * self.fair_share,
        );
        for r in &self.bots {
            let (rate, place) = match (r.win_rate, r.average_place) {
                (Some(w), Some(p)) => (format!("{:>6.1} %", 100.0 * w), format!("{p:.3}")),
                _ => (format!("{:>8}", "-"), "- (no game finished)".to_string()),
            };
            out += &format!(
                "{:>4}  {:<7} {:>5}  {rate}   {:>5.1} % – {:>5.1} %   {place}\n",
                r.slot,
                r.bot,
                r.wins,
                100.0 * r.win_rate_low,
                100.0 * r.win_rate_high,
            );
        }
        if self.bots.iter().map(|r| r.wins).sum::<u64>() > self.finished {
            out += "a first place shared by several seats is a win for each of them, \
                    so the win rates add up to more than 100 %\n";
        }
        out
    }

    /// One header line and one line per slot.
    pub fn csv(&self) -> String {
        let mut out = String::from(
            "game,seats,seed,finished,unfinished,seconds,steps,slot,bot,wins,win_rate,win_rate_low,win_rate_high,average_place\n",
        );
        for r in &self.bots {
            out += &format!(
                "{},{},{},{},{},{:.3},{},{},{},{},{},{:.6},{:.6},{}\n",
                self.game,
                self.seats,
                self.seed,
                self.finished,
                self.unfinished,
                self.seconds,
                self.steps,
                r.slot,
                r.bot,
                r.wins,
                opt(r.win_rate),
                r.win_rate_low,
                r.win_rate_high,
                opt(r.average_place)
            );
        }
        out
    }
}

/// `a / b`, or `None` when there is nothing to divide by.
fn ratio(a: u64, b: u64) -> Option<f64> {
    (b > 0).then(|| a as f64 / b as f64)
}

/// A CSV field: six decimals, or empty for no value.
fn opt(x: Option<f64>) -> String {
    x.map_or_else(String::new, |x| format!("{x:.6}"))
}

/// A wall time with three significant digits: `12.3 s`, `4.56 ms`.
pub fn duration(seconds: f64) -> String {
    let (value, unit) = if seconds >= 1.0 || seconds == 0.0 {
        (seconds, "s")
    } else if seconds >= 1e-3 {
        (seconds * 1e3, "ms")
    } else {
        (seconds * 1e6, "µs")
    };
    format!("{} {unit}", three_digits(value))
}

/// `value` with three significant digits (all of its integer digits when it
/// has more), 0 as `0`.
fn three_digits(value: f64) -> String {
    let decimals = if value >= 100.0 || value == 0.0 {
        0
    } else if value >= 10.0 {
        1
    } else if value >= 1.0 {
        2
    } else {
        3
    };
    format!("{value:.decimals$}")
}

/// `per_second` things a second with three significant digits and a unit
/// that keeps the figure readable: `1.23 M steps/s`, `45.6 k steps/s`,
/// `789 games/s`, `0.420 games/s`.
pub fn rate(per_second: f64, things: &str) -> String {
    let (value, prefix) = if per_second >= 1e9 {
        (per_second / 1e9, "G ")
    } else if per_second >= 1e6 {
        (per_second / 1e6, "M ")
    } else if per_second >= 1e3 {
        (per_second / 1e3, "k ")
    } else {
        (per_second, "")
    };
    format!("{} {prefix}{things}/s", three_digits(value))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_keep_three_digits_whatever_the_speed() {
        assert_eq!(rate(12_345_678.0, "steps"), "12.3 M steps/s");
        assert_eq!(rate(4_560.0, "steps"), "4.56 k steps/s");
        assert_eq!(rate(789.4, "games"), "789 games/s");
        assert_eq!(rate(0.42, "games"), "0.420 games/s");
        assert_eq!(rate(2.5e9, "steps"), "2.50 G steps/s");
        assert_eq!(rate(0.0, "steps"), "0 steps/s");
        assert_eq!(duration(0.004_56), "4.56 ms");
        assert_eq!(duration(75.25), "75.2 s");
        assert_eq!(duration(0.000_012_3), "12.3 µs");
    }

    #[test]
    fn no_finished_game_gives_no_average_and_no_rate() {
        let tally = Tally {
            unfinished: 3,
            ..Tally::new(2)
        };
        let r = Report::new(
            "trump21",
            2,
            1,
            &["medium".into(), "random".into()],
            &tally,
            1.0,
        );
        assert_eq!(r.bots[0].average_place, None);
        assert_eq!(r.bots[0].win_rate, None);
        let text = r.text();
        assert!(text.contains("- (no game finished)"), "{text}");
        assert!(!text.contains("0.000"), "{text}");
        let csv = r.csv();
        assert!(
            csv.lines()
                .nth(1)
                .unwrap()
                .ends_with(",medium,0,,0.000000,1.000000,"),
            "{csv}"
        );
    }
}
