//! [`Pimc`]: determinized perfect-information Monte Carlo, the baseline that
//! [`Ismcts`](crate::Ismcts) is measured against.
//!
//! For each of a number of positions sampled from the seat's view, every legal
//! action is tried and followed by random play; the action with the best total
//! reward for the deciding seat wins. It treats each sample as if the hidden
//! cards were known (the "strategy fusion" weakness ISMCTS avoids).

use rand_core::Rng;

use crate::bot::Bot;
use crate::determinize::{Determinize, end_reward};
use crate::game::{Actor, Game};
use crate::playout::Playout;

/// Determinized Monte Carlo as a [`Bot`].
#[derive(Clone, Debug)]
pub struct Pimc<G: Game> {
    rules: G::Rules,
    samples: u32,
    playouts: u32,
    max_playout_steps: usize,
    totals: Vec<f64>,
    playout: Playout<G>,
}

impl<G: Determinize> Pimc<G> {
    /// `samples` determinizations per decision, `playouts` random playouts per
    /// legal action in each; it plays the action with the highest total
    /// reward, the first legal one among equals. A playout still running
    /// after 100,000 steps (chance included; see
    /// [`max_playout_steps`](Pimc::max_playout_steps)) is cut and scored by
    /// [`Determinize::cutoff_reward`] (0 where a game gives none).
    pub fn new(rules: G::Rules, samples: u32, playouts: u32) -> Pimc<G> {
        Pimc {
            rules,
            samples,
            playouts,
            max_playout_steps: 100_000,
            totals: Vec::new(),
            playout: Playout::new(),
        }
    }

    /// The same search with playouts cut after `steps` steps, chance included.
    pub fn max_playout_steps(mut self, steps: usize) -> Pimc<G> {
        self.max_playout_steps = steps;
        self
    }
}

impl<G: Determinize> Bot<G> for Pimc<G> {
    fn choose(&mut self, view: &G::View, legal: &[G::Action], rng: &mut dyn Rng) -> G::Action {
        if legal.len() == 1 {
            return legal[0].clone();
        }
        self.totals.clear();
        self.totals.resize(legal.len(), 0.0);
        for _ in 0..self.samples {
            let Ok(state) = G::determinize(&self.rules, view, rng) else {
                break;
            };
            let Actor::Player(me) = state.actor() else {
                break;
            };
            for (i, a) in legal.iter().enumerate() {
                let Ok(after) = state.apply(a) else { continue };
                for _ in 0..self.playouts {
                    let mut end = after.clone();
                    self.playout.run(&mut end, rng, self.max_playout_steps);
                    self.totals[i] += end_reward(&end, me);
                }
            }
        }
        let best = (0..legal.len()).fold(0, |best, i| {
            if self.totals[i] > self.totals[best] {
                i
            } else {
                best
            }
        });
        legal[best].clone()
    }
}
