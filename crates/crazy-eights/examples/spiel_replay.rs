//! Replays a trace of OpenSpiel `crazy_eights` games (written by
//! `.ci/openspiel/trace.py` from `diff/openspiel.json`) in this crate and
//! compares every step: the player to act, the legal actions (through the
//! `Encode` ids, which are OpenSpiel's, in OpenSpiel's order), the chance outcomes with their
//! probabilities, and the final returns (`cards_core::openspiel`).
//!
//! `cargo run --release -p crazy-eights --example crazy-eights-spiel-replay -- trace.txt`
//! prints `games G steps S disagreements D` and exits with 1 on any disagreement.

use std::process::ExitCode;

use cards_core::openspiel::{SpielMap, number, replay_main};
use cards_core::{Encode, Game, MAX_SEATS, Seat};
use crazy_eights::{Action, CrazyEights, Rules};

/// The game of a trace's parameters (OpenSpiel's names).
fn new(params: &[(&str, &str)]) -> Result<CrazyEights, String> {
    let mut rules = Rules::default();
    let mut players = 0;
    for &(k, v) in params {
        let v = number(k, v)?;
        match k {
            "players" => players = v as usize,
            // Past this crate's ranges (a decision, C2) the set cannot be
            // replayed: said, rather than cut to the type's width.
            "max_draw_cards" => {
                rules.max_draw_cards =
                    u8::try_from(v).map_err(|_| format!("{k}={v} is past 255 here (C2)"))?;
            }
            "max_turns" => {
                rules.max_turns =
                    u16::try_from(v).map_err(|_| format!("{k}={v} is past 65,535 here (C2)"))?;
            }
            "use_special_cards" => rules.use_special_cards = v == 1,
            "reshuffle" => rules.reshuffle = v == 1,
            _ => return Err(format!("unknown parameter {k}")),
        }
    }
    CrazyEights::new(rules, players).map_err(|e| e.to_string())
}

fn main() -> ExitCode {
    replay_main(&SpielMap {
        new,
        // The ids of `Encode` (what the Python bindings and learning agents
        // use), which do not depend on the rules; `u32::MAX` for none.
        id: |a: &Action| {
            CrazyEights::action_id(&Rules::default(), MAX_SEATS, a, a.is_chance())
                .map_or(u32::MAX, |id| id as u32)
        },
        action: |g, id, chance| {
            CrazyEights::action_from_id(g.rules(), g.seats(), id as usize, chance)
        },
        returns: |g: &CrazyEights| {
            g.returns().map(|r| {
                (0..g.seats())
                    .map(|s| f64::from(r[Seat(s as u8)]))
                    .collect()
            })
        },
        same_order: true,
    })
}
