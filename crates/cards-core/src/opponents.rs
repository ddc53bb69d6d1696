//! [`Opponents`]: a game's own heuristic bot and the search its hard level runs.

use crate::bot::Bot;
use crate::determinize::Determinize;
use crate::encode::Encode;
use crate::ismcts::{Ismcts, SearchBudget};
use crate::rollout::{Rollout, RolloutBudget};

/// Which of the generic searches plays a game's hard level, and its budget.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum HardSearch {
    /// Information-set MCTS ([`Ismcts`]).
    Ismcts(SearchBudget),
    /// The one-ply rollout improvement of the game's playout policy
    /// ([`Rollout`]), anchored on the game's [`Opponents::heuristic`].
    Rollout(RolloutBudget),
}

impl HardSearch {
    /// This search as a bot for games under `rules` (the hard level is
    /// `G::hard_search().bot(rules)`; another budget gives a cheaper or
    /// stronger searcher of the same kind).
    ///
    /// ```
    /// # use cards_core::{Bot, HardSearch, Opponents, RolloutBudget};
    /// # fn demo<G: Opponents>(rules: G::Rules) {
    /// let cheap: Box<dyn Bot<G>> = HardSearch::Rollout(RolloutBudget::samples(100)).bot::<G>(&rules);
    /// # }
    /// ```
    pub fn bot<G: Opponents>(self, rules: &G::Rules) -> Box<dyn Bot<G>> {
        match self {
            HardSearch::Ismcts(budget) => Box::new(Ismcts::<G>::new(rules.clone(), budget)),
            HardSearch::Rollout(budget) => Box::new(Rollout::<G>::anchored(
                rules.clone(),
                budget,
                G::heuristic(rules),
            )),
        }
    }
}

/// A game's own opponents: its heuristic bot and the search its hard level
/// runs. With it, [`Difficulty::bot`](crate::Difficulty::bot) builds every level.
pub trait Opponents: Determinize + Encode + 'static {
    /// The game's heuristic bot (the medium level).
    fn heuristic(rules: &Self::Rules) -> Box<dyn Bot<Self>>;

    /// The budget of the hard level when it searches with [`Ismcts`] (the
    /// default [`Opponents::hard_search`]): at most about 50 ms a decision on
    /// one core.
    fn hard_budget() -> SearchBudget {
        SearchBudget::default()
    }

    /// The search of the hard level; the default is [`Ismcts`] at
    /// [`Opponents::hard_budget`]. A game whose playout policy is a sound
    /// heuristic may choose [`Rollout`] instead. Either way no wall-clock
    /// limit should be set, so that a hard bot is a pure function of its seed.
    fn hard_search() -> HardSearch {
        HardSearch::Ismcts(Self::hard_budget())
    }

    /// The learned level's weights file ([`Networks`](crate::Networks), one
    /// network per seat count), usually `include_bytes!` of the file the
    /// game's training wrote. Empty (the default) when the game ships none:
    /// [`Difficulty::Learned`](crate::Difficulty::Learned) then plays the
    /// heuristic.
    fn learned_weights() -> &'static [u8] {
        &[]
    }

    /// Where the learned level checks its network's choice by a short
    /// [`Rollout`] search anchored on it ([`Rollout::anchored`]: the network's
    /// choice stands unless another action is clearly better in the
    /// samples): the search's budget at `view`, or `None`, the default, for
    /// the network alone. A game asks for it where few cards are hidden, so
    /// that a few samples of them nearly agree and the playouts are short,
    /// and the level stays in microseconds everywhere else.
    fn learned_check(_view: &Self::View) -> Option<RolloutBudget> {
        None
    }
}
