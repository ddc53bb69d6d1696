//! Clauses S1–S8: the deck, seats and lives, direction, the deal, the dealer's
//! choice, a 31 at the deal and the opening seat. One test (at least) per
//! clause, named by its ID.

use cards_core::{Actor, Game, Seat, deck};
use schwimmen::{
    Action, Direction, Fate, Illegal, KnockerRisk, Phase, Rules, Schwimmen, SetupError,
};

use crate::common::*;

#[test]
fn s1_the_deck_is_the_32_cards_and_nothing_else_is_dealt() {
    let g = Schwimmen::new(Rules::default(), 4).unwrap();
    assert_eq!(g.stock(), deck::CARDS_32);
    assert_eq!(g.stock().len(), 32);
    assert_eq!(legal(&g).len(), 32);
    assert_eq!(g.apply(&Action::Deal(card("2C"))), Err(Illegal::NotInStock));
    assert_eq!(g.apply(&Action::Deal(card("6H"))), Err(Illegal::NotInStock));
}

#[test]
fn s2_two_to_nine_players_others_are_setup_errors() {
    for n in [0, 1, 10, 11, 200] {
        assert_eq!(
            Schwimmen::new(Rules::default(), n).unwrap_err(),
            SetupError::Seats(n)
        );
    }
    for n in 2..=9 {
        assert_eq!(Schwimmen::new(Rules::default(), n).unwrap().seats(), n);
    }
    assert!(SetupError::Seats(10).to_string().contains("2 to 9 players"));
}

#[test]
fn s3_lives_a_loss_costs_one_then_swimming_then_out() {
    // Three lives by default, any number >= 1 as an option.
    assert_eq!(lives(&base3(Rules::default())), [3, 3, 3]);
    let five = Rules {
        lives: 5,
        ..Rules::default()
    };
    assert_eq!(lives(&base3(five)), [5, 5, 5]);
    assert_eq!(
        Schwimmen::new(
            Rules {
                lives: 0,
                ..Rules::default()
            },
            3
        )
        .unwrap_err(),
        SetupError::Lives(0u8.into())
    );
    // Seat 0 (9) is lowest when the round ends at the knocker (seat 1).
    let g = pos(
        Rules::default(),
        &[H0, H1, H2],
        PACK,
        0,
        Some(1),
        &[1, 3, 3],
    );
    let g = play(g, &["pass"]);
    assert_eq!(lives(&g), [0, 3, 3]);
    assert!(g.is_swimming(Seat(0)) && g.is_active(Seat(0)));
    // A swimming player still plays and is dealt to.
    assert_eq!(g.phase(), Phase::Deal);
    // A swimming player who loses again drowns.
    let g = pos(
        Rules::default(),
        &[H0, H1, H2],
        PACK,
        0,
        Some(1),
        &[0, 3, 3],
    );
    assert_eq!(g.actor(), Actor::Player(Seat(0)));
    assert!(!legal(&g).is_empty());
    let g = play(g, &["pass"]);
    assert_eq!(
        g.fate(Seat(0)).expect("a seat at the table"),
        Fate::Drowned(1) // the builder's round: lives were lost (S3)
    );
    assert!(!g.is_active(Seat(0)));
}

#[test]
fn s3_1_several_losses_take_lives_then_drown() {
    let double = Rules {
        knocker_risk: KnockerRisk::DoubleLoss,
        ..Rules::default()
    };
    // Knocker seat 0 is lowest and loses two lives: 1 -> 0 -> drowned.
    let g = pos(double, &[H0, H1, H2], PACK, 2, Some(0), &[1, 3, 3]);
    let g = play(g, &["pass"]);
    assert_eq!(
        g.fate(Seat(0)).expect("a seat at the table"),
        Fate::Drowned(1) // the builder's round: lives were lost (S3)
    );
    // With two lives, two losses leave him swimming.
    let g = pos(double, &[H0, H1, H2], PACK, 2, Some(0), &[2, 3, 3]);
    let g = play(g, &["pass"]);
    assert_eq!(g.fate(Seat(0)).expect("a seat at the table"), Fate::Active);
    assert!(g.is_swimming(Seat(0)));
}

#[test]
fn s4_counter_clockwise_play_opens_right_of_the_dealer() {
    let ccw = Rules {
        direction: Direction::CounterClockwise,
        ..Rules::default()
    };
    let g = Schwimmen::new(ccw, 4).unwrap();
    assert_eq!(g.next_receiver(), Some((Seat(3), false)));
    let g = play(dealt(ccw, &[H0, H1, H2, "TC JC QS"], PACK), &["keep"]);
    assert_eq!(g.actor(), Actor::Player(Seat(3)));
    let g = play(g, &["pass"]);
    assert_eq!(g.actor(), Actor::Player(Seat(2)));
    // Clockwise is the default.
    let g = play(
        dealt(Rules::default(), &[H0, H1, H2, "TC JC QS"], PACK),
        &["keep", "pass"],
    );
    assert_eq!(g.actor(), Actor::Player(Seat(2)));
}

#[test]
fn s5_deal_three_each_two_packs_for_the_dealer_stock_29_minus_3n() {
    for n in 2..=9 {
        let mut g = Schwimmen::new(Rules::default(), n).unwrap();
        let mut steps = 0;
        while g.phase() == Phase::Deal {
            let mut out = Vec::new();
            g.legal_actions(&mut out);
            // Deal from the end of the stock: spreads suits, no 31 needed.
            g.apply_mut(&out[out.len() / 2]).unwrap();
            steps += 1;
        }
        assert_eq!(steps, 3 * n + 3);
        assert_eq!(g.phase(), Phase::DealerChoice);
        for s in 0..n {
            assert_eq!(g.hand(Seat(s as u8)).expect("a seat at the table").len(), 3);
        }
        assert_eq!(g.second_pack().len(), 3);
        assert_eq!(g.stock().len(), 29 - 3 * n);
        // Full middle replacements available: 9 - n.
        assert_eq!(g.stock().len() / 3, 9 - n);
    }
}

#[test]
fn s5_1_deal_order_opener_round_to_dealer_then_second_pack() {
    let rules = Rules {
        first_dealer: 1,
        ..Rules::default()
    };
    let mut g = Schwimmen::new(rules, 3).unwrap();
    let mut order = Vec::new();
    let mut outcomes = Vec::new();
    while let Some(r) = g.next_receiver() {
        order.push(r);
        g.chance_outcomes(&mut outcomes);
        assert!(
            outcomes.iter().all(|(_, w)| *w == 1),
            "the stock is unordered"
        );
        assert_eq!(outcomes.len(), g.stock().len());
        let a = outcomes[0].0;
        g.apply_mut(&a).unwrap();
    }
    let s = |i: u8| (Seat(i), false);
    let p = (Seat(1), true);
    assert_eq!(
        order,
        [
            s(2),
            s(2),
            s(2),
            s(0),
            s(0),
            s(0),
            s(1),
            s(1),
            s(1),
            p,
            p,
            p
        ]
    );
    // Before every deal all 32 cards are gathered.
    let g = play(
        kept3(),
        &["pass", "pass", "swap 9S TH", "knock", "pass", "pass"],
    );
    assert_eq!(g.phase(), Phase::Deal);
    assert_eq!(g.stock(), deck::CARDS_32);
    assert!(g.middle().is_empty() && g.discards().is_empty());
}

#[test]
fn s6_dealer_keeps_or_takes_the_other_pack() {
    let g = base3(Rules::default());
    assert_eq!(g.actor(), Actor::Player(Seat(0)));
    assert_eq!(legal(&g), ["keep", "take other"]);
    let kept = play(g, &["keep"]);
    assert_eq!(kept.hand(Seat(0)).expect("a seat at the table"), set(H0));
    assert_eq!(kept.middle(), set(PACK));
    let took = play(g, &["take other"]);
    assert_eq!(took.hand(Seat(0)).expect("a seat at the table"), set(PACK));
    assert_eq!(took.middle(), set(H0));
    // The choice is not a turn: no turns counted, the opener moves next.
    assert_eq!(kept.turns(), 0);
    assert_eq!(took.actor(), Actor::Player(Seat(1)));
    // Only the dealer's choice can be made now.
    assert_eq!(g.apply(&Action::Pass), Err(Illegal::DealerChoiceFirst));
    assert_eq!(kept.apply(&Action::Keep), Err(Illegal::NoDealerChoiceNow));
}

#[test]
fn s7_31_at_the_deal_ends_the_round_before_any_turn() {
    let g = play(
        dealt(Rules::default(), &[H0, "AS KS TS", H2], PACK),
        &["keep"],
    );
    assert_eq!(g.round(), 1);
    assert_eq!(g.phase(), Phase::Deal);
    assert_eq!(lives(&g), [2, 3, 3]);
    assert_eq!(g.shown()[1], set("AS KS TS"));
    // Three aces beat any 31: everyone else loses.
    let g = play(
        dealt(Rules::default(), &[H0, "AS KS TS", "AC AD AH"], PACK),
        &["keep"],
    );
    assert_eq!(lives(&g), [2, 2, 3]);
    // Two 31s: scored by S15, the lowest loses.
    let g = play(
        dealt(Rules::default(), &["AS KS TS", "AH KH QH", H2], PACK),
        &["keep"],
    );
    assert_eq!(lives(&g), [3, 3, 2]);
    // The dealer's hand counts after his choice (taking a 31 ends the round) …
    let g = play(
        dealt(Rules::default(), &[H0, H1, H2], "AS KS TS"),
        &["take other"],
    );
    assert_eq!(g.round(), 1);
    // … and a 31 in the middle counts for nobody.
    let g = play(
        dealt(Rules::default(), &[H0, H1, H2], "AS KS TS"),
        &["keep"],
    );
    assert_eq!(g.phase(), Phase::Turns);
    assert_eq!(g.round(), 0);
}

#[test]
fn s8_the_player_after_the_dealer_opens() {
    assert_eq!(kept3().actor(), Actor::Player(Seat(1)));
    let rules = Rules {
        first_dealer: 2,
        ..Rules::default()
    };
    let g = play(dealt(rules, &[H0, H1, H2], PACK), &["keep"]);
    assert_eq!(g.actor(), Actor::Player(Seat(0)));
}

#[test]
fn s1_a_position_with_a_card_missing_or_twice_is_refused() {
    let mut s = setup(Rules::default(), &[H0, H1, H2], PACK, 0, None, &[3, 3, 3]);
    s.stock.remove(card("AS"));
    assert!(matches!(
        Schwimmen::from_setup(&s),
        Err(SetupError::Cards(_))
    ));
    s.stock.insert(card("AS"));
    s.stock.insert(card("7C"));
    assert!(matches!(
        Schwimmen::from_setup(&s),
        Err(SetupError::Cards(_))
    ));
    s.stock.remove(card("7C"));
    s.stock.insert(card("2C"));
    assert!(matches!(
        Schwimmen::from_setup(&s),
        Err(SetupError::Cards(_))
    ));
    s.stock.remove(card("2C"));
    assert!(Schwimmen::from_setup(&s).is_ok());
    // Lives above the rules, or a hand of the wrong size, are refused too.
    let mut t = s.clone();
    t.lives[1] = 4;
    assert!(matches!(
        Schwimmen::from_setup(&t),
        Err(SetupError::SeatState { .. })
    ));
    let mut t = s.clone();
    t.hands[0].remove(card("7C"));
    t.stock.insert(card("7C"));
    assert!(matches!(
        Schwimmen::from_setup(&t),
        Err(SetupError::Position(_))
    ));
}
