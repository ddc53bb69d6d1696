//! Saves a client wrote: every save the game accepts, however it was changed,
//! plays on and stays saveable at every step (R15). Hearts has no host
//! operations (R16).

use cards_core::Game;
use cards_core::conformance::check_play_on_after;
use hearts::{Hearts, Rules};

#[test]
fn r15_every_reached_state_of_many_games_plays_on_saveable() {
    for seed in 0..30 {
        let rules = Rules {
            pass_cards: seed % 2 == 0,
            jd_bonus: seed % 3 == 0,
            ..Rules::default()
        };
        let start = Hearts::new(rules, 4).unwrap();
        check_play_on_after(&start, seed, (seed * 7 % 120) as usize, 200, &[]).unwrap();
    }
}

#[cfg(feature = "serde")]
mod mutated {
    use cards_core::conformance::mutate::{check_mutated_saves_after, mutated_save_census};
    use proptest::prelude::*;

    use super::*;
    use crate::props::any_rules;

    proptest! {
        /// R15: saves changed like a hostile client would (a field, a card, a
        /// flag, a seat): each the game accepts plays on and saves at every step.
        #[test]
        fn r15_mutated_saves_that_load_play_on_and_stay_saveable(
            rules in any_rules(),
            seed in any::<u64>(),
            steps in 0usize..120,
        ) {
            let start = Hearts::new(rules, 4).unwrap();
            if let Err(v) = check_mutated_saves_after(&start, seed, steps, 8, 200, &[]) {
                prop_assert!(false, "{v}");
            }
        }
    }

    #[test]
    fn r15_a_short_census_finds_no_unsaveable_save() {
        let census = mutated_save_census(
            |_| Hearts::new(Rules::default(), 4).unwrap(),
            &[],
            400,
            22,
            120,
            150,
        );
        assert_eq!(census.unsaveable, 0, "{census}: {:?}", census.failures);
        assert!(census.accepted > 0 && census.refused > 0, "{census}");
    }
}
