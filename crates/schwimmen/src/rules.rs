//! [`Rules`]: every house rule the rules file names, as data.

use crate::error::SetupError;
#[cfg(feature = "serde")]
use cards_core::Wide;

/// The fewest seats a game of Schwimmen has (S2).
pub const MIN_SEATS: usize = 2;
/// The most seats a game of Schwimmen has (S2).
pub const MAX_SEATS: usize = 9;
/// The seat count the examples and tools use when none is given.
pub const DEFAULT_SEATS: usize = 4;

/// Which way play passes round the table (S4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Direction {
    /// To the next seat number (the default).
    #[default]
    Clockwise,
    /// To the previous seat number: the player to the dealer's right opens (seed 003).
    CounterClockwise,
}

/// What happens when every active player has passed and the stock runs short (S10, S10.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Refresh {
    /// With fewer than three cards in the stock the round ends and is scored (default).
    #[default]
    EndRound,
    /// The discards join the stock first; only if it still holds fewer than three does the round end.
    Reshuffle,
}

/// Who loses when every active player ties (S15, S15.1, S17).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum AllTie {
    /// Nobody loses and the same dealer deals again (default).
    #[default]
    NobodyLoses,
    /// Everybody loses (the seed's literal wording), with the drowning guard of S17.
    AllLose,
}

/// The knocker's risk (S16); applies only to rounds scored by value with a knocker.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum KnockerRisk {
    /// The knocker loses like anyone else (default).
    #[default]
    Normal,
    /// A knocker among the losers loses two lives.
    DoubleLoss,
    /// When the knocker ties for lowest, only the knocker loses.
    LosesTies,
}

/// How three aces are written (S13); display only, never changes who loses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum AcesDisplay {
    /// `three aces` (default).
    #[default]
    ThreeAces,
    /// `32`.
    ThirtyTwo,
    /// `33`.
    ThirtyThree,
}

/// The house rules: every option the clauses name. `Rules::default()` is the
/// clauses' default.
///
/// ```
/// use schwimmen::{Rules, Refresh};
/// let swiss = Rules { refresh: Refresh::Reshuffle, lives: 4, ..Rules::default() };
/// assert!(swiss.validate().is_ok());
/// assert!(Rules { lives: 0, ..Rules::default() }.validate().is_err());
/// ```
///
/// Every accepted rule set ends (S14.1, S19.1): [`Rules::max_steps`] bounds the
/// steps of a whole game. JSON is checked like [`Game::new`](cards_core::Game::new)
/// checks: values out of range are refused ([`Rules::validate`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "RulesData"))]
pub struct Rules {
    /// Lives each player starts with (S3): 1 to [`Rules::MAX_LIVES`], default 3.
    pub lives: u8,
    /// Direction of play (S4).
    pub direction: Direction,
    /// Whether passing is a move (S9, S9.1); default `true`.
    pub passing: bool,
    /// The all-pass refresh when the stock runs short (S10, S10.2).
    pub refresh: Refresh,
    /// Whether a knock is allowed from the first turn of a round (S11 option); default `false`.
    pub knock_first_turn: bool,
    /// How three aces are written (S13).
    pub aces_display: AcesDisplay,
    /// Who loses when every active player ties (S15, S15.1).
    pub all_tie: AllTie,
    /// The knocker's risk (S16).
    pub knocker_risk: KnockerRisk,
    /// Turns after which a round ends and is scored without a knocker (S14.1); default 100.
    pub turn_limit: u16,
    /// Rounds after which the game ends and is ranked by lives (S19.1); default 1,000.
    pub round_limit: u16,
    /// The first dealer's seat number (S18); default 0.
    pub first_dealer: u8,
}

impl Rules {
    /// The most lives a player may start with.
    pub const MAX_LIVES: u8 = 100;
    /// The most turns a round may be limited to.
    pub const MAX_TURN_LIMIT: u16 = 10_000;
    /// The most rounds a game may be limited to.
    pub const MAX_ROUND_LIMIT: u16 = 10_000;

    /// The most steps (chance steps, dealer's choices and turns) a game under these
    /// rules can take, whatever the seat count, the cards and the players do:
    ///
    /// - a round has at most 30 deal steps (S5, nine players), one dealer's choice
    ///   (S6), `turn_limit` turns (S14.1), and three refill steps (S10) per refresh;
    ///   a refresh needs every player still in (at least two) to pass in a row, and
    ///   none happens once the turn limit is reached, so at most
    ///   ⌊(`turn_limit` − 1) / 2⌋ refreshes come from turns;
    /// - a game has at most `round_limit` rounds (S19.1: every finished deal counts);
    /// - players leaving (S21.1, at most seven of them before the game ends) can
    ///   each complete one all-pass at once: three more refill steps each.
    ///
    /// Under the largest accepted limits (10,000 turns and 10,000 rounds) that is
    /// 250,280,021 steps. Host operations are not steps: at most eight leaves, and
    /// misdeals (S22) finish rounds, so they count against `round_limit`.
    ///
    /// ```
    /// use schwimmen::Rules;
    /// let longest = Rules { turn_limit: 10_000, round_limit: 10_000, ..Rules::default() };
    /// assert_eq!(longest.max_steps(), 250_280_021);
    /// assert_eq!(Rules::default().max_steps(), 1000 * (30 + 1 + 100 + 3 * 49) + 21);
    /// ```
    pub fn max_steps(&self) -> u64 {
        let turns = u64::from(self.turn_limit);
        let per_round = 30 + 1 + turns + 3 * (turns.saturating_sub(1) / 2);
        u64::from(self.round_limit) * per_round + 3 * 7
    }

    /// Checks the values that do not depend on the seat count.
    ///
    /// # Errors
    /// [`SetupError`] naming the value out of range.
    pub fn validate(&self) -> Result<(), SetupError> {
        if self.lives == 0 || self.lives > Self::MAX_LIVES {
            return Err(SetupError::Lives(self.lives.into()));
        }
        if self.turn_limit == 0 || self.turn_limit > Self::MAX_TURN_LIMIT {
            return Err(SetupError::TurnLimit(self.turn_limit.into()));
        }
        if self.round_limit == 0 || self.round_limit > Self::MAX_ROUND_LIMIT {
            return Err(SetupError::RoundLimit(self.round_limit.into()));
        }
        if usize::from(self.first_dealer) >= MAX_SEATS {
            return Err(SetupError::FirstDealer(self.first_dealer.into()));
        }
        Ok(())
    }

    /// Checks the values together with a seat count (S2, S18).
    ///
    /// # Errors
    /// [`SetupError`] naming the value out of range.
    pub fn validate_for(&self, seats: usize) -> Result<(), SetupError> {
        if !(MIN_SEATS..=MAX_SEATS).contains(&seats) {
            return Err(SetupError::Seats(seats));
        }
        self.validate()?;
        if usize::from(self.first_dealer) >= seats {
            return Err(SetupError::FirstDealer(self.first_dealer.into()));
        }
        Ok(())
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            lives: 3,
            direction: Direction::Clockwise,
            passing: true,
            refresh: Refresh::EndRound,
            knock_first_turn: false,
            aces_display: AcesDisplay::ThreeAces,
            all_tie: AllTie::NobodyLoses,
            knocker_risk: KnockerRisk::Normal,
            turn_limit: 100,
            round_limit: 1000,
            first_dealer: 0,
        }
    }
}

/// [`Rules`] as read from JSON, before [`Rules::validate`]: missing fields take
/// their default, unknown fields are refused.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
struct RulesData {
    lives: Wide<u8>,
    direction: Direction,
    passing: bool,
    refresh: Refresh,
    knock_first_turn: bool,
    aces_display: AcesDisplay,
    all_tie: AllTie,
    knocker_risk: KnockerRisk,
    turn_limit: Wide<u16>,
    round_limit: Wide<u16>,
    first_dealer: Wide<u8>,
}

#[cfg(feature = "serde")]
impl Default for RulesData {
    fn default() -> RulesData {
        let r = Rules::default();
        RulesData {
            lives: r.lives.into(),
            direction: r.direction,
            passing: r.passing,
            refresh: r.refresh,
            knock_first_turn: r.knock_first_turn,
            aces_display: r.aces_display,
            all_tie: r.all_tie,
            knocker_risk: r.knocker_risk,
            turn_limit: r.turn_limit.into(),
            round_limit: r.round_limit.into(),
            first_dealer: r.first_dealer.into(),
        }
    }
}

#[cfg(feature = "serde")]
impl TryFrom<RulesData> for Rules {
    type Error = SetupError;
    fn try_from(d: RulesData) -> Result<Rules, SetupError> {
        let r = Rules {
            lives: d.lives.or(SetupError::Lives)?,
            direction: d.direction,
            passing: d.passing,
            refresh: d.refresh,
            knock_first_turn: d.knock_first_turn,
            aces_display: d.aces_display,
            all_tie: d.all_tie,
            knocker_risk: d.knocker_risk,
            turn_limit: d.turn_limit.or(SetupError::TurnLimit)?,
            round_limit: d.round_limit.or(SetupError::RoundLimit)?,
            first_dealer: d.first_dealer.or(SetupError::FirstDealer)?,
        };
        r.validate()?;
        Ok(r)
    }
}
