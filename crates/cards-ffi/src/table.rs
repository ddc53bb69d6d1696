//! The opaque table handle: making, copying, saving, loading and freeing it,
//! and what it tells about itself.

use std::ffi::c_char;

use cards_games::AnyTable;

use crate::args::{self, Out};
use crate::error::{Failure, guard};
use crate::status::CardsStatus;

/// A table of one game of the list: opaque, made by `cards_table_new` or
/// `cards_table_load`, freed by `cards_table_free`.
///
/// A table may move to another thread (it is `Send`), but it must not be
/// used from two threads at once: guard a shared table with a lock.
pub struct CardsTable {
    /// `LIVE` while the table lives; cleared when it is freed.
    magic: u64,
    table: AnyTable,
}

/// What a live table's first field holds.
const LIVE: u64 = u64::from_le_bytes(*b"cardsTbl");

/// A refusal of a pointer that is no live table.
fn not_a_table(name: &str) -> Failure {
    Failure::new(
        CardsStatus::BadPointer,
        format!("{name} is not a live table of this library (freed already, or something else)"),
    )
}

/// The table behind the handle `ptr`, to read.
///
/// # Safety
/// `ptr` is null or a pointer this library handed out and that was not
/// freed, not in use on another thread during the call.
pub(crate) unsafe fn table<'a>(ptr: *const CardsTable) -> Result<&'a AnyTable, Failure> {
    if ptr.is_null() {
        return Err(args::null("table"));
    }
    if !ptr.is_aligned() {
        return Err(not_a_table("table"));
    }
    // SAFETY: not null and aligned; the caller promises a handle of this
    // library, which points to a CardsTable. Only the magic is read before
    // it is checked, so a wrong pointer to readable memory is refused before
    // anything else in it is read (the check catches some wrong pointers,
    // never all).
    let magic = unsafe { std::ptr::addr_of!((*ptr).magic).read() };
    if magic != LIVE {
        return Err(not_a_table("table"));
    }
    // SAFETY: a live table (checked above), not changed during the call.
    Ok(unsafe { &(*ptr).table })
}

/// The table behind the handle `ptr`, to change.
///
/// # Safety
/// As `table`, and no other reference to the table during the call.
pub(crate) unsafe fn table_mut<'a>(ptr: *mut CardsTable) -> Result<&'a mut AnyTable, Failure> {
    // SAFETY: the caller's promise is passed on; the read checks the handle.
    unsafe { table(ptr) }?;
    // SAFETY: checked live above; the caller promises no other use of it
    // during the call, so this is the only reference.
    Ok(unsafe { &mut (*ptr).table })
}

/// Hands `table` to the caller as a new handle.
fn hand_out(out: Out<*mut CardsTable>, table: AnyTable) {
    out.put(Box::into_raw(Box::new(CardsTable { magic: LIVE, table })));
}

/// Makes a table of the game called `game` (a name of the list:
/// `cards_game_name`) under `rules_json` (the
/// game's rules as a JSON object; `""` or `"{}"` for its defaults, and any
/// rule left out keeps its default), for `seats` players, dealt from `seed`.
/// The same arguments always give the same game, bots' choices included.
///
/// On success `*out_table` is a new table to free with `cards_table_free`;
/// otherwise it is null.
///
/// `CARDS_STATUS_BAD_REQUEST`: no such game, rules that do not load, or a
/// seat count or rule the game refuses (the message names the rule).
///
/// # Safety
/// `game` and `rules_json` are null or NUL-terminated strings; `out_table`
/// is null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cards_table_new(
    game: *const c_char,
    rules_json: *const c_char,
    seats: usize,
    seed: u64,
    out_table: *mut *mut CardsTable,
) -> CardsStatus {
    guard(|| {
        // SAFETY: the caller promises a writable out_table or null.
        let out = unsafe { Out::new(out_table, "out_table", std::ptr::null_mut()) }?;
        // SAFETY: the caller promises NUL-terminated strings or null.
        let game = unsafe { args::text(game, "game") }?;
        // SAFETY: as above.
        let rules = unsafe { args::text(rules_json, "rules_json") }?;
        hand_out(out, AnyTable::new(game, rules, seats, seed)?);
        Ok(())
    })
}

/// Makes a table from a save of `cards_table_save`: it continues exactly
/// where the saved one stood (chance and the bots' choices included).
///
/// `CARDS_STATUS_BAD_REQUEST` when `save_json` is no save of this library or
/// does not replay (the message says where).
///
/// # Safety
/// `save_json` is null or a NUL-terminated string; `out_table` is null or
/// writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cards_table_load(
    save_json: *const c_char,
    out_table: *mut *mut CardsTable,
) -> CardsStatus {
    guard(|| {
        // SAFETY: the caller promises a writable out_table or null.
        let out = unsafe { Out::new(out_table, "out_table", std::ptr::null_mut()) }?;
        // SAFETY: the caller promises a NUL-terminated string or null.
        let save = unsafe { args::text(save_json, "save_json") }?;
        hand_out(out, AnyTable::load(save)?);
        Ok(())
    })
}

/// Makes an independent copy of `table` (say, for a search to play ahead
/// on), to free with `cards_table_free`.
///
/// # Safety
/// `table` is null or a live table not in use on another thread;
/// `out_table` is null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cards_table_clone(
    table: *const CardsTable,
    out_table: *mut *mut CardsTable,
) -> CardsStatus {
    guard(|| {
        // SAFETY: the caller promises a writable out_table or null.
        let out = unsafe { Out::new(out_table, "out_table", std::ptr::null_mut()) }?;
        // SAFETY: the caller promises a live table or null.
        let copy = unsafe { self::table(table) }?.clone();
        hand_out(out, copy);
        Ok(())
    })
}

/// Frees `table`. Null is allowed and does nothing. The handle must not be
/// used afterwards: set it to NULL. A call with the freed handle is refused
/// with `CARDS_STATUS_BAD_POINTER` only while its memory is not reused; once
/// a new table is made at the same address, the stale handle is that table
/// (see `CARDS_STATUS_BAD_POINTER`).
///
/// # Safety
/// `table` is null or a live table of this library, not in use on another
/// thread, and not freed before.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cards_table_free(table: *mut CardsTable) -> CardsStatus {
    guard(|| {
        if table.is_null() {
            return Ok(());
        }
        // SAFETY: the caller promises a live table (checked as far as it can be).
        unsafe { table_mut(table) }?;
        // SAFETY: a live handle that this library made with Box::into_raw;
        // the caller gives it up. The magic is cleared first so that a
        // second free of the same pointer is refused while the memory has
        // not been reused.
        let mut boxed = unsafe { Box::from_raw(table) };
        boxed.magic = 0;
        drop(boxed);
        Ok(())
    })
}

/// Writes the whole table as JSON to `*out_json` (a string to free with
/// `cards_string_free`), to continue later with
/// `cards_table_load`.
///
/// # Safety
/// `table` is null or a live table not in use on another thread; `out_json`
/// is null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cards_table_save(
    table: *const CardsTable,
    out_json: *mut *mut c_char,
) -> CardsStatus {
    // SAFETY: the caller's promises are passed on.
    unsafe { answer(table, out_json, "out_json", |t| Ok(t.save())) }
}

/// Writes the table's game name to `*out_name` (free it with
/// `cards_string_free`).
///
/// # Safety
/// As `cards_table_save`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cards_table_game(
    table: *const CardsTable,
    out_name: *mut *mut c_char,
) -> CardsStatus {
    // SAFETY: the caller's promises are passed on.
    unsafe { answer(table, out_name, "out_name", |t| Ok(t.game().to_owned())) }
}

/// Writes the table's rules as JSON to `*out_json` (free it with
/// `cards_string_free`).
///
/// # Safety
/// As `cards_table_save`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cards_table_rules(
    table: *const CardsTable,
    out_json: *mut *mut c_char,
) -> CardsStatus {
    // SAFETY: the caller's promises are passed on.
    unsafe { answer(table, out_json, "out_json", |t| Ok(t.rules_json())) }
}

/// Writes the whole position as JSON to `*out_json`, every hidden card
/// included: for the host (a debugger, a replay), never to show a player.
/// Free it with `cards_string_free`.
///
/// # Safety
/// As `cards_table_save`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cards_table_state(
    table: *const CardsTable,
    out_json: *mut *mut c_char,
) -> CardsStatus {
    // SAFETY: the caller's promises are passed on.
    unsafe { answer(table, out_json, "out_json", |t| Ok(t.state_json())) }
}

/// Writes the number of seats at the table to `*out_seats`.
///
/// # Safety
/// `table` is null or a live table not in use on another thread;
/// `out_seats` is null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cards_table_seats(
    table: *const CardsTable,
    out_seats: *mut usize,
) -> CardsStatus {
    guard(|| {
        // SAFETY: the caller promises a writable out_seats or null.
        let out = unsafe { Out::new(out_seats, "out_seats", 0) }?;
        // SAFETY: the caller promises a live table or null.
        out.put(unsafe { self::table(table) }?.seats());
        Ok(())
    })
}

/// Writes what `read` makes of `table` to `*out` as a string the caller
/// frees, or the failure `read` returns.
///
/// # Safety
/// `table` is null or a live table not in use on another thread; `out` is
/// null or writable.
pub(crate) unsafe fn answer(
    table: *const CardsTable,
    out: *mut *mut c_char,
    name: &str,
    read: impl FnOnce(&AnyTable) -> Result<String, Failure>,
) -> CardsStatus {
    guard(|| {
        // SAFETY: the caller promises a writable out or null.
        let out = unsafe { Out::new(out, name, std::ptr::null_mut()) }?;
        // SAFETY: the caller promises a live table or null.
        let table = unsafe { self::table(table) }?;
        out.give(read(table)?)
    })
}
