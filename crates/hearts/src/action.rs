//! [`Action`] (chance outcomes and player moves) with text forms and OpenSpiel
//! action ids (R14), and [`HostOp`] (there are none, R16).

use std::fmt;
use std::str::FromStr;

use cards_core::text::{self, echo};
use cards_core::{Card, Rank, Suit};
use thiserror::Error;

use crate::state::PassDir;

/// A chance outcome or a player's move.
///
/// Text forms (R14): `direction left` (chance), `deal 7H` (chance), `pass QS`, `play 2C`.
///
/// ```
/// use hearts::Action;
/// let a: Action = "play qs".parse()?;
/// assert_eq!(a.to_string(), "play QS");
/// assert!("Play QS".parse::<Action>().is_err());
/// assert_eq!(a.spiel_id(), 43);
/// assert!("play 1X".parse::<Action>().is_err());
/// # Ok::<(), hearts::ParseActionError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Action {
    /// Chance: the pass direction (R3).
    Direction(PassDir),
    /// Chance: the next card of the deal (R4).
    Deal(Card),
    /// Pass this card from the hand (R5).
    Pass(Card),
    /// Play this card to the trick (R6–R9).
    Play(Card),
}

/// OpenSpiel's id of a card: 4 × rank index (two = 0) + suit index (clubs = 0) (R14).
pub const fn card_id(c: Card) -> u32 {
    (c.rank() as u32) * 4 + c.suit() as u32
}

/// The card of OpenSpiel id `0..52` (R14).
pub const fn card_of_id(id: u32) -> Option<Card> {
    if id < 52 {
        Some(Card::new(
            Rank::from_index(id as usize / 4),
            Suit::from_index(id as usize % 4),
        ))
    } else {
        None
    }
}

impl Action {
    /// The id OpenSpiel's `hearts` gives this action (R14): the direction's
    /// number, or the card's id. Ids of different kinds overlap, as there;
    /// [`Hearts::spiel_action`](crate::Hearts::spiel_action) reads one in a state.
    pub const fn spiel_id(self) -> u32 {
        match self {
            Action::Direction(d) => d as u32,
            Action::Deal(c) | Action::Pass(c) | Action::Play(c) => card_id(c),
        }
    }

    /// Whether this is a chance outcome.
    pub const fn is_chance(self) -> bool {
        matches!(self, Action::Direction(_) | Action::Deal(_))
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Direction(d) => write!(f, "direction {d}"),
            Action::Deal(c) => write!(f, "deal {c}"),
            Action::Pass(c) => write!(f, "pass {c}"),
            Action::Play(c) => write!(f, "play {c}"),
        }
    }
}

/// Why a text is not an action (R14); it repeats at most the start of the input.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error(
    "{} is not a hearts action: expected `pass <card>`, `play <card>` (7H, TS), `deal <card>` or `direction <none|left|across|right>` (R14)",
    echo(.input)
)]
pub struct ParseActionError {
    input: String,
}

impl FromStr for Action {
    type Err = ParseActionError;

    fn from_str(s: &str) -> Result<Action, ParseActionError> {
        let err = || ParseActionError {
            input: s.to_string(),
        };
        let lower = s.trim().to_ascii_lowercase();
        let mut words = lower.split_whitespace();
        let (Some(verb), Some(arg), None) = (words.next(), words.next(), words.next()) else {
            return Err(err());
        };
        let card = || arg.parse::<Card>().map_err(|_| err());
        let action = match verb {
            "pass" => card().map(Action::Pass),
            "play" => card().map(Action::Play),
            "deal" => card().map(Action::Deal),
            "direction" => PassDir::ALL
                .into_iter()
                .find(|d| d.word() == arg)
                .map(Action::Direction)
                .ok_or_else(err),
            _ => Err(err()),
        }?;
        // Only the printed form, a card spelt another documented way the one alias (R14).
        text::canonical(s, action).map_err(|_| err())
    }
}

#[cfg(feature = "serde")]
cards_core::serde_via_text!(Action, HostOp);

/// Host operations: OpenSpiel's game has none, and neither has this one (R16).
/// The type has no values, so no host operation can be built, parsed or applied.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HostOp {}

impl fmt::Display for HostOp {
    fn fmt(&self, _: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {}
    }
}

/// Every text is refused: there are no host operations (R16).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{} is not a host operation: hearts has none (R16)", echo(.input))]
pub struct ParseHostOpError {
    input: String,
}

impl FromStr for HostOp {
    type Err = ParseHostOpError;
    fn from_str(s: &str) -> Result<HostOp, ParseHostOpError> {
        Err(ParseHostOpError {
            input: s.to_string(),
        })
    }
}
