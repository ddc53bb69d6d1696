//! Property tests: the cards-core conformance checks, and card conservation (R1).

use cards_core::conformance::{check_choices, check_determinize, check_sampler, check_walk};
use cards_core::{Card, ChaCha8Rng, Game, SeedableRng, Step, random_playout};
use hearts::{Action, Hearts, PassDir, Rules};
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;

use crate::common::conserved;

fn config() -> ProptestConfig {
    ProptestConfig {
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "tests/hearts/props.proptest-regressions",
        ))),
        ..ProptestConfig::default()
    }
}

/// Any of the 256 parameter sets.
fn any_rules() -> impl Strategy<Value = Rules> {
    any::<[bool; 8]>().prop_map(|b| Rules {
        pass_cards: b[0],
        no_pts_on_first_trick: b[1],
        can_lead_any_club: b[2],
        jd_bonus: b[3],
        avoid_all_tricks_bonus: b[4],
        must_break_hearts: b[5],
        qs_breaks_hearts: b[6],
        can_lead_hearts_instead_of_qs: b[7],
    })
}

/// Actions that are never or rarely legal, tried at every state.
fn extras() -> Vec<Action> {
    let c = |s: &str| s.parse::<Card>().expect("a card");
    vec![
        Action::Direction(PassDir::Right),
        Action::Deal(c("2C")),
        Action::Pass(c("QS")),
        Action::Play(c("2C")),
        Action::Play(c("AH")),
        Action::Play(c("QS")),
    ]
}

proptest! {
    #![proptest_config(config())]

    /// R1, R11: the generic contract on random walks (views, events, reloads,
    /// replay), JSON reloads under `serde`, determinized views, and every card
    /// in one place at every step.
    #[test]
    fn r1_conformance_walks_keep_the_contract_and_conserve_cards(
        seed in any::<u64>(), rules in any_rules()
    ) {
        let start = Hearts::new(rules, 4).expect("valid rules");
        let walk = check_walk(&start, seed, 200, &extras());
        prop_assert!(walk.is_ok(), "{}", walk.err().map(|v| v.to_string()).unwrap_or_default());
        let walk = walk.expect("checked");
        prop_assert!(walk.outcome.is_some(), "R11: the game ends");
        prop_assert!(walk.log.len() <= 117, "R11: at most 117 steps");
        #[cfg(feature = "serde")]
        {
            let json = cards_core::conformance::check_json_reloads(&start, &walk.log, seed);
            prop_assert!(json.is_ok(), "{}", json.unwrap_err());
        }
        let mut g = start;
        for (i, step) in walk.log.iter().enumerate() {
            prop_assert!(conserved(&g), "{g:?}");
            if i % 5 == 0 {
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
        choices in proptest::collection::vec(any::<u32>(), 0..130), rules in any_rules()
    ) {
        let start = Hearts::new(rules, 4).expect("valid rules");
        let walk = check_choices(&start, &choices, &extras());
        prop_assert!(walk.is_ok(), "{}", walk.err().map(|v| v.to_string()).unwrap_or_default());
    }

    /// R3, R4: the fast sampler returns what the listed sampler returns.
    #[test]
    fn r4_sampler_matches_the_listed_outcomes(seed in any::<u64>(), steps in 0usize..60, pass in any::<bool>()) {
        let mut g = Hearts::new(Rules { pass_cards: pass, ..Rules::default() }, 4).expect("valid");
        random_playout(&mut g, &mut ChaCha8Rng::seed_from_u64(seed), steps);
        let s = check_sampler(&g, seed);
        prop_assert!(s.is_ok(), "{}", s.unwrap_err());
    }
}
