//! [`Redeal`]: re-dealing what one seat cannot see (H23).

use cards_core::{Card, CardMultiset, MAX_SEATS, Redeal, Rng, Seat, chance::below};

use crate::group::Group;
use crate::state::{Conserved, Phase, Shithead, Stage};

impl Shithead {
    /// The one hand card of the mover that everyone can infer (H23): the
    /// announced opening card (H4), or, while he may add to his group from
    /// his hand (H5: the add stage is public and is reached only when he holds
    /// another card of that rank), his lowest card of the group's rank.
    /// None when the cards known to be in his hand (H23.3) already show it.
    pub(crate) fn pinned_card(&self) -> Option<Card> {
        if self.phase != Phase::Playing || self.refill {
            return None;
        }
        let i = self.to_act.index();
        let (hand, known) = (self.hand[i], self.known[i]);
        match (self.stage, self.group) {
            (Stage::Start, _) => self.must_open.filter(|c| !known.contains(*c)),
            (Stage::Add, Some(r)) if known.count_rank(r) == 0 => {
                hand.copies().find(|c| c.rank() == r)
            }
            _ => None,
        }
    }

    /// H3.1: the picks of the arranging player that must be hand cards (not
    /// covered by his face-up cards); everyone saw them picked.
    pub(crate) fn picked_from_hand(&self) -> CardMultiset {
        let Stage::Picking(mut m) = self.stage else {
            return CardMultiset::EMPTY;
        };
        for c in self.up[self.to_act.index()].copies() {
            m.remove(c);
        }
        m
    }

    /// Shuffles every card `seat` cannot place among the places that may
    /// hold it (see [`Redeal::redeal_hidden`]); shared by the re-deal and by
    /// [`Determinize`](cards_core::Determinize), which first builds a
    /// position from the view with the unknown cards anywhere.
    #[allow(clippy::needless_range_loop)]
    pub(crate) fn shuffle_unknown<R: Rng + ?Sized>(&self, seat: Seat, rng: &mut R) -> Shithead {
        let mut g = *self;
        let n = self.n as usize;
        let pinned = self.pinned_card().filter(|_| self.to_act != seat);
        let picked = self.picked_from_hand();
        let mut pool: Vec<Card> = Vec::new();
        let mut hands = [0usize; MAX_SEATS];
        for s in 0..n {
            pool.extend(g.down[s].copies());
            if s != seat.index() {
                let mut h = g.hand[s];
                h.remove_all(g.known[s]);
                if s == self.to_act.index() {
                    if let Some(c) = pinned {
                        h.remove(c);
                    }
                    // H3.1: his picks are public; those from his hand stay there.
                    for c in picked.copies() {
                        h.remove(c);
                    }
                }
                hands[s] = h.len();
                pool.extend(h.copies());
                g.hand[s].remove_all(h);
            }
        }
        pool.extend(g.stock.copies());
        pool.extend(g.removed.copies());
        for k in (1..pool.len()).rev() {
            let j = below(rng, k as u64 + 1) as usize;
            pool.swap(k, j);
        }
        // Hands first, each from the first cards it may hold: while the
        // opening card is announced (H4) nobody holds a worse card, and no
        // seat before the opener holds a copy of it.
        let opening = self.must_open.filter(|_| self.phase == Phase::Playing);
        let first = self.dealer.index() + 1;
        let from_first = |s: usize| (s + n - first % n) % n;
        let opener = from_first(self.to_act.index());
        let allowed = |s: usize, c: Card| match opening {
            None => true,
            Some(m) => {
                let worse = self
                    .rules
                    .opening_key(c)
                    .is_some_and(|k| self.rules.opening_key(m).is_some_and(|w| k < w));
                !worse && (c != m || from_first(s) >= opener)
            }
        };
        for s in 0..n {
            if s == seat.index() {
                continue;
            }
            let mut h = CardMultiset::EMPTY;
            let mut k = 0;
            while h.len() < hands[s] && k < pool.len() {
                if allowed(s, pool[k]) {
                    h.merge(Group::single(pool.remove(k)).cards());
                } else {
                    k += 1;
                }
            }
            // The real position is one such deal, so the pool always suffices.
            debug_assert_eq!(h.len(), hands[s], "a consistent re-deal exists");
            g.hand[s].merge(h);
        }
        let mut it = pool.into_iter();
        let mut fill = |target: &mut CardMultiset, count: usize| {
            let mut c = CardMultiset::EMPTY;
            for card in it.by_ref().take(count) {
                // The pool holds cards of one set of decks: no card passes its copies.
                c.merge(Group::single(card).cards());
            }
            *target = c;
        };
        for s in 0..n {
            let len = self.down[s].len();
            fill(&mut g.down[s], len);
        }
        let (ls, lr) = (self.stock.len(), self.removed.len());
        fill(&mut g.stock, ls);
        fill(&mut g.removed, lr);
        g
    }
}

impl Redeal for Shithead {
    /// Shuffles the stock, every face-down card (the seat's own included),
    /// the other seats' hands and the removed cards among themselves,
    /// keeping every count. The burned cards stay: everyone saw them on the
    /// pile (H23.3). What the seat knows stays: cards
    /// everyone saw go into a hand stay there (H23.3), the opener's announced
    /// card stays in his hand, no other hand gets a worse card and no seat
    /// before him a copy of it (H4), and a card of the mover's group stays in
    /// his hand while he may add to it (H5).
    fn redeal_hidden<R: Rng + ?Sized>(&self, seat: Seat, rng: &mut R) -> Shithead {
        self.shuffle_unknown(seat, rng)
    }
}
