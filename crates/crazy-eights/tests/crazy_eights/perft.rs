//! Pinned perft counts (chance outcomes counted as branches) and a pinned seeded game.

use cards_core::{Bot, Game, RandomBot, Table, perft};
use crazy_eights::{CrazyEights, Rules, ShedBot};

use crate::common::{load, turn};

#[test]
fn perft_from_a_dealt_position_is_pinned() {
    let g = load(turn(
        Rules::default(),
        &["4C 5H 8D KS 2H", "6H 9S JH", "7H 9C TD"],
        "4H",
        0,
        "2S 3S",
    ));
    let counts: Vec<u64> = (1..=4).map(|d| perft(&g, d)).collect();
    assert_eq!(counts, [5, 49, 330, 2484]);
    let special = Rules {
        use_special_cards: true,
        max_draw_cards: 2,
        ..Rules::default()
    };
    let g = load(turn(
        special,
        &["4C QH 8D AH 2H", "6H 2S JH", "7H 9C 2D"],
        "4H",
        0,
        "2C 3S",
    ));
    let counts: Vec<u64> = (1..=4).map(|d| perft(&g, d)).collect();
    assert_eq!(counts, [6, 49, 406, 3774]);
}

#[test]
fn perft_from_the_start_is_pinned() {
    let g = CrazyEights::new(Rules::default(), 2).expect("valid");
    let counts: Vec<u64> = (1..=3).map(|d| perft(&g, d)).collect();
    // 2 dealers, then 52 and 51 cards: as OpenSpiel counts from its start.
    assert_eq!(counts, [2, 104, 5304]);
}

#[test]
fn seed_7_game_is_pinned() {
    let mut table = Table::<CrazyEights>::new(Rules::default(), 4, 7).expect("valid");
    let mut bots: Vec<Box<dyn Bot<CrazyEights>>> = vec![
        Box::new(ShedBot),
        Box::new(RandomBot),
        Box::new(ShedBot),
        Box::new(RandomBot),
    ];
    let outcome = table
        .play_bots(&mut bots, 100_000)
        .expect("plays")
        .expect("ends");
    let returns = table.state().returns().expect("over");
    assert_eq!(
        (
            table.log().len(),
            returns.as_slice().to_vec(),
            outcome.places().to_vec()
        ),
        (66, vec![-17, -108, 0, -117], vec![2, 3, 1, 4])
    );
}
