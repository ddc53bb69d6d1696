//! Text forms are canonical (H24): a text parses only if it is what `Display`
//! writes, or that text with a card spelt another documented way.

use cards_core::conformance::{check_near_form, check_text_form, listed_texts};
use cards_core::{Game, Seat};
use proptest::prelude::*;
use shithead::*;

/// The printed form of every action listed along some random games, chance included.
fn canonical_actions() -> Vec<String> {
    let starts: Vec<Shithead> = (2..=10)
        .map(|n| Shithead::new(Rules::default(), n).unwrap())
        .collect();
    listed_texts(&starts, 24, 3_000)
}

#[test]
fn h24_only_the_printed_form_or_a_card_spelling_parses() {
    let play: Action = "play 7H 7S".parse().unwrap();
    for alias in ["play 7h 7s", "play 7♥ 7♠", "play 7♡ 7S"] {
        assert_eq!(alias.parse::<Action>(), Ok(play), "{alias}");
    }
    for bad in [
        "Play 7H 7S",
        "play 7S 7H",
        "play  7H 7S",
        " blind",
        "blind ",
        "Done",
    ] {
        let e = bad.parse::<Action>().expect_err(bad).to_string();
        assert!(e.contains("(H24)"), "{bad}: {e}");
    }
    assert!("pick  up".parse::<Action>().is_err());
    for bad in ["leave 02", "Leave 2", "leave +2", " leave 2", "leave  2"] {
        assert!(bad.parse::<Leave>().is_err(), "{bad}");
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
    fn h24_texts_near_an_action_parse_only_as_printed(i in any::<prop::sample::Index>(), seed in any::<u64>()) {
        thread_local!(static ACTIONS: Vec<String> = canonical_actions());
        let text = ACTIONS.with(|a| a[i.index(a.len())].clone());
        if let Err(v) = check_near_form::<Action>(&text, seed) {
            prop_assert!(false, "{v}");
        }
    }

    #[test]
    fn h24_texts_near_leave_parse_only_as_printed(seat in 0u8..10, seed in any::<u64>()) {
        if let Err(v) = check_near_form::<Leave>(&Leave(Seat(seat)).to_string(), seed) {
            prop_assert!(false, "{v}");
        }
    }
}
