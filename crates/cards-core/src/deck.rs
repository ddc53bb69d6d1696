//! The standard decks and [`CardMultiset`], a counted multiset for games played
//! with several decks at once.

use std::fmt;

use thiserror::Error;

use crate::card::{Card, Rank, Suit};
use crate::card_set::CardSet;

/// The 52-card French deck: 2 to ace in four suits.
pub const CARDS_52: CardSet = CardSet::ALL;

/// The 32-card piquet deck: 7, 8, 9, 10, J, Q, K, A in four suits.
pub const CARDS_32: CardSet = CardSet::from_bits(
    CardSet::rank(Rank::Seven).bits()
        | CardSet::rank(Rank::Eight).bits()
        | CardSet::rank(Rank::Nine).bits()
        | CardSet::rank(Rank::Ten).bits()
        | CardSet::rank(Rank::Jack).bits()
        | CardSet::rank(Rank::Queen).bits()
        | CardSet::rank(Rank::King).bits()
        | CardSet::rank(Rank::Ace).bits(),
);

const LOW: u128 = {
    let mut m = 0u128;
    let mut i = 0;
    while i < 52 {
        m |= 1 << (2 * i);
        i += 1;
    }
    m
};

/// Too many copies of one card for a [`CardMultiset`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("at most {max} copies of a card are supported (several decks are capped at {max})", max = CardMultiset::MAX_COPIES)]
pub struct TooManyCopies;

/// Several decks at once: how many copies of each card, up to
/// [`MAX_COPIES`](CardMultiset::MAX_COPIES), in 13 bytes. `Copy`.
///
/// Copies of a card are interchangeable; the multiset keeps every copy counted,
/// so two decks hold 104 cards and removing one `7H` leaves the other.
///
/// ```
/// use cards_core::{deck, CardMultiset};
/// let mut two_decks = CardMultiset::decks(deck::CARDS_52, 2)?;
/// assert_eq!(two_decks.len(), 104);
/// let seven = "7H".parse()?;
/// assert!(two_decks.remove(seven));
/// assert_eq!(two_decks.count(seven), 1);
/// assert_eq!(two_decks.len(), 103);
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
        let mut m = CardMultiset::EMPTY;
        for c in cards {
            m.0 |= (copies as u128) << (2 * c.index());
        }
        Ok(m)
    }

    /// One copy of each card in `set`.
    pub fn from_set(set: CardSet) -> CardMultiset {
        let mut m = CardMultiset::EMPTY;
        for c in set {
            m.0 |= 1 << (2 * c.index());
        }
        m
    }

    /// How many copies of `card`.
    #[inline]
    pub const fn count(self, card: Card) -> u8 {
        (self.0 >> (2 * card.index()) & 3) as u8
    }

    /// Whether at least one copy of `card` is here.
    #[inline]
    pub const fn contains(self, card: Card) -> bool {
        self.count(card) > 0
    }

    /// Total number of cards, copies counted.
    #[inline]
    pub const fn len(self) -> usize {
        ((self.0 & LOW).count_ones() + 2 * ((self.0 >> 1) & LOW).count_ones()) as usize
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
        if self.count(card) == Self::MAX_COPIES {
            return Err(TooManyCopies);
        }
        self.0 += 1 << (2 * card.index());
        Ok(())
    }

    /// Removes one copy of `card`; returns whether there was one.
    #[inline]
    pub fn remove(&mut self, card: Card) -> bool {
        if self.count(card) == 0 {
            return false;
        }
        self.0 -= 1 << (2 * card.index());
        true
    }

    /// Adds every card of `other`; unchanged on error.
    ///
    /// # Errors
    /// [`TooManyCopies`] when some card would pass `MAX_COPIES`.
    pub fn add_all(&mut self, other: CardMultiset) -> Result<(), TooManyCopies> {
        let mut sum = *self;
        for (c, n) in other.iter() {
            for _ in 0..n {
                sum.add(c)?;
            }
        }
        *self = sum;
        Ok(())
    }

    /// Whether `other` is contained in `self`, copies counted.
    pub fn includes(self, other: CardMultiset) -> bool {
        other.iter().all(|(c, n)| self.count(c) >= n)
    }

    /// Removes every card of `other` if all are here; returns whether it did.
    pub fn remove_all(&mut self, other: CardMultiset) -> bool {
        if !self.includes(other) {
            return false;
        }
        self.0 -= other.0;
        true
    }

    /// The distinct cards held.
    #[inline]
    pub const fn distinct(self) -> CardSet {
        let b = self.0 | self.0 >> 1;
        // Gather every second bit into a 52-bit mask.
        let mut out = 0u64;
        let mut i = 0;
        while i < 52 {
            out |= (((b >> (2 * i)) & 1) as u64) << i;
            i += 1;
        }
        CardSet::from_bits(out)
    }

    /// Number of cards of one rank, copies counted.
    #[inline]
    pub fn count_rank(self, rank: Rank) -> usize {
        Suit::ALL
            .iter()
            .map(|&s| self.count(Card::new(rank, s)) as usize)
            .sum()
    }

    /// Each distinct card with its count, in card order.
    pub fn iter(self) -> impl Iterator<Item = (Card, u8)> {
        (0..52).filter_map(move |i| {
            let c = Card::from_index(i)?;
            let n = self.count(c);
            (n > 0).then_some((c, n))
        })
    }

    /// Every copy, in card order (a card held twice comes twice).
    pub fn copies(self) -> impl Iterator<Item = Card> {
        self.iter()
            .flat_map(|(c, n)| std::iter::repeat_n(c, n as usize))
    }

    /// The `k`-th copy in the order of [`copies`](Self::copies), or `None` when `k >= len`.
    pub fn nth_copy(self, k: usize) -> Option<Card> {
        let mut k = k;
        for (c, n) in self.iter() {
            if k < n as usize {
                return Some(c);
            }
            k -= n as usize;
        }
        None
    }
}

impl fmt::Display for CardMultiset {
    /// Every copy separated by spaces; `-` when empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::card::write_cards(f, self.copies())
    }
}

impl fmt::Debug for CardMultiset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CardMultiset({self})")
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

    #[test]
    fn deck_sizes() {
        assert_eq!(CARDS_32.len(), 32);
        assert_eq!(CARDS_52.len(), 52);
        assert!(CARDS_32.iter().all(|c| c.rank() >= Rank::Seven));
    }

    #[test]
    fn copies_are_counted_and_capped() {
        let three = CardMultiset::decks(CARDS_52, 3).unwrap();
        assert_eq!(three.len(), 156);
        assert_eq!(three.distinct(), CARDS_52);
        assert_eq!(CardMultiset::decks(CARDS_52, 4), Err(TooManyCopies));
        let ace: Card = "AS".parse().unwrap();
        let mut m = three;
        assert_eq!(m.add(ace), Err(TooManyCopies));
        assert_eq!(m, three, "a refused add changes nothing");
        assert_eq!(three.count_rank(Rank::Ace), 12);
        assert_eq!(three.nth_copy(0), Some("2C".parse().unwrap()));
        assert_eq!(three.nth_copy(3), Some("3C".parse().unwrap()));
        assert_eq!(three.nth_copy(155), Some(ace));
        assert_eq!(three.nth_copy(156), None);
        let mut two = CardMultiset::decks(CARDS_32, 2).unwrap();
        assert!(two.remove_all(CardMultiset::from_set(CARDS_32)));
        assert_eq!(two, CardMultiset::from_set(CARDS_32));
        assert!(!two.remove_all(CardMultiset::decks(CARDS_32, 2).unwrap()));
        assert_eq!(two.len(), 32);
    }
}
