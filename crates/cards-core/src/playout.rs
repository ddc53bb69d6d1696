//! [`Playout`] and [`random_playout`]: random play to the end of a game,
//! with reusable buffers.

use rand_core::Rng;

use crate::chance::below;
use crate::game::{Actor, Game};

/// Random play with reusable buffers: player actions uniformly at random,
/// chance sampled by weight. The workhorse of random-game benchmarks and Monte
/// Carlo bots; keep one per thread and reuse it across games.
///
/// ```
/// # use cards_core::{Game, Playout, ChaCha8Rng, SeedableRng, Actor};
/// # fn demo<G: Game>(start: &G) {
/// let mut playout = Playout::new();
/// let mut rng = ChaCha8Rng::seed_from_u64(1);
/// for _ in 0..100 {
///     let mut g = start.clone();
///     playout.run(&mut g, &mut rng, 1_000_000);
///     assert_eq!(g.actor(), Actor::Terminal);
/// }
/// # }
/// ```
#[derive(Clone, Debug)]
pub struct Playout<G: Game> {
    legal: Vec<G::Action>,
    outcomes: Vec<(G::Action, u32)>,
}

impl<G: Game> Default for Playout<G> {
    fn default() -> Self {
        Playout::new()
    }
}

impl<G: Game> Playout<G> {
    /// Empty buffers.
    pub fn new() -> Self {
        Playout {
            legal: Vec::new(),
            outcomes: Vec::new(),
        }
    }

    /// Takes one random step (a player's action uniformly from the legal list,
    /// or a chance outcome by weight). Returns `false`, changing nothing, when
    /// the game is over.
    #[inline(always)]
    pub fn step<R: Rng + ?Sized>(&mut self, state: &mut G, rng: &mut R) -> bool {
        let action = match state.actor() {
            Actor::Terminal => return false,
            Actor::Chance => match state.sample_chance(rng, &mut self.outcomes) {
                Some(a) => a,
                None => return false,
            },
            Actor::Player(_) => {
                state.legal_actions(&mut self.legal);
                let n = self.legal.len() as u64;
                if n == 0 {
                    return false;
                }
                match self.legal.get(below(rng, n) as usize) {
                    Some(a) => a.clone(),
                    None => return false,
                }
            }
        };
        state.apply_mut(&action).is_ok()
    }

    /// Steps until the game is over or `max_steps` steps (chance included) are
    /// taken; returns the number of steps. `state` is left at the end.
    pub fn run<R: Rng + ?Sized>(&mut self, state: &mut G, rng: &mut R, max_steps: usize) -> usize {
        for step in 0..max_steps {
            if !self.step(state, rng) {
                return step;
            }
        }
        max_steps
    }
}

/// Plays from `state` with uniformly random player actions and chance sampled by
/// weight, for at most `max_steps` steps (chance included). Returns the number
/// of steps taken; `state` is left at the end. A one-off [`Playout`].
pub fn random_playout<G: Game, R: Rng + ?Sized>(
    state: &mut G,
    rng: &mut R,
    max_steps: usize,
) -> usize {
    Playout::new().run(state, rng, max_steps)
}
