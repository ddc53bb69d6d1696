//! Events in plain words (issue 9 item 1): "you" for the viewer's own seat,
//! and skips, reversals, burns, blind turns, pick-ups and the end named.

use cards_core::{Game, Seat, Viewer};
use shithead::{Event, Shithead, Then, Who};

use crate::common::{Pos, act};

fn said(g: &Shithead, a: &str, viewer: Viewer) -> String {
    g.event(&act(a), viewer)
        .unwrap_or_else(|e| panic!("{a}: {e}"))
        .to_string()
}

fn three(hand0: &'static str, pile: &'static [&'static str]) -> Shithead {
    Pos {
        seats: 3,
        hands: Box::leak(Box::new([hand0, "4C 4D", "5C 5D"])),
        down: &["2C", "2D", "2H"],
        pile,
        ..Pos::default()
    }
    .build()
}

#[test]
fn h15_an_eight_names_the_skipped_player() {
    let g = three("8C 9C", &[]);
    assert_eq!(
        said(&g, "play 8C", Viewer::Seat(Seat(1))),
        "seat 0 plays 8C; you are skipped"
    );
    assert_eq!(
        said(&g, "play 8C", Viewer::Seat(Seat(0))),
        "you play 8C; seat 1 is skipped"
    );
    let e = g.event(&act("play 8C"), Viewer::Spectator).unwrap();
    assert_eq!(
        e.then,
        vec![Then::Skipped {
            seat: Who::Seat(Seat(1))
        }]
    );
}

#[test]
fn h18_kings_announce_the_reversal() {
    let g = three("KC 9C", &[]);
    assert_eq!(
        said(&g, "play KC", Viewer::Spectator),
        "seat 0 plays KC; play now runs the other way round"
    );
}

#[test]
fn h8_a_ten_and_four_of_a_kind_announce_the_burn() {
    let g = three("TC 9C", &["5H", "6H"]);
    assert_eq!(
        said(&g, "play TC", Viewer::Seat(Seat(0))),
        "you play TC; the pile burns (3 cards) and you go again"
    );
    let g = three("9C 9D 2S", &["9H", "9S"]);
    assert_eq!(
        said(&g, "play 9C 9D", Viewer::Seat(Seat(2))),
        "seat 0 plays 9C 9D; the pile burns (4 cards) and seat 0 goes again"
    );
}

#[test]
fn h7_h11_pick_ups_and_blind_turns_in_words() {
    let g = three("4H 9C", &["AS"]);
    assert_eq!(
        said(&g, "pick up", Viewer::Seat(Seat(0))),
        "you pick up the pile (1 card)"
    );
    let g = Pos {
        hands: &["", "4C 4D 4H"],
        down: &["5C 9D", "2D"],
        pile: &["KC", "KD"],
        ..Pos::default()
    }
    .build();
    assert_eq!(
        said(&g, "blind", Viewer::Seat(Seat(1))),
        "seat 0 plays a face-down card blind"
    );
    let g = g.apply(&act("blind")).unwrap();
    assert_eq!(
        said(&g, "turn 5C", Viewer::Seat(Seat(0))),
        "you turn over 5C: it does not fit, so you take it with the pile (2 cards)"
    );
}

#[test]
fn h19_h20_going_out_and_the_end_in_words() {
    let g = Pos {
        hands: &["9C", "4C 4D"],
        ..Pos::default()
    }
    .build();
    assert_eq!(
        said(&g, "play 9C", Viewer::Seat(Seat(1))),
        "seat 0 plays 9C; seat 0 is out of cards, finishing 1st; the game is over: you are the shithead"
    );
}

#[test]
fn h23_an_illegal_action_has_no_event() {
    let g = three("KC 9C", &[]);
    assert!(g.event(&act("play 4C"), Viewer::Spectator).is_err());
    let _: Option<Event> = g.event(&act("pick up"), Viewer::Spectator).ok();
}
