//! The [`Encode`] checks: ids, the legal mask and the observation tensors at
//! one state, over a whole id space, along a random game and along a log.

use std::collections::BTreeSet;

use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

use super::{Violation, guarded, violation};
use crate::chance::below;
use crate::encode::{Encode, legal_mask};
use crate::game::{Actor, Redeal, Viewer};
use crate::log::{StepOf, replay};
use crate::seat::Seat;

/// Checks the [`Encode`] promises at `state`: every legal action (or chance
/// outcome) has a distinct id inside its own space, not in the other one, that
/// maps back to it; [`legal_mask`] marks exactly the legal ids (none at a
/// chance step or at the end); and each seat's observation tensor has the
/// shape's length, holds only numbers from 0 to 1, and does not change when
/// what the seat cannot see is re-dealt (`seed` drives the re-deals).
///
/// # Errors
/// The first [`Violation`].
pub fn check_encoding<G: Encode + Redeal>(
    state: &G,
    seed: u64,
    step: usize,
) -> Result<(), Violation> {
    let v = |rule, detail| Err(violation(step, rule, detail));
    let (rules, seats) = (state.rules(), state.seats());
    let shape = G::shape(rules, seats);
    let chance = state.actor() == Actor::Chance;
    let size = if chance {
        shape.chance_outcomes
    } else {
        shape.actions
    };
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    let mut ids = BTreeSet::new();
    for a in &legal {
        let id = guarded(step, "action_id", || G::action_id(rules, seats, a, chance))?;
        match id {
            Some(id) if id < size && ids.insert(id) => {
                let back = guarded(step, "action_from_id", || {
                    G::action_from_id(rules, seats, id, chance)
                })?;
                if back.as_ref() != Some(a) {
                    return v(
                        "an action id maps back to its action",
                        format!("{a} -> {id} -> {back:?}"),
                    );
                }
            }
            other => {
                return v(
                    "every legal action has its own id in the space",
                    format!("{a} -> {other:?} (space {size}, ids so far {ids:?})"),
                );
            }
        }
        let elsewhere = guarded(step, "action_id", || G::action_id(rules, seats, a, !chance))?;
        if elsewhere.is_some() {
            return v(
                "an action has an id in one space only",
                format!("{a} -> {elsewhere:?} in the other space"),
            );
        }
    }
    let mut mask = vec![true; shape.actions];
    guarded(step, "legal_mask", || {
        legal_mask(state, &mut Vec::new(), &mut mask)
    })?;
    let marked: BTreeSet<usize> = (0..shape.actions).filter(|&i| mask[i]).collect();
    let player = matches!(state.actor(), Actor::Player(_));
    if marked != if player { ids } else { BTreeSet::new() } {
        return v(
            "the legal mask marks exactly the legal ids",
            format!("marked {marked:?} for {legal:?} at {:?}", state.actor()),
        );
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut tensor = vec![f32::NAN; shape.observation];
    let mut other = vec![f32::NAN; shape.observation];
    for s in 0..seats {
        let seat = Seat(s as u8);
        let view = state.observe(Viewer::Seat(seat));
        tensor.fill(f32::NAN);
        guarded(step, "encode_view", || {
            G::encode_view(rules, seats, &view, &mut tensor)
        })?;
        if let Some(i) = tensor.iter().position(|x| !(0.0..=1.0).contains(x)) {
            return v(
                "an observation fills its whole tensor with numbers from 0 to 1",
                format!("{seat}: entry {i} is {}", tensor[i]),
            );
        }
        other.fill(0.0);
        G::write_view(rules, seats, &view, &mut other);
        if tensor != other {
            return v(
                "write_view on zeros writes what encode_view writes",
                format!("{seat}"),
            );
        }
        let redealt = state.redeal_hidden(seat, &mut rng);
        G::encode_view(
            rules,
            seats,
            &redealt.observe(Viewer::Seat(seat)),
            &mut other,
        );
        if tensor != other {
            return v(
                "an observation does not change when hidden cards are re-dealt",
                format!("{seat}"),
            );
        }
    }
    Ok(())
}

/// Checks both id spaces of `rules` and `seats` whole: every id names an
/// action that maps back to it and has no id in the other space, and the first
/// id past each space names nothing.
///
/// # Errors
/// The first [`Violation`]; its `step` is the id.
pub fn check_id_spaces<G: Encode>(rules: &G::Rules, seats: usize) -> Result<(), Violation> {
    let shape = G::shape(rules, seats);
    for (size, chance) in [(shape.actions, false), (shape.chance_outcomes, true)] {
        for id in 0..=size {
            let action = guarded(id, "action_from_id", || {
                G::action_from_id(rules, seats, id, chance)
            })?;
            let Some(a) = action else {
                if id == size {
                    break;
                }
                return Err(violation(
                    id,
                    "every id in a space names an action",
                    format!("chance space: {chance}"),
                ));
            };
            if id == size {
                return Err(violation(
                    id,
                    "no id past the space names an action",
                    format!("{a} (chance space: {chance})"),
                ));
            }
            let back = guarded(id, "action_id", || G::action_id(rules, seats, &a, chance))?;
            let other = guarded(id, "action_id", || G::action_id(rules, seats, &a, !chance))?;
            if back != Some(id) || other.is_some() {
                return Err(violation(
                    id,
                    "an id's action maps back to it, and only in its own space",
                    format!("{a} -> {back:?}, other space {other:?}"),
                ));
            }
        }
    }
    Ok(())
}

/// Plays a random game from `start` (chance by its sampler, players uniformly,
/// seeded by `seed`) and runs [`check_encoding`] at every state, the last
/// included, checking that the shape does not change within the game.
/// Returns the number of steps played.
///
/// # Errors
/// The first [`Violation`], or one when the game has not ended after `max_steps`.
pub fn check_encoding_along_random_game<G: Encode + Redeal>(
    start: &G,
    seed: u64,
    max_steps: usize,
) -> Result<usize, Violation> {
    let shape = G::shape(start.rules(), start.seats());
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
    let mut state = start.clone();
    for step in 0..=max_steps {
        if G::shape(state.rules(), state.seats()) != shape {
            return Err(violation(
                step,
                "the shape stays the same within a game",
                format!("{shape:?}"),
            ));
        }
        check_encoding(&state, seed ^ step as u64, step)?;
        let action = match state.actor() {
            Actor::Terminal => return Ok(step),
            Actor::Chance => state.sample_chance(&mut rng, &mut outcomes),
            Actor::Player(_) => {
                state.legal_actions(&mut legal);
                let n = legal.len() as u64;
                (n > 0).then(|| legal[below(&mut rng, n) as usize].clone())
            }
        };
        let Some(action) = action else {
            return Err(violation(
                step,
                "a game that is not over has an action",
                format!("{state:?}"),
            ));
        };
        state.apply_mut(&action).map_err(|e| {
            violation(
                step,
                "a listed action is accepted",
                format!("{action}: {e}"),
            )
        })?;
    }
    Err(violation(
        max_steps,
        "the game ends within the step budget",
        format!("{max_steps} steps"),
    ))
}

/// Replays `log` from `start` (a walk's log, host operations included, so that
/// states only leaving reaches are covered) and runs [`check_encoding`] at
/// every state on the way, the last included.
///
/// # Errors
/// The first [`Violation`]; `step` is the index into the log.
pub fn check_encoding_along_log<G: Encode + Redeal>(
    start: &G,
    log: &[StepOf<G>],
    seed: u64,
) -> Result<(), Violation> {
    let mut state = start.clone();
    for step in 0..=log.len() {
        check_encoding(&state, seed ^ step as u64, step)?;
        let Some(entry) = log.get(step) else { break };
        state = replay(&state, std::slice::from_ref(entry))
            .map_err(|e| violation(step, "a log replays", e.to_string()))?;
    }
    Ok(())
}
