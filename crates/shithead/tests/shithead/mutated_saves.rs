//! Saves a client wrote (issue 22): the positions play never reaches are refused
//! naming their clause, and every save the game accepts, however it was changed,
//! plays on and stays saveable at every step.

use cards_core::conformance::{check_play_on_after, play_random};
use cards_core::{ChaCha8Rng, Game, Save, Seat, SeedableRng};
use shithead::*;

fn leaves() -> Vec<Leave> {
    (0..10).map(|s| Leave(Seat(s))).collect()
}

fn refusal(setup: Setup) -> String {
    match Shithead::load(setup) {
        Ok(g) => panic!("loaded an unreachable position: {g:?}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn h21_a_game_with_every_seat_left_is_refused() {
    let mut s = Shithead::new(Rules::default(), 3).unwrap().save();
    s.phase = Phase::Over;
    s.status = vec![Status::Left(0), Status::Left(1), Status::Left(2)];
    assert!(refusal(s.clone()).contains("(H20, H21)"));
    // The reachable end: two left, one still holding cards.
    s.status[1] = Status::Active;
    s.status[2] = Status::Left(1);
    s.hands[1] = std::mem::take(&mut s.stock);
    assert!(Shithead::load(s).is_ok());
}

/// The first state of play: arranged, nothing on the pile yet.
fn first_play(seed: u64) -> Shithead {
    let g = Shithead::new(Rules::default(), 3).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut first = None;
    let _ = play_random(&g, &mut rng, 200, &[], |s, _| {
        if first.is_none() && s.save().phase == Phase::Playing {
            first = Some(*s);
        }
        Ok(())
    });
    first.expect("play starts within 200 steps")
}

#[test]
fn h18_play_is_not_reversed_before_a_king_was_played() {
    let mut refused = 0;
    for seed in 0..20 {
        let mut s = first_play(seed).save();
        s.reversed = true;
        // Before the first play nothing was played at all: no king is on the pile,
        // burned or known to have been picked up.
        assert!(refusal(s).contains("(H5.0, H18)"));
        refused += 1;
    }
    assert_eq!(refused, 20);
}

#[test]
fn every_reached_state_of_many_games_plays_on_saveable() {
    for seed in 0..40 {
        let start = Shithead::new(Rules::default(), 2 + (seed % 9) as usize).unwrap();
        check_play_on_after(&start, seed, (seed * 17 % 400) as usize, 400, &leaves()).unwrap();
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
            seats in 2usize..=10,
            seed in any::<u64>(),
            steps in 0usize..400,
        ) {
            let start = Shithead::new(Rules::default(), seats).unwrap();
            if let Err(v) = check_mutated_saves_after(&start, seed, steps, 8, 200, &leaves()) {
                prop_assert!(false, "{v}");
            }
        }
    }

    #[test]
    fn a_short_census_finds_no_unsaveable_save() {
        let census = mutated_save_census(
            |rng| {
                let seats = 2 + cards_core::chance::below(rng, 9) as usize;
                Shithead::new(Rules::default(), seats).unwrap()
            },
            &leaves(),
            400,
            22,
            300,
            150,
        );
        assert_eq!(census.unsaveable, 0, "{census}: {:?}", census.failures);
        assert!(census.accepted > 0 && census.refused > 0, "{census}");
    }
}
