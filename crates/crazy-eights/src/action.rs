//! [`Action`] (chance outcomes and player moves) with text forms and OpenSpiel
//! action ids (C16), and [`HostOp`] (there are none, C17).

use std::fmt;
use std::str::FromStr;

use cards_core::text::{self, echo, unsigned_in};
use cards_core::{Card, Rank, Seat, Suit};
use thiserror::Error;

use crate::rules::MAX_SEATS;

/// A chance outcome or a player's move.
///
/// Text forms (C16): `dealer 2`, `deal 7H` (chance), `play 7H`, `draw`, `pass`,
/// `nominate H`.
///
/// ```
/// use crazy_eights::Action;
/// let a: Action = "play 10h".parse()?; // a card alias (C16)
/// assert_eq!(a.to_string(), "play TH");
/// assert!("Play TH".parse::<Action>().is_err()); // only the printed form (C16)
/// assert!("dealer 02".parse::<Action>().is_err());
/// assert_eq!(a.spiel_id(), 34);
/// assert_eq!(Action::from_spiel_id(34, false), Some(a));
/// assert!("nominate X".parse::<Action>().is_err());
/// # Ok::<(), crazy_eights::ParseActionError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Action {
    /// Chance: this seat deals (C3).
    Dealer(Seat),
    /// Chance: this card comes from the stock: dealt, turned up or drawn (C4, C5, C9).
    Deal(Card),
    /// Play this card from the hand (C7).
    Play(Card),
    /// Draw a card from the stock (C9, C11.3).
    Draw,
    /// End the turn without playing (C9.1, C10).
    Pass,
    /// Name the suit to follow after an eight (C8).
    Nominate(Suit),
}

/// OpenSpiel's id of the draw action (C16).
const DRAW_ID: u32 = 52;
/// OpenSpiel's id of the pass action (C16).
const PASS_ID: u32 = 53;
/// OpenSpiel's first suit-nomination id (C16).
const NOMINATE_ID: u32 = 54;
/// OpenSpiel's first dealer-choice id (a chance id, C16).
const DEALER_ID: u32 = 52;

/// OpenSpiel's id of a card: 4 × rank index (two = 0) + suit index (clubs = 0) (C16).
pub(crate) const fn card_id(c: Card) -> u32 {
    (c.rank() as u32) * 4 + c.suit() as u32
}

fn card_of_id(id: u32) -> Option<Card> {
    (id < 52).then(|| {
        Card::new(
            Rank::from_index(id as usize / 4),
            Suit::from_index(id as usize % 4),
        )
    })
}

impl Action {
    /// The id OpenSpiel's `crazy_eights` gives this action (C16). Chance ids and
    /// player ids overlap (`dealer 0` and `draw` are both 52), as there.
    pub const fn spiel_id(self) -> u32 {
        match self {
            Action::Dealer(s) => DEALER_ID + s.0 as u32,
            Action::Deal(c) | Action::Play(c) => card_id(c),
            Action::Draw => DRAW_ID,
            Action::Pass => PASS_ID,
            Action::Nominate(s) => NOMINATE_ID + s as u32,
        }
    }

    /// The action of an OpenSpiel id, read as a chance outcome or a player's move (C16).
    pub fn from_spiel_id(id: u32, chance: bool) -> Option<Action> {
        if chance {
            return match id {
                0..52 => card_of_id(id).map(Action::Deal),
                _ => {
                    let s = id.checked_sub(DEALER_ID)?;
                    (s < MAX_SEATS as u32).then_some(Action::Dealer(Seat(s as u8)))
                }
            };
        }
        match id {
            0..52 => card_of_id(id).map(Action::Play),
            DRAW_ID => Some(Action::Draw),
            PASS_ID => Some(Action::Pass),
            54..58 => Some(Action::Nominate(Suit::from_index(
                (id - NOMINATE_ID) as usize,
            ))),
            _ => None,
        }
    }

    /// Whether this is a chance outcome.
    pub const fn is_chance(self) -> bool {
        matches!(self, Action::Dealer(_) | Action::Deal(_))
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Dealer(s) => write!(f, "dealer {}", s.0),
            Action::Deal(c) => write!(f, "deal {c}"),
            Action::Play(c) => write!(f, "play {c}"),
            Action::Draw => f.write_str("draw"),
            Action::Pass => f.write_str("pass"),
            Action::Nominate(s) => write!(f, "nominate {}", s.letter()),
        }
    }
}

/// Why a text is not an action (C16); it repeats at most the start of the input.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error(
    "{} is not a crazy eights action: expected `play <card>` (7H, TS), `draw`, `pass`, `nominate <C|D|H|S>`, `deal <card>` or `dealer <0-9>`, written as printed (C16)",
    echo(.input)
)]
pub struct ParseActionError {
    input: String,
}

impl FromStr for Action {
    type Err = ParseActionError;

    /// The printed form only, cards also in their aliases (C16): no other case or
    /// spacing, no leading zero.
    fn from_str(s: &str) -> Result<Action, ParseActionError> {
        let a = Action::parse_words(s)?;
        text::canonical(s, a).map_err(|_| ParseActionError {
            input: s.to_string(),
        })
    }
}

impl Action {
    fn parse_words(s: &str) -> Result<Action, ParseActionError> {
        let err = || ParseActionError {
            input: s.to_string(),
        };
        let lower = s.trim().to_ascii_lowercase();
        let mut words = lower.split_whitespace();
        let (Some(verb), arg, None) = (words.next(), words.next(), words.next()) else {
            return Err(err());
        };
        let card = |a: Option<&str>| a.and_then(|t| t.parse::<Card>().ok()).ok_or_else(err);
        match (verb, arg) {
            ("draw", None) => Ok(Action::Draw),
            ("pass", None) => Ok(Action::Pass),
            ("play", a) => card(a).map(Action::Play),
            ("deal", a) => card(a).map(Action::Deal),
            ("dealer", Some(a)) => unsigned_in(a, 0, MAX_SEATS as u64 - 1)
                .map(|n| Action::Dealer(Seat(n as u8)))
                .ok_or_else(err),
            ("nominate", Some(a)) => {
                let mut chars = a.chars();
                match (chars.next().and_then(Suit::from_char), chars.next()) {
                    (Some(suit), None) => Ok(Action::Nominate(suit)),
                    _ => Err(err()),
                }
            }
            _ => Err(err()),
        }
    }
}

#[cfg(feature = "serde")]
cards_core::serde_via_text!(Action, HostOp);

/// Host operations: OpenSpiel's game has none, and neither has this one (C17).
/// The type has no values, so no host operation can be built, parsed or applied.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HostOp {}

impl fmt::Display for HostOp {
    fn fmt(&self, _: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {}
    }
}

/// Every text is refused: there are no host operations (C17).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{} is not a host operation: crazy eights has none (C17)", echo(.input))]
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
