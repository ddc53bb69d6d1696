//! docs/engines.md's first C sample is a part of a real program,
//! `programs/guide_sample.c`, and its Unity sample (a hard bot off the main
//! thread) is `programs/guide_unity.cs`; `.ci/ffi-check` compiles and runs
//! both. The guide's code must be in those files word for word, so that the
//! two cannot drift apart.

use std::path::Path;

#[test]
fn the_guide_s_first_c_sample_is_in_the_program_ffi_check_runs() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let guide = std::fs::read_to_string(dir.join("../../docs/engines.md")).expect("engines.md");
    let program =
        std::fs::read_to_string(dir.join("programs/guide_sample.c")).expect("guide_sample.c");
    let start = guide.find("```c\n").expect("engines.md has a C sample") + "```c\n".len();
    let sample = &guide[start..];
    let sample = &sample[..sample.find("```\n").expect("the sample ends")];
    for call in ["cards_table_new", "cards_play_text", "cards_outcome"] {
        assert!(
            sample.contains(call),
            "the sample plays a whole game: {call}"
        );
    }
    assert!(
        program.contains(sample),
        "docs/engines.md's first C sample is not in crates/cards-ffi/programs/guide_sample.c \
         word for word: change both together\n--- the guide's sample:\n{sample}"
    );
    assert!(
        guide.contains("`crates/cards-ffi/programs/guide_sample.c`"),
        "the guide names the whole program"
    );
}

#[test]
fn the_guide_s_unity_sample_is_in_the_program_ffi_check_runs() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let guide = std::fs::read_to_string(dir.join("../../docs/engines.md")).expect("engines.md");
    let program =
        std::fs::read_to_string(dir.join("programs/guide_unity.cs")).expect("guide_unity.cs");
    // The C# sample that plays a hard bot with Task.Run.
    let sample = guide
        .split("\n```csharp\n")
        .skip(1)
        .map(|block| &block[..block.find("\n```\n").expect("the sample ends") + 1])
        .find(|block| block.contains("Task.Run"))
        .expect("engines.md has a C# sample that plays a hard bot with Task.Run");
    for code in [
        "Task.Run(() => table.PlayBot(",
        "Difficulty.Hard",
        "MonoBehaviour",
    ] {
        assert!(sample.contains(code), "the Unity sample has {code}");
    }
    assert!(
        program.contains(sample),
        "docs/engines.md's Unity sample is not in crates/cards-ffi/programs/guide_unity.cs \
         word for word: change both together\n--- the guide's sample:\n{sample}"
    );
    assert!(
        guide.contains("`crates/cards-ffi/programs/guide_unity.cs`"),
        "the guide names the whole program"
    );
}
