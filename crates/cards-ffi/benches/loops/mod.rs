//! The three loops that play one random game of a game: through the
//! game's own `cards_core::Table`, through `AnyTable`, and through the C
//! functions. Shared by the `abi` bench and the `random_games` example
//! (which counts their instructions under callgrind).

use std::ffi::CString;
use std::ptr;

use cards_core::chance::below;
use cards_core::{ChaCha8Rng, Game, Outcome, SeedableRng, Table};
use cards_ffi::{
    CardsStatus, CardsTable, cards_legal_count, cards_outcome, cards_play_id, cards_table_free,
    cards_table_new, cards_to_act,
};
use cards_games::AnyTable;

/// The deal's seed and the move chooser's.
const SEED: u64 = 11;

/// A random game of `G` through its own table; returns the places.
pub fn native<G: Game>(seats: usize) -> Vec<u8> {
    let mut table = Table::<G>::new(G::Rules::default(), seats, SEED).expect("default rules");
    let mut rng = ChaCha8Rng::seed_from_u64(SEED);
    let mut legal = Vec::new();
    while let Some(seat) = table.to_act() {
        table.state().legal_actions(&mut legal);
        let pick = below(&mut rng, legal.len() as u64) as usize;
        table.play_as(seat, &legal[pick]).expect("legal");
    }
    table
        .outcome()
        .map(|o: Outcome| o.places().to_vec())
        .expect("over")
}

/// The same game through `AnyTable`.
pub fn any_table(game: &str, seats: usize) -> Vec<u8> {
    let mut table = AnyTable::new(game, "{}", seats, SEED).expect("a listed game");
    let mut rng = ChaCha8Rng::seed_from_u64(SEED);
    while let Some(seat) = table.to_act() {
        let count = table.legal_count(seat).expect("the seat to act");
        let pick = below(&mut rng, count as u64) as u32;
        table.play_id(seat, pick).expect("legal");
    }
    table.outcome().expect("over").places().to_vec()
}

/// The same game through the C functions.
pub fn c_abi(game: &CString, seats: usize) -> Vec<u8> {
    let ok = CardsStatus::Ok;
    let mut table: *mut CardsTable = ptr::null_mut();
    let mut rng = ChaCha8Rng::seed_from_u64(SEED);
    let (mut seat, mut count) = (0_i32, 0_usize);
    let mut places = [0_u8; 16];
    let mut len = 0;
    // SAFETY: every pointer is a live local or the table this loop made and
    // frees, used on this thread only.
    unsafe {
        let new = cards_table_new(game.as_ptr(), c"{}".as_ptr(), seats, SEED, &mut table);
        assert_eq!(new, ok);
        loop {
            assert_eq!(cards_to_act(table, &mut seat), ok);
            if seat < 0 {
                break;
            }
            assert_eq!(cards_legal_count(table, seat, &mut count), ok);
            let pick = below(&mut rng, count as u64) as u32;
            assert_eq!(cards_play_id(table, seat, pick, ptr::null_mut()), ok);
        }
        let outcome = cards_outcome(table, places.as_mut_ptr(), places.len(), &mut len);
        assert_eq!(outcome, ok);
        assert_eq!(cards_table_free(table), ok);
    }
    places[..len].to_vec()
}
