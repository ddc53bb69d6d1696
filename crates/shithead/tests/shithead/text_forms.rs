//! Text forms are canonical (H24): a text parses only if it is what `Display`
//! writes, or that text with a card spelt another documented way.

use cards_core::conformance::listed_texts;
use cards_core::testing::TextSuite;
use cards_core::{Game, Seat};
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
}

/// Every seat of the largest table leaving.
fn host_ops() -> Vec<Leave> {
    (0..10).map(|s| Leave(Seat(s))).collect()
}

/// The shared text-form tests over those actions and host operations.
fn text_suite() -> TextSuite<Shithead> {
    TextSuite::new(
        "tests/shithead/text_forms.proptest-regressions",
        canonical_actions,
    )
    .host_ops(host_ops)
}

cards_core::text_form_tests!(text_suite());
