//! [`Rules`]: OpenSpiel's parameters with their defaults (C2), and [`Scoring`] (C13).

use crate::error::SetupError;
#[cfg(feature = "serde")]
use cards_core::Wide;

/// The fewest players (C1).
pub const MIN_SEATS: usize = 2;
/// The most players this crate seats (C1): `cards_core::MAX_SEATS`.
pub const MAX_SEATS: usize = cards_core::MAX_SEATS;
/// OpenSpiel's default number of players (C2); the seat count is `Game::new`'s argument.
pub const DEFAULT_SEATS: usize = 5;

/// How a card left in a hand at the end is charged (C13).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Scoring {
    /// OpenSpiel's count: an eight 50, a jack, queen, king or ace 10, any other
    /// card 2 + its action id (4 × rank index + suit index), so 2♣ costs 2 and 10♠ 37 (C13).
    #[default]
    CardIndex,
    /// The common count: an eight 50, a picture 10, an ace 1, any other card its number (C13.1).
    FaceValue,
}

/// The parameters of a game, with OpenSpiel's names and defaults (C2).
///
/// ```
/// use crazy_eights::Rules;
/// let r = Rules::default();
/// assert_eq!((r.max_draw_cards, r.max_turns, r.use_special_cards, r.reshuffle), (5, 100, false, false));
/// assert!(Rules { max_draw_cards: 0, ..r }.validate().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields, try_from = "RulesData"))]
pub struct Rules {
    /// The most cards a player may draw in one turn before he must play or pass (C9), at least 1.
    pub max_draw_cards: u8,
    /// The game ends after this many cards have been played (C12.2), at least 1.
    pub max_turns: u16,
    /// Queens skip, aces reverse, twos make the next player draw two (C11).
    pub use_special_cards: bool,
    /// The discards become the stock when it runs out (C10.1).
    pub reshuffle: bool,
    /// How cards left in hand are charged (C13); not an OpenSpiel parameter.
    pub scoring: Scoring,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            max_draw_cards: 5,
            max_turns: 100,
            use_special_cards: false,
            reshuffle: false,
            scoring: Scoring::CardIndex,
        }
    }
}

/// [`Rules`] as read, before [`Rules::validate`]: missing fields take their
/// default, unknown fields are refused.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields, default)]
struct RulesData {
    max_draw_cards: Wide<u8>,
    max_turns: Wide<u16>,
    use_special_cards: bool,
    reshuffle: bool,
    scoring: Scoring,
}

#[cfg(feature = "serde")]
impl Default for RulesData {
    fn default() -> RulesData {
        let r = Rules::default();
        RulesData {
            max_draw_cards: r.max_draw_cards.into(),
            max_turns: r.max_turns.into(),
            use_special_cards: r.use_special_cards,
            reshuffle: r.reshuffle,
            scoring: r.scoring,
        }
    }
}

#[cfg(feature = "serde")]
impl TryFrom<RulesData> for Rules {
    type Error = SetupError;
    fn try_from(d: RulesData) -> Result<Rules, SetupError> {
        let rules = Rules {
            max_draw_cards: d.max_draw_cards.or(SetupError::MaxDrawCards)?,
            max_turns: d.max_turns.or(SetupError::MaxTurns)?,
            use_special_cards: d.use_special_cards,
            reshuffle: d.reshuffle,
            scoring: d.scoring,
        };
        rules.validate()?;
        Ok(rules)
    }
}

impl Rules {
    /// Checks the values on their own (C2).
    ///
    /// # Errors
    /// [`SetupError::MaxDrawCards`] or [`SetupError::MaxTurns`] for a zero.
    pub fn validate(&self) -> Result<(), SetupError> {
        if self.max_draw_cards == 0 {
            return Err(SetupError::MaxDrawCards(self.max_draw_cards.into()));
        }
        if self.max_turns == 0 {
            return Err(SetupError::MaxTurns(self.max_turns.into()));
        }
        Ok(())
    }

    /// Checks the values and a seat count (C1, C2).
    ///
    /// # Errors
    /// As [`Rules::validate`], and [`SetupError::Seats`] outside 2 to 10.
    pub fn validate_for(&self, seats: usize) -> Result<(), SetupError> {
        if !(MIN_SEATS..=MAX_SEATS).contains(&seats) {
            return Err(SetupError::Seats(seats));
        }
        self.validate()
    }

    /// An upper bound on the player decisions of a game of `seats` players
    /// (the chance steps are not counted: the starter's turn-up repeats
    /// without a bound while eights come up, C5.1). With `T` = `max_turns`:
    /// plays and nominations are at most `T` each (C12.2); every draw decision
    /// takes at least one card from the stock, which starts with at most the
    /// cards in play and gets back only played cards (C10.1), so draws are at
    /// most `D` = cards in play + `T`; a pass while the stock holds cards
    /// needs a draw in the same turn (C9.1), at most `D` of them; passes with
    /// an empty stock come in runs of at most `seats + 1` (C12.3), each run
    /// after another step or at the start.
    ///
    /// ```
    /// use crazy_eights::Rules;
    /// assert_eq!(Rules::default().max_decisions(5), 152 + 200 + 152 + 6 * 353);
    /// ```
    pub fn max_decisions(&self, seats: usize) -> u64 {
        let turns = u64::from(self.max_turns);
        let draws = 52 * u64::from(Rules::decks(seats)) + turns;
        let other = draws + 2 * turns;
        other + draws + (seats as u64 + 1) * (other + 1)
    }

    /// Decks in play for `seats` players: one up to five, two from six (C1).
    pub const fn decks(seats: usize) -> u8 {
        if seats > 5 { 2 } else { 1 }
    }

    /// Cards dealt to each player: seven for two players, five otherwise (C4).
    pub const fn hand_size(seats: usize) -> u8 {
        if seats == 2 { 7 } else { 5 }
    }
}
