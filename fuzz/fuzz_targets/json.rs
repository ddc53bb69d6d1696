//! (b) the bytes as a JSON save: loading never panics; an accepted state is valid, saves again and reloads equal, and accepts every legal action.
//! The first byte picks the game by its place in the list (`cards_games::GAMES`).
//! The check is `fuzz_checks::check_target("json", ..)`, replayed on stable by
//! `crates/fuzz-checks/tests/replay.rs`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    fuzz_checks::fuzz_assert(fuzz_checks::check_target("json", data).expect("a known target"));
});
