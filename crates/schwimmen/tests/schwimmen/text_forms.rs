//! Text forms are canonical (S25): a text parses only if it is what `Display`
//! writes, or that text with a card spelt another documented way.

use cards_core::conformance::{check_near_form, check_text_form, listed_texts};
use cards_core::{Game, Seat};
use proptest::prelude::*;
use schwimmen::*;

/// The printed form of every action listed along some random games, chance included.
fn canonical_actions() -> Vec<String> {
    let starts: Vec<Schwimmen> = (2..=9)
        .map(|n| Schwimmen::new(Rules::default(), n).unwrap())
        .collect();
    listed_texts(&starts, 25, 3_000)
}

fn canonical_host_ops() -> Vec<String> {
    (0..9)
        .map(|s| HostOp::Leave(Seat(s)))
        .chain([HostOp::Misdeal])
        .map(|h| h.to_string())
        .collect()
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
    let all = canonical_actions();
    assert!(all.len() > 50, "{}", all.len());
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
    fn s25_texts_near_an_action_parse_only_as_printed(i in any::<prop::sample::Index>(), seed in any::<u64>()) {
        thread_local!(static ACTIONS: Vec<String> = canonical_actions());
        let text = ACTIONS.with(|a| a[i.index(a.len())].clone());
        if let Err(v) = check_near_form::<Action>(&text, seed) {
            prop_assert!(false, "{v}");
        }
    }

    #[test]
    fn s25_texts_near_a_host_operation_parse_only_as_printed(i in any::<prop::sample::Index>(), seed in any::<u64>()) {
        let ops = canonical_host_ops();
        if let Err(v) = check_near_form::<HostOp>(&ops[i.index(ops.len())], seed) {
            prop_assert!(false, "{v}");
        }
    }
}
