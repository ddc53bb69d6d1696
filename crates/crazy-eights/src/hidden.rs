//! Hidden cards: [`Redeal`] (from the state), [`Determinize`] (from a view) and
//! [`Opponents`] (C14).

use cards_core::chance::below;
use cards_core::{
    Bot, Card, CardMultiset, Determinize, MAX_SEATS, Opponents, Redeal, Rng, Seat, Viewer,
};

use crate::action::Action;
use crate::bot::ShedBot;
use crate::error::SetupError;
use crate::observe::View;
use crate::rules::Rules;
use crate::state::{CrazyEights, Phase};

/// Shuffles `pool` and deals `sizes[i]` cards to each listed place, the rest to the last.
fn deal_out<R: Rng + ?Sized>(
    pool: CardMultiset,
    sizes: &[usize],
    rng: &mut R,
) -> Vec<CardMultiset> {
    let mut cards: Vec<Card> = pool.copies().collect();
    for i in (1..cards.len()).rev() {
        let j = below(rng, i as u64 + 1) as usize;
        cards.swap(i, j);
    }
    let mut out = Vec::with_capacity(sizes.len() + 1);
    let mut rest = cards.as_slice();
    for &k in sizes {
        let (take, more) = rest.split_at(k.min(rest.len()));
        out.push(set_of(take));
        rest = more;
    }
    out.push(set_of(rest));
    out
}

fn set_of(cards: &[Card]) -> CardMultiset {
    let mut m = CardMultiset::EMPTY;
    for &c in cards {
        m.add(c).expect("within the decks");
    }
    m
}

impl CrazyEights {
    /// The seats whose hands `seat` cannot see: every other seat, until the end (C14).
    fn hidden_seats(&self, seat: Seat) -> Vec<usize> {
        if self.phase == Phase::Over {
            return Vec::new();
        }
        (0..self.seats_usize())
            .filter(|&i| i != seat.index())
            .collect()
    }

    /// Deals `pool` among the hidden seats (keeping their sizes) and the stock.
    fn spread<R: Rng + ?Sized>(
        &mut self,
        pool: CardMultiset,
        hidden: &[usize],
        sizes: &[usize],
        rng: &mut R,
    ) {
        let dealt = deal_out(pool, sizes, rng);
        for (k, &i) in hidden.iter().enumerate() {
            self.hands[i] = dealt[k];
        }
        self.stock = dealt[hidden.len()];
    }
}

impl Redeal for CrazyEights {
    fn redeal_hidden<R: Rng + ?Sized>(&self, seat: Seat, rng: &mut R) -> CrazyEights {
        let mut g = *self;
        let hidden = self.hidden_seats(seat);
        let mut pool = self.stock;
        for &i in &hidden {
            pool.add_all(self.hands[i]).expect("within the decks");
        }
        let sizes: Vec<usize> = hidden.iter().map(|&i| self.hands[i].len()).collect();
        g.spread(pool, &hidden, &sizes, rng);
        g
    }
}

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

impl Opponents for CrazyEights {
    fn heuristic(_rules: &Rules) -> Box<dyn Bot<CrazyEights>> {
        Box::new(ShedBot)
    }
}
