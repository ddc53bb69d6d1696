//! Setups (C15): every refusal names its clause; JSON refuses unknown fields.

use cards_core::{Card, Game, Save, Seat, Suit};
use crazy_eights::{CrazyEights, Phase, Rules, SetupError};

use crate::common::{cards, turn};

fn base() -> crazy_eights::Setup {
    turn(
        Rules::default(),
        &["4C 5H", "6H 9S", "7H 9C"],
        "4H",
        0,
        "2S 3S",
    )
}

fn refused(s: crazy_eights::Setup, clause: &str) {
    let e = CrazyEights::load(s).expect_err("refused");
    assert!(e.to_string().contains(clause), "{e} should name {clause}");
}

#[test]
fn c15_a_valid_setup_loads_and_saves_back() {
    let g = CrazyEights::load(base()).expect("valid");
    assert_eq!(g.save(), base());
}

#[test]
fn c15_setups_that_do_not_hold_together_are_refused_with_their_clause() {
    let mut s = base();
    s.hands.push(cards(""));
    s.hands.truncate(1);
    refused(s, "(C1)");
    let mut s = base();
    s.stock.remove("KD".parse::<Card>().expect("card"));
    assert_eq!(CrazyEights::load(s), Err(SetupError::NotConserved));
    let mut s = base();
    s.to_act = Seat(3);
    assert_eq!(CrazyEights::load(s), Err(SetupError::SeatOutOfRange));
    let mut s = base();
    s.suit = Some(Suit::Spades);
    refused(s, "(C8)");
    let mut s = base();
    s.phase = Phase::Nominate;
    refused(s, "(C8)");
    let mut s = base();
    s.owed = 2;
    refused(s, "(C11)");
    let mut s = base();
    s.reversed = true;
    refused(s, "(C11)");
    let mut s = base();
    s.draws = 6;
    refused(s, "(C9");
    let mut s = base();
    s.plays = 100;
    refused(s, "(C12.2)");
    let mut s = base();
    s.passes = 4;
    refused(s, "(C12.3)");
    let mut s = base();
    s.phase = Phase::Over;
    refused(s, "(C12)");
    let mut s = base();
    s.stock.add(s.top.take().expect("top")).expect("fits");
    refused(s, "(C5)");
    let mut s = base();
    s.rules.reshuffle = true;
    let mut all = s.stock;
    all.add_all(s.discards).expect("fits");
    s.discards = all;
    s.stock = cards("");
    refused(s, "(C10.1)");
    let mut s = base();
    s.rules.max_turns = 0;
    assert_eq!(CrazyEights::load(s), Err(SetupError::MaxTurns(0u16.into())));
}

#[test]
fn c15_a_deal_in_progress_must_follow_the_deal_order() {
    let mut s = base();
    let mut stock = s.stock;
    stock.add_all(s.discards).expect("fits");
    stock.add(s.top.expect("top")).expect("fits");
    for h in &mut s.hands[1..] {
        stock.add_all(*h).expect("fits");
        *h = cards("");
    }
    s.stock = stock;
    s.discards = cards("");
    s.top = None;
    s.suit = None;
    s.phase = Phase::Deal;
    s.dealer = Seat(2);
    // Seat 0 is the dealer's left: two cards there and none elsewhere is a deal of 1 round + 1.
    refused(s.clone(), "(C4)");
    s.to_act = Seat(0);
    refused(s, "(C4)");
}

#[cfg(feature = "serde")]
#[test]
fn c15_json_setups_refuse_unknown_fields_and_load_through_validation() {
    let g = CrazyEights::load(base()).expect("valid");
    let json = serde_json::to_string(&g).expect("json");
    let back: CrazyEights = serde_json::from_str(&json).expect("loads");
    assert_eq!(back, g);
    let extra = json.replacen('{', "{\"colour\":1,", 1);
    assert!(serde_json::from_str::<CrazyEights>(&extra).is_err());
    let bad = json.replace("\"passes\":0", "\"passes\":9");
    let e = serde_json::from_str::<CrazyEights>(&bad)
        .expect_err("refused")
        .to_string();
    assert!(e.contains("(C12.3)"), "{e}");
    let rules: Rules = serde_json::from_str("{\"max_turns\": 7}").expect("defaults fill in");
    assert_eq!(
        rules,
        Rules {
            max_turns: 7,
            ..Rules::default()
        }
    );
    assert!(serde_json::from_str::<Rules>("{\"max_turn\": 7}").is_err());
}

/// Found by the mutated-save census: counters that add up past 255 once
/// wrapped to 0 and let a deal with 255 passes load, which no save could
/// write back a few steps later (and overflowed under overflow checks).
#[test]
fn c15_counters_before_the_starter_are_refused_whatever_their_sum() {
    let mut g = CrazyEights::new(Rules::default(), 3).expect("valid");
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    g.apply_mut(&legal[0]).expect("choose the dealer");
    let before = g.save();
    assert_eq!(before.phase, Phase::Deal);
    for (draws, owed, passes) in [(1, 0, 255), (0, 128, 128), (255, 1, 0), (0, 0, 1)] {
        let mut s = before.clone();
        (s.draws, s.owed, s.passes) = (draws, owed, passes);
        refused(s, "(C4, C5)");
    }
}

/// Found by the mutated-save census: with discards but no plays counted an
/// eight on top loaded, and once a reshuffle (C10.1) took the discards the
/// same position was refused. No plays means the starter, discards or not.
#[test]
fn c5_1_no_plays_counted_means_the_starter_lies_on_top_even_beside_discards() {
    let rules = Rules {
        use_special_cards: true,
        ..Rules::default()
    };
    let eight = turn(rules, &["4C 5H", "6H 9S", "7H 9C"], "8S", 0, "2S 3S");
    refused(eight, "(C5.1, C5.2, C11.2)");
    let mut reversed = turn(rules, &["4C 5H", "6H 9S", "7H 9C"], "4H", 0, "2S 3S");
    reversed.reversed = true;
    refused(reversed.clone(), "(C5.1, C5.2, C11.2)");
    reversed.plays = 2;
    assert!(CrazyEights::load(reversed).is_ok(), "after plays, any top");
}
