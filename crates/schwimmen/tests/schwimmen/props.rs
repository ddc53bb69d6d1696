//! Property tests: the cards-core conformance suite instantiated with the
//! game's own invariants, and Schwimmen's own properties (any action value,
//! text and JSON positions tampered with, seeded games).

use cards_core::conformance::{Walk, check_state};
use cards_core::testing::Suite;
use cards_core::{
    Card, ChaCha8Rng, Game, Outcome, Seat, SeedableRng, StepOf, Table, random_playout,
};
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;
use schwimmen::{
    AcesDisplay, Action, AllTie, Direction, Fate, HostOp, KnockerRisk, Phase, Refresh, Rules,
    Schwimmen,
};

use crate::common::conserved;

/// Default cases (so `PROPTEST_CASES` applies), failures kept beside this file.
fn config() -> ProptestConfig {
    ProptestConfig {
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "tests/schwimmen/props.proptest-regressions",
        ))),
        ..ProptestConfig::default()
    }
}

fn any_card() -> impl Strategy<Value = Card> {
    (0usize..52).prop_map(|i| Card::from_index(i).expect("index below 52"))
}

/// Any action value at all, legal or not.
fn any_action() -> impl Strategy<Value = Action> {
    prop_oneof![
        any_card().prop_map(Action::Deal),
        any_card().prop_map(Action::Refill),
        Just(Action::Keep),
        Just(Action::TakeOther),
        (any_card(), any_card()).prop_map(|(give, take)| Action::Swap { give, take }),
        Just(Action::SwapAll),
        Just(Action::Pass),
        Just(Action::Knock),
    ]
}

/// Any rules, with short games (small lives and round limits) to keep walks quick.
fn any_rules() -> impl Strategy<Value = Rules> {
    (
        1u8..=3,
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        0u8..2,
        0u8..3,
        prop_oneof![Just(100u16), 1u16..12],
        1u16..8,
        0u8..9,
    )
        .prop_map(
            |(
                lives,
                ccw,
                passing,
                reshuffle,
                early,
                tie,
                risk,
                turn_limit,
                round_limit,
                dealer,
            )| {
                Rules {
                    lives,
                    direction: if ccw {
                        Direction::CounterClockwise
                    } else {
                        Direction::Clockwise
                    },
                    passing,
                    refresh: if reshuffle {
                        Refresh::Reshuffle
                    } else {
                        Refresh::EndRound
                    },
                    knock_first_turn: early,
                    aces_display: AcesDisplay::ThirtyThree,
                    all_tie: if tie == 0 {
                        AllTie::NobodyLoses
                    } else {
                        AllTie::AllLose
                    },
                    knocker_risk: [
                        KnockerRisk::Normal,
                        KnockerRisk::DoubleLoss,
                        KnockerRisk::LosesTies,
                    ][usize::from(risk)],
                    turn_limit,
                    round_limit,
                    first_dealer: dealer,
                }
            },
        )
}

fn game(rules: Rules, n: usize) -> Schwimmen {
    let rules = Rules {
        first_dealer: rules.first_dealer % n as u8,
        ..rules
    };
    Schwimmen::new(rules, n).expect("valid rules")
}

fn extras() -> Vec<Action> {
    // A card outside the 32-card deck does not parse (S1), so it is built directly.
    let two_of_clubs = Action::Deal("2C".parse().expect("a card"));
    [
        "refill AS",
        "keep",
        "take other",
        "pass",
        "knock",
        "swap all",
        "swap 7C 8C",
        "swap AS AS",
        "deal 7H",
    ]
    .iter()
    .map(|s| s.parse().expect("extra action"))
    .chain([two_of_clubs])
    .collect()
}

/// Plays `steps` random steps (chance by the sampler, players uniformly).
fn walk_to(mut g: Schwimmen, seed: u64, steps: usize) -> Schwimmen {
    random_playout(&mut g, &mut ChaCha8Rng::seed_from_u64(seed), steps);
    g
}

/// Every host operation: each seat (and one beyond the largest table) leaving, a misdeal.
fn all_host_ops() -> Vec<HostOp> {
    (0..=9)
        .map(|s| HostOp::Leave(Seat(s)))
        .chain([HostOp::Misdeal])
        .collect()
}

/// The cards-core conformance suite, with what only Schwimmen promises at every
/// step: all 32 cards in one place each, lives never rise, a seat that is out
/// stays out as it went, rounds only count up, a position after a host
/// operation round-trips through its setup; and at the end, the game is over
/// and leavers rank behind everyone else.
fn suite() -> Suite<Schwimmen> {
    let start = (any_rules(), 2usize..=9).prop_map(|(rules, n)| game(rules, n));
    let chosen = (2usize..=9).prop_map(|n| game(Rules::default(), n));
    Suite::new("tests/schwimmen/props.proptest-regressions", start)
        .extras(extras())
        .host_ops(|_| all_host_ops())
        .choices_from(chosen, 160)
        .invariant(step_invariant)
        .end_check(end_invariant)
}

fn step_invariant(
    before: &Schwimmen,
    step: &StepOf<Schwimmen>,
    g: &Schwimmen,
) -> Result<(), String> {
    if !conserved(before) || !conserved(g) {
        return Err("S1: a card is lost or doubled".into());
    }
    if let cards_core::Step::Host(_) = step
        && Schwimmen::from_setup(&g.to_setup()) != Ok(*g)
    {
        return Err("the position after a host operation does not reload".into());
    }
    for s in 0..g.seats() {
        let s = Seat(s as u8);
        let (lives, was) = (g.lives(s), before.lives(s));
        if lives.zip(was).is_none_or(|(now, then)| now > then) {
            return Err(format!("{s}: lives rose"));
        }
        let (fate, was) = (g.fate(s), before.fate(s));
        if was != Some(Fate::Active) && fate != was {
            return Err(format!("{s}: out as {was:?}, then {fate:?}"));
        }
    }
    if g.round() < before.round() {
        return Err("the round number fell".into());
    }
    Ok(())
}

fn end_invariant(walk: &Walk<Schwimmen>) -> Result<(), String> {
    let g = &walk.end;
    let o = walk.outcome.as_ref().ok_or("no outcome")?;
    if g.phase() != Phase::Over || !conserved(g) || Outcome::from_places(o.places()).is_err() {
        return Err(format!("an over game with a ranking: {o}"));
    }
    let left = |s: usize| matches!(g.fate(Seat(s as u8)), Some(Fate::Left(_)));
    for a in 0..g.seats() {
        for b in 0..g.seats() {
            if left(a) && !left(b) && o.places()[a] <= o.places()[b] {
                return Err(format!("leaver {a} ranks with or before {b}: {o}"));
            }
        }
    }
    if o.winners().count() == 0 {
        return Err("nobody wins".into());
    }
    Ok(())
}

cards_core::conformance_tests!(suite());

proptest! {
    #![proptest_config(config())]

    #[test]
    fn arbitrary_actions_are_refused_or_listed_never_panic(
        seed in any::<u64>(), steps in 0usize..300, n in 2usize..=9,
        actions in proptest::collection::vec(any_action(), 1..20)
    ) {
        let g = walk_to(game(Rules::default(), n), seed, steps);
        let mut legal = Vec::new();
        g.legal_actions(&mut legal);
        for a in actions {
            let r = g.apply(&a);
            prop_assert_eq!(r.is_ok(), legal.contains(&a), "{}", a);
            let mut h = g;
            if h.apply_mut(&a).is_err() {
                prop_assert_eq!(h, g);
            }
            prop_assert_eq!(g.event(&a, cards_core::Viewer::Spectator).is_ok(), legal.contains(&a), "event of {}", a);
        }
    }

    #[test]
    fn setups_round_trip_and_walked_states_check(
        seed in any::<u64>(), steps in 0usize..400, n in 2usize..=9, rules in any_rules()
    ) {
        let g = walk_to(game(rules, n), seed, steps);
        let back = Schwimmen::from_setup(&g.to_setup());
        prop_assert_eq!(back, Ok(g));
        prop_assert_eq!(g.to_string().parse::<Schwimmen>(), Ok(g));
        prop_assert!(check_state(&g, &extras(), seed, 0).is_ok());
    }
}

proptest! {
    #![proptest_config(config())]
    #[test]
    fn tampered_text_positions_are_refused_or_valid_never_panic(
        seed in any::<u64>(), steps in 0usize..400, n in 2usize..=9,
        at in any::<prop::sample::Index>(), with in "[ -~]{0,4}"
    ) {
        let g = walk_to(game(Rules::default(), n), seed, steps);
        let text = g.to_string();
        let cut: Vec<usize> = text.char_indices().map(|(i, _)| i).collect();
        let i = cut[at.index(cut.len())];
        let tampered = format!("{}{}{}", &text[..i], with, &text[(i + 1).min(text.len())..]);
        if let Ok(t) = tampered.parse::<Schwimmen>() {
            prop_assert!(conserved(&t));
            prop_assert!(check_state(&t, &extras(), seed, 0).is_ok());
        }
    }
}

#[cfg(feature = "serde")]
proptest! {
    #![proptest_config(config())]
    #[test]
    fn tampered_json_states_are_refused_or_valid_never_panic(
        seed in any::<u64>(), steps in 0usize..400, n in 2usize..=9,
        at in any::<prop::sample::Index>(), with in prop_oneof![
            any_card().prop_map(|c| c.to_string()),
            (0u32..20).prop_map(|d| d.to_string()),
            Just("null".to_string()), Just("\"over\"".to_string()), Just("[]".to_string()),
        ]
    ) {
        let g = walk_to(game(Rules::default(), n), seed, steps);
        let json = serde_json::to_string(&g).expect("serialize");
        // Replace one token (a card, a number, a name) by something else.
        let starts: Vec<usize> = json
            .char_indices()
            .filter(|(i, c)| c.is_ascii_alphanumeric() && !json[..*i].ends_with(|p: char| p.is_ascii_alphanumeric()))
            .map(|(i, _)| i)
            .collect();
        let i = starts[at.index(starts.len())];
        let end = json[i..].find(|c: char| !c.is_ascii_alphanumeric()).map_or(json.len(), |e| i + e);
        let tampered = format!("{}{}{}", &json[..i], with, &json[end..]);
        if let Ok(t) = serde_json::from_str::<Schwimmen>(&tampered) {
            prop_assert!(conserved(&t));
            prop_assert!(check_state(&t, &extras(), seed, 0).is_ok());
            let w = cards_core::conformance::check_walk(&t, seed, 20_000, &[]);
            prop_assert!(w.is_ok(), "{}", w.err().map(|v| v.to_string()).unwrap_or_default());
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_game_and_the_log_replays() {
    let play = |seed| {
        let mut t = Table::<Schwimmen>::new(Rules::default(), 4, seed).expect("setup");
        let mut bots: Vec<Box<dyn cards_core::Bot<Schwimmen>>> = (0..4)
            .map(|_| Box::new(cards_core::RandomBot) as _)
            .collect();
        t.play_bots(&mut bots, 1_000_000).expect("legal");
        t
    };
    let (a, b) = (play(11), play(11));
    assert_eq!(a.log(), b.log());
    assert_eq!(a.state(), b.state());
    assert_eq!(
        cards_core::replay(a.start(), a.log()).expect("replays"),
        *a.state()
    );
    assert_ne!(play(12).log(), a.log());
}
