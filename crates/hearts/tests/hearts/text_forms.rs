//! Text forms are canonical (R14): a text parses only if it is what `Display`
//! writes, or that text with a card spelt another documented way.

use cards_core::Game;
use cards_core::conformance::{check_near_form, check_text_form, listed_texts};
use hearts::{Action, Hearts, HostOp, Rules};
use proptest::prelude::*;

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
    fn r14_texts_near_an_action_parse_only_as_printed(i in any::<prop::sample::Index>(), seed in any::<u64>()) {
        thread_local!(static ACTIONS: Vec<String> = canonical_actions());
        let text = ACTIONS.with(|a| a[i.index(a.len())].clone());
        if let Err(v) = check_near_form::<Action>(&text, seed) {
            prop_assert!(false, "{v}");
        }
    }
}
