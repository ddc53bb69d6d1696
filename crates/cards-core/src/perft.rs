//! [`perft`]: counting the action sequences of a fixed depth, written once for every game.

use crate::game::Game;

/// Counts the action sequences of exactly `depth` steps from `state`, chance
/// outcomes included (each outcome is one branch, whatever its weight).
///
/// Depth 0 counts 1; a game that ends before `depth` adds nothing, as in chess perft.
/// Pinned perft counts catch any change in move generation.
pub fn perft<G: Game>(state: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut actions = Vec::new();
    state.legal_actions(&mut actions);
    if depth == 1 {
        return actions.len() as u64;
    }
    actions
        .iter()
        .map(|a| match state.apply(a) {
            Ok(next) => perft(&next, depth - 1),
            Err(e) => panic!("listed action {a} was refused: {e}"),
        })
        .sum()
}
