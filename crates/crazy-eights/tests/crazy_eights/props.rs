//! Property tests: the cards-core conformance checks, and card conservation (C1).

use cards_core::conformance::{
    check_choices, check_determinize, check_sampler, check_walk_with_host,
};
use cards_core::{Card, ChaCha8Rng, Game, SeedableRng, Step, Suit, random_playout};
use crazy_eights::{Action, CrazyEights, Rules, Scoring};
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;

use crate::common::conserved;

fn config() -> ProptestConfig {
    ProptestConfig {
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "tests/crazy_eights/props.proptest-regressions",
        ))),
        ..ProptestConfig::default()
    }
}

/// Any rules, with small limits often so that C10, C12.2 and C12.3 come up.
fn any_rules() -> impl Strategy<Value = Rules> {
    (
        prop_oneof![Just(5u8), 1u8..4],
        prop_oneof![Just(100u16), 1u16..40, Just(400u16)],
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(
            |(max_draw_cards, max_turns, use_special_cards, reshuffle, face)| Rules {
                max_draw_cards,
                max_turns,
                use_special_cards,
                reshuffle,
                scoring: if face {
                    Scoring::FaceValue
                } else {
                    Scoring::CardIndex
                },
            },
        )
}

/// Actions that are never or rarely legal, tried at every state.
fn extras() -> Vec<Action> {
    let c = |s: &str| s.parse::<Card>().expect("a card");
    vec![
        Action::Draw,
        Action::Pass,
        Action::Nominate(Suit::Hearts),
        Action::Play(c("8S")),
        Action::Play(c("2C")),
        Action::Deal(c("AS")),
        Action::Dealer(cards_core::Seat(9)),
    ]
}

proptest! {
    #![proptest_config(config())]

    /// The generic contract on random walks (views, events, reloads, replay),
    /// JSON reloads under `serde`, determinized views, and C1 at every step.
    #[test]
    fn c1_conformance_walks_keep_the_contract_and_conserve_cards(
        seed in any::<u64>(), n in 2usize..=10, rules in any_rules()
    ) {
        let start = CrazyEights::new(rules, n).expect("valid rules");
        let walk = check_walk_with_host(&start, seed, 100_000, &extras(), &[]);
        prop_assert!(walk.is_ok(), "{}", walk.err().map(|v| v.to_string()).unwrap_or_default());
        let walk = walk.expect("checked");
        prop_assert!(walk.outcome.is_some(), "C12: the game ends");
        #[cfg(feature = "serde")]
        {
            let json = cards_core::conformance::check_json_reloads(&start, &walk.log, seed);
            prop_assert!(json.is_ok(), "{}", json.unwrap_err());
        }
        let mut g = start;
        for (i, step) in walk.log.iter().enumerate() {
            prop_assert!(conserved(&g), "{g:?}");
            if i % 7 == 0 {
                let d = check_determinize(&g, 1, seed ^ i as u64, i);
                prop_assert!(d.is_ok(), "{}", d.err().map(|v| v.to_string()).unwrap_or_default());
            }
            match step {
                Step::Chance(a) | Step::Player(_, a) => g.apply_mut(a).expect("logged action"),
                Step::Host(op) => match *op {},
            }
        }
        prop_assert!(conserved(&g));
    }

    /// Chosen walks (proptest shrinks them to a minimal failing list of choices).
    #[test]
    fn conformance_choices_keep_the_contract(
        choices in proptest::collection::vec(any::<u32>(), 0..300), n in 2usize..=7, rules in any_rules()
    ) {
        let start = CrazyEights::new(rules, n).expect("valid rules");
        let walk = check_choices(&start, &choices, &extras());
        prop_assert!(walk.is_ok(), "{}", walk.err().map(|v| v.to_string()).unwrap_or_default());
    }

    /// The fast sampler returns what the listed sampler returns (C3, C4).
    #[test]
    fn sampler_matches_the_listed_outcomes(seed in any::<u64>(), steps in 0usize..200, n in 2usize..=10) {
        let mut g = CrazyEights::new(Rules { use_special_cards: true, ..Rules::default() }, n).expect("valid");
        random_playout(&mut g, &mut ChaCha8Rng::seed_from_u64(seed), steps);
        let s = check_sampler(&g, seed);
        prop_assert!(s.is_ok(), "{}", s.unwrap_err());
    }
}
