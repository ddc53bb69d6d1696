//! [`Trump`] kinds and [`TrumpCounts`], a small multiset of trumps by kind.

use std::fmt;
use std::str::FromStr;

use crate::error::ParseError;

/// The kinds of trump card (T2), in a fixed order that every listing follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Trump {
    /// Draw 2 (T12.1).
    Draw2,
    /// Draw 3 (T12.1).
    Draw3,
    /// Draw 4 (T12.1).
    Draw4,
    /// Draw 5 (T12.1).
    Draw5,
    /// Draw 6 (T12.1).
    Draw6,
    /// Draw 7 (T12.1).
    Draw7,
    /// Go for 17 (T12.3).
    GoFor17,
    /// Go for 24 (T12.3).
    GoFor24,
    /// Go for 27 (T12.3).
    GoFor27,
    /// Damage+1 (T12.2).
    Damage1,
    /// Damage+2 (T12.2).
    Damage2,
    /// Shield (T12.9).
    Shield,
    /// Perfect Draw (T12.5).
    PerfectDraw,
    /// Love your enemy (T12.6).
    Love,
    /// Destroy (T12.7).
    Destroy,
    /// Exchange (T12.8).
    Exchange,
    /// Return (T12.10).
    Return,
    /// Trump Switch (T12.11).
    Switch,
    /// Harvest (T12.4).
    Harvest,
}

/// Number of trump kinds.
pub const KINDS: usize = 19;

impl Trump {
    /// Every kind, in listing order.
    pub const ALL: [Trump; KINDS] = [
        Trump::Draw2,
        Trump::Draw3,
        Trump::Draw4,
        Trump::Draw5,
        Trump::Draw6,
        Trump::Draw7,
        Trump::GoFor17,
        Trump::GoFor24,
        Trump::GoFor27,
        Trump::Damage1,
        Trump::Damage2,
        Trump::Shield,
        Trump::PerfectDraw,
        Trump::Love,
        Trump::Destroy,
        Trump::Exchange,
        Trump::Return,
        Trump::Switch,
        Trump::Harvest,
    ];

    const NAMES: [&'static str; KINDS] = [
        "draw-2",
        "draw-3",
        "draw-4",
        "draw-5",
        "draw-6",
        "draw-7",
        "go-for-17",
        "go-for-24",
        "go-for-27",
        "damage+1",
        "damage+2",
        "shield",
        "perfect-draw",
        "love-your-enemy",
        "destroy",
        "exchange",
        "return",
        "trump-switch",
        "harvest",
    ];

    /// The kind's index in [`Trump::ALL`].
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The kind at `index` of [`Trump::ALL`].
    #[inline]
    pub fn from_index(index: usize) -> Option<Trump> {
        Trump::ALL.get(index).copied()
    }

    /// The value a Draw x card takes (T12.1).
    pub const fn draw_value(self) -> Option<u8> {
        match self {
            Trump::Draw2 => Some(2),
            Trump::Draw3 => Some(3),
            Trump::Draw4 => Some(4),
            Trump::Draw5 => Some(5),
            Trump::Draw6 => Some(6),
            Trump::Draw7 => Some(7),
            _ => None,
        }
    }

    /// The target a Go for card sets (T12.3).
    pub const fn go_for(self) -> Option<u8> {
        match self {
            Trump::GoFor17 => Some(17),
            Trump::GoFor24 => Some(24),
            Trump::GoFor27 => Some(27),
            _ => None,
        }
    }

    /// The kind's name in plain words (`Draw 3`, `Go for 17`, `Love your enemy`, …).
    pub const fn title(self) -> &'static str {
        [
            "Draw 2",
            "Draw 3",
            "Draw 4",
            "Draw 5",
            "Draw 6",
            "Draw 7",
            "Go for 17",
            "Go for 24",
            "Go for 27",
            "Damage+1",
            "Damage+2",
            "Shield",
            "Perfect Draw",
            "Love your enemy",
            "Destroy",
            "Exchange",
            "Return",
            "Trump Switch",
            "Harvest",
        ][self as usize]
    }

    /// The clause of the rules that describes the kind's effect (`T12.8` for Exchange).
    pub(crate) const fn clause(self) -> &'static str {
        match self {
            Trump::Draw2
            | Trump::Draw3
            | Trump::Draw4
            | Trump::Draw5
            | Trump::Draw6
            | Trump::Draw7 => "T12.1",
            Trump::Damage1 | Trump::Damage2 => "T12.2",
            Trump::GoFor17 | Trump::GoFor24 | Trump::GoFor27 => "T12.3",
            Trump::Harvest => "T12.4",
            Trump::PerfectDraw => "T12.5",
            Trump::Love => "T12.6",
            Trump::Destroy => "T12.7",
            Trump::Exchange => "T12.8",
            Trump::Shield => "T12.9",
            Trump::Return => "T12.10",
            Trump::Switch => "T12.11",
        }
    }

    /// The kind's name as written in actions (`draw-3`, `shield`, …).
    pub const fn name(self) -> &'static str {
        Trump::NAMES[self as usize]
    }
}

impl fmt::Display for Trump {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Trump {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Trump, ParseError> {
        // Exactly the printed name (T17): no other case, no spaces.
        Trump::NAMES
            .iter()
            .position(|n| *n == s)
            .and_then(Trump::from_index)
            .ok_or_else(|| ParseError::new("unknown trump kind: draw-2 … draw-7, go-for-17, go-for-24, go-for-27, damage+1, damage+2, shield, perfect-draw, love-your-enemy, destroy, exchange, return, trump-switch or harvest (T2)", s))
    }
}

#[cfg(feature = "serde")]
cards_core::serde_via_text!(Trump);

/// How many trumps of each kind, indexed by [`Trump::index`].
/// In JSON it is a map from kind name to count (`{"shield": 2}`), zero counts left out.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct TrumpCounts(pub [u8; KINDS]);

impl TrumpCounts {
    /// No trumps.
    pub const EMPTY: TrumpCounts = TrumpCounts([0; KINDS]);

    /// The default trump deck of T2 (32 cards).
    pub const STANDARD: TrumpCounts = TrumpCounts([
        1, 1, 1, 1, 1, 1, // draw 2..7
        1, 1, 1, // go for 17, 24, 27
        3, 2, // damage+1, damage+2
        3, // shield
        2, // perfect draw
        2, // love your enemy
        3, // destroy
        2, // exchange
        3, // return
        2, // trump switch
        1, // harvest
    ]);

    /// How many of `kind`.
    #[inline]
    pub fn get(&self, kind: Trump) -> u8 {
        self.0[kind.index()]
    }

    /// All trumps counted.
    #[inline]
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&c| u32::from(c)).sum()
    }

    /// Whether there are none.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&c| c == 0)
    }

    /// Adds one of `kind` (saturating).
    #[inline]
    pub fn add(&mut self, kind: Trump) {
        let c = &mut self.0[kind.index()];
        *c = c.saturating_add(1);
    }

    /// Removes one of `kind`; false (and no change) when there is none.
    #[inline]
    pub fn remove(&mut self, kind: Trump) -> bool {
        let c = &mut self.0[kind.index()];
        if *c == 0 {
            return false;
        }
        *c -= 1;
        true
    }

    /// Adds every trump of `other` (saturating).
    pub fn add_all(&mut self, other: &TrumpCounts) {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a = a.saturating_add(b);
        }
    }

    /// The kinds present, each once, in listing order.
    pub fn kinds(&self) -> impl Iterator<Item = Trump> + '_ {
        Trump::ALL.into_iter().filter(|k| self.get(*k) > 0)
    }

    /// Each kind present with its count, in listing order.
    pub fn iter(&self) -> impl Iterator<Item = (Trump, u8)> + '_ {
        Trump::ALL
            .into_iter()
            .map(|k| (k, self.get(k)))
            .filter(|(_, c)| *c > 0)
    }
}

impl fmt::Debug for TrumpCounts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map()
            .entries(self.iter().map(|(k, c)| (k.name(), c)))
            .finish()
    }
}

impl fmt::Display for TrumpCounts {
    /// Kinds with counts, `shield×2 return`, or `-` when empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for (k, c) in self.iter() {
            if !first {
                f.write_str(" ")?;
            }
            first = false;
            if c == 1 {
                write!(f, "{k}")?;
            } else {
                write!(f, "{k}×{c}")?;
            }
        }
        if first {
            f.write_str("-")?;
        }
        Ok(())
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for TrumpCounts {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.iter().map(|(k, c)| (k.name(), c)))
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for TrumpCounts {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<TrumpCounts, D::Error> {
        let map = std::collections::BTreeMap::<String, cards_core::Wide<u8>>::deserialize(d)?;
        let mut c = TrumpCounts::EMPTY;
        for (name, n) in map {
            let k: Trump = name.parse().map_err(serde::de::Error::custom)?;
            if c.0[k.index()] != 0 {
                return Err(serde::de::Error::custom(format!(
                    "trump kind {k} is listed twice (T2)"
                )));
            }
            c.0[k.index()] = n
                .or(crate::SetupError::TrumpCount)
                .map_err(serde::de::Error::custom)?;
        }
        Ok(c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_standard_deck_has_32() {
        for k in Trump::ALL {
            assert_eq!(k.name().parse::<Trump>(), Ok(k));
            assert_eq!(Trump::from_index(k.index()), Some(k));
        }
        assert_eq!(TrumpCounts::STANDARD.total(), 32);
        assert!("joker".parse::<Trump>().is_err());
    }
}
