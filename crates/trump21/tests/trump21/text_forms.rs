//! Text forms are canonical (T17): a text parses only if it is what `Display`
//! writes, checked over texts near every action a game lists and every host
//! operation.

use cards_core::conformance::listed_texts;
use cards_core::testing::TextSuite;
use cards_core::{Game, Seat};
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
}

/// Every seat of the largest table leaving.
fn host_ops() -> Vec<HostOp> {
    (0..8).map(|s| HostOp::Leave(Seat(s))).collect()
}

/// The shared text-form tests over those actions and host operations.
fn text_suite() -> TextSuite<Trump21> {
    TextSuite::new(
        "tests/trump21/text_forms.proptest-regressions",
        canonical_actions,
    )
    .host_ops(host_ops)
}

cards_core::text_form_tests!(text_suite());
