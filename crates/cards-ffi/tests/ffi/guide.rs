//! docs/engines.md's first C sample is a part of a real program,
//! `programs/guide_sample.c`, its first Unity sample (medium bots up to the
//! player's turn) is `programs/guide_unity_start.cs` and its second (a hard
//! bot off the main thread) is `programs/guide_unity.cs`; `.ci/ffi-check`
//! compiles and runs all three. The guide's code must be in those files word
//! for word, so that the two cannot drift apart, and no other C, C++ or C#
//! sample may join the guide without a program, but for the Unreal build
//! lines, which need Unreal's build tool.

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
fn the_guide_s_first_unity_sample_is_in_the_program_ffi_check_runs() {
    let (guide, sample) = guide_sample("csharp", "new Table(\"hearts\"");
    let first = guide
        .find("```csharp\n")
        .expect("engines.md has a C# sample");
    assert_eq!(
        guide.find(&sample),
        Some(first + "```csharp\n".len()),
        "it is the first C# sample"
    );
    for code in [
        ": MonoBehaviour",
        "void Start()",
        "table.PlayBot(seat, Difficulty.Medium)",
        "Debug.Log(table.View(0))",
        "table.Dispose()",
    ] {
        assert!(sample.contains(code), "the first Unity sample has {code}");
    }
    assert_in_program(&guide, &sample, "guide_unity_start.cs");
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

/// The C, C++ and C# samples of the guide that no program holds: a line
/// each sample holds, and why.
const UNCHECKED: &[(&str, &str)] = &[(
    "PublicAdditionalLibraries.Add(",
    "the Unreal module's build lines: they need Unreal's build tool",
)];

#[test]
fn every_c_cpp_and_csharp_sample_of_the_guide_is_in_a_program_ffi_check_runs() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let guide = std::fs::read_to_string(dir.join("../../docs/engines.md")).expect("engines.md");
    let ffi_check = std::fs::read_to_string(dir.join("../../.ci/ffi-check")).expect("ffi-check");
    let mut programs = Vec::new();
    for entry in std::fs::read_dir(dir.join("programs")).expect("programs/") {
        let path = entry.expect("a file").path();
        let name = path.file_name().unwrap().to_str().unwrap().to_owned();
        programs.push((name, std::fs::read_to_string(&path).expect("a program")));
    }
    // Every fenced block, by the language its fence names.
    let mut samples = Vec::new();
    let mut rest = guide.as_str();
    while let Some(start) = rest.find("```") {
        let after = &rest[start + 3..];
        let lang_end = after.find('\n').expect("a fence ends its line");
        let lang = &after[..lang_end];
        let body = &after[lang_end + 1..];
        let end = body.find("\n```\n").expect("the block ends");
        samples.push((lang.to_owned(), body[..end + 1].to_owned()));
        rest = &body[end + 5..];
    }
    let languages: Vec<&str> = samples.iter().map(|(lang, _)| lang.as_str()).collect();
    assert!(
        languages.iter().all(|lang| !lang.is_empty()),
        "every block of engines.md names its language: {languages:?}"
    );
    let mut checked = 0;
    let mut unchecked = Vec::new();
    for (lang, sample) in &samples {
        if !["c", "cpp", "c++", "csharp", "cs"].contains(&lang.as_str()) {
            continue;
        }
        if let Some((marker, _)) = UNCHECKED.iter().find(|(m, _)| sample.contains(m)) {
            unchecked.push(*marker);
            continue;
        }
        let Some((file, _)) = programs
            .iter()
            .find(|(_, code)| code.contains(sample.as_str()))
        else {
            panic!(
                "a {lang} sample of docs/engines.md is in no program of crates/cards-ffi/programs \
                 word for word: put it in one that .ci/ffi-check compiles and runs (or, if no \
                 program can hold it, list it in UNCHECKED with the reason)\n{sample}"
            )
        };
        assert!(
            ffi_check.contains(&format!("$src/{file}")),
            ".ci/ffi-check compiles {file}, which holds a {lang} sample of the guide"
        );
        checked += 1;
    }
    assert_eq!(checked, 3, "the C sample and the two Unity samples");
    for (marker, why) in UNCHECKED {
        assert!(
            unchecked.contains(marker),
            "UNCHECKED lists a sample with {marker} ({why}), which the guide does not have"
        );
    }
}
