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

game::py_game!(
    Trump21State,
    Trump21VecEnv,
    trump21::Trump21,
    "Trump21State",
    "Trump21VecEnv"
);
game::py_game!(
    ShitheadState,
    ShitheadVecEnv,
    shithead::Shithead,
    "ShitheadState",
    "ShitheadVecEnv"
);

/// The extension module: one `State` and one `VecEnv` class per game.
#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<SchwimmenState>()?;
    m.add_class::<SchwimmenVecEnv>()?;
    m.add_class::<Trump21State>()?;
    m.add_class::<Trump21VecEnv>()?;
    m.add_class::<ShitheadState>()?;
    m.add_class::<ShitheadVecEnv>()?;
    Ok(())
}
