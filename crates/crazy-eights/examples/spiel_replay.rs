//! Replays a trace of OpenSpiel `crazy_eights` games (written by
//! `diff/openspiel_diff.py`) in this crate and compares every step: the player
//! to act, the legal actions (through `Action::spiel_id`), the chance outcomes
//! with their probabilities, and the final returns.
//!
//! `cargo run --release -p crazy-eights --example spiel_replay -- trace.txt`
//! prints `games G steps S disagreements D` and exits with 1 on any disagreement.

use std::io::{BufRead, BufReader};
use std::process::ExitCode;

use cards_core::{Actor, Game, Seat};
use crazy_eights::{Action, CrazyEights, Rules};

/// Compares one trace line with the state, then applies the chosen action.
fn step(g: &mut CrazyEights, line: &str) -> Result<(), String> {
    let mut words = line.split(' ');
    let kind = words.next().unwrap_or_default();
    let num = |w: Option<&str>| -> Result<i64, String> {
        w.ok_or("short line")?
            .parse::<i64>()
            .map_err(|e| e.to_string())
    };
    let chance = kind == "chance";
    let (player, chosen) = if chance {
        (-1, num(words.next())?)
    } else {
        (num(words.next())?, num(words.next())?)
    };
    let listed = words.next().unwrap_or_default();
    let actor = match g.actor() {
        Actor::Chance => -1,
        Actor::Player(s) => i64::from(s.0),
        Actor::Terminal => -4,
    };
    if actor != player {
        return Err(format!("actor: OpenSpiel {player}, here {actor}"));
    }
    if chance {
        let mut outs = Vec::new();
        g.chance_outcomes(&mut outs);
        let total: u32 = outs.iter().map(|(_, w)| w).sum();
        let mine: Vec<(u32, f64)> = outs
            .iter()
            .map(|(a, w)| (a.spiel_id(), f64::from(*w) / f64::from(total)))
            .collect();
        let theirs: Vec<(u32, f64)> = listed
            .split(',')
            .map(|p| {
                let (a, pr) = p.split_once(':').unwrap_or_default();
                (
                    a.parse().unwrap_or(u32::MAX),
                    pr.parse().unwrap_or(f64::NAN),
                )
            })
            .collect();
        let same = mine.len() == theirs.len()
            && mine
                .iter()
                .zip(&theirs)
                .all(|(m, t)| m.0 == t.0 && (m.1 - t.1).abs() < 1e-9);
        if !same {
            return Err(format!(
                "chance outcomes: OpenSpiel {theirs:?}, here {mine:?}"
            ));
        }
    } else {
        let mut legal = Vec::new();
        g.legal_actions(&mut legal);
        let mine: Vec<u32> = legal.iter().map(|a| a.spiel_id()).collect();
        let theirs: Vec<u32> = listed
            .split(',')
            .map(|a| a.parse().unwrap_or(u32::MAX))
            .collect();
        if mine != theirs {
            return Err(format!(
                "legal actions: OpenSpiel {theirs:?}, here {mine:?}"
            ));
        }
    }
    let a = Action::from_spiel_id(chosen as u32, chance).ok_or("unknown id")?;
    g.apply_mut(&a).map_err(|e| format!("{a} refused: {e}"))
}

fn main() -> ExitCode {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: spiel_replay <trace file>");
        return ExitCode::from(2);
    };
    let file = match std::fs::File::open(&path) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("{path}: {e}");
            return ExitCode::from(2);
        }
    };
    let (mut games, mut steps, mut bad) = (0u64, 0u64, 0u64);
    let mut game: Option<(String, CrazyEights)> = None;
    let mut failed = false;
    for (no, line) in BufReader::new(file).lines().enumerate() {
        let Ok(line) = line else { break };
        let mut report = |what: String, head: &str| {
            bad += 1;
            if bad <= 10 {
                eprintln!("line {}: {head}: {what}", no + 1);
            }
        };
        if let Some(rest) = line.strip_prefix("game ") {
            let mut rules = Rules::default();
            let mut players = 0;
            for kv in rest.split(' ').skip(1) {
                let (k, v) = kv.split_once('=').unwrap_or_default();
                let v: u64 = v.parse().unwrap_or(0);
                match k {
                    "players" => players = v as usize,
                    "max_draw_cards" => rules.max_draw_cards = v as u8,
                    "max_turns" => rules.max_turns = v as u16,
                    "use_special_cards" => rules.use_special_cards = v == 1,
                    "reshuffle" => rules.reshuffle = v == 1,
                    _ => {}
                }
            }
            games += 1;
            failed = false;
            match CrazyEights::new(rules, players) {
                Ok(g) => game = Some((line.clone(), g)),
                Err(e) => {
                    report(e.to_string(), &line);
                    game = None;
                }
            }
            continue;
        }
        let Some((head, g)) = game.as_mut() else {
            continue;
        };
        if failed {
            continue;
        }
        if let Some(rest) = line.strip_prefix("end ") {
            let theirs: Vec<f64> = rest
                .split(' ')
                .map(|r| r.parse().unwrap_or(f64::NAN))
                .collect();
            let mine: Option<Vec<f64>> = g.returns().map(|r| {
                (0..g.seats())
                    .map(|s| f64::from(r[Seat(s as u8)]))
                    .collect()
            });
            if mine.as_ref() != Some(&theirs) {
                report(
                    format!("returns: OpenSpiel {theirs:?}, here {mine:?}"),
                    head,
                );
            }
            continue;
        }
        steps += 1;
        if let Err(e) = step(g, &line) {
            report(e, head);
            failed = true;
        }
    }
    println!("games {games} steps {steps} disagreements {bad}");
    if bad == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
