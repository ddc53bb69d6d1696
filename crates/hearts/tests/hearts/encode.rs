//! R14: the `Encode` ids, masks and tensors, with cards-core's encoding checks.

use cards_core::testing::EncodingSuite;
use cards_core::{Encode, Game, Viewer};
use hearts::{Action, Hearts, PassDir, Rules};
use proptest::prelude::*;

use crate::common::{card, dealt};
use crate::props::any_rules;

#[test]
fn r14_encoding_ids_name_one_action_each() {
    let r = Rules::default();
    assert_eq!(
        Hearts::action_id(&r, 4, &Action::Pass(card("QS")), false),
        Some(43)
    );
    assert_eq!(
        Hearts::action_id(&r, 4, &Action::Play(card("QS")), false),
        Some(95)
    );
    assert_eq!(
        Hearts::action_id(&r, 4, &Action::Deal(card("2C")), true),
        Some(4)
    );
    assert_eq!(
        Hearts::action_id(&r, 4, &Action::Play(card("2C")), true),
        None
    );
    let g = dealt(r, PassDir::Left, ["QS", "", "", ""]);
    let shape = Hearts::shape(&r, 4);
    let mut out = vec![f32::NAN; shape.observation];
    Hearts::encode_view(
        &r,
        4,
        &g.observe(Viewer::Seat(cards_core::Seat(0))),
        &mut out,
    );
    assert_eq!(
        out.iter().filter(|&&x| x == 1.0).count(),
        4 + 13 + 4,
        "phase, direction, seat, turn, hand, four full hands"
    );
}

#[test]
fn r14_encoding_ids_past_the_space_name_no_action() {
    let r = Rules::default();
    // 52 + 2^32 + 5 once wrapped onto 52 + 5, the id of `play 3D`.
    if let Ok(huge) = usize::try_from(52 + (1u64 << 32) + 5) {
        assert_eq!(Hearts::action_from_id(&r, 4, huge, false), None);
        assert_eq!(Hearts::action_from_id(&r, 4, huge - 52 + 4, true), None);
    }
    assert_eq!(Hearts::action_from_id(&r, 4, usize::MAX, false), None);
    assert_eq!(Hearts::action_from_id(&r, 4, usize::MAX, true), None);
    assert_eq!(Hearts::action_from_id(&r, 4, 104, false), None);
    assert_eq!(Hearts::action_from_id(&r, 4, 56, true), None);
    assert_eq!(
        Hearts::action_from_id(&r, 4, 57, false),
        Some(Action::Play(card("3D")))
    );
}

/// cards-core's encoding checks: at every state of random games under any of
/// the 256 parameter sets (ids, the legal mask, the shape, re-dealt tensors),
/// and over both id spaces whole.
fn encoding_suite() -> EncodingSuite<Hearts> {
    let start = any_rules().prop_map(|rules| Hearts::new(rules, 4).expect("valid rules"));
    let id_rules = [true, false]
        .map(|pass_cards| Rules {
            pass_cards,
            ..Rules::default()
        })
        .to_vec();
    EncodingSuite::new("", start, id_rules, 4..=4).max_steps(200)
}

cards_core::encoding_tests!(encoding_suite());
