//! What a seat or a spectator sees: views, events since a cursor, and the
//! outcome.

use std::ffi::c_char;

use crate::args::{self, Buffer, Out};
use crate::error::{Failure, guard};
use crate::status::CardsStatus;
use crate::table::{CardsTable, answer, table, table_mut};

/// Writes what `seat` sees now (or a spectator, for `CARDS_SPECTATOR`, -1)
/// as the protocol's view JSON (docs/protocol.md) to `*out_json`; free it
/// with `cards_string_free`.
///
/// `CARDS_STATUS_BAD_REQUEST` for a seat the table does not have (past its
/// seats, or negative other than `CARDS_SPECTATOR`), naming the seat and
/// the table's size: ask for a spectator's view with `CARDS_SPECTATOR`.
///
/// # Safety
/// `table` is null or a live table not in use on another thread;
/// `out_json` is null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cards_view(
    table: *const CardsTable,
    seat: i32,
    out_json: *mut *mut c_char,
) -> CardsStatus {
    // SAFETY: the caller's promises are passed on.
    unsafe {
        answer(table, out_json, "out_json", |t| {
            Ok(t.view_json(args::viewer(seat)?)?)
        })
    }
}

/// Writes the log entries from index `from` on, as `seat` (or a spectator,
/// for `CARDS_SPECTATOR`) may see them, to `*out_json` as a JSON list of
/// `{"index": 3, "event": {"game": ...}, "text": "..."}` (the protocol's
/// events, and the same in words); free it with
/// `cards_string_free`. `*out_next` is the
/// index to ask from next time. Asking again from where the last answer
/// ended costs the new entries only.
///
/// `CARDS_STATUS_BAD_REQUEST` for a seat the table does not have, as
/// `cards_view`.
///
/// # Safety
/// `table` is null or a live table not in use on another thread;
/// `out_json` and `out_next` are null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cards_events(
    table: *mut CardsTable,
    seat: i32,
    from: usize,
    out_json: *mut *mut c_char,
    out_next: *mut usize,
) -> CardsStatus {
    guard(|| {
        // SAFETY: the caller promises a writable out_json or null.
        let out = unsafe { Out::new(out_json, "out_json", std::ptr::null_mut()) }?;
        // SAFETY: the caller promises a writable out_next or null.
        let next = unsafe { Out::new(out_next, "out_next", from) }?;
        // SAFETY: the caller promises a live table or null.
        let table = unsafe { table_mut(table) }?;
        let events = table.events(args::viewer(seat)?, from)?;
        let json =
            serde_json::to_string(&events).map_err(|e| Failure::new(CardsStatus::BadRequest, e))?;
        out.give(json)?;
        next.put(table.log_len());
        Ok(())
    })
}

/// Writes the number of log entries (the index the next event will have)
/// to `*out_len`.
///
/// # Safety
/// `table` is null or a live table not in use on another thread; `out_len`
/// is null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cards_log_len(
    table: *const CardsTable,
    out_len: *mut usize,
) -> CardsStatus {
    guard(|| {
        // SAFETY: the caller promises a writable out_len or null.
        let out = unsafe { Out::new(out_len, "out_len", 0) }?;
        // SAFETY: the caller promises a live table or null.
        out.put(unsafe { self::table(table) }?.log_len());
        Ok(())
    })
}

/// Writes each seat's place (1 for the winners, competition style:
/// 1, 2, 2, 4) to `places`, a buffer of `capacity` bytes, and the number of
/// seats to `*out_len`, once the game is over; while it is not, `*out_len`
/// is 0. When the places do not fit, only `*out_len` is written and the call
/// returns `CARDS_STATUS_BUFFER_TOO_SMALL`.
///
/// # Safety
/// `table` is null or a live table not in use on another thread; `places`
/// is null or writable for `capacity` bytes; `out_len` is null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cards_outcome(
    table: *const CardsTable,
    places: *mut u8,
    capacity: usize,
    out_len: *mut usize,
) -> CardsStatus {
    guard(|| {
        // SAFETY: the caller promises the buffer and out_len as documented.
        let buffer = unsafe { Buffer::new(places, capacity, "places", out_len, "out_len") }?;
        // SAFETY: the caller promises a live table or null.
        let outcome = unsafe { self::table(table) }?.outcome();
        buffer.fill(outcome.as_ref().map_or(&[], |o| o.places()))
    })
}
