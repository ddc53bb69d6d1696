//! Search opponents (issue 10 items 3 and 4): ISMCTS finds the winning burn
//! in small hand-built positions. That every difficulty level replays a
//! seeded table alike is the conformance suite's
//! (`encoding_every_level_replays`).

use cards_core::{Bot, ChaCha8Rng, Game, Ismcts, SearchBudget, Seat, SeedableRng, Viewer};
use shithead::{Position, Rules, Shithead};

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
