//! Text forms are canonical (T17): a text parses only if it is what `Display`
//! writes, checked over texts near every action a game lists and every host
//! operation.

use cards_core::conformance::{check_near_form, check_text_form, listed_texts};
use cards_core::{Game, Seat};
use proptest::prelude::*;
use trump21::*;

/// The printed form of every action listed along some random games, chance included.
fn canonical_actions() -> Vec<String> {
    let starts: Vec<Trump21> = (2..=8)
        .map(|n| Trump21::new(Rules::default(), n).unwrap())
        .collect();
    listed_texts(&starts, 17, 3_000)
}

#[test]
fn t17_only_the_printed_form_parses() {
    assert_eq!("card 5".parse::<Action>(), Ok(Action::Card(5)));
    for bad in [
        "card 05",
        "card +5",
        "Card 5",
        "card  5",
        " card 5",
        "card 5 ",
        "CARD 5",
        "card\t5",
        "play Shield",
        "play damage+1 @01",
        "play trump-switch 007",
        "trump SHIELD",
    ] {
        let e = bad.parse::<Action>().expect_err(bad).to_string();
        assert!(e.contains("(T"), "{bad}: {e}");
    }
    for bad in ["leave 02", "Leave 2", " leave 2", "leave  2"] {
        assert!(bad.parse::<HostOp>().is_err(), "{bad}");
    }
    let all = canonical_actions();
    assert!(all.len() > 100, "{}", all.len());
    for a in all {
        assert_eq!(
            check_text_form::<Action>(&a).map(|p| p.is_some()),
            Ok(true),
            "{a}"
        );
    }
}

proptest! {
    #[test]
    fn t17_texts_near_an_action_parse_only_as_printed(i in any::<prop::sample::Index>(), seed in any::<u64>()) {
        thread_local!(static ACTIONS: Vec<String> = canonical_actions());
        let text = ACTIONS.with(|a| a[i.index(a.len())].clone());
        if let Err(v) = check_near_form::<Action>(&text, seed) {
            prop_assert!(false, "{v}");
        }
    }

    #[test]
    fn t17_texts_near_a_host_operation_parse_only_as_printed(seat in 0u8..8, seed in any::<u64>()) {
        if let Err(v) = check_near_form::<HostOp>(&HostOp::Leave(Seat(seat)).to_string(), seed) {
            prop_assert!(false, "{v}");
        }
    }
}
