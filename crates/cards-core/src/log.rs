//! [`Step`]: one entry of a game's log, and [`replay`] of a log.

use std::fmt;

use crate::game::{Actor, Game};
use crate::seat::Seat;

/// One entry of a game log: a chance outcome, a player's action, or a host operation.
///
/// A game is reproducible from its rules, its seat count and its log,
/// whatever RNG produced the log.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Step<A, H> {
    /// Chance chose this outcome.
    Chance(A),
    /// This seat played this action.
    Player(Seat, A),
    /// The host applied this operation (a player left, a misdeal).
    Host(H),
}

/// The log entry type of a game.
pub type StepOf<G> = Step<<G as Game>::Action, <G as Game>::HostOp>;

impl<A: fmt::Display, H: fmt::Display> fmt::Display for Step<A, H> {
    /// `chance: 7H`, `seat 1: knock`, `host: leave 2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Step::Chance(a) => write!(f, "chance: {a}"),
            Step::Player(s, a) => write!(f, "{s}: {a}"),
            Step::Host(h) => write!(f, "host: {h}"),
        }
    }
}

impl<A, H> Step<A, H> {
    /// The log entry for `action` taken by whoever acts in `state`.
    pub fn of<G: Game<Action = A, HostOp = H>>(state: &G, action: A) -> Step<A, H> {
        match state.actor() {
            Actor::Player(seat) => Step::Player(seat, action),
            Actor::Chance | Actor::Terminal => Step::Chance(action),
        }
    }
}

/// Why a log did not replay.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError<E: std::error::Error + 'static> {
    /// Entry `index` was refused by the rules.
    #[error("log entry {index} was refused: {source}")]
    Refused {
        /// Position in the log, from 0.
        index: usize,
        /// The rules' reason.
        source: E,
    },
    /// Entry `index` names a different actor than the state has.
    #[error("log entry {index} is for {logged:?}, but {actual:?} is to act")]
    WrongActor {
        /// Position in the log, from 0.
        index: usize,
        /// Who the log says acted.
        logged: Actor,
        /// Who was to act.
        actual: Actor,
    },
}

/// Applies every entry of `log` to `start`, checking that each entry's actor is the
/// one to act.
///
/// # Errors
/// The first entry that does not fit, with its index.
pub fn replay<G: Game>(start: &G, log: &[StepOf<G>]) -> Result<G, ReplayError<G::Illegal>> {
    let mut state = start.clone();
    for (index, step) in log.iter().enumerate() {
        let refused = |source| ReplayError::Refused { index, source };
        match step {
            Step::Host(op) => state = state.host(op).map_err(refused)?,
            Step::Chance(a) | Step::Player(_, a) => {
                let logged = match step {
                    Step::Player(s, _) => Actor::Player(*s),
                    _ => Actor::Chance,
                };
                if state.actor() != logged {
                    return Err(ReplayError::WrongActor {
                        index,
                        logged,
                        actual: state.actor(),
                    });
                }
                state.apply_mut(a).map_err(refused)?;
            }
        }
    }
    Ok(state)
}
