//! Text forms refuse what can never be legal, with the range in the message,
//! and never repeat more than a few dozen characters of their input.

use schwimmen::{Action, HostOp, ParseActionError, Schwimmen};

#[test]
fn s2_leave_takes_only_seats_0_to_8_in_plain_digits() {
    for ok in ["leave 0", "leave 8"] {
        assert!(ok.parse::<HostOp>().is_ok(), "{ok}");
    }
    // Only the printed form (S25).
    for other in ["LEAVE 1", "Leave 3", "  leave   2 ", "leave 008"] {
        assert!(other.parse::<HostOp>().is_err(), "{other}");
    }
    for bad in [
        "leave +3",
        "leave -1",
        "leave 9",
        "leave 255",
        "leave 256",
        "leave 1_0",
        "leave ３",
        "leave 0x1",
        "leave",
    ] {
        let e = bad.parse::<HostOp>().expect_err(bad);
        if bad != "leave" {
            assert!(matches!(e, ParseActionError::Seat(_)), "{bad}: {e:?}");
            assert!(e.to_string().contains("0 to 8"), "{e}");
            assert!(e.to_string().contains("(S2"), "{e}");
        }
    }
}

#[test]
fn s1_actions_name_only_cards_of_the_32_card_deck() {
    for bad in ["deal 2C", "refill 6H", "swap 7H 5S", "swap AS 3D"] {
        let e = bad.parse::<Action>().expect_err(bad);
        assert!(matches!(e, ParseActionError::Card(_)), "{bad}: {e:?}");
        assert!(e.to_string().contains("(S1)"), "{e}");
    }
    assert!("deal 10h".parse::<Action>().is_ok());
    assert!("swap 7♥ a♠".parse::<Action>().is_ok());
}

#[test]
fn parse_errors_echo_at_most_a_short_prefix_of_the_input() {
    let huge = format!("swap {}", "x".repeat(1 << 20));
    let e = huge
        .parse::<Action>()
        .expect_err("not an action")
        .to_string();
    assert!(e.len() < 400, "{} bytes", e.len());
    let e = format!("leave {}", "9".repeat(1 << 20))
        .parse::<HostOp>()
        .expect_err("not a seat")
        .to_string();
    assert!(e.len() < 400, "{} bytes", e.len());
    let save = format!("phase: {}\n", "q".repeat(1 << 20));
    let e = save
        .parse::<Schwimmen>()
        .expect_err("no position")
        .to_string();
    assert!(e.len() < 400, "{} bytes", e.len());
}

#[test]
fn setup_text_numbers_are_digits_in_their_range() {
    let g: Schwimmen = <Schwimmen as cards_core::Game>::new(Default::default(), 3).expect("game");
    let text = g.to_string();
    for (from, to, range) in [
        ("dealer: 0", "dealer: +0", "0 to 8"),
        ("dealer: 0", "dealer: 255", "0 to 8"),
        ("lives: 3 3 3", "lives: 3 3 300", "0 to 100"),
        ("turns: 0", "turns: -0", "0 to 9999"),
        ("round: 0", "round: 99999", "0 to 10000"),
        ("lives=3", "lives=0", "1 to 100"),
        ("turn_limit=100", "turn_limit=+100", "1 to 10000"),
    ] {
        let bad = text.replacen(from, to, 1);
        assert_ne!(bad, text, "{from}");
        let e = bad.parse::<Schwimmen>().expect_err(to).to_string();
        assert!(e.contains(range), "{to}: {e}");
    }
}

#[test]
fn s9_a_move_that_does_not_parse_suggests_only_what_a_player_may_type() {
    let e = "fly away"
        .parse::<schwimmen::Action>()
        .expect_err("nonsense")
        .to_string();
    assert!(
        e.contains("swap 7H AS") && e.contains("knock") && e.contains("(S9)"),
        "{e}"
    );
    for host_or_chance in ["deal", "refill", "leave", "misdeal"] {
        assert!(!e.contains(host_or_chance), "{e}");
    }
    let e = "fly"
        .parse::<schwimmen::HostOp>()
        .expect_err("nonsense")
        .to_string();
    assert!(
        e.contains("leave 2 (S21)") && e.contains("misdeal (S22)"),
        "{e}"
    );
}

#[test]
fn s21_refusals_name_their_clause_and_a_missing_seat_once() {
    use cards_core::{Game, Seat};
    let g = schwimmen::Schwimmen::new(schwimmen::Rules::default(), 3).expect("game");
    let e = g
        .host(&schwimmen::HostOp::Leave(Seat(7)))
        .expect_err("no seat 7")
        .to_string();
    assert_eq!(e, "there is no seat 7: the table has 3 seats (S2, S21)");
    let e = g
        .apply(&schwimmen::Action::Knock)
        .expect_err("chance first")
        .to_string();
    assert!(e.contains("(S5.1, S10)"), "{e}");
}
