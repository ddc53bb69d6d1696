//! Playing on from a loaded position: the promise that a position [`Save::load`]
//! accepts stays saveable however it is played on.
//!
//! [`check_walk`](super::check_walk) starts from states the engine reached. A
//! server also loads saves a client wrote, so the promise must hold from every
//! position the game accepts, not only from those it made itself:
//! [`check_load_and_play_on`] loads a setup and, if the game accepts it, plays
//! it forward at random (chance by its weights, players uniformly, host
//! operations mixed in), saving and reloading at every step.

use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

use super::{Violation, check_reload, guarded, violation};
use crate::chance::{below, pick_weighted};
use crate::game::{Actor, Game};
use crate::save::Save;

/// While playing on, a host operation is tried at about one step in this many.
const HOST_ONE_IN: u64 = 8;

/// Plays `state` forward by at most `max_steps` random steps (chance by weight,
/// players uniformly, one of `host_ops` tried at about one step in eight),
/// calling `each` on every state on the way, the first and the last included.
///
/// Returns the last state and the number of steps taken. A refused host
/// operation is not a step (host operations may well be refused); a refused
/// listed action is a [`Violation`].
///
/// # Errors
/// The first [`Violation`]: from `each`, a listed action refused, or a panic.
pub fn play_random<G: Game>(
    start: &G,
    rng: &mut ChaCha8Rng,
    max_steps: usize,
    host_ops: &[G::HostOp],
    mut each: impl FnMut(&G, usize) -> Result<(), Violation>,
) -> Result<(G, usize), Violation> {
    let mut state = start.clone();
    let mut legal = Vec::new();
    let mut chance = Vec::new();
    for step in 0..=max_steps {
        each(&state, step)?;
        guarded(step, "legal_actions", || state.legal_actions(&mut legal))?;
        if legal.is_empty() || step == max_steps {
            return Ok((state, step));
        }
        if !host_ops.is_empty() && below(rng, HOST_ONE_IN) == 0 {
            let op = &host_ops[below(rng, host_ops.len() as u64) as usize];
            if let Ok(next) = guarded(step, "host", || state.host(op))? {
                state = next;
                continue;
            }
        }
        let i = match guarded(step, "actor", || state.actor())? {
            Actor::Chance => {
                guarded(step, "chance_outcomes", || {
                    state.chance_outcomes(&mut chance)
                })?;
                pick_weighted(rng, chance.iter().map(|(_, w)| *w)).unwrap_or(0)
            }
            _ => below(rng, legal.len() as u64) as usize,
        };
        let action = legal[i % legal.len()].clone();
        state = guarded(step, "apply", || state.apply(&action))?.map_err(|e| {
            violation(
                step,
                "legal actions are accepted",
                format!("{action}: {e}: {state:?}"),
            )
        })?;
    }
    Ok((state, max_steps))
}

/// Plays `start` forward at random from `seed` (see [`play_random`]) and checks
/// that every state on the way saves and loads back equal ([`check_reload`]).
///
/// Returns the number of steps played.
///
/// # Errors
/// The first [`Violation`].
pub fn check_play_on<G: Save>(
    start: &G,
    seed: u64,
    max_steps: usize,
    host_ops: &[G::HostOp],
) -> Result<usize, Violation> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    play_random(start, &mut rng, max_steps, host_ops, check_reload).map(|(_, steps)| steps)
}

/// Loads `setup` and, when the game accepts it, plays it on with
/// [`check_play_on`]: the position must stay saveable at every step.
///
/// Returns `None` when the game refuses the setup (nothing more to check), or
/// the number of steps played.
///
/// # Errors
/// A [`Violation`] when loading panics, or playing on breaks the promise.
pub fn check_load_and_play_on<G: Save>(
    setup: G::Setup,
    seed: u64,
    max_steps: usize,
    host_ops: &[G::HostOp],
) -> Result<Option<usize>, Violation> {
    match guarded(0, "load", || G::load(setup))? {
        Err(_) => Ok(None),
        Ok(state) => check_play_on(&state, seed, max_steps, host_ops).map(Some),
    }
}

/// Plays `start` at random for `base_steps` steps from `seed` (host operations
/// mixed in), then checks that the state reached plays on saveable for
/// `play_steps` more ([`check_play_on`]): the promise from a state of the middle
/// of a game, not only its start.
///
/// # Errors
/// The first [`Violation`].
pub fn check_play_on_after<G: Save>(
    start: &G,
    seed: u64,
    base_steps: usize,
    play_steps: usize,
    host_ops: &[G::HostOp],
) -> Result<usize, Violation> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mid, _) = play_random(start, &mut rng, base_steps, host_ops, |_, _| Ok(()))?;
    check_play_on(&mid, seed.rotate_left(17), play_steps, host_ops)
}
