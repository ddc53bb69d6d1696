//! The public position builders (issue 9 item 4): each builds a documented
//! position in a few lines, and a bad position's error names the card, the
//! seat and the place.

use cards_core::{Actor, Game, Rank, Seat};
use shithead::{Deal, Phase, Position, Rules, SetupError, Spot, Status};

use crate::common::{cards, legal};

#[test]
fn h2_h3_deal_builds_a_fixed_deal_without_the_chance_order() {
    let g = Deal::new(Rules::default(), 3)
        .hand(Seat(0), "4C 9H AS")
        .face_up(Seat(0), "TC TD TH")
        .hand(Seat(1), "5C 5D 5H")
        .build()
        .unwrap();
    assert_eq!(
        (g.phase(), g.actor()),
        (Phase::Arranging, Actor::Player(Seat(0)))
    );
    assert_eq!(g.face_up(Seat(0)).unwrap(), cards("TC TD TH"));
    assert_eq!(g.stock_len(), 52 - 27);
    // Places left out get the lowest remaining cards, seat by seat.
    assert_eq!(g.face_down(Seat(0)).unwrap(), cards("2C 2D 2H"));
}

#[test]
fn h6_h8_h13_position_fills_top_level_and_run_from_the_pile() {
    // Seat 0 to play on 9C 7H 3S 3D: the level is the 7 under the 3s (H13).
    let g = Position::new(Rules::default(), 3)
        .hand(Seat(0), "5C 8D 8H")
        .hand(Seat(1), "KC")
        .face_down(Seat(2), "AS")
        .pile("9C 7H 3S 3D")
        .build()
        .unwrap();
    assert_eq!(
        (g.top(), g.level(), g.run()),
        (Some(Rank::Three), Some(Rank::Seven), 2)
    );
    assert_eq!(legal(&g), ["play 5C"]);
    assert_eq!(g.status(Seat(2)).unwrap(), Status::Active);
}

#[test]
fn h19_seats_without_cards_are_out_in_seat_order() {
    let g = Position::new(Rules::default(), 4)
        .hand(Seat(0), "5C")
        .hand(Seat(2), "KC")
        .build()
        .unwrap();
    assert_eq!(g.status(Seat(1)).unwrap(), Status::Out(0));
    assert_eq!(g.status(Seat(3)).unwrap(), Status::Out(1));
}

#[test]
fn h1_setup_errors_name_the_card_the_seat_and_the_place() {
    let e = Position::new(Rules::default(), 2)
        .hand(Seat(0), "5C 7H")
        .hand(Seat(1), "KC")
        .pile("7H")
        .build()
        .unwrap_err();
    assert_eq!(
        e,
        SetupError::Twice {
            card: "7H".parse().unwrap(),
            first: Spot::Hand(Seat(0)),
            second: Spot::Pile
        }
    );
    assert_eq!(
        e.to_string(),
        "7H is both in seat 0's hand and in the pile: more copies than the decks hold (H1)"
    );
    // A copy too many in one place (a save's stock listing a card twice).
    let e = SetupError::Twice {
        card: "2C".parse().unwrap(),
        first: Spot::Stock,
        second: Spot::Stock,
    };
    assert_eq!(
        e.to_string(),
        "2C is in the stock more than once: more copies than the decks hold (H1)"
    );
    // The places left out take the lowest cards; with only 2S in the stock
    // the first card lying nowhere is named.
    let e = Deal::new(Rules::default(), 2)
        .stock("2S")
        .build()
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "7C is missing: every card of the decks lies somewhere (H1)"
    );
    let e = Deal::new(Rules::default(), 2)
        .hand(Seat(1), "4C 4D")
        .build();
    assert!(
        e.unwrap_err().to_string().contains("three hand"),
        "three a place"
    );
    let e = Position::new(Rules::default(), 2)
        .hand(Seat(0), "7X")
        .build();
    assert_eq!(
        e.unwrap_err().to_string(),
        "\"7X\" is not a list of cards such as 7H QS (H1)"
    );
}
