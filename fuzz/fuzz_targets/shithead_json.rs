//! shithead: (b) a JSON save: loading never panics; an accepted state is valid, saves again and reloads equal, and accepts every legal action.
//! The check is `fuzz_checks::check_target("shithead_json", ..)`, replayed on stable by
//! `fuzz-checks/tests/replay.rs`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    fuzz_checks::fuzz_assert(fuzz_checks::check_target("shithead_json", data).expect("a known target"));
});
