//! Perft, random playouts and bots on the toy game.

use cards_core::{
    Actor, Bot, ChaCha8Rng, Game, RandomBot, Rng, SeedableRng, Table, perft, random_playout,
};

use crate::common::toy;
use crate::toy::{self, Bug, Toy, ToyAction, ToyRules};

#[test]
fn perft_counts_chance_branches() {
    let start = toy(2, Bug::None);
    // Deal to seat 0: 8 cards; to seat 1: 7; seat 0 draws or stands: 2;
    // then after a draw 6 cards can come, after a stand seat 1 has 2 choices.
    assert_eq!(perft(&start, 0), 1);
    assert_eq!(perft(&start, 1), 8);
    assert_eq!(perft(&start, 2), 8 * 7);
    assert_eq!(perft(&start, 3), 8 * 7 * 2);
    assert_eq!(perft(&start, 4), 8 * 7 * (6 + 2));
}

#[test]
fn random_playout_ends_the_game_and_stops_at_its_budget() {
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let mut s = toy(3, Bug::None);
    let steps = random_playout(&mut s, &mut rng, 1_000);
    assert_eq!(s.actor(), Actor::Terminal);
    assert!(
        steps >= 3 + 3,
        "three deals and three stands at least, took {steps}"
    );
    let mut short = toy(3, Bug::None);
    assert_eq!(random_playout(&mut short, &mut rng, 2), 2);
    assert_eq!(short.actor(), Actor::Chance);
}

/// Stands on 7 or more, else draws: a bot that reads only its view.
pub struct Greedy;
impl Bot<Toy> for Greedy {
    fn choose(&mut self, view: &toy::ToyView, legal: &[ToyAction], _: &mut dyn Rng) -> ToyAction {
        let me = view.me.unwrap();
        let total: u8 = view.own_hidden.map_or(0, |c| c.rank().number())
            + view.open[me].iter().map(|c| c.rank().number()).sum::<u8>();
        if total < 7 && legal.contains(&ToyAction::Draw) {
            ToyAction::Draw
        } else {
            ToyAction::Stand
        }
    }
}

#[test]
fn a_sensible_bot_beats_a_random_one() {
    let mut wins = 0;
    for seed in 0..400 {
        let mut t = Table::<Toy>::new(ToyRules::plain(), 2, seed).unwrap();
        let mut bots: Vec<Box<dyn Bot<Toy>>> = vec![Box::new(Greedy), Box::new(RandomBot)];
        let o = t.play_bots(&mut bots, 100).unwrap().unwrap();
        wins += u32::from(o.place(cards_core::Seat(0)) == 1);
    }
    assert!(wins > 240, "greedy won {wins} of 400");
}
