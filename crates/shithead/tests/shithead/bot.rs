//! The heuristic bot against random players, over fixed seeds.

use cards_core::{Bot, RandomBot, Seat, Table};
use shithead::{Rules, Shithead, ShitheadBot};

/// Games won (place 1) and games as the shithead by one `ShitheadBot`
/// against three random bots, rotating its seat.
fn score(games: u64) -> (u32, u32) {
    let (mut wins, mut last) = (0, 0);
    for seed in 0..games {
        let me = (seed % 4) as usize;
        let mut bots: Vec<Box<dyn Bot<Shithead>>> = (0..4)
            .map(|s| -> Box<dyn Bot<Shithead>> {
                if s == me {
                    Box::new(ShitheadBot)
                } else {
                    Box::new(RandomBot)
                }
            })
            .collect();
        let mut t = Table::<Shithead>::new(Rules::default(), 4, seed).unwrap();
        let o = t.play_bots(&mut bots, 1_000_000).unwrap().unwrap();
        wins += u32::from(o.place(Seat(me as u8)) == 1);
        last += u32::from(t.state().shithead() == Some(Seat(me as u8)));
    }
    (wins, last)
}

#[test]
fn bot_wins_clearly_more_than_its_share_against_random_bots() {
    let (wins, last) = score(400);
    // A fair share is 100 of 400 wins and 100 of 400 last places; pinned
    // (fixed seeds): 182 wins (45.5 %) and 19 last places (4.75 %). (Before
    // the picks of H3.1 the random bots drew fewer numbers: 198 and 16.)
    assert_eq!((wins, last), (182, 19));
    assert!(wins >= 180, "wins {wins}/400");
    assert!(last <= 40, "shithead {last}/400");
}
