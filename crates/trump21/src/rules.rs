//! [`Rules`]: every option the rules file names, as data. `Default` is the documented standard.

use crate::error::SetupError;
use crate::trump::TrumpCounts;

/// Most copies of each number value (T1); keeps a player's open stack bounded.
pub const MAX_COPIES: u8 = 4;
/// Most trump cards in the whole trump deck (T2).
pub const MAX_TRUMPS: u32 = 64;
/// Fewest and most players (T4).
pub const SEATS: std::ops::RangeInclusive<usize> = 2..=8;

/// How a round's totals are ranked against the target (T10, T10.1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Ranking {
    /// T10: any total at or under the target beats any total over it; under, higher
    /// is better; over, the smaller overshoot is better.
    #[default]
    UnderFirst,
    /// T10.1: closest by distance |total − target|, over and under alike.
    Distance,
}

/// The damage every loser of a round takes before Damage+ and Shield (T4, T13).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum RoundDamage {
    /// The same every round (standard: 2).
    Fixed(u8),
    /// 1 in the first scored round, one more with every scored round.
    Growing,
}

/// Which card Love your enemy gives (T12.6).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum LoveCard {
    /// The best card for him, by T12.5 with his own total.
    #[default]
    Best,
    /// Whichever comes: a random card of the deck (a chance step).
    Random,
}

/// House rules of Trump 21.
///
/// ```
/// use trump21::{Rules, RoundDamage};
/// let rules = Rules { lives: 5, damage: RoundDamage::Growing, ..Rules::default() };
/// assert!(rules.validate().is_ok());
/// assert!(Rules { copies: 0, ..Rules::default() }.validate().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Rules {
    /// Copies of each number value 1–11 (T1; standard 4, at most [`MAX_COPIES`]).
    pub copies: u8,
    /// The trump deck (T2; standard [`TrumpCounts::STANDARD`], at most [`MAX_TRUMPS`] cards).
    pub trumps: TrumpCounts,
    /// Weight of winning the gamble (T7; standard 1 in 2).
    pub gamble_win: u32,
    /// Weight of losing the gamble.
    pub gamble_lose: u32,
    /// Lives each player starts with (T4; standard 10).
    pub lives: u8,
    /// Round damage (T4; standard fixed 2).
    pub damage: RoundDamage,
    /// Rounds after which the game ends and lives decide (T13.2; standard 1,000).
    pub round_limit: u32,
    /// How totals rank against the target (T10; standard: under first).
    pub ranking: Ranking,
    /// Which card Love your enemy gives (T12.6; standard: the best).
    pub love: LoveCard,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            copies: 4,
            trumps: TrumpCounts::STANDARD,
            gamble_win: 1,
            gamble_lose: 1,
            lives: 10,
            damage: RoundDamage::Fixed(2),
            round_limit: 1000,
            ranking: Ranking::UnderFirst,
            love: LoveCard::Best,
        }
    }
}

impl Rules {
    /// Checks every value against what the rules allow.
    ///
    /// # Errors
    /// A [`SetupError`] naming the value.
    pub fn validate(&self) -> Result<(), SetupError> {
        if self.copies == 0 || self.copies > MAX_COPIES {
            return Err(SetupError::Copies);
        }
        if self.trumps.total() > MAX_TRUMPS {
            return Err(SetupError::TrumpDeck);
        }
        if u64::from(self.gamble_win) + u64::from(self.gamble_lose) == 0 {
            return Err(SetupError::Gamble);
        }
        if self.lives == 0 {
            return Err(SetupError::Lives);
        }
        if self.round_limit == 0 {
            return Err(SetupError::RoundLimit);
        }
        Ok(())
    }

    /// Number cards in the whole game (T1).
    pub fn number_cards(&self) -> u32 {
        11 * u32::from(self.copies)
    }

    /// The round damage before Damage+ and Shield, for a round after `scored` scored rounds.
    pub fn round_damage(&self, scored: u32) -> u32 {
        match self.damage {
            RoundDamage::Fixed(d) => u32::from(d),
            RoundDamage::Growing => scored.saturating_add(1),
        }
    }
}
