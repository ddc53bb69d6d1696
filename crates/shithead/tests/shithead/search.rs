//! Search opponents (issue 10 items 3 and 4): ISMCTS finds the winning burn
//! in small hand-built positions, and the hard level's playouts are cut only
//! where medium play loops (H22). That every difficulty level replays a
//! seeded table alike is the conformance suite's
//! (`encoding_every_level_replays`).

use cards_core::{
    Actor, Bot, ChaCha8Rng, Determinize, Game, HardSearch, Ismcts, Opponents, SearchBudget, Seat,
    SeedableRng, Viewer,
};
use shithead::{HARD_PLAYOUT_STEPS, Position, Rules, Shithead};

use crate::common::{act, legal};

fn choice(g: &Shithead, seed: u64) -> String {
    let view = g.observe(Viewer::Seat(Seat(0)));
    let mut moves = Vec::new();
    g.legal_actions(&mut moves);
    let mut bot = Ismcts::<Shithead>::new(Rules::default(), SearchBudget::iterations(400));
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    bot.choose(&view, &moves, &mut rng).to_string()
}

#[test]
fn h23_4_ismcts_burns_with_a_ten_to_go_out_first() {
    // Playing TC burns the 4 and seat 0 goes again with 5S and is out; 5S
    // first lets seat 1 play its last card on it and win.
    let g = Position::new(Rules::default(), 2)
        .hand(Seat(0), "TC 5S")
        .hand(Seat(1), "AS")
        .pile("4H")
        .build()
        .unwrap();
    assert_eq!(legal(&g), ["play 5S", "play TC"]);
    for seed in 0..5 {
        assert_eq!(choice(&g, seed), "play TC", "seed {seed}");
    }
    // The heuristic keeps its ten for later, and loses.
    let view = g.observe(Viewer::Seat(Seat(0)));
    let moves = [act("play 5S"), act("play TC")];
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    assert_eq!(
        shithead::ShitheadBot.choose(&view, &moves, &mut rng),
        act("play 5S")
    );
}

#[test]
fn h8_ismcts_completes_four_of_a_kind_to_burn_and_win() {
    let g = Position::new(Rules::default(), 2)
        .hand(Seat(0), "6C 8S")
        .hand(Seat(1), "AS")
        .pile("6H 6S 6D")
        .build()
        .unwrap();
    assert_eq!(legal(&g), ["play 6C", "play 8S"]);
    for seed in 0..5 {
        assert_eq!(choice(&g, seed), "play 6C", "seed {seed}");
    }
    // The burn wins: seat 0 goes again and plays out.
    let won = g
        .apply(&act("play 6C"))
        .unwrap()
        .apply(&act("play 8S"))
        .unwrap();
    assert_eq!(won.outcome().unwrap().place(Seat(0)), 1);
}

/// Medium bots at `seats` seats from `seed` (chance from the same seed): the
/// game at its end and the most steps (chance included) any stretch took
/// without a player going out.
fn medium_game(seats: usize, seed: u64) -> (Shithead, usize) {
    let mut g = Shithead::new(Rules::default(), seats).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut moves, mut scratch) = (Vec::new(), Vec::new());
    let (mut outs, mut stretch, mut longest) = (g.horizon(), 0, 0);
    while let Some(step) = match g.actor() {
        Actor::Terminal => None,
        Actor::Chance => g.sample_chance(&mut rng, &mut scratch),
        Actor::Player(seat) => {
            g.legal_actions(&mut moves);
            let view = g.observe(Viewer::Seat(seat));
            Some(shithead::ShitheadBot.choose(&view, &moves, &mut rng))
        }
    } {
        g.apply_mut(&step).unwrap();
        stretch += 1;
        longest = longest.max(stretch);
        if g.horizon() != outs {
            (outs, stretch) = (g.horizon(), 0);
        }
    }
    (g, longest)
}

#[test]
fn h22_the_hard_levels_playouts_are_cut_only_where_medium_play_loops() {
    let limit = Rules::default().max_actions;
    for (seats, games) in [(4, 3000), (10, 300)] {
        let (mut looped, mut longest) = (0, 0);
        for seed in 0..games {
            let (end, stretch) = medium_game(seats, seed);
            if end.actions() == limit {
                looped += 1;
                // A cut playout scores as the action limit ends the game (H22).
                let outcome = end.outcome().unwrap();
                for s in 0..seats as u8 {
                    assert_eq!(end.cutoff_reward(Seat(s)), Some(outcome.reward(Seat(s))));
                }
            } else {
                longest = longest.max(stretch);
            }
        }
        // Medium play (the playout policy) loops in some games at four seats,
        // and in games that end never comes near the cut, so the cut changes
        // no playout that ends.
        assert!(looped > 0 || seats != 4, "no game of medium play looped");
        assert!(
            2 * longest < HARD_PLAYOUT_STEPS,
            "{seats} seats: a stretch of {longest} steps without a player going out"
        );
    }
    let HardSearch::Rollout(budget) = Shithead::hard_search() else {
        panic!("the hard level is the rollout search")
    };
    assert_eq!(budget.max_playout_steps, HARD_PLAYOUT_STEPS);
}
