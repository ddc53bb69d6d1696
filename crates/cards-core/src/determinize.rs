//! [`Determinize`]: full positions sampled from one seat's side.

use rand_core::Rng;

use crate::game::Game;
use crate::seat::Seat;

/// A game that can guess a full position from what one seat knows.
///
/// Where [`Redeal`](crate::Redeal) starts from the true state (a test hook),
/// `determinize` starts from a seat's view alone, so a bot can call it inside
/// [`Bot::choose`](crate::Bot::choose) without ever seeing the state. The view
/// carries what the seat remembers (cards whose place it saw), and every card
/// it cannot place is dealt uniformly among the places it may be.
///
/// The promise, checked by
/// [`conformance::check_determinize`](crate::conformance::check_determinize):
/// a determinized position is valid (it saves and loads), and gives the seat
/// the same view as the position its view came from.
pub trait Determinize: Game {
    /// A full position consistent with `view` (a seat's view) under `rules`.
    ///
    /// # Errors
    /// When the view is a spectator's, or is not consistent with the rules
    /// (say, one received from elsewhere and tampered with).
    fn determinize<R: Rng + ?Sized>(
        rules: &Self::Rules,
        view: &Self::View,
        rng: &mut R,
    ) -> Result<Self, Self::SetupError>;

    /// The action a search playout takes for the player to act, from the
    /// `legal` list of the full position; `None` (the default) picks uniformly
    /// at random. A game can play its playouts with a cheap heuristic here, so
    /// that searches do not learn to exploit random opponents. The
    /// [`Rollout`](crate::Rollout) search plays every seat by it, so there it
    /// is the policy being improved on.
    fn playout_action<R: Rng + ?Sized>(
        &self,
        legal: &[Self::Action],
        rng: &mut R,
    ) -> Option<Self::Action> {
        let _ = (legal, rng);
        None
    }

    /// The action [`playout_action`](Determinize::playout_action) takes for
    /// the player to act, found without listing the legal actions: a fast
    /// path for a game whose playout policy draws nothing from the random
    /// stream and can often read its choice straight off the position.
    /// `None` (the default, and wherever the game does not know) lists the
    /// legal actions and asks `playout_action`. Where it answers, it must
    /// answer as `playout_action` would on the listed actions; every game's
    /// conformance suite checks that
    /// ([`check_playout_shortcut`](crate::conformance::check_playout_shortcut)).
    fn playout_shortcut(&self) -> Option<Self::Action> {
        None
    }

    /// Applies `action`, which a search took from this position's legal
    /// list, its playout policy or its chance outcomes, and so knows to be
    /// legal: as [`Game::apply_mut`] (the default), but a game may skip the
    /// legality check the action has already passed, as shakmaty's
    /// `play_unchecked` does. Searches apply every action of their trees and
    /// playouts through it. Given an action that is not legal here, a game
    /// may leave any position (no game has unsafe code, so nothing worse);
    /// every game's conformance suite checks that it agrees with `apply_mut`
    /// on every legal action and chance outcome
    /// ([`check_apply_legal`](crate::conformance::check_apply_legal)).
    #[inline(always)]
    fn apply_legal(&mut self, action: &Self::Action) -> Result<(), Self::Illegal> {
        self.apply_mut(action)
    }

    /// A search horizon: [`Ismcts`](crate::Ismcts) stops an iteration as soon as
    /// this value differs from the one it started at (say, when a round is over)
    /// and scores it with [`Determinize::horizon_reward`]. The default never
    /// changes, so iterations play on to the game's end.
    fn horizon(&self) -> u64 {
        0
    }

    /// The reward of `seat`, in -1..=1, at a position past the
    /// [`horizon`](Determinize::horizon); `None` scores it by the game's outcome
    /// instead (and then the iteration plays on to the end).
    fn horizon_reward(&self, seat: Seat) -> Option<f64> {
        let _ = seat;
        None
    }

    /// The reward of `seat`, in -1..=1, for a playout cut at its step limit
    /// before the horizon or the end (a line of play that loops, say); `None`
    /// scores it 0.
    fn cutoff_reward(&self, seat: Seat) -> Option<f64> {
        let _ = seat;
        None
    }

    /// An opponent model: how likely the other seats were to act as `view`
    /// shows they did (say, to knock, or to pass on this middle) had the
    /// hidden cards lain as in `self`, a position
    /// [`determinize`](Determinize::determinize)d from `view`. In 0..=1; the
    /// default 1 keeps every sample. [`Ismcts`](crate::Ismcts) and
    /// [`Rollout`](crate::Rollout) draw a sample again with probability 1
    /// minus this (up to [`Ismcts::MAX_DRAWS`](crate::Ismcts::MAX_DRAWS)
    /// draws), so positions are weighted by it: uniform dealing, then
    /// conditioning on the choices seen.
    fn plausibility(&self, view: &Self::View) -> f64 {
        let _ = view;
        1.0
    }

    /// How many times its budget's samples a [`Rollout`](crate::Rollout)
    /// spends on a decision at `view` (at least 1): a game can give the few
    /// decisions that shape a whole game (say, which cards to lay face up)
    /// a larger share of its time. The default 1 treats every decision
    /// alike.
    fn samples_factor(view: &Self::View) -> u32 {
        let _ = view;
        1
    }

    /// Whether [`Ismcts`](crate::Ismcts) lets the other seats act by
    /// [`playout_action`](Determinize::playout_action) inside its tree as well
    /// as in playouts, so that the tree branches on the searching seat's
    /// decisions only. In a single-observer tree the other seats' nodes are
    /// shared by every sample, so there they choose without their own hands; a
    /// heuristic that reads the sampled hand models them better. The default
    /// `false` searches every seat's decisions.
    fn opponents_by_playout(&self) -> bool {
        false
    }
}

/// The reward of `seat` where a playout stopped short of any horizon: the
/// game's outcome, or, for a playout cut at its step limit,
/// [`Determinize::cutoff_reward`] (0 where a game gives none).
pub(crate) fn end_reward<G: Determinize>(state: &G, seat: Seat) -> f64 {
    match state.outcome() {
        Some(o) => o.reward(seat),
        None => state.cutoff_reward(seat).unwrap_or(0.0),
    }
}

/// The action a search playout takes for the player to act in `state`: the
/// game's [`Determinize::playout_shortcut`], else its
/// [`Determinize::playout_action`] from the legal list (listed into `legal`),
/// else one uniformly at random; `None` when nothing is legal.
pub(crate) fn policy_action<G: Determinize, R: Rng + ?Sized>(
    state: &G,
    legal: &mut Vec<G::Action>,
    rng: &mut R,
) -> Option<G::Action> {
    if let Some(a) = state.playout_shortcut() {
        return Some(a);
    }
    state.legal_actions(legal);
    let n = legal.len() as u64;
    if n == 0 {
        return None;
    }
    Some(match state.playout_action(legal, rng) {
        Some(a) => a,
        None => legal[crate::chance::below(rng, n) as usize].clone(),
    })
}

/// The most determinizations drawn for one sample when the game's
/// [`plausibility`](Determinize::plausibility) rejects them.
pub(crate) const MAX_DRAWS: u32 = 16;

/// A determinized position drawn by the rule of [`Ismcts`](crate::Ismcts)'s samples: drawn again
/// with probability 1 minus its [`plausibility`](Determinize::plausibility),
/// up to [`MAX_DRAWS`] draws, then the most plausible one drawn.
pub(crate) fn sample_weighted<G: Determinize>(
    rules: &G::Rules,
    view: &G::View,
    rng: &mut dyn Rng,
) -> Option<G> {
    let mut best: Option<(f64, G)> = None;
    for _ in 0..MAX_DRAWS {
        let state = G::determinize(rules, view, rng).ok()?;
        let p = state.plausibility(view);
        if p >= 1.0 || unit(rng) < p {
            return Some(state);
        }
        if best.as_ref().is_none_or(|(b, _)| p > *b) {
            best = Some((p, state));
        }
    }
    best.map(|(_, s)| s)
}

/// A uniform number in 0..1 (53 random bits).
fn unit(rng: &mut dyn Rng) -> f64 {
    (rng.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
}
