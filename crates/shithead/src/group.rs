//! [`Group`] (one play: cards of one rank) and [`Trio`] (the face-up choice),
//! over cards-core's rank-aware [`CardMultiset`].

use std::fmt;
use std::str::FromStr;

use cards_core::multiset::lanes_len;
use cards_core::{Card, CardMultiset, ParseCardError, ParseMultisetError, Rank, Suit};
use thiserror::Error;

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

impl From<ParseMultisetError> for ParseCardsError {
    fn from(e: ParseMultisetError) -> ParseCardsError {
        match e {
            ParseMultisetError::Card(c) => ParseCardsError::Card(c),
            ParseMultisetError::TooManyCopies(_) => ParseCardsError::TooManyCopies,
        }
    }
}

fn parse_list(s: &str) -> Result<CardMultiset, ParseCardsError> {
    Ok(s.parse::<CardMultiset>()?)
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
        lanes_len(self.suits)
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
    pub const fn cards(self) -> CardMultiset {
        CardMultiset::from_rank_lanes(self.rank, self.suits)
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
        Group::new(rank, cards.rank_lanes(rank)).ok_or(ParseCardsError::NotOneRank)
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

    /// The trio of a multiset of exactly three cards.
    pub fn from_cards(cards: CardMultiset) -> Option<Trio> {
        let mut it = cards.copies();
        let t = [it.next()?, it.next()?, it.next()?];
        it.next().is_none().then(|| Trio::new(t))
    }

    /// The cards as a multiset.
    pub fn to_cards(self) -> CardMultiset {
        let mut c = CardMultiset::EMPTY;
        for card in self.0 {
            let added = c.add(card);
            debug_assert!(added.is_ok(), "three cards never pass three copies");
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

/// H3.1: calls `out` with each card the arranging player may pick next, in
/// card order (rank, then suit), when he holds `six` and has picked `picked`
/// (fewer than three): any card of the six not yet picked, in any order.
pub(crate) fn next_picks(six: CardMultiset, picked: CardMultiset, out: &mut impl FnMut(Card)) {
    if !six.includes(picked) || picked.len() >= 3 {
        return;
    }
    let mut rest = six;
    rest.remove_all(picked);
    let mut ranks = rest.ranks().bits();
    while ranks != 0 {
        let rank = Rank::from_index(ranks.trailing_zeros() as usize);
        ranks &= ranks - 1;
        let lanes = rest.rank_lanes(rank);
        for suit in Suit::ALL {
            if (lanes >> (2 * suit as u32)) & 3 != 0 {
                out(Card::new(rank, suit));
            }
        }
    }
}

/// Whether `picked` is what one or two picks of H3.1 can reach from `six`.
pub(crate) fn picks_reachable(six: CardMultiset, picked: CardMultiset) -> bool {
    (1..=2).contains(&picked.len()) && six.includes(picked)
}

/// Lists the distinct three-card choices from a multiset of (usually six) cards,
/// in increasing order.
pub(crate) fn trios(of: CardMultiset, out: &mut impl FnMut(Trio)) {
    // Distinct cards with their copies, in order; 52 slots hold any multiset.
    let mut d = [(Card::new(Rank::Two, Suit::Clubs), 0u8); 52];
    let mut n = 0;
    let mut ranks = of.ranks().bits();
    while ranks != 0 {
        let rank = Rank::from_index(ranks.trailing_zeros() as usize);
        ranks &= ranks - 1;
        let lanes = of.rank_lanes(rank);
        for suit in Suit::ALL {
            let copies = (lanes >> (2 * suit as u32)) & 3;
            if copies > 0 {
                d[n] = (Card::new(rank, suit), copies);
                n += 1;
            }
        }
    }
    let d = &d[..n];
    // Sorted triples of distinct cards i <= j <= k, a card repeated only as
    // often as it is held: each distinct choice once, in increasing order.
    for i in 0..n {
        for j in i..n {
            if j == i && d[i].1 < 2 {
                continue;
            }
            for k in j..n {
                let need_k = 1 + u8::from(k == j) + u8::from(k == i);
                if need_k > d[k].1 {
                    continue;
                }
                out(Trio([d[i].0, d[j].0, d[k].0]));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trios_are_distinct() {
        let six: CardMultiset = "7H 7H 7S AS AS 2C".parse().unwrap();
        let mut v = vec![];
        trios(six, &mut |t| v.push(t));
        let mut d = v.clone();
        d.sort();
        d.dedup();
        assert_eq!(d, v);
        // Choose 3 from {2C, 7H×2, 7S, AS×2}: 4 of distinct cards, 6 with a pair.
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
        assert_eq!(v.len(), 10);
    }
}

#[cfg(feature = "serde")]
cards_core::serde_via_text!(Group, Trio);
