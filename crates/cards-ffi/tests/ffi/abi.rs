//! The C functions, called as a C program calls them: every game of the list
//! plays exactly as through `AnyTable`, refusals keep the Rust error's kind
//! and message, and nulls, bad UTF-8, short buffers and wrong handles are
//! refused without changing anything.

use std::collections::BTreeSet;
use std::ffi::{CStr, c_char};
use std::ptr;

use crate::support::{Handle, c, check, default_seats, games, last_error, seat_limits, string};
use cards_ffi::*;
use cards_games::cards_core::Difficulty;
use cards_games::{AnyTable, Kind, NAMES};

#[test]
fn the_list_is_cards_games_list() {
    assert_eq!(games(), NAMES);
    // SAFETY: a local output.
    let title = string(|out| unsafe { cards_game_title(0, out) }).unwrap();
    assert_eq!(title, cards_games::GAMES[0].title);
    // SAFETY: a local output.
    let past = string(|out| unsafe { cards_game_name(NAMES.len(), out) }).unwrap_err();
    assert_eq!(past.0, CardsStatus::BadRequest);
    for name in NAMES {
        let limits = AnyTable::seat_limits(name).unwrap();
        assert_eq!(default_seats(name), limits[1]);
        let game = c(name);
        // SAFETY: a live string and a local output.
        let rules = string(|out| unsafe { cards_default_rules(game.as_ptr(), out) }).unwrap();
        assert_eq!(Some(rules), AnyTable::default_rules(name));
    }
    let chess = c("chess");
    // SAFETY: a live string and a local output.
    let e = string(|out| unsafe { cards_default_rules(chess.as_ptr(), out) }).unwrap_err();
    assert_eq!(e.0, CardsStatus::BadRequest);
    assert!(e.1.contains("hearts"), "{}", e.1);
}

#[test]
fn every_game_plays_through_the_abi_exactly_as_through_any_table() {
    for name in NAMES {
        let seats = default_seats(name);
        for (seed, level) in [(1, Difficulty::Easy), (2, Difficulty::Medium)] {
            let mut rust = AnyTable::new(name, "{}", seats, seed).unwrap();
            let mut abi = Handle::new(name, "{}", seats, seed).unwrap();
            while let Some(seat) = rust.to_act() {
                let s = seat as i32;
                assert_eq!(abi.to_act(), Some(s), "{name}");
                let moves = rust.legal_moves(seat).unwrap();
                assert_eq!(abi.legal_count(s), moves.len());
                assert_eq!(abi.legal_json(s), serde_json::to_string(&moves).unwrap());
                let mut ids = vec![u32::MAX; moves.len()];
                let mut len = 0;
                // SAFETY: a live table, a buffer of ids.len() items, a local output.
                let status =
                    unsafe { cards_legal_ids(abi.0, s, ids.as_mut_ptr(), ids.len(), &mut len) };
                check(status).unwrap();
                assert_eq!(len, moves.len());
                assert!(ids.iter().enumerate().all(|(i, &id)| id as usize == i));
                let last = moves.last().unwrap();
                // SAFETY: a live table and a local output.
                let text = string(|out| unsafe { cards_legal_text(abi.0, s, last.id, out) });
                assert_eq!(text.unwrap(), last.text);
                // By the bots, by a bot's choice as text, and by id in turn:
                // both tables draw the same, so they stay the same.
                let step = rust.log_len();
                let lvl = level as u32;
                match step % 3 {
                    0 => {
                        let played = rust.play_bot(seat, level).unwrap();
                        assert_eq!(abi.play_bot(s, lvl).unwrap(), played);
                    }
                    1 => {
                        let choice = rust.bot_choice(seat, level).unwrap();
                        // SAFETY: a live table and a local output.
                        let asked = string(|out| unsafe { cards_bot_choice(abi.0, s, lvl, out) });
                        assert_eq!(asked.unwrap(), choice);
                        let played = rust.play(seat, &choice).unwrap();
                        assert_eq!(abi.play_text(s, &choice).unwrap(), played);
                    }
                    _ => {
                        let id = (step % moves.len()) as u32;
                        rust.play_id(seat, id).unwrap();
                        let played = rust.last_played().unwrap();
                        assert_eq!(abi.play_id(s, id).unwrap(), played);
                    }
                }
            }
            assert_eq!(abi.to_act(), None);
            assert_eq!(abi.outcome(), rust.outcome().unwrap().places());
            assert_eq!(abi.state(), rust.state_json());
        }
    }
}

#[test]
fn refusals_keep_the_rust_kind_and_message_and_change_nothing() {
    for name in NAMES {
        let [_, usual, most] = seat_limits(name);
        let seats = usual.max(3).min(most);
        // Every move text of one game: later, some parse but are illegal.
        let mut texts = BTreeSet::new();
        let mut scout = AnyTable::new(name, "", seats, 5).unwrap();
        while let Some(seat) = scout.to_act() {
            texts.extend(scout.legal_moves(seat).unwrap().into_iter().map(|m| m.text));
            scout.play_bot(seat, Difficulty::Easy).unwrap();
        }
        let mut rust = AnyTable::new(name, "", seats, 6).unwrap();
        let mut abi = Handle::new(name, "", seats, 6).unwrap();
        let (mut illegal, mut out_of_turn) = (0, 0);
        while let Some(seat) = rust.to_act() {
            let s = seat as i32;
            let before = abi.save();
            let legal: BTreeSet<String> = rust
                .legal_moves(seat)
                .unwrap()
                .into_iter()
                .map(|m| m.text)
                .collect();
            let other = (seat + 1) % seats;
            let first = legal.iter().next().unwrap();
            let e = abi.play_text(other as i32, first).unwrap_err();
            let r = rust.play(other, first).unwrap_err();
            assert_eq!(
                (e.0, e.1.as_str()),
                (CardsStatus::NotYourTurn, r.message.as_str())
            );
            out_of_turn += 1;
            if let Some(text) = texts.iter().find(|t| !legal.contains(*t)) {
                let e = abi.play_text(s, text).unwrap_err();
                let r = rust.play(seat, text).unwrap_err();
                assert_eq!(r.kind, Kind::Illegal);
                assert_eq!(
                    (e.0, e.1.as_str()),
                    (CardsStatus::Illegal, r.message.as_str())
                );
                assert!(e.1.contains('('), "{name}: no clause in {}", e.1);
                illegal += 1;
            }
            for (bad_seat, bad) in [(s, "dance"), (99, "draw"), (-3, "draw")] {
                let e = abi.play_text(bad_seat, bad).unwrap_err();
                assert_eq!(e.0, CardsStatus::BadRequest, "{name}: {}", e.1);
            }
            let e = abi.play_id(s, legal.len() as u32).unwrap_err();
            assert_eq!(e.0, CardsStatus::BadRequest);
            assert!(e.1.contains("no move"), "{}", e.1);
            assert_eq!(abi.play_bot(s, 4).unwrap_err().0, CardsStatus::BadRequest);
            assert_eq!(
                abi.play_bot(other as i32, 1).unwrap_err().0,
                CardsStatus::NotYourTurn
            );
            assert_eq!(abi.save(), before, "{name}: a refusal changed the table");
            let played = rust.play_bot(seat, Difficulty::Easy).unwrap();
            assert_eq!(abi.play_bot(s, 0).unwrap(), played);
        }
        assert!(illegal > 0 && out_of_turn > 0, "{name}");
        let e = abi.play_bot(0, 1).unwrap_err();
        assert_eq!(e.0, CardsStatus::NotYourTurn);
    }
}

#[test]
fn bad_tables_are_refused_with_the_rust_message() {
    for (game, rules, seats) in [
        ("chess", "{}", 3),
        ("schwimmen", "{\"no_such_rule\": 1}", 3),
        ("schwimmen", "not json", 3),
        ("hearts", "{}", 9),
    ] {
        let e = Handle::new(game, rules, seats, 1).err().expect("refused");
        let r = AnyTable::new(game, rules, seats, 1).unwrap_err();
        assert_eq!((e.0, e.1), (CardsStatus::BadRequest, r.message));
    }
    let e = Handle::load("{\"game\": \"chess\", \"table\": {}}")
        .err()
        .unwrap();
    assert_eq!(e.0, CardsStatus::BadRequest);
}

#[test]
fn a_loaded_save_continues_exactly_and_a_clone_is_independent() {
    for name in NAMES {
        let mut table = Handle::new(name, "{}", default_seats(name), 4).unwrap();
        for _ in 0..9 {
            let Some(seat) = table.to_act() else { break };
            table.play_bot(seat, 0).unwrap();
        }
        let mut loaded = Handle::load(&table.save()).unwrap();
        let mut copy = ptr::null_mut();
        // SAFETY: a live table and a local output.
        check(unsafe { cards_table_clone(table.0, &mut copy) }).unwrap();
        let mut copy = Handle(copy);
        let played = table.play_out(0);
        assert_eq!(loaded.play_out(0), played, "{name}");
        assert_eq!(copy.play_out(0), played, "{name}");
        assert_eq!(loaded.outcome(), table.outcome());
        assert_eq!(loaded.save(), table.save());
        // SAFETY: a live table; `string` passes a local output.
        let game = string(|out| unsafe { cards_table_game(table.0, out) }).unwrap();
        assert_eq!(game, name);
        // SAFETY: as above.
        let rules = string(|out| unsafe { cards_table_rules(table.0, out) }).unwrap();
        assert_eq!(Some(rules), AnyTable::default_rules(name));
    }
    let table = Handle::new("schwimmen", "{}", 3, 2).unwrap();
    let save = table.save();
    let cut = Handle::load(&save[..save.len() / 2]).err().unwrap();
    assert_eq!(cut.0, CardsStatus::BadRequest);
}

#[test]
fn views_and_events_are_the_protocol_json_from_a_cursor() {
    for name in NAMES {
        let seats = default_seats(name);
        let mut abi = Handle::new(name, "{}", seats, 9).unwrap();
        let mut rust = AnyTable::new(name, "{}", seats, 9).unwrap();
        let (mut next, mut seen) = (0, Vec::new());
        let events = |h: &Handle, seat: i32, from: usize| {
            let mut next = 0;
            // SAFETY: a live table and local outputs.
            let json = string(|out| unsafe { cards_events(h.0, seat, from, out, &mut next) });
            (
                serde_json::from_str::<serde_json::Value>(&json.unwrap()).unwrap(),
                next,
            )
        };
        while let Some(seat) = abi.to_act() {
            let (batch, after) = events(&abi, 0, next);
            seen.extend(batch.as_array().unwrap().iter().cloned());
            next = after;
            assert_eq!(seen.len(), next);
            for viewer in [seat, CARDS_SPECTATOR] {
                // SAFETY: a live table and a local output.
                let view = string(|out| unsafe { cards_view(abi.0, viewer, out) }).unwrap();
                let want = rust
                    .view_json((viewer >= 0).then_some(viewer as usize))
                    .unwrap();
                assert_eq!(view, want, "{name}");
            }
            let played = rust.play_bot(seat as usize, Difficulty::Medium).unwrap();
            abi.play_text(seat, &played).unwrap();
        }
        let (all, end) = events(&abi, 0, 0);
        let mut len = 0;
        // SAFETY: a live table and a local output.
        check(unsafe { cards_log_len(abi.0, &mut len) }).unwrap();
        assert_eq!((end, all.as_array().unwrap().len()), (len, len));
        assert_eq!(
            all,
            serde_json::to_value(rust.events(Some(0), 0).unwrap()).unwrap()
        );
        assert_eq!(all.as_array().unwrap()[..seen.len()], seen[..]);
        let (spectator, _) = events(&abi, CARDS_SPECTATOR, 0);
        assert_eq!(spectator.as_array().unwrap().len(), len);
        assert_eq!(events(&abi, 0, usize::MAX).0, serde_json::json!([]));
        let mut bad_next = 0;
        // SAFETY: a live table and local outputs.
        let e = string(|out| unsafe { cards_events(abi.0, -2, 0, out, &mut bad_next) });
        assert_eq!(e.unwrap_err().0, CardsStatus::BadRequest);
    }
}

#[test]
fn host_operations_are_refused_for_another_seat_and_run_for_the_host() {
    let mut table = Handle::new("schwimmen", "{}", 4, 3).unwrap();
    let op = c("leave 2");
    // SAFETY: a live table and a live string.
    let e = check(unsafe { cards_host(table.0, 0, op.as_ptr()) }).unwrap_err();
    assert_eq!(e.0, CardsStatus::NotYourTurn, "{}", e.1);
    let bad = c("dance");
    // SAFETY: as above.
    let e = check(unsafe { cards_host(table.0, CARDS_HOST, bad.as_ptr()) }).unwrap_err();
    assert_eq!(e.0, CardsStatus::BadRequest);
    let mut rust = AnyTable::new("schwimmen", "{}", 4, 3).unwrap();
    rust.host(Some(2), "leave 2").unwrap();
    // SAFETY: as above.
    check(unsafe { cards_host(table.0, 2, op.as_ptr()) }).unwrap();
    assert_eq!(table.state(), rust.state_json());
    table.play_out(1);
    assert_eq!(table.outcome().len(), 4);
}

/// Calls every function that takes a table with `table`, expecting `status`.
fn every_table_call(table: *mut CardsTable, status: CardsStatus) {
    let mut s = ptr::null_mut::<c_char>();
    let (mut n, mut seat, mut ids, mut places) = (0_usize, 0_i32, [0_u32; 4], [0_u8; 4]);
    let mut t = ptr::null_mut();
    let text = c("draw");
    // SAFETY: `table` is whatever the test passes (null or readable); every
    // other pointer is a live local.
    let got = unsafe {
        [
            cards_table_clone(table, &mut t),
            cards_table_save(table, &mut s),
            cards_table_game(table, &mut s),
            cards_table_rules(table, &mut s),
            cards_table_state(table, &mut s),
            cards_table_seats(table, &mut n),
            cards_to_act(table, &mut seat),
            cards_legal_count(table, 0, &mut n),
            cards_legal_ids(table, 0, ids.as_mut_ptr(), 4, &mut n),
            cards_legal_text(table, 0, 0, &mut s),
            cards_legal_json(table, 0, &mut s),
            cards_play_id(table, 0, 0, &mut s),
            cards_play_text(table, 0, text.as_ptr(), &mut s),
            cards_host(table, -1, text.as_ptr()),
            cards_bot_choice(table, 0, 1, &mut s),
            cards_play_bot(table, 0, 1, &mut s),
            cards_view(table, 0, &mut s),
            cards_events(table, 0, 0, &mut s, &mut n),
            cards_log_len(table, &mut n),
            cards_outcome(table, places.as_mut_ptr(), 4, &mut n),
        ]
    };
    for (i, g) in got.iter().enumerate() {
        assert_eq!(*g, status, "call {i}: {}", last_error());
    }
    assert!(
        s.is_null() && t.is_null(),
        "a failed call hands out nothing"
    );
}

#[test]
fn nulls_bad_utf8_short_buffers_and_wrong_handles_are_refused() {
    every_table_call(ptr::null_mut(), CardsStatus::NullArgument);
    assert!(last_error().contains("table is null"), "{}", last_error());
    // Zeroed memory, then a misaligned pointer: no live table.
    let mut zeros = vec![0_u64; size_of::<CardsTable>() / 8 + 2];
    every_table_call(zeros.as_mut_ptr().cast(), CardsStatus::BadPointer);
    every_table_call(
        zeros.as_mut_ptr().cast::<u8>().wrapping_add(1).cast(),
        CardsStatus::BadPointer,
    );
    // SAFETY: null is allowed for both frees.
    unsafe {
        assert_eq!(cards_table_free(ptr::null_mut()), CardsStatus::Ok);
        assert_eq!(cards_string_free(ptr::null_mut()), CardsStatus::Ok);
    }

    let table = Handle::new("trump21", "{}", 2, 1).unwrap();
    let seat = table.to_act().unwrap();
    let before = table.save();
    // SAFETY: a live table; null outputs and arguments on purpose.
    unsafe {
        let null_out = [
            cards_table_save(table.0, ptr::null_mut()),
            cards_to_act(table.0, ptr::null_mut()),
            cards_legal_count(table.0, seat, ptr::null_mut()),
            cards_view(table.0, seat, ptr::null_mut()),
            cards_bot_choice(table.0, seat, 1, ptr::null_mut()),
            cards_play_text(table.0, seat, ptr::null(), ptr::null_mut()),
            cards_host(table.0, seat, ptr::null()),
            cards_legal_ids(table.0, seat, ptr::null_mut(), 4, &mut 0),
            cards_table_new(ptr::null(), c"{}".as_ptr(), 2, 1, &mut ptr::null_mut()),
            cards_table_new(c"trump21".as_ptr(), c"{}".as_ptr(), 2, 1, ptr::null_mut()),
            cards_game_count(ptr::null_mut()),
        ];
        assert!(
            null_out.iter().all(|&s| s == CardsStatus::NullArgument),
            "{null_out:?}"
        );
    }
    // Bad UTF-8 in every kind of string argument.
    let bad = [0x64_u8, 0x72, 0xff, 0x77, 0];
    let bad = CStr::from_bytes_with_nul(&bad).unwrap();
    let mut out = ptr::null_mut();
    // SAFETY: a live table, live strings and local outputs.
    unsafe {
        let statuses = [
            cards_play_text(table.0, seat, bad.as_ptr(), ptr::null_mut()),
            cards_host(table.0, -1, bad.as_ptr()),
            cards_table_new(bad.as_ptr(), c"{}".as_ptr(), 2, 1, &mut out),
            cards_table_load(bad.as_ptr(), &mut out),
            cards_default_rules(bad.as_ptr(), &mut ptr::null_mut()),
        ];
        assert!(
            statuses.iter().all(|&s| s == CardsStatus::BadUtf8),
            "{statuses:?}"
        );
        assert!(last_error().contains("byte 2"), "{}", last_error());
    }
    assert!(out.is_null());
    // A short buffer: the length is told, nothing else written.
    let n = table.legal_count(seat);
    assert!(n > 1);
    let (mut ids, mut len) = ([u32::MAX; 1], 0);
    // SAFETY: a buffer of 1 item and a local output.
    let status = unsafe { cards_legal_ids(table.0, seat, ids.as_mut_ptr(), 1, &mut len) };
    assert_eq!(
        (status, len, ids[0]),
        (CardsStatus::BufferTooSmall, n, u32::MAX)
    );
    // SAFETY: capacity 0 with a null buffer asks for the length.
    let status = unsafe { cards_legal_ids(table.0, seat, ptr::null_mut(), 0, &mut len) };
    assert_eq!((status, len), (CardsStatus::BufferTooSmall, n));
    // SAFETY: a length no memory holds is refused before the buffer is touched.
    let status = unsafe { cards_legal_ids(table.0, seat, ids.as_mut_ptr(), usize::MAX, &mut len) };
    assert_eq!(status, CardsStatus::BadRequest);
    // A misaligned output.
    let mut words = [0_usize; 2];
    let odd = words
        .as_mut_ptr()
        .cast::<u8>()
        .wrapping_add(1)
        .cast::<usize>();
    // SAFETY: a live table; the misaligned pointer is refused, never written.
    let status = unsafe { cards_legal_count(table.0, seat, odd) };
    assert_eq!(status, CardsStatus::BadPointer);
    assert_eq!(table.save(), before);
}

#[test]
fn statuses_are_named_and_the_last_error_clears_on_success() {
    let name = |s: i32| {
        // SAFETY: static text.
        unsafe { CStr::from_ptr(cards_status_name(s)) }
            .to_str()
            .unwrap()
            .to_owned()
    };
    let names: Vec<String> = (0..9).map(name).collect();
    assert_eq!(
        names[..4],
        ["ok", "not_your_turn", "illegal", "bad_request"]
    );
    for (i, text) in names.iter().enumerate() {
        let status = CardsStatus::from_number(i as i32).unwrap();
        assert_eq!(status as usize, i);
        assert_eq!(status.name().to_str().unwrap(), text);
    }
    assert_eq!(names.iter().collect::<BTreeSet<_>>().len(), 9);
    for kind in [Kind::NotYourTurn, Kind::Illegal, Kind::BadRequest] {
        assert_eq!(
            CardsStatus::from(kind).name().to_str().unwrap(),
            kind.as_str()
        );
    }
    assert_eq!(name(-1), "unknown");
    assert_eq!(name(9), "unknown");
    assert_eq!(CardsStatus::from_number(9), None);
    // SAFETY: static text.
    let version = unsafe { CStr::from_ptr(cards_version()) }.to_str().unwrap();
    assert_eq!(version, env!("CARGO_PKG_VERSION"));
    assert!(Handle::new("chess", "{}", 2, 1).is_err());
    assert!(!last_error().is_empty());
    drop(Handle::new("hearts", "{}", 4, 1).unwrap());
    assert_eq!(last_error(), "");
}

#[test]
fn a_seat_number_past_a_seat_s_range_is_refused_naming_the_table_size() {
    // 300 fits no seat at all (seats are bytes): it is refused as seat 7 is,
    // with the table's size, by every call that plays or speaks for a seat.
    let mut table = Handle::new("trump21", "{}", 3, 1).unwrap();
    let before = table.save();
    let op = c("leave 300");
    let want = "there is no seat 300: the table has 3 seats";
    // SAFETY: a live table and a live string.
    let host = check(unsafe { cards_host(table.0, 300, op.as_ptr()) });
    // SAFETY: a live table; `string` passes a local output.
    let choice = string(|out| unsafe { cards_bot_choice(table.0, 300, 1, out) });
    for (call, got) in [
        ("play_text", table.play_text(300, "draw")),
        ("play_id", table.play_id(300, 0)),
        ("play_bot", table.play_bot(300, 1)),
        ("host", host.map(|()| String::new())),
        ("bot_choice", choice),
    ] {
        let e = got.unwrap_err();
        assert_eq!(
            (e.0, e.1.as_str()),
            (CardsStatus::BadRequest, want),
            "{call}"
        );
    }
    assert_eq!(table.save(), before);
}

/// Calls every function that takes a seat with `seat`, each answer with
/// this thread's last error read at once; the outputs are checked empty.
fn every_seat_call(table: &Handle, seat: i32) -> Vec<(&'static str, CardsStatus, String)> {
    let t = table.0;
    let text = c("draw");
    let op = c("leave 1");
    let mut answers = Vec::new();
    let mut record = |call, status| answers.push((call, status, last_error()));
    let (mut n, mut next, mut ids) = (99_usize, 99_usize, [u32::MAX; 8]);
    let mut s = ptr::null_mut::<c_char>();
    // SAFETY: a live table, live strings and local outputs; each call's
    // answer is recorded before the next call.
    unsafe {
        record("legal_count", cards_legal_count(t, seat, &mut n));
        assert_eq!(n, 0);
        record(
            "legal_ids",
            cards_legal_ids(t, seat, ids.as_mut_ptr(), 8, &mut n),
        );
        assert_eq!((n, ids[0]), (0, u32::MAX));
        record("legal_text", cards_legal_text(t, seat, 0, &mut s));
        record("legal_json", cards_legal_json(t, seat, &mut s));
        record("play_id", cards_play_id(t, seat, 0, &mut s));
        record("play_text", cards_play_text(t, seat, text.as_ptr(), &mut s));
        record("host", cards_host(t, seat, op.as_ptr()));
        record("bot_choice", cards_bot_choice(t, seat, 1, &mut s));
        record("play_bot", cards_play_bot(t, seat, 1, &mut s));
        record("view", cards_view(t, seat, &mut s));
        record("events", cards_events(t, seat, 0, &mut s, &mut next));
        assert_eq!(next, 0);
    }
    assert!(s.is_null(), "a refused call hands out nothing");
    answers
}

#[test]
fn a_seat_past_the_table_is_refused_by_every_call_that_takes_a_seat() {
    for (name, seats) in [("schwimmen", 3), ("crazy-eights", 3), ("hearts", 4)] {
        let table = Handle::new(name, "{}", seats, 2).unwrap();
        let before = table.save();
        let n = seats as i32;
        for seat in [n, n + 4, 255, 256, 300, i32::MAX] {
            let want = format!("there is no seat {seat}: the table has {seats} seats");
            for (call, status, message) in every_seat_call(&table, seat) {
                assert_eq!(
                    (status, message.as_str()),
                    (CardsStatus::BadRequest, want.as_str()),
                    "{name}: {call} for seat {seat}"
                );
            }
        }
        for seat in [-2, i32::MIN] {
            for (call, status, message) in every_seat_call(&table, seat) {
                assert_eq!(status, CardsStatus::BadRequest, "{name}: {call} for {seat}");
                assert!(message.contains("numbered from 0"), "{call}: {message}");
            }
        }
        assert_eq!(table.save(), before, "{name}: a refusal changed the table");
        // The spectator is still asked for with CARDS_SPECTATOR, and a seat
        // of the table that is not to act still has no moves.
        let rust = AnyTable::new(name, "{}", seats, 2).unwrap();
        // SAFETY: a live table; `string` passes a local output.
        let view = string(|out| unsafe { cards_view(table.0, CARDS_SPECTATOR, out) });
        assert_eq!(view.unwrap(), rust.view_json(None).unwrap());
        let mut next = 0;
        // SAFETY: a live table and local outputs.
        let events =
            string(|out| unsafe { cards_events(table.0, CARDS_SPECTATOR, 0, out, &mut next) });
        assert!(events.unwrap().starts_with('[') && next > 0);
        let idle = (table.to_act().unwrap() + 1) % n;
        assert_eq!(table.legal_count(idle), 0);
        assert_eq!(table.legal_json(idle), "[]");
    }
}

#[test]
fn the_guide_s_example_messages_are_what_the_library_says() {
    // docs/engines.md gives these as examples of cards_last_error.
    let mut table = Handle::new("crazy-eights", "{}", 3, 42).unwrap();
    let mut refused = None;
    while let Some(seat) = table.to_act() {
        if seat == 0 && refused.is_none() {
            match table.play_text(0, "draw") {
                Ok(_) => continue,
                Err(e) => refused = Some(e),
            }
        }
        table.play_bot(seat, 1).unwrap();
    }
    let too_often = "no more than max_draw_cards cards may be drawn in a turn (C9)";
    assert_eq!(
        refused.unwrap(),
        (CardsStatus::Illegal, too_often.to_owned())
    );
    let over = "seat 0 may not act now: the game is over: a player played his last card (C12.1)";
    let e = table.play_text(0, "draw").unwrap_err();
    assert_eq!((e.0, e.1.as_str()), (CardsStatus::NotYourTurn, over));
    let guide = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/engines.md"
    ))
    .unwrap();
    let guide = guide.split_whitespace().collect::<Vec<_>>().join(" ");
    for message in [too_often, over] {
        assert!(
            guide.contains(&format!("`{message}`")),
            "engines.md: {message}"
        );
    }
}
