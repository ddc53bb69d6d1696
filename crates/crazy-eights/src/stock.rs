//! Drawing from the unordered stock (C4, C5, C9) in a few instructions: the
//! k-th copy, rank by rank, found from per-rank counts summed all at once
//! instead of a walk over the ranks. The lanes are worked on as two 64-bit
//! halves (ranks two to nine, then ten to ace), so every step is one machine
//! word wide.

use cards_core::{Card, CardMultiset, Rank, Rng, Suit};

/// Each byte 1: multiplying by it sums the bytes below and at each byte.
const BYTES_ONE: u64 = u64::MAX / 0xFF;
/// Bits 0–1 and 4–5 of every byte.
const PAIRS: u64 = BYTES_ONE * 0x33;
/// The low nibble of every byte.
const NIBBLES: u64 = BYTES_ONE * 0x0F;
/// The top bit of every byte.
const TOPS: u64 = BYTES_ONE * 0x80;

/// The card of each 2-bit lane of [`CardMultiset::lanes`] (lane `4 · rank + suit`).
/// 64 entries (the rest unused), so an index below 64 needs no bounds check.
pub(crate) const LANE_CARD: [Card; 64] = {
    let mut out = [Card::new(Rank::Two, Suit::Clubs); 64];
    let mut i = 0;
    while i < 52 {
        out[i] = Card::new(Rank::from_index(i / 4), Suit::from_index(i % 4));
        i += 1;
    }
    out
};

/// The suit of the `k`-th copy among one rank's lanes `b` (clubs' copies
/// first), at index `16 · b + k`; looked up instead of three comparisons.
/// Entries past the rank's copies are unused.
const SUIT_OF_COPY: [u8; 256 * 16] = {
    let mut out = [0u8; 256 * 16];
    let mut b = 0;
    while b < 256 {
        let mut k = 0;
        let mut suit = 0;
        while suit < 4 {
            let mut copy = 0;
            while copy < (b >> (2 * suit)) & 3 {
                out[16 * b + k] = suit as u8;
                k += 1;
                copy += 1;
            }
            suit += 1;
        }
        b += 1;
    }
    out
};

/// [`SUIT_OF_COPY`] times 13: the suit's part of the card index.
const SUIT13_OF_COPY: [u8; 256 * 16] = {
    let mut out = [0u8; 256 * 16];
    let mut i = 0;
    while i < 256 * 16 {
        out[i] = SUIT_OF_COPY[i] * 13;
        i += 1;
    }
    out
};

/// Copies per rank of one half's lanes, a byte each.
#[inline]
const fn per_rank(lanes: u64) -> u64 {
    // Two lanes to a nibble, then two nibbles to a byte.
    let per_nibble = (lanes & PAIRS) + ((lanes >> 2) & PAIRS);
    (per_nibble + (per_nibble >> 4)) & NIBBLES
}

/// Running copy counts of a multiset: in each half, byte `r` holds the copies
/// of that half's ranks up to and including its `r`-th.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RankTotals {
    /// Lanes of ranks two to nine (byte `r`: rank `r`).
    low: u64,
    /// Lanes of ranks ten to ace (byte `r`: rank `8 + r`; bytes 5 to 7 empty).
    high: u64,
    /// Running counts over `low` (byte 7: all its copies).
    low_running: u64,
    /// Running counts over `high` (bytes 4 to 7: all its copies).
    high_running: u64,
}

impl RankTotals {
    /// The totals of `stock`, which holds at most 127 cards (two decks, C1),
    /// so no byte of a running count passes 127.
    #[inline]
    pub(crate) fn of(stock: CardMultiset) -> RankTotals {
        let lanes = stock.lanes();
        let low = lanes as u64;
        let high = (lanes >> 64) as u64;
        RankTotals {
            low,
            high,
            low_running: per_rank(low).wrapping_mul(BYTES_ONE),
            high_running: per_rank(high).wrapping_mul(BYTES_ONE),
        }
    }

    /// All copies.
    #[inline]
    pub(crate) fn len(self) -> u64 {
        (self.low_running >> 56) + (self.high_running >> 56)
    }

    /// The `k`-th copy in [`CardMultiset::copies`]' order (rank by rank, clubs
    /// to spades, a card's copies together), for `k < len()`.
    #[inline]
    pub(crate) fn nth(self, k: u64) -> Card {
        debug_assert!(k < self.len());
        let low_len = self.low_running >> 56;
        // The half holding it, and the lane of that half's first card, picked
        // by a mask: which half a random copy lies in is a coin toss, and a
        // branch on it missed often.
        let in_high = u64::from(k >= low_len).wrapping_neg();
        let lanes = self.low ^ ((self.low ^ self.high) & in_high);
        let running = self.low_running ^ ((self.low_running ^ self.high_running) & in_high);
        // The position within the half, k + 1 of it in every byte: the
        // product waits for k and the stock, not for the choice of half.
        let k1_bytes =
            (k + 1).wrapping_mul(BYTES_ONE) - (low_len.wrapping_mul(BYTES_ONE) & in_high);
        let k = k - (low_len & in_high);
        // The first rank whose running count passes k: its byte is the lowest
        // with the top bit kept after subtracting k + 1 from each (all < 128).
        let above = ((running | TOPS) - k1_bytes) & TOPS;
        let shift = above.trailing_zeros() & 56;
        // The copies of the ranks before it, then its own lanes.
        let before = ((running << 8) >> shift) as u8;
        let b = (lanes >> shift) as u8;
        let rest = (k as u8).wrapping_sub(before) & 15;
        // Card index suit · 13 + rank, the suit's part looked up.
        let rank = (8 & in_high as usize) + (shift as usize >> 3);
        let index = usize::from(SUIT13_OF_COPY[usize::from(b) << 4 | usize::from(rest)]) + rank;
        Card::from_index(index).unwrap_or(Card::new(Rank::Two, Suit::Clubs))
    }

    /// One copy drawn uniformly (each copy weighs 1), `None` when empty: the
    /// copy [`cards_core::chance::below`] picks by index.
    #[inline]
    pub(crate) fn draw<R: Rng + ?Sized>(self, rng: &mut R) -> Option<Card> {
        let n = self.len();
        (n > 0).then(|| self.nth(cards_core::chance::below(rng, n)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards_core::{ChaCha8Rng, SeedableRng, deck};

    /// Every copy of random one- and two-deck multisets, against `nth_copy`.
    #[test]
    fn c9_nth_matches_the_walk_over_ranks() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        for round in 0..2000 {
            let decks = 1 + (round % 2) as u8;
            let mut m = CardMultiset::decks(deck::CARDS_52, decks).expect("two decks");
            // Drop a random number of random copies.
            let drop = cards_core::chance::below(&mut rng, m.len() as u64 + 1);
            for _ in 0..drop {
                let k = cards_core::chance::below(&mut rng, m.len() as u64);
                let c = m.nth_copy(k as usize).expect("k < len");
                m.remove(c);
            }
            let t = RankTotals::of(m);
            assert_eq!(t.len(), m.len() as u64);
            for k in 0..m.len() {
                assert_eq!(Some(t.nth(k as u64)), m.nth_copy(k), "{m} k={k}");
            }
        }
    }

    #[test]
    fn c9_three_copies_and_the_empty_stock() {
        let m = CardMultiset::decks(deck::CARDS_52, 3).expect("three copies");
        assert_eq!(RankTotals::of(m).len(), 156);
        assert_eq!(RankTotals::of(CardMultiset::EMPTY).len(), 0);
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        assert_eq!(RankTotals::of(CardMultiset::EMPTY).draw(&mut rng), None);
    }
}
