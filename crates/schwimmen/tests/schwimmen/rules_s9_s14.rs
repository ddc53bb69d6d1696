//! Clauses S9–S14: moves, passing and refreshing the middle, knocking and the
//! last turns, players out, hand values and the end of a round. One test (at
//! least) per clause, named by its ID.

use cards_core::{Actor, Game, Seat, Viewer};
use schwimmen::{Action, Fate, Illegal, Phase, Refresh, Rules, Schwimmen, SetupError};

use crate::common::*;

/// Nine players, no 31 anywhere; the stock keeps KS AS.
const NINE: [&str; 9] = [
    "7C 8D 9H", "8C 9D TH", "9C TD JH", "TC JD QH", "JC QD KH", "QC KD AH", "KC AD 7S", "AC 7D 8S",
    "7H 8H 9S",
];

const NINE_PACK: &str = "TS JS QS";

#[test]
fn s9_moves_are_swap_one_swap_all_pass_knock() {
    let g = kept3();
    let moves = legal(&g);
    assert_eq!(moves.len(), 11, "{moves:?}");
    assert_eq!(moves.iter().filter(|m| m.starts_with("swap ")).count(), 10);
    assert!(moves.contains(&"swap all".to_string()) && moves.contains(&"pass".to_string()));
    let after = play(g, &["swap KC TH"]);
    assert_eq!(
        after.hand(Seat(1)).expect("a seat at the table"),
        set("TH QC 7H")
    );
    assert_eq!(after.middle(), set("KC JH 7S"));
    let all = play(g, &["swap all"]);
    assert_eq!(all.hand(Seat(1)).expect("a seat at the table"), set(PACK));
    assert_eq!(all.middle(), set(H1));
    // Swapping with cards one does not hold or that are not in the middle is refused.
    assert_eq!(
        g.apply(&"swap 9S TH".parse().unwrap()),
        Err(Illegal::NotInHand)
    );
    assert_eq!(
        g.apply(&"swap KC 9S".parse().unwrap()),
        Err(Illegal::NotInMiddle)
    );
}

#[test]
fn s9_1_option_no_passing() {
    let rules = Rules {
        passing: false,
        ..Rules::default()
    };
    let g = play(base3(rules), &["keep"]);
    assert!(!legal(&g).contains(&"pass".to_string()));
    assert_eq!(g.apply(&Action::Pass), Err(Illegal::PassingOff));
}

#[test]
fn s10_all_pass_replaces_the_middle_from_the_stock() {
    let g = play(kept3(), &["pass", "pass", "pass"]);
    assert_eq!(g.phase(), Phase::Refill);
    assert_eq!(g.actor(), Actor::Chance);
    assert_eq!(g.discards(), set(PACK));
    assert!(g.middle().is_empty());
    assert_eq!(g.apply(&Action::Pass), Err(Illegal::ChanceFirst));
    let g = refill(g, "AS KS QS");
    assert_eq!(g.middle(), set("AS KS QS"));
    assert_eq!(g.actor(), Actor::Player(Seat(1)));
    assert_eq!(g.passes(), 0);
}

#[test]
fn s10_a_short_stock_ends_the_round_nine_players() {
    let g = play(dealt(Rules::default(), &NINE, NINE_PACK), &["keep"]);
    assert_eq!(g.stock().len(), 2);
    let g = play(g, &["pass"; 9]);
    assert_eq!(
        g.round(),
        1,
        "the first full round of passes ends the round"
    );
    // Seat 0 (7C 8D 9H = 9) is lowest.
    assert_eq!(g.lives(Seat(0)).expect("a seat at the table"), 2);
    assert!((1..9).all(|s| g.lives(Seat(s)).expect("a seat at the table") == 3));
}

#[test]
fn s10_1_pass_count_resets_on_swap_and_no_refresh_in_last_turns() {
    let g = play(kept3(), &["pass", "swap 9C TH", "pass", "pass"]);
    assert_eq!(g.phase(), Phase::Turns);
    assert_eq!(g.passes(), 2);
    let g = play(g, &["pass"]);
    assert_eq!(g.phase(), Phase::Refill);
    // During the last turns after a knock there is no refresh.
    let g = play(kept3(), &["pass", "pass", "swap 9S TH", "knock", "pass"]);
    assert_eq!(g.phase(), Phase::Turns);
    assert_eq!(g.passes(), 1);
}

#[test]
fn s10_2_option_reshuffle_discards_into_a_short_stock() {
    let rules = Rules {
        refresh: Refresh::Reshuffle,
        ..Rules::default()
    };
    let g = play(dealt(rules, &NINE, NINE_PACK), &["keep"]);
    let g = play(g, &["pass"; 9]);
    assert_eq!(g.phase(), Phase::Refill);
    assert_eq!(g.stock(), set("KS AS") | set(NINE_PACK));
    assert!(g.discards().is_empty());
    let g = refill(g, "KS AS TS");
    assert_eq!(g.actor(), Actor::Player(Seat(1)));
    assert_eq!(g.round(), 0);
}

#[test]
fn s11_no_knock_before_every_player_had_a_turn() {
    let g = kept3();
    assert!(!g.may_knock());
    assert_eq!(g.apply(&Action::Knock), Err(Illegal::KnockTooEarly));
    let g = play(g, &["pass", "pass"]);
    assert_eq!(
        g.apply(&Action::Knock),
        Err(Illegal::KnockTooEarly),
        "dealer's first turn"
    );
    let g = play(g, &["swap 9S TH"]);
    assert!(
        legal(&g).contains(&"knock".to_string()),
        "opener's second turn"
    );
    // The knock is the whole turn; the knocker does not move again.
    let g = play(g, &["knock", "pass", "pass"]);
    assert_eq!(g.round(), 1);
    // Option: knocking from the first turn.
    let early = Rules {
        knock_first_turn: true,
        ..Rules::default()
    };
    let g = play(base3(early), &["keep"]);
    assert!(legal(&g).contains(&"knock".to_string()));
}

#[test]
fn s11_1_last_turns_one_each_no_knock_and_31_ends_at_once() {
    let g = play(kept3(), &["pass", "pass", "swap 9S TH", "knock"]);
    assert_eq!(g.knocker(), Some(Seat(1)));
    assert_eq!(g.actor(), Actor::Player(Seat(2)));
    assert!(!legal(&g).contains(&"knock".to_string()));
    assert_eq!(g.apply(&Action::Knock), Err(Illegal::AlreadyKnocked));
    let g2 = play(g, &["pass"]);
    assert_eq!(g2.actor(), Actor::Player(Seat(0)));
    let g3 = play(g2, &["pass"]);
    assert_eq!(
        g3.round(),
        1,
        "the round ends when the turn would return to the knocker"
    );
    // A 31 in the last turns ends the round at once.
    let g = pos(
        Rules::default(),
        &[H0, H1, "AD KD 9C"],
        "TD JH 7S",
        2,
        Some(1),
        &[3, 3, 3],
    );
    let g = play(g, &["swap 9C TD"]);
    assert_eq!(g.round(), 1, "seat 0 never moves");
    assert_eq!(g.shown()[2], set("AD KD TD"));
    assert_eq!(lives(&g), [2, 3, 3]);
}

#[test]
fn s12_players_out_are_skipped_swimmers_play() {
    let mut s = setup(Rules::default(), &[H0, "", H2], PACK, 0, None, &[3, 0, 0]);
    s.fates[1] = Fate::Drowned(0);
    s.round = 1;
    let g = Schwimmen::from_setup(&s).unwrap();
    assert_eq!(g.actor(), Actor::Player(Seat(0)));
    let g = play(g, &["pass"]);
    assert_eq!(
        g.actor(),
        Actor::Player(Seat(2)),
        "swimming seat 2 plays, out seat 1 is skipped"
    );
    // Deals skip the out seat too.
    let g = play(g, &["swap 9C TH", "knock", "pass"]);
    assert_eq!(g.phase(), Phase::Deal);
    let mut g = g;
    while let Some((seat, _)) = g.next_receiver() {
        assert_ne!(seat, Seat(1));
        let mut out = Vec::new();
        g.legal_actions(&mut out);
        g.apply_mut(&out[0]).unwrap();
    }
    assert!(g.hand(Seat(1)).expect("a seat at the table").is_empty());
}

#[test]
fn s14_round_ends_show_every_active_hand() {
    // (a) after the last turns of a knock; the middle stays on the table with them
    let before = play(kept3(), &["pass", "pass", "swap 9S TH", "knock", "pass"]);
    let g = play(before, &["pass"]);
    assert_eq!(g.round(), 1);
    assert_eq!(g.shown(), [set("7C 8D TH"), set(H1), set(H2)]);
    let end = g.last_round().expect("a scored round");
    assert_eq!(end.middle, before.middle());
    assert_eq!(end.middle.len(), 3);
    for viewer in [Viewer::Seat(Seat(1)), Viewer::Spectator] {
        let view = g.observe(viewer);
        assert_eq!(view.last_round.map(|e| e.middle), Some(before.middle()));
    }
    // (b) at once on a 31 after a swap: only the swapper's hand is checked then
    let g = pos(
        Rules::default(),
        &[H0, H1, "AD KD 9C"],
        "TD JH 7S",
        2,
        None,
        &[3, 3, 3],
    );
    let g = play(g, &["swap 9C TD"]);
    assert_eq!(g.round(), 1);
    // (c) when the stock cannot refill the middle
    let g = play(dealt(Rules::default(), &NINE, NINE_PACK), &["keep"]);
    let g = play(g, &["pass"; 9]);
    assert_eq!(g.round(), 1);
    assert_eq!(g.shown()[8], set("7H 8H 9S"));
    assert!(
        g.last_round().expect("a scored round").middle.is_empty(),
        "the refresh put the middle to the discards before the round ended"
    );
}

#[test]
fn s14_1_turn_limit_ends_the_round_without_a_knocker() {
    let rules = Rules {
        turn_limit: 4,
        ..Rules::default()
    };
    let g = play(base3(rules), &["keep", "swap all", "swap all", "swap all"]);
    assert_eq!(g.round(), 0);
    let g = play(g, &["swap all"]);
    assert_eq!(g.round(), 1);
    // Seat 1 ends with 7C 8D 9S (9): lowest.
    assert_eq!(lives(&g), [3, 2, 3]);
    assert_eq!(Rules::default().turn_limit, 100);
    assert_eq!(
        Schwimmen::new(
            Rules {
                turn_limit: 0,
                ..Rules::default()
            },
            3
        )
        .unwrap_err(),
        SetupError::TurnLimit(0u16.into())
    );
}

#[test]
fn s13_three_aces_display_option_shows_in_round_end_events() {
    let rules = Rules {
        aces_display: schwimmen::AcesDisplay::ThirtyTwo,
        ..Rules::default()
    };
    let g = pos(
        rules,
        &["AC AD 7S", H1, "TD 8H 9C"],
        "AH JH QS",
        0,
        None,
        &[3, 3, 3],
    );
    let e = g
        .event(&"swap 7S AH".parse().unwrap(), Viewer::Spectator)
        .unwrap();
    assert!(e.to_string().contains("AC AD AH (32)"), "{e}");
    // Display only: the losses are the same as with the default.
    assert_eq!(lives(&play(g, &["swap 7S AH"])), [3, 2, 2]);
}
