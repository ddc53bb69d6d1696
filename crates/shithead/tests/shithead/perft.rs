//! Pinned perft counts from fixed deals and a pinned seeded game.

use cards_core::{Bot, RandomBot, Table, perft};
use shithead::{Rules, Shithead, ShitheadBot};

use crate::common::dealt;

/// Two players, seat 0 dealing; a deal order written out by hand.
const DEAL_2: &str = "4C 9D KS 2H 7C TD 6S 6H QC 3S AD 8H JS 5D 5C 4H 9S KH";
/// Three players, seat 0 dealing.
const DEAL_3: &str =
    "AS 2C 7H 8D 3H QS 9C 4D TC KD 5S 6C 2D JH 8S 3C QD 7S 4S TH AC 9H 5H 6D KC JC 2S";

fn deal(order: &str, seats: usize) -> Shithead {
    let draws: Vec<&str> = order.split(' ').collect();
    dealt(Rules::default(), seats, &draws)
}

#[test]
fn perft_two_players_fixed_deal() {
    let g = deal(DEAL_2, 2);
    let counts: Vec<u64> = (0..=6).map(|d| perft(&g, d)).collect();
    // Depth 1–2: 20 arrangements each; 3: the opener must play his 4H
    // (one action); 4: 34 possible refill cards.
    assert_eq!(counts, [1, 20, 400, 400, 13_600, 39_980, 1_295_220]);
}

#[test]
fn perft_three_players_fixed_deal() {
    let g = deal(DEAL_3, 3);
    let counts: Vec<u64> = (0..=6).map(|d| perft(&g, d)).collect();
    assert_eq!(counts, [1, 20, 400, 8_000, 8_960, 224_000, 1_188_680]);
}

#[test]
fn pinned_seeded_game() {
    let mut t = Table::<Shithead>::new(Rules::default(), 4, 7).unwrap();
    let mut bots: Vec<Box<dyn Bot<Shithead>>> = vec![
        Box::new(ShitheadBot),
        Box::new(RandomBot),
        Box::new(ShitheadBot),
        Box::new(RandomBot),
    ];
    let outcome = t.play_bots(&mut bots, 100_000).unwrap().unwrap();
    let lines: Vec<String> = t.log().iter().map(|s| s.to_string()).collect();
    assert_eq!(lines.len(), 244);
    assert_eq!(outcome.to_string(), "2 4 1 3");
    assert_eq!(t.state().shithead(), Some(cards_core::Seat(1)));
    // 36 dealt cards, then arranging and play.
    assert!(lines[..36].iter().all(|l| l.starts_with("chance: draw ")));
    assert_eq!(
        &lines[36..60],
        [
            "seat 1: up 8S 9C TS",
            "seat 2: up 2H TD AH",
            "seat 3: up 2C 6D 8C",
            "seat 0: up 3C 3D TH",
            "seat 1: play 4H",
            "chance: draw 5D",
            "seat 2: play 5H",
            "chance: draw 2D",
            "seat 3: play QC",
            "chance: draw QD",
            "seat 3: play TC",
            "chance: draw 9S",
            "seat 3: play QD",
            "chance: draw JC",
            "seat 3: play JC",
            "chance: draw KH",
            "seat 0: pick up",
            "seat 1: play 5D 5S",
            "chance: draw KS",
            "chance: draw QS",
            "seat 2: play 7S",
            "chance: draw 3S",
            "seat 3: pick up",
            "seat 0: play 5C",
        ]
    );
    assert_eq!(
        &lines[lines.len() - 6..],
        [
            "seat 1: play JH",
            "seat 3: blind",
            "chance: turn JD",
            "seat 1: play 2C",
            "seat 3: blind",
            "chance: turn 4S",
        ]
    );
}
