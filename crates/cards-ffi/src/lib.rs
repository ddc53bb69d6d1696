//! A C ABI for every game of the card-rules list, for game engines and
//! programs in any language that loads native libraries: Unity (C#,
//! P/Invoke), Unreal (C++), Godot (GDExtension, C) and others. The header is
//! `include/cards.h` (made from this crate by cbindgen); `include/cards.hpp`
//! wraps it for C++ and `bindings/csharp/` for C#; docs/engines.md shows how
//! each engine loads it.
//!
//! Every game goes through [`cards_games::AnyTable`]: a table is made by the
//! game's name (`cards_game_name` lists them), driven with moves as text or
//! as ids of the legal moves, and read as the JSON of docs/protocol.md.
//!
//! # The conventions of every call
//!
//! - **Status.** Every function returns a `CardsStatus` (except
//!   `cards_last_error`, `cards_status_name` and `cards_version`, which
//!   return static or thread-local text). `CARDS_STATUS_OK` is 0. A call that
//!   fails changes nothing, and leaves a message in `cards_last_error`
//!   that names the reason (the rule's clause, such as `(C5.2)`, where a rule
//!   refused), as the Rust error does.
//! - **Answers** come through `out_` pointer arguments, never as return
//!   values. An `out_` argument may be null only where its documentation
//!   says so; a failed call leaves each output at its empty value: null
//!   for a pointer, 0 for a count, `CARDS_NO_SEAT` for `cards_to_act`'s
//!   seat and `from` for `cards_events`' next index.
//! - **Strings** passed in are NUL-terminated UTF-8; strings handed out are
//!   too, and each is freed once with `cards_string_free`. Nothing the
//!   caller passes is kept after the call returns.
//! - **Buffers** the caller fills (`cards_legal_ids`, `cards_outcome`) come
//!   with their capacity; the length of the answer is always written, and a
//!   short buffer gets `CARDS_STATUS_BUFFER_TOO_SMALL` and nothing else.
//! - **Checks.** Null pointers, misaligned pointers, handles that are not
//!   live tables (as far as the library can tell: a freed handle is caught
//!   only while its memory is not reused), bad UTF-8 and short buffers are
//!   refused with their own statuses, never undefined behaviour where the
//!   library can check.
//! - **Panics** never cross the boundary: a panic (a bug in the library) is
//!   caught and returned as `CARDS_STATUS_PANIC`; free the table it was
//!   given. This needs the library built with unwinding (the default).
//! - **Seats** are numbered from 0, as `int32_t`; `CARDS_SPECTATOR` (-1)
//!   asks for a spectator's view, or for the host in `cards_host`, and
//!   `CARDS_NO_SEAT` (-1) is who is to act once the game is over. Every call
//!   that takes a seat (the reads too: legal moves, views, events) refuses
//!   one the table does not have with `CARDS_STATUS_BAD_REQUEST`, naming
//!   the seat and the table's size ("there is no seat 7: the table has 3
//!   seats").
//!
//! # Threads
//!
//! A `CardsTable` may be moved to and used from any thread (it is `Send`),
//! but not from two threads at once: a table shared between threads needs
//! the caller's lock around every call on it. Different tables may be used
//! on different threads at the same time, with no lock. The functions that
//! take no table (the game list) may be called from any thread at any time.
//! `cards_last_error` is per thread: read it on the thread that made the
//! failed call.
#![deny(unsafe_op_in_unsafe_fn)]
#![deny(missing_docs)]

mod args;
mod error;
mod games;
mod play;
mod read;
mod status;
mod strings;
mod table;

pub use error::cards_last_error;
pub use games::{
    cards_default_rules, cards_game_count, cards_game_name, cards_game_title, cards_seat_limits,
};
pub use play::{
    cards_bot_choice, cards_host, cards_legal_count, cards_legal_ids, cards_legal_json,
    cards_legal_text, cards_play_bot, cards_play_id, cards_play_text, cards_to_act,
};
pub use read::{cards_events, cards_log_len, cards_outcome, cards_view};
pub use status::{CardsDifficulty, CardsStatus, cards_status_name};
pub use strings::{cards_string_free, cards_version};
pub use table::{
    CardsTable, cards_table_clone, cards_table_free, cards_table_game, cards_table_load,
    cards_table_new, cards_table_rules, cards_table_save, cards_table_seats, cards_table_state,
};

/// The seat number that stands for a spectator (in `cards_view` and
/// `cards_events`) and for the host (in `cards_host`).
pub const CARDS_SPECTATOR: i32 = -1;

/// The seat number that stands for the host in `cards_host` (the same
/// number as `CARDS_SPECTATOR`).
pub const CARDS_HOST: i32 = -1;

/// The seat `cards_to_act` writes once the game is over.
pub const CARDS_NO_SEAT: i32 = -1;

/// The number of this C interface: it grows by one whenever a function is
/// removed or changes its arguments (adding functions keeps it).
pub const CARDS_ABI_VERSION: u32 = 1;
