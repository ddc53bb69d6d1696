//! `cardrules._core`: the Rust side of the `cardrules` Python package.
//!
//! Everything is written once over [`core::PyGame`]; the macro [`py_game!`]
//! stamps a `State` class and a `VecEnv` class for each game.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod args;
mod core;
mod game;
mod outputs;
mod vector;

use pyo3::prelude::*;

/// One `State` and one `VecEnv` class for every game of the list
/// (`cards_games`) that implements `Encode`, and the module function that
/// adds them.
macro_rules! encoded_games {
    ($($krate:ident::$game:ident, $name:literal, $title:literal, $state:ident, $vec:ident;)*) => {
        $(game::py_game!($state, $vec, cards_games::$krate::$game, $name);)*

        /// Adds every game's classes to `m`, and `GAMES`: a list of
        /// `(name, title, State class, VecEnv class, seat limits)`, in the
        /// list's order. The seat limits are `(fewest, default, most)`, as
        /// [`seat_limits`] reads them from the list.
        fn add_games(m: &Bound<'_, PyModule>) -> PyResult<()> {
            let games = pyo3::types::PyList::empty(m.py());
            $(
                m.add_class::<$state>()?;
                m.add_class::<$vec>()?;
                let [fewest, usual, most] = seat_limits($name)?;
                games.append((
                    $name,
                    $title,
                    m.getattr(stringify!($state))?,
                    m.getattr(stringify!($vec))?,
                    (fewest, usual, most),
                ))?;
            )*
            m.add("GAMES", games)
        }
    };
}
cards_games::for_each_game!(encoded_games, encode);

/// A game's fewest, default and most seats, from the workspace's one list
/// (`cards_games::AnyTable::seat_limits`, which reads the game crate's
/// `MIN_SEATS`, `DEFAULT_SEATS` and `MAX_SEATS`), as the `cards` command and
/// the server read them.
///
/// # Errors
/// `RuntimeError` if the list does not know the name: the encoded games
/// are a part of that list, so this names a broken build rather than
/// a caller's mistake.
fn seat_limits(game: &str) -> PyResult<[usize; 3]> {
    cards_games::AnyTable::seat_limits(game).ok_or_else(|| {
        pyo3::exceptions::PyRuntimeError::new_err(format!(
            "{game} has Python classes but no seat limits in the list of games"
        ))
    })
}

/// `check_seats(game, seats)`: None when `game` is played by `seats`
/// players, else ValueError in the game's own words, naming its clause
/// ("hearts is played by exactly 4 players, not 3 (R1)":
/// `cards_games::AnyTable::check_seats`, the check the server makes); a
/// negative count, or one past 64 bits, in the words the `State` and
/// `VecEnv` classes use for it. A house rule may still refuse a count the
/// game takes when the table is made.
#[pyfunction]
fn check_seats(game: &str, seats: args::Whole) -> PyResult<()> {
    let seats = seats.or_refuse(|n| args::not_a_seat_count(game, n))?;
    cards_games::AnyTable::check_seats(game, seats)
        .map_err(|refused| pyo3::exceptions::PyValueError::new_err(refused.message))
}

/// The extension module: one `State` and one `VecEnv` class per game with
/// `Encode`, `GAMES` listing them, and `check_seats`.
#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(check_seats, m)?)?;
    m.add("MAX_GAMES", vector::MAX_GAMES)?;
    m.add("MAX_THREADS", cards_games::MAX_THREADS)?;
    add_games(m)
}
