//! [`Rules`]: every option the rules file names, as data. `Default` is the documented standard.

use crate::error::SetupError;
use crate::trump::TrumpCounts;
#[cfg(feature = "serde")]
use cards_core::Wide;

/// Most copies of each number value (T1); keeps a player's open stack bounded.
pub const MAX_COPIES: u8 = 4;
/// Most trump cards in the whole trump deck (T2).
pub const MAX_TRUMPS: u32 = 64;
/// The fewest seats a game of Trump 21 has (T4).
pub const MIN_SEATS: usize = 2;
/// The most seats a game of Trump 21 has (T4).
pub const MAX_SEATS: usize = 8;
/// The seat count the examples and tools use when none is given.
pub const DEFAULT_SEATS: usize = 3;
/// The largest round limit (T13.2): with it every accepted rule set ends, even one
/// where nobody ever loses a life (no trumps, `damage: Fixed(0)`).
pub const MAX_ROUNDS: u32 = 1000;

/// How a round's totals are ranked against the target (T10, T10.1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
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
#[cfg_attr(
    feature = "serde",
    serde(rename_all = "snake_case", try_from = "RoundDamageData")
)]
pub enum RoundDamage {
    /// The same every round (standard: 2).
    Fixed(u8),
    /// 1 in the first scored round, one more with every scored round.
    Growing,
}

/// Which card Love your enemy gives (T12.6).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
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
///
/// Read from JSON, rules are checked with [`Rules::validate`] and unknown fields
/// are refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields, try_from = "RulesData"))]
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
    /// Rounds after which the game ends and lives decide (T13.2; standard and at
    /// most [`MAX_ROUNDS`], 1,000).
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
            return Err(SetupError::Copies(self.copies.into()));
        }
        if self.trumps.total() > MAX_TRUMPS {
            return Err(SetupError::TrumpDeck(self.trumps.total().into()));
        }
        if u64::from(self.gamble_win) + u64::from(self.gamble_lose) == 0 {
            return Err(SetupError::Gamble);
        }
        if self.lives == 0 {
            return Err(SetupError::Lives(self.lives.into()));
        }
        if !(1..=MAX_ROUNDS).contains(&self.round_limit) {
            return Err(SetupError::RoundLimit(self.round_limit.into()));
        }
        Ok(())
    }

    /// The most steps (player actions and chance outcomes) one round can take with
    /// `active` players in it, host operations included: see "Every game ends" in the
    /// rules document. With `a` players, `n` trumps in the deck and `c` number cards:
    /// at most `p = n` trump plays (each lies open until the round ends), top-up
    /// `a + 1`, deal `2a`, the plays and their own steps `8p` (an Exchange: two takes,
    /// two gives, `done` and two hidden picks; others at most 3 chance or closing), pile
    /// moves by Trump Switch and pile draws `n(n − 1) + n²`, draw actions
    /// `d = a·c + p` of three steps each (a card comes back to the deck only by Return
    /// or a leave), closes `a + (a − 1)p` (only a Go for reopens), reveals `a`, and a
    /// gamble roll per turn, with at most `d` + closes + `p` turns.
    pub fn round_step_bound(&self, active: usize) -> u64 {
        let a = active as u64;
        let n = u64::from(self.trumps.total());
        let c = u64::from(self.number_cards());
        let plays = n;
        let pile_moves = n * n.saturating_sub(1) + n * n;
        let draws = a * c + plays;
        let closes = a + a.saturating_sub(1) * plays;
        let turns = draws + closes + plays;
        (a + 1) + 2 * a + plays + 7 * plays + pile_moves + 3 * draws + closes + a + turns
    }

    /// The most steps a whole game of `seats` players can take: `round_limit` rounds
    /// of at most [`Rules::round_step_bound`] steps each (T13.2, T13.3). Host operations
    /// (leaving) only shorten a game.
    pub fn game_step_bound(&self, seats: usize) -> u64 {
        u64::from(self.round_limit) * self.round_step_bound(seats)
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

/// [`RoundDamage`] as read, before its number is known to fit a `u8`.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
#[serde(rename_all = "snake_case")]
enum RoundDamageData {
    Fixed(Wide<u8>),
    Growing,
}

#[cfg(feature = "serde")]
impl TryFrom<RoundDamageData> for RoundDamage {
    type Error = SetupError;
    fn try_from(d: RoundDamageData) -> Result<RoundDamage, SetupError> {
        Ok(match d {
            RoundDamageData::Fixed(n) => RoundDamage::Fixed(n.or(SetupError::Damage)?),
            RoundDamageData::Growing => RoundDamage::Growing,
        })
    }
}

/// [`Rules`] as read, before [`Rules::validate`]: every field is needed, unknown
/// fields are refused.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct RulesData {
    copies: Wide<u8>,
    trumps: TrumpCounts,
    gamble_win: Wide<u32>,
    gamble_lose: Wide<u32>,
    lives: Wide<u8>,
    damage: RoundDamage,
    round_limit: Wide<u32>,
    ranking: Ranking,
    love: LoveCard,
}

#[cfg(feature = "serde")]
impl TryFrom<RulesData> for Rules {
    type Error = SetupError;
    /// Reads rules and refuses them unless [`Rules::validate`] accepts them.
    fn try_from(d: RulesData) -> Result<Rules, SetupError> {
        let rules = Rules {
            copies: d.copies.or(SetupError::Copies)?,
            trumps: d.trumps,
            gamble_win: d.gamble_win.or(SetupError::GambleWeight)?,
            gamble_lose: d.gamble_lose.or(SetupError::GambleWeight)?,
            lives: d.lives.or(SetupError::Lives)?,
            damage: d.damage,
            round_limit: d.round_limit.or(SetupError::RoundLimit)?,
            ranking: d.ranking,
            love: d.love,
        };
        rules.validate()?;
        Ok(rules)
    }
}
