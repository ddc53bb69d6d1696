//! R13–R16: views and events, positions dealt from a view, text forms and
//! ids, host operations.

use cards_core::{
    Card, CardSet, ChaCha8Rng, Determinize, Game, Redeal, Seat, SeatView, SeedableRng, Viewer,
};
use hearts::{Action, Hearts, HostOp, PassDir, Phase, Rules, Seen};

use crate::common::{card, cards, dealt, play};

/// A deal to the left where seat 0 has passed AS and KS.
fn mid_pass() -> Hearts {
    let mut g = dealt(
        Rules::default(),
        PassDir::Left,
        ["AS KS QS 2C", "AH KH QH", "", ""],
    );
    play(&mut g, &["pass AS", "pass KS"]);
    g
}

#[test]
fn r13_a_seat_sees_its_hand_and_passed_cards_and_only_counts_of_others() {
    let g = mid_pass();
    let own = g.observe(Viewer::Seat(Seat(0)));
    assert_eq!(own.passed, Some(cards("AS KS")));
    assert_eq!(own.hand, g.hand(Seat(0)));
    assert_eq!(own.passed_sizes, [2, 0, 0, 0]);
    assert_eq!(own.hand_sizes, [11, 13, 13, 13]);
    let other = g.observe(Viewer::Seat(Seat(1)));
    assert_eq!((other.passed, other.received), (Some(CardSet::EMPTY), None));
    assert_eq!(other.hand, g.hand(Seat(1)));
    let spectator = g.observe(Viewer::Spectator);
    assert_eq!((spectator.hand, spectator.passed), (None, None));
    // Re-dealing what seat 1 cannot see changes other hands, not its view.
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let r = g.redeal_hidden(Seat(1), &mut rng);
    assert_ne!(r.hand(Seat(0)), g.hand(Seat(0)));
    assert_eq!(r.observe(Viewer::Seat(Seat(1))), other);
    assert_eq!(r.observe(Viewer::Spectator), spectator);
    let mut mine = Vec::new();
    own.legal_actions(&mut mine);
    let mut all = Vec::new();
    g.legal_actions(&mut all);
    assert_eq!(mine, all);
    other.legal_actions(&mut mine);
    assert!(mine.is_empty(), "not seat 1's turn");
}

#[test]
fn r13_cards_are_received_after_every_seat_passed_and_seen_by_their_receiver() {
    let mut g = mid_pass();
    play(&mut g, &["pass QS", "pass AH", "pass KH"]);
    let e = g
        .event(&Action::Pass(card("QH")), Viewer::Seat(Seat(1)))
        .expect("legal");
    assert_eq!(
        e.seen,
        Seen::Passed {
            seat: Seat(1),
            card: Some(card("QH"))
        }
    );
    assert_eq!(e.to_string(), "you pass QH");
    let o = g
        .event(&Action::Pass(card("QH")), Viewer::Seat(Seat(2)))
        .expect("legal");
    assert_eq!(o.to_string(), "seat 1 passes a card");
    play(&mut g, &["pass QH"]);
    for s in 2..4u8 {
        let c: Vec<Card> = g.hand(Seat(s)).expect("seat").iter().take(3).collect();
        for (i, c) in c.into_iter().enumerate() {
            let last = s == 3 && i == 2;
            let e = g
                .event(&Action::Pass(c), Viewer::Seat(Seat(1)))
                .expect("legal");
            assert_eq!(e.received.is_some(), last);
            if last {
                assert_eq!(e.received, Some(cards("AS KS QS")));
                assert!(e.to_string().ends_with("; you receive QS KS AS"), "{e}");
            }
            g.apply_mut(&Action::Pass(c)).expect("pass");
        }
    }
    assert_eq!(g.phase(), Phase::Play);
    let v = g.observe(Viewer::Seat(Seat(1)));
    assert_eq!(v.received, Some(cards("AS KS QS")));
    assert_eq!(v.passed, Some(cards("AH KH QH")));
}

#[test]
fn r13_a_dealt_card_is_named_only_to_its_receiver() {
    let mut g = Hearts::new(Rules::default(), 4).expect("valid");
    play(&mut g, &["direction none", "deal 7H"]);
    let a = Action::Deal(card("KS"));
    assert_eq!(
        g.event(&a, Viewer::Seat(Seat(1)))
            .expect("legal")
            .to_string(),
        "you get KS"
    );
    assert_eq!(
        g.event(&a, Viewer::Seat(Seat(0)))
            .expect("legal")
            .to_string(),
        "seat 1 is dealt a card"
    );
    let first = Hearts::new(Rules::default(), 4).expect("valid");
    let e = first
        .event(&Action::Direction(PassDir::Across), Viewer::Spectator)
        .expect("legal");
    assert_eq!(e.to_string(), "cards are passed across");
}

#[test]
fn r13_1_a_position_dealt_from_a_view_keeps_what_the_seat_knows() {
    let mut g = mid_pass();
    play(&mut g, &["pass QS"]);
    for s in 1..4u8 {
        let c: Vec<Card> = g.hand(Seat(s)).expect("seat").iter().take(3).collect();
        for c in c {
            g.apply_mut(&Action::Pass(c)).expect("pass");
        }
    }
    let view = g.observe(Viewer::Seat(Seat(0)));
    let received = view.received.expect("received");
    let leader = g.turn().expect("play");
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut moved = false;
    for _ in 0..50 {
        let d = Hearts::determinize(&Rules::default(), &view, &mut rng).expect("deals");
        assert_eq!(d.observe(Viewer::Seat(Seat(0))), view);
        assert!(cards("AS KS QS").is_subset(d.hand(Seat(1)).expect("seat")));
        assert_eq!(d.passed(Seat(3)), Some(received));
        assert!(d.hand(leader).expect("seat").contains(card("2C")));
        moved |= d.hand(Seat(2)) != g.hand(Seat(2));
    }
    assert!(moved, "hidden cards are dealt afresh");
    let spectator = g.observe(Viewer::Spectator);
    assert!(Hearts::determinize(&Rules::default(), &spectator, &mut rng).is_err());
    let other = Rules {
        jd_bonus: true,
        ..Rules::default()
    };
    let e = Hearts::determinize(&other, &view, &mut rng).expect_err("other rules");
    assert!(e.to_string().contains("(R2)"));
}

#[test]
fn r13_1_a_view_naming_a_seat_past_the_table_is_refused_not_a_panic() {
    let rules = Rules::default();
    let g = dealt(rules, PassDir::NoPass, ["", "", "2C", ""]);
    let view = g.observe(Viewer::Seat(Seat(0)));
    assert_eq!(view.check(&rules), Ok(Seat(0)));
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let refused = |v: &hearts::View, clause: &str| {
        let e = v.check(&rules).expect_err("refused");
        assert!(e.to_string().contains(clause), "{e} should name {clause}");
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let d = Hearts::determinize(&rules, v, &mut rng).expect_err("refused");
        assert_eq!(d, e);
    };
    for bad in [4, 9, 255] {
        let mut v = view.clone();
        v.leader = Some(Seat(bad));
        refused(&v, "(R1)");
        let mut v = view.clone();
        v.turn = Some(Seat(bad));
        refused(&v, "(R1)");
    }
    // The seat to act is there exactly during the passing and the play, and
    // follows the trick's cards from its leader.
    let mut v = view.clone();
    v.turn = None;
    refused(&v, "(R5, R6)");
    let mut v = view.clone();
    v.leader = Some(Seat(1));
    refused(&v, "(R10)");
    let mut after = g;
    play(&mut after, &["play 2C"]);
    let v = after.observe(Viewer::Seat(Seat(0)));
    assert!(Hearts::determinize(&rules, &v, &mut rng).is_ok());
    let mut v2 = v.clone();
    v2.turn = Some(Seat(2));
    refused(&v2, "(R10)");
}

#[test]
fn r14_actions_round_trip_through_text_and_openspiel_ids() {
    let mut all: Vec<Action> = PassDir::ALL.map(Action::Direction).to_vec();
    for i in 0..52 {
        let c = Card::from_index(i).expect("card");
        all.extend([Action::Deal(c), Action::Pass(c), Action::Play(c)]);
    }
    for a in &all {
        assert_eq!(a.to_string().parse::<Action>().as_ref(), Ok(a));
    }
    assert_eq!(Action::Play(card("2C")).spiel_id(), 0);
    assert_eq!(Action::Play(card("2D")).spiel_id(), 1);
    assert_eq!(Action::Play(card("QS")).spiel_id(), 43);
    assert_eq!(Action::Pass(card("AS")).spiel_id(), 51);
    assert_eq!(Action::Direction(PassDir::Right).spiel_id(), 3);
    let g = dealt(Rules::default(), PassDir::Left, ["", "", "", ""]);
    assert_eq!(g.spiel_action(43), Some(Action::Pass(card("QS"))));
    assert_eq!(g.spiel_action(52), None);
    for bad in [
        "",
        "play",
        "play 1X",
        "direction up",
        "pass QS QS",
        "lead 2C",
    ] {
        let e = bad.parse::<Action>().expect_err(bad);
        assert!(e.to_string().contains("(R14)"), "{e}");
    }
}

#[test]
fn r16_there_are_no_host_operations() {
    let e = "leave 1".parse::<HostOp>().expect_err("none");
    assert!(e.to_string().contains("(R16)"));
}
