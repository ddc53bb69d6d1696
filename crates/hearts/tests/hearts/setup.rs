//! R15: positions load only when they hold together; every refusal names its clause.

use cards_core::{CardSet, Game, Save, Seat};
use hearts::{Hearts, PassDir, Phase, Rules, Setup, SetupError};

use crate::common::{card, dealt, play, position, position_setup};

/// A position in the first trick after the passing to the left.
fn base() -> Setup {
    let mut g = dealt(
        Rules::default(),
        PassDir::Left,
        ["2C 3C 4C", "AS KS QS", "", ""],
    );
    for s in 0..4u8 {
        let c: Vec<_> = g
            .hand(Seat(s))
            .expect("seat")
            .iter()
            .rev()
            .take(3)
            .collect();
        for c in c {
            g.apply_mut(&hearts::Action::Pass(c)).expect("pass");
        }
    }
    play(&mut g, &["play 2C"]);
    g.save()
}

fn refused(s: Setup, clause: &str) {
    let e = Hearts::load(s).expect_err("refused");
    assert!(e.to_string().contains(clause), "{e} should name {clause}");
}

#[test]
fn r15_a_valid_setup_loads_and_saves_back() {
    let s = base();
    let g = Hearts::load(s.clone()).expect("valid");
    assert_eq!(g.save(), s);
    assert_eq!(g.phase(), Phase::Play);
}

#[test]
fn r15_setups_that_do_not_hold_together_are_refused_with_their_clause() {
    let mut s = base();
    s.hands[3].insert(card("2C"));
    assert_eq!(Hearts::load(s), Err(SetupError::NotConserved));
    let mut s = base();
    s.to_act = Seat(7);
    refused(s, "(R1)");
    let mut s = base();
    s.pass_dir = None;
    refused(s, "(R3)");
    let mut s = base();
    s.rules.pass_cards = false;
    refused(s, "(R3)");
    // A passed card back with its passer.
    let mut s = base();
    let c = s.passed[0].first().expect("passed");
    s.hands[1].remove(c);
    s.hands[0].insert(c);
    let back = s.hands[0]
        .iter()
        .find(|&x| x != c && x != card("2C"))
        .expect("card");
    s.hands[0].remove(back);
    s.hands[1].insert(back);
    refused(s, "(R5)");
    // Cards missing from a hand that played no more than the others.
    let mut s = base();
    let c = s.hands[2].first().expect("card");
    s.hands[2].remove(c);
    s.won[2].insert(c);
    refused(s, "(R10)");
    let mut s = base();
    s.phase = Phase::Over;
    refused(s, "(R11)");
    // The first trick led by another card than a club.
    let mut s = base();
    let lead = s.hands[0]
        .iter()
        .find(|c| c.suit() != cards_core::Suit::Clubs)
        .expect("card");
    s.hands[0].remove(lead);
    s.hands[0].insert(card("2C"));
    s.trick = vec![lead];
    refused(s, "(R6");
    let mut s = base();
    s.trick.extend([card("AD"), card("KD"), card("QD")]);
    refused(s, "(R10)");
}

#[test]
fn r15_setups_before_the_play_follow_the_deal_and_the_passing() {
    let g = dealt(Rules::default(), PassDir::Right, ["", "", "", ""]);
    let mut s = g.save();
    s.passed[1].insert(card("2C"));
    s.hands[0].remove(card("2C"));
    refused(s, "(R5)");
    let mut s = g.save();
    s.pass_dir = Some(PassDir::NoPass);
    refused(s, "(R5.1)");
    let fresh = Hearts::new(Rules::default(), 4).expect("valid");
    let mut s = fresh.save();
    s.hands[2].insert(card("AS"));
    refused(s, "(R4)");
    let mut s = fresh.save();
    s.trick = vec![card("AS")];
    refused(s, "(R5, R6)");
    let mut s = fresh.save();
    s.phase = Phase::Deal;
    refused(s, "(R3)");
    let hand_built = position(
        Rules::default(),
        [3, 2, 0, 1],
        ["", "", "", ""],
        ["", "", "", ""],
        "",
        2,
    );
    assert_eq!(Hearts::load(hand_built.save()), Ok(hand_built));
    assert_eq!(CardSet::ALL.len(), 52);
}

#[test]
fn r15_the_first_trick_is_led_by_the_holder_of_the_two_of_clubs() {
    let any_club = Rules {
        can_lead_any_club: true,
        ..Rules::default()
    };
    let none = ["", "", "", ""];
    // Seat 0 leads 3C keeping 2C (R6.1), seat 1 to play: loads.
    let s = position_setup(any_club, [0; 4], none, ["2C", "", "", ""], "3C", 1);
    assert!(Hearts::load(s.clone()).is_ok());
    // 2C moved into the trick as seat 1's card: seat 1 held it and led
    // nothing, so the position is refused, not loaded with seat 0 leading.
    let mut late = s;
    let x = late.hands[1].first().expect("card");
    late.hands[1].remove(x);
    late.hands[0].remove(card("2C"));
    late.hands[0].insert(x);
    late.trick.push(card("2C"));
    late.to_act = Seat(2);
    refused(late, "(R6");
    // The same with 2C led is the usual start.
    let s = position_setup(any_club, [0; 4], none, none, "2C 3C", 2);
    assert!(Hearts::load(s).is_ok());
}

#[test]
fn r15_once_a_trick_is_taken_it_held_the_opening_lead() {
    let any_club = Rules {
        can_lead_any_club: true,
        ..Rules::default()
    };
    let clubs = ["3C 4C 5C 6C", "", "", ""];
    let holds_2c = ["2C", "", "", ""];
    let s = position_setup(Rules::default(), [1, 0, 0, 0], clubs, holds_2c, "", 0);
    refused(s.clone(), "(R6");
    // With can_lead_any_club, seat 0 may have led 3C and kept 2C.
    let g = Hearts::load(Setup {
        rules: any_club,
        ..s
    })
    .expect("any club opened");
    assert!(g.hand(Seat(0)).expect("seat").contains(card("2C")));
    // A trick taken without a club was not the first.
    let diamonds = ["2D 3D 4D 5D", "", "", ""];
    for rules in [Rules::default(), any_club] {
        let s = position_setup(rules, [1, 0, 0, 0], diamonds, holds_2c, "", 0);
        refused(s, "(R6");
    }
    let none = ["", "", "", ""];
    let s = position_setup(Rules::default(), [1, 0, 0, 0], none, none, "", 0);
    let g = Hearts::load(s).expect("2C went with the first trick");
    assert!(g.won(Seat(0)).expect("seat").contains(card("2C")));
}

#[cfg(feature = "serde")]
#[test]
fn r15_json_saves_load_through_the_setup_and_refuse_unknown_fields() {
    let g = Hearts::load(base()).expect("valid");
    let json = serde_json::to_string(&g).expect("saves");
    assert_eq!(serde_json::from_str::<Hearts>(&json).expect("loads"), g);
    let tampered = json.replacen("\"to_act\":", "\"extra\":1,\"to_act\":", 1);
    assert!(serde_json::from_str::<Hearts>(&tampered).is_err());
    let moved = json.replacen("\"phase\":\"play\"", "\"phase\":\"over\"", 1);
    let e = serde_json::from_str::<Hearts>(&moved)
        .expect_err("refused")
        .to_string();
    assert!(e.contains("(R11)"), "{e}");
}
