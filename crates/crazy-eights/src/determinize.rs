//! [`Determinize`]: a full position from a seat's view (C14), the hidden hands
//! and the stock dealt by the sampler [`Redeal`](cards_core::Redeal) uses.

use cards_core::{Determinize, MAX_SEATS, Rng, Viewer};

use crate::action::Action;
use crate::error::SetupError;
use crate::observe::View;
use crate::rules::Rules;
use crate::state::{CrazyEights, Phase};

impl Determinize for CrazyEights {
    fn determinize<R: Rng + ?Sized>(
        rules: &Rules,
        view: &View,
        rng: &mut R,
    ) -> Result<CrazyEights, SetupError> {
        let bad = SetupError::Inconsistent("the view does not fit any position (C14)");
        let (Viewer::Seat(me), Some(hand)) = (view.viewer, view.hand) else {
            return Err(SetupError::Inconsistent(
                "only a seat's view can be determinized (C14)",
            ));
        };
        let n = view.hand_sizes.len();
        rules.validate_for(n)?;
        if me.index() >= n || n > MAX_SEATS {
            return Err(SetupError::SeatOutOfRange);
        }
        let mut g = CrazyEights::fresh(*rules, n);
        let mut pool = g.full_deck();
        let mut known = hand;
        known
            .add_all(view.discards)
            .map_err(|_| SetupError::NotConserved)?;
        if let Some(t) = view.top {
            known.add(t).map_err(|_| SetupError::NotConserved)?;
        }
        if let Some(shown) = &view.shown {
            for (s, h) in shown.iter() {
                if s != me {
                    known.add_all(*h).map_err(|_| SetupError::NotConserved)?;
                }
            }
        }
        if !pool.remove_all(known) {
            return Err(SetupError::NotConserved);
        }
        g.phase = view.phase;
        g.dealer = view.dealer.map_or(0, |d| d.0);
        g.to_act = match view.turn {
            Some(t) => t.0,
            None if view.phase == Phase::ChooseDealer => 0,
            None => g.step(g.dealer, 1),
        };
        g.reversed = view.reversed;
        g.owed = view.owed;
        g.draws = view.draws;
        g.passes = view.passes;
        g.plays = view.plays;
        g.top = view.top;
        g.suit = view.suit.unwrap_or(cards_core::Suit::Clubs);
        g.discards = view.discards;
        g.hands[me.index()] = hand;
        g.dealt = view
            .hand_sizes
            .as_slice()
            .iter()
            .map(|&k| k as u32)
            .sum::<u32>()
            .min(255) as u8;
        if let Some(shown) = &view.shown {
            for (s, h) in shown.iter() {
                g.hands[s.index()] = *h;
            }
        }
        let hidden = g.hidden_seats(me);
        let sizes: Vec<usize> = hidden
            .iter()
            .map(|&i| usize::from(view.hand_sizes.as_slice()[i]))
            .collect();
        if sizes.iter().sum::<usize>() + usize::from(view.stock_size) != pool.len() {
            return Err(bad);
        }
        g.spread(pool, &hidden, &sizes, rng);
        if matches!(
            g.phase,
            Phase::Turn | Phase::Nominate | Phase::Draw | Phase::Over
        ) {
            g.dealt = (n * usize::from(Rules::hand_size(n))) as u8;
        }
        use cards_core::Save;
        CrazyEights::load(g.save())
    }

    fn playout_action<R: Rng + ?Sized>(&self, legal: &[Action], _rng: &mut R) -> Option<Action> {
        Some(crate::bot::choose(&self.turn_facts(), self.phase, legal))
    }
}
