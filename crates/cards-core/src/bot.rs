//! [`Bot`]: a player that chooses from its view and its legal actions.

use rand_core::Rng;

use crate::chance::below;
use crate::game::Game;

/// A player program. It sees only its own view, never the full state.
pub trait Bot<G: Game> {
    /// Picks one of `legal` (never empty) for the seat that `view` belongs to.
    ///
    /// A bot that returns an action not in `legal` has it refused by the rules.
    fn choose(&mut self, view: &G::View, legal: &[G::Action], rng: &mut dyn Rng) -> G::Action;

    /// The choice of a bot that never reads its view, or `None` (the default)
    /// for one that does. [`Table`](crate::Table) asks this first and builds
    /// the view only when it gets `None`, so view-free bots (like [`RandomBot`])
    /// play at the speed of a bare playout.
    ///
    /// A bot that returns `Some` here must return what [`choose`](Bot::choose)
    /// would, drawing the same numbers from `rng`, so both paths replay alike.
    fn choose_without_view(&mut self, legal: &[G::Action], rng: &mut dyn Rng) -> Option<G::Action> {
        let _ = (legal, rng);
        None
    }

    /// Whether every choice of this bot is `legal[below(rng, legal.len())]`
    /// ([`below`]): a uniformly random pick and nothing else. `false` by
    /// default. [`Table::play_bots`](crate::Table::play_bots) asks once per
    /// call and then draws such picks itself, with the same draws, without a
    /// call through the trait object: [`RandomBot`] tables play at the speed
    /// of a bare [`Playout`](crate::Playout).
    fn is_uniform_random(&self) -> bool {
        false
    }
}

/// Chooses uniformly among the legal actions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RandomBot;

impl<G: Game> Bot<G> for RandomBot {
    fn choose(&mut self, _view: &G::View, legal: &[G::Action], rng: &mut dyn Rng) -> G::Action {
        legal[below(rng, legal.len() as u64) as usize].clone()
    }

    fn choose_without_view(&mut self, legal: &[G::Action], rng: &mut dyn Rng) -> Option<G::Action> {
        Some(legal[below(rng, legal.len() as u64) as usize].clone())
    }

    fn is_uniform_random(&self) -> bool {
        true
    }
}
