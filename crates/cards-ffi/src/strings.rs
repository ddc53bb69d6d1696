//! Strings the library hands out, and the one function that frees them.

use std::ffi::{CString, c_char};

use crate::error::guard;
use crate::status::CardsStatus;

/// Frees a string this library handed out through an `out_` argument (a
/// view, a save, a move's text...). Null is allowed and does nothing. Free
/// each string once, and only with this function.
///
/// The texts that `cards_last_error`,
/// `cards_status_name` and `cards_version`
/// return are not handed out: never free those.
///
/// # Safety
/// `text` is null or a string from an `out_` argument of this library that
/// was not freed before.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cards_string_free(text: *mut c_char) -> CardsStatus {
    guard(|| {
        if !text.is_null() {
            // SAFETY: the caller promises a string this library made with
            // CString::into_raw (every `give`) and did not free before.
            drop(unsafe { CString::from_raw(text) });
        }
        Ok(())
    })
}

/// The library's version, such as `"0.1.0"`, as static text (never freed).
#[unsafe(no_mangle)]
pub extern "C" fn cards_version() -> *const c_char {
    concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast()
}
