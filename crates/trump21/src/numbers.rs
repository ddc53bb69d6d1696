//! [`NumberCounts`]: how many number cards of each value 1–11 (T1), for the deck and
//! the discard pile, with no slot for a value that does not exist.

use std::fmt;
use std::ops::{Index, IndexMut};

/// How many number cards of each value 1 to 11 (T1). Indexed by the value itself
/// (`counts[5]`); an index outside 1–11 panics like an array index out of bounds.
/// In JSON it is a map from value to count (`{"5": 2}`), zero counts left out.
///
/// ```
/// use trump21::NumberCounts;
/// let mut deck = NumberCounts::EMPTY;
/// deck[11] = 2;
/// deck[5] += 1;
/// assert_eq!(deck.total(), 3);
/// assert_eq!(deck.iter().collect::<Vec<_>>(), vec![(5, 1), (11, 2)]);
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct NumberCounts([u8; 11]);

impl NumberCounts {
    /// No cards.
    pub const EMPTY: NumberCounts = NumberCounts([0; 11]);

    /// `copies` of every value (a full deck, T1).
    pub const fn full(copies: u8) -> NumberCounts {
        NumberCounts([copies; 11])
    }

    /// How many cards of `value` (0 for a value outside 1–11).
    pub fn get(&self, value: u8) -> u8 {
        match value {
            1..=11 => self.0[usize::from(value) - 1],
            _ => 0,
        }
    }

    /// All cards counted.
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&c| u32::from(c)).sum()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&c| c == 0)
    }

    /// Each value present with its count, in increasing value.
    pub fn iter(&self) -> impl Iterator<Item = (u8, u8)> + '_ {
        (1..=11u8).map(|v| (v, self.get(v))).filter(|&(_, c)| c > 0)
    }

    /// From the engine's array indexed by value (slot 0 unused, always 0).
    pub(crate) fn from_slots(slots: &[u8; 12]) -> NumberCounts {
        let mut c = [0; 11];
        c.copy_from_slice(&slots[1..]);
        NumberCounts(c)
    }

    /// To the engine's array indexed by value.
    pub(crate) fn slots(&self) -> [u8; 12] {
        let mut s = [0; 12];
        s[1..].copy_from_slice(&self.0);
        s
    }
}

impl Index<usize> for NumberCounts {
    type Output = u8;
    fn index(&self, value: usize) -> &u8 {
        &self.0[value
            .checked_sub(1)
            .expect("number card values are 1 to 11 (T1)")]
    }
}

impl IndexMut<usize> for NumberCounts {
    fn index_mut(&mut self, value: usize) -> &mut u8 {
        &mut self.0[value
            .checked_sub(1)
            .expect("number card values are 1 to 11 (T1)")]
    }
}

impl fmt::Debug for NumberCounts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for NumberCounts {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.iter().map(|(v, c)| (v.to_string(), c)))
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for NumberCounts {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<NumberCounts, D::Error> {
        let map = std::collections::BTreeMap::<String, u8>::deserialize(d)?;
        let mut c = NumberCounts::EMPTY;
        for (key, n) in map {
            let v = key
                .parse::<u8>()
                .ok()
                .filter(|v| (1..=11).contains(v) && key == v.to_string())
                .ok_or_else(|| {
                    serde::de::Error::custom(format!(
                        "number card values are 1 to 11, not {} (T1)",
                        cards_core::text::echo(&key)
                    ))
                })?;
            c[usize::from(v)] = n;
        }
        Ok(c)
    }
}
