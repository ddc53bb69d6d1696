//! [`CardMultiset`]: the rank-aware multiset of cards for games played with
//! up to three decks at once.
//!
//! Two bits per card count its copies (0 to 3). The cards lie rank by rank,
//! one byte per rank (two to ace), two bits per suit inside the byte (clubs
//! lowest), so the questions rules ask by rank ("which ranks does this hand
//! hold?", "how many sevens?", "every way to play some of my sevens") are a
//! few instructions each. One rank's byte is called its *lanes*.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::card::{Card, ParseCardError, Rank, Suit};
use crate::card_set::CardSet;
use crate::rank_set::RankSet;

/// Bits used: 13 ranks × 8.
const USED: u128 = (1u128 << 104) - 1;
/// The low bit of every 2-bit lane.
const LO: u128 = 0x5555_5555_5555_5555_5555_5555_5555_5555 & USED;

/// Each card's lane shift, `8 · rank + 2 · suit`, by card byte (`suit · 13 +
/// rank`); 256 entries so the lookup needs no bounds check.
const SHIFTS: [u8; 256] = {
    let mut out = [0u8; 256];
    let mut i = 0;
    while i < Card::COUNT {
        out[i] = (8 * (i % 13) + 2 * (i / 13)) as u8;
        i += 1;
    }
    out
};

/// One copy of each card (`1 << shift`), by card index; 64 entries, so the
/// masked lookup needs no bounds check, and no variable 128-bit shift.
const UNITS: [u128; 64] = {
    let mut out = [0u128; 64];
    let mut i = 0;
    while i < Card::COUNT {
        out[i] = 1u128 << SHIFTS[i];
        i += 1;
    }
    out
};

/// Both bits of each card's lane (`3 << shift`), by card index: the lane's
/// mask read from memory rather than computed with a 128-bit multiply.
const LANE_MASKS: [u128; 64] = {
    let mut out = [0u128; 64];
    let mut i = 0;
    while i < 64 {
        out[i] = 3 * UNITS[i];
        i += 1;
    }
    out
};

/// One copy of `card` as lanes.
#[inline]
const fn unit(card: Card) -> u128 {
    UNITS[card.index() & 63]
}

/// The two bits of `card`'s lane.
#[inline]
const fn lane_mask(card: Card) -> u128 {
    LANE_MASKS[card.index() & 63]
}

/// The lane of `card`: a table lookup instead of a division by 13.
#[inline]
const fn shift(card: Card) -> u32 {
    SHIFTS[card.index() & 0xFF] as u32
}

/// The positions where a carry or borrow crosses from one 2-bit lane into the
/// next (bits 2, 4, …, 104): one there means some lane overflowed or went below
/// zero.
const CROSS: u128 = (LO << 2) & ((1u128 << 105) - 1);

/// Whether adding `b` to `a` pushes some lane past 3 (then the sum's carries
/// cross a lane boundary).
#[inline]
const fn lanes_overflow(a: u128, b: u128) -> bool {
    (a ^ b ^ a.wrapping_add(b)) & CROSS != 0
}

/// Whether some lane of `b` exceeds that of `a` (then `a - b` borrows across
/// a lane boundary).
#[inline]
const fn lanes_underflow(a: u128, b: u128) -> bool {
    (a ^ b ^ a.wrapping_sub(b)) & CROSS != 0
}

/// Number of cards in one rank's lanes (four 2-bit counts).
///
/// ```
/// assert_eq!(cards_core::multiset::lanes_len(0b11_00_10_01), 6);
/// ```
#[inline]
pub const fn lanes_len(lanes: u8) -> usize {
    ((lanes & 0x55).count_ones() + 2 * ((lanes >> 1) & 0x55).count_ones()) as usize
}

/// Whether every count in the lanes `small` is at most that in `big`.
#[inline]
pub const fn lanes_within(small: u8, big: u8) -> bool {
    !lanes_underflow(big as u128, small as u128)
}

/// The next non-empty sub-multiset of the lanes `of` after `cur`, in
/// increasing order, or `None` after the last. From `cur = 0` this walks every
/// non-empty sub-multiset once: every way to take some cards of one rank.
///
/// ```
/// use cards_core::multiset::next_sub_lanes;
/// let of = 0b00_00_10_01; // one club, two diamonds
/// let mut all = vec![];
/// let mut cur = 0;
/// while let Some(s) = next_sub_lanes(cur, of) {
///     all.push(s);
///     cur = s;
/// }
/// assert_eq!(all, [0b01, 0b0100, 0b0101, 0b1000, 0b1001]);
/// ```
#[inline]
pub const fn next_sub_lanes(cur: u8, of: u8) -> Option<u8> {
    let mut s = cur;
    let mut l = 0;
    while l < 8 {
        if (s >> l) & 3 < (of >> l) & 3 {
            return Some(s + (1 << l));
        }
        s &= !(3 << l);
        l += 2;
    }
    None
}

/// Gathers bits 0, 8, 16, … 56 of `v` into bits 0 to 7.
#[inline]
const fn gather(v: u64) -> u16 {
    (v.wrapping_mul(0x0102_0408_1020_4080) >> 56) as u16
}

/// Too many copies of one card for a [`CardMultiset`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("at most {max} copies of a card are supported (several decks are capped at {max})", max = CardMultiset::MAX_COPIES)]
pub struct TooManyCopies;

/// Several decks at once: how many copies of each card, up to
/// [`MAX_COPIES`](CardMultiset::MAX_COPIES), in one `u128`, rank by rank. `Copy`.
///
/// Copies of a card are interchangeable; the multiset keeps every copy counted,
/// so two decks hold 104 cards and removing one `7H` leaves the other.
/// Iteration, [`nth_copy`](CardMultiset::nth_copy), text and JSON run rank by
/// rank from two to ace, suits clubs, diamonds, hearts, spades within a rank.
///
/// ```
/// use cards_core::{deck, CardMultiset, Rank};
/// let mut two_decks = CardMultiset::decks(deck::CARDS_52, 2)?;
/// assert_eq!(two_decks.len(), 104);
/// let seven = "7H".parse()?;
/// assert!(two_decks.remove(seven));
/// assert_eq!(two_decks.count(seven), 1);
/// assert_eq!(two_decks.count_rank(Rank::Seven), 7);
/// let pile: CardMultiset = "KS 7H 7H 3C".parse()?;
/// assert_eq!(pile.to_string(), "3C 7H 7H KS");
/// assert_eq!(pile.ranks().to_string(), "3 7 K");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CardMultiset(u128);

impl CardMultiset {
    /// The most copies of one card a multiset holds.
    pub const MAX_COPIES: u8 = 3;
    /// The empty multiset.
    pub const EMPTY: CardMultiset = CardMultiset(0);

    /// `copies` copies of every card in `cards` (e.g. two decks).
    ///
    /// # Errors
    /// [`TooManyCopies`] when `copies > MAX_COPIES`.
    pub fn decks(cards: CardSet, copies: u8) -> Result<CardMultiset, TooManyCopies> {
        if copies > Self::MAX_COPIES {
            return Err(TooManyCopies);
        }
        if cards == CardSet::ALL {
            return Ok(CardMultiset(LO * u128::from(copies)));
        }
        Ok(CardMultiset(
            CardMultiset::from_set(cards).0 * u128::from(copies),
        ))
    }

    /// One copy of each card in `set`.
    pub fn from_set(set: CardSet) -> CardMultiset {
        let mut m = 0;
        for c in set {
            m |= 1 << shift(c);
        }
        CardMultiset(m)
    }

    /// How many copies of `card`.
    #[inline]
    pub const fn count(self, card: Card) -> u8 {
        ((self.0 >> shift(card)) & 3) as u8
    }

    /// Whether at least one copy of `card` is here.
    #[inline]
    pub const fn contains(self, card: Card) -> bool {
        self.0 & lane_mask(card) != 0
    }

    /// Total number of cards, copies counted.
    #[inline]
    pub const fn len(self) -> usize {
        ((self.0 & LO).count_ones() + 2 * ((self.0 >> 1) & LO).count_ones()) as usize
    }

    /// Whether no card is here.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Adds one copy of `card`; unchanged on error.
    ///
    /// # Errors
    /// [`TooManyCopies`] when it already holds `MAX_COPIES` of it.
    #[inline]
    pub fn add(&mut self, card: Card) -> Result<(), TooManyCopies> {
        // A lane at MAX_COPIES wraps to 0 (its carry spoils only the sum,
        // which is then dropped); any other lane is non-zero after the add.
        let sum = self.0 + unit(card);
        if sum & lane_mask(card) == 0 {
            return Err(TooManyCopies);
        }
        self.0 = sum;
        Ok(())
    }

    /// Removes one copy of `card`; returns whether there was one.
    #[inline]
    pub fn remove(&mut self, card: Card) -> bool {
        if self.0 & lane_mask(card) == 0 {
            return false;
        }
        self.0 -= unit(card);
        true
    }

    /// Adds every card of `other`; unchanged on error. A few instructions,
    /// whatever the sizes.
    ///
    /// # Errors
    /// [`TooManyCopies`] when some card would pass `MAX_COPIES`.
    #[inline]
    pub fn add_all(&mut self, other: CardMultiset) -> Result<(), TooManyCopies> {
        if lanes_overflow(self.0, other.0) {
            return Err(TooManyCopies);
        }
        self.0 += other.0;
        Ok(())
    }

    /// The cards of both, or an error when some card would pass `MAX_COPIES`.
    ///
    /// # Errors
    /// [`TooManyCopies`].
    #[inline]
    pub fn checked_union(self, other: CardMultiset) -> Result<CardMultiset, TooManyCopies> {
        let mut sum = self;
        sum.add_all(other)?;
        Ok(sum)
    }

    /// Whether `other` is contained in `self`, copies counted.
    #[inline]
    pub const fn includes(self, other: CardMultiset) -> bool {
        !lanes_underflow(self.0, other.0)
    }

    /// Removes every card of `other` if all are here; returns whether it did.
    #[inline]
    pub fn remove_all(&mut self, other: CardMultiset) -> bool {
        if !self.includes(other) {
            return false;
        }
        self.0 -= other.0;
        true
    }

    /// The distinct cards held.
    pub fn distinct(self) -> CardSet {
        let mut out = CardSet::EMPTY;
        for (c, _) in self.iter() {
            out.insert(c);
        }
        out
    }

    /// Number of cards of one rank, copies counted.
    #[inline]
    pub const fn count_rank(self, rank: Rank) -> usize {
        lanes_len(self.rank_lanes(rank))
    }

    /// Number of cards of one suit, copies counted.
    ///
    /// ```
    /// use cards_core::{CardMultiset, Suit};
    /// let m: CardMultiset = "2C 2C 3D KC".parse()?;
    /// assert_eq!((m.count_suit(Suit::Clubs), m.count_suit(Suit::Spades)), (3, 0));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub const fn count_suit(self, suit: Suit) -> usize {
        // Each rank's clubs lane, shifted to the suit's.
        const CLUBS: u128 = USED / 0xFF * 0x03;
        CardMultiset(self.0 & (CLUBS << (2 * suit as u32))).len()
    }

    /// The four 2-bit copy counts of one rank (clubs in the low bits, then
    /// diamonds, hearts, spades).
    #[inline]
    pub const fn rank_lanes(self, rank: Rank) -> u8 {
        (self.0 >> (8 * rank as u32)) as u8
    }

    /// The cards of one rank given by its lanes (see [`rank_lanes`](Self::rank_lanes)).
    #[inline]
    pub const fn from_rank_lanes(rank: Rank, lanes: u8) -> CardMultiset {
        CardMultiset((lanes as u128) << (8 * rank as u32))
    }

    /// Every card's 2-bit copy count at once: card `c` counts in the two bits
    /// from `8 · rank + 2 · suit` (ranks from two, suits clubs to spades), the
    /// order of [`iter`](Self::iter). For masks over a whole hand at once (a
    /// game's "which cards fit" in a few instructions).
    ///
    /// ```
    /// use cards_core::CardMultiset;
    /// let m: CardMultiset = "2C 2C 3D".parse()?;
    /// assert_eq!(m.lanes(), 0b10 | 0b01 << (8 + 2));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub const fn lanes(self) -> u128 {
        self.0
    }

    /// The ranks held.
    #[inline]
    pub const fn ranks(self) -> RankSet {
        let x = (self.0 | self.0 >> 1) & LO;
        let x = x | x >> 2 | x >> 4 | x >> 6;
        let lo = (x as u64) & 0x0101_0101_0101_0101;
        let hi = ((x >> 64) as u64) & 0x0000_0001_0101_0101;
        RankSet::from_bits(gather(lo) | gather(hi) << 8)
    }

    /// Each distinct card with its count, rank by rank.
    pub fn iter(self) -> impl Iterator<Item = (Card, u8)> {
        Rank::ALL.into_iter().flat_map(move |r| {
            Suit::ALL.into_iter().filter_map(move |s| {
                let c = Card::new(r, s);
                let n = self.count(c);
                (n > 0).then_some((c, n))
            })
        })
    }

    /// Every copy, rank by rank (a card held twice comes twice).
    pub fn copies(self) -> impl Iterator<Item = Card> {
        self.iter()
            .flat_map(|(c, n)| std::iter::repeat_n(c, n as usize))
    }

    /// The `k`-th copy in the order of [`copies`](Self::copies), or `None` when `k >= len`.
    #[inline]
    pub fn nth_copy(self, k: usize) -> Option<Card> {
        let mut k = k;
        for rank in Rank::ALL {
            let b = self.rank_lanes(rank);
            let n = lanes_len(b);
            if k < n {
                for suit in Suit::ALL {
                    let m = usize::from((b >> (2 * suit as u32)) & 3);
                    if k < m {
                        return Some(Card::new(rank, suit));
                    }
                    k -= m;
                }
            }
            k -= n;
        }
        None
    }
}

impl fmt::Display for CardMultiset {
    /// Every copy separated by spaces, rank by rank; `-` when empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::card::write_cards(f, self.copies())
    }
}

impl fmt::Debug for CardMultiset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CardMultiset({self})")
    }
}

/// Why a text is not a [`CardMultiset`].
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseMultisetError {
    /// A word is not a card.
    #[error(transparent)]
    Card(#[from] ParseCardError),
    /// More than three copies of one card.
    #[error(transparent)]
    TooManyCopies(#[from] TooManyCopies),
}

impl FromStr for CardMultiset {
    type Err = ParseMultisetError;
    /// Cards separated by spaces, commas, tabs or newlines, in any order; `-`
    /// or nothing is empty.
    fn from_str(s: &str) -> Result<CardMultiset, ParseMultisetError> {
        let mut out = CardMultiset::EMPTY;
        for t in s
            .split([' ', ',', '\t', '\n'])
            .filter(|t| !t.is_empty() && *t != "-")
        {
            out.add(t.parse()?)?;
        }
        Ok(out)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for CardMultiset {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.copies())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for CardMultiset {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<CardMultiset, D::Error> {
        let mut m = CardMultiset::EMPTY;
        for c in Vec::<Card>::deserialize(d)? {
            m.add(c).map_err(serde::de::Error::custom)?;
        }
        Ok(m)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deck::{CARDS_32, CARDS_52};

    /// The same multiset as a plain count per card.
    fn counts(m: CardMultiset) -> [u8; 52] {
        let mut c = [0; 52];
        for card in m.copies() {
            c[card.index()] += 1;
        }
        c
    }

    /// A small deterministic generator for multisets (no RNG dependency);
    /// `sparse` leaves most cards out.
    fn sample(seed: u64, sparse: bool) -> CardMultiset {
        let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut m = CardMultiset::EMPTY;
        for i in 0..52 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let copies = if sparse && !x.is_multiple_of(5) {
                0
            } else {
                (x >> 8) % 4
            };
            for _ in 0..copies {
                let _ = m.add(Card::from_index(i).unwrap());
            }
        }
        m
    }

    #[test]
    fn copies_are_counted_and_capped() {
        let three = CardMultiset::decks(CARDS_52, 3).unwrap();
        assert_eq!(three.len(), 156);
        assert_eq!(three.distinct(), CARDS_52);
        assert_eq!(three.ranks(), RankSet::ALL);
        assert_eq!(CardMultiset::decks(CARDS_52, 4), Err(TooManyCopies));
        let ace: Card = "AS".parse().unwrap();
        let mut m = three;
        assert_eq!(m.add(ace), Err(TooManyCopies));
        assert_eq!(m, three, "a refused add changes nothing");
        assert_eq!(three.count_rank(Rank::Ace), 12);
        assert_eq!(three.nth_copy(0), Some("2C".parse().unwrap()));
        assert_eq!(
            three.nth_copy(3),
            Some("2D".parse().unwrap()),
            "rank by rank"
        );
        assert_eq!(three.nth_copy(155), Some(ace));
        assert_eq!(three.nth_copy(156), None);
        for k in 0..156 {
            assert_eq!(three.nth_copy(k), three.copies().nth(k));
        }
        let mut two = CardMultiset::decks(CARDS_32, 2).unwrap();
        assert_eq!(two.len(), 64);
        assert!(two.remove_all(CardMultiset::from_set(CARDS_32)));
        assert_eq!(two, CardMultiset::from_set(CARDS_32));
        assert!(!two.remove_all(CardMultiset::decks(CARDS_32, 2).unwrap()));
        assert_eq!(two.len(), 32);
    }

    #[test]
    fn lane_arithmetic_agrees_with_counting_card_by_card() {
        let (mut fitting, mut within_seen) = (0, 0);
        for seed in 0..2_000u64 {
            let sparse = seed % 2 == 0;
            let a = sample(seed, seed % 4 == 0);
            let mut b = sample(seed ^ 0xdead_beef, sparse);
            if seed % 3 == 0 {
                // A part of a: inclusion holds.
                b = CardMultiset::EMPTY;
                for (i, c) in a.copies().enumerate() {
                    if (seed >> (i % 60)) & 1 == 1 {
                        b.add(c).unwrap();
                    }
                }
            }
            let (ca, cb) = (counts(a), counts(b));
            let fits = (0..52).all(|i| ca[i] + cb[i] <= 3);
            fitting += usize::from(fits);
            let mut sum = a;
            assert_eq!(sum.add_all(b).is_ok(), fits, "seed {seed}");
            if fits {
                let cs = counts(sum);
                assert!((0..52).all(|i| cs[i] == ca[i] + cb[i]));
            } else {
                assert_eq!(sum, a, "a refused add_all changes nothing");
            }
            let within = (0..52).all(|i| cb[i] <= ca[i]);
            within_seen += usize::from(within);
            assert_eq!(a.includes(b), within, "seed {seed}");
            for r in Rank::ALL {
                let slow = a.copies().filter(|c| c.rank() == r).count();
                assert_eq!(a.count_rank(r), slow);
                assert_eq!(a.ranks().contains(r), slow > 0);
                assert_eq!(
                    lanes_within(b.rank_lanes(r), a.rank_lanes(r)),
                    CardMultiset::from_rank_lanes(r, b.rank_lanes(r)).count_rank(r) == 0
                        || a.includes(CardMultiset::from_rank_lanes(r, b.rank_lanes(r)))
                );
            }
            for s in Suit::ALL {
                let slow = a.copies().filter(|c| c.suit() == s).count();
                assert_eq!(a.count_suit(s), slow, "seed {seed}");
            }
            assert_eq!(a.len(), ca.iter().map(|&n| n as usize).sum::<usize>());
        }
        assert!(fitting > 100 && fitting < 1_900, "{fitting} sums fit");
        assert!(
            within_seen > 500 && within_seen < 1_900,
            "{within_seen} inclusions"
        );
    }

    #[test]
    fn sub_multisets_of_one_rank_are_walked_once_each() {
        let of = 0b11_00_10_01u8;
        let mut seen = vec![];
        let mut cur = 0;
        while let Some(n) = next_sub_lanes(cur, of) {
            assert!(lanes_within(n, of));
            seen.push(n);
            cur = n;
        }
        assert_eq!(seen.len(), 4 * 3 * 2 - 1);
        let mut sorted = seen.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted, seen);
    }

    #[test]
    fn text_round_trips_and_refuses_a_fourth_copy() {
        let m: CardMultiset = "7H, 7H QS\t2C -".parse().unwrap();
        assert_eq!(m.to_string(), "2C 7H 7H QS");
        assert_eq!(m.to_string().parse::<CardMultiset>(), Ok(m));
        assert_eq!("-".parse::<CardMultiset>(), Ok(CardMultiset::EMPTY));
        assert!("2C 2C 2C 2C".parse::<CardMultiset>().is_err());
        assert!("2X".parse::<CardMultiset>().is_err());
    }
}
