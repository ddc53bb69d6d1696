//! One consistent API (issue 9 item 5): per-seat accessors are `Option`,
//! a refused play names the pile's level as a rank, and a view lists its
//! moves without importing `SeatView`.

use cards_core::{Game, Rank, Seat, Viewer};
use shithead::{Illegal, Position, Rules};

use crate::common::act;

#[test]
fn h21_per_seat_accessors_are_none_for_a_seat_not_at_the_table() {
    let g = Position::new(Rules::default(), 2)
        .hand(Seat(0), "5C")
        .hand(Seat(1), "KC")
        .build()
        .unwrap();
    assert!(g.hand(Seat(0)).is_some() && g.status(Seat(1)).is_some());
    for s in [Seat(2), Seat(9)] {
        assert_eq!(g.hand(s), None);
        assert_eq!(g.face_up(s), None);
        assert_eq!(g.face_down(s), None);
        assert_eq!(g.status(s), None);
    }
    assert_eq!(
        g.leave(Seat(9)).unwrap_err().to_string(),
        "there is no seat 9: the table has 2 seats (H21)"
    );
}

#[test]
fn h6_not_playable_names_the_level_as_a_rank() {
    let g = Position::new(Rules::default(), 2)
        .hand(Seat(0), "5C 9C")
        .hand(Seat(1), "KC")
        .pile("7H 3S")
        .build()
        .unwrap();
    let e = g.apply(&act("play 9C")).unwrap_err();
    assert_eq!(
        e,
        Illegal::NotPlayable {
            rank: Rank::Nine,
            level: Rank::Seven
        }
    );
    assert!(e.to_string().contains("(H6)"), "{e}");
    // The view lists the same moves as the game, with no trait import.
    let mut from_view = Vec::new();
    g.observe(Viewer::Seat(Seat(0)))
        .legal_actions(&mut from_view);
    let mut from_game = Vec::new();
    g.legal_actions(&mut from_game);
    assert_eq!(from_view, from_game);
}
