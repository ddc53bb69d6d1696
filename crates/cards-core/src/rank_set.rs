//! [`RankSet`]: a set of ranks as a 13-bit mask.

use std::fmt;

use crate::card::Rank;

/// A set of ranks as a 13-bit mask (bit `r` = rank index `r`), `Copy`.
///
/// ```
/// use cards_core::{Rank, RankSet};
/// let r = RankSet::EMPTY.with(Rank::Two).with(Rank::Ace);
/// assert!(r.contains(Rank::Ace));
/// assert_eq!(r.to_string(), "2 A");
/// assert_eq!(RankSet::from_bits(0xffff), RankSet::ALL);
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RankSet(u16);

impl RankSet {
    /// No rank.
    pub const EMPTY: RankSet = RankSet(0);
    /// All thirteen ranks.
    pub const ALL: RankSet = RankSet((1 << 13) - 1);

    /// The ranks of a 13-bit mask; higher bits are dropped.
    #[inline]
    pub const fn from_bits(bits: u16) -> RankSet {
        RankSet(bits & Self::ALL.0)
    }

    /// The mask.
    #[inline]
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// This set with `rank` added.
    #[inline]
    pub const fn with(self, rank: Rank) -> RankSet {
        RankSet(self.0 | 1 << rank as u32)
    }

    /// Whether `rank` is in the set.
    #[inline]
    pub const fn contains(self, rank: Rank) -> bool {
        self.0 >> rank as u32 & 1 == 1
    }

    /// Number of ranks.
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Ranks in both sets.
    #[inline]
    pub const fn and(self, other: RankSet) -> RankSet {
        RankSet(self.0 & other.0)
    }

    /// The ranks from two to ace.
    pub fn iter(self) -> impl Iterator<Item = Rank> {
        Rank::ALL.into_iter().filter(move |&r| self.contains(r))
    }
}

impl fmt::Display for RankSet {
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

impl fmt::Debug for RankSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "RankSet({self})")
    }
}
