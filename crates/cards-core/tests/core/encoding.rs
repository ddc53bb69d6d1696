//! The encoding checks on the toy game: they pass on its sound encoding and
//! catch shared ids, a wrong mask and tensors that read hidden cards.

use cards_core::conformance::{
    check_encoding, check_encoding_along_log, check_encoding_along_random_game, check_id_spaces,
    check_walk_with_host,
};
use cards_core::{Game, Leave, Table};
use proptest::prelude::*;

use crate::common::toy;
use crate::toy::{Bug, Toy, ToyAction, ToyRules};

proptest! {
    #[test]
    fn toy_encodings_keep_their_promises_along_walks(
        seed in any::<u64>(), choices in prop::collection::vec(any::<u32>(), 0..30)
    ) {
        let mut g = toy(3, Bug::None);
        for (i, c) in choices.iter().enumerate() {
            let checked = check_encoding(&g, seed, i);
            prop_assert!(checked.is_ok(), "{}", checked.unwrap_err());
            let mut legal = Vec::new();
            g.legal_actions(&mut legal);
            if legal.is_empty() {
                break;
            }
            g = g.apply(&legal[*c as usize % legal.len()]).unwrap();
        }
    }
}

#[test]
fn the_encoding_checks_pass_along_games_logs_and_whole_id_spaces() {
    for seats in 2..=3 {
        assert_eq!(check_id_spaces::<Toy>(&ToyRules::plain(), seats), Ok(()));
        for seed in 0..20 {
            let start = toy(seats, Bug::None);
            let steps = check_encoding_along_random_game(&start, seed, 100);
            assert!(steps.as_ref().is_ok_and(|&n| n >= seats), "{steps:?}");
            let leaves: Vec<Leave> = (0..seats)
                .map(|s| Leave(cards_core::Seat(s as u8)))
                .collect();
            let walk = check_walk_with_host(&start, seed, 100, &[], &leaves).unwrap();
            assert_eq!(check_encoding_along_log(&start, &walk.log, seed), Ok(()));
        }
    }
}

#[test]
fn an_id_claimed_by_both_spaces_is_caught() {
    let shared = ToyRules {
        bug: Bug::SharedIds,
        ..ToyRules::plain()
    };
    assert_eq!(
        check_id_spaces::<Toy>(&shared, 2).map_err(|v| v.rule),
        Err("an id's action maps back to it, and only in its own space")
    );
    let dealing = toy(2, Bug::SharedIds);
    assert_eq!(
        check_encoding(&dealing, 1, 0).map_err(|v| v.rule),
        Err("an action has an id in one space only")
    );
    let steps = check_encoding_along_random_game(&dealing, 1, 100);
    assert_eq!(
        steps.map_err(|v| (v.step, v.rule)),
        Err((0, "an action has an id in one space only"))
    );
}

#[test]
fn the_legal_mask_marks_exactly_the_legal_ids() {
    let t = Table::<Toy>::new(ToyRules::plain(), 2, 7).unwrap();
    let mut mask = [true; 2];
    let mut buf = Vec::new();
    cards_core::legal_mask(t.state(), &mut buf, &mut mask);
    assert_eq!(mask, [true, true], "draw and stand");
    let mut s = t.state().clone();
    s.apply_mut(&ToyAction::Stand).unwrap();
    s.apply_mut(&ToyAction::Stand).unwrap();
    cards_core::legal_mask(&s, &mut buf, &mut mask);
    assert_eq!(mask, [false, false], "over");
}

#[test]
fn an_encoding_that_reads_hidden_cards_is_caught() {
    let mut g = toy(3, Bug::LeakyView);
    for c in ["3C", "4C", "5H"] {
        g = g.apply(&ToyAction::Deal(c.parse().unwrap())).unwrap();
    }
    let found = (0..20).find_map(|seed| check_encoding(&g, seed, 0).err());
    assert_eq!(
        found.map(|v| v.rule),
        Some("an observation does not change when hidden cards are re-dealt")
    );
    assert!(check_encoding(&toy(3, Bug::None), 1, 0).is_ok());
}
