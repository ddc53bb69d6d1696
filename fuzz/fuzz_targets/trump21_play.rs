//! trump21: (c) a walk: bytes pick the rules, then legal actions, host operations (0xFF) and reloads (0xFE); legal exactly when accepted, reloads equal.
//! The check is `fuzz_checks::check_target("trump21_play", ..)`, replayed on stable by
//! `fuzz-checks/tests/replay.rs`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    fuzz_checks::fuzz_assert(fuzz_checks::check_target("trump21_play", data).expect("a known target"));
});
