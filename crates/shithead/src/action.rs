//! [`Action`]: chance outcomes and player decisions, and [`Leave`], the host operation.

use std::fmt;
use std::str::FromStr;

use cards_core::Card;
use cards_core::text::{self, echo};
use thiserror::Error;

use crate::group::Group;

/// Everything that can happen in a turn, chance included.
///
/// Text forms: `draw 7H`, `turn 7H`, `up 4C`, `play 7H 7S`, `blind`,
/// `pick up`, `pick up with 5D`, `done`.
///
/// ```
/// use shithead::Action;
/// let a: Action = "play 7h 7♠".parse()?; // card aliases (H24)
/// assert_eq!(a.to_string(), "play 7H 7S");
/// assert_eq!("pick up".parse::<Action>()?, Action::PickUp);
/// assert!("Pick up".parse::<Action>().is_err()); // only the printed form (H24)
/// assert!("play 7S 7H".parse::<Action>().is_err()); // cards in the printed order
/// # Ok::<(), shithead::ParseActionError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Action {
    /// Chance: this card comes from the stock (dealing and refilling, H2, H5.3).
    Draw(Card),
    /// Chance: this face-down card of the mover is the one turned (H11.1).
    Turn(Card),
    /// Arranging (H3, H3.1): this card of the player's six lies face up; he
    /// picks three, one at a time, in any order.
    FaceUp(Card),
    /// Play these cards of one rank from the current source (H5, H9).
    Play(Group),
    /// Play one face-down card blind (H11).
    Blind,
    /// Take the pile into the hand (H7).
    PickUp,
    /// Take the pile together with these face-up cards (H10).
    PickUpWith(Group),
    /// End the turn instead of adding more cards (H5).
    Done,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Draw(c) => write!(f, "draw {c}"),
            Action::Turn(c) => write!(f, "turn {c}"),
            Action::FaceUp(t) => write!(f, "up {t}"),
            Action::Play(g) => write!(f, "play {g}"),
            Action::Blind => f.write_str("blind"),
            Action::PickUp => f.write_str("pick up"),
            Action::PickUpWith(g) => write!(f, "pick up with {g}"),
            Action::Done => f.write_str("done"),
        }
    }
}

/// Why a text is not an action. The input is repeated
/// quoted and capped ([`cards_core::text::echo`]).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseActionError {
    /// Not an action at all. The message lists only what a player may type
    /// (chance's `draw` and `turn` and the host's `leave` are not offered).
    #[error(
        "{0} is not a shithead move: write up 4C, play 7H 7S, blind, pick up, pick up with 5D or done"
    )]
    Unknown(String),
    /// H24: an action or host operation not written the one way it is printed
    /// (other case or spacing, a leading zero, cards out of order).
    #[error("{text} is not written in its text form: write {canonical} (H24)")]
    NotCanonical {
        /// The input, capped.
        text: String,
        /// How it is written.
        canonical: String,
    },
}

impl ParseActionError {
    fn unknown(s: &str) -> ParseActionError {
        ParseActionError::Unknown(echo(s).to_string())
    }

    fn not_canonical(s: &str, canonical: String) -> ParseActionError {
        ParseActionError::NotCanonical {
            text: echo(s).to_string(),
            canonical,
        }
    }
}

impl FromStr for Action {
    type Err = ParseActionError;
    fn from_str(s: &str) -> Result<Action, ParseActionError> {
        let a = Action::parse_words(s)?;
        text::canonical(s, a).map_err(|c| ParseActionError::not_canonical(s, c))
    }
}

impl Action {
    /// Reads an action in any case and spacing; `from_str` then keeps only the
    /// printed form (and card aliases, H24).
    fn parse_words(s: &str) -> Result<Action, ParseActionError> {
        let err = || ParseActionError::unknown(s);
        let t = s.trim();
        let lower = t.to_ascii_lowercase();
        let rest = |p: &str| lower.strip_prefix(p).map(|_| &t[p.len()..]);
        match lower.as_str() {
            "blind" => return Ok(Action::Blind),
            "pick up" => return Ok(Action::PickUp),
            "done" => return Ok(Action::Done),
            _ => {}
        }
        if let Some(r) = rest("pick up with ") {
            return r.parse().map(Action::PickUpWith).map_err(|_| err());
        }
        if let Some(r) = rest("draw ") {
            return r.trim().parse().map(Action::Draw).map_err(|_| err());
        }
        if let Some(r) = rest("turn ") {
            return r.trim().parse().map(Action::Turn).map_err(|_| err());
        }
        if let Some(r) = rest("up ") {
            return r.trim().parse().map(Action::FaceUp).map_err(|_| err());
        }
        if let Some(r) = rest("play ") {
            return r.parse().map(Action::Play).map_err(|_| err());
        }
        Err(err())
    }
}

/// The host operation: a player leaves the game (H21), cards-core's
/// [`Leave`](cards_core::Leave) with its text form `leave 2`.
pub use cards_core::Leave;

#[cfg(feature = "serde")]
cards_core::serde_via_text!(Action);
