//! Replays a trace of OpenSpiel `hearts` games (written by
//! `.ci/openspiel/trace.py` from `diff/openspiel.json`) in this crate and
//! compares every step: the player to act, the legal actions (as sets of
//! OpenSpiel ids: this crate lists cards suit by suit, OpenSpiel rank by rank,
//! R14), the chance outcomes with their probabilities, and the final returns
//! (`cards_core::openspiel`).
//!
//! `cargo run --release -p hearts --example hearts-spiel-replay -- trace.txt`
//! prints `games G steps S disagreements D` and exits with 1 on any disagreement.

use std::process::ExitCode;

use cards_core::Game;
use cards_core::openspiel::{SpielMap, number, replay_main};
use hearts::{Action, Hearts, Rules};

/// The game of a trace's parameters (OpenSpiel's names, all booleans).
fn new(params: &[(&str, &str)]) -> Result<Hearts, String> {
    let mut r = Rules::default();
    for &(k, v) in params {
        let on = number(k, v)? == 1;
        match k {
            "pass_cards" => r.pass_cards = on,
            "no_pts_on_first_trick" => r.no_pts_on_first_trick = on,
            "can_lead_any_club" => r.can_lead_any_club = on,
            "jd_bonus" => r.jd_bonus = on,
            "avoid_all_tricks_bonus" => r.avoid_all_tricks_bonus = on,
            "must_break_hearts" => r.must_break_hearts = on,
            "qs_breaks_hearts" => r.qs_breaks_hearts = on,
            "can_lead_hearts_instead_of_qs" => r.can_lead_hearts_instead_of_qs = on,
            _ => return Err(format!("unknown parameter {k}")),
        }
    }
    Hearts::new(r, 4).map_err(|e| e.to_string())
}

fn main() -> ExitCode {
    replay_main(&SpielMap {
        new,
        id: |a: &Action| a.spiel_id(),
        action: |g: &Hearts, id, _| g.spiel_action(id),
        returns: |g: &Hearts| {
            g.returns()
                .map(|r| r.as_slice().iter().map(|&v| f64::from(v)).collect())
        },
        same_order: false,
    })
}
