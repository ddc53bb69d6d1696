//! [`Determinize`]: full positions sampled from one seat's side.

use rand_core::Rng;

use crate::game::Game;

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
}
