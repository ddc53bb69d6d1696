//! One test (at least) per clause, named after the clause.

use cards_core::{Actor, CardSet, Game, Outcome, Seat, Viewer, deck};
use schwimmen::{
    Action, AllTie, Direction, Fate, HostOp, Illegal, KnockerRisk, Phase, Refresh, Rules,
    Schwimmen, Seen, SetupError,
};

use crate::common::{card, dealt, legal, play, pos, refill, set, setup};

const H0: &str = "7C 8D 9S"; // 9
const H1: &str = "KC QC 7H"; // 20
const H2: &str = "AD 8H 9C"; // 11
const PACK: &str = "TH JH 7S"; // 20

/// Three players, dealer seat 0, dealt and waiting for the dealer's choice.
fn base3(rules: Rules) -> Schwimmen {
    dealt(rules, &[H0, H1, H2], PACK)
}

fn kept3() -> Schwimmen {
    play(base3(Rules::default()), &["keep"])
}

fn lives(g: &Schwimmen) -> Vec<u8> {
    (0..g.seats())
        .map(|s| g.lives(Seat(s as u8)).expect("a seat at the table"))
        .collect()
}

/// Nine players, no 31 anywhere; the stock keeps KS AS.
const NINE: [&str; 9] = [
    "7C 8D 9H", "8C 9D TH", "9C TD JH", "TC JD QH", "JC QD KH", "QC KD AH", "KC AD 7S", "AC 7D 8S",
    "7H 8H 9S",
];
const NINE_PACK: &str = "TS JS QS";

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
        SetupError::Lives(0)
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
    // (a) after the last turns of a knock
    let g = play(
        kept3(),
        &["pass", "pass", "swap 9S TH", "knock", "pass", "pass"],
    );
    assert_eq!(g.round(), 1);
    assert_eq!(g.shown(), [set("7C 8D TH"), set(H1), set(H2)]);
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
        SetupError::TurnLimit(0)
    );
}

#[test]
fn s15_lowest_loses_ties_lose_together_30_half_by_rank() {
    let end = |hands: [&str; 3], middle: &str| {
        let g = pos(Rules::default(), &hands, middle, 0, Some(1), &[3, 3, 3]);
        play(g, &["pass"])
    };
    assert_eq!(lives(&end([H0, H1, H2], PACK)), [2, 3, 3]);
    assert_eq!(lives(&end([H0, H1, "9C 7D 8H"], PACK)), [2, 3, 2]);
    assert_eq!(
        lives(&end(["7C 7D 7H", "8C 8D 8H", "9C 9D 9H"], "TH JS QS")),
        [2, 3, 3],
        "all 30½: the lowest rank loses"
    );
    assert_eq!(
        lives(&end(["7C 7D 7H", "8C 8D 8H", "AD KD 9D"], "TH JS QS")),
        [3, 3, 2],
        "30 is below 30½"
    );
    // Every active player ties: nobody loses, the same dealer deals again.
    let g = end([H0, "9C 7D 8H", "8C 9D 7S"], "TH JH QS");
    assert_eq!(lives(&g), [3, 3, 3]);
    assert_eq!(g.dealer(), Seat(0));
    assert_eq!(end([H0, H1, H2], PACK).dealer(), Seat(1));
    // Three aces: every other active player loses one life.
    let g = pos(
        Rules::default(),
        &["AC AD 7S", H1, H2.replace("AD", "TD").as_str()],
        "AH JH QS",
        0,
        Some(1),
        &[3, 3, 3],
    );
    let g = play(g, &["swap 7S AH"]);
    assert_eq!(lives(&g), [3, 2, 2]);
}

#[test]
fn s15_1_option_all_tie_all_lose() {
    let rules = Rules {
        all_tie: AllTie::AllLose,
        ..Rules::default()
    };
    let g = pos(
        rules,
        &[H0, "9C 7D 8H", "8C 9D 7S"],
        "TH JH QS",
        0,
        Some(1),
        &[3, 3, 3],
    );
    let g = play(g, &["pass"]);
    assert_eq!(lives(&g), [2, 2, 2]);
}

#[test]
fn s16_knockers_risk_three_settings() {
    let with = |risk, hands: [&str; 3]| {
        let rules = Rules {
            knocker_risk: risk,
            ..Rules::default()
        };
        // Seat 0 knocked; seat 2 moves last.
        play(pos(rules, &hands, PACK, 2, Some(0), &[3, 3, 3]), &["pass"])
    };
    let lowest_knocker = [H0, H1, H2];
    assert_eq!(lives(&with(KnockerRisk::Normal, lowest_knocker)), [2, 3, 3]);
    assert_eq!(
        lives(&with(KnockerRisk::DoubleLoss, lowest_knocker)),
        [1, 3, 3]
    );
    let tie = [H0, H1, "9C 7D 8H"];
    assert_eq!(lives(&with(KnockerRisk::Normal, tie)), [2, 3, 2]);
    assert_eq!(lives(&with(KnockerRisk::LosesTies, tie)), [2, 3, 3]);
    assert_eq!(lives(&with(KnockerRisk::DoubleLoss, tie)), [1, 3, 2]);
    // Not the knocker lowest: no change.
    let other = ["KD QD 7C", H1, "9C 7D 8H"];
    assert_eq!(lives(&with(KnockerRisk::DoubleLoss, other)), [3, 3, 2]);
    // Three aces end a knocked round: the knocker loses one life like everyone else.
    let rules = Rules {
        knocker_risk: KnockerRisk::DoubleLoss,
        ..Rules::default()
    };
    let g = pos(
        rules,
        &[H0, H1, "AC AH 9C"],
        "AD JH QS",
        2,
        Some(0),
        &[3, 3, 3],
    );
    let g = play(g, &["swap 9C AD"]);
    assert_eq!(lives(&g), [2, 2, 3]);
}

#[test]
fn s17_drowning_guard_when_all_would_drown() {
    let rules = Rules {
        all_tie: AllTie::AllLose,
        ..Rules::default()
    };
    let g = pos(
        rules,
        &[H0, "9C 7D 8H", "8C 9D 7S"],
        "TH JH QS",
        0,
        Some(1),
        &[0, 0, 0],
    );
    let g = play(g, &["pass"]);
    assert!((0..3).all(|s| g.is_active(Seat(s))));
    assert_eq!(g.dealer(), Seat(0), "the same dealer deals again");
    assert_eq!(g.phase(), Phase::Deal);
    // If some would survive, the losses stand.
    let g = pos(
        rules,
        &[H0, "9C 7D 8H", "8C 9D 7S"],
        "TH JH QS",
        0,
        Some(1),
        &[0, 1, 0],
    );
    let g = play(g, &["pass"]);
    assert_eq!(g.phase(), Phase::Over);
    assert_eq!(g.outcome().unwrap().places(), [2, 1, 2]);
}

#[test]
fn s18_the_deal_passes_on_and_the_first_dealer_is_a_rule() {
    let g = play(
        kept3(),
        &["pass", "pass", "swap 9S TH", "knock", "pass", "pass"],
    );
    assert_eq!(g.dealer(), Seat(1));
    assert_eq!(g.next_receiver(), Some((Seat(2), false)));
    let rules = Rules {
        first_dealer: 2,
        ..Rules::default()
    };
    assert_eq!(Schwimmen::new(rules, 3).unwrap().dealer(), Seat(2));
    assert_eq!(
        Schwimmen::new(rules, 2).unwrap_err(),
        SetupError::FirstDealer(2)
    );
}

#[test]
fn s18_1_next_dealer_after_a_drowned_dealer() {
    // Four seats, seat 2 out; dealer seat 1 drowns: seat 3 deals next.
    let mut s = setup(
        Rules::default(),
        &["KD QD 7H", H0, "", H2],
        PACK,
        3,
        Some(0),
        &[3, 0, 0, 3],
    );
    s.fates[2] = Fate::Drowned(0);
    s.round = 1;
    s.dealer = Seat(1);
    let g = Schwimmen::from_setup(&s).unwrap();
    let g = play(g, &["pass"]);
    assert_eq!(
        g.fate(Seat(1)).expect("a seat at the table"),
        Fate::Drowned(1)
    );
    assert_eq!(g.dealer(), Seat(3));
    // The dealer left mid-round and then everyone ties: the next player after his seat deals.
    let g = pos(
        Rules::default(),
        &[H0, "9C 7D 8H", "8C 9D 7S"],
        "TH JH QS",
        1,
        Some(2),
        &[3, 3, 3],
    );
    let g = g.host(&HostOp::Leave(Seat(0))).unwrap();
    let g = play(g, &["pass"]);
    assert_eq!(g.round(), 1);
    assert_eq!(g.dealer(), Seat(1));
    assert_eq!(g.next_receiver(), Some((Seat(2), false)));
}

#[test]
fn s19_the_last_active_player_wins() {
    let g = pos(Rules::default(), &[H1, H0], PACK, 1, Some(0), &[1, 0]);
    let g = play(g, &["pass"]);
    assert_eq!(g.phase(), Phase::Over);
    assert_eq!(g.actor(), Actor::Terminal);
    assert_eq!(g.outcome().unwrap().places(), [1, 2]);
    assert!(legal(&g).is_empty());
    assert_eq!(g.apply(&Action::Pass), Err(Illegal::GameOver));
}

#[test]
fn s19_1_round_limit_ranks_by_lives() {
    // Lives were lost, so this is round 1 at least (S3): the limit ends round 2.
    let rules = Rules {
        round_limit: 2,
        ..Rules::default()
    };
    let g = pos(rules, &[H0, H1, H2], PACK, 0, Some(1), &[3, 3, 1]);
    let g = play(g, &["pass"]);
    assert_eq!(g.phase(), Phase::Over);
    // Seat 0 lost one (2 left), seat 1 has 3, seat 2 has 1.
    assert_eq!(g.outcome().unwrap().places(), [2, 1, 3]);
    assert_eq!(Rules::default().round_limit, 1000);
}

#[test]
fn s20_ranking_later_drowning_ranks_better_same_round_shares() {
    let mut s = setup(
        Rules::default(),
        &["KD QD 7H", H0, "9C 7D 8H", ""],
        PACK,
        0,
        Some(0),
        &[3, 0, 0, 0],
    );
    s.fates[3] = Fate::Drowned(0);
    s.round = 1;
    s.knocker = None;
    let g = Schwimmen::from_setup(&s).unwrap();
    // Seats 1 and 2 tie lowest (9), both swimming: they drown together.
    let g = play(g, &["knock"]);
    let g = play(g, &["pass", "pass"]);
    let o = g.outcome().unwrap();
    assert_eq!(o.places(), [1, 2, 2, 4]);
    assert_eq!(schwimmen::settlement(&o), [1, 2, 2, 4]);
}

#[test]
fn s21_leaving_is_a_host_operation_and_ranks_last() {
    let g = kept3();
    assert!(legal(&g).iter().all(|m| !m.starts_with("leave")));
    let g = g.host(&HostOp::Leave(Seat(2))).unwrap();
    assert_eq!(g.fate(Seat(2)).expect("a seat at the table"), Fate::Left(1));
    assert_eq!(
        g.host(&HostOp::Leave(Seat(2))),
        Err(Illegal::AlreadyOut(Seat(2)))
    );
    assert_eq!(
        g.host(&HostOp::Leave(Seat(7))),
        Err(Illegal::NoSuchSeat(Seat(7)))
    );
    let g = g.host(&HostOp::Leave(Seat(1))).unwrap();
    assert_eq!(g.phase(), Phase::Over);
    assert_eq!(
        g.outcome().unwrap().places(),
        [1, 2, 3],
        "the later leaver ranks better"
    );
    // A drowned player ranks above a leaver.
    let mut s = setup(
        Rules::default(),
        &[H0, H1, "", H2],
        PACK,
        0,
        None,
        &[3, 3, 0, 3],
    );
    s.fates[2] = Fate::Drowned(0);
    s.round = 1;
    let g = Schwimmen::from_setup(&s).unwrap();
    let g = g.host(&HostOp::Leave(Seat(1))).unwrap();
    let g = g.host(&HostOp::Leave(Seat(3))).unwrap();
    assert_eq!(g.outcome().unwrap().places(), [1, 4, 2, 3]);
    assert_eq!(g.host(&HostOp::Leave(Seat(0))), Err(Illegal::GameOver));
}

#[test]
fn s21_1_leaving_mid_round() {
    // The hand goes to the discards face down.
    let g = kept3().host(&HostOp::Leave(Seat(2))).unwrap();
    assert_eq!(g.face_down_discards(), set(H2));
    assert!(g.discards().is_empty());
    let v = g.observe(Viewer::Seat(Seat(0)));
    assert_eq!(v.face_down_discards, 3);
    // The mover leaves: the next player moves.
    let g = kept3().host(&HostOp::Leave(Seat(1))).unwrap();
    assert_eq!(g.actor(), Actor::Player(Seat(2)));
    // The knocker leaves: the round ends when the turn would reach his seat.
    let g = play(kept3(), &["pass", "pass", "swap 9S TH", "knock", "pass"]);
    let g = g.host(&HostOp::Leave(Seat(1))).unwrap();
    assert_eq!(g.round(), 0);
    let g = play(g, &["pass"]);
    assert_eq!(g.round(), 1);
    assert_eq!(lives(&g), [2, 3, 3], "7C 8D TH (10) is below AD 8H 9C (11)");
    // The dealer leaves before his choice: the deal is void, the next player deals.
    let g = base3(Rules::default())
        .host(&HostOp::Leave(Seat(0)))
        .unwrap();
    assert_eq!(g.phase(), Phase::Deal);
    assert_eq!(g.dealer(), Seat(1));
    assert_eq!(lives(&g), [3, 3, 3]);
    // Pass counts use the players still in: two passed, the third leaves: refresh now.
    let g = play(kept3(), &["pass", "pass"])
        .host(&HostOp::Leave(Seat(0)))
        .unwrap();
    assert_eq!(g.phase(), Phase::Refill);
    // S11 counts the players still in: with the dealer gone, the opener may knock.
    let g = play(kept3(), &["pass", "swap 9C TH"]);
    assert!(!g.may_knock());
    let g = g.host(&HostOp::Leave(Seat(0))).unwrap();
    assert_eq!(g.actor(), Actor::Player(Seat(1)));
    assert!(g.may_knock());
    // One player left: the game ends without scoring the round.
    let g = play(dealt(Rules::default(), &[H0, H1], PACK), &["keep"]);
    let g = g.host(&HostOp::Leave(Seat(1))).unwrap();
    assert_eq!(g.phase(), Phase::Over);
    assert_eq!(g.lives(Seat(0)).expect("a seat at the table"), 3);
    assert_eq!(g.outcome().unwrap().places(), [1, 2]);
}

#[test]
fn s22_misdeal_costs_the_dealer_a_life_and_is_dealt_again() {
    let fresh = Schwimmen::new(Rules::default(), 3).unwrap();
    assert_eq!(fresh.host(&HostOp::Misdeal), Err(Illegal::NoMisdealNow));
    let one = fresh.apply(&Action::Deal(card("AS"))).unwrap();
    let g = one.host(&HostOp::Misdeal).unwrap();
    assert_eq!(lives(&g), [2, 3, 3]);
    assert_eq!(g.dealer(), Seat(0));
    assert_eq!(g.stock(), deck::CARDS_32);
    assert_eq!(g.phase(), Phase::Deal);
    // Also at the dealer's choice, but not after it.
    assert!(base3(Rules::default()).host(&HostOp::Misdeal).is_ok());
    assert_eq!(kept3().host(&HostOp::Misdeal), Err(Illegal::NoMisdealNow));
    // A swimming dealer drowns; the next player deals.
    let mut s = base3(Rules::default()).to_setup();
    s.lives = vec![0, 3, 3];
    s.round = 1; // lives are lost only at a round's end (S3)
    let g = Schwimmen::from_setup(&s)
        .unwrap()
        .host(&HostOp::Misdeal)
        .unwrap();
    assert_eq!(
        g.fate(Seat(0)).expect("a seat at the table"),
        Fate::Drowned(1)
    );
    assert_eq!(g.dealer(), Seat(1));
}

#[test]
fn s23_views_hold_only_what_a_seat_may_see() {
    let g = kept3();
    let v = g.observe(Viewer::Seat(Seat(2)));
    assert_eq!(v.hand, set(H2));
    assert_eq!(v.hand_sizes.as_slice(), [3, 3, 3]);
    assert_eq!(v.middle, set(PACK));
    assert_eq!(usize::from(v.stock), g.stock().len());
    assert_eq!(g.observe(Viewer::Spectator).hand, CardSet::EMPTY);
    // The second pack is unseen by everyone, the dealer included, until it is turned.
    let c = base3(Rules::default());
    let dealer = c.observe(Viewer::Seat(Seat(0)));
    assert_eq!(dealer.hand, set(H0));
    assert_eq!(dealer.second_pack, 3);
    // Deal events: the receiver sees his card, others only that a card was dealt.
    let g = Schwimmen::new(Rules::default(), 3).unwrap();
    let a = Action::Deal(card("QH"));
    let mine = g.event(&a, Viewer::Seat(Seat(1))).unwrap();
    let theirs = g.event(&a, Viewer::Seat(Seat(2))).unwrap();
    assert!(matches!(mine.seen, Seen::Dealt { card: Some(_), .. }));
    assert!(matches!(theirs.seen, Seen::Dealt { card: None, .. }));
    assert_eq!(theirs.to_string(), "seat 1 is dealt a card");
    assert!(!theirs.to_string().contains("QH"));
    // At a round end every active hand is shown to all.
    let g = play(kept3(), &["pass", "pass", "swap 9S TH", "knock", "pass"]);
    let e = g.event(&Action::Pass, Viewer::Seat(Seat(2))).unwrap();
    let end = e.round_end.clone().unwrap();
    assert_eq!(end.shown[Seat(1)], set(H1));
    assert!(e.to_string().contains("loses a life"), "{e}");
    let after = play(g, &["pass"]);
    let last = after
        .observe(Viewer::Spectator)
        .last_round
        .expect("a scored round");
    assert_eq!(last.shown[Seat(1)], set(H1));
    assert_eq!(Some(last), after.last_round());
}

#[cfg(feature = "serde")]
#[test]
fn s23_view_json_has_no_card_of_another_hand() {
    let g = kept3();
    for seat in 0..3u8 {
        let json = serde_json::to_string(&g.observe(Viewer::Seat(Seat(seat)))).unwrap();
        for other in (0..3u8).filter(|&o| o != seat) {
            for c in g.hand(Seat(other)).expect("a seat at the table") {
                assert!(
                    !json.contains(&format!("\"{c}\"")),
                    "seat {seat} sees {c}: {json}"
                );
            }
        }
        for c in g.stock() {
            assert!(!json.contains(&format!("\"{c}\"")));
        }
    }
    // The dealer's second pack never shows before it is turned.
    let c = base3(Rules::default());
    let json = serde_json::to_string(&c.observe(Viewer::Seat(Seat(0)))).unwrap();
    for card in c.second_pack() {
        assert!(!json.contains(&format!("\"{card}\"")));
    }
}

#[test]
fn s23_1_a_view_carries_phase_knock_state_and_the_first_pack() {
    let c = base3(Rules::default());
    let v = c.observe(Viewer::Seat(Seat(0)));
    assert_eq!(v.phase, Phase::DealerChoice);
    let mut out = Vec::new();
    v.legal_actions(&mut out);
    assert_eq!(out, [Action::Keep, Action::TakeOther]);
    let g = play(kept3(), &["pass", "pass", "swap 9S TH"]);
    let v = g.observe(Viewer::Seat(Seat(1)));
    assert!(v.may_knock);
    v.legal_actions(&mut out);
    let mut from_state = Vec::new();
    g.legal_actions(&mut from_state);
    assert_eq!(out, from_state);
    let g = play(g, &["knock"]);
    let v = g.observe(Viewer::Seat(Seat(2)));
    assert_eq!(v.knocker, Some(Seat(1)));
    assert!(!v.may_knock);
    // Another seat's view lists nothing.
    g.observe(Viewer::Seat(Seat(0))).legal_actions(&mut out);
    assert!(out.is_empty());
    let _ = Outcome::from_places(&[1, 2]);
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
