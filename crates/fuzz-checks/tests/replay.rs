//! The fuzz targets' checks, bounded and deterministic, on stable: every file
//! of the committed corpus (`fuzz/corpus/<target>/`), then pseudo-random inputs
//! from fixed seeds ([`fuzz_checks::inputs`]) for every game of the list. A
//! known defect is counted and printed; any other failure fails the test.
//! `FUZZ_REPLAY_INPUTS=N` runs N pseudo-random inputs per target and game
//! instead of 300. The `json` targets need the
//! `serde` feature (`cargo test --workspace --all-features`).
#![forbid(unsafe_code)]

use std::path::Path;

use fuzz_checks::inputs::generate;
use fuzz_checks::{TARGETS, check_target, game_of};

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
    let mut run = vec![0; cards_games::GAMES.len()];
    let mut check = |what: &str, data: &[u8]| {
        let Some(result) = check_target(target, data) else {
            return;
        };
        if let Some((game, _)) = game_of(data) {
            run[game.index] += 1;
        }
        match result {
            Ok(()) => {}
            Err(f) if f.known.is_some() => known += 1,
            Err(f) => panic!("{target} on {what} ({data:?}): {f}"),
        }
    };
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz/corpus")
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
        "{target}: {} corpus files, inputs checked by game {:?}, {known} known failures",
        files.len(),
        cards_games::NAMES.iter().zip(&run).collect::<Vec<_>>()
    );
    if check_target(target, b"").is_some() {
        for (game, n) in cards_games::NAMES.iter().zip(&run) {
            assert!(*n >= input_count(), "{target}: {game} checked {n} times");
        }
    }
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

replay_tests!(parse, json, play);

#[test]
fn every_target_has_a_replay_test_and_a_checker() {
    assert_eq!(TARGETS.len(), 3);
    for t in TARGETS {
        let checked = check_target(t, b"").is_some();
        assert_eq!(checked, cfg!(feature = "serde") || t != "json", "{t}");
    }
    assert!(check_target("chess", b"").is_none());
}

/// The fuzz package builds one target a check: its manifest and its target
/// files name exactly [`TARGETS`], and no game (a game joins through the list).
#[test]
fn the_fuzz_package_has_one_target_a_check_for_every_game() {
    let fuzz = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz");
    let manifest = std::fs::read_to_string(fuzz.join("Cargo.toml")).expect("fuzz/Cargo.toml");
    let bins: Vec<&str> = manifest
        .split("[[bin]]")
        .skip(1)
        .map(|b| {
            let name = b.split("name = \"").nth(1).expect("a bin has a name");
            &name[..name.find('"').expect("a closing quote")]
        })
        .collect();
    assert_eq!(bins, TARGETS, "the [[bin]] entries of fuzz/Cargo.toml");
    let mut files: Vec<String> = std::fs::read_dir(fuzz.join("fuzz_targets"))
        .expect("fuzz/fuzz_targets")
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    let mut want: Vec<String> = TARGETS.iter().map(|t| format!("{t}.rs")).collect();
    want.sort();
    assert_eq!(files, want);
    for t in TARGETS {
        let code =
            std::fs::read_to_string(fuzz.join("fuzz_targets").join(format!("{t}.rs"))).unwrap();
        assert!(
            code.contains(&format!("check_target(\"{t}\", data)")),
            "{t}.rs"
        );
        for game in cards_games::NAMES {
            assert!(!code.contains(game), "{t}.rs names {game}");
        }
        let corpus = fuzz.join("corpus").join(t);
        assert!(corpus.is_dir(), "{}", corpus.display());
    }
}
