//! The public position builder (issue 9 item 3): a documented mid-game position in a
//! few lines, derived parts filled, mistakes named by card, seat and place.

use cards_core::{Game, Seat, Viewer};
use trump21::{Action, Position, Rules, SetupError, Trump};

#[test]
fn t12_a_mid_game_position_builds_in_a_few_lines() {
    // Round 3: seat 2 to act on 19 with a Destroy; seat 0 laid Damage+2 at him and
    // played Go for 24; 5 and 6 are discarded.
    let g = Position::new(Rules::default(), 3)
        .round(3)
        .hand(Seat(0), 9, &[8, 3])
        .hand(Seat(1), 11, &[10])
        .hand(Seat(2), 7, &[2, 10])
        .trumps(Seat(2), &[Trump::Destroy])
        .played(Trump::Damage2, Seat(2))
        .played(Trump::GoFor24, Seat(0))
        .discards(&[5, 6])
        .turn(Seat(2))
        .build()
        .unwrap();
    assert_eq!((g.round(), g.target()), (3, 24));
    assert_eq!(g.total(Seat(2)), Some(19));
    assert_eq!(g.deck().total() + g.discards().total(), 44 - 8);
    assert_eq!(g.discards().get(5), 1);
    assert_eq!(g.supply().total(), 32 - 3);
    let moves = g.observe(Viewer::Seat(Seat(2))).legal_actions();
    assert!(moves.contains(&"play destroy @2 damage+2".parse::<Action>().unwrap()));
}

#[test]
fn a_fixed_deck_sends_the_rest_to_the_discards() {
    let g = Position::new(Rules::default(), 2)
        .hand(Seat(0), 2, &[3])
        .hand(Seat(1), 4, &[5])
        .deck(&[11, 11])
        .build()
        .unwrap();
    assert_eq!(g.deck().iter().collect::<Vec<_>>(), vec![(11, 2)]);
    assert_eq!(g.discards().total(), 44 - 4 - 2);
}

#[test]
fn t1_t2_placement_errors_name_the_card_the_seat_and_the_place() {
    let e = Position::new(Rules::default(), 2)
        .hand(Seat(0), 7, &[7, 7])
        .hand(Seat(1), 7, &[7])
        .build()
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "one card too many in seat 1's open cards: the deck has 4 of value 7 (T1)"
    );
    let e = Position::new(Rules::default(), 2)
        .trumps(Seat(1), &[Trump::Harvest])
        .played(Trump::Harvest, Seat(0))
        .build()
        .unwrap_err();
    assert!(matches!(e, SetupError::Placement(_)));
    assert_eq!(
        e.to_string(),
        "one Harvest too many in the trumps lying at seat 0: the trump deck has 1 (T2)"
    );
}
