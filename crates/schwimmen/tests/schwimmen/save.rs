//! Saves and re-deals: every re-dealt position loads back (S7, S14), and saves
//! that were cut off or tampered with are refused.

use std::collections::BTreeSet;

use cards_core::conformance::check_reload;
use cards_core::{ChaCha8Rng, Game, Redeal, Seat, SeedableRng, Viewer, deck};
use schwimmen::{Rules, Schwimmen};

use crate::common::{set, setup};

/// Two players late in a round: the stock is down to two cards, so seat 0's
/// hidden pool is the opponent's three cards and two stock cards, and one of
/// the ten ways to deal three of them (AD KD TD) is a 31.
fn short_stock() -> Schwimmen {
    let mut s = setup(
        Rules::default(),
        &["7H 8S 9C", "AD KD 7C"],
        "QH JS 9H",
        0,
        None,
        &[3, 3],
    );
    s.stock = set("TD 8H");
    s.discards = deck::CARDS_32 - s.stock - s.middle - s.hands[0] - s.hands[1];
    Schwimmen::from_setup(&s).expect("a reachable position")
}

#[test]
fn s14_redeal_never_gives_a_hand_that_would_have_ended_the_round() {
    let g = short_stock();
    let view = g.observe(Viewer::Seat(Seat(0)));
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut seen = BTreeSet::new();
    for step in 0..900 {
        let other = g.redeal_hidden(Seat(0), &mut rng);
        assert_eq!(other.observe(Viewer::Seat(Seat(0))), view);
        let hand = other.hand(Seat(1)).expect("a seat at the table");
        assert!(
            !schwimmen::hand_value(hand)
                .expect("three cards")
                .ends_round(),
            "{hand} would have ended the round (S14 b)"
        );
        check_reload(&other, step).expect("a re-dealt position loads back");
        seen.insert(hand.bits());
    }
    // Rejection keeps the re-deal uniform over the nine consistent hands: all appear.
    assert_eq!(seen.len(), 9);
    assert!(!seen.contains(&set("AD KD TD").bits()));
    assert!(seen.contains(&set("AD KD 8H").bits()));
}

/// A position after at least one scored round, so `shown` holds hands.
fn after_a_showdown() -> Schwimmen {
    let mut g = <Schwimmen as Game>::new(Rules::default(), 3).expect("game");
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    while g.round() == 0 || g.shown().iter().all(|h| h.is_empty()) {
        assert!(
            cards_core::Playout::new().step(&mut g, &mut rng),
            "a showdown comes"
        );
    }
    g
}

#[test]
fn s14_a_text_save_cut_off_in_its_last_line_is_refused() {
    let g = after_a_showdown();
    let text = g.to_string();
    assert_eq!(text.parse::<Schwimmen>(), Ok(g));
    let last = text.trim_end().lines().last().expect("lines");
    assert!(
        last.starts_with("shown: ") && last.contains(" | "),
        "{last}"
    );
    // Cut right after each `| ` and after each character of the last line.
    let start = text.len() - last.len() - 1;
    for end in start..text.len() {
        let cut = &text[..end];
        assert!(cut.parse::<Schwimmen>().is_err(), "accepted {cut:?}");
    }
    let after_bar = &text[..text.rfind("| ").expect("a bar") + 2];
    let e = after_bar.parse::<Schwimmen>().expect_err("cut off");
    assert!(e.to_string().contains("cut off"), "{e}");
    // Even with the line break put back, a blank hand is not an empty one.
    assert!(format!("{after_bar}\n").parse::<Schwimmen>().is_err());
    // A number cut short in a last line is refused too (the keys may come in any order).
    let reordered = format!(
        "{}round: {}",
        text.replace(&format!("round: {}\n", g.round()), ""),
        g.round()
    );
    assert!(reordered.parse::<Schwimmen>().is_err());
    assert_eq!(format!("{reordered}\n").parse::<Schwimmen>(), Ok(g));
}

/// Hand-built positions play can never reach: each is one change away from a
/// reachable one and is refused, naming its rule.
#[test]
fn s10_s11_s14_s19_from_setup_refuses_unreachable_counters_discards_and_showdowns() {
    let base = setup(
        Rules::default(),
        &["7H 8S 9C", "AD KD 7C", "8D 9D TC"],
        "QH JS 9H",
        1,
        None,
        &[3, 3, 3],
    );
    assert!(Schwimmen::from_setup(&base).is_ok());
    let refused = |change: &dyn Fn(&mut schwimmen::Setup), clause: &str| {
        let mut s = base.clone();
        change(&mut s);
        let e = Schwimmen::from_setup(&s).expect_err(clause);
        assert!(e.to_string().contains(clause), "{clause}: {e}");
    };
    // S10.1: a pass is a turn, so who passed has moved.
    refused(
        &|s| {
            s.moved = vec![Seat(0), Seat(1)];
            s.passed = vec![Seat(2)];
            s.turns = 2;
        },
        "(S10.1)",
    );
    // S11: a knock is a turn.
    refused(
        &|s| {
            s.moved = vec![Seat(0), Seat(1)];
            s.knocker = Some(Seat(2));
            s.turns = 2;
        },
        "(S11)",
    );
    // S14.1: three seats moved in two turns.
    refused(&|s| s.turns = 2, "(S14.1)");
    // S10: the middle goes to the discards three cards at a time.
    refused(
        &|s| {
            let two: cards_core::CardSet = set("AS KS");
            s.stock -= two;
            s.discards = two;
        },
        "(S10)",
    );
    // S14: no hand is shown before the first round end, and shown hands are disjoint.
    refused(&|s| s.shown[0] = set("AS KS QS"), "(S14)");
    refused(
        &|s| {
            s.round = 1;
            s.shown[0] = set("AS KS QS");
            s.shown[1] = set("AS 7S 8S");
        },
        "(S14)",
    );
    // S14: the middle shown with them is three cards besides the shown
    // hands, and only beside shown hands.
    let showdown = |s: &mut schwimmen::Setup| {
        s.round = 1;
        s.shown[0] = set("AS KS QS");
    };
    let mut shown = base.clone();
    showdown(&mut shown);
    shown.shown_middle = set("JS TS 8S");
    assert!(Schwimmen::from_setup(&shown).is_ok());
    refused(&|s| s.shown_middle = set("JS TS 8S"), "(S14)");
    for middle in ["JS TS", "AS TS 8S", "JS TS 8S 7S"] {
        refused(
            &|s| {
                showdown(s);
                s.shown_middle = set(middle);
            },
            "(S14)",
        );
    }
    // S19: a finished game has gathered everything and cleared the round's counters.
    let over = {
        let mut s = base.clone();
        s.phase = schwimmen::Phase::Over;
        s.hands = vec![cards_core::CardSet::EMPTY; 3];
        s.middle = cards_core::CardSet::EMPTY;
        s.stock = deck::CARDS_32;
        s.fates = vec![
            schwimmen::Fate::Active,
            schwimmen::Fate::Left(1),
            schwimmen::Fate::Left(2),
        ];
        s.moved = vec![];
        s.turns = 0;
        s.to_act = Seat(0);
        s
    };
    assert!(Schwimmen::from_setup(&over).is_ok());
    let mut late = over.clone();
    late.turns = 1;
    late.moved = vec![Seat(0)];
    let e = Schwimmen::from_setup(&late).expect_err("counters after the end");
    assert!(e.to_string().contains("(S19)"), "{e}");
}
