//! (c) the bytes as a walk: bytes pick the rules, then legal actions, host operations (0xFF) and reloads (0xFE); legal exactly when accepted, reloads equal.
//! The first byte picks the game by its place in the list (`cards_games::GAMES`).
//! The check is `fuzz_checks::check_target("play", ..)`, replayed on stable by
//! `crates/fuzz-checks/tests/replay.rs`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    fuzz_checks::fuzz_assert(fuzz_checks::check_target("play", data).expect("a known target"));
});
