//! The [`Game`] contract every rules engine in this library keeps.

use std::error::Error;
use std::fmt::{Debug, Display};
use std::hash::Hash;
use std::str::FromStr;

use rand_core::Rng;

use crate::chance::pick_outcome;
use crate::outcome::Outcome;
use crate::seat::Seat;

/// Who acts in a state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Actor {
    /// A player decides.
    Player(Seat),
    /// Chance decides: a deal, a draw, a roll. See [`Game::chance_outcomes`].
    Chance,
    /// The game is over; [`Game::outcome`] is `Some`.
    Terminal,
}

/// Who looks at a state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Viewer {
    /// A player: sees his own hidden cards and everything public.
    Seat(Seat),
    /// Somebody not at the table (a broadcast): sees only what is public.
    Spectator,
}

/// What a client holds: enough to list its own legal actions without the full state.
pub trait SeatView {
    /// The game's action type.
    type Action;
    /// Clears `out` and fills it with the viewing seat's legal actions, in the
    /// same order as [`Game::legal_actions`] when that seat is to act (empty otherwise).
    fn legal_actions(&self, out: &mut Vec<Self::Action>);
}

/// A card game's rules as a pure state machine.
///
/// A value of the implementing type is a valid position. [`apply`](Game::apply)
/// returns the next position or an error naming the rule broken; the input is
/// never changed. Chance is an actor of its own: at a chance node
/// [`chance_outcomes`](Game::chance_outcomes) lists the outcomes with integer
/// weights, so the rules never own an RNG and every game replays from its log.
///
/// The contract (checked for every game by [`conformance`](crate::conformance)):
/// 1. `legal_actions` lists exactly what `apply` accepts, without duplicates,
///    in a stable order; it is empty only when the game is over.
/// 2. `apply_mut` never panics, and leaves `self` unchanged when it refuses
///    (so `apply`, which it provides, never changes its input).
/// 3. `observe` gives a seat the same view in states that differ only in what it
///    cannot see (see [`Redeal`]).
/// 4. Every game ends under any legal play (rules files name the limits).
pub trait Game: Clone + Debug + Eq + Hash + Sized {
    /// House rules as data; `Default` is the documented standard.
    type Rules: Clone + Debug + Default + Eq + Hash;
    /// Player decisions and chance outcomes.
    type Action: Clone
        + Eq
        + Ord
        + Hash
        + Debug
        + Display
        + FromStr<Err: Error + Send + Sync + 'static>;
    /// Host operations that are not turns (a player leaving, a declared misdeal).
    type HostOp: Clone + Eq + Hash + Debug + Display + FromStr<Err: Error + Send + Sync + 'static>;
    /// Why an action or host operation was refused; its message names the rule.
    type Illegal: Error + Clone + Eq + Send + Sync + 'static;
    /// Why a game could not be set up.
    type SetupError: Error + Clone + Eq + Send + Sync + 'static;
    /// What one viewer may know.
    type View: Clone + Debug + Eq + SeatView<Action = Self::Action>;
    /// An applied action as one viewer may see it ("seat 2 drew a card").
    type Event: Clone + Debug + Eq + Display;

    /// A new game for `seats` players; its first actor is usually [`Actor::Chance`] (the deal).
    ///
    /// # Errors
    /// When the seat count or a rules value is outside what the rules allow.
    fn new(rules: Self::Rules, seats: usize) -> Result<Self, Self::SetupError>;

    /// The rules this game is played by.
    fn rules(&self) -> &Self::Rules;

    /// Number of seats at the table (including players who are out).
    fn seats(&self) -> usize;

    /// Who acts now.
    fn actor(&self) -> Actor;

    /// Clears `out` and fills it with every action [`apply`](Game::apply) accepts
    /// now, in a stable order, without duplicates. At a chance node these are the
    /// chance outcomes; when the game is over, nothing.
    fn legal_actions(&self, out: &mut Vec<Self::Action>);

    /// Clears `out` and, at a chance node, fills it with each outcome and its
    /// weight (> 0), in the order of [`legal_actions`](Game::legal_actions).
    fn chance_outcomes(&self, out: &mut Vec<(Self::Action, u32)>);

    /// Applies `action` in place: the one transition every game writes.
    ///
    /// # Errors
    /// When `action` is not legal now; the error names the rule, and `self`
    /// is left exactly as it was.
    fn apply_mut(&mut self, action: &Self::Action) -> Result<(), Self::Illegal>;

    /// The position after `action`: a copy of `self` with
    /// [`apply_mut`](Game::apply_mut) applied; `self` is not changed.
    ///
    /// # Errors
    /// As [`apply_mut`](Game::apply_mut).
    fn apply(&self, action: &Self::Action) -> Result<Self, Self::Illegal> {
        let mut next = self.clone();
        next.apply_mut(action)?;
        Ok(next)
    }

    /// The position after a host operation (leaving, a misdeal): not a listed action.
    ///
    /// # Errors
    /// When the operation is not allowed now; the error names the rule.
    fn host(&self, op: &Self::HostOp) -> Result<Self, Self::Illegal>;

    /// The seat a host operation speaks for (a player leaving), or `None` for
    /// one only the host may order (a misdeal). [`Table::host_as`](crate::Table::host_as)
    /// uses it to refuse a seat that orders an operation for another seat.
    fn host_seat(op: &Self::HostOp) -> Option<Seat> {
        let _ = op;
        None
    }

    /// What `viewer` may know: hidden cards are not representable in it.
    fn observe(&self, viewer: Viewer) -> Self::View;

    /// `action`, applied to `self`, as `viewer` may see it.
    ///
    /// # Errors
    /// When `action` is not legal now (as [`apply`](Game::apply) would refuse it).
    fn event(&self, action: &Self::Action, viewer: Viewer) -> Result<Self::Event, Self::Illegal>;

    /// The places, once the game is over.
    fn outcome(&self) -> Option<Outcome>;

    /// Once the game is over, the refusal [`apply`](Game::apply) gives every
    /// action, naming the clause that ended the game; `None` while it goes
    /// on. [`Table`](crate::Table) answers a seat that asks to act after the
    /// end with it.
    fn game_over(&self) -> Option<Self::Illegal>;

    /// At a chance node, picks an outcome by weight with `rng`; `None` otherwise.
    ///
    /// `scratch` is a reusable buffer. A game may override this for speed, but
    /// must return what this listed sampler returns with the same use of `rng`.
    fn sample_chance<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        scratch: &mut Vec<(Self::Action, u32)>,
    ) -> Option<Self::Action> {
        if self.actor() != Actor::Chance {
            return None;
        }
        self.chance_outcomes(scratch);
        pick_outcome(rng, scratch)
    }
}

/// Re-deals everything one seat cannot see, consistently with what it can.
///
/// The hook for the view-invariance check (the seat's view must not change),
/// and for bots that guess hidden cards.
pub trait Redeal: Game {
    /// A position that `seat` cannot tell from `self`, with hidden cards shuffled
    /// among the places `seat` cannot see.
    fn redeal_hidden<R: Rng + ?Sized>(&self, seat: Seat, rng: &mut R) -> Self;
}
