//! `cardrules._core`: the Rust side of the `cardrules` Python package.
//!
//! Everything is written once over [`core::PyGame`]; the macro [`py_game!`]
//! stamps a `State` class and a `VecEnv` class for each game.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod core;
mod game;
mod vector;

use pyo3::prelude::*;

game::py_game!(
    SchwimmenState,
    SchwimmenVecEnv,
    schwimmen::Schwimmen,
    "SchwimmenState",
    "SchwimmenVecEnv"
);

/// The extension module: one `State` and one `VecEnv` class per game.
#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<SchwimmenState>()?;
    m.add_class::<SchwimmenVecEnv>()?;
    Ok(())
}
