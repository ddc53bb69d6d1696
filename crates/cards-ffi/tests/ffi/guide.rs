//! docs/engines.md's first C sample is a part of a real program,
//! `programs/guide_sample.c`, and its Unity sample (a hard bot off the main
//! thread) is `programs/guide_unity.cs`; `.ci/ffi-check` compiles and runs
//! both. The guide's code must be in those files word for word, so that the
//! two cannot drift apart.

use std::path::Path;

/// docs/engines.md and the first block of code in `lang` there that holds
/// `marker` (up to its closing fence, with its last newline).
fn guide_sample(lang: &str, marker: &str) -> (String, String) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let guide = std::fs::read_to_string(dir.join("../../docs/engines.md")).expect("engines.md");
    let sample = guide
        .split(&format!("\n```{lang}\n"))
        .skip(1)
        .map(|block| &block[..block.find("\n```\n").expect("the sample ends") + 1])
        .find(|block| block.contains(marker))
        .unwrap_or_else(|| panic!("engines.md has a {lang} sample with {marker}"))
        .to_string();
    (guide, sample)
}

/// The sample stands word for word in `programs/<file>`, and the guide
/// names that whole program.
fn assert_in_program(guide: &str, sample: &str, file: &str) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let program = std::fs::read_to_string(dir.join("programs").join(file)).expect(file);
    assert!(
        program.contains(sample),
        "a sample of docs/engines.md is not in crates/cards-ffi/programs/{file} \
         word for word: change both together\n--- the guide's sample:\n{sample}"
    );
    assert!(
        guide.contains(&format!("`crates/cards-ffi/programs/{file}`")),
        "the guide names the whole program"
    );
}

#[test]
fn the_guide_s_first_c_sample_is_in_the_program_ffi_check_runs() {
    let (guide, sample) = guide_sample("c", "cards_table_new");
    let first = guide.find("```c\n").expect("engines.md has a C sample");
    assert_eq!(
        guide.find(&sample),
        Some(first + "```c\n".len()),
        "it is the first C sample"
    );
    for call in ["cards_table_new", "cards_play_text", "cards_outcome"] {
        assert!(
            sample.contains(call),
            "the sample plays a whole game: {call}"
        );
    }
    assert_in_program(&guide, &sample, "guide_sample.c");
}

#[test]
fn the_guide_s_unity_sample_is_in_the_program_ffi_check_runs() {
    // The C# sample that plays a hard bot with Task.Run.
    let (guide, sample) = guide_sample("csharp", "Task.Run");
    for code in [
        "Task.Run(() => table.PlayBot(",
        "Difficulty.Hard",
        "MonoBehaviour",
    ] {
        assert!(sample.contains(code), "the Unity sample has {code}");
    }
    assert_in_program(&guide, &sample, "guide_unity.cs");
}
