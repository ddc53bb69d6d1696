//! One test per clause at least, named by the clause ID: H6–H11 (playable
//! ranks, picking up, burning, sources, blind cards). H1–H5 are in `rules.rs`.

use cards_core::{Actor, Game, Rank, Seat, Viewer};
use shithead::{Illegal, PickUp, Rules, Stage, Status, playable_on, playable_ranks};

use crate::common::{Pos, act, cards, legal, play};
use crate::rules::{card, ranks, seat};

// H6 --------------------------------------------------------------------------

#[test]
fn h6_playable_ranks_follow_the_level() {
    assert_eq!(playable_on(&ranks("7")).to_string(), "2 3 4 5 6 7");
    assert_eq!(playable_on(&ranks("7 3")).to_string(), "2 3 4 5 6 7");
    assert_eq!(playable_on(&ranks("3")).len(), 13);
    assert_eq!(playable_on(&ranks("9 3 3")).to_string(), "2 3 9 T J Q K A");
    assert_eq!(playable_on(&[]).len(), 13);
    assert_eq!(playable_ranks(Some(Rank::Ace)).to_string(), "2 3 T A");
    assert_eq!(playable_ranks(Some(Rank::Five)).len(), 12);
    // In the engine: on a 9 a 5 cannot be played.
    let g = Pos {
        hands: &["5C 9D", "4C 4D 4H"],
        down: &["2C", "2D"],
        pile: &["9C"],
        ..Pos::default()
    }
    .build();
    assert_eq!(legal(&g), ["play 9D"]);
    assert!(matches!(
        g.apply(&act("play 5C")),
        Err(Illegal::NotPlayable { .. })
    ));
}

// H7 --------------------------------------------------------------------------

#[test]
fn h7_a_player_who_cannot_play_picks_up_and_the_next_opens() {
    let g = Pos {
        seats: 3,
        hands: &["5C 6D", "4C 4D 4H", "8C 8D"],
        down: &["2C", "2D", "2H"],
        pile: &["9C", "JD"],
        ..Pos::default()
    }
    .build();
    assert_eq!(legal(&g), ["pick up"]);
    let g = play(&g, &["pick up"]);
    assert_eq!(g.hand(Seat(0)).unwrap(), cards("5C 6D 9C JD"));
    assert!(g.pile().is_empty());
    assert_eq!(seat(&g), Seat(1));
    assert_eq!(
        legal(&g),
        [
            "play 4C",
            "play 4D",
            "play 4C 4D",
            "play 4H",
            "play 4C 4H",
            "play 4D 4H",
            "play 4C 4D 4H"
        ]
    );
}

#[test]
fn h7_a_player_who_could_play_may_not_pick_up_unless_the_option_allows() {
    let pos = |rules| {
        Pos {
            rules,
            hands: &["5C KD", "4C 4D 4H"],
            down: &["2C", "2D"],
            pile: &["9C"],
            ..Pos::default()
        }
        .build()
    };
    let g = pos(Rules::default());
    assert_eq!(g.apply(&act("pick up")), Err(Illegal::CanPlay));
    let v = pos(Rules {
        pick_up: PickUp::Voluntary,
        ..Rules::default()
    });
    assert_eq!(legal(&v), ["play KD", "pick up"]);
    assert_eq!(
        play(&v, &["pick up"]).hand(Seat(0)).unwrap(),
        cards("5C 9C KD")
    );
}

// H8 --------------------------------------------------------------------------

#[test]
fn h8_a_ten_burns_and_the_same_player_plays_again() {
    let g = Pos {
        hands: &["TC 5D", "4C 4D 4H"],
        down: &["2C", "2D"],
        pile: &["9C", "KD"],
        ..Pos::default()
    }
    .build();
    let g = play(&g, &["play TC"]);
    assert!(g.pile().is_empty());
    assert_eq!(g.burned().count(card("KD")), 1);
    assert_eq!(seat(&g), Seat(0));
    assert_eq!(legal(&g), ["play 5D"]);
}

#[test]
fn h8_four_of_a_kind_burns() {
    let g = Pos {
        hands: &["6C 6D 5D", "4C 4D 4H"],
        down: &["2C", "2D"],
        pile: &["9C", "6H", "6S"],
        ..Pos::default()
    }
    .build();
    let burned_before = g.burned().len();
    let g = play(&g, &["play 6C 6D"]);
    assert!(g.pile().is_empty());
    assert_eq!(g.burned().len(), burned_before + 5);
    assert_eq!(seat(&g), Seat(0), "the burner plays again");
    // A burn with no cards left: out, and the next player opens.
    let g = Pos {
        seats: 3,
        hands: &["TC", "4C 4D 4H", "5C"],
        pile: &["9C"],
        ..Pos::default()
    }
    .build();
    let g = play(&g, &["play TC"]);
    assert_eq!(g.status(Seat(0)).unwrap(), Status::Out(0));
    assert_eq!(seat(&g), Seat(1));
    assert!(g.pile().is_empty());
}

#[test]
fn h8_1_runs_span_turns_threes_break_them_and_burns_cancel_effects() {
    // Three fives from earlier turns and one more: burn, the fourth's player replays.
    let g = Pos {
        hands: &["5C 9D", "4C 4D 4H"],
        down: &["2C", "2D"],
        pile: &["5D", "5H", "5S"],
        ..Pos::default()
    }
    .build();
    let g = play(&g, &["play 5C"]);
    assert!(g.pile().is_empty());
    assert_eq!(seat(&g), Seat(0));
    // 5-3-5-5 is not four of a kind.
    let g = Pos {
        hands: &["5C 9D", "4C 4D 4H"],
        down: &["2C", "2D"],
        pile: &["5D", "3H", "5H"],
        ..Pos::default()
    }
    .build();
    let g = play(&g, &["play 5C"]);
    assert_eq!(g.pile().len(), 4);
    assert_eq!(g.run(), 2);
    // Four 3s burn.
    let g = Pos {
        hands: &["3C 9D", "4C 4D 4H"],
        down: &["2C", "2D"],
        pile: &["3D", "3H", "3S"],
        ..Pos::default()
    }
    .build();
    assert!(play(&g, &["play 3C"]).pile().is_empty());
    // Four eights skip nobody; four kings do not reverse; four 7s set no limit.
    for (hand, pile) in [
        ("8C 8D 9D", ["8H", "8S"]),
        ("KC KD 9D", ["KH", "KS"]),
        ("7C 7D 9D", ["7H", "7S"]),
    ] {
        let g = Pos {
            seats: 3,
            hands: &[hand, "4C 4D 4H", "AC AD"],
            down: &["2C", "2D", "2H"],
            pile: &pile,
            ..Pos::default()
        }
        .build();
        let g = play(&g, &[&format!("play {}", &hand[..5])]);
        assert!(g.pile().is_empty(), "{hand}");
        assert_eq!(seat(&g), Seat(0), "{hand}: the burner plays again");
        assert!(!g.reversed());
        assert_eq!(g.level(), None);
        let g = play(&g, &["play 9D"]);
        assert_eq!(seat(&g), Seat(1), "{hand}: no skip, no reversal");
    }
    // Four queens need no cover.
    let g = Pos {
        hands: &["QC QD 9D", "4C 4D 4H"],
        down: &["2C", "2D"],
        pile: &["QH", "QS"],
        ..Pos::default()
    }
    .build();
    let g = play(&g, &["play QC QD"]);
    assert_eq!(g.stage(), Stage::Start);
    assert_eq!(legal(&g), ["play 9D"]);
}

// H9 --------------------------------------------------------------------------

#[test]
fn h9_hand_first_then_face_up_then_face_down_never_mixed() {
    let g = Pos {
        hands: &["5C", "4C 4D 4H"],
        up: &["5D 9H", ""],
        down: &["KC", "2D"],
        ..Pos::default()
    }
    .build();
    assert_eq!(legal(&g), ["play 5C"]);
    assert_eq!(
        g.apply(&act("play 9H")),
        Err(Illegal::NotInSource("9H".parse().unwrap()))
    );
    assert_eq!(
        g.apply(&act("play 5C 5D")),
        Err(Illegal::NotInSource("5C 5D".parse().unwrap()))
    );
    assert_eq!(g.apply(&act("blind")), Err(Illegal::NotBlind));
    // Face-up cards once the hand is empty (and the stock too).
    let g = Pos {
        hands: &["", "4C 4D 4H"],
        up: &["5D 5S 9H", ""],
        down: &["KC", "2D"],
        ..Pos::default()
    }
    .build();
    assert_eq!(legal(&g), ["play 5D", "play 5S", "play 5D 5S", "play 9H"]);
    // Face-down only when the face-up cards are gone.
    let g = Pos {
        hands: &["", "4C 4D 4H"],
        down: &["KC", "2D"],
        ..Pos::default()
    }
    .build();
    assert_eq!(legal(&g), ["blind"]);
    assert_eq!(g.apply(&act("play KC")), Err(Illegal::BlindOnly));
}

// H10 -------------------------------------------------------------------------

#[test]
fn h10_stuck_on_face_up_cards_picks_up_the_pile_with_some_of_one_rank() {
    // Also under the voluntary pick-up (H7), which is for a player who could play.
    for pick_up in [PickUp::WhenStuck, PickUp::Voluntary] {
        let g = Pos {
            rules: Rules {
                pick_up,
                ..Rules::default()
            },
            hands: &["", "4C 4D 4H"],
            up: &["5C 5D 9S", ""],
            down: &["KC", "2D"],
            pile: &["8C", "KD"],
            ..Pos::default()
        }
        .build();
        assert_eq!(
            legal(&g),
            [
                "pick up with 5C",
                "pick up with 5D",
                "pick up with 5C 5D",
                "pick up with 9S"
            ],
            "{pick_up:?}"
        );
        assert_eq!(g.apply(&act("pick up")), Err(Illegal::TakeFaceUpAlong));
        let g = play(&g, &["pick up with 5C 5D"]);
        assert_eq!(g.hand(Seat(0)).unwrap(), cards("5C 5D 8C KD"));
        assert_eq!(g.face_up(Seat(0)).unwrap(), cards("9S"));
        assert_eq!(seat(&g), Seat(1));
    }
}

// H11 -------------------------------------------------------------------------

#[test]
fn h11_an_unplayable_blind_card_is_taken_with_the_pile() {
    let g = Pos {
        hands: &["", "4C 4D 4H"],
        down: &["5C 9D", "2D"],
        pile: &["KC"],
        ..Pos::default()
    }
    .build();
    // The pile comes only with a blind card that does not fit.
    assert_eq!(g.apply(&act("pick up")), Err(Illegal::BlindBeforePickUp));
    let g = play(&g, &["blind"]);
    assert_eq!(g.actor(), Actor::Chance);
    assert_eq!(
        g.event(&act("turn 5C"), Viewer::Seat(Seat(1)))
            .unwrap()
            .to_string(),
        "seat 0 turns over 5C: it does not fit, so seat 0 takes it with the pile (1 card)"
    );
    let g = play(&g, &["turn 5C"]);
    assert_eq!(g.hand(Seat(0)).unwrap(), cards("5C KC"));
    assert_eq!(g.face_down(Seat(0)).unwrap(), cards("9D"));
    assert!(g.pile().is_empty());
    assert_eq!(seat(&g), Seat(1));
}

#[test]
fn h11_1_blind_play_is_one_uniform_chance_card_queens_and_tens_apply() {
    let g = Pos {
        hands: &["", "4C 4D 4H"],
        down: &["QC 4S TC", "2D"],
        pile: &["JC"],
        ..Pos::default()
    }
    .build();
    let g = play(&g, &["blind"]);
    let mut w = vec![];
    g.chance_outcomes(&mut w);
    let shown: Vec<String> = w.iter().map(|(a, n)| format!("{a}:{n}")).collect();
    assert_eq!(shown, ["turn 4S:1", "turn TC:1", "turn QC:1"]);
    // A blind queen is covered by the next face-down card, always playable.
    let q = play(&g, &["turn QC"]);
    assert_eq!(q.stage(), Stage::Cover);
    assert_eq!(legal(&q), ["blind"]);
    let q = play(&q, &["blind", "turn 4S"]);
    assert_eq!(q.level(), Some(Rank::Four));
    assert_eq!(seat(&q), Seat(1), "exactly one card, nothing added");
    // A blind ten burns and he plays again.
    let t = play(&g, &["turn TC"]);
    assert!(t.pile().is_empty());
    assert_eq!(seat(&t), Seat(0));
    assert_eq!(legal(&t), ["blind"]);
}
