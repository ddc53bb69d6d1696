//! Property tests: the cards-core conformance suite, with card conservation (R1)
//! at every step of its walks and the game's length bound (R11) at the end.

use cards_core::testing::Suite;
use cards_core::{Card, Game};
use hearts::{Action, Hearts, PassDir, Rules};
use proptest::prelude::*;

use crate::common::conserved;

/// Any of the 256 parameter sets.
pub fn any_rules() -> impl Strategy<Value = Rules> {
    any::<[bool; 8]>().prop_map(|b| Rules {
        pass_cards: b[0],
        no_pts_on_first_trick: b[1],
        can_lead_any_club: b[2],
        jd_bonus: b[3],
        avoid_all_tricks_bonus: b[4],
        must_break_hearts: b[5],
        qs_breaks_hearts: b[6],
        can_lead_hearts_instead_of_qs: b[7],
    })
}

/// Actions that are never or rarely legal, tried at every state.
fn extras() -> Vec<Action> {
    let c = |s: &str| s.parse::<Card>().expect("a card");
    vec![
        Action::Direction(PassDir::Right),
        Action::Deal(c("2C")),
        Action::Pass(c("QS")),
        Action::Play(c("2C")),
        Action::Play(c("AH")),
        Action::Play(c("QS")),
    ]
}

/// The cards-core conformance suite under every parameter set: card
/// conservation (R1) at every step, and every game over within 117 steps (R11).
fn suite() -> Suite<Hearts> {
    let start = any_rules().prop_map(|rules| Hearts::new(rules, 4).expect("valid rules"));
    let chosen = any_rules().prop_map(|rules| Hearts::new(rules, 4).expect("valid rules"));
    Suite::new("tests/hearts/props.proptest-regressions", start)
        .extras(extras())
        .max_steps(200)
        .choices_from(chosen, 130)
        .determinize_every(5)
        .invariant(|before, _, after| {
            if conserved(before) && conserved(after) {
                Ok(())
            } else {
                Err("R1: a card is lost or doubled".into())
            }
        })
        .end_check(|walk| match walk.outcome {
            Some(_) if walk.log.len() <= 117 => Ok(()),
            Some(_) => Err(format!("R11: {} steps, at most 117", walk.log.len())),
            None => Err("R11: the game did not end".into()),
        })
}

cards_core::conformance_tests!(suite());
