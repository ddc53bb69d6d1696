//! [`Opponents`]: the difficulty levels of Shithead (easy, medium = the
//! [`ShitheadBot`] heuristic, hard = ISMCTS at [`Opponents::hard_budget`]).

use cards_core::{Bot, Opponents, SearchBudget};

use crate::bot::ShitheadBot;
use crate::rules::Rules;
use crate::state::Shithead;

/// Iterations of one hard decision: 15 ms median on the quiet two-core
/// reference machine, 40–55 ms while it is shared by four builds (criterion
/// bench `shithead/ismcts_decision`), so well within 50 ms.
pub const HARD_ITERATIONS: u32 = 800;

impl Opponents for Shithead {
    fn heuristic(_rules: &Rules) -> Box<dyn Bot<Shithead>> {
        Box::new(ShitheadBot)
    }

    /// [`HARD_ITERATIONS`] iterations and exploration 1.0 (rewards at the
    /// horizon are 1 or a share of -1), no wall-clock limit, so a hard bot is
    /// a pure function of its seed.
    fn hard_budget() -> SearchBudget {
        SearchBudget {
            exploration: 1.0,
            ..SearchBudget::iterations(HARD_ITERATIONS)
        }
    }
}
