//! The fuzz targets' checks, bounded and deterministic, on stable: every file
//! of the committed corpus (`fuzz/corpus/<target>/`), then pseudo-random inputs
//! from fixed seeds ([`fuzz_checks::inputs`]). A known defect is counted and
//! printed; any other failure fails the test. `FUZZ_REPLAY_INPUTS=N` runs N
//! pseudo-random inputs per target instead of 300. The `json` targets need the
//! `serde` feature (`cargo test --workspace --all-features`).
#![forbid(unsafe_code)]

use std::path::Path;

use fuzz_checks::inputs::generate;
use fuzz_checks::{TARGETS, check_target};

/// Pseudo-random inputs per target; the environment variable
/// `FUZZ_REPLAY_INPUTS` asks for more (a longer local run).
fn input_count() -> usize {
    std::env::var("FUZZ_REPLAY_INPUTS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(300)
}

fn replay(target: &str) {
    let mut known = 0;
    let mut run = 0;
    let mut check = |what: &str, data: &[u8]| {
        let Some(result) = check_target(target, data) else {
            return;
        };
        run += 1;
        match result {
            Ok(()) => {}
            Err(f) if f.known.is_some() => known += 1,
            Err(f) => panic!("{target} on {what} ({data:?}): {f}"),
        }
    };
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../fuzz/corpus")
        .join(target);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .map(|d| d.filter_map(|e| Some(e.ok()?.path())).collect())
        .unwrap_or_default();
    files.sort();
    for f in &files {
        let data = std::fs::read(f).expect("corpus file reads");
        check(&f.display().to_string(), &data);
    }
    for (i, data) in generate(target, 0x5eed, input_count()).iter().enumerate() {
        check(&format!("generated input {i}"), data);
    }
    println!(
        "{target}: {} corpus files, {run} inputs checked, {known} known failures",
        files.len()
    );
}

macro_rules! replay_tests {
    ($($name:ident),*) => {
        $(
            #[test]
            fn $name() {
                let target = stringify!($name);
                assert!(TARGETS.contains(&target));
                replay(target);
            }
        )*
    };
}

replay_tests!(
    schwimmen_parse,
    schwimmen_json,
    schwimmen_play,
    trump21_parse,
    trump21_json,
    trump21_play,
    shithead_parse,
    shithead_json,
    shithead_play
);

#[test]
fn every_target_has_a_replay_test_and_a_checker() {
    assert_eq!(TARGETS.len(), 9);
    for t in TARGETS {
        let checked = check_target(t, b"").is_some();
        assert_eq!(
            checked,
            cfg!(feature = "serde") || !t.ends_with("_json"),
            "{t}"
        );
    }
    assert!(check_target("chess_play", b"").is_none());
}
