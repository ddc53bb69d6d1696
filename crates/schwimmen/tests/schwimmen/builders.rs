//! The public position builders, each building a documented position in a few
//! lines, and setup errors that name the card, the seat and the place.

use cards_core::{Game, Seat, Viewer};
use schwimmen::{Action, DealBuilder, Phase, Rules, TurnsBuilder};

use crate::common::set;

/// S6: a fixed deal, built without knowing the deal order, reaches the
/// dealer's choice with the dealer holding his first pack.
#[test]
fn s5_1_deal_builder_deals_fixed_hands_in_the_order_the_deal_asks() {
    let g = DealBuilder::new(
        Rules {
            first_dealer: 1,
            ..Rules::default()
        },
        3,
    )
    .hand(Seat(0), "7C 8C 9C")
    .hand(Seat(1), "AH KH QH")
    .hand(Seat(2), "7D 7H 7S")
    .second_pack("AS KS TS")
    .build()
    .expect("a valid deal");
    assert_eq!(
        (g.phase(), g.dealer(), g.second_pack()),
        (Phase::DealerChoice, Seat(1), set("AS KS TS"))
    );
    assert_eq!(
        g.hand(Seat(2)).expect("a seat at the table"),
        set("7D 7H 7S")
    );
}

/// S11.1: seat 2 knocked; seat 0 has its last turn and a swap to 31 ends the round.
#[test]
fn s11_1_turns_builder_builds_the_last_turns_after_a_knock() {
    let g = TurnsBuilder::new(Rules::default(), &["AH KH 7C", "7D 8C 9S", "JD QD 8H"])
        .middle("QH 8S 9D")
        .knocker(Seat(2))
        .taken(Seat(1), "9S")
        .build()
        .expect("a valid position");
    let v = g.observe(Viewer::Seat(Seat(0)));
    assert!(!v.may_knock && v.knocker == Some(Seat(2)) && v.taken[Seat(1)] == set("9S"));
    let after = g
        .apply(&"swap 7C QH".parse::<Action>().expect("move"))
        .expect("legal");
    assert_eq!(after.round(), 1, "31 ends the round at once (S14 b)");
}

#[test]
fn s1_setup_errors_name_the_card_the_seat_and_the_place() {
    let e = DealBuilder::new(Rules::default(), 2)
        .hand(Seat(0), "7H 8C 9C")
        .hand(Seat(1), "AH KH 7H")
        .second_pack("AS KS TS")
        .build()
        .expect_err("7H twice")
        .to_string();
    assert!(
        e.contains("7H is both in seat 0's hand and in seat 1's hand"),
        "{e}"
    );
    let mut s = TurnsBuilder::new(Rules::default(), &["AH KH 7C", "7D 8C 9S"])
        .middle("QH 8S 9D")
        .to_setup()
        .expect("written out");
    s.stock.remove("QS".parse().expect("card"));
    let e = schwimmen::Schwimmen::from_setup(&s)
        .expect_err("QS lost")
        .to_string();
    assert!(e.contains("QS is missing") && e.contains("(S1)"), "{e}");
    s.middle.insert("7C".parse().expect("card"));
    let e = schwimmen::Schwimmen::from_setup(&s)
        .expect_err("7C twice")
        .to_string();
    assert!(
        e.contains("7C is both in seat 0's hand and in the middle"),
        "{e}"
    );
}
