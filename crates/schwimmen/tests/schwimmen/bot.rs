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

fn pick(hands: &[&str], middle: &str, seat: u8) -> String {
    let g = crate::common::pos(Rules::default(), hands, middle, seat, None, &[3, 3, 3]);
    let mut legal = Vec::new();
    cards_core::Game::legal_actions(&g, &mut legal);
    let view = cards_core::Game::observe(&g, cards_core::Viewer::Seat(cards_core::Seat(seat)));
    StrongBot::default().pick(&view, &legal).to_string()
}

#[test]
fn strong_bot_takes_31_and_30_half_and_knocks_on_a_strong_hand() {
    let others = ["7C 8D 9H", "8C 9D TH"];
    // A 31 on the table is taken at once.
    assert_eq!(
        pick(&["AS KS 7D", others[0], others[1]], "QS 8H 9C", 0),
        "swap 7D QS"
    );
    // A 30½ chance is taken.
    assert_eq!(
        pick(&["7S 7D QS", others[0], others[1]], "7H JC AC", 0),
        "swap QS 7H"
    );
    // A strong hand knocks.
    assert_eq!(
        pick(&["AS KS 8S", others[0], others[1]], "7H JC QC", 0),
        "knock"
    );
    // It keeps its best suit: with nothing better it passes.
    assert_eq!(
        pick(&["AS KS 7D", others[0], others[1]], "7H JC QD", 0),
        "pass"
    );
}
