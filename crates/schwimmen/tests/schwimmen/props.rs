//! Property tests: the cards-core conformance checks and the game's own invariants.

use cards_core::chance::pick_outcome;
use cards_core::conformance::{check_choices, check_sampler, check_state, check_walk_with_host};
use cards_core::{
    Actor, Card, ChaCha8Rng, Game, Outcome, Rng, Seat, SeedableRng, Step, Table, random_playout,
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

/// No host operations (a plain walk) or some of them.
fn any_host_ops() -> impl Strategy<Value = Vec<HostOp>> {
    let all = all_host_ops();
    let len = all.len();
    prop_oneof![
        Just(Vec::new()),
        proptest::sample::subsequence(all, 1..=len),
    ]
}

proptest! {
    #![proptest_config(config())]
    /// The generic checks on a random walk with host operations mixed in, then
    /// what only Schwimmen promises, along the walk's log: all 32 cards in one
    /// place each, lives never rise, a seat that is out stays out as it went,
    /// rounds only count up, and leavers rank behind everyone else.
    #[test]
    fn conformance_walks_with_host_ops_keep_the_contract_and_the_game_invariants(
        seed in any::<u64>(), n in 2usize..=9, rules in any_rules(), host_ops in any_host_ops()
    ) {
        let start = game(rules, n);
        let walk = check_walk_with_host(&start, seed, 20_000, &extras(), &host_ops);
        prop_assert!(walk.is_ok(), "{}", walk.err().map(|v| v.to_string()).unwrap_or_default());
        let walk = walk.expect("checked");
        #[cfg(feature = "serde")]
        {
            let json = cards_core::conformance::check_json_reloads(&start, &walk.log, seed);
            prop_assert!(json.is_ok(), "{}", json.unwrap_err());
        }
        let mut g = start;
        for (i, step) in walk.log.iter().enumerate() {
            prop_assert!(conserved(&g), "{g:?}");
            // S23.2: every seat's view determinizes into a position that loads
            // and gives that seat the same view.
            let d = cards_core::conformance::check_determinize(&g, 1, seed ^ i as u64, i);
            prop_assert!(d.is_ok(), "{}", d.err().map(|v| v.to_string()).unwrap_or_default());
            let before = g;
            match step {
                Step::Host(op) => {
                    g = g.host(op).expect("logged host operation");
                    prop_assert_eq!(Schwimmen::from_setup(&g.to_setup()), Ok(g));
                }
                Step::Chance(a) | Step::Player(_, a) => g.apply_mut(a).expect("logged action"),
            }
            for s in 0..n {
                let s = Seat(s as u8);
                prop_assert!(g.lives(s).expect("a seat at the table") <= before.lives(s).expect("a seat at the table"), "lives rose");
                if before.fate(s).expect("a seat at the table") != Fate::Active {
                    prop_assert_eq!(g.fate(s).expect("a seat at the table"), before.fate(s).expect("a seat at the table"));
                }
            }
            prop_assert!(g.round() >= before.round());
        }
        prop_assert_eq!(g, walk.end);
        prop_assert!(conserved(&g));
        prop_assert_eq!(g.phase(), Phase::Over);
        let o = walk.outcome.expect("the walk checked that the game ends");
        prop_assert!(Outcome::from_places(o.places()).is_ok());
        for a in 0..n {
            for b in 0..n {
                let (fa, fb) = (g.fate(Seat(a as u8)).expect("a seat at the table"), g.fate(Seat(b as u8)).expect("a seat at the table"));
                if matches!(fa, Fate::Left(_)) && !matches!(fb, Fate::Left(_)) {
                    prop_assert!(o.places()[a] > o.places()[b]);
                }
            }
        }
        prop_assert!(o.winners().count() >= 1);
    }

    #[test]
    fn conformance_chosen_walks_default_rules(
        choices in proptest::collection::vec(any::<u32>(), 0..160), n in 2usize..=9
    ) {
        let start = game(Rules::default(), n);
        let walk = check_choices(&start, &choices, &extras());
        prop_assert!(walk.is_ok(), "{}", walk.err().map(|v| v.to_string()).unwrap_or_default());
    }

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
    fn sample_chance_override_matches_the_listed_sampler(
        seed in any::<u64>(), steps in 0usize..300, n in 2usize..=9
    ) {
        let g = walk_to(game(Rules::default(), n), seed ^ 0xabc, steps);
        let mut r1 = ChaCha8Rng::seed_from_u64(seed);
        let mut r2 = ChaCha8Rng::seed_from_u64(seed);
        let fast = g.sample_chance(&mut r1, &mut Vec::new());
        let mut outcomes = Vec::new();
        g.chance_outcomes(&mut outcomes);
        let listed = if g.actor() == Actor::Chance { pick_outcome(&mut r2, &outcomes) } else { None };
        prop_assert_eq!(fast, listed);
        prop_assert_eq!(r1.next_u64(), r2.next_u64());
        prop_assert!(check_sampler(&g, seed).is_ok());
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
    fn serde_states_and_views_round_trip(
        seed in any::<u64>(), steps in 0usize..400, n in 2usize..=9, rules in any_rules()
    ) {
        let g = walk_to(game(rules, n), seed, steps);
        let json = serde_json::to_string(&g).expect("serialize");
        let back: Schwimmen = serde_json::from_str(&json).expect("valid json state");
        prop_assert_eq!(back, g);
        for s in 0..n {
            let v = g.observe(cards_core::Viewer::Seat(Seat(s as u8)));
            let json = serde_json::to_string(&v).expect("serialize view");
            let back: schwimmen::View = serde_json::from_str(&json).expect("view json");
            prop_assert_eq!(back, v);
        }
        let rules_json = serde_json::to_string(&g.rules()).expect("rules");
        prop_assert_eq!(serde_json::from_str::<Rules>(&rules_json).ok(), Some(*g.rules()));
    }

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
