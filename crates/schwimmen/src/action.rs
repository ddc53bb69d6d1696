//! [`Action`] (chance outcomes and player moves) and [`HostOp`] (leaving, misdeal), with text forms.

use std::fmt;
use std::str::FromStr;

use cards_core::{Card, Seat, deck, text};
use thiserror::Error;

use crate::error::echo;
use crate::rules::MAX_SEATS;

/// A chance outcome or a player's move.
///
/// Text forms: `deal 7H`, `refill 7H`, `keep`, `take other`, `swap 7H AS`
/// (give 7H from the hand, take AS from the middle), `swap all`, `pass`, `knock`.
///
/// ```
/// use schwimmen::Action;
/// let a: Action = "swap 10h a♠".parse()?;
/// assert_eq!(a.to_string(), "swap TH AS");
/// assert_eq!("take other".parse::<Action>()?, Action::TakeOther);
/// assert!("swap TH".parse::<Action>().is_err());
/// assert!("deal 2C".parse::<Action>().is_err(), "not in the 32-card deck (S1)");
/// # Ok::<(), schwimmen::ParseActionError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Action {
    /// Chance: the next card of the deal (S5.1).
    Deal(Card),
    /// Chance: a card from the stock to the middle after all passed (S10).
    Refill(Card),
    /// Dealer's choice: keep the first pack; the second goes to the middle (S6).
    Keep,
    /// Dealer's choice: the first pack goes to the middle, the dealer takes the second (S6).
    TakeOther,
    /// Give a hand card to the middle and take a middle card (S9).
    Swap {
        /// The card given from the hand.
        give: Card,
        /// The card taken from the middle.
        take: Card,
    },
    /// Swap all three hand cards for the three middle cards (S9).
    SwapAll,
    /// Pass, "schieben" (S9, S10).
    Pass,
    /// Knock, "klopfen" (S11).
    Knock,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Deal(c) => write!(f, "deal {c}"),
            Action::Refill(c) => write!(f, "refill {c}"),
            Action::Keep => f.write_str("keep"),
            Action::TakeOther => f.write_str("take other"),
            Action::Swap { give, take } => write!(f, "swap {give} {take}"),
            Action::SwapAll => f.write_str("swap all"),
            Action::Pass => f.write_str("pass"),
            Action::Knock => f.write_str("knock"),
        }
    }
}

/// Why a text is not an action or host operation. The input is echoed only in
/// part (at most 40 characters and its length).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseActionError {
    /// Not one of the text forms a player may type (S6, S9, S11).
    #[error(
        "{0} is not a schwimmen move: write keep, take other (S6), swap 7H AS, swap all, pass (S9) or knock (S11)"
    )]
    Form(String),
    /// Not one of the host operations' text forms (S21, S22).
    #[error("{0} is not a host operation: write leave 2 (S21) or misdeal (S22)")]
    HostForm(String),
    /// A card outside the 32-card deck (S1).
    #[error(
        "{0} is not a card of the 32-card deck: ranks 7, 8, 9, T (or 10), J, Q, K, A of C, D, H, S (S1)"
    )]
    Card(String),
    /// A seat number outside 0 to 8, or written with a sign or other characters (S2).
    #[error("{0} is not a seat: seats are written 0 to 8, digits only (S2: at most 9 players)")]
    Seat(String),
    /// A text that means an action or host operation but is not written the one
    /// way it is printed (S25): other case, spacing or a leading zero.
    #[error("{text} is not written in its text form: write {canonical} (S25)")]
    NotCanonical {
        /// The input, capped.
        text: String,
        /// How it is written.
        canonical: String,
    },
}

impl ParseActionError {
    fn not_canonical(text: &str, canonical: String) -> ParseActionError {
        ParseActionError::NotCanonical {
            text: echo(text),
            canonical,
        }
    }
}

/// A card of the 32-card deck (S1), or why not.
fn deck_card(word: &str) -> Result<Card, ParseActionError> {
    word.parse::<Card>()
        .ok()
        .filter(|&c| deck::CARDS_32.contains(c))
        .ok_or_else(|| ParseActionError::Card(echo(word)))
}

/// A seat number 0 to 8 (S2) in plain digits, or why not.
pub(crate) fn seat_number(word: &str) -> Option<Seat> {
    if word.is_empty() || word.len() > 3 || !word.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    word.parse::<u8>()
        .ok()
        .filter(|&s| usize::from(s) < MAX_SEATS)
        .map(Seat)
}

impl FromStr for Action {
    type Err = ParseActionError;

    fn from_str(s: &str) -> Result<Action, ParseActionError> {
        let a = Action::parse_words(s)?;
        text::canonical(s, a).map_err(|c| ParseActionError::not_canonical(s, c))
    }
}

impl Action {
    /// Reads the words of an action in any case and spacing; `from_str` then
    /// keeps only the canonical text (and card aliases).
    fn parse_words(s: &str) -> Result<Action, ParseActionError> {
        let lower = s.trim().to_ascii_lowercase();
        let words: Vec<&str> = lower.split_whitespace().collect();
        match words.as_slice() {
            ["deal", c] => Ok(Action::Deal(deck_card(c)?)),
            ["refill", c] => Ok(Action::Refill(deck_card(c)?)),
            ["keep"] => Ok(Action::Keep),
            ["take", "other"] => Ok(Action::TakeOther),
            ["swap", "all"] => Ok(Action::SwapAll),
            ["swap", g, t] => Ok(Action::Swap {
                give: deck_card(g)?,
                take: deck_card(t)?,
            }),
            ["pass"] => Ok(Action::Pass),
            ["knock"] => Ok(Action::Knock),
            _ => Err(ParseActionError::Form(echo(s))),
        }
    }
}

/// A host operation: not a turn, not a listed action (S21, S22).
///
/// Text forms: `leave 2`, `misdeal`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum HostOp {
    /// The player at this seat leaves the game (S21).
    Leave(Seat),
    /// The host declares a misdeal (S22).
    Misdeal,
}

impl fmt::Display for HostOp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HostOp::Leave(s) => write!(f, "leave {}", s.0),
            HostOp::Misdeal => f.write_str("misdeal"),
        }
    }
}

impl FromStr for HostOp {
    type Err = ParseActionError;

    /// `leave N` (N a seat number 0 to 8 in plain digits without a leading zero,
    /// S2) or `misdeal`, exactly as printed.
    fn from_str(s: &str) -> Result<HostOp, ParseActionError> {
        let lower = s.trim().to_ascii_lowercase();
        let words: Vec<&str> = lower.split_whitespace().collect();
        let op = match words.as_slice() {
            ["misdeal"] => Ok(HostOp::Misdeal),
            ["leave", n] => seat_number(n)
                .map(HostOp::Leave)
                .ok_or_else(|| ParseActionError::Seat(echo(n))),
            _ => Err(ParseActionError::HostForm(echo(s))),
        }?;
        text::canonical(s, op).map_err(|c| ParseActionError::not_canonical(s, c))
    }
}

#[cfg(feature = "serde")]
cards_core::serde_via_text!(Action, HostOp);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_forms_round_trip() {
        let c: Card = "7H".parse().unwrap();
        let d: Card = "AS".parse().unwrap();
        for a in [
            Action::Deal(c),
            Action::Refill(d),
            Action::Keep,
            Action::TakeOther,
            Action::Swap { give: c, take: d },
            Action::SwapAll,
            Action::Pass,
            Action::Knock,
        ] {
            assert_eq!(a.to_string().parse::<Action>(), Ok(a));
        }
        for h in [HostOp::Leave(Seat(3)), HostOp::Misdeal] {
            assert_eq!(h.to_string().parse::<HostOp>(), Ok(h));
        }
        for bad in ["", "deal", "deal 2", "swap 7H", "leave x", "knock knock"] {
            assert!(bad.parse::<Action>().is_err(), "{bad}");
        }
        assert!("leave".parse::<HostOp>().is_err());
    }
}
