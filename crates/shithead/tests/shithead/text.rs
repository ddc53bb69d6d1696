//! Text forms refuse what can never be legal, and error messages repeat only
//! a capped part of their input (issue 8 defect 3, issue 13 item 5).

use cards_core::ParseLeaveError;
use cards_core::{MAX_SEATS, Seat};
use shithead::{Action, Leave};

#[test]
fn h21_leave_takes_a_seat_from_0_to_the_largest_table_any_case() {
    assert_eq!("leave 2".parse::<Leave>(), Ok(Leave(Seat(2))));
    // Only the printed form (H24).
    for other in ["LEAVE 1", "  Leave   9 ", "leave 09"] {
        assert!(other.parse::<Leave>().is_err(), "{other}");
    }
    let max = MAX_SEATS - 1;
    for bad in [
        "leave 255",
        "leave 10",
        "leave +3",
        "leave -0",
        "leave 3.0",
        "leave 1 2",
    ] {
        match bad.parse::<Leave>() {
            Err(e @ ParseLeaveError::Seat { .. }) => {
                let msg = e.to_string();
                assert!(msg.contains(&format!("from 0 to {max}")), "{bad}: {msg}");
            }
            other => panic!("{bad}: {other:?}"),
        }
    }
    for bad in [
        "leave", "leave ", "leav 2", "leave2", "quit 2", "", "lëave 2",
    ] {
        assert!(
            matches!(bad.parse::<Leave>(), Err(ParseLeaveError::NotLeave(_))),
            "{bad}"
        );
    }
    // Display and parse agree for every seat.
    for s in 0..MAX_SEATS as u8 {
        assert_eq!(
            Leave(Seat(s)).to_string().parse::<Leave>(),
            Ok(Leave(Seat(s)))
        );
    }
}

#[test]
fn h1_numbers_in_action_text_are_ranks_only_and_refuse_signs() {
    assert_eq!(
        "play 10S".parse::<Action>().map(|a| a.to_string()),
        Ok("play TS".into())
    );
    for bad in [
        "play +10S",
        "play 010S",
        "play 1S",
        "draw 11H",
        "draw -7H",
        "up +4C",
        "up 4C 9H",
        "pick up with +5D",
    ] {
        assert!(bad.parse::<Action>().is_err(), "{bad}");
    }
}

#[test]
fn h23_error_messages_repeat_at_most_a_capped_part_of_the_input() {
    let huge = format!("play {}", "7H ".repeat(300_000));
    let e = huge.parse::<Action>().unwrap_err().to_string();
    assert!(e.len() < 300, "{} bytes", e.len());
    assert!(e.contains('…'));
    let huge_leave = format!("leave {}", "9".repeat(1_000_000));
    let e = huge_leave.parse::<Leave>().unwrap_err().to_string();
    assert!(e.len() < 300, "{} bytes", e.len());
    // Short input is repeated whole.
    let e = "jump".parse::<Action>().unwrap_err().to_string();
    assert!(e.starts_with(r#""jump" is not a shithead move"#), "{e}");
}

#[test]
fn h5_a_parse_error_suggests_only_what_a_player_may_type() {
    let e = "jump".parse::<Action>().unwrap_err().to_string();
    for form in ["up 4C", "play 7H 7S", "blind", "pick up", "done"] {
        assert!(e.contains(form), "{form} missing: {e}");
    }
    for chance_or_host in ["draw", "turn", "leave"] {
        assert!(!e.contains(chance_or_host), "{chance_or_host} offered: {e}");
    }
    let e = "quit".parse::<Leave>().unwrap_err().to_string();
    assert!(e.contains("leave 2"), "{e}");
}
