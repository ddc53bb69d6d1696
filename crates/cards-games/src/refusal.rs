//! [`Refusal`]: why an [`AnyTable`](crate::AnyTable) refused a request, in the
//! kinds of docs/protocol.md.

use std::fmt;

/// The kind of a refusal, as docs/protocol.md names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// Another seat is to act, or the game is over.
    NotYourTurn,
    /// The rules refuse it; the message names the rule and its clause.
    Illegal,
    /// Not something the table understands: no such game or seat, text that
    /// is not an action, JSON that does not load.
    BadRequest,
}

impl Kind {
    /// The kind's name in the protocol: `not_your_turn`, `illegal`, `bad_request`.
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::NotYourTurn => "not_your_turn",
            Kind::Illegal => "illegal",
            Kind::BadRequest => "bad_request",
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A refused request: its [`Kind`] and a message that names the rule. The
/// table is unchanged.
///
/// Its JSON form is the protocol's refusal, `{"error": "...", "kind": "illegal"}`.
///
/// ```
/// # use cards_games::{AnyTable, Kind};
/// let mut table = AnyTable::new("schwimmen", "{}", 3, 7).unwrap();
/// let refused = table.play(0, "dance").unwrap_err();
/// assert_eq!(refused.kind, Kind::BadRequest);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Refusal {
    /// What went wrong, naming the rule where a rule refused.
    #[serde(rename = "error")]
    pub message: String,
    /// The kind of refusal.
    pub kind: Kind,
}

impl Refusal {
    /// A refusal of `kind` saying `message`.
    pub fn new(kind: Kind, message: impl fmt::Display) -> Refusal {
        Refusal {
            message: message.to_string(),
            kind,
        }
    }

    /// A [`Kind::BadRequest`] refusal.
    pub fn bad_request(message: impl fmt::Display) -> Refusal {
        Refusal::new(Kind::BadRequest, message)
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.kind, self.message)
    }
}

impl std::error::Error for Refusal {}
