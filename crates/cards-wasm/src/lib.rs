//! Every game of the card-rules list in the browser: [`Table`], a seeded table
//! of any game, driven from JavaScript with text and JSON.
//!
//! This crate is a thin wasm-bindgen face over [`cards_games::AnyTable`]: the
//! rules, the bots, the saves and the refusals are the native crates' own.
//! What it adds is the JavaScript boundary: every argument arrives as an
//! untyped JavaScript value and is checked here ([`args`]), so nothing a page
//! passes can panic the module; every refusal leaves as a JavaScript `Error`
//! with a `kind` (`not_your_turn`, `illegal`, `bad_request`) beside its
//! `message` ([`error`]), a call on a freed table included
//! (`web/build-wasm.sh` adds that check to the glue).
//!
//! Build it for the web with `bash web/build-wasm.sh` (the release build in
//! the `wasm` profile, then `wasm-bindgen --target web`); the folder it writes
//! installs with npm.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod args;
pub mod catalog;
pub mod error;
mod table;

pub use catalog::games;
pub use table::Table;
