//! Views read from JSON (S23): a mutated view is refused, or lists the actions
//! the rules give for what it says, never panicking.

#![cfg(feature = "serde")]

use cards_core::{Actor, ChaCha8Rng, Game, Seat, SeedableRng, Viewer, random_playout};
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;
use schwimmen::{Action, Rules, Schwimmen, View};

fn config() -> ProptestConfig {
    ProptestConfig {
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "tests/schwimmen/views.proptest-regressions",
        ))),
        ..ProptestConfig::default()
    }
}

/// What `View::legal_actions` reads: equal keys, equal lists.
fn key(
    v: &View,
) -> (
    Viewer,
    Actor,
    schwimmen::Phase,
    cards_core::CardSet,
    cards_core::CardSet,
    bool,
    bool,
) {
    (
        v.viewer,
        v.actor,
        v.phase,
        v.hand,
        v.middle,
        v.passing,
        v.may_knock,
    )
}

fn legal_of(v: &View) -> Vec<Action> {
    let mut out = Vec::new();
    v.legal_actions(&mut out);
    out
}

proptest! {
    #![proptest_config(config())]
    /// S23, S23.1: every view `observe` makes is accepted back from JSON; a view
    /// with one value replaced is refused, or lists the same actions as the state
    /// it came from when nothing the list depends on changed, and in any case at
    /// most twelve actions, each a move its own hand and middle allow.
    #[test]
    fn s23_mutated_views_are_refused_or_list_what_the_state_lists(
        seed in any::<u64>(), steps in 0usize..400, n in 2usize..=9, who in 0u8..10,
        at in any::<prop::sample::Index>(), with in prop_oneof![
            Just("4294967295".to_string()), Just("65535".to_string()), Just("255".to_string()),
            (0u32..40).prop_map(|d| d.to_string()), Just("null".to_string()),
            Just("true".to_string()), Just("false".to_string()),
            Just("\"turns\"".to_string()), Just("\"over\"".to_string()),
            Just("\"AS\"".to_string()), Just("\"2C\"".to_string()), Just("[]".to_string()),
            Just("{\"player\":8}".to_string()), Just("\"chance\"".to_string()),
        ]
    ) {
        let mut g = Schwimmen::new(Rules::default(), n).expect("game");
        random_playout(&mut g, &mut ChaCha8Rng::seed_from_u64(seed), steps);
        let viewer = if usize::from(who) < n { Viewer::Seat(Seat(who)) } else { Viewer::Spectator };
        let view = g.observe(viewer);
        let json = serde_json::to_string(&view).expect("serialize");
        let back: View = serde_json::from_str(&json).expect("an observed view is accepted");
        prop_assert_eq!(&back, &view);
        let mut state_list = Vec::new();
        if g.actor() == Actor::Player(Seat(who)) {
            g.legal_actions(&mut state_list);
        }
        prop_assert_eq!(legal_of(&back), state_list.clone());

        // Replace one token (a number, a name, a card, a key) by something else.
        let starts: Vec<usize> = json
            .char_indices()
            .filter(|(i, c)| c.is_ascii_alphanumeric() && !json[..*i].ends_with(|p: char| p.is_ascii_alphanumeric()))
            .map(|(i, _)| i)
            .collect();
        let i = starts[at.index(starts.len())];
        let end = json[i..].find(|c: char| !c.is_ascii_alphanumeric()).map_or(json.len(), |e| i + e);
        let (i, end) = if json[..i].ends_with('"') && json[end..].starts_with('"') { (i - 1, end + 1) } else { (i, end) };
        let tampered = format!("{}{}{}", &json[..i], with, &json[end..]);
        if let Ok(t) = serde_json::from_str::<View>(&tampered) {
            prop_assert!(t.validate().is_ok());
            let listed = legal_of(&t);
            if key(&t) == key(&view) {
                prop_assert_eq!(&listed, &state_list, "{}", tampered);
            }
            prop_assert!(listed.len() <= 12, "{} actions from {}", listed.len(), tampered);
            for a in &listed {
                if let Action::Swap { give, take } = a {
                    prop_assert!(t.hand.contains(*give) && t.middle.contains(*take));
                }
            }
        }
    }
}

#[test]
fn s23_a_view_with_impossible_counts_is_refused() {
    let mut g = Schwimmen::new(Rules::default(), 3).expect("game");
    random_playout(&mut g, &mut ChaCha8Rng::seed_from_u64(7), 25);
    assert_eq!(g.phase(), schwimmen::Phase::Turns);
    let json = serde_json::to_string(&g.observe(Viewer::Seat(Seat(1)))).expect("json");
    assert!(serde_json::from_str::<View>(&json).is_ok());
    let v = g.observe(Viewer::Seat(Seat(1)));
    assert!(v.may_knock && v.knocker.is_none());
    for (from, to, clause) in [
        (
            format!("\"stock\":{}", v.stock),
            "\"stock\":255".to_string(),
            "(S1",
        ),
        (
            "\"viewer\":{\"seat\":1}".to_string(),
            "\"viewer\":{\"seat\":7}".to_string(),
            "(S2)",
        ),
        (
            "\"knocker\":null".to_string(),
            "\"knocker\":0".to_string(),
            "(S11)",
        ),
        (
            format!("\"turns\":{}", v.turns),
            "\"turns\":10000".to_string(),
            "S14.1",
        ),
    ] {
        let bad = json.replacen(&from, &to, 1);
        assert_ne!(bad, json, "{from}");
        let e = serde_json::from_str::<View>(&bad).expect_err(&bad);
        assert!(e.to_string().contains(clause), "{clause}: {e}");
    }
    let stock = serde_json::to_value(g.observe(Viewer::Seat(Seat(1)))).expect("value")["stock"]
        .as_u64()
        .expect("a count");
    let more = json.replace(
        &format!("\"stock\":{stock}"),
        &format!("\"stock\":{}", stock + 1),
    );
    let e = serde_json::from_str::<View>(&more).expect_err("33 cards");
    assert!(e.to_string().contains("(S1"), "{e}");
}

#[test]
fn s14_s23_1a_a_view_whose_round_end_middle_cannot_be_is_refused() {
    let mut g = Schwimmen::new(Rules::default(), 3).expect("game");
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    while g.last_round().is_none_or(|e| e.middle.is_empty()) {
        random_playout(&mut g, &mut rng, 1);
    }
    let view = g.observe(Viewer::Seat(Seat(0)));
    assert!(view.validate().is_ok());
    let end = view.last_round.clone().expect("a scored round");
    let shown_card = end.shown.as_slice().iter().find_map(|h| h.first());
    let mut two = end.middle;
    two.remove(two.first().expect("three cards"));
    let mut overlapping = two;
    overlapping.insert(shown_card.expect("a shown hand"));
    for middle in [two, overlapping] {
        let mut bad = view.clone();
        bad.last_round.as_mut().expect("a scored round").middle = middle;
        let e = bad.validate().expect_err("an impossible middle");
        assert!(e.to_string().contains("(S14)"), "{e}");
    }
    // A view written before the middle was shown reads as none shown.
    let mut json = serde_json::to_value(&view).expect("json");
    json["last_round"]
        .as_object_mut()
        .expect("an object")
        .remove("middle");
    let old: View = serde_json::from_value(json).expect("an older view");
    assert!(old.last_round.expect("a scored round").middle.is_empty());
}
