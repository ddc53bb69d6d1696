//! R14: the `Encode` ids, masks and tensors, with cards-core's encoding checks.

use cards_core::conformance::{check_encoding_along_random_game, check_id_spaces};
use cards_core::{Encode, Game, Viewer};
use hearts::{Action, Hearts, PassDir, Rules};
use proptest::prelude::*;

use crate::common::{card, dealt};

#[test]
fn r14_encoding_ids_name_one_action_each() {
    for pass_cards in [true, false] {
        let rules = Rules {
            pass_cards,
            ..Rules::default()
        };
        check_id_spaces::<Hearts>(&rules, 4).expect("whole id spaces");
    }
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

proptest! {
    /// R14: at every state of random games, ids map back, the mask marks the
    /// legal ids, and tensors are finite and unchanged by re-deals.
    #[test]
    fn r14_encoding_holds_along_random_games(seed in any::<u64>(), bits in any::<u8>()) {
        let b = |i: u8| bits >> i & 1 == 1;
        let rules = Rules {
            pass_cards: b(0),
            no_pts_on_first_trick: b(1),
            can_lead_any_club: b(2),
            jd_bonus: b(3),
            avoid_all_tricks_bonus: b(4),
            must_break_hearts: b(5),
            qs_breaks_hearts: b(6),
            can_lead_hearts_instead_of_qs: b(7),
        };
        let g = Hearts::new(rules, 4).expect("valid");
        let steps = check_encoding_along_random_game(&g, seed, 200);
        prop_assert!(steps.is_ok(), "{}", steps.unwrap_err());
    }
}
