//! Tree tools written once for every game: perft and random playout.

use rand_core::Rng;

use crate::chance::below;
use crate::game::{Actor, Game};

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

/// Plays from `state` with uniformly random player actions and chance sampled by
/// weight, for at most `max_steps` steps (chance included). Returns the number
/// of steps taken; `state` is left at the end.
///
/// The workhorse of random-game benchmarks and Monte Carlo bots.
pub fn random_playout<G: Game, R: Rng + ?Sized>(
    state: &mut G,
    rng: &mut R,
    max_steps: usize,
) -> usize {
    let mut actions = Vec::new();
    let mut outcomes = Vec::new();
    for step in 0..max_steps {
        let action = match state.actor() {
            Actor::Terminal => return step,
            Actor::Chance => match state.sample_chance(rng, &mut outcomes) {
                Some(a) => a,
                None => return step,
            },
            Actor::Player(_) => {
                state.legal_actions(&mut actions);
                if actions.is_empty() {
                    return step;
                }
                actions.swap_remove(below(rng, actions.len() as u64) as usize)
            }
        };
        if state.apply_mut(&action).is_err() {
            return step;
        }
    }
    max_steps
}
