//! Failures, the thread-local last error, and `guard`: the wrapper every
//! exported function runs its body in, so that no panic crosses the boundary.

use std::cell::RefCell;
use std::ffi::{CString, c_char};
use std::fmt;
use std::panic::{self, AssertUnwindSafe};

use cards_games::Refusal;

use crate::status::CardsStatus;

/// Why a call failed: its status and a message for `cards_last_error`.
#[derive(Debug)]
pub(crate) struct Failure {
    pub(crate) status: CardsStatus,
    pub(crate) message: String,
}

impl Failure {
    pub(crate) fn new(status: CardsStatus, message: impl fmt::Display) -> Failure {
        Failure {
            status,
            message: message.to_string(),
        }
    }
}

impl From<Refusal> for Failure {
    fn from(refusal: Refusal) -> Failure {
        Failure {
            status: refusal.kind.into(),
            message: refusal.message,
        }
    }
}

thread_local! {
    /// The message of this thread's last failed call; `None` after a call
    /// that succeeded.
    static LAST_ERROR: RefCell<Option<CString>> = const { RefCell::new(None) };
}

/// Keeps `message` (or none) as this thread's last error.
fn record(message: Option<String>) {
    let message = message.map(|m| {
        CString::new(m.replace('\0', "\\0")).unwrap_or_else(|_| CString::from(c"(unprintable)"))
    });
    // A call made while the thread is being torn down finds no storage:
    // its message is lost, the status still tells.
    let _ = LAST_ERROR.try_with(|last| {
        if let Ok(mut last) = last.try_borrow_mut() {
            *last = message;
        }
    });
}

/// The text of a panic's payload.
fn panic_text(payload: &(dyn std::any::Any + Send)) -> &str {
    if let Some(s) = payload.downcast_ref::<&str>() {
        s
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s
    } else {
        "(no message)"
    }
}

/// Runs `body`, catching any panic, records its message as this thread's
/// last error (or clears it), and returns its status.
pub(crate) fn guard(body: impl FnOnce() -> Result<(), Failure>) -> CardsStatus {
    let (status, message) = match panic::catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => (CardsStatus::Ok, None),
        Ok(Err(failure)) => (failure.status, Some(failure.message)),
        Err(payload) => (
            CardsStatus::Panic,
            Some(format!(
                "the library panicked, a bug in it (free the table the call was given): {}",
                panic_text(payload.as_ref())
            )),
        ),
    };
    record(message);
    status
}

/// The message of this thread's last failed call, naming the reason (the
/// rule and its clause, where a rule refused: `"... (S5.2)"`); `""` when the
/// last call succeeded.
///
/// The text belongs to the library: do not free it. It stays valid until
/// this thread's next call of a `cards_` function; copy it to keep it.
/// Each thread has its own last error.
#[unsafe(no_mangle)]
pub extern "C" fn cards_last_error() -> *const c_char {
    LAST_ERROR
        .try_with(|last| {
            last.try_borrow()
                .ok()
                .and_then(|last| last.as_ref().map(|m| m.as_ptr()))
        })
        .ok()
        .flatten()
        .unwrap_or(c"".as_ptr())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::CStr;

    fn last() -> String {
        // SAFETY: cards_last_error returns a NUL-terminated string that lives
        // until this thread's next call.
        unsafe { CStr::from_ptr(cards_last_error()) }
            .to_str()
            .expect("UTF-8")
            .to_owned()
    }

    #[test]
    fn a_panic_is_caught_and_named_and_the_next_success_clears_it() {
        let status = guard(|| panic!("boom {}", 7));
        assert_eq!(status, CardsStatus::Panic);
        assert!(last().contains("boom 7"), "{}", last());
        assert_eq!(guard(|| Ok(())), CardsStatus::Ok);
        assert_eq!(last(), "");
        let status = guard(|| std::panic::panic_any(42_u8));
        assert_eq!(status, CardsStatus::Panic);
        assert!(last().contains("(no message)"));
    }

    #[test]
    fn a_failure_keeps_its_status_and_a_message_with_a_nul_survives() {
        let status = guard(|| Err(Failure::new(CardsStatus::Illegal, "a\0b (X1)")));
        assert_eq!(status, CardsStatus::Illegal);
        assert_eq!(last(), "a\\0b (X1)");
    }
}
