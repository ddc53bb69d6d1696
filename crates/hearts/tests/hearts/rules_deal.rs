//! R1–R5.1: seats, parameters, the pass direction, the deal and the passing.

use cards_core::{Actor, Card, CardSet, Game, Seat};
use hearts::{Action, Hearts, Illegal, PassDir, Phase, Rules, SetupError};

use crate::common::{card, cards, dealt, legal, play};

#[test]
fn r1_four_seats_one_deck() {
    for n in [0, 3, 5, 10] {
        let e = Hearts::new(Rules::default(), n).expect_err("only four");
        assert_eq!(e, SetupError::Seats(n));
        assert!(e.to_string().contains("(R1)"));
    }
    let g = dealt(Rules::default(), PassDir::NoPass, ["", "", "", ""]);
    let hands: Vec<CardSet> = (0..4).map(|s| g.hand(Seat(s)).expect("seat")).collect();
    assert!(hands.iter().all(|h| h.len() == 13));
    assert_eq!(
        hands.iter().fold(CardSet::EMPTY, |a, &h| a | h),
        CardSet::ALL
    );
    assert_eq!(g.seats(), 4);
}

#[test]
fn r1_a_seat_passes_and_plays_only_cards_from_its_own_hand() {
    // Seat 2 leads, following suit (R7) has nothing to do with it.
    let mut g = dealt(Rules::default(), PassDir::NoPass, ["", "", "2C", "3C"]);
    let e = g
        .apply(&Action::Play(card("3C")))
        .expect_err("seat 3's card");
    assert_eq!(e, Illegal::NotInHand);
    let text = e.to_string();
    assert!(text.contains("(R1)") && !text.contains("R7"), "{text}");
    play(&mut g, &["play 2C"]);
    let e = g
        .apply(&Action::Play(card("2C")))
        .expect_err("played already");
    assert_eq!(e, Illegal::NotInHand);
    let passing = dealt(Rules::default(), PassDir::Left, ["", "AS", "", ""]);
    let e = passing
        .apply(&Action::Pass(card("AS")))
        .expect_err("seat 1's card");
    assert_eq!(e, Illegal::NotInHand);
    assert!(e.to_string().contains("(R1)"), "{e}");
}

#[test]
fn r2_defaults_are_openspiels_and_every_combination_plays() {
    let r = Rules::default();
    assert!(r.pass_cards && r.no_pts_on_first_trick && r.must_break_hearts && r.qs_breaks_hearts);
    assert!(!(r.can_lead_any_club || r.jd_bonus || r.avoid_all_tricks_bonus));
    assert!(!r.can_lead_hearts_instead_of_qs);
    for bits in 0u16..256 {
        let b = |i: u16| bits >> i & 1 == 1;
        let rules = Rules {
            pass_cards: b(0),
            no_pts_on_first_trick: b(1),
            can_lead_any_club: b(2),
            jd_bonus: b(3),
            avoid_all_tricks_bonus: b(4),
            must_break_hearts: b(5),
            qs_breaks_hearts: b(6),
            can_lead_hearts_instead_of_qs: b(7),
        };
        assert!(Hearts::new(rules, 4).is_ok());
    }
}

#[test]
fn r3_the_pass_direction_is_the_first_chance_step() {
    let g = Hearts::new(Rules::default(), 4).expect("valid");
    assert_eq!(g.actor(), Actor::Chance);
    let mut outs = Vec::new();
    g.chance_outcomes(&mut outs);
    assert_eq!(
        outs,
        PassDir::ALL.map(|d| (Action::Direction(d), 1)).to_vec()
    );
    assert_eq!(
        g.apply(&Action::Deal(card("2C"))),
        Err(Illegal::WrongChanceStep {
            due: "the pass direction"
        })
    );
    assert_eq!(
        g.apply(&Action::Play(card("2C"))),
        Err(Illegal::ChanceFirst)
    );
    let no_pass = Hearts::new(
        Rules {
            pass_cards: false,
            ..Rules::default()
        },
        4,
    )
    .expect("valid");
    no_pass.chance_outcomes(&mut outs);
    assert_eq!(outs, vec![(Action::Direction(PassDir::NoPass), 1)]);
    let e = no_pass
        .apply(&Action::Direction(PassDir::Left))
        .expect_err("R3");
    assert_eq!(e, Illegal::NoPassing);
    assert!(e.to_string().contains("(R3)"));
    let next = g.apply(&Action::Direction(PassDir::Across)).expect("legal");
    assert_eq!(
        (next.phase(), next.pass_dir()),
        (Phase::Deal, Some(PassDir::Across))
    );
}

#[test]
fn r4_the_kth_card_goes_to_seat_k_mod_4() {
    let mut g = Hearts::new(Rules::default(), 4).expect("valid");
    play(
        &mut g,
        &[
            "direction left",
            "deal 2C",
            "deal AS",
            "deal 7H",
            "deal 9D",
            "deal 3C",
        ],
    );
    assert_eq!(g.hand(Seat(0)), Some(cards("2C 3C")));
    assert_eq!(g.hand(Seat(1)), Some(cards("AS")));
    assert_eq!(g.hand(Seat(3)), Some(cards("9D")));
    let mut outs = Vec::new();
    g.chance_outcomes(&mut outs);
    assert_eq!(outs.len(), 47);
    assert!(outs.iter().all(|&(_, w)| w == 1));
    assert_eq!(
        outs[0],
        (Action::Deal(card("4C")), 1),
        "suit by suit, two first"
    );
    let e = g.apply(&Action::Deal(card("AS"))).expect_err("dealt");
    assert_eq!(e, Illegal::Dealt);
    assert!(e.to_string().contains("(R4)"));
    assert_eq!(
        g.apply(&Action::Direction(PassDir::Left)),
        Err(Illegal::WrongChanceStep {
            due: "a card of the deal"
        })
    );
}

#[test]
fn r5_seats_pass_three_cards_in_order_then_receive_all_at_once() {
    let mut g = dealt(
        Rules::default(),
        PassDir::Left,
        ["AS KS QS", "AH KH QH", "AD KD QD", "AC KC QC"],
    );
    assert_eq!(
        (g.phase(), g.actor()),
        (Phase::Pass, Actor::Player(Seat(0)))
    );
    assert_eq!(legal(&g).len(), 13);
    assert_eq!(
        g.apply(&Action::Play(card("AS"))),
        Err(Illegal::WrongMove { due: "passed" })
    );
    play(&mut g, &["pass AS", "pass KS"]);
    let e = g
        .apply(&Action::Pass(card("AS")))
        .expect_err("passed already");
    assert_eq!(e, Illegal::NotInHand);
    assert!(e.to_string().contains("(R1)"), "{e}");
    play(&mut g, &["pass QS"]);
    assert_eq!(g.actor(), Actor::Player(Seat(1)));
    assert!(
        !g.hand(Seat(1)).expect("seat").contains(card("AS")),
        "nothing received yet"
    );
    play(
        &mut g,
        &[
            "pass AH", "pass KH", "pass QH", "pass AD", "pass KD", "pass QD",
        ],
    );
    play(&mut g, &["pass AC", "pass KC", "pass QC"]);
    assert_eq!(g.phase(), Phase::Play);
    assert!(cards("AS KS QS").is_subset(g.hand(Seat(1)).expect("seat")));
    assert!(cards("AC KC QC").is_subset(g.hand(Seat(0)).expect("seat")));
    assert!(cards("AD KD QD").is_subset(g.hand(Seat(3)).expect("seat")));
    assert_eq!(g.passed(Seat(2)), Some(cards("AD KD QD")));
    assert!((0..4).all(|s| g.hand(Seat(s)).expect("seat").len() == 13));
}

#[test]
fn r5_1_without_a_direction_play_begins_after_the_deal() {
    let g = dealt(Rules::default(), PassDir::NoPass, ["", "", "2C", ""]);
    assert_eq!(
        (g.phase(), g.actor()),
        (Phase::Play, Actor::Player(Seat(2)))
    );
    let mut across = dealt(Rules::default(), PassDir::Across, ["2C", "", "", ""]);
    for s in 0..4u8 {
        let hand: Vec<Card> = across
            .hand(Seat(s))
            .expect("seat")
            .iter()
            .rev()
            .take(3)
            .collect();
        for c in hand {
            across.apply_mut(&Action::Pass(c)).expect("pass");
        }
    }
    assert_eq!(
        across.actor(),
        Actor::Player(Seat(0)),
        "2C stayed with seat 0"
    );
}
