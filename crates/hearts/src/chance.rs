//! The chance steps (R3, R4): the pass direction, then the deal, one card at a
//! time to seats 0, 1, 2, 3, 0, … from the undealt cards, each equally likely;
//! and the fast sampler that returns what the listed one returns.

use cards_core::chance::below;
use cards_core::{CardSet, Rng};

use crate::action::Action;
use crate::state::{Hearts, PassDir, Phase};

impl Hearts {
    /// The directions chance may pick: all four with passing, else no pass (R3).
    pub(crate) fn directions(&self) -> &'static [PassDir] {
        if self.rules.pass_cards {
            &PassDir::ALL
        } else {
            &PassDir::ALL[..1]
        }
    }

    /// Calls `f` on every chance outcome (each weighs 1), in listing order.
    pub(crate) fn for_each_outcome(&self, mut f: impl FnMut(Action)) {
        match self.phase {
            Phase::PassDir => self
                .directions()
                .iter()
                .for_each(|&d| f(Action::Direction(d))),
            Phase::Deal => self.undealt().iter().for_each(|c| f(Action::Deal(c))),
            _ => {}
        }
    }

    /// The chance outcomes with their weights (all 1).
    pub(crate) fn list_chance(&self, out: &mut Vec<(Action, u32)>) {
        out.clear();
        self.for_each_outcome(|a| out.push((a, 1)));
    }

    /// One chance outcome, drawn as the listed sampler draws it: one
    /// [`below`] over the count, then the outcome at that index.
    #[inline]
    pub(crate) fn sample(&self, rng: &mut (impl Rng + ?Sized)) -> Option<Action> {
        match self.phase {
            Phase::PassDir => {
                let dirs = self.directions();
                Some(Action::Direction(
                    dirs[below(rng, dirs.len() as u64) as usize],
                ))
            }
            Phase::Deal => CardSet::pick(self.undealt(), rng).map(Action::Deal),
            _ => None,
        }
    }
}
