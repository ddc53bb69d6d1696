//! Text forms are canonical (S25): a text parses only if it is what `Display`
//! writes, or that text with a card spelt another documented way.

use cards_core::conformance::listed_texts;
use cards_core::testing::TextSuite;
use cards_core::{Game, Seat};
use schwimmen::*;

/// The printed form of every action listed along some random games, chance included.
fn canonical_actions() -> Vec<String> {
    let starts: Vec<Schwimmen> = (2..=9)
        .map(|n| Schwimmen::new(Rules::default(), n).unwrap())
        .collect();
    listed_texts(&starts, 25, 3_000)
}

#[test]
fn s25_only_the_printed_form_or_a_card_spelling_parses() {
    let swap: Action = "swap 7H AS".parse().unwrap();
    for alias in ["swap 7h as", "swap 7♥ A♠", "swap 7♡ aS"] {
        assert_eq!(alias.parse::<Action>(), Ok(swap), "{alias}");
    }
    for bad in [
        "Swap 7H AS",
        "swap  7H AS",
        " swap 7H AS",
        "swap 7H AS ",
        "KNOCK",
        "swap\t7H AS",
    ] {
        let e = bad.parse::<Action>().expect_err(bad).to_string();
        assert!(e.contains("(S25)"), "{bad}: {e}");
    }
    for bad in ["leave 03", "Leave 3", "leave +3", "MISDEAL", " misdeal"] {
        assert!(bad.parse::<HostOp>().is_err(), "{bad}");
    }
}

/// Every host operation: each seat leaving, a misdeal.
fn host_ops() -> Vec<HostOp> {
    (0..9)
        .map(|s| HostOp::Leave(Seat(s)))
        .chain([HostOp::Misdeal])
        .collect()
}

/// The shared text-form tests over those actions and host operations.
fn text_suite() -> TextSuite<Schwimmen> {
    TextSuite::new(
        "tests/schwimmen/text_forms.proptest-regressions",
        canonical_actions,
    )
    .at_least(51)
    .host_ops(host_ops)
}

cards_core::text_form_tests!(text_suite());
