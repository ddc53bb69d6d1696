//! Property tests: the cards-core conformance suite, with card conservation (C1)
//! checked at every step of its walks.

use cards_core::testing::Suite;
use cards_core::{Card, Game, Suit};
use crazy_eights::{Action, CrazyEights, Rules, Scoring};
use proptest::prelude::*;

use crate::common::conserved;

/// Any rules, with small limits often so that C10, C12.2 and C12.3 come up.
pub(crate) fn any_rules() -> impl Strategy<Value = Rules> {
    (
        prop_oneof![Just(5u8), 1u8..4],
        prop_oneof![Just(100u16), 1u16..40, Just(400u16)],
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(
            |(max_draw_cards, max_turns, use_special_cards, reshuffle, face)| Rules {
                max_draw_cards,
                max_turns,
                use_special_cards,
                reshuffle,
                scoring: if face {
                    Scoring::FaceValue
                } else {
                    Scoring::CardIndex
                },
            },
        )
}

/// Actions that are never or rarely legal, tried at every state.
fn extras() -> Vec<Action> {
    let c = |s: &str| s.parse::<Card>().expect("a card");
    vec![
        Action::Draw,
        Action::Pass,
        Action::Nominate(Suit::Hearts),
        Action::Play(c("8S")),
        Action::Play(c("2C")),
        Action::Deal(c("AS")),
        Action::Dealer(cards_core::Seat(9)),
    ]
}

/// The cards-core conformance suite, with card conservation (C1) at every step.
fn suite() -> Suite<CrazyEights> {
    let start = (any_rules(), 2usize..=10)
        .prop_map(|(rules, n)| CrazyEights::new(rules, n).expect("valid rules"));
    let chosen = (any_rules(), 2usize..=7)
        .prop_map(|(rules, n)| CrazyEights::new(rules, n).expect("valid rules"));
    Suite::new("tests/crazy_eights/props.proptest-regressions", start)
        .extras(extras())
        .max_steps(100_000)
        .choices_from(chosen, 300)
        .determinize_every(7)
        .invariant(|before, _, after| {
            if conserved(before) && conserved(after) {
                Ok(())
            } else {
                Err("C1: a card is lost or doubled".into())
            }
        })
}

cards_core::conformance_tests!(suite());
