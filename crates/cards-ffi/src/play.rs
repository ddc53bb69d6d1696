//! Playing: whose turn it is, the legal moves, moves by id or text, host
//! operations and the bots.

use std::ffi::c_char;

use cards_games::{AnyTable, Refusal};

use crate::args::{self, Buffer, Out};
use crate::error::guard;
use crate::status::{CardsDifficulty, CardsStatus};
use crate::table::{CardsTable, answer, table, table_mut};

/// Writes the seat to act to `*out_seat`, or `CARDS_NO_SEAT` (-1) once the
/// game is over.
///
/// # Safety
/// `table` is null or a live table not in use on another thread; `out_seat`
/// is null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cards_to_act(table: *const CardsTable, out_seat: *mut i32) -> CardsStatus {
    guard(|| {
        // SAFETY: the caller promises a writable out_seat or null.
        let out = unsafe { Out::new(out_seat, "out_seat", crate::CARDS_NO_SEAT) }?;
        // SAFETY: the caller promises a live table or null.
        let seat = unsafe { self::table(table) }?.to_act();
        // Seats are fewer than 256 (cards_core::MAX_SEATS).
        out.put(seat.map_or(crate::CARDS_NO_SEAT, |s| {
            i32::try_from(s).unwrap_or(i32::MAX)
        }));
        Ok(())
    })
}

/// Writes the number of `seat`'s legal moves to `*out_count`: their ids are
/// 0 to count - 1, valid for this position only. 0 unless `seat` is to act.
///
/// `CARDS_STATUS_BAD_REQUEST` for a seat the table does not have (past
/// its seats, or negative), naming the seat and the table's size.
///
/// # Safety
/// `table` is null or a live table not in use on another thread;
/// `out_count` is null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cards_legal_count(
    table: *const CardsTable,
    seat: i32,
    out_count: *mut usize,
) -> CardsStatus {
    guard(|| {
        // SAFETY: the caller promises a writable out_count or null.
        let out = unsafe { Out::new(out_count, "out_count", 0) }?;
        // SAFETY: the caller promises a live table or null.
        let table = unsafe { self::table(table) }?;
        out.put(table.legal_count(args::seat(seat)?)?);
        Ok(())
    })
}

/// Writes the ids of `seat`'s legal moves (0, 1, 2, ... in the game's order)
/// to `ids`, a buffer of `capacity` items, and their number to `*out_len`.
/// When they do not fit, only `*out_len` is written and the call returns
/// `CARDS_STATUS_BUFFER_TOO_SMALL`; `ids` may be null when `capacity` is 0,
/// to ask for the length. No ids (length 0) unless `seat` is to act.
///
/// `CARDS_STATUS_BAD_REQUEST` for a seat the table does not have (past
/// its seats, or negative), naming the seat and the table's size.
///
/// # Safety
/// `table` is null or a live table not in use on another thread; `ids` is
/// null or writable for `capacity` items; `out_len` is null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cards_legal_ids(
    table: *const CardsTable,
    seat: i32,
    ids: *mut u32,
    capacity: usize,
    out_len: *mut usize,
) -> CardsStatus {
    guard(|| {
        // SAFETY: the caller promises the buffer and out_len as documented.
        let buffer = unsafe { Buffer::new(ids, capacity, "ids", out_len, "out_len") }?;
        // SAFETY: the caller promises a live table or null.
        let table = unsafe { self::table(table) }?;
        let count = u32::try_from(table.legal_count(args::seat(seat)?)?).unwrap_or(u32::MAX);
        buffer.fill(&(0..count).collect::<Vec<u32>>())
    })
}

/// Writes the text of `seat`'s legal move `id` (as a player types it, and
/// as `cards_play_text` takes it) to `*out_text`; free it with
/// `cards_string_free`.
///
/// `CARDS_STATUS_BAD_REQUEST` when there is no move `id` for `seat` now, or
/// no such seat at the table.
///
/// # Safety
/// `table` is null or a live table not in use on another thread;
/// `out_text` is null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cards_legal_text(
    table: *const CardsTable,
    seat: i32,
    id: u32,
    out_text: *mut *mut c_char,
) -> CardsStatus {
    // SAFETY: the caller's promises are passed on.
    unsafe {
        answer(table, out_text, "out_text", |t| {
            let moves = t.legal_moves(args::seat(seat)?)?;
            let found = moves.into_iter().nth(id as usize).ok_or_else(|| {
                Refusal::bad_request(format!(
                    "seat {seat} has no legal move {id} now (see cards_legal_count)"
                ))
            })?;
            Ok(found.text)
        })
    }
}

/// Writes `seat`'s legal moves as JSON, `[{"id": 0, "text": "draw"}, ...]`,
/// to `*out_json` (`[]` unless `seat` is to act); free it with
/// `cards_string_free`.
///
/// `CARDS_STATUS_BAD_REQUEST` for a seat the table does not have (past
/// its seats, or negative), naming the seat and the table's size.
///
/// # Safety
/// `table` is null or a live table not in use on another thread;
/// `out_json` is null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cards_legal_json(
    table: *const CardsTable,
    seat: i32,
    out_json: *mut *mut c_char,
) -> CardsStatus {
    // SAFETY: the caller's promises are passed on.
    unsafe {
        answer(table, out_json, "out_json", |t| {
            let moves = t.legal_moves(args::seat(seat)?)?;
            Ok(serde_json::to_string(&moves).unwrap_or_else(|_| "[]".to_owned()))
        })
    }
}

/// Runs `act` on the table behind `table`, telling it whether the caller
/// asked for the played text, and hands the text it returns to `out_played`
/// when the caller asked for it.
///
/// # Safety
/// `table` is null or a live table not in use on another thread;
/// `out_played` is null or writable.
unsafe fn acting(
    table: *mut CardsTable,
    out_played: *mut *mut c_char,
    act: impl FnOnce(&mut AnyTable, bool) -> Result<String, crate::error::Failure>,
) -> CardsStatus {
    guard(|| {
        // SAFETY: the caller promises a writable out_played or null.
        let out = unsafe { Out::optional(out_played, "out_played", std::ptr::null_mut()) }?;
        // SAFETY: the caller promises a live table or null.
        let table = unsafe { table_mut(table) }?;
        let played = act(table, out.is_some())?;
        match out {
            Some(out) => out.give(played),
            None => Ok(()),
        }
    })
}

/// Plays `seat`'s legal move `id` (see `cards_legal_count`). When
/// `out_played` is not null, the move's text is written there (free it with
/// `cards_string_free`).
///
/// `CARDS_STATUS_NOT_YOUR_TURN` unless `seat` is to act;
/// `CARDS_STATUS_BAD_REQUEST` for no such seat or move. A refused move
/// changes nothing.
///
/// # Safety
/// `table` is null or a live table not in use on another thread;
/// `out_played` is null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cards_play_id(
    table: *mut CardsTable,
    seat: i32,
    id: u32,
    out_played: *mut *mut c_char,
) -> CardsStatus {
    // SAFETY: the caller's promises are passed on.
    unsafe {
        acting(table, out_played, |t, wanted| {
            t.play_id(args::seat_at(t, seat)?, id)?;
            // The text is written only when asked for: playing by id is the
            // fast path.
            Ok(if wanted {
                t.last_played().unwrap_or_default()
            } else {
                String::new()
            })
        })
    }
}

/// Plays `action` (its text form, as a player types it: `"draw"`,
/// `"play 5C 5D"`) for `seat`. When `out_played` is not null, the move as
/// the table wrote it (its canonical text) is written there (free it with
/// `cards_string_free`).
///
/// `CARDS_STATUS_NOT_YOUR_TURN` unless `seat` is to act;
/// `CARDS_STATUS_ILLEGAL` when the rules refuse it (the message names the
/// rule's clause); `CARDS_STATUS_BAD_REQUEST` for no such seat or text that
/// is no action. A refused move changes nothing.
///
/// # Safety
/// `table` is null or a live table not in use on another thread; `action`
/// is null or a NUL-terminated string; `out_played` is null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cards_play_text(
    table: *mut CardsTable,
    seat: i32,
    action: *const c_char,
    out_played: *mut *mut c_char,
) -> CardsStatus {
    // SAFETY: the caller promises a NUL-terminated string or null; the
    // borrow is used within this call.
    let action = unsafe { args::text(action, "action") };
    // SAFETY: the caller's promises are passed on.
    unsafe {
        acting(table, out_played, |t, _| {
            let seat = args::seat_at(t, seat)?;
            Ok(t.play(seat, action?)?)
        })
    }
}

/// Applies the host operation `op` (its text form, such as `"leave 2"`):
/// asked by `seat`, which may ask only for itself, or by the host when
/// `seat` is `CARDS_HOST` (-1).
///
/// `CARDS_STATUS_BAD_REQUEST` for text that is no operation of this game,
/// or a `seat` the table does not have;
/// `CARDS_STATUS_NOT_YOUR_TURN` when a seat speaks for another;
/// `CARDS_STATUS_ILLEGAL` when the rules refuse it.
///
/// # Safety
/// `table` is null or a live table not in use on another thread; `op` is
/// null or a NUL-terminated string.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cards_host(
    table: *mut CardsTable,
    seat: i32,
    op: *const c_char,
) -> CardsStatus {
    // SAFETY: the caller promises a NUL-terminated string or null; the
    // borrow is used within this call.
    let op = unsafe { args::text(op, "op") };
    // SAFETY: the caller's promises are passed on (no played text asked for).
    unsafe {
        acting(table, std::ptr::null_mut(), |t, _| {
            let seat = args::viewer_at(t, seat)?;
            t.host(seat, op?)?;
            Ok(String::new())
        })
    }
}

/// Writes what a bot of `difficulty` (`CardsDifficulty`: 0 easy, 1 medium,
/// 2 hard, 3 learned) would play for `seat` to `*out_action`, without playing it (play
/// it with `cards_play_text`); free it with
/// `cards_string_free`. The choice is drawn from the table's own bot
/// stream (kept in its save), so the same table gives the same choice in
/// every binding; asking moves that stream, so a hint that is not played
/// changes the bots' later choices (never the cards).
/// It takes as long as `cards_play_bot`.
///
/// `CARDS_STATUS_NOT_YOUR_TURN` unless `seat` is to act;
/// `CARDS_STATUS_BAD_REQUEST` for no such seat or difficulty.
///
/// # Safety
/// `table` is null or a live table not in use on another thread;
/// `out_action` is null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cards_bot_choice(
    table: *mut CardsTable,
    seat: i32,
    difficulty: u32,
    out_action: *mut *mut c_char,
) -> CardsStatus {
    if out_action.is_null() {
        return guard(|| Err(args::null("out_action")));
    }
    // SAFETY: the caller's promises are passed on; out_action is not null,
    // so the choice is always handed back.
    unsafe {
        acting(table, out_action, |t, _| {
            let level = CardsDifficulty::from_number(difficulty)?;
            let seat = args::seat_at(t, seat)?;
            Ok(t.bot_choice(seat, level)?)
        })
    }
}

/// Lets a bot of `difficulty` (`CardsDifficulty`) play for `seat`. When
/// `out_played` is not null, what it played is written there (free it with
/// `cards_string_free`). A hard bot can take up to about a second a move
/// (`CARDS_DIFFICULTY_HARD`): keep it off a thread that draws frames.
///
/// `CARDS_STATUS_NOT_YOUR_TURN` unless `seat` is to act;
/// `CARDS_STATUS_BAD_REQUEST` for no such seat or difficulty.
///
/// # Safety
/// `table` is null or a live table not in use on another thread;
/// `out_played` is null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cards_play_bot(
    table: *mut CardsTable,
    seat: i32,
    difficulty: u32,
    out_played: *mut *mut c_char,
) -> CardsStatus {
    // SAFETY: the caller's promises are passed on.
    unsafe {
        acting(table, out_played, |t, _| {
            let level = CardsDifficulty::from_number(difficulty)?;
            let seat = args::seat_at(t, seat)?;
            Ok(t.play_bot(seat, level)?)
        })
    }
}
