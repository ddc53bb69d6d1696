//! The bot: it wins clearly more than its share against random bots, over fixed seeds.

use cards_core::{Bot, RandomBot, Seat, Table};
use trump21::{OddsBot, Rules, Trump21};

/// Plays `games` games of `seats` players with the OddsBot at a rotating seat; returns its wins.
fn wins(seats: usize, games: u64) -> u64 {
    let mut won = 0;
    for seed in 0..games {
        let me = (seed as usize) % seats;
        let mut bots: Vec<Box<dyn Bot<Trump21>>> = (0..seats)
            .map(|s| -> Box<dyn Bot<Trump21>> {
                if s == me {
                    Box::new(OddsBot::default())
                } else {
                    Box::new(RandomBot)
                }
            })
            .collect();
        let mut table = Table::<Trump21>::new(Rules::default(), seats, seed).unwrap();
        let outcome = table
            .play_bots(&mut bots, 1_000_000)
            .unwrap()
            .expect("the game ends");
        if outcome.place(Seat(me as u8)) == 1 {
            won += 1;
        }
    }
    won
}

#[test]
fn odds_bot_beats_random_bots_heads_up() {
    let w = wins(2, 200);
    println!("odds bot heads-up win rate: {w}/200");
    assert!(w >= 150, "share is 100/200, got {w}");
}

#[test]
fn odds_bot_beats_three_random_bots() {
    let w = wins(4, 100);
    println!("odds bot 4-player win rate: {w}/100");
    assert!(w >= 50, "share is 25/100, got {w}");
}
