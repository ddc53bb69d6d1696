//! shithead: (a) text parsing: the bytes as an action and a host operation; parsing never panics, and what parses comes back the same through Display.
//! The check is `fuzz_checks::check_target("shithead_parse", ..)`, replayed on stable by
//! `fuzz-checks/tests/replay.rs`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    fuzz_checks::fuzz_assert(fuzz_checks::check_target("shithead_parse", data).expect("a known target"));
});
