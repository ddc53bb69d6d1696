//! Saves a client wrote (issue 22): the positions play never reaches are refused
//! naming their clause. That every save the game accepts, however it was
//! changed, plays on and stays saveable is checked by the conformance suite
//! (props.rs). Crazy Eights has no host operations.

use cards_core::conformance::play_random;
use cards_core::{ChaCha8Rng, Game, Rank, Save, SeedableRng};
use crazy_eights::*;

fn special() -> Rules {
    Rules {
        use_special_cards: true,
        ..Rules::default()
    }
}

/// The first state after the starter, before any card is played.
fn after_the_starter(seed: u64) -> Setup {
    let g = CrazyEights::new(special(), 3).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut found = None;
    let _ = play_random(&g, &mut rng, 100, &[], |s, _| {
        let setup = s.save();
        if found.is_none() && setup.phase == Phase::Turn && setup.plays == 0 {
            found = Some(setup);
        }
        Ok(())
    });
    found.expect("the starter is turned within 100 steps")
}

#[test]
fn c5_2_only_an_ace_starter_reverses_before_the_first_play() {
    let mut aces = 0;
    for seed in 0..40 {
        let mut s = after_the_starter(seed);
        let ace = s.top.is_some_and(|c| c.rank() == Rank::Ace);
        assert_eq!(s.reversed, ace, "seed {seed}");
        aces += usize::from(ace);
        s.reversed = !s.reversed;
        let e = CrazyEights::load(s)
            .expect_err("flipped direction")
            .to_string();
        assert!(e.contains("(C5.1, C5.2, C11.2)"), "{e}");
    }
    let _ = aces;
}

#[test]
fn c5_1_no_eight_lies_on_top_before_the_first_play() {
    let mut s = after_the_starter(3);
    let top = s.top.unwrap();
    let eight = cards_core::Card::new(Rank::Eight, top.suit());
    // Swap the starter with that eight wherever it is.
    let mut swapped = false;
    for h in s.hands.iter_mut().chain([&mut s.stock]) {
        if !swapped && h.remove(eight) {
            h.add(top).unwrap();
            swapped = true;
        }
    }
    assert!(swapped);
    s.top = Some(eight);
    s.reversed = false;
    let e = CrazyEights::load(s)
        .expect_err("an eight starter")
        .to_string();
    assert!(e.contains("(C5.1, C5.2, C11.2)"), "{e}");
}
