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

/// A search's playouts choose for `OddsBot` from the position itself
/// (`Determinize::playout_action`), without building the seat's view: at
/// every player step of 400 random games (2 to 8 seats, one or two copies of
/// each number where the deck suffices), the same action as `OddsBot::decide` on the seat's view.
#[test]
fn playouts_choose_what_odds_bot_chooses_from_the_view() {
    use cards_core::chance::below;
    use cards_core::{Actor, ChaCha8Rng, Determinize, Game, SeedableRng, Viewer};
    let bot = OddsBot::default();
    let (mut checked, mut legal) = (0, Vec::new());
    for seed in 0..400u64 {
        let rules = Rules {
            copies: 1 + (seed % 2) as u8,
            ..Rules::default()
        };
        // One copy is too small a deck for the larger tables (T1).
        let Ok(mut g) = Trump21::new(rules, 2 + (seed % 7) as usize) else {
            continue;
        };
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..3_000 {
            g.legal_actions(&mut legal);
            if legal.is_empty() {
                break;
            }
            if let Actor::Player(me) = g.actor() {
                let from_view = bot.decide(&g.observe(Viewer::Seat(me)), &legal);
                let from_state = g.playout_action(&legal, &mut rng);
                assert_eq!(from_state, Some(from_view), "seed {seed}: {g:?}");
                checked += 1;
            }
            let a = legal[below(&mut rng, legal.len() as u64) as usize];
            g.apply_mut(&a).unwrap();
        }
    }
    assert!(checked > 20_000, "{checked}");
}
