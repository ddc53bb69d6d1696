//! [`Who`]: a seat as one viewer names it in an event's words.

use std::fmt;

use crate::game::Viewer;
use crate::seat::Seat;

/// A seat as the viewer of an event names it: "you" for the viewer's own
/// seat, "seat 2" for any other. Every game's event text is written with it,
/// so all games speak to their players alike.
///
/// ```
/// use cards_core::{Seat, Viewer, Who};
/// let me = Who::of(Seat(2), Viewer::Seat(Seat(2)));
/// let other = Who::of(Seat(2), Viewer::Spectator);
/// assert_eq!(format!("{me} {}", me.verb("knock", "knocks")), "you knock");
/// assert_eq!(format!("{other} {}", other.verb("knock", "knocks")), "seat 2 knocks");
/// assert_eq!((me.possessive(), other.possessive()), ("your".to_string(), "seat 2's".to_string()));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Who {
    /// The viewer's own seat.
    You(Seat),
    /// Another seat.
    Seat(Seat),
}

impl Who {
    /// `seat` as `viewer` names it.
    pub fn of(seat: Seat, viewer: Viewer) -> Who {
        if viewer == Viewer::Seat(seat) {
            Who::You(seat)
        } else {
            Who::Seat(seat)
        }
    }

    /// The seat, whoever looks.
    pub fn seat(self) -> Seat {
        match self {
            Who::You(s) | Who::Seat(s) => s,
        }
    }

    /// Whether this is the viewer's own seat.
    pub fn is_you(self) -> bool {
        matches!(self, Who::You(_))
    }

    /// The verb form for this subject: `you` for the viewer, `other` otherwise.
    pub fn verb<'a>(self, you: &'a str, other: &'a str) -> &'a str {
        if self.is_you() { you } else { other }
    }

    /// "your" or "seat 2's".
    pub fn possessive(self) -> String {
        match self {
            Who::You(_) => "your".to_string(),
            Who::Seat(s) => format!("{s}'s"),
        }
    }
}

impl fmt::Display for Who {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Who::You(_) => f.write_str("you"),
            Who::Seat(s) => write!(f, "{s}"),
        }
    }
}
