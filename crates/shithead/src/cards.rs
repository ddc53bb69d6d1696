//! [`Cards`], [`Group`], [`Trio`] and [`Ranks`]: the card collections of the game.
//!
//! Shithead is played with up to three decks, so a place (a hand, the pile, the
//! stock) is a multiset. [`Cards`] keeps two bits per card laid out rank by rank
//! (one byte per rank, two bits per suit), which makes the rank questions the
//! rules ask ("which ranks does this hand hold?", "how many sevens?") a few
//! instructions each.

use std::fmt;
use std::str::FromStr;

use cards_core::{Card, CardMultiset, ParseCardError, Rank, Suit, TooManyCopies};
use thiserror::Error;

/// The low bit of every 2-bit lane of the 13 rank bytes.
const LOW: u128 = 0x5555_5555_5555_5555_5555_5555_5555_5555 & ((1u128 << 104) - 1);

#[inline]
const fn shift(card: Card) -> u32 {
    8 * card.rank() as u32 + 2 * card.suit() as u32
}

/// Number of cards in one rank byte (four 2-bit counts).
#[inline]
pub(crate) const fn byte_len(b: u8) -> u32 {
    (b & 0x55).count_ones() + 2 * ((b >> 1) & 0x55).count_ones()
}

/// Whether every 2-bit count of `small` is at most that of `big`.
#[inline]
pub(crate) const fn byte_within(small: u8, big: u8) -> bool {
    let mut l = 0;
    while l < 8 {
        if (small >> l) & 3 > (big >> l) & 3 {
            return false;
        }
        l += 2;
    }
    true
}

/// The next non-empty sub-multiset of `of` after `cur` in increasing order, or `None`.
///
/// Starting from `cur = 0` this walks every non-empty sub-multiset once.
#[inline]
pub(crate) const fn next_sub(cur: u8, of: u8) -> Option<u8> {
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

/// A multiset of cards (up to three copies of each), `Copy`, 16 bytes.
///
/// Iteration and [`nth_copy`](Cards::nth_copy) run rank by rank from two to ace,
/// suits in the order clubs, diamonds, hearts, spades: this is also the order
/// of chance outcomes (draws from the stock, turned face-down cards).
///
/// ```
/// use shithead::Cards;
/// let pile: Cards = "7H 7H 3C KS".parse()?;
/// assert_eq!(pile.len(), 4);
/// assert_eq!(pile.count("7H".parse()?), 2);
/// assert_eq!(pile.to_string(), "3C 7H 7H KS");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cards(u128);

impl Cards {
    /// No card.
    pub const EMPTY: Cards = Cards(0);
    /// The most copies of one card (three decks).
    pub const MAX_COPIES: u8 = 3;

    /// `copies` full 52-card decks.
    ///
    /// # Errors
    /// [`TooManyCopies`] above three decks.
    pub fn decks(copies: u8) -> Result<Cards, TooManyCopies> {
        if copies > Self::MAX_COPIES {
            return Err(TooManyCopies);
        }
        let mut lane = 0u128;
        for i in 0..52 {
            lane |= (copies as u128) << (2 * i);
        }
        Ok(Cards(lane))
    }

    /// How many copies of `card`.
    #[inline]
    pub const fn count(self, card: Card) -> u8 {
        ((self.0 >> shift(card)) & 3) as u8
    }

    /// Whether at least one copy of `card` is here.
    #[inline]
    pub const fn contains(self, card: Card) -> bool {
        self.count(card) > 0
    }

    /// Number of cards, copies counted.
    #[inline]
    pub const fn len(self) -> usize {
        ((self.0 & LOW).count_ones() + 2 * ((self.0 >> 1) & LOW).count_ones()) as usize
    }

    /// Whether there is no card.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Adds one copy of `card`; unchanged on error.
    ///
    /// # Errors
    /// [`TooManyCopies`] when three copies are already here.
    #[inline]
    pub fn add(&mut self, card: Card) -> Result<(), TooManyCopies> {
        if self.count(card) == Self::MAX_COPIES {
            return Err(TooManyCopies);
        }
        self.0 += 1 << shift(card);
        Ok(())
    }

    /// Removes one copy of `card`; returns whether there was one.
    #[inline]
    pub fn remove(&mut self, card: Card) -> bool {
        if self.count(card) == 0 {
            return false;
        }
        self.0 -= 1 << shift(card);
        true
    }

    /// The cards of both, or an error when some card would pass three copies.
    ///
    /// # Errors
    /// [`TooManyCopies`].
    pub fn checked_union(self, other: Cards) -> Result<Cards, TooManyCopies> {
        let mut sum = self;
        for c in other.copies() {
            sum.add(c)?;
        }
        Ok(sum)
    }

    /// Adds `other` lane by lane; the caller knows no count passes three
    /// (both are parts of one set of decks).
    #[inline]
    pub(crate) fn merge(&mut self, other: Cards) {
        self.0 += other.0;
    }

    /// Whether `other` is contained in `self`, copies counted.
    pub fn includes(self, other: Cards) -> bool {
        (0..13).all(|r| byte_within(other.byte(r), self.byte(r)))
    }

    /// Removes `other` if it is contained; returns whether it was.
    pub fn remove_all(&mut self, other: Cards) -> bool {
        if !self.includes(other) {
            return false;
        }
        self.0 -= other.0;
        true
    }

    #[inline]
    pub(crate) const fn byte(self, rank: usize) -> u8 {
        (self.0 >> (8 * rank)) as u8
    }

    /// The cards of one rank, as a [`Group`] (`None` when there are none).
    #[inline]
    pub const fn of_rank(self, rank: Rank) -> Option<Group> {
        Group::new(rank, self.byte(rank as usize))
    }

    /// How many cards of `rank`.
    #[inline]
    pub const fn rank_count(self, rank: Rank) -> usize {
        byte_len(self.byte(rank as usize)) as usize
    }

    /// The ranks held.
    #[inline]
    pub const fn ranks(self) -> Ranks {
        let x = (self.0 | self.0 >> 1) & LOW;
        let x = x | x >> 2 | x >> 4 | x >> 6;
        let lo = (x as u64) & 0x0101_0101_0101_0101;
        let hi = ((x >> 64) as u64) & 0x0000_0001_0101_0101;
        Ranks(gather(lo) | gather(hi) << 8)
    }

    /// Whether the group's cards are all here.
    #[inline]
    pub const fn includes_group(self, g: Group) -> bool {
        byte_within(g.suits, self.byte(g.rank as usize))
    }

    /// The group's cards as a multiset.
    #[inline]
    pub const fn from_group(g: Group) -> Cards {
        Cards((g.suits as u128) << (8 * g.rank as u32))
    }

    /// Removes a group known to be here.
    #[inline]
    pub(crate) fn take_group(&mut self, g: Group) {
        self.0 -= (g.suits as u128) << (8 * g.rank as u32);
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

    /// The `k`-th copy in the order of [`copies`](Cards::copies), or `None`.
    #[inline]
    pub fn nth_copy(self, k: usize) -> Option<Card> {
        let mut k = k as u32;
        for r in 0..13 {
            let b = self.byte(r);
            let n = byte_len(b);
            if k < n {
                for s in 0..4 {
                    let m = u32::from((b >> (2 * s)) & 3);
                    if k < m {
                        return Some(Card::new(Rank::from_index(r), Suit::from_index(s)));
                    }
                    k -= m;
                }
            }
            k -= n;
        }
        None
    }
}

impl From<CardMultiset> for Cards {
    fn from(m: CardMultiset) -> Cards {
        let mut c = Cards::EMPTY;
        for (card, n) in m.iter() {
            c.0 += u128::from(n) << shift(card);
        }
        c
    }
}

impl From<Cards> for CardMultiset {
    fn from(c: Cards) -> CardMultiset {
        let mut m = CardMultiset::EMPTY;
        for card in c.copies() {
            // At most three copies on both sides.
            let _ = m.add(card);
        }
        m
    }
}

impl fmt::Display for Cards {
    /// Every copy separated by spaces, rank by rank; `-` when empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for (i, c) in self.copies().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Cards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Cards({self})")
    }
}

/// Why a text is not a list of cards, a group or a trio.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseCardsError {
    /// A word is not a card.
    #[error(transparent)]
    Card(#[from] ParseCardError),
    /// More than three copies of one card.
    #[error("at most three copies of a card exist (three decks)")]
    TooManyCopies,
    /// A group mixes ranks or is empty.
    #[error("a play is one or more cards of one rank")]
    NotOneRank,
    /// A trio is not three cards.
    #[error("exactly three cards lie face up")]
    NotThree,
}

fn parse_list(s: &str) -> Result<Cards, ParseCardsError> {
    let mut out = Cards::EMPTY;
    for t in s
        .split([' ', ',', '\t', '\n'])
        .filter(|t| !t.is_empty() && *t != "-")
    {
        out.add(t.parse()?)
            .map_err(|_| ParseCardsError::TooManyCopies)?;
    }
    Ok(out)
}

impl FromStr for Cards {
    type Err = ParseCardsError;
    /// Cards separated by spaces or commas; `-` or nothing is empty.
    fn from_str(s: &str) -> Result<Cards, ParseCardsError> {
        parse_list(s)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Cards {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.copies())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Cards {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Cards, D::Error> {
        let mut out = Cards::EMPTY;
        for c in Vec::<Card>::deserialize(d)? {
            out.add(c).map_err(serde::de::Error::custom)?;
        }
        Ok(out)
    }
}

/// One or more cards of one rank: what a single play lays on the pile.
///
/// Copies from several decks are counted per suit (up to three); a group
/// never names which copy.
///
/// ```
/// use shithead::Group;
/// let g: Group = "7H 7S 7H".parse()?;
/// assert_eq!(g.len(), 3);
/// assert_eq!(g.to_string(), "7H 7H 7S");
/// assert!("7H 8H".parse::<Group>().is_err());
/// # Ok::<(), shithead::ParseCardsError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Group {
    rank: Rank,
    suits: u8,
}

impl Group {
    /// A group of `rank` with the 2-bit copy counts `suits` (clubs in the low
    /// bits, then diamonds, hearts, spades); `None` when empty.
    #[inline]
    pub const fn new(rank: Rank, suits: u8) -> Option<Group> {
        if suits == 0 {
            None
        } else {
            Some(Group { rank, suits })
        }
    }

    /// A group of one card.
    #[inline]
    pub const fn single(card: Card) -> Group {
        Group {
            rank: card.rank(),
            suits: 1 << (2 * card.suit() as u32),
        }
    }

    /// The rank.
    #[inline]
    pub const fn rank(self) -> Rank {
        self.rank
    }

    /// The 2-bit copy counts per suit.
    #[inline]
    pub const fn suits(self) -> u8 {
        self.suits
    }

    /// Number of cards.
    #[inline]
    pub const fn len(self) -> usize {
        byte_len(self.suits) as usize
    }

    /// Always false: a group holds at least one card.
    #[inline]
    pub const fn is_empty(self) -> bool {
        false
    }

    /// How many copies of `card` the group holds.
    #[inline]
    pub const fn count(self, card: Card) -> u8 {
        if card.rank() as u8 != self.rank as u8 {
            return 0;
        }
        (self.suits >> (2 * card.suit() as u32)) & 3
    }

    /// The group's cards.
    #[inline]
    pub const fn cards(self) -> Cards {
        Cards::from_group(self)
    }
}

impl fmt::Display for Group {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.cards(), f)
    }
}

impl fmt::Debug for Group {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Group({self})")
    }
}

impl FromStr for Group {
    type Err = ParseCardsError;
    fn from_str(s: &str) -> Result<Group, ParseCardsError> {
        let cards = parse_list(s)?;
        let ranks = cards.ranks();
        if ranks.len() != 1 {
            return Err(ParseCardsError::NotOneRank);
        }
        let rank = ranks.iter().next().ok_or(ParseCardsError::NotOneRank)?;
        cards.of_rank(rank).ok_or(ParseCardsError::NotOneRank)
    }
}

/// Three cards, kept in order (by rank, then suit): the face-up choice when arranging.
///
/// ```
/// use shithead::Trio;
/// let t: Trio = "AS 4C TH".parse()?;
/// assert_eq!(t.to_string(), "4C TH AS");
/// # Ok::<(), shithead::ParseCardsError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Trio([Card; 3]);

fn key(c: Card) -> (Rank, Suit) {
    (c.rank(), c.suit())
}

impl Trio {
    /// The trio of these cards, put in order.
    pub fn new(mut cards: [Card; 3]) -> Trio {
        cards.sort_by_key(|&c| key(c));
        Trio(cards)
    }

    /// The cards, in order.
    pub const fn cards(self) -> [Card; 3] {
        self.0
    }

    /// The cards as a multiset.
    pub fn to_cards(self) -> Cards {
        let mut c = Cards::EMPTY;
        for card in self.0 {
            c.0 += 1 << shift(card);
        }
        c
    }
}

impl fmt::Display for Trio {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.0[0], self.0[1], self.0[2])
    }
}

impl fmt::Debug for Trio {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Trio({self})")
    }
}

impl FromStr for Trio {
    type Err = ParseCardsError;
    fn from_str(s: &str) -> Result<Trio, ParseCardsError> {
        let cards = parse_list(s)?;
        let v: Vec<Card> = cards.copies().collect();
        let arr: [Card; 3] = v.try_into().map_err(|_| ParseCardsError::NotThree)?;
        Ok(Trio::new(arr))
    }
}

/// Lists the distinct three-card choices from a multiset of (usually six) cards,
/// in increasing order.
pub(crate) fn trios(of: Cards, out: &mut impl FnMut(Trio)) {
    let mut list = [Card::new(Rank::Two, Suit::Clubs); 12];
    let mut n = 0;
    let mut ranks = of.ranks().0;
    while ranks != 0 {
        let r = ranks.trailing_zeros() as usize;
        ranks &= ranks - 1;
        let b = of.byte(r);
        for s in 0..4 {
            for _ in 0..(b >> (2 * s)) & 3 {
                if n < list.len() {
                    list[n] = Card::new(Rank::from_index(r), Suit::from_index(s));
                    n += 1;
                }
            }
        }
    }
    let l = &list[..n];
    for i in 0..n {
        if i > 0 && l[i] == l[i - 1] {
            continue;
        }
        for j in i + 1..n {
            if j > i + 1 && l[j] == l[j - 1] {
                continue;
            }
            for k in j + 1..n {
                if k > j + 1 && l[k] == l[k - 1] {
                    continue;
                }
                out(Trio([l[i], l[j], l[k]]));
            }
        }
    }
}

/// A set of ranks as a 13-bit mask (bit `r` = rank index `r`).
///
/// ```
/// use cards_core::Rank;
/// use shithead::Ranks;
/// let r = Ranks::EMPTY.with(Rank::Two).with(Rank::Ace);
/// assert!(r.contains(Rank::Ace));
/// assert_eq!(r.to_string(), "2 A");
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Ranks(pub(crate) u16);

impl Ranks {
    /// No rank.
    pub const EMPTY: Ranks = Ranks(0);
    /// All thirteen ranks.
    pub const ALL: Ranks = Ranks((1 << 13) - 1);

    /// The ranks of a 13-bit mask; higher bits are dropped.
    pub const fn from_bits(bits: u16) -> Ranks {
        Ranks(bits & 0x1fff)
    }

    /// The mask.
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// This set with `rank` added.
    pub const fn with(self, rank: Rank) -> Ranks {
        Ranks(self.0 | 1 << rank as u32)
    }

    /// Whether `rank` is in the set.
    #[inline]
    pub const fn contains(self, rank: Rank) -> bool {
        self.0 >> rank as u32 & 1 == 1
    }

    /// Number of ranks.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Ranks in both sets.
    #[inline]
    pub const fn and(self, other: Ranks) -> Ranks {
        Ranks(self.0 & other.0)
    }

    /// The ranks from two to ace.
    pub fn iter(self) -> impl Iterator<Item = Rank> {
        Rank::ALL.into_iter().filter(move |&r| self.contains(r))
    }
}

impl fmt::Display for Ranks {
    /// Rank letters separated by spaces, two first; `-` when empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for (i, r) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{r}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Ranks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Ranks({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_and_counts_agree_with_a_slow_count() {
        let c: Cards = "2C 2C 7H 7S 7S 7S AS KD TD".parse().unwrap();
        assert_eq!(c.len(), 9);
        let slow: Vec<Rank> = Rank::ALL
            .into_iter()
            .filter(|&r| c.copies().any(|x| x.rank() == r))
            .collect();
        assert_eq!(c.ranks().iter().collect::<Vec<_>>(), slow);
        assert_eq!(c.rank_count(Rank::Seven), 4);
        let all = Cards::decks(3).unwrap();
        assert_eq!(all.len(), 156);
        assert_eq!(all.ranks(), Ranks::ALL);
        for k in 0..156 {
            assert_eq!(all.nth_copy(k), all.copies().nth(k));
        }
        assert_eq!(all.nth_copy(156), None);
    }

    #[test]
    fn sub_multisets_are_walked_once_each() {
        let of = 0b11_00_10_01u8;
        let mut seen = vec![];
        let mut cur = 0;
        while let Some(n) = next_sub(cur, of) {
            assert!(byte_within(n, of));
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
    fn trios_are_distinct() {
        let six: Cards = "7H 7H 7S AS AS 2C".parse().unwrap();
        let mut v = vec![];
        trios(six, &mut |t| v.push(t));
        let mut d = v.clone();
        d.sort();
        d.dedup();
        assert_eq!(d, v);
        // Choose 3 from {7H×2, 7S, AS×2, 2C}: counted by hand as 13.
        let slow = {
            let list: Vec<Card> = six.copies().collect();
            let mut set = std::collections::BTreeSet::new();
            for i in 0..6 {
                for j in i + 1..6 {
                    for k in j + 1..6 {
                        set.insert(Trio::new([list[i], list[j], list[k]]));
                    }
                }
            }
            set.len()
        };
        assert_eq!(v.len(), slow);
    }
}

#[cfg(feature = "serde")]
crate::serde_util::via_str!(Group);
#[cfg(feature = "serde")]
crate::serde_util::via_str!(Trio);
