//! The product's own clauses, beyond the table rules: hand values compared by
//! value alone (S13.1), the last round's result (S23.3) and events in words (S23.4).

use std::cmp::Ordering;

use cards_core::{Actor, Game, Seat, Viewer};
use schwimmen::{Action, HostOp, Rules, Schwimmen, hand_value};

use crate::common::{card, dealt, play, set};

const H0: &str = "7C 8D 9S"; // 9
const H1: &str = "KC QC 7H"; // 20
const H2: &str = "AD 8H 9C"; // 11
const PACK: &str = "TH JH 7S"; // 20

/// Three seats after a scored round: seat 0 (9) loses a life.
fn after_a_scored_round() -> Schwimmen {
    let g = dealt(Rules::default(), &[H0, H1, H2], PACK);
    play(
        g,
        &[
            "keep",
            "pass",
            "pass",
            "swap 9S TH",
            "knock",
            "pass",
            "pass",
        ],
    )
}

#[test]
fn s13_1_cmp_value_compares_by_value_and_the_order_breaks_ties_by_rank() {
    let h = |s: &str| hand_value(set(s)).expect("three cards");
    let (sevens, queens) = (h("7C 7D 7S"), h("QC QD QS"));
    assert_eq!(sevens.cmp_value(queens), Ordering::Equal, "both 30½");
    assert!(sevens.same_value(queens));
    assert!(
        sevens < queens,
        "the tie-break ranks three of a kind by rank"
    );
    assert_eq!(h("AC KC 9C").cmp_value(h("AD KD 9D")), Ordering::Equal);
    assert_eq!(
        h("AC KC 9C").cmp(&h("AD KD 9D")),
        Ordering::Equal,
        "same cards by value and rank: no tie-break"
    );
    assert_eq!(
        h("AD KD TD").cmp_value(queens),
        Ordering::Greater,
        "31 > 30½"
    );
    assert_eq!(h("AC AD AS").cmp_value(h("AD KD TD")), Ordering::Greater);
}

#[test]
fn s23_3_the_last_round_survives_the_next_deal_and_a_misdeal_but_not_an_early_end() {
    let g = after_a_scored_round();
    let last = g.last_round().expect("a scored round");
    assert_eq!(last.shown[Seat(1)], set(H1));
    assert_eq!(last.lives_lost[Seat(0)], 1);
    assert_eq!(
        g.observe(Viewer::Seat(Seat(2))).last_round,
        Some(last.clone())
    );
    // The next deal begins: one card out, then the host calls a misdeal (S22).
    assert_eq!(g.actor(), Actor::Chance);
    let mut deals = Vec::new();
    g.legal_actions(&mut deals);
    let one = g.apply(&deals[0]).unwrap();
    assert_eq!(
        one.last_round(),
        Some(last.clone()),
        "a deal does not erase it"
    );
    let redealt = one.host(&HostOp::Misdeal).unwrap();
    assert_eq!(
        redealt.last_round(),
        Some(last),
        "a misdeal is not a scored round"
    );
    // All but one leave: the game ends early and the result is cleared.
    let ended = redealt
        .host(&HostOp::Leave(Seat(1)))
        .and_then(|g| g.host(&HostOp::Leave(Seat(2))))
        .unwrap();
    assert!(ended.outcome().is_some());
    assert_eq!(ended.last_round(), None);
    assert_eq!(ended.observe(Viewer::Spectator).last_round, None);
}

#[test]
fn s23_4_events_speak_plain_words_with_you_for_the_viewer() {
    let start = Schwimmen::new(Rules::default(), 3).unwrap();
    let deal = Action::Deal(card("QH"));
    let said = |g: &Schwimmen, a: &Action, viewer| {
        g.event(a, viewer)
            .unwrap_or_else(|e| panic!("{a} at {:?}: {e}", g.actor()))
            .to_string()
    };
    assert_eq!(
        said(&start, &deal, Viewer::Seat(Seat(1))),
        "you are dealt QH"
    );
    assert_eq!(
        said(&start, &deal, Viewer::Seat(Seat(2))),
        "seat 1 is dealt a card"
    );
    let turns = play(
        dealt(Rules::default(), &[H0, H1, H2], PACK),
        &["keep", "pass"],
    );
    let swap: Action = "swap 8H TH".parse().unwrap();
    assert_eq!(
        said(&turns, &swap, Viewer::Seat(Seat(2))),
        "you swap 8H for TH"
    );
    assert_eq!(
        said(&turns, &swap, Viewer::Seat(Seat(0))),
        "seat 2 swaps 8H for TH"
    );
    let knocking = play(turns, &["swap 8H TH", "swap 9S JH"]);
    assert_eq!(
        said(&knocking, &Action::Knock, Viewer::Seat(Seat(1))),
        "you knock"
    );
    assert_eq!(
        said(&knocking, &Action::Knock, Viewer::Spectator),
        "seat 1 knocks"
    );
    // A round end names every hand shown with its value, the middle left on
    // the table, and who loses (S14).
    let before_end = play(
        dealt(Rules::default(), &[H0, H1, H2], PACK),
        &["keep", "pass", "pass", "swap 9S TH", "knock", "pass"],
    );
    assert_eq!(
        said(&before_end, &Action::Pass, Viewer::Seat(Seat(0))),
        "you pass; round over: you show 7C 8D TH (10), seat 1 shows QC KC 7H (20), \
         seat 2 shows 9C AD 8H (11); the middle was JH 7S 9S; you lose a life"
    );
}
