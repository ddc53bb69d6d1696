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

/// The extension module: one `State` and one `VecEnv` class per game with
/// `Encode`, and `GAMES` listing them.
#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("MAX_GAMES", vector::MAX_GAMES)?;
    m.add("MAX_THREADS", cards_games::MAX_THREADS)?;
    add_games(m)
}
