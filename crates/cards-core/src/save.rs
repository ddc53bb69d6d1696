//! [`Save`]: every position writes out to a validated setup and loads back.

use std::fmt::Debug;

use crate::game::Game;

/// A game whose positions write out field by field and load back through validation.
///
/// The promise (checked at every state of every conformance walk, re-dealt
/// states included): for every state `s` the game can reach,
/// `G::load(s.save())` is `Ok(s)`. Loading a hand-written or tampered setup
/// checks it against the rules and refuses what they cannot reach, with a
/// [`Game::SetupError`] that names the rule.
///
/// Each game's `Setup` type is also what its serde form goes through, so a JSON
/// save is a setup and loads through the same checks.
///
/// ```
/// # use cards_core::{Game, Save};
/// fn reloads<G: Save>(state: &G) -> bool {
///     G::load(state.save()).as_ref() == Ok(state)
/// }
/// ```
pub trait Save: Game {
    /// The position written out in full: what a save file or a bug report holds.
    type Setup: Clone + Debug + Eq;

    /// This position written out.
    fn save(&self) -> Self::Setup;

    /// Loads a written-out position, checking it against the rules.
    ///
    /// # Errors
    /// When the setup is not a position the rules allow; the error names the rule.
    fn load(setup: Self::Setup) -> Result<Self, Self::SetupError>;
}
