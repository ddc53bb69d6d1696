//! Hidden cards dealt anew: [`Redeal`] (from the state, C14) and the sampler
//! it shares with [`Determinize`](cards_core::Determinize) (from a view).

use cards_core::chance::below;
use cards_core::{Card, CardMultiset, Redeal, Rng, Seat};

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
    pub(crate) fn hidden_seats(&self, seat: Seat) -> Vec<usize> {
        if self.phase == Phase::Over {
            return Vec::new();
        }
        (0..self.seats_usize())
            .filter(|&i| i != seat.index())
            .collect()
    }

    /// Deals `pool` among the hidden seats (keeping their sizes) and the stock.
    pub(crate) fn spread<R: Rng + ?Sized>(
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
