//! [`Opponents`]: the difficulty levels of Trump 21 (easy, medium = the [`OddsBot`]
//! heuristic, hard = ISMCTS at [`Opponents::hard_budget`]), and the search hooks
//! the hard level plays with.

use cards_core::chance::below;
use cards_core::{Bot, Opponents, Rng, SearchBudget, Seat};

use crate::action::Action;
use crate::bot::OddsBot;
use crate::rules::Rules;
use crate::state::{Phase, Status, Trump21};

/// Iterations of one hard decision (see `docs/rules/trump21.md`, "Opponents"):
/// chosen so that the criterion bench `trump21/ismcts_decision` stays well under
/// 50 ms a decision on the two-core reference machine.
pub const HARD_ITERATIONS: u32 = 1_000;

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

/// A cheap playout policy: reveal when it can, end after a card, finish an
/// exchange at once, else draw while the player's own total (hidden card included)
/// is at least 6 under the target and close otherwise; a trump now and then.
pub(crate) fn playout_action<R: Rng + ?Sized>(
    g: &Trump21,
    legal: &[Action],
    rng: &mut R,
) -> Option<Action> {
    if legal.contains(&Action::Reveal) {
        return Some(Action::Reveal);
    }
    match g.phase {
        Phase::Landed => return Some(Action::End),
        Phase::Exchanging(_) => {
            return Some(if legal.contains(&Action::Done) {
                Action::Done
            } else {
                legal[below(rng, legal.len() as u64) as usize]
            });
        }
        _ => {}
    }
    // A trump one time in four, chosen at random among the plays.
    if below(rng, 4) == 0 {
        let plays = legal
            .iter()
            .filter(|a| matches!(a, Action::Play(_)))
            .count();
        if plays > 0 {
            let k = below(rng, plays as u64) as usize;
            return legal
                .iter()
                .filter(|a| matches!(a, Action::Play(_)))
                .nth(k)
                .copied();
        }
    }
    let p = g.cur();
    if p.total() + 6 <= u16::from(g.target) && legal.contains(&Action::Draw) {
        Some(Action::Draw)
    } else if legal.contains(&Action::Close) {
        Some(Action::Close)
    } else {
        None
    }
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
