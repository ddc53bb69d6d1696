//! `CardsStatus`, what every call comes to, and `CardsDifficulty`, the
//! bots' levels, as the header names them.

use std::ffi::{CStr, c_char};

use cards_games::Kind;
use cards_games::cards_core::Difficulty;

/// What a call of the library came to. Anything but `CARDS_STATUS_OK` leaves
/// a message naming the reason (and the rule's clause where a rule refused)
/// in `cards_last_error`, and leaves the table as
/// it was.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CardsStatus {
    /// Done.
    Ok = 0,
    /// Another seat is to act, the game is over, or a seat asked for a host
    /// operation that speaks for another (the protocol's `not_your_turn`).
    NotYourTurn = 1,
    /// The rules refuse it; the message names the rule and its clause (the
    /// protocol's `illegal`).
    Illegal = 2,
    /// Not something the table understands: no such game, seat or move,
    /// text that is no action, JSON that does not load (the protocol's
    /// `bad_request`).
    BadRequest = 3,
    /// A pointer argument the call needs was null.
    NullArgument = 4,
    /// A string argument was not UTF-8.
    BadUtf8 = 5,
    /// The caller's buffer is too short: the length it needs was written to
    /// the call's length output, and nothing else.
    BufferTooSmall = 6,
    /// A pointer that cannot be right: misaligned for its type, or a table
    /// handle that is no live table of this library (freed already, or
    /// something else).
    ///
    /// A best-effort check that catches some mistakes, not a guard to rely
    /// on: a freed handle is caught only while its memory is not reused.
    /// When the allocator gives that memory to a new table, the stale handle
    /// passes the check and reaches, drives and can free the new table (an
    /// address cannot tell the two apart). Using a freed handle is the
    /// caller's bug: set a handle to NULL when freeing it.
    BadPointer = 7,
    /// The library panicked: a bug in it, caught at the boundary. The table
    /// the call was given may be half-changed: free it.
    Panic = 8,
}

impl CardsStatus {
    /// The status numbered `number`, if there is one.
    pub fn from_number(number: i32) -> Option<CardsStatus> {
        Some(match number {
            0 => CardsStatus::Ok,
            1 => CardsStatus::NotYourTurn,
            2 => CardsStatus::Illegal,
            3 => CardsStatus::BadRequest,
            4 => CardsStatus::NullArgument,
            5 => CardsStatus::BadUtf8,
            6 => CardsStatus::BufferTooSmall,
            7 => CardsStatus::BadPointer,
            8 => CardsStatus::Panic,
            _ => return None,
        })
    }

    /// The status's name, as static C text (`"not_your_turn"`; the first
    /// three kinds of refusal are named as docs/protocol.md names them).
    pub fn name(self) -> &'static CStr {
        match self {
            CardsStatus::Ok => c"ok",
            CardsStatus::NotYourTurn => c"not_your_turn",
            CardsStatus::Illegal => c"illegal",
            CardsStatus::BadRequest => c"bad_request",
            CardsStatus::NullArgument => c"null_argument",
            CardsStatus::BadUtf8 => c"bad_utf8",
            CardsStatus::BufferTooSmall => c"buffer_too_small",
            CardsStatus::BadPointer => c"bad_pointer",
            CardsStatus::Panic => c"panic",
        }
    }
}

impl From<Kind> for CardsStatus {
    fn from(kind: Kind) -> CardsStatus {
        match kind {
            Kind::NotYourTurn => CardsStatus::NotYourTurn,
            Kind::Illegal => CardsStatus::Illegal,
            Kind::BadRequest => CardsStatus::BadRequest,
        }
    }
}

/// The name of `status` (a `CardsStatus` number) as static text that is
/// never freed: `"ok"`, `"not_your_turn"`, `"illegal"`, `"bad_request"`,
/// `"null_argument"`, `"bad_utf8"`, `"buffer_too_small"`, `"bad_pointer"`,
/// `"panic"`, or `"unknown"` for a number that is no status.
#[unsafe(no_mangle)]
pub extern "C" fn cards_status_name(status: i32) -> *const c_char {
    CardsStatus::from_number(status)
        .map_or(c"unknown", CardsStatus::name)
        .as_ptr()
}

/// How strong a bot plays, as the calls that take a `difficulty` number it.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CardsDifficulty {
    /// The game's heuristic half the time, a random legal move otherwise
    /// (microseconds a move).
    Easy = 0,
    /// The game's heuristic bot (microseconds a move).
    Medium = 1,
    /// A search from the seat's view: far slower, and by game. Measured
    /// through this interface on a shared 2-core machine, a move took on
    /// average about 2-3 ms in Schwimmen and Hearts, 8-10 ms in Crazy
    /// Eights, 13 ms in Trump 21 and 65 ms in Shithead, the slowest single
    /// moves 15, 9, 45, 65 ms and 1.1 s; under a heavier load the means
    /// were 3-25 ms, and 130-170 ms in Shithead. Do not call it on a main
    /// or render thread: play it on a worker thread, one table per thread
    /// (a table may move between threads, never be used by two at once).
    Hard = 2,
    /// The game's trained network (microseconds a move; the heuristic
    /// where the game ships no network for the seat count).
    Learned = 3,
}

impl CardsDifficulty {
    /// The level numbered `level`, or a refusal naming the levels.
    pub(crate) fn from_number(level: u32) -> Result<Difficulty, crate::error::Failure> {
        match level {
            0 => Ok(Difficulty::Easy),
            1 => Ok(Difficulty::Medium),
            2 => Ok(Difficulty::Hard),
            3 => Ok(Difficulty::Learned),
            _ => Err(crate::error::Failure::new(
                CardsStatus::BadRequest,
                format!("there is no difficulty {level}: 0 is easy, 1 medium, 2 hard, 3 learned"),
            )),
        }
    }
}
