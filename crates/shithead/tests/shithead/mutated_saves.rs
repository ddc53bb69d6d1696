//! Saves a client wrote (issue 22): the positions play never reaches are refused
//! naming their clause. That every save the game accepts, however it was
//! changed, plays on and stays saveable is checked by the conformance suite
//! (props.rs).

use cards_core::conformance::play_random;
use cards_core::{ChaCha8Rng, Game, Save, SeedableRng};
use shithead::*;

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

/// Found by the mutated-save suite: a two-player deal with one player gone
/// loaded, and the deal went on to a game of one that no save could write.
/// In play a leaver who leaves one player at the table ends the game (H21).
#[test]
fn h21_a_deal_or_arranging_with_one_player_left_at_the_table_is_refused() {
    let mut g = Shithead::new(Rules::default(), 2).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let mut scratch = Vec::new();
    for _ in 0..2 {
        let deal = g.sample_chance(&mut rng, &mut scratch).unwrap();
        g.apply_mut(&deal).unwrap();
    }
    let dealing = g.save();
    assert_eq!(dealing.phase, Phase::Dealing);
    // What a leave would leave behind, but the game still dealing.
    let mut s = dealing.clone();
    s.status[0] = Status::Left(0);
    let mut gone = std::mem::take(&mut s.hands[0]);
    gone.add_all(std::mem::take(&mut s.face_up[0])).unwrap();
    gone.add_all(std::mem::take(&mut s.face_down[0])).unwrap();
    s.removed = gone;
    assert!(refusal(s).contains("(H21)"));
    // The real leave ends the game there.
    let left = g.host(&Leave(cards_core::Seat(0))).unwrap();
    assert_eq!(left.phase(), Phase::Over);
}
