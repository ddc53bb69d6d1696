//! Drawing from the unordered stock (C4, C5, C9) in a few instructions: the
//! k-th copy, rank by rank, found from per-rank counts summed all at once
//! instead of a walk over the ranks.

use cards_core::{Card, CardMultiset, Rank, Rng, Suit};

/// Each byte 1: multiplying by it sums the bytes below and at each byte.
const BYTES_ONE: u128 = u128::MAX / 0xFF;
/// Bits 0–1 and 4–5 of every byte.
const PAIRS: u128 = BYTES_ONE * 0x33;
/// The low nibble of every byte.
const NIBBLES: u128 = BYTES_ONE * 0x0F;
/// Bytes 0 to 12: one per rank.
const RANK_BYTES: u128 = (1u128 << 104) - 1;
/// The top bit of each rank's byte.
const RANK_TOPS: u128 = (BYTES_ONE * 0x80) & RANK_BYTES;

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

/// Running copy counts of a multiset: byte `r` holds the copies of ranks `0..=r`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RankTotals {
    lanes: u128,
    running: u128,
}

impl RankTotals {
    /// The totals of `stock`, which holds at most 127 cards (two decks, C1).
    #[inline]
    pub(crate) fn of(stock: CardMultiset) -> RankTotals {
        let lanes = stock.lanes();
        // Two lanes to a nibble, then two nibbles to a byte: copies per rank.
        let per_nibble = (lanes & PAIRS) + ((lanes >> 2) & PAIRS);
        let per_rank = (per_nibble + (per_nibble >> 4)) & NIBBLES & RANK_BYTES;
        RankTotals {
            lanes,
            running: per_rank.wrapping_mul(BYTES_ONE),
        }
    }

    /// All copies.
    #[inline]
    pub(crate) fn len(self) -> u64 {
        u64::from((self.running >> 96) as u8)
    }

    /// The `k`-th copy in [`CardMultiset::copies`]' order (rank by rank, clubs
    /// to spades, a card's copies together), for `k < len()`.
    #[inline]
    pub(crate) fn nth(self, k: u64) -> Card {
        debug_assert!(k < self.len());
        // The first rank whose running count passes k: its byte is the lowest
        // with the top bit kept after subtracting k + 1 from each (all < 128).
        let above = ((self.running | RANK_TOPS) - BYTES_ONE * u128::from(k + 1)) & RANK_TOPS;
        let rank_byte = above.trailing_zeros() / 8;
        // Bytes read from memory rather than a variable 128-bit shift; the
        // rank is below 13 since k < len().
        let i = rank_byte as usize & 15;
        let before = (self.running << 8).to_le_bytes()[i];
        let rest = k as u8 - before;
        let b = self.lanes.to_le_bytes()[i];
        let c0 = b & 3;
        let c1 = c0 + ((b >> 2) & 3);
        let c2 = c1 + ((b >> 4) & 3);
        let suit = u32::from(rest >= c0) + u32::from(rest >= c1) + u32::from(rest >= c2);
        LANE_CARD[i * 4 + suit as usize]
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
