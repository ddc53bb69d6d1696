//! Setups (C15): every refusal names its clause; JSON refuses unknown fields.

use cards_core::{Card, Game, Save, Seat, Suit};
use crazy_eights::{Action, CrazyEights, Phase, Rules, SetupError};

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

fn special() -> Rules {
    Rules {
        use_special_cards: true,
        ..Rules::default()
    }
}

/// Found by an outside audit: `owed` was not capped, so a position owing 254
/// cards loaded and stacking one more two overflowed the count (a panic under
/// overflow checks, 0 in release). Each two played or turned up owes two cards
/// and lies on the discard pile until the debt is drawn (C11.3), so a debt is
/// at most twice the twos in play: 8 with one deck, 16 with two (C1).
#[test]
fn c15_owed_cards_are_at_most_two_for_each_two_in_play() {
    let holding_a_two = || {
        let mut s = turn(special(), &["2C 5H", "6H 9S", "7H 9C"], "2H", 0, "2S 3S");
        s.plays = 2;
        s
    };
    let mut s = holding_a_two();
    s.owed = 254;
    refused(s, "(C1, C11.3)");
    // Whatever the debt written, a position either is refused naming its
    // clause or stacks the two and saves a position that loads again.
    for owed in 0..=u8::MAX {
        let mut s = holding_a_two();
        s.owed = owed;
        match CrazyEights::load(s) {
            Err(e) => assert!(e.to_string().contains("(C"), "owed {owed}: {e}"),
            Ok(mut g) => {
                g.apply_mut(&"play 2C".parse().expect("action"))
                    .unwrap_or_else(|e| panic!("owed {owed}: {e}"));
                assert_eq!(g.owed(), owed + 2);
                assert_eq!(CrazyEights::load(g.save()), Ok(g), "owed {owed}");
            }
        }
    }
    // One deck: four twos on the pile owe 8, never 10.
    let mut s = turn(special(), &["4C 5H", "6H 9S", "7H 9C"], "2H", 0, "2C 2D 2S");
    s.plays = 4;
    s.owed = 8;
    let mut g = CrazyEights::load(s.clone()).expect("all four twos stacked");
    g.apply_mut(&Action::Draw).expect("draws the debt");
    s.owed = 10;
    refused(s.clone(), "(C1, C11.3)");
    s.phase = Phase::Draw;
    s.owed = 9;
    refused(s.clone(), "(C1, C11.3)");
    s.owed = 8;
    assert!(
        CrazyEights::load(s).is_ok(),
        "the debt before its first card"
    );
    // Two decks: eight twos owe 16, never 18.
    let six = ["4C 5H", "6H 9S", "7H 9C", "3C 3D", "4D 4H", "5C 5D"];
    let mut s = turn(special(), &six, "2H", 0, "2C 2C 2D 2D 2S 2S 2H");
    s.plays = 8;
    s.owed = 16;
    assert!(
        CrazyEights::load(s.clone()).is_ok(),
        "all eight twos stacked"
    );
    s.owed = 18;
    refused(s, "(C1, C11.3)");
}

/// Found by an outside audit. The twos owed for lie on the discard pile: a
/// player holding a two of the four cannot owe 8, or stacking it would owe 10.
/// Before the first play only the starter can be owed for (C5.2).
#[test]
fn c15_the_twos_owed_for_lie_on_the_discard_pile() {
    let mut s = turn(special(), &["2C 5H", "6H 9S", "7H 9C"], "2H", 0, "2D 2S");
    s.plays = 3;
    s.owed = 6;
    assert!(CrazyEights::load(s.clone()).is_ok());
    s.owed = 8;
    refused(s.clone(), "(C11.3)");
    // The same at the end of a game that ended on the stacked two.
    (s.phase, s.hands[1]) = (Phase::Over, cards(""));
    s.stock.add_all(cards("6H 9S")).expect("fits");
    refused(s.clone(), "(C11.3)");
    s.owed = 6;
    assert!(CrazyEights::load(s).is_ok(), "a game may end on a debt");
    let mut s = turn(special(), &["2C 5H", "6H 9S", "7H 9C"], "2H", 0, "2D 2S");
    s.owed = 2;
    assert!(CrazyEights::load(s.clone()).is_ok(), "a two starter");
    s.owed = 4;
    refused(s, "(C5.2, C11.3)");
}

/// Found by an outside audit: a debt under a card that is no two loaded, and
/// so did one kept at the end beside an empty stock. Only twos owe cards, only
/// while the stock holds cards, and nothing but twos is played until the debt
/// is drawn, so the top card is a two (C11.3).
#[test]
fn c15_owed_cards_lie_under_a_two_beside_a_stock() {
    let mut s = turn(special(), &["4C 5H", "6H 9S", "7H 9C"], "4H", 0, "2S 3S");
    s.plays = 1;
    s.owed = 2;
    refused(s.clone(), "(C11.3)");
    s.phase = Phase::Draw;
    refused(s, "(C11.3)");
    // A game that ended on a stacked two: the stock still holds cards.
    let mut s = turn(special(), &["", "6H 9S", "7H 9C"], "2H", 1, "2S");
    (s.phase, s.plays, s.owed) = (Phase::Over, 2, 2);
    assert!(CrazyEights::load(s.clone()).is_ok());
    let stock = std::mem::replace(&mut s.stock, cards(""));
    s.discards.add_all(stock).expect("fits");
    refused(s, "(C11.3)");
}

/// Found by an outside audit: a position naming a suit with draws counted
/// loaded, and the next player inherited them. Playing the eight ends the
/// turn's draws, so none are counted while its suit is named (C8, C9).
#[test]
fn c15_no_draws_are_counted_while_a_suit_is_named() {
    let mut s = turn(
        Rules::default(),
        &["4C 5H", "6H 9S", "7H 9C"],
        "8H",
        0,
        "2S 3S",
    );
    (s.phase, s.plays) = (Phase::Nominate, 1);
    let mut g = CrazyEights::load(s.clone()).expect("an eight just played");
    g.apply_mut(&Action::Nominate(Suit::Spades)).expect("names");
    assert_eq!(g.draws(), 0);
    s.draws = 2;
    refused(s, "(C8, C9)");
}

/// Found by an outside audit: a finished game with two empty hands loaded.
/// The first player to shed his last card ends the game (C12.1), so at most
/// one hand is empty.
#[test]
fn c15_at_most_one_hand_is_empty_at_the_end() {
    let mut s = turn(Rules::default(), &["", "", "7H 9C"], "4H", 0, "2S 3S");
    (s.phase, s.plays) = (Phase::Over, 1);
    refused(s.clone(), "(C12.1)");
    s.hands[1] = cards("6H 9S");
    s.stock.remove_all(cards("6H 9S"));
    assert!(CrazyEights::load(s).is_ok());
}
