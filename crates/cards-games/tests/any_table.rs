//! `AnyTable`: every game of the list by name, driven with text and JSON,
//! refusing bad requests with the protocol's kinds and changing nothing.
#![cfg(feature = "serde")]

use std::collections::BTreeSet;

use cards_games::cards_core::Difficulty;
use cards_games::{AnyTable, Kind, NAMES};

/// Plays `table` to its end with bots of `difficulty`, collecting every move text.
/// Three seats, or the nearest count the game takes.
fn three_or_near(name: &str) -> usize {
    let [fewest, _, most] = AnyTable::seat_limits(name).unwrap();
    3.clamp(fewest, most)
}

fn play_out(
    table: &mut AnyTable,
    difficulty: Difficulty,
    texts: &mut BTreeSet<String>,
) -> Vec<String> {
    let mut played = Vec::new();
    while let Some(seat) = table.to_act() {
        let moves = table.legal_moves(seat).unwrap();
        assert_eq!(table.legal_count(seat), Ok(moves.len()));
        let others = (0..table.seats()).filter(|&s| s != seat);
        assert!(others.map(|s| table.legal_count(s)).all(|n| n == Ok(0)));
        texts.extend(moves.into_iter().map(|m| m.text));
        played.push(
            table
                .play_bot(seat, difficulty)
                .expect("a bot's move is legal"),
        );
        assert!(played.len() < 100_000, "the game ends");
    }
    played
}

#[test]
fn every_game_plays_to_its_end_by_name_with_every_seat_count() {
    for name in NAMES {
        let [min, _, max] = AnyTable::seat_limits(name).unwrap();
        for seats in min..=max {
            let mut table = AnyTable::new(name, "{}", seats, 3).unwrap();
            assert_eq!((table.game(), table.seats()), (name, seats));
            play_out(&mut table, Difficulty::Medium, &mut BTreeSet::new());
            let outcome = table.outcome().expect("over");
            assert_eq!(outcome.places().len(), seats, "{name}");
            assert!(table.legal_moves(0).unwrap().is_empty());
            assert_eq!(table.legal_count(0), Ok(0));
        }
    }
}

#[test]
fn bad_requests_are_refused_with_their_kind_and_change_nothing() {
    let refused = |r: Result<AnyTable, cards_games::Refusal>| r.unwrap_err();
    let e = refused(AnyTable::new("chess", "{}", 2, 1));
    assert_eq!(e.kind, Kind::BadRequest);
    assert!(e.message.contains("schwimmen"), "{}", e.message);
    assert_eq!(
        refused(AnyTable::new("schwimmen", "{\"no_such_rule\": 1}", 3, 1)).kind,
        Kind::BadRequest
    );
    assert_eq!(
        refused(AnyTable::new("schwimmen", "not json", 3, 1)).kind,
        Kind::BadRequest
    );
    assert_eq!(
        refused(AnyTable::new("hearts", "{}", 9, 1)).kind,
        Kind::BadRequest
    );
    assert_eq!(refused(AnyTable::load("{}")).kind, Kind::BadRequest);
    assert_eq!(
        refused(AnyTable::load("{\"game\": \"chess\", \"table\": {}}")).kind,
        Kind::BadRequest
    );

    for name in NAMES {
        // Every move text seen in one game: later, some parse but are illegal.
        let mut texts = BTreeSet::new();
        play_out(
            &mut AnyTable::new(name, "", three_or_near(name), 5).unwrap(),
            Difficulty::Easy,
            &mut texts,
        );
        let seats = three_or_near(name);
        let mut table = AnyTable::new(name, "", seats, 6).unwrap();
        let (mut illegal, mut out_of_turn) = (0, 0);
        while let Some(seat) = table.to_act() {
            let before = table.state_json();
            let legal: BTreeSet<String> = table
                .legal_moves(seat)
                .unwrap()
                .into_iter()
                .map(|m| m.text)
                .collect();
            let other = (seat + 1) % seats;
            if let Some(text) = legal.iter().next() {
                let e = table.play(other, text).unwrap_err();
                assert_eq!(e.kind, Kind::NotYourTurn, "{name}: {e}");
                out_of_turn += 1;
                // A seat past the table is no seat, not one out of turn.
                let e = table.play(seats, text).unwrap_err();
                let no_seat = format!("there is no seat {seats}: the table has {seats} seats");
                assert_eq!((e.kind, e.message), (Kind::BadRequest, no_seat), "{name}");
            }
            if let Some(text) = texts.iter().find(|t| !legal.contains(*t)) {
                let e = table.play(seat, text).unwrap_err();
                assert_eq!(e.kind, Kind::Illegal, "{name}: {text}: {e}");
                assert!(e.message.contains('('), "{name}: no clause in {e}");
                illegal += 1;
            }
            for (s, bad) in [(seat, "dance"), (99, "draw"), (1000, "draw")] {
                assert_eq!(
                    table.play(s, bad).unwrap_err().kind,
                    Kind::BadRequest,
                    "{name}"
                );
            }
            let n = legal.len() as u32;
            assert_eq!(table.play_id(seat, n).unwrap_err().kind, Kind::BadRequest);
            assert_eq!(
                table.state_json(),
                before,
                "{name}: a refusal changed the table"
            );
            table.play_bot(seat, Difficulty::Easy).unwrap();
        }
        assert!(
            illegal > 0 && out_of_turn > 0,
            "{name}: {illegal} {out_of_turn}"
        );
        let any_move = texts.iter().next().unwrap();
        let e = table.play(0, any_move).unwrap_err();
        assert_eq!(e.kind, Kind::NotYourTurn, "{name}: {e}");
    }
}

#[test]
fn every_read_refuses_a_seat_past_the_table_as_play_does() {
    for name in NAMES {
        let seats = three_or_near(name);
        let mut table = AnyTable::new(name, "{}", seats, 4).unwrap();
        let seat = table.to_act().unwrap();
        table.play_bot(seat, Difficulty::Easy).unwrap();
        let before = table.state_json();
        for past in [seats, seats + 1, 255, 256, usize::MAX] {
            let no_seat = (
                Kind::BadRequest,
                format!("there is no seat {past}: the table has {seats} seats"),
            );
            let refused = |r: cards_games::Refusal| (r.kind, r.message);
            assert_eq!(
                table.legal_moves(past).map_err(refused),
                Err(no_seat.clone())
            );
            assert_eq!(
                table.legal_count(past).map_err(refused),
                Err(no_seat.clone())
            );
            assert_eq!(
                table.view_json(Some(past)).map_err(refused),
                Err(no_seat.clone())
            );
            assert_eq!(
                table.events(Some(past), 0).map_err(refused),
                Err(no_seat.clone())
            );
            assert_eq!(
                table.events_json(Some(past), 0).map_err(refused),
                Err(no_seat.clone())
            );
            let played = table.play(past, "draw").map_err(refused);
            assert_eq!(played, Err(no_seat), "{name}");
        }
        assert_eq!(table.state_json(), before, "{name}");
    }
}

#[test]
fn a_saved_table_continues_exactly_as_the_original() {
    for name in NAMES {
        let seats = AnyTable::seat_limits(name).unwrap()[1];
        for seed in 0..4 {
            let mut table = AnyTable::new(name, "{}", seats, seed).unwrap();
            for _ in 0..(seed * 7) {
                let Some(seat) = table.to_act() else { break };
                table.play_bot(seat, Difficulty::Easy).unwrap();
            }
            let mut copy = AnyTable::load(&table.save()).unwrap();
            assert_eq!(copy.save(), table.save());
            let a = play_out(&mut table, Difficulty::Easy, &mut BTreeSet::new());
            let b = play_out(&mut copy, Difficulty::Easy, &mut BTreeSet::new());
            assert_eq!(a, b, "{name} seed {seed}");
            assert_eq!(table.outcome(), copy.outcome());
        }
    }
}

#[test]
fn a_tampered_save_is_refused() {
    let mut table = AnyTable::new("schwimmen", "{}", 3, 2).unwrap();
    let seat = table.to_act().unwrap();
    table.play_id(seat, 0).unwrap();
    let save = table.save();
    // Cut anywhere, the save does not load (and nothing panics).
    for cut in (0..save.len()).step_by(97) {
        assert!(AnyTable::load(&save[..cut]).is_err());
    }
    let renamed = save.replacen("schwimmen", "trump21", 1);
    assert_eq!(AnyTable::load(&renamed).unwrap_err().kind, Kind::BadRequest);
}

#[test]
fn events_stream_from_any_index_as_the_viewer_may_see_them() {
    for name in NAMES {
        let mut table =
            AnyTable::new(name, "{}", AnyTable::seat_limits(name).unwrap()[1], 9).unwrap();
        let mut seen = Vec::new();
        while let Some(seat) = table.to_act() {
            seen.extend(table.events(Some(0), seen.len()).unwrap());
            table.play_bot(seat, Difficulty::Medium).unwrap();
        }
        seen.extend(table.events(Some(0), seen.len()).unwrap());
        assert_eq!(seen.len(), table.log_len(), "{name}");
        assert!(seen.iter().enumerate().all(|(i, e)| e.index == i));
        // From scratch, and from the middle: the same entries.
        assert_eq!(table.events(Some(0), 0).unwrap(), seen);
        let mid = seen.len() / 2;
        assert_eq!(table.events(Some(0), mid).unwrap(), seen[mid..]);
        assert!(table.events(Some(0), usize::MAX).unwrap().is_empty());
        // A spectator is shown as many entries, none of them more than a seat.
        assert_eq!(table.events(None, 0).unwrap().len(), seen.len());
        assert!(!table.view_json(None).unwrap().is_empty());
    }
}

#[test]
fn the_events_written_as_text_are_the_events_as_values() {
    for name in NAMES {
        let seats = AnyTable::seat_limits(name).unwrap()[1];
        let mut table = AnyTable::new(name, "{}", seats, 5).unwrap();
        let mut from = [0usize; 2];
        while let Some(seat) = table.to_act() {
            table.play_bot(seat, Difficulty::Easy).unwrap();
            for (k, viewer) in [Some(seat), None].into_iter().enumerate() {
                let text: serde_json::Value =
                    serde_json::from_str(&table.events_json(viewer, from[k]).unwrap()).unwrap();
                let values = serde_json::to_value(table.events(viewer, from[k]).unwrap()).unwrap();
                assert_eq!(text, values, "{name}");
                from[k] = table.log_len();
            }
        }
    }
}

/// Sets the number at `path` (object keys, from the top) in `rules` to `n`.
fn with_number(rules: &serde_json::Value, path: &[&str], n: &str) -> String {
    let mut rules = rules.clone();
    let mut at = &mut rules;
    for key in path {
        at = &mut at[*key];
    }
    *at = serde_json::from_str(n).unwrap();
    rules.to_string()
}

/// The paths of every number in `v`, a game's default rules.
fn number_paths(v: &serde_json::Value, path: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    match v {
        serde_json::Value::Number(_) => out.push(path.clone()),
        serde_json::Value::Object(fields) => {
            for (k, v) in fields {
                path.push(k.clone());
                number_paths(v, path, out);
                path.pop();
            }
        }
        _ => {}
    }
}

/// The refusal message of `game` under `rules`.
fn refusal(game: &str, rules: &str) -> String {
    let seats = AnyTable::seat_limits(game).unwrap()[1];
    let e = AnyTable::new(game, rules, seats, 1).expect_err(rules);
    assert_eq!(e.kind, Kind::BadRequest, "{rules}");
    e.message
}

#[test]
fn a_rule_number_its_type_cannot_hold_is_refused_naming_the_rule_and_the_number() {
    // Every numeric rule of every game, with the clause its message names: a
    // number one past its type, a negative number and a fraction each get the
    // game's own range error, showing the number as given.
    let rules: &[(&str, &[&str], &str, &str)] = &[
        ("schwimmen", &["lives"], "(S3)", "256"),
        ("schwimmen", &["turn_limit"], "(S14.1)", "65536"),
        ("schwimmen", &["round_limit"], "(S19.1)", "70000"),
        ("schwimmen", &["first_dealer"], "(S18)", "300"),
        ("trump21", &["copies"], "(T1)", "300"),
        ("trump21", &["trumps", "shield"], "(T2)", "300"),
        ("trump21", &["gamble_win"], "(T7)", "4294967296"),
        ("trump21", &["gamble_lose"], "(T7)", "4294967296"),
        ("trump21", &["lives"], "(T4)", "300"),
        ("trump21", &["damage", "fixed"], "(T4)", "300"),
        ("trump21", &["round_limit"], "(T13.2)", "4294967296"),
        ("shithead", &["decks", "fixed"], "(H1)", "300"),
        ("shithead", &["max_actions"], "(H22)", "4294967296"),
        ("crazy-eights", &["max_draw_cards"], "(C2, C9)", "256"),
        ("crazy-eights", &["max_turns"], "(C2, C12.2)", "65536"),
    ];
    for &(game, path, clause, too_big) in rules {
        let mut defaults: serde_json::Value =
            serde_json::from_str(&AnyTable::default_rules(game).unwrap()).unwrap();
        if path == ["decks", "fixed"] {
            // Shithead's standard is `auto`: a fixed count is the numeric form.
            defaults["decks"] = serde_json::json!({"fixed": 2});
        }
        for n in [too_big, "-1", "2.5"] {
            let message = refusal(game, &with_number(&defaults, path, n));
            assert!(
                message.contains(&format!(" {n} {clause}")),
                "{game} {path:?} = {n}: {message}"
            );
        }
    }
    // Every number in every game's rules is in the list above.
    for game in NAMES {
        let defaults = serde_json::from_str(&AnyTable::default_rules(game).unwrap()).unwrap();
        let mut paths = Vec::new();
        number_paths(&defaults, &mut Vec::new(), &mut paths);
        for path in paths {
            // Trump 21's trump kinds share one reader: `trumps.shield` stands for all.
            let listed = rules.iter().any(|(g, p, ..)| {
                *g == game && (*p == path || p[0] == "trumps" && path[0] == "trumps")
            });
            assert!(
                listed,
                "{game} {path:?} is a numeric rule the list above misses"
            );
        }
    }
    // Out of the type or only out of the range: one message, led by the
    // rule's name; a value that is no number at all names the rule too.
    assert_eq!(
        refusal("schwimmen", "{\"lives\": 300}"),
        "the rules do not load: lives: every player starts with 1 to 100 lives, not 300 (S3)"
    );
    assert_eq!(
        refusal("schwimmen", "{\"turn_limit\": 30, \"lives\": 0}"),
        "the rules do not load: lives: every player starts with 1 to 100 lives, not 0 (S3)"
    );
    assert_eq!(
        refusal("schwimmen", "{\"lives\": \"three\"}"),
        "the rules do not load: lives: invalid type: string \"three\", expected a number"
    );
    assert_eq!(
        refusal("trump21", "{\"lifes\": 3}"),
        format!(
            "the rules do not load: unknown rule \"lifes\"; the rules are {}",
            [
                "copies",
                "damage",
                "gamble_lose",
                "gamble_win",
                "lives",
                "love",
                "ranking",
                "round_limit",
                "trumps"
            ]
            .join(", ")
        )
    );
}

#[test]
fn a_seat_count_is_checked_in_the_game_s_own_words_without_a_table() {
    for name in NAMES {
        let [min, _, max] = AnyTable::seat_limits(name).unwrap();
        for seats in 0..=max + 2 {
            let checked = AnyTable::check_seats(name, seats);
            assert_eq!(
                checked.is_ok(),
                (min..=max).contains(&seats),
                "{name} {seats}"
            );
            if let Err(refused) = checked {
                // The words a table of that count is refused in.
                let made = AnyTable::new(name, "{}", seats, 0).unwrap_err();
                assert_eq!(refused, made, "{name} {seats}");
                assert!(
                    refused.message.contains(&format!("not {seats} (")),
                    "{refused}"
                );
            }
        }
    }
    let unknown = AnyTable::check_seats("chess", 2).unwrap_err();
    assert_eq!(unknown, AnyTable::new("chess", "{}", 2, 0).unwrap_err());
    assert_eq!(unknown.kind, Kind::BadRequest);
}
