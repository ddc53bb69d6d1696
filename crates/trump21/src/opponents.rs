//! [`Opponents`]: the difficulty levels of Trump 21 (easy, medium = the [`OddsBot`]
//! heuristic, hard = ISMCTS at [`Opponents::hard_budget`]), and the search hooks
//! the hard level plays with: searches look one round ahead (an iteration ends when
//! the round is scored, rewarded by the damage taken against the others') and play
//! their playouts as [`OddsBot`].

use cards_core::{Bot, Opponents, SearchBudget, Seat, Viewer};

use crate::action::Action;
use crate::bot::OddsBot;
use crate::rules::Rules;
use crate::state::{Phase, Status, Trump21};

/// Iterations of one hard decision (see `docs/rules/trump21.md`, "Opponents").
/// The criterion bench `trump21/ismcts_decision` times 1,000 iterations at 4.7 ms
/// on the quiet two-core reference machine, so 4,000 stay near 20 ms, under the
/// 50 ms a decision that hard allows.
pub const HARD_ITERATIONS: u32 = 4_000;

/// A search looks this far ahead: an iteration ends when the round is scored.
pub(crate) fn horizon(g: &Trump21) -> u64 {
    u64::from(g.scored)
}

/// The reward of `seat` once a round is scored: the game's outcome if it ended,
/// else the damage it took against the average of the others, in -1..=1.
pub(crate) fn horizon_reward(g: &Trump21, seat: Seat) -> Option<f64> {
    if g.phase == Phase::Over {
        return cards_core::Game::outcome(g).map(|o| o.reward(seat));
    }
    let last = g.last.as_ref()?;
    let me = g.player(seat)?;
    if me.status != Status::Active {
        return Some(-1.0);
    }
    let mut others = 0.0;
    let mut k = 0.0;
    for (i, p) in g.players().iter().enumerate() {
        if i != seat.index() && (p.active() || last.damage[i] > 0) {
            others += f64::from(last.damage[i]);
            k += 1.0;
        }
    }
    let mine = f64::from(last.damage[seat.index()]);
    let diff = if k > 0.0 { others / k - mine } else { 0.0 };
    Some((diff / 4.0).clamp(-1.0, 1.0))
}

/// The playout policy: every player plays as [`OddsBot`] would from his own view
/// of the sampled position, so a search plays against the heuristic's habits
/// rather than against random play.
pub(crate) fn playout_action(g: &Trump21, legal: &[Action]) -> Option<Action> {
    let view = cards_core::Game::observe(g, Viewer::Seat(g.turn));
    (!legal.is_empty()).then(|| OddsBot::default().decide(&view, legal))
}

impl Opponents for Trump21 {
    fn heuristic(_rules: &Rules) -> Box<dyn Bot<Trump21>> {
        Box::new(OddsBot::default())
    }

    /// [`HARD_ITERATIONS`] iterations, no wall-clock limit, so a hard bot is a pure
    /// function of its seed.
    fn hard_budget() -> SearchBudget {
        SearchBudget::iterations(HARD_ITERATIONS)
    }
}
