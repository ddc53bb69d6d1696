//! [`CardSet`]: a set of distinct cards as a 52-bit mask.

use std::fmt;
use std::iter::FusedIterator;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not, Sub, SubAssign};
use std::str::FromStr;

use crate::card::{Card, ParseCardError, Rank, Suit};

const ALL_BITS: u64 = (1 << 52) - 1;
const SUIT_BITS: u64 = (1 << 13) - 1;
/// One bit per suit at the rank-0 position; shifted by a rank index it is that rank's mask.
const RANK_BITS: u64 = 1 | 1 << 13 | 1 << 26 | 1 << 39;

/// A set of distinct cards, one bit per card; `Copy` and eight bytes.
///
/// Iteration runs in a fixed order: by suit (`C`, `D`, `H`, `S`), then by rank
/// from two to ace, which is also the order of [`Card`]'s `Ord`.
///
/// ```
/// use cards_core::{CardSet, Rank, Suit};
/// let mut hand: CardSet = "AH KH 7S".parse()?;
/// assert!(hand.insert("QH".parse()?));
/// assert_eq!(hand.len(), 4);
/// assert_eq!(hand.of_suit(Suit::Hearts).to_string(), "QH KH AH");
/// assert_eq!(hand.of_rank(Rank::Seven).len(), 1);
/// # Ok::<(), cards_core::ParseCardError>(())
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CardSet(u64);

impl CardSet {
    /// The empty set.
    pub const EMPTY: CardSet = CardSet(0);
    /// All 52 cards.
    pub const ALL: CardSet = CardSet(ALL_BITS);

    /// The set whose bit `i` stands for the card with index `i`; higher bits are dropped.
    #[inline]
    pub const fn from_bits(bits: u64) -> CardSet {
        CardSet(bits & ALL_BITS)
    }

    /// The bit mask (bit `i` = card with index `i`).
    #[inline]
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// A set of one card.
    #[inline]
    pub const fn single(card: Card) -> CardSet {
        CardSet(1 << card.index())
    }

    /// Every card of one suit.
    #[inline]
    pub const fn suit(suit: Suit) -> CardSet {
        CardSet(SUIT_BITS << (13 * suit as u32))
    }

    /// Every card of one rank.
    #[inline]
    pub const fn rank(rank: Rank) -> CardSet {
        CardSet(RANK_BITS << rank as u32)
    }

    /// Number of cards.
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set holds no card.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `card` is in the set.
    #[inline]
    pub const fn contains(self, card: Card) -> bool {
        self.0 >> card.index() & 1 == 1
    }

    /// Adds `card`; returns whether it was new.
    #[inline]
    pub fn insert(&mut self, card: Card) -> bool {
        let new = !self.contains(card);
        self.0 |= 1 << card.index();
        new
    }

    /// Removes `card`; returns whether it was there.
    #[inline]
    pub fn remove(&mut self, card: Card) -> bool {
        let had = self.contains(card);
        self.0 &= !(1 << card.index());
        had
    }

    /// Cards in either set.
    #[inline]
    pub const fn union(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }

    /// Cards in both sets.
    #[inline]
    pub const fn intersection(self, other: CardSet) -> CardSet {
        CardSet(self.0 & other.0)
    }

    /// Cards in `self` but not in `other`.
    #[inline]
    pub const fn difference(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }

    /// Whether every card of `self` is in `other`.
    #[inline]
    pub const fn is_subset(self, other: CardSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// Whether the sets share no card.
    #[inline]
    pub const fn is_disjoint(self, other: CardSet) -> bool {
        self.0 & other.0 == 0
    }

    /// The cards of one suit in this set.
    #[inline]
    pub const fn of_suit(self, suit: Suit) -> CardSet {
        self.intersection(CardSet::suit(suit))
    }

    /// The cards of one rank in this set.
    #[inline]
    pub const fn of_rank(self, rank: Rank) -> CardSet {
        self.intersection(CardSet::rank(rank))
    }

    /// A 13-bit mask of the ranks held in `suit` (bit `r` = rank index `r`).
    #[inline]
    pub const fn suit_ranks(self, suit: Suit) -> u16 {
        (self.0 >> (13 * suit as u32) & SUIT_BITS) as u16
    }

    /// A 13-bit mask of the ranks held in any suit.
    #[inline]
    pub const fn ranks(self) -> u16 {
        let b = self.0;
        ((b | b >> 13 | b >> 26 | b >> 39) & SUIT_BITS) as u16
    }

    /// The first card in iteration order.
    #[inline]
    pub const fn first(self) -> Option<Card> {
        Card::from_index(self.0.trailing_zeros() as usize)
    }

    /// The last card in iteration order.
    #[inline]
    pub const fn last(self) -> Option<Card> {
        if self.0 == 0 {
            None
        } else {
            Card::from_index(63 - self.0.leading_zeros() as usize)
        }
    }

    /// The `n`-th card in iteration order (from 0), or `None` when `n >= len`.
    ///
    /// This is what a chance step uses to pick a card from an unordered stock.
    /// It takes the same few steps whatever `n` is: running bit counts per byte
    /// find the byte that holds the card, and a table finds the bit within it.
    ///
    /// ```
    /// use cards_core::CardSet;
    /// let stock: CardSet = "7C 9D AH 8S".parse()?;
    /// assert_eq!(stock.nth(2), Some("AH".parse()?));
    /// assert_eq!(stock.nth(4), None);
    /// # Ok::<(), cards_core::ParseCardError>(())
    /// ```
    #[inline]
    pub fn nth(self, n: usize) -> Option<Card> {
        let counts = byte_prefix_counts(self.0);
        // The top byte of the running counts is the whole count.
        if n as u64 >= counts >> 56 {
            return None;
        }
        Card::from_index(select(self.0, counts, n as u64) as usize)
    }

    /// A card drawn uniformly: one [`below`](crate::chance::below) call over the
    /// set's size, then the [`nth`](CardSet::nth) card. This is exactly what the
    /// listed chance sampler returns for outcomes listed in card order with equal
    /// weights (so a game may use it as its faster `sample_chance`), with the same
    /// use of the RNG; `None`, drawing nothing, when the set is empty.
    ///
    /// ```
    /// use cards_core::{CardSet, ChaCha8Rng, SeedableRng, chance::pick_outcome};
    /// let stock: CardSet = "7C 9D AH 8S".parse()?;
    /// let listed: Vec<_> = stock.iter().map(|c| (c, 1)).collect();
    /// let (mut a, mut b) = (ChaCha8Rng::seed_from_u64(3), ChaCha8Rng::seed_from_u64(3));
    /// assert_eq!(stock.pick(&mut a), pick_outcome(&mut b, &listed));
    /// # Ok::<(), cards_core::ParseCardError>(())
    /// ```
    #[inline(always)]
    pub fn pick<R: rand_core::Rng + ?Sized>(self, rng: &mut R) -> Option<Card> {
        let counts = byte_prefix_counts(self.0);
        let total = counts >> 56;
        if total == 0 {
            return None;
        }
        let i = crate::chance::below(rng, total);
        Card::from_index(select(self.0, counts, i) as usize)
    }

    /// Iterates in the fixed order (suits, then ranks).
    #[inline]
    pub fn iter(self) -> Iter {
        Iter(self.0)
    }
}

impl BitOr for CardSet {
    type Output = CardSet;
    #[inline]
    fn bitor(self, rhs: CardSet) -> CardSet {
        self.union(rhs)
    }
}

impl BitOrAssign for CardSet {
    #[inline]
    fn bitor_assign(&mut self, rhs: CardSet) {
        self.0 |= rhs.0;
    }
}

impl BitAnd for CardSet {
    type Output = CardSet;
    #[inline]
    fn bitand(self, rhs: CardSet) -> CardSet {
        self.intersection(rhs)
    }
}

impl BitAndAssign for CardSet {
    #[inline]
    fn bitand_assign(&mut self, rhs: CardSet) {
        self.0 &= rhs.0;
    }
}

impl Sub for CardSet {
    type Output = CardSet;
    #[inline]
    fn sub(self, rhs: CardSet) -> CardSet {
        self.difference(rhs)
    }
}

impl SubAssign for CardSet {
    #[inline]
    fn sub_assign(&mut self, rhs: CardSet) {
        self.0 &= !rhs.0;
    }
}

impl Not for CardSet {
    type Output = CardSet;
    /// The other cards of the 52.
    #[inline]
    fn not(self) -> CardSet {
        CardSet(!self.0 & ALL_BITS)
    }
}

impl From<Card> for CardSet {
    #[inline]
    fn from(card: Card) -> CardSet {
        CardSet::single(card)
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> CardSet {
        let mut set = CardSet::EMPTY;
        set.extend(iter);
        set
    }
}

impl Extend<Card> for CardSet {
    fn extend<I: IntoIterator<Item = Card>>(&mut self, iter: I) {
        for c in iter {
            self.insert(c);
        }
    }
}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = Iter;
    #[inline]
    fn into_iter(self) -> Iter {
        self.iter()
    }
}

/// `v * BYTES_ONE` repeats a byte value `v` in all eight bytes.
const BYTES_ONE: u64 = 0x0101_0101_0101_0101;
/// The top bit of every byte.
const BYTES_HIGH: u64 = 0x8080_8080_8080_8080;

/// Byte `k` of the result: how many bits of bytes `0..=k` of `x` are set (the
/// top byte is the whole count). SWAR arithmetic, no popcount instruction needed.
#[inline]
const fn byte_prefix_counts(x: u64) -> u64 {
    let b = x - ((x >> 1) & 0x5555_5555_5555_5555);
    let b = (b & 0x3333_3333_3333_3333) + ((b >> 2) & 0x3333_3333_3333_3333);
    let b = (b + (b >> 4)) & 0x0f0f_0f0f_0f0f_0f0f;
    b.wrapping_mul(BYTES_ONE)
}

/// `SELECT_IN_BYTE[v][r]`: the position of the `r`-th set bit (from 0) of the
/// byte `v`, or 8 when `v` has no such bit.
const SELECT_IN_BYTE: [[u8; 8]; 256] = {
    let mut table = [[8u8; 8]; 256];
    let mut v = 0;
    while v < 256 {
        let mut r = 0;
        let mut bit = 0;
        while bit < 8 {
            if v >> bit & 1 == 1 {
                table[v][r] = bit as u8;
                r += 1;
            }
            bit += 1;
        }
        v += 1;
    }
    table
};

/// The position of the `i`-th set bit of `x` (from 0, lowest first), given
/// `counts = byte_prefix_counts(x)` and `i` below the number of set bits.
#[inline]
fn select(x: u64, counts: u64, i: u64) -> u32 {
    // Every running count is below 128 (at most 64 bits are set), so in each byte
    // `0x80 | i` minus the count keeps its top bit exactly when count <= i: the
    // bytes that lie wholly before the wanted bit. They are the lowest `k`, so the
    // highest flag is the top bit of byte k - 1 (no flag: k = 0).
    let before_bytes = ((i.wrapping_mul(BYTES_ONE) | BYTES_HIGH) - counts) & BYTES_HIGH;
    let k = (u64::from(64 - before_bytes.leading_zeros()) / 8) & 7;
    // Set bits in those `k` bytes: byte k - 1 of the running counts (0 for k = 0).
    let skipped = (counts << 8 >> (8 * k)) & 0xff;
    let byte = (x >> (8 * k)) & 0xff;
    let rank = i.wrapping_sub(skipped) & 7;
    (8 * k) as u32 + u32::from(SELECT_IN_BYTE[byte as usize][rank as usize])
}

/// Iterator over a [`CardSet`] in its fixed order.
#[derive(Clone, Debug)]
pub struct Iter(u64);

impl Iterator for Iter {
    type Item = Card;
    #[inline]
    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Card::from_index(i)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl DoubleEndedIterator for Iter {
    #[inline]
    fn next_back(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let i = 63 - self.0.leading_zeros() as usize;
        self.0 &= !(1 << i);
        Card::from_index(i)
    }
}

impl ExactSizeIterator for Iter {}
impl FusedIterator for Iter {}

/// Cards separated by spaces, in iteration order; `-` for the empty set.
impl fmt::Display for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::card::write_cards(f, self.iter())
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CardSet({self})")
    }
}

/// Reads cards separated by spaces or commas; `-` or nothing is the empty set.
impl FromStr for CardSet {
    type Err = ParseCardError;
    fn from_str(s: &str) -> Result<CardSet, ParseCardError> {
        s.split([' ', ',', '\t', '\n'])
            .filter(|t| !t.is_empty() && *t != "-")
            .map(str::parse::<Card>)
            .collect()
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for CardSet {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for CardSet {
    /// A list of distinct cards; a repeated card is an error.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<CardSet, D::Error> {
        let cards = Vec::<Card>::deserialize(d)?;
        let mut set = CardSet::EMPTY;
        for c in cards {
            if !set.insert(c) {
                return Err(serde::de::Error::custom(format_args!(
                    "card {c} is listed twice in a set"
                )));
            }
        }
        Ok(set)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pick_is_the_listed_sampler_over_the_cards_in_order() {
        use rand_chacha::ChaCha8Rng;
        use rand_core::{Rng, SeedableRng};
        let mut sets = ChaCha8Rng::seed_from_u64(11);
        for seed in 0..500u64 {
            // Sets of every size, the empty one included.
            let set = CardSet::from_bits(sets.next_u64() >> (seed % 64));
            let listed: Vec<_> = set.iter().map(|c| (c, 1)).collect();
            let mut a = ChaCha8Rng::seed_from_u64(seed);
            let mut b = ChaCha8Rng::seed_from_u64(seed);
            assert_eq!(
                set.pick(&mut a),
                crate::chance::pick_outcome(&mut b, &listed),
                "{set}"
            );
            assert_eq!(a.next_u64(), b.next_u64(), "same RNG use for {set}");
        }
    }

    #[test]
    fn suit_and_rank_masks_partition_the_deck() {
        let by_suit = Suit::ALL
            .iter()
            .fold(CardSet::EMPTY, |a, &s| a | CardSet::suit(s));
        let by_rank = Rank::ALL
            .iter()
            .fold(CardSet::EMPTY, |a, &r| a | CardSet::rank(r));
        assert_eq!(by_suit, CardSet::ALL);
        assert_eq!(by_rank, CardSet::ALL);
        for r in Rank::ALL {
            assert_eq!(CardSet::rank(r).len(), 4);
            assert!(CardSet::rank(r).iter().all(|c| c.rank() == r));
        }
        for s in Suit::ALL {
            assert_eq!(CardSet::suit(s).len(), 13);
            assert!(CardSet::suit(s).iter().all(|c| c.suit() == s));
        }
    }

    /// `nth` against the plain definition: skip `n` cards of the iteration.
    #[test]
    fn nth_agrees_with_iteration_for_every_n() {
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut sets = vec![CardSet::EMPTY, CardSet::ALL, CardSet::from_bits(1 << 51)];
        for _ in 0..3000 {
            // xorshift64: dense, sparse and single-suit sets.
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            sets.push(CardSet::from_bits(x));
            sets.push(CardSet::from_bits(x & x >> 11 & x >> 23));
            sets.push(CardSet::from_bits(x) & CardSet::suit(Suit::ALL[(x >> 60) as usize & 3]));
            sets.push(CardSet::from_bits(x & 0xff << (x >> 58 & 0x2f)));
        }
        for set in sets {
            let cards: Vec<Card> = set.iter().collect();
            for n in 0..=53 {
                assert_eq!(set.nth(n), cards.get(n).copied(), "{set:?} {n}");
            }
            assert_eq!(set.nth(usize::MAX), None);
            assert_eq!(set.nth(1 << 40), None);
        }
    }

    #[test]
    fn byte_prefix_counts_are_running_counts() {
        let x: u64 = 0xf00f_0f1e_a5c3_8001;
        let counts = byte_prefix_counts(x);
        for k in 0..8 {
            let below = x & u64::MAX >> (56 - 8 * k);
            assert_eq!(counts >> (8 * k) & 0xff, u64::from(below.count_ones()));
        }
    }

    #[test]
    fn nth_first_last_and_text() {
        let s: CardSet = "AS 7H 2C".parse().unwrap();
        assert_eq!(s.to_string(), "2C 7H AS");
        assert_eq!(s.nth(1).unwrap().to_string(), "7H");
        assert_eq!(s.nth(3), None);
        assert_eq!(s.first().unwrap().to_string(), "2C");
        assert_eq!(s.last().unwrap().to_string(), "AS");
        assert_eq!(CardSet::EMPTY.first(), None);
        assert_eq!(CardSet::EMPTY.last(), None);
        assert_eq!("-".parse::<CardSet>().unwrap(), CardSet::EMPTY);
        assert_eq!(s.ranks(), 1 | 1 << 5 | 1 << 12);
        assert_eq!(s.suit_ranks(Suit::Hearts), 1 << 5);
        assert_eq!((!s).len(), 49);
        assert_eq!(
            s.iter().rev().map(|c| c.to_string()).collect::<Vec<_>>(),
            ["AS", "7H", "2C"]
        );
    }
}
