//! Saves and re-deals: every re-dealt position loads back (S7, S14), and saves
//! that were cut off or tampered with are refused.

use std::collections::BTreeSet;

use cards_core::conformance::check_reload;
use cards_core::{ChaCha8Rng, Game, Redeal, Seat, SeedableRng, Viewer, deck};
use schwimmen::{Rules, Schwimmen};

use crate::common::{set, setup};

/// Two players late in a round: the stock is down to two cards, so seat 0's
/// hidden pool is the opponent's three cards and two stock cards, and one of
/// the ten ways to deal three of them (AD KD TD) is a 31.
fn short_stock() -> Schwimmen {
    let mut s = setup(
        Rules::default(),
        &["7H 8S 9C", "AD KD 7C"],
        "QH JS 9H",
        0,
        None,
        &[3, 3],
    );
    s.stock = set("TD 8H");
    s.discards = deck::CARDS_32 - s.stock - s.middle - s.hands[0] - s.hands[1];
    Schwimmen::from_setup(&s).expect("a reachable position")
}

#[test]
fn s14_redeal_never_gives_a_hand_that_would_have_ended_the_round() {
    let g = short_stock();
    let view = g.observe(Viewer::Seat(Seat(0)));
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut seen = BTreeSet::new();
    for step in 0..900 {
        let other = g.redeal_hidden(Seat(0), &mut rng);
        assert_eq!(other.observe(Viewer::Seat(Seat(0))), view);
        let hand = other.hand(Seat(1));
        assert!(
            !schwimmen::hand_value(hand)
                .expect("three cards")
                .ends_round(),
            "{hand} would have ended the round (S14 b)"
        );
        check_reload(&other, step).expect("a re-dealt position loads back");
        seen.insert(hand.bits());
    }
    // Rejection keeps the re-deal uniform over the nine consistent hands: all appear.
    assert_eq!(seen.len(), 9);
    assert!(!seen.contains(&set("AD KD TD").bits()));
    assert!(seen.contains(&set("AD KD 8H").bits()));
}
