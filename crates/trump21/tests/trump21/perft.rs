//! Pinned perft counts from two fixed positions, and one pinned seeded game.

use cards_core::{Bot, Game, RandomBot, Seat, Table, perft};
use trump21::{OddsBot, Rules, Trump21};

use crate::common::*;

#[test]
fn perft_from_the_start_of_a_two_player_game() {
    let g = Trump21::new(Rules::default(), 2).unwrap();
    let counts: Vec<u64> = (1..=4).map(|d| perft(&g, d)).collect();
    // Depth 1: the 19 kinds of the supply; the pile needs 3 trumps before the deal.
    assert_eq!(counts[0], 19);
    // Depth 2: a kind with one copy cannot come twice: 10 such kinds × 18 + 9 × 19 = 351.
    assert_eq!(counts[1], 351);
    assert_eq!(counts, vec![19, 351, 6304, 69344]);
}

#[test]
fn perft_from_a_trump_heavy_position() {
    let g = heavy();
    let counts: Vec<u64> = (1..=3).map(|d| perft(&g, d)).collect();
    // Depth 1 by hand: draw, close; damage+1 at 3 seats; destroy: 4 own hidden kinds and
    // 2 opponents' hidden; love at 2; switch 0–4; exchange with seat 1 or 2 (its items
    // are later steps, T12.8.1): 2 + 3 + 6 + 2 + 5 + 2 = 20. (Before the exchange went
    // step by step it listed 41 + 31 whole exchanges here: 90, 1021, 7193; the 72
    // exchanges are still each reached by exactly one sequence, see exchange.rs.)
    assert_eq!(counts, vec![20, 168, 908]);
}

fn fnv(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

#[test]
fn pinned_seeded_game() {
    let mut table = Table::<Trump21>::new(Rules::default(), 3, 7).unwrap();
    let mut bots: Vec<Box<dyn Bot<Trump21>>> = vec![
        Box::new(OddsBot::default()),
        Box::new(RandomBot),
        Box::new(RandomBot),
    ];
    let outcome = table.play_bots(&mut bots, 1_000_000).unwrap().unwrap();
    let lines: Vec<String> = table.log().iter().map(|s| s.to_string()).collect();
    let text = lines.join("\n");
    assert_eq!(
        lines[..8].join(" | "),
        "chance: trump draw-7 | chance: trump go-for-17 | chance: trump destroy | chance: trump exchange \
         | chance: card 7 | chance: card 4 | chance: card 1 | chance: card 10"
    );
    assert_eq!(
        (lines.len(), outcome.to_string(), fnv(&text)),
        (198, "1 3 2".to_string(), 18_001_780_338_993_126_554)
    );
    // The same seed gives the same game; the log replays to the same state.
    let again = cards_core::replay(table.start(), table.log()).unwrap();
    assert_eq!(&again, table.state());
    let places = outcome.places();
    assert_eq!(places.iter().filter(|&&p| p == 1).count(), 1);
    assert!(
        table.state().lives(Seat(0)).unwrap() > 0,
        "the winner has lives left"
    );
}
