//! Text forms are canonical (R14): a text parses only if it is what `Display`
//! writes, or that text with a card spelt another documented way.

use cards_core::Game;
use cards_core::conformance::listed_texts;
use cards_core::testing::TextSuite;
use hearts::{Action, Hearts, HostOp, Rules};

/// The printed form of every action listed along some random games, chance included.
fn canonical_actions() -> Vec<String> {
    let starts: Vec<Hearts> = [true, false]
        .map(|pass_cards| {
            Hearts::new(
                Rules {
                    pass_cards,
                    ..Rules::default()
                },
                4,
            )
            .unwrap()
        })
        .to_vec();
    listed_texts(&starts, 8, 3_000)
}

#[test]
fn r14_only_the_printed_form_or_a_card_spelling_parses() {
    let play: Action = "play TH".parse().unwrap();
    for alias in ["play th", "play 10H", "play T♥", "play 10♡"] {
        assert_eq!(alias.parse::<Action>(), Ok(play), "{alias}");
    }
    for bad in [
        "Play TH",
        "play  TH",
        " play TH",
        "play TH ",
        "PASS QS",
        "direction Left",
        "direction  left",
        "play\tTH",
    ] {
        let e = bad.parse::<Action>().expect_err(bad).to_string();
        assert!(e.contains("(R14)"), "{bad}: {e}");
    }
    assert!("leave 2".parse::<HostOp>().is_err());
}

/// The shared text-form tests over those actions.
fn text_suite() -> TextSuite<Hearts> {
    TextSuite::new(
        "tests/hearts/text_forms.proptest-regressions",
        canonical_actions,
    )
}

cards_core::text_form_tests!(text_suite());
