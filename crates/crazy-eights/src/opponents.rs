//! [`Opponents`]: the heuristic level is [`ShedBot`]; the hard level is the
//! rollout improvement of it ([`Opponents::hard_search`]).

use cards_core::{Bot, HardSearch, Opponents, RolloutBudget};

use crate::bot::ShedBot;
use crate::observe::View;
use crate::rules::Rules;
use crate::state::CrazyEights;

/// Determinizations of one hard decision ([`Opponents::hard_search`]).
///
/// Against medium bots in the tournament command's 2,000 games from seed 1
/// the rollout search at 800 samples won 27.5 % at four seats and 64.2 %
/// heads-up, where the ISMCTS of 1,000 iterations that was the hard level
/// before won 25.2 % (no more than the medium level) and 59.1 %. At four
/// seats, its seat `i mod 4` in game `i`: 26.4 % at 400 samples and 28.1 %
/// at 1,600 (2,000 games from seed 100,000), 28.2 % at 800 (from seed 1);
/// twice the samples, twice the time, no clear gain. A decision takes
/// 7.8 ms median on the quiet two-core reference machine (criterion bench
/// `crazy_eights/hard_decision`, 2026-12-03; 19.5 ms in the same run before
/// the heuristic counted a suit in one step, docs/speed.md), within 50 ms.
pub const HARD_SAMPLES: u32 = 800;

/// The largest stock at which the learned level checks its network heads-up
/// ([`Opponents::learned_check`]): from here on the other hand is drawn from
/// few unseen cards, so a few samples judge the position well.
///
/// Heads-up against the medium level, the network alone won 4,710 of 8,000
/// games from seed 100,000 (its seat `i mod 2` in game `i`) and 58.6 % of
/// the tournament command's 2,000 from seed 1; checked with the stock empty
/// only, 4,838 and 60.9 %; checked from a stock of 8 at 16 samples, 4,942
/// and 61.9 %, where the hard level won 5,175 and 64.2 % (docs/learned.md).
pub const LEARNED_CHECK_STOCK: u8 = 8;

/// Samples of the learned level's check ([`Opponents::learned_check`]) while
/// cards are left in the stock. With the stock empty the view allows one
/// position only, every sample is that position, and two, the fewest the
/// anchored search compares, are taken instead (C14).
pub const LEARNED_CHECK_SAMPLES: u32 = 16;

impl Opponents for CrazyEights {
    fn heuristic(_rules: &Rules) -> Box<dyn Bot<CrazyEights>> {
        Box::new(ShedBot)
    }

    /// The learned level's networks (docs/learned.md).
    fn learned_weights() -> &'static [u8] {
        include_bytes!("../learned.crlw")
    }

    /// Heads-up with a stock of [`LEARNED_CHECK_STOCK`] or fewer cards, each
    /// legal action is played out by [`ShedBot`] from samples of the other
    /// hand ([`LEARNED_CHECK_SAMPLES`], confidence 1; two with the stock
    /// empty, where the view hides nothing: the other hand is every card not
    /// seen), and the network's choice stands unless another wins more:
    /// the hard level's judgement, in a fraction of its time, on about an
    /// eighth of a game's decisions, the last. Elsewhere the network plays
    /// alone.
    fn learned_check(view: &View) -> Option<RolloutBudget> {
        let samples = if view.stock_size == 0 {
            2
        } else {
            LEARNED_CHECK_SAMPLES
        };
        (view.hand_sizes.len() == 2 && view.stock_size <= LEARNED_CHECK_STOCK).then(|| {
            RolloutBudget {
                confidence: 1.0,
                ..RolloutBudget::samples(samples)
            }
        })
    }

    /// The hard level is the [`Rollout`](cards_core::Rollout) improvement of
    /// [`ShedBot`]: [`HARD_SAMPLES`] determinizations per decision, every
    /// legal action played out from each by [`ShedBot`] for every seat to the
    /// game's end, and the best mean reward taken ([`ShedBot`]'s choice on a
    /// tie: confidence 0).
    fn hard_search() -> HardSearch {
        HardSearch::Rollout(RolloutBudget {
            confidence: 0.0,
            ..RolloutBudget::samples(HARD_SAMPLES)
        })
    }
}
