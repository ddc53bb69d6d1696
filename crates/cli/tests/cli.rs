//! The `cards` command run as a user runs it.

use std::process::Command;

fn cards(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_cards"))
        .args(args)
        .arg("--quiet")
        .output()
        .expect("the binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).expect("utf-8"),
        String::from_utf8(out.stderr).expect("utf-8"),
    )
}

fn json(args: &[&str]) -> serde_json::Value {
    let (code, out, err) = cards(&[args, &["--json"]].concat());
    assert_eq!(code, 0, "{err}");
    serde_json::from_str(&out).expect("the output is JSON")
}

/// The totals of a report (wins and places), without its timing.
fn totals(v: &serde_json::Value) -> Vec<(u64, f64)> {
    v["bots"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| {
            (
                b["wins"].as_u64().unwrap(),
                b["average_place"].as_f64().unwrap(),
            )
        })
        .collect()
}

#[test]
fn the_same_seed_gives_the_same_totals_whatever_the_thread_count() {
    for &game in cards_games::NAMES.iter() {
        // Each game at its default table size (Hearts takes only four).
        let args = ["--game", game, "--games", "300", "--seed", "9"];
        let one = json(&[&args[..], &["--threads", "1"]].concat());
        let two = json(&[&args[..], &["--threads", "2"]].concat());
        let three = json(&[&args[..], &["--threads", "3"]].concat());
        assert_eq!(totals(&one), totals(&two), "{game}");
        assert_eq!(totals(&one), totals(&three), "{game}");
        assert_eq!(one["finished"], 300, "{game}");
        let other_seed = json(&["--game", game, "--games", "300", "--seed", "10"]);
        assert_ne!(
            totals(&one),
            totals(&other_seed),
            "{game}: another seed, other games"
        );
    }
}

#[test]
fn the_heuristic_bot_beats_random_bots_with_its_interval_above_the_fair_share() {
    for &game in cards_games::NAMES.iter() {
        // At the game's own table size (the CLI's default).
        let r = json(&["--game", game, "--games", "400"]);
        let seats = r["seats"].as_u64().unwrap();
        let bots = r["bots"].as_array().unwrap();
        assert_eq!(bots.len() as u64, seats, "{game}: one bot a seat");
        assert_eq!(bots[0]["bot"], "medium", "{game}: medium, then random bots");
        let low = bots[0]["win_rate_low"].as_f64().unwrap();
        let fair = 1.0 / seats as f64;
        assert!(low > fair, "{game}: medium's interval starts at {low}");
        let wins: u64 = r["bots"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| b["wins"].as_u64().unwrap())
            .sum();
        assert!(wins >= 400, "{game}: every game has a winner ({wins})");
    }
}

#[test]
fn house_rules_are_set_by_name_and_bad_ones_are_refused_with_the_names() {
    let r = json(&[
        "--game",
        "schwimmen",
        "--seats",
        "2",
        "--games",
        "50",
        "--rule",
        "lives=1",
    ]);
    assert_eq!(r["finished"], 50);
    let (code, _, err) = cards(&["--game", "schwimmen", "--rule", "lifes=1"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("unknown rule \"lifes\"") && err.contains("lives"),
        "{err}"
    );
    let (code, _, err) = cards(&["--game", "schwimmen", "--rule", "lives=-4"]);
    assert_eq!(code, 2);
    assert!(err.contains("the rules refuse"), "{err}");
}

#[test]
fn bad_bot_lists_are_refused_with_a_reason() {
    let (code, _, err) = cards(&["--game", "trump21", "--seats", "2", "--bots", "medium"]);
    assert_eq!(
        (code, err.trim()),
        (
            2,
            "cards: --bots names 1 bot for 2 seats: name one bot per seat, \
             comma-separated (random, easy, medium, hard or learned), or leave --bots out"
        )
    );
    let (code, _, err) = cards(&[
        "--game",
        "trump21",
        "--seats",
        "2",
        "--bots",
        "medium,genius",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown bot \"genius\""), "{err}");
}

#[test]
fn huge_seat_and_thread_counts_are_refused_with_the_rule_not_a_crash() {
    // Without --bots the default list has one bot per seat: the seat count
    // is checked before it is built.
    for seats in ["100000000", "18446744073709551615"] {
        let (code, _, err) = cards(&["--game", "trump21", "--games", "1", "--seats", seats]);
        assert_eq!(
            (code, err.trim()),
            (
                2,
                format!("cards: trump 21 needs 2 to 8 players, not {seats} (T4)").as_str()
            )
        );
    }
    let past = (cards_games::MAX_THREADS + 1).to_string();
    for threads in ["0", &past, "18446744073709551615"] {
        let (code, _, err) = cards(&["--game", "trump21", "--games", "1", "--threads", threads]);
        assert_eq!(code, 2, "{err}");
        assert!(err.contains("'--threads <THREADS>'"), "{err}");
    }
}

#[test]
fn csv_has_a_header_and_a_line_per_slot() {
    let (code, out, err) = cards(&[
        "--game", "shithead", "--seats", "3", "--games", "20", "--csv",
    ]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4);
    assert!(lines[0].starts_with("game,seats,seed,finished,unfinished,seconds,steps,slot"));
    // The steps are the run's, on every line, as many as the text report counts.
    let steps = |line: &str| line.split(',').nth(6).unwrap().to_string();
    assert!(lines[1].starts_with("shithead,3,1,20,0,"));
    assert!(lines[1..].iter().all(|l| steps(l) == steps(lines[1])));
    let (_, text, _) = cards(&["--game", "shithead", "--seats", "3", "--games", "20"]);
    assert!(
        text.contains(&format!(" {} steps, ", steps(lines[1]))),
        "{text}"
    );
}

#[test]
fn an_action_budget_of_zero_is_refused() {
    let (code, out, err) = cards(&["--game", "schwimmen", "--games", "2", "--max-actions", "0"]);
    assert_eq!(code, 2, "{out}");
    assert!(
        err.contains("--max-actions <MAX_ACTIONS>") && err.contains("0 is not in 1.."),
        "{err}"
    );
}

#[test]
fn shared_first_places_are_said_to_count_for_each() {
    // Hearts ties for the fewest points often; Schwimmen's medium bot against
    // random ones in 20 games shares no first place.
    let note = "a first place shared by several seats is a win for each of them";
    let (code, out, err) = cards(&["--game", "hearts", "--games", "200"]);
    assert_eq!(code, 0, "{err}");
    let wins: u64 = out
        .lines()
        .skip(3)
        .filter_map(|l| l.split_whitespace().nth(2)?.parse::<u64>().ok())
        .sum();
    assert!(wins > 200 && out.contains(note), "{out}");
    let (_, out, _) = cards(&["--game", "schwimmen", "--games", "20"]);
    assert!(!out.contains(note), "{out}");
}

#[test]
fn help_says_how_to_use_it() {
    let out = Command::new(env!("CARGO_BIN_EXE_cards"))
        .arg("--help")
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("--bots") && text.contains("--rule") && text.contains("--json"));
    // Every game of the list, with its title and seat counts, from the list.
    for g in cards_games::GAMES {
        let line = text
            .lines()
            .find(|l| l.trim_start().starts_with(&format!("- {}:", g.name)))
            .unwrap_or_else(|| panic!("{}: {text}", g.name));
        let [low, default, high] = cards_games::AnyTable::seat_limits(g.name).unwrap();
        let seats = if low == high {
            format!("{low} seats")
        } else {
            format!("{low} to {high} seats, {default} by default")
        };
        assert!(
            line.trim_end().ends_with(&format!("{}, {seats}", g.title)),
            "{line}"
        );
    }
    assert!(
        text.contains("[default: the game's own, as --game lists]"),
        "{text}"
    );
    // The thread range is the list's bound, written out in the help.
    let threads = format!("Worker threads, 1 to {}", cards_games::MAX_THREADS);
    assert!(text.contains(&threads), "{text}");
}

#[test]
fn zero_games_are_refused_with_the_smallest_count() {
    let (code, out, err) = cards(&["--game", "schwimmen", "--games", "0"]);
    assert_eq!(code, 2, "{out}");
    assert!(
        err.contains("--games <GAMES>") && err.contains("0 is not in 1.."),
        "{err}"
    );
    assert!(!out.contains("0.000"), "no average of no games: {out}");
}

#[test]
fn the_text_table_gives_speeds_in_readable_units() {
    let (code, out, err) = cards(&["--game", "schwimmen", "--seats", "2", "--games", "20"]);
    assert_eq!(code, 0, "{err}");
    let first = out.lines().next().unwrap();
    // Each speed is a figure of three significant digits and its unit, never
    // 0.00 of a unit too large for it.
    for unit in ["games/s", "steps/s"] {
        let before = &first[..first.find(unit).unwrap_or_else(|| panic!("{first}"))];
        let words: Vec<&str> = before.split_whitespace().collect();
        let (figure, prefix) = match words[words.len() - 1] {
            p @ ("k" | "M" | "G") => (words[words.len() - 2], p),
            f => (f, ""),
        };
        let value: f64 = figure.trim_start_matches(',').parse().unwrap();
        assert!(value >= 1.0 || prefix.is_empty() && value > 0.0, "{first}");
        let digits = figure.chars().filter(char::is_ascii_digit).count();
        assert!(digits == 3 || value >= 1000.0, "{first}");
    }
    assert!(out.contains("average place"), "{out}");
}
