//! The list of games (`cards_games::NAMES`): names, titles, default rules
//! and seat limits.

use std::ffi::c_char;

use cards_games::{AnyTable, GAMES, Listed, Refusal};

use crate::args::{self, Out};
use crate::error::{Failure, guard};
use crate::status::CardsStatus;

/// Writes the number of games in the list to `*out_count`.
///
/// # Safety
/// `out_count` is null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cards_game_count(out_count: *mut usize) -> CardsStatus {
    guard(|| {
        // SAFETY: the caller promises a writable out_count or null.
        unsafe { Out::new(out_count, "out_count", 0) }?.put(GAMES.len());
        Ok(())
    })
}

/// Game `index` of the list, or a refusal that says how many there are.
fn game(index: usize) -> Result<&'static Listed, Failure> {
    GAMES.get(index).ok_or_else(|| {
        Refusal::bad_request(format!(
            "there is no game {index}: the list has {} games, numbered from 0",
            GAMES.len()
        ))
        .into()
    })
}

/// Writes the name of game `index` of the list (the name
/// `cards_table_new` takes, such as
/// `"crazy-eights"`) to `*out_name`; free it with
/// `cards_string_free`.
///
/// # Safety
/// `out_name` is null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cards_game_name(index: usize, out_name: *mut *mut c_char) -> CardsStatus {
    guard(|| {
        // SAFETY: the caller promises a writable out_name or null.
        let out = unsafe { Out::new(out_name, "out_name", std::ptr::null_mut()) }?;
        out.give(game(index)?.name.to_owned())
    })
}

/// Writes the title of game `index` of the list (its name for people, such
/// as `"Crazy Eights"`) to `*out_title`; free it with
/// `cards_string_free`.
///
/// # Safety
/// `out_title` is null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cards_game_title(
    index: usize,
    out_title: *mut *mut c_char,
) -> CardsStatus {
    guard(|| {
        // SAFETY: the caller promises a writable out_title or null.
        let out = unsafe { Out::new(out_title, "out_title", std::ptr::null_mut()) }?;
        out.give(game(index)?.title.to_owned())
    })
}

/// A refusal of a game name that is not in the list.
fn no_game(name: &str) -> Failure {
    Refusal::bad_request(format!(
        "there is no game {}: the games are {}",
        cards_games::cards_core::text::echo(name),
        cards_games::names_in_words()
    ))
    .into()
}

/// Writes the default rules of the game called `game` as JSON (the form
/// `cards_table_new` takes) to `*out_json`; free it
/// with `cards_string_free`.
///
/// # Safety
/// `game` is null or a NUL-terminated string; `out_json` is null or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cards_default_rules(
    game: *const c_char,
    out_json: *mut *mut c_char,
) -> CardsStatus {
    guard(|| {
        // SAFETY: the caller promises a writable out_json or null.
        let out = unsafe { Out::new(out_json, "out_json", std::ptr::null_mut()) }?;
        // SAFETY: the caller promises a NUL-terminated string or null.
        let name = unsafe { args::text(game, "game") }?;
        out.give(AnyTable::default_rules(name).ok_or_else(|| no_game(name))?)
    })
}

/// Writes how many players the game called `game` takes under its default
/// rules: the fewest to `*out_min`, its usual number to `*out_default`, the
/// most to `*out_max`.
///
/// # Safety
/// `game` is null or a NUL-terminated string; the outputs are null or
/// writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cards_seat_limits(
    game: *const c_char,
    out_min: *mut usize,
    out_default: *mut usize,
    out_max: *mut usize,
) -> CardsStatus {
    guard(|| {
        // SAFETY: the caller promises writable outputs or nulls.
        let outs = unsafe {
            [
                Out::new(out_min, "out_min", 0)?,
                Out::new(out_default, "out_default", 0)?,
                Out::new(out_max, "out_max", 0)?,
            ]
        };
        // SAFETY: the caller promises a NUL-terminated string or null.
        let name = unsafe { args::text(game, "game") }?;
        let limits = AnyTable::seat_limits(name).ok_or_else(|| no_game(name))?;
        for (out, limit) in outs.into_iter().zip(limits) {
            out.put(limit);
        }
        Ok(())
    })
}
