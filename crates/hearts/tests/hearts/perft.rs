//! Pinned perft counts (chance outcomes counted as branches) and a pinned seeded game.

use cards_core::{Bot, ChaCha8Rng, RandomBot, SeedableRng, Table, perft, random_playout};
use hearts::{Hearts, HeartsBot, PassDir, Rules};

use crate::common::{dealt, position};
use cards_core::Game;

#[test]
fn perft_from_the_start_is_pinned() {
    let g = Hearts::new(Rules::default(), 4).expect("valid");
    let counts: Vec<u64> = (1..=3).map(|d| perft(&g, d)).collect();
    // 4 directions, then 52 and 51 cards: as OpenSpiel counts from its start.
    assert_eq!(counts, [4, 208, 10_608]);
    let g = Hearts::new(
        Rules {
            pass_cards: false,
            ..Rules::default()
        },
        4,
    )
    .expect("valid");
    assert_eq!(perft(&g, 2), 52);
}

/// The start of the play after the deal of seed `seed` without passing.
fn seeded_deal(seed: u64) -> Hearts {
    let mut g = Hearts::new(
        Rules {
            pass_cards: false,
            ..Rules::default()
        },
        4,
    )
    .expect("valid");
    assert_eq!(
        random_playout(&mut g, &mut ChaCha8Rng::seed_from_u64(seed), 53),
        53
    );
    g
}

#[test]
fn perft_from_fixed_deals_is_pinned() {
    let counts: Vec<Vec<u64>> = (1..=3)
        .map(|seed| (1..=5).map(|d| perft(&seeded_deal(seed), d)).collect())
        .collect();
    assert_eq!(
        counts,
        [[1, 4, 16, 16, 135], [1, 4, 4, 12, 90], [1, 2, 8, 32, 306]]
    );
    let passing = dealt(
        Rules::default(),
        PassDir::Across,
        ["2C 9H QS", "AH 3D", "KS 4C", "TC"],
    );
    let counts: Vec<u64> = (1..=3).map(|d| perft(&passing, d)).collect();
    assert_eq!(counts, [13, 156, 1716]);
    let middle = position(
        Rules::default(),
        [3, 2, 2, 2],
        ["", "", "", ""],
        ["", "", "", ""],
        "",
        0,
    );
    // Clubs 3C to AC in the first three hands, four diamonds in seat 3's;
    // 2C went with the first trick (R6).
    let counts: Vec<u64> = (1..=4).map(|d| perft(&middle, d)).collect();
    assert_eq!(counts, [4, 16, 64, 256]);
}

#[test]
fn seed_7_game_is_pinned() {
    let mut table = Table::<Hearts>::new(Rules::default(), 4, 7).expect("valid");
    let mut bots: Vec<Box<dyn Bot<Hearts>>> = vec![
        Box::new(HeartsBot),
        Box::new(RandomBot),
        Box::new(HeartsBot),
        Box::new(RandomBot),
    ];
    let outcome = table
        .play_bots(&mut bots, 1_000)
        .expect("plays")
        .expect("ends");
    let returns = table.state().returns().expect("over");
    assert_eq!(
        (
            table.log().len(),
            returns.as_slice().to_vec(),
            outcome.places().to_vec()
        ),
        (105, vec![4, 23, 26, 25], vec![4, 3, 1, 2])
    );
}
