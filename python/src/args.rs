//! [`Whole`]: a whole number from Python where the Rust side takes a
//! `usize` (an action id, a seat, a seat count, a game's index, a count of
//! games or threads) or a `u64` (a seed, [`seed`]).

use pyo3::exceptions::{PyOverflowError, PyValueError};
use pyo3::prelude::*;

/// A whole number given from Python for a `usize` (or, as `Whole<u64>`, a
/// `u64`) parameter: the number, or, for a negative number or one past the
/// type's largest, the number as given.
///
/// pyo3 refuses those two with `OverflowError` ("can't convert negative int
/// to unsigned"); taken as a `Whole`, each method refuses them in the words
/// it already uses for a number out of its range ("-1 is not an id of the
/// player action space", "seat -1 is not at this 4-seat table"), with the
/// same exception. Anything but an integer (a float, a string) is still a
/// `TypeError`, as for a `usize`; numpy integers and any object with
/// `__index__` are read as Python reads an index.
pub enum Whole<T = usize> {
    /// A number the type holds.
    Fits(T),
    /// A negative number, or one too large for the type, as Python writes it.
    Outside(String),
}

impl<'a, 'py, T> FromPyObject<'a, 'py> for Whole<T>
where
    T: FromPyObject<'a, 'py, Error = PyErr>,
{
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        match obj.extract::<T>() {
            Ok(n) => Ok(Whole::Fits(n)),
            Err(e) if e.is_instance_of::<PyOverflowError>(obj.py()) => {
                let index = obj.py().import("operator")?.getattr("index")?;
                Ok(Whole::Outside(index.call1((obj,))?.str()?.to_string()))
            }
            Err(e) => Err(e),
        }
    }
}

impl<T: std::fmt::Display> std::fmt::Display for Whole<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Whole::Fits(n) => n.fmt(f),
            Whole::Outside(text) => f.write_str(text),
        }
    }
}

impl<T: std::fmt::Display> Whole<T> {
    /// The number, or a `ValueError` with `refusal`'s words for the number
    /// outside the type (the words the caller uses for any number out of range).
    pub fn or_refuse(self, refusal: impl FnOnce(&Whole<T>) -> String) -> PyResult<T> {
        match self {
            Whole::Fits(n) => Ok(n),
            outside => Err(PyValueError::new_err(refusal(&outside))),
        }
    }
}

impl Whole {
    /// A seat (`None`: a spectator) as [`Whole::or_refuse`] reads it.
    pub fn seat(
        seat: Option<Whole>,
        refusal: impl FnOnce(&Whole) -> String,
    ) -> PyResult<Option<usize>> {
        seat.map(|s| s.or_refuse(refusal)).transpose()
    }
}

/// The refusal of a seat count that is negative or too large, with the
/// game's fewest and most seats from the list of games.
pub fn not_a_seat_count(game: &str, seats: &Whole) -> String {
    match cards_games::AnyTable::seat_limits(game) {
        Some([fewest, _, most]) if fewest == most => format!(
            "seats {seats} is not a seat count: {game} is played by exactly {fewest} players"
        ),
        Some([fewest, _, most]) => format!(
            "seats {seats} is not a seat count: {game} is played by {fewest} to {most} players"
        ),
        None => format!("seats {seats} is not a seat count"),
    }
}

/// A seed from Python: 0 to 2**64 - 1. A negative seed, or one past 64
/// bits, is a `ValueError` in the words of any number out of range, where
/// pyo3 would raise `OverflowError`.
pub fn seed(seed: Whole<u64>) -> PyResult<u64> {
    seed.or_refuse(|s| format!("seed {s} is not a seed: seeds are 0 to 2**64 - 1"))
}
