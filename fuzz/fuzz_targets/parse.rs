//! (a) the bytes as text: parsing an action or a host operation never panics, and what parses comes back the same through its text.
//! The first byte picks the game by its place in the list (`cards_games::GAMES`).
//! The check is `fuzz_checks::check_target("parse", ..)`, replayed on stable by
//! `crates/fuzz-checks/tests/replay.rs`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    fuzz_checks::fuzz_assert(fuzz_checks::check_target("parse", data).expect("a known target"));
});
