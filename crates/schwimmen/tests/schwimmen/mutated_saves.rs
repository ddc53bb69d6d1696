//! Saves a client wrote (issue 22): the positions play never reaches are refused
//! naming their clause. That every save the game accepts, however it was
//! changed, plays on and stays saveable is checked by the conformance suite
//! (props.rs).

use cards_core::{Game, Save};
use schwimmen::*;

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
