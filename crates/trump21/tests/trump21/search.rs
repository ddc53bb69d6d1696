//! Issue 10: determinizing from a seat's view (T15.2), the opponents and ISMCTS.

use cards_core::chance::below;
use cards_core::conformance::check_determinize;
use cards_core::{Actor, ChaCha8Rng, Game, Seat, SeedableRng};
use proptest::prelude::*;
use trump21::*;

use crate::props::{config, rules_variant};

/// Walks a seeded random game (a leave now and then) and checks every player
/// step's views determinize into loadable positions that show the same view.
fn determinize_walk(seats: usize, variant: u8, seed: u64) -> Result<usize, String> {
    let mut g = Trump21::new(rules_variant(variant), seats).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut legal = Vec::new();
    let mut checked = 0;
    for step in 0..3_000 {
        match g.actor() {
            Actor::Terminal => break,
            Actor::Player(_) => {
                check_determinize(&g, 1, seed ^ step as u64, step).map_err(|e| e.to_string())?;
                checked += 1;
                if below(&mut rng, 200) == 0 {
                    let s = Seat(below(&mut rng, seats as u64) as u8);
                    if let Ok(n) = g.host(&HostOp::Leave(s)) {
                        g = n;
                        continue;
                    }
                }
            }
            Actor::Chance => {}
        }
        g.legal_actions(&mut legal);
        let a = legal[below(&mut rng, legal.len() as u64) as usize];
        g.apply_mut(&a).unwrap();
    }
    Ok(checked)
}

proptest! {
    #![proptest_config(config())]

    /// T15.2: at every player step of a random game, every seat's view gives full
    /// positions that load through `Setup` and show that seat the same view.
    #[test]
    fn t15_2_every_player_step_determinizes_for_every_seat(seed in any::<u64>(), seats in 2usize..=6, variant in 0u8..4) {
        let checked = determinize_walk(seats, variant, seed);
        prop_assert!(checked.is_ok(), "{}", checked.clone().unwrap_err());
        prop_assert!(*checked.as_ref().unwrap() > 0);
    }
}
