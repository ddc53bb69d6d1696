//! Saves a client wrote (issue 22): the positions play never reaches are refused
//! naming their clause, and every save the game accepts, however it was changed,
//! plays on and stays saveable at every step.

use cards_core::conformance::check_play_on_after;
use cards_core::{Game, Save, Seat};
use schwimmen::*;

fn host_ops() -> Vec<HostOp> {
    (0..9)
        .map(|s| HostOp::Leave(Seat(s)))
        .chain([HostOp::Misdeal])
        .collect()
}

fn refusal(setup: Setup) -> String {
    match Schwimmen::load(setup) {
        Ok(g) => panic!("loaded an unreachable position: {g:?}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn s21_a_game_with_every_seat_left_is_refused() {
    let mut s = Schwimmen::new(Rules::default(), 3).unwrap().save();
    s.phase = Phase::Over;
    s.fates = vec![Fate::Left(1), Fate::Left(2), Fate::Left(3)];
    assert!(refusal(s).contains("(S17, S19, S21)"));
    // The reachable end: two left, one still in.
    let mut s = Schwimmen::new(Rules::default(), 3).unwrap().save();
    s.phase = Phase::Over;
    s.to_act = s.dealer;
    s.fates = vec![Fate::Left(1), Fate::Active, Fate::Left(2)];
    assert!(Schwimmen::load(s).is_ok());
}

#[test]
fn s3_no_life_is_lost_before_the_first_round_end() {
    let g = Schwimmen::new(Rules::default(), 3).unwrap();
    let mut s = g.save();
    s.lives[1] -= 1;
    assert!(refusal(s.clone()).contains("(S3, S19.1)"));
    // After a round end a puzzle may have any lives.
    s.round = 1;
    assert!(Schwimmen::load(s).is_ok());
}

#[test]
fn every_reached_state_of_many_games_plays_on_saveable() {
    for seed in 0..40 {
        let start = Schwimmen::new(Rules::default(), 2 + (seed % 8) as usize).unwrap();
        check_play_on_after(&start, seed, (seed * 17 % 400) as usize, 400, &host_ops()).unwrap();
    }
}

#[cfg(feature = "serde")]
mod mutated {
    use cards_core::conformance::mutate::{check_mutated_saves_after, mutated_save_census};
    use proptest::prelude::*;

    use super::*;

    proptest! {
        /// Saves changed like a hostile client would (a field, a card, a flag, a
        /// seat): each the game accepts plays on and saves at every step.
        #[test]
        fn mutated_saves_that_load_play_on_and_stay_saveable(
            seats in 2usize..=9,
            seed in any::<u64>(),
            steps in 0usize..400,
        ) {
            let start = Schwimmen::new(Rules::default(), seats).unwrap();
            if let Err(v) = check_mutated_saves_after(&start, seed, steps, 8, 200, &host_ops()) {
                prop_assert!(false, "{v}");
            }
        }
    }

    #[test]
    fn a_short_census_finds_no_unsaveable_save() {
        let census = mutated_save_census(
            |rng| {
                let seats = 2 + cards_core::chance::below(rng, 8) as usize;
                Schwimmen::new(Rules::default(), seats).unwrap()
            },
            &host_ops(),
            400,
            22,
            300,
            150,
        );
        assert_eq!(census.unsaveable, 0, "{census}: {:?}", census.failures);
        assert!(census.accepted > 0 && census.refused > 0, "{census}");
    }
}
