//! [`Leave`]: the host operation of a player leaving, with its text form.

use std::fmt;
use std::str::FromStr;

use crate::seat::{MAX_SEATS, Seat};
use crate::text::{canonical, echo, unsigned_in};

/// A player leaves the game: the host operation of every game where leaving
/// is the only one. Text form `leave 2`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Leave(pub Seat);

/// Why a text is not a [`Leave`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseLeaveError {
    /// Not of the form `leave N`.
    #[error(
        "{0} is not a host operation: a player leaves with leave and a seat number, like leave 2"
    )]
    NotLeave(String),
    /// A seat number out of the range any table has, or written with a sign.
    #[error("{text}: a seat is written as a number from 0 to {max}, without a sign")]
    Seat {
        /// The input, capped.
        text: String,
        /// The largest seat number of any table.
        max: usize,
    },
    /// Not written the one way it is printed (other case or spacing, a
    /// leading zero): text forms are canonical.
    #[error("{text} is not written in its text form: write {canonical}")]
    NotCanonical {
        /// The input, capped.
        text: String,
        /// How it is written.
        canonical: String,
    },
}

impl fmt::Display for Leave {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "leave {}", self.0.0)
    }
}

impl FromStr for Leave {
    type Err = ParseLeaveError;
    /// `leave 2` exactly as [`Display`](fmt::Display) writes it: the seat is
    /// digits only, 0 to `MAX_SEATS - 1`, without a leading zero.
    fn from_str(s: &str) -> Result<Leave, ParseLeaveError> {
        let t = s.trim();
        let n = t
            .get(..6)
            .filter(|w| w.eq_ignore_ascii_case("leave "))
            .map(|_| t[6..].trim())
            .ok_or_else(|| ParseLeaveError::NotLeave(echo(s).to_string()))?;
        let max = MAX_SEATS - 1;
        let op = unsigned_in(n, 0, max as u64)
            .map(|n| Leave(Seat(n as u8)))
            .ok_or_else(|| ParseLeaveError::Seat {
                text: echo(s).to_string(),
                max,
            })?;
        canonical(s, op).map_err(|canonical| ParseLeaveError::NotCanonical {
            text: echo(s).to_string(),
            canonical,
        })
    }
}

#[cfg(feature = "serde")]
crate::serde_via_text!(Leave);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leave_reads_and_prints_alike_and_refuses_what_no_table_has() {
        for s in 0..MAX_SEATS as u8 {
            assert_eq!(Leave(Seat(s)).to_string().parse(), Ok(Leave(Seat(s))));
        }
        for other in [
            "  LEAVE   09 ",
            "Leave 2",
            "leave 02",
            "leave  2",
            " leave 2",
        ] {
            assert!(
                matches!(
                    other.parse::<Leave>(),
                    Err(ParseLeaveError::NotCanonical { .. })
                ),
                "{other}"
            );
        }
        for bad in ["leave 10", "leave +3", "leave -0", "leave 1 2", "leave 3.0"] {
            assert!(
                matches!(
                    bad.parse::<Leave>(),
                    Err(ParseLeaveError::Seat { max: 9, .. })
                ),
                "{bad}"
            );
        }
        for bad in ["leave", "leave2", "quit 2", "", "lëave 2"] {
            assert!(
                matches!(bad.parse::<Leave>(), Err(ParseLeaveError::NotLeave(_))),
                "{bad}"
            );
        }
    }
}
