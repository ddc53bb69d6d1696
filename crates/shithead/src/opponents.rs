//! [`Opponents`]: the difficulty levels of Shithead (easy, medium = the
//! [`ShitheadBot`] heuristic, hard = the rollout search of
//! [`Opponents::hard_search`]).

use cards_core::{Bot, HardSearch, Opponents, RolloutBudget, SearchBudget};

use crate::bot::ShitheadBot;
use crate::rules::Rules;
use crate::state::Shithead;

/// Iterations of one ISMCTS decision at [`Opponents::hard_budget`] (the hard
/// level before the rollout search replaced it; benches still measure it):
/// 8.9 ms median on the quiet two-core reference machine (criterion bench
/// `shithead/ismcts_iterations`).
pub const HARD_ITERATIONS: u32 = 800;

/// Determinizations of one hard decision ([`Opponents::hard_search`]):
/// 25.5 ms median on the quiet two-core reference machine (criterion bench
/// `shithead/hard_decision`, 2026-12-03), within 50 ms; 42.6 ms in the same
/// run before playouts read the heuristic's move off the position
/// ([`Determinize::playout_shortcut`](cards_core::Determinize::playout_shortcut))
/// instead of listing every legal move first (docs/speed.md).
pub const HARD_SAMPLES: u32 = 1600;

/// Steps (chance included) a playout of the hard level may take before it
/// is cut and scored by the places, as the action limit would end the game
/// (H22). Medium play, the playout policy, can loop until that limit: 341 of
/// 200,000 games of four [`ShitheadBot`]s from seed 1,000,000 did, and there
/// a hard decision took 1 to 2 s instead of milliseconds (140 to 210 ms with
/// the cut). In games that end, no stretch without a player going out takes
/// more than 185 steps at four seats and 397 at ten (the test
/// `h22_the_hard_levels_playouts_are_cut_only_where_medium_play_loops`), so
/// the cut only shortens playouts that loop.
pub const HARD_PLAYOUT_STEPS: usize = 1000;

/// How many times [`HARD_SAMPLES`] the hard level spends on each face-up
/// pick (H3.1), through
/// [`Determinize::samples_factor`](cards_core::Determinize::samples_factor):
/// three decisions a game, with playouts to the first player out, each
/// taking about four times as long as a play decision. Against three medium
/// bots hard won 40.3 % with it (8,000 games: 2,000 each from seeds 1,
/// 100001, 200001 and 300001) and 39.25 % without (the first 6,000).
pub const ARRANGE_SAMPLES_FACTOR: u32 = 4;

impl Opponents for Shithead {
    fn heuristic(_rules: &Rules) -> Box<dyn Bot<Shithead>> {
        Box::new(ShitheadBot)
    }

    /// The learned level's networks (docs/learned.md).
    fn learned_weights() -> &'static [u8] {
        include_bytes!("../learned.crlw")
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

    /// The hard level is the [`Rollout`](cards_core::Rollout) improvement of
    /// [`ShitheadBot`]: [`HARD_SAMPLES`] determinizations per decision, every
    /// legal action played out from each by the heuristic playout policy for
    /// every seat until the next player goes out (or for
    /// [`HARD_PLAYOUT_STEPS`]), and the best mean taken ([`ShitheadBot`]'s
    /// choice on a tie: confidence 0).
    fn hard_search() -> HardSearch {
        HardSearch::Rollout(RolloutBudget {
            confidence: 0.0,
            max_playout_steps: HARD_PLAYOUT_STEPS,
            ..RolloutBudget::samples(HARD_SAMPLES)
        })
    }
}
