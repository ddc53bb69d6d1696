//! Text forms are canonical (C16): a text parses only if it is what `Display`
//! writes, or that text with a card spelt another documented way.

use cards_core::Game;
use cards_core::conformance::listed_texts;
use cards_core::testing::TextSuite;
use crazy_eights::*;

/// The printed form of every action listed along some random games, chance included.
fn canonical_actions() -> Vec<String> {
    let special = Rules {
        use_special_cards: true,
        ..Rules::default()
    };
    let starts: Vec<CrazyEights> = (2..=10)
        .flat_map(|n| {
            [
                CrazyEights::new(Rules::default(), n),
                CrazyEights::new(special, n),
            ]
        })
        .map(Result::unwrap)
        .collect();
    listed_texts(&starts, 16, 3_000)
}

#[test]
fn c16_only_the_printed_form_or_a_card_spelling_parses() {
    let play: Action = "play TH".parse().unwrap();
    for alias in ["play th", "play 10H", "play T♥", "play 10♡"] {
        assert_eq!(alias.parse::<Action>(), Ok(play), "{alias}");
    }
    for bad in [
        "Play TH",
        "play  TH",
        " play TH",
        "play TH ",
        "PASS",
        "dealer 02",
        "dealer +2",
        "nominate h",
        "nominate ♥",
        "play\tTH",
    ] {
        let e = bad.parse::<Action>().expect_err(bad).to_string();
        assert!(e.contains("(C16)"), "{bad}: {e}");
    }
    assert!("leave 2".parse::<HostOp>().is_err());
}

/// Found by an outside audit: the refusal listed only the player's forms,
/// though `deal <card>` and `dealer <seat>` parse too (C16).
#[test]
fn c16_the_parse_error_lists_every_form_chance_included() {
    for a in [
        "deal 8S",
        "dealer 2",
        "play 8S",
        "draw",
        "pass",
        "nominate H",
    ] {
        assert!(a.parse::<Action>().is_ok(), "{a}");
    }
    let e = "deal".parse::<Action>().expect_err("no card").to_string();
    for form in [
        "`play <card>`",
        "`draw`",
        "`pass`",
        "`nominate <C|D|H|S>`",
        "`deal <card>`",
        "`dealer <0-9>`",
        "(C16)",
    ] {
        assert!(e.contains(form), "{e} should list {form}");
    }
}

/// The shared text-form tests over those actions.
fn text_suite() -> TextSuite<CrazyEights> {
    TextSuite::new(
        "tests/crazy_eights/text_forms.proptest-regressions",
        canonical_actions,
    )
}

cards_core::text_form_tests!(text_suite());
