//! [`Opponents`](cards_core::Opponents): the heuristic level ([`StrongBot`])
//! and the hard search, and the hard level's opponent model: how plausible a
//! determinized position is given what the seat saw the others do, assuming
//! they play like [`StrongBot`]. Uniform dealing (S23.2) gives a knocker a random hand; a
//! [`StrongBot`] knocks only on a strong one, and passes only when no swap
//! with the middle improves its hand.

use cards_core::{Bot, CardSet, RolloutBudget, Viewer};

use crate::bot::{StrongBot, points, rating};
use crate::observe::View;
use crate::state::{Fate, Phase, Schwimmen};

/// The weight of a position for each fact it contradicts.
const UNLIKELY: f64 = 0.1;

/// Whether a [`StrongBot`] holding `hand` would find a swap with `middle`
/// worth taking (a better hand, or as good with more cards of one suit, or a
/// hand that ends the round).
pub(crate) fn would_swap(hand: CardSet, middle: CardSet) -> bool {
    let current = rating(hand);
    let better = |after: CardSet| {
        let r = rating(after);
        r.0.ends_round() || r > current
    };
    if middle.len() == 3 && better(middle) {
        return true;
    }
    hand.iter().any(|give| {
        middle
            .iter()
            .any(|take| better((hand - CardSet::single(give)) | CardSet::single(take)))
    })
}

impl Schwimmen {
    /// The plausibility of this position (determinized from `view`) under the
    /// model: multiplied by [`UNLIKELY`] when the knocker's hand is one
    /// [`StrongBot`] would not knock on, and for each seat that passed on
    /// the current middle (S10.1: the middle has not changed since) with a
    /// hand it would have swapped from.
    pub(crate) fn model_weight(&self, view: &View) -> f64 {
        let Viewer::Seat(me) = view.viewer else {
            return 1.0;
        };
        if self.phase != Phase::Turns {
            return 1.0;
        }
        let bot = StrongBot::default();
        let mut weight = 1.0;
        if let Some(k) = view.knocker.filter(|&k| k != me) {
            let hand = self.hands[k.index()];
            if points(rating(hand).0) < bot.knock_at {
                weight *= UNLIKELY;
            }
        }
        for &s in view.passed.iter().filter(|&&s| s != me) {
            if would_swap(self.hands[usize::from(s.0)], self.middle) {
                weight *= UNLIKELY;
            }
        }
        weight
    }
}

impl cards_core::Opponents for Schwimmen {
    /// [`StrongBot`] with its default thresholds.
    fn heuristic(_rules: &crate::Rules) -> Box<dyn Bot<Schwimmen>> {
        Box::new(StrongBot::default())
    }

    /// The learned level's networks (docs/learned.md).
    fn learned_weights() -> &'static [u8] {
        include_bytes!("../learned.crlw")
    }

    /// With two seats left in the game, each legal action is played out
    /// from up to [`LEARNED_CHECK_SAMPLES`] samples of the other hand
    /// (weighted by the opponent model, as the hard level's) to the round's
    /// end, those clearly behind dropped on the way
    /// ([`LEARNED_CHECK_PRUNE`]), and
    /// the network's choice stands unless another gains by one standard
    /// error (confidence 1): the hard level's judgement where one hand of
    /// three cards is hidden and the duel decides the game, on about a
    /// sixth of a game's decisions, the last. Elsewhere the network plays
    /// alone.
    fn learned_check(view: &View) -> Option<RolloutBudget> {
        let left = view
            .fates
            .iter()
            .filter(|(_, f)| **f == Fate::Active)
            .count();
        (left == 2).then(|| RolloutBudget {
            confidence: 1.0,
            prune: Some(LEARNED_CHECK_PRUNE),
            ..RolloutBudget::samples(LEARNED_CHECK_SAMPLES)
        })
    }

    /// 2,000 iterations of [`cards_core::Ismcts`], no longer the hard level
    /// (see [`Opponents::hard_search`](cards_core::Opponents::hard_search)):
    /// kept for benches and for callers that build an ISMCTS bot themselves.
    fn hard_budget() -> cards_core::SearchBudget {
        cards_core::SearchBudget::iterations(2_000)
    }

    /// The hard level is the [`Rollout`](cards_core::Rollout) improvement of
    /// [`StrongBot`]: 300 determinizations per decision (weighted by the
    /// opponent model), every legal action played out from each to the round's
    /// end by the [`StrongBot`]-like playout policy for every seat, and
    /// [`StrongBot`]'s own choice kept unless another action gains clearly
    /// (confidence 2 standard errors). Searching only one move deep with the
    /// policy the other seats really play, it won 38.6 % (95 % interval
    /// 36.5–40.8 %) of 2,000 seeded 4-seat games against three [`StrongBot`]s,
    /// where 2,000 ISMCTS iterations won 24.0 %.
    fn hard_search() -> cards_core::HardSearch {
        cards_core::HardSearch::Rollout(cards_core::RolloutBudget::samples(HARD_SAMPLES))
    }
}

/// Determinizations per hard decision (see [`cards_core::Opponents::hard_search`]):
/// 3.2 ms median while the two-core machine was shared (criterion bench
/// `schwimmen/hard_decision`); 2.81 ms on the idle machine since two costs
/// left every playout (2026-11-30, docs/learned.md).
pub(crate) const HARD_SAMPLES: u32 = 300;

/// Samples of the learned level's check
/// ([`Opponents::learned_check`](cards_core::Opponents::learned_check)),
/// which runs once two seats are left.
///
/// Against three medium bots, the network alone won 2,724 of 8,000 games
/// from seed 100,000 (its seat `i mod 4` in game `i`) and 33.8 % of the
/// tournament command's 2,000 from seed 1; checked heads-up at 16, 32, 64
/// and 128 samples, 2,868, 2,908, 2,953 and 2,971 of the 8,000, and at 64
/// samples 36.0 % from seed 1, where the hard level won 2,957 and 38.6 %
/// (docs/learned.md).
pub const LEARNED_CHECK_SAMPLES: u32 = 64;

/// Standard errors behind the best action at which the learned level's check
/// stops playing an action out ([`RolloutBudget::prune`]).
///
/// With it the check spends about two fifths less time on its playouts for
/// the same strength: against three medium bots it won 2,936 of the 8,000
/// games from seed 100,000, 5,849 of 16,000 from seed 500,000 and 36.0 % of
/// the tournament command's 2,000 from seed 1, where every action played
/// out from every sample won 2,953, 5,873 and 36.0 % (docs/learned.md).
pub const LEARNED_CHECK_PRUNE: f64 = 2.0;

#[cfg(test)]
mod tests {
    use super::*;
    use cards_core::{Bot, ChaCha8Rng, Determinize, SeedableRng, Table};

    /// A table of four [`StrongBot`]s played until a seat other than 0 has
    /// knocked and seat 0 is to move.
    fn after_a_knock(seed: u64) -> Option<Table<Schwimmen>> {
        let mut t = Table::<Schwimmen>::new(crate::Rules::default(), 4, seed).ok()?;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..200 {
            let seat = t.to_act()?;
            let view = t.view(seat);
            if seat.0 == 0 && view.knocker.is_some_and(|k| k.0 != 0) {
                return Some(t);
            }
            let mut legal = Vec::new();
            cards_core::Game::legal_actions(t.state(), &mut legal);
            let a = StrongBot::default().choose(&view, &legal, &mut rng);
            t.play_as(seat, &a).ok()?;
        }
        None
    }

    fn set(s: &str) -> CardSet {
        s.parse().unwrap()
    }

    #[test]
    fn a_strong_bot_swaps_only_towards_a_better_hand() {
        // 7C 8D 9H (9 points) with AC KC QS in the middle: AC for 7C... makes clubs.
        assert!(would_swap(set("7C 8D 9H"), set("AC KC QS")));
        // AC KC QC is 31: nothing improves it.
        assert!(!would_swap(set("AC KC TC"), set("7D 8D 9H")));
    }

    #[test]
    fn s11_the_model_prefers_a_knocker_with_a_strong_hand() {
        let mut checked = 0;
        for seed in 0..40 {
            let Some(t) = after_a_knock(seed) else {
                continue;
            };
            let view = t.view(cards_core::Seat(0));
            // StrongBots played the real game: the true position fits the model.
            assert_eq!(t.state().model_weight(&view), 1.0, "seed {seed}");
            let k = view.knocker.unwrap().index();
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            for _ in 0..50 {
                let d = Schwimmen::determinize(&crate::Rules::default(), &view, &mut rng).unwrap();
                let strong = points(rating(d.hands[k]).0) >= StrongBot::default().knock_at;
                assert_eq!(
                    d.plausibility(&view) < 1.0,
                    !strong || {
                        view.passed
                            .iter()
                            .any(|s| would_swap(d.hands[s.index()], d.middle))
                    }
                );
                if !strong {
                    assert!(d.plausibility(&view) <= UNLIKELY);
                }
            }
            checked += 1;
        }
        assert!(checked >= 5, "only {checked} knocks found");
    }
}
