//! The bot plays clearly better than its share against random bots.

use cards_core::{Bot, RandomBot, Table};
use schwimmen::{Rules, Schwimmen, StrongBot};

/// Games won (place 1) by the strong bot against three random bots, over fixed seeds,
/// with the bot's seat rotating.
pub fn strong_bot_wins(games: u64) -> u64 {
    let mut wins = 0;
    for seed in 0..games {
        let seat = (seed % 4) as usize;
        let mut bots: Vec<Box<dyn Bot<Schwimmen>>> = (0..4)
            .map(|s| {
                if s == seat {
                    Box::new(StrongBot::default()) as Box<dyn Bot<Schwimmen>>
                } else {
                    Box::new(RandomBot)
                }
            })
            .collect();
        let mut t = Table::<Schwimmen>::new(Rules::default(), 4, seed).expect("setup");
        let o = t
            .play_bots(&mut bots, 1_000_000)
            .expect("legal")
            .expect("ends");
        if o.places()[seat] == 1 {
            wins += 1;
        }
    }
    wins
}

#[test]
fn strong_bot_wins_clearly_more_than_its_share() {
    let games = 400;
    let wins = strong_bot_wins(games);
    eprintln!("strong bot won {wins} of {games} four-player games");
    // Its fair share is a quarter (100 of 400).
    assert!(wins >= 200, "won only {wins} of {games}");
}
