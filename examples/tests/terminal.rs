//! The terminal examples driven through standard input, as a person plays them.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// The built example binary `name` (cargo builds examples before tests).
fn example(name: &str) -> PathBuf {
    let mut dir = std::env::current_exe().expect("test binary path");
    dir.pop();
    if dir.ends_with("deps") {
        dir.pop();
    }
    let path = dir.join("examples").join(name);
    assert!(
        path.exists(),
        "{} is not built: `cargo test -p examples` builds the examples before this \
         test, `cargo test -p examples --test terminal` alone does not (run \
         `cargo build -p examples --examples` first)",
        path.display()
    );
    path
}

/// Runs `name` with `args`, feeding `input`; returns (exit code, stdout, stderr).
fn run(name: &str, args: &[&str], input: &[u8]) -> (i32, String, String) {
    let mut child = Command::new(example(name))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    child.stdin.take().unwrap().write_all(input).unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn help_goes_to_stdout_says_how_to_play_and_exits_0() {
    for name in ["schwimmen", "trump21", "shithead", "crazy_eights"] {
        let (code, out, err) = run(name, &["--help"], b"");
        assert_eq!(code, 0, "{name}: {err}");
        assert!(
            out.contains("you play seat 0") && out.contains("--seed N"),
            "{name}: {out}"
        );
        assert!(err.is_empty(), "{name}: {err}");
        let (code, _, err) = run(name, &["--bogus"], b"");
        assert_eq!(code, 2, "{name}");
        assert!(
            err.contains("unknown argument \"--bogus\""),
            "{name}: {err}"
        );
    }
}

#[test]
fn moves_are_typed_as_numbers_or_text_and_illegal_ones_get_the_rules_reason() {
    // Nonsense, a number out of range, a non-UTF-8 line, then always the first move.
    let mut input = b"fly away\n99\n\xff\xfe\n".to_vec();
    input.extend(b"1\n".repeat(400));
    for name in ["schwimmen", "trump21", "shithead", "crazy_eights"] {
        let (code, out, err) = run(name, &["--seed", "3", "--players", "2"], &input);
        assert_eq!(code, 0, "{name}: {err}");
        assert!(out.contains("type a number from 1 to"), "{name}: {out}");
        assert!(out.contains("there is no move 99"), "{name}");
        assert!(
            out.matches("your move (1-").count() > 3,
            "{name}: the game went on after the odd bytes"
        );
    }
}

#[test]
fn an_illegal_move_typed_as_text_is_refused_with_the_rule() {
    // Knocking on the dealer's choice is not a move yet in Schwimmen.
    let (_, out, _) = run("schwimmen", &["--seed", "3", "--players", "2"], b"knock\n");
    assert!(out.contains("knock is not allowed: "), "{out}");
}

#[test]
fn auto_play_is_the_same_for_the_same_seed() {
    for name in ["schwimmen", "trump21", "shithead", "crazy_eights"] {
        let a = run(name, &["--auto", "--seed", "5"], b"");
        let b = run(name, &["--auto", "--seed", "5"], b"");
        assert_eq!(a.0, 0, "{name}: {}", a.2);
        assert_eq!(a.1, b.1, "{name}");
        assert!(a.1.len() > 500, "{name}: prints the whole game");
    }
}

#[test]
fn schwimmen_tells_the_game_in_plain_words_with_you_and_every_hand_at_a_round_end() {
    let input = b"1\n".repeat(400);
    let (code, out, err) = run("schwimmen", &["--seed", "3", "--players", "2"], &input);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("you keep your pack; the second pack goes face up:"),
        "{out}"
    );
    assert!(out.contains("seat 1 knocks"), "{out}");
    // A round end shows both hands with their values and who loses, in words.
    assert!(
        out.contains("round over: you show ") && out.contains("seat 1 shows "),
        "{out}"
    );
    assert!(out.contains("(31); you lose a life"), "{out}");
    assert!(
        !out.contains("chance") && !out.contains("seat 0 swaps"),
        "{out}"
    );
}

#[test]
fn trump21_tells_the_game_in_plain_words() {
    let mut input = b"".to_vec();
    input.extend(b"1\n".repeat(400));
    let (code, out, err) = run("trump21", &["--seed", "3", "--players", "2"], &input);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("you are dealt a hidden "), "{out}");
    assert!(
        out.contains("you draw a ") || out.contains("you close"),
        "{out}"
    );
    assert!(out.contains("round 1 ends (target "), "{out}");
    assert!(
        !out.contains("chance:") && !out.contains("seat 0:"),
        "{out}"
    );
}

#[test]
fn shithead_speaks_in_plain_words_with_you_for_the_player() {
    let mut input = b"".to_vec();
    input.extend(b"1\n".repeat(400));
    let (code, out, err) = run("shithead", &["--seed", "3", "--players", "3"], &input);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("you put "), "{out}");
    assert!(out.contains("  you: 3 in hand"), "{out}");
    assert!(
        out.contains("; the pile burns (3 cards) and you go again"),
        "{out}"
    );
    assert!(out.contains("; seat 1 is skipped"), "{out}");
    assert!(!out.contains("chance:"), "no log jargon");
    // A bots-only game names every seat by number and shows what the
    // shithead still held at the end.
    let (_, auto, _) = run("shithead", &["--auto", "--seed", "5"], b"");
    assert!(!auto.contains("you "), "{auto}");
    assert!(
        auto.contains("; play now runs the other way round"),
        "{auto}"
    );
    assert!(
        auto.contains(": it does not fit, so seat 1 takes it with the pile"),
        "{auto}"
    );
    assert!(
        auto.contains("seat 1: place 4, still holding hand [QD QS KS]"),
        "{auto}"
    );
    assert!(auto.contains("the shithead is seat 1"), "{auto}");
}

#[test]
fn crazy_eights_speaks_in_plain_words_with_you_for_the_player() {
    let input = b"1\n".repeat(400);
    let (code, out, err) = run("crazy_eights", &["--seed", "3", "--players", "2"], &input);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("you play 5H"), "{out}");
    assert!(out.contains("you draw 5C"), "{out}");
    assert!(out.contains("place 1: you, 0 points"), "{out}");
    assert!(!out.contains("chance:"), "no log jargon");
    // A bots-only game names every seat by number, nominations included.
    let (_, auto, _) = run("crazy_eights", &["--auto", "--seed", "5"], b"");
    assert!(!auto.contains("you "), "{auto}");
    assert!(auto.contains("seat 2 plays 8D\nseat 2 names D"), "{auto}");
}
