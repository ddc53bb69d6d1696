//! [`Opponents`]: the difficulty levels of Trump 21. Easy plays [`OddsBot`]'s
//! choice half the time and a random legal action otherwise; medium is the
//! [`OddsBot`] heuristic; hard is single-observer ISMCTS
//! ([`cards_core::Ismcts`]) at [`Opponents::hard_budget`]: [`HARD_ITERATIONS`]
//! iterations a decision with exploration [`HARD_EXPLORATION`] and no
//! wall-clock limit (about 18 ms a decision on one quiet core, within the 50 ms
//! the hard level allows).
//!
//! The search hooks the hard level plays with: each iteration samples the hidden
//! cards from the seat's view, weighted by an opponent model ([`plausibility`] below:
//! a player who closed although [`OddsBot`] would have drawn is unlikely); the
//! other players act as [`OddsBot`] from their own view of the sample, in the
//! tree as in playouts, so the tree holds the searching seat's decisions only;
//! and an iteration looks one round ahead: it ends when the round is scored and
//! is rewarded by the damage taken against the others'.

use cards_core::{Bot, Opponents, SearchBudget, Seat};

use crate::action::Action;
use crate::bot::{Facts, OddsBot};
use crate::observe::View;
use crate::rules::Rules;
use crate::state::{Phase, Status, Trump21};

/// Iterations of one hard decision (see `docs/rules/trump21.md`, "Opponents").
/// The criterion bench `trump21/hard_decision`: 17.8 ms median on the quiet
/// two-core reference machine (2026-12-03), against 19.7 ms in the same run
/// before the playouts and the opponent model read `OddsBot`'s facts off the
/// position instead of building each seat's view (docs/speed.md); well under
/// the 50 ms a decision that hard allows.
pub const HARD_ITERATIONS: u32 = 4_000;

/// The UCB exploration constant of the hard level. Rewards of a one-round
/// horizon are mostly ±0.5 (the round damage of 2 over 4), so the search
/// explores more than the default 0.7; in 400-game heads-up runs against
/// medium (seeds 1..=400) 0.35, 0.7, 1.0 and 1.4 won 61.8, 66.0, 68.2 and
/// 64.2 %.
pub const HARD_EXPLORATION: f64 = 1.0;

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
    (!legal.is_empty()).then(|| OddsBot::default().decide_on(&Facts::of_state(g, g.turn), legal))
}

impl Opponents for Trump21 {
    fn heuristic(_rules: &Rules) -> Box<dyn Bot<Trump21>> {
        Box::new(OddsBot::default())
    }

    /// The learned level's networks (docs/learned.md).
    fn learned_weights() -> &'static [u8] {
        include_bytes!("../learned.crlw")
    }

    /// [`HARD_ITERATIONS`] iterations, no wall-clock limit, so a hard bot is a pure
    /// function of its seed.
    fn hard_budget() -> SearchBudget {
        SearchBudget {
            exploration: HARD_EXPLORATION,
            ..SearchBudget::iterations(HARD_ITERATIONS)
        }
    }
}

// The hard level's opponent model.
//
// The hard level's opponent model: how plausible a determinized position is,
// given the other players were seen to close, were they playing as [`OddsBot`].
//
// [`OddsBot`] draws while the odds of staying at or under the target are good or
// while behind a visible total, and closes otherwise. So a player seen to close
// at a low open total most likely holds a high hidden card, and one who drew
// again likely a low one; only closes are checked. A sample whose hidden cards contradict what a seat was
// seen to do is weighted down, not ruled out: the check looks at the position as
// it is now (totals and unseen cards can have moved since), and a human or
// another bot need not play like [`OddsBot`].

/// The weight of a sample for each seat whose close contradicts it.
pub(crate) const UNLIKELY: f64 = 0.1;

/// The plausibility of `g` (a position determinized from `view`): a factor
/// [`UNLIKELY`] for each other active seat, holding a hidden card the viewer does
/// not know, that closed this round although [`OddsBot`] would draw from its
/// view of `g`. (Checking a seat's last draw the same way did not win more in
/// 400-game runs and cost 8 % more time.)
pub(crate) fn plausibility(g: &Trump21, view: &View) -> f64 {
    let Some(me) = view.seat() else {
        return 1.0;
    };
    let bot = OddsBot::default();
    let mut p = 1.0;
    for (i, s) in view.seats.iter().enumerate() {
        let unknown = s.has_hidden && s.hidden.is_none();
        if i == me.index() || s.status != Status::Active || !s.closed || !unknown {
            continue;
        }
        let seat = Seat(i as u8);
        let Some(total) = g.total(seat) else {
            continue;
        };
        if bot.draws_at(&Facts::of_state(g, seat), total) {
            p *= UNLIKELY;
        }
    }
    p
}
