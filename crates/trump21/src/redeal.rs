//! [`Redeal`]: what a seat cannot see dealt anew from the true state (the
//! test hook), keeping every pile's size, which every view shows (T15).

use cards_core::{Redeal, Rng, Seat};

use crate::determinize::{resample_hidden_gives, shuffle};
use crate::state::{Phase, Trump21, count};
use crate::trump::{Trump, TrumpCounts};

impl Redeal for Trump21 {
    /// Re-deals what `seat` cannot see: the number deck, the discards and the
    /// unrevealed hidden cards of others share one pool; the supply, the draw pile
    /// and the other players' hidden trumps share another. Sizes stay.
    fn redeal_hidden<R: Rng + ?Sized>(&self, seat: Seat, rng: &mut R) -> Trump21 {
        let mut g = self.clone();
        let n = usize::from(self.n);
        let others = |i: usize| i != seat.index();
        // Number cards.
        let mut pool: Vec<u8> = Vec::new();
        for v in 1..=11u8 {
            let i = usize::from(v);
            for _ in 0..self.deck[i] + self.masked[i] {
                pool.push(v);
            }
        }
        let mut holders = Vec::new();
        for (i, p) in self.players[..n].iter().enumerate() {
            if others(i) && p.hidden != 0 && !p.revealed {
                pool.push(p.hidden);
                holders.push(i);
            }
        }
        shuffle(&mut pool, rng);
        let mut it = pool.into_iter();
        for &i in &holders {
            let v = it.next().unwrap_or(1);
            g.players[i].hidden = v;
        }
        let deck_size: u32 = count(&self.deck);
        // The discards every seat saw stay; the unseen ones share the deck's pool.
        g.deck = [0; 12];
        g.discard = self.seen_discards().slots();
        g.masked = [0; 12];
        for (k, v) in it.enumerate() {
            if (k as u32) < deck_size {
                g.deck[usize::from(v)] += 1;
            } else {
                g.discard[usize::from(v)] += 1;
                g.masked[usize::from(v)] += 1;
            }
        }
        // Trumps.
        let mut pool: Vec<u8> = Vec::new();
        let mut push = |c: &TrumpCounts| {
            for (k, n) in c.iter() {
                for _ in 0..n {
                    pool.push(k.index() as u8);
                }
            }
        };
        push(&self.supply);
        push(&self.pile);
        for (i, p) in self.players[..n].iter().enumerate() {
            if others(i) {
                push(&p.trumps);
            }
        }
        shuffle(&mut pool, rng);
        let mut it = pool
            .into_iter()
            .filter_map(|i| Trump::from_index(usize::from(i)));
        let mut fill = |size: u32| {
            let mut c = TrumpCounts::EMPTY;
            for _ in 0..size {
                if let Some(k) = it.next() {
                    c.add(k);
                }
            }
            c
        };
        g.supply = fill(self.supply.total());
        g.pile = fill(self.pile.total());
        for i in 0..n {
            if others(i) {
                g.players[i].trumps = fill(self.players[i].trumps.total());
            }
        }
        // The kinds of an exchange's pending hidden gives are unknown to `seat` unless he
        // is the exchanging player: they become a uniform pick from the re-dealt hand, in
        // canonical order, so the record stays completable (T12.8.1) and unbiased.
        if let Phase::Exchanging(e) = self.phase
            && others(self.turn.index())
        {
            g.phase = Phase::Exchanging(resample_hidden_gives(&g, &e, rng));
        }
        g
    }
}
