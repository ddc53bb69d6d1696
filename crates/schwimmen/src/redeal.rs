//! Hidden cards dealt anew: [`Redeal`] from the true state (a test hook), and
//! the sampler it shares with [`Determinize`](cards_core::Determinize) (a full
//! state from a seat's view, in `determinize.rs`). With one sampler both keep
//! what every seat knows (S23.2): the cards a seat took face up from the middle
//! stay in its hand, and during turns and refills no hand of a player still in
//! is a 31 or three aces (S7, S14 b).

use cards_core::chance::below;
use cards_core::{CardSet, Redeal, Rng, Seat};

use crate::rules::MAX_SEATS;
use crate::score::ends_round;
use crate::state::{Phase, Schwimmen};

/// How many deals the sampler draws before it gives up (never seen in
/// practice: at most about one draw in twenty is rejected).
const TRIES: usize = 1000;

/// How many cards each hidden place holds.
#[derive(Clone, Copy)]
pub(crate) struct Sizes {
    pub(crate) hands: [usize; MAX_SEATS],
    pub(crate) pack: usize,
    pub(crate) folded: usize,
}

impl Schwimmen {
    /// Whether the position could have been reached as far as hands go: during
    /// turns and refills no hand of a player still in is a 31 or three aces,
    /// which would have ended the round (S7, S14 b). The loader checks the same.
    pub(crate) fn hands_reachable(&self) -> bool {
        !matches!(self.phase, Phase::Turns | Phase::Refill)
            || (0..self.n).all(|s| !self.is_on(s) || !ends_round(self.hands[usize::from(s)]))
    }

    /// `self` with the known cards in place (every hand but `me`'s holds only its
    /// taken cards, the face-down discards only the known ones, pack and stock
    /// empty) filled from `pool` up to `sizes`, uniformly among the deals that
    /// keep the hands reachable (whole deals are drawn again when one is not:
    /// rejection sampling, no bias towards the first hands drawn).
    pub(crate) fn fill_hidden<R: Rng + ?Sized>(
        &self,
        me: Option<usize>,
        sizes: &Sizes,
        pool: CardSet,
        rng: &mut R,
    ) -> Option<Schwimmen> {
        for _ in 0..TRIES {
            let mut next = *self;
            let mut pool = pool;
            let mut draw = |k: usize, pool: &mut CardSet| {
                let mut out = CardSet::EMPTY;
                for _ in 0..k {
                    if pool.is_empty() {
                        break;
                    }
                    let j = below(rng, pool.len() as u64) as usize;
                    if let Some(c) = pool.nth(j) {
                        pool.remove(c);
                        out.insert(c);
                    }
                }
                out
            };
            for i in 0..usize::from(self.n) {
                if Some(i) != me {
                    let k = sizes.hands[i].saturating_sub(next.hands[i].len());
                    next.hands[i] |= draw(k, &mut pool);
                }
            }
            next.pack = draw(sizes.pack, &mut pool);
            let k = sizes.folded.saturating_sub(next.folded.len());
            next.folded |= draw(k, &mut pool);
            next.stock = pool;
            if next.hands_reachable() {
                return Some(next);
            }
        }
        None
    }
}

impl Redeal for Schwimmen {
    /// Shuffles the cards `seat` cannot place (the other hands but for what each
    /// took face up from the middle, the dealer's face-down second pack, the stock
    /// and the unknown face-down discards) among those places, keeping every
    /// pile's size, uniformly over the re-deals the seat cannot tell apart from
    /// the real one. If 1,000 draws in a row break S7/S14 b (never seen) the
    /// real position is returned, which is always consistent.
    fn redeal_hidden<R: Rng + ?Sized>(&self, seat: Seat, rng: &mut R) -> Schwimmen {
        let me = seat.index();
        let mut template = *self;
        let mut sizes = Sizes {
            hands: [0; MAX_SEATS],
            pack: self.pack.len(),
            folded: self.folded.len(),
        };
        let mut pool = self.stock | self.pack | (self.folded - self.known_down);
        for i in 0..usize::from(self.n) {
            sizes.hands[i] = self.hands[i].len();
            if i != me {
                let taken = self.taken & self.hands[i];
                pool |= self.hands[i] - taken;
                template.hands[i] = taken;
            }
        }
        template.folded = self.known_down;
        template
            .fill_hidden(Some(me), &sizes, pool, rng)
            .unwrap_or(*self)
    }
}
