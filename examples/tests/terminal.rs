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

/// Every game of the list (`cards_games`) as its example: the example's name,
/// the game's smallest table and its default table.
fn examples() -> Vec<(String, String, usize)> {
    macro_rules! examples {
        ($($krate:ident::$game:ident, $name:literal, $title:literal;)*) => {
            vec![$((
                $name.replace('-', "_"),
                cards_games::$krate::MIN_SEATS.to_string(),
                cards_games::$krate::DEFAULT_SEATS,
            )),*]
        };
    }
    cards_games::for_each_game!(examples)
}

#[test]
fn help_goes_to_stdout_says_how_to_play_and_exits_0() {
    for (name, _, default) in examples() {
        let name = name.as_str();
        let (code, out, err) = run(name, &["--help"], b"");
        assert_eq!(code, 0, "{name}: {err}");
        assert!(
            out.contains("you play seat 0") && out.contains("--seed <SEED>"),
            "{name}: {out}"
        );
        assert!(err.is_empty(), "{name}: {err}");
        // The table size is --seats with the game's default, as `cards` has it.
        let seats = out
            .split("--seats <SEATS>")
            .nth(1)
            .unwrap_or_else(|| panic!("{name}: {out}"));
        let default = format!("[default: {default}]");
        assert!(
            seats.split("--auto").next().unwrap().contains(&default),
            "{name}: {out}"
        );
        assert!(out.contains("[default: 7]"), "{name}: the seed's default");
        let (code, _, err) = run(name, &["--bogus"], b"");
        assert_eq!(code, 2, "{name}");
        assert!(
            err.contains("unexpected argument '--bogus'"),
            "{name}: {err}"
        );
        // One name for the table size in every binary: --players is no flag.
        let (code, _, err) = run(name, &["--players", "3"], b"");
        assert_eq!(code, 2, "{name}: {err}");
    }
}

#[test]
fn a_table_the_rules_refuse_is_refused_with_the_reason() {
    for (name, _, _) in examples() {
        let name = name.as_str();
        let (code, out, err) = run(name, &["--seats", "1"], b"");
        assert_eq!(code, 2, "{name}: {out}");
        assert!(
            err.starts_with("cannot start with 1 seats: "),
            "{name}: {err}"
        );
    }
}

#[test]
fn every_example_says_the_same_when_the_input_ends_before_the_game() {
    for (name, min, _) in examples() {
        let name = name.as_str();
        let (code, out, err) = run(name, &["--seed", "3", "--seats", &min], b"");
        assert_eq!(code, 0, "{name}: {err}");
        assert!(
            out.trim_end().ends_with("\nend of input: goodbye"),
            "{name}: {out}"
        );
    }
}

#[test]
fn moves_are_typed_as_numbers_or_text_and_illegal_ones_get_the_rules_reason() {
    // Nonsense, a number out of range, a non-UTF-8 line, then always the first move.
    let mut input = b"fly away\n99\n\xff\xfe\n".to_vec();
    input.extend(b"1\n".repeat(400));
    for (name, min, _) in examples() {
        let name = name.as_str();
        let (code, out, err) = run(name, &["--seed", "3", "--seats", &min], &input);
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
    let (_, out, _) = run("schwimmen", &["--seed", "3", "--seats", "2"], b"knock\n");
    assert!(out.contains("knock is not allowed: "), "{out}");
}

#[test]
fn auto_play_is_the_same_for_the_same_seed() {
    for (name, _, _) in examples() {
        let name = name.as_str();
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
    let (code, out, err) = run("schwimmen", &["--seed", "3", "--seats", "2"], &input);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("you keep your pack; the second pack goes face up:"),
        "{out}"
    );
    assert!(out.contains("seat 1 knocks"), "{out}");
    // A round end shows both hands with their values, the middle and who
    // loses, in words.
    assert!(
        out.contains("round over: you show ") && out.contains("seat 1 shows "),
        "{out}"
    );
    let after_31 = out
        .split("(31); the middle was ")
        .nth(1)
        .unwrap_or_default();
    assert!(
        after_31
            .lines()
            .next()
            .is_some_and(|l| l.ends_with("; you lose a life")),
        "{out}"
    );
    assert!(
        !out.contains("chance") && !out.contains("seat 0 swaps"),
        "{out}"
    );
}

#[test]
fn trump21_tells_the_game_in_plain_words() {
    let mut input = b"".to_vec();
    input.extend(b"1\n".repeat(400));
    let (code, out, err) = run("trump21", &["--seed", "3", "--seats", "2"], &input);
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
    let (code, out, err) = run("shithead", &["--seed", "3", "--seats", "3"], &input);
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
fn shithead_takes_the_face_up_picks_as_the_menu_shows_them_and_shows_them_at_once() {
    // The menu's own words (any case), not the short form `up 8S`.
    let (code, out, err) = run(
        "shithead",
        &["--seed", "3", "--seats", "3"],
        b"put 8s face up\nPUT QD FACE UP\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("   1) put 8S face up (three of your six lie face up"),
        "{out}"
    );
    assert!(!out.contains("is not a shithead move"), "{out}");
    assert!(out.contains("you pick 8S face up") && out.contains("you pick QD face up"));
    // The table shows the picks so far, and what is left to pick from.
    assert!(
        out.contains(
            "  you: face up [8S] picked, 2 more to pick from [9C 9H TD QD AC], 3 face down"
        ),
        "{out}"
    );
    assert!(
        out.contains(
            "  you: face up [8S QD] picked, 1 more to pick from [9C 9H TD AC], 3 face down"
        ),
        "{out}"
    );
    assert!(out.contains("  to pick from: 9C 9H TD AC"), "{out}");
}

#[test]
fn trump21_explains_the_exchange_and_shows_it_while_it_is_chosen() {
    let (_, help, _) = run("trump21", &["--help"], b"");
    assert!(
        help.contains("`play exchange @1` starts an exchange with seat 1")
            && help.contains("`done` makes the swap"),
        "{help}"
    );
    assert!(
        help.contains("Your\nturn starts with the gamble, rolled for you"),
        "the gamble is a chance step of the rules (T7), not a choice: {help}"
    );
    assert!(!help.contains("you may gamble"), "{help}");
    // Seed 2: an exchange comes into the human's hand in round 5.
    let input = "play exchange @1\ntake hidden\ndone\n1\n".repeat(300);
    let (code, out, err) = run(
        "trump21",
        &["--seed", "2", "--seats", "2"],
        input.as_bytes(),
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains(
            ") play exchange @1 (swap trumps with seat 1: you then choose up to two to take \
             and two to give, and done)"
        ),
        "{out}"
    );
    assert!(
        out.contains("  exchange with seat 1 under way: taking nothing yet; giving nothing yet"),
        "{out}"
    );
    assert!(
        out.contains("  exchange with seat 1 under way: taking hidden; giving nothing yet"),
        "a pending take is shown: {out}"
    );
    assert!(
        out.contains(") take hidden (take one of seat 1's hidden trumps, unseen)"),
        "{out}"
    );
}

#[test]
fn outcomes_read_as_places_by_seat() {
    let (code, out, err) = run("trump21", &["--auto", "--seed", "5"], b"");
    assert_eq!(code, 0, "{err}");
    let last = out.lines().last().unwrap();
    assert!(last.starts_with("game over after "), "{last}");
    let places = last.split(" rounds: ").nth(1).unwrap();
    let seats: Vec<&str> = places.split(", ").collect();
    assert_eq!(seats.len(), 3, "{last}");
    for (i, s) in seats.iter().enumerate() {
        let (who, place) = s.split_once(": ").unwrap();
        assert_eq!(who, format!("seat {i}"), "{last}");
        assert!(["1st", "2nd", "3rd"].contains(&place), "{last}");
    }
    assert!(places.contains("1st"), "{last}");
}

#[test]
fn crazy_eights_speaks_in_plain_words_with_you_for_the_player() {
    let input = b"1\n".repeat(400);
    let (code, out, err) = run("crazy_eights", &["--seed", "3", "--seats", "2"], &input);
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

#[test]
fn hearts_speaks_in_plain_words_with_you_for_the_player() {
    let input = b"1\n".repeat(400);
    let (code, out, err) = run("hearts", &["--seed", "3"], &input);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("Hearts, 4 players, seed 3; you are seat 0"),
        "{out}"
    );
    assert!(out.contains("you are dealt "), "{out}");
    assert!(out.contains("you play "), "{out}");
    let last = out.lines().last().unwrap();
    assert!(last.starts_with("game over: you ("), "{last}");
    assert!(
        out.contains("game over, returns: you "),
        "the last event gives every seat's return: {out}"
    );
    assert!(
        last.contains(" points): "),
        "places follow each seat: {last}"
    );
    assert!(
        !out.contains("seat 1 is dealt"),
        "another seat's hand is never shown"
    );
    // A bots-only game shows every hand and names every seat by number.
    let (_, auto, _) = run("hearts", &["--auto", "--seed", "5"], b"");
    assert!(!auto.contains("you "), "{auto}");
    assert!(auto.contains("seat 3 is dealt "), "{auto}");
}
