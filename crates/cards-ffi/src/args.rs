//! Checking what the caller passes: strings, output pointers, buffers, seats.
//!
//! Every check happens before the call changes anything, so a refused
//! argument leaves the table as it was. Nothing the caller passes is kept
//! past the call.

use std::ffi::{CStr, CString, c_char};
use std::ptr::NonNull;

use cards_games::AnyTable;

use crate::error::Failure;
use crate::status::CardsStatus;

/// A refusal of a null `name`.
pub(crate) fn null(name: &str) -> Failure {
    Failure::new(CardsStatus::NullArgument, format!("{name} is null"))
}

/// A refusal of a pointer `name` misaligned for its type.
fn misaligned(name: &str) -> Failure {
    Failure::new(
        CardsStatus::BadPointer,
        format!("{name} is not aligned for its type"),
    )
}

/// The NUL-terminated UTF-8 string argument `name`.
///
/// # Safety
/// `ptr` is null or points to a NUL-terminated string that stays readable
/// and unchanged until the call returns (the returned borrow is used within
/// the call only).
pub(crate) unsafe fn text<'a>(ptr: *const c_char, name: &str) -> Result<&'a str, Failure> {
    if ptr.is_null() {
        return Err(null(name));
    }
    // SAFETY: not null, and the caller promises a NUL-terminated string
    // that lives through the call.
    let bytes = unsafe { CStr::from_ptr(ptr) };
    bytes.to_str().map_err(|e| {
        Failure::new(
            CardsStatus::BadUtf8,
            format!(
                "{name} is not UTF-8: byte {} is not (strings are UTF-8, NUL-terminated)",
                e.valid_up_to()
            ),
        )
    })
}

/// An output argument: checked not null and aligned when made, written once.
pub(crate) struct Out<T> {
    ptr: NonNull<T>,
}

impl<T> Out<T> {
    /// The output argument `name`, refused when null or misaligned, and
    /// set to `init` at once (so a failed call leaves a defined value).
    ///
    /// # Safety
    /// `ptr` is null or valid for writing a `T` until the call returns.
    pub(crate) unsafe fn new(ptr: *mut T, name: &str, init: T) -> Result<Out<T>, Failure> {
        let ptr = NonNull::new(ptr).ok_or_else(|| null(name))?;
        if !ptr.is_aligned() {
            return Err(misaligned(name));
        }
        // SAFETY: not null and aligned (checked above), and the caller
        // promises it is writable for a T.
        unsafe { ptr.as_ptr().write(init) };
        Ok(Out { ptr })
    }

    /// The output argument `name` that the caller may pass null for: `None`
    /// then.
    ///
    /// # Safety
    /// As [`Out::new`].
    pub(crate) unsafe fn optional(
        ptr: *mut T,
        name: &str,
        init: T,
    ) -> Result<Option<Out<T>>, Failure> {
        if ptr.is_null() {
            return Ok(None);
        }
        // SAFETY: the caller's promise is passed on.
        unsafe { Out::new(ptr, name, init) }.map(Some)
    }

    /// Writes `value`.
    pub(crate) fn put(self, value: T) {
        // SAFETY: `new` checked the pointer not null and aligned, and its
        // caller promised it writable for a T until the call returns, which
        // this `Out` does not outlive (it is made and spent within a call).
        unsafe { self.ptr.as_ptr().write(value) }
    }
}

impl Out<*mut c_char> {
    /// Hands `text` to the caller as a string it frees with
    /// `cards_string_free`.
    pub(crate) fn give(self, text: String) -> Result<(), Failure> {
        let text = CString::new(text).map_err(|e| {
            Failure::new(
                CardsStatus::BadRequest,
                format!("the answer holds a NUL byte at {}", e.nul_position()),
            )
        })?;
        self.put(text.into_raw());
        Ok(())
    }
}

/// A caller's buffer of `cap` items to fill, and where its filled length goes.
pub(crate) struct Buffer<T> {
    ptr: *mut T,
    cap: usize,
    len: Out<usize>,
}

impl<T: Copy> Buffer<T> {
    /// The buffer `name` of `cap` items (null allowed when `cap` is 0, to ask
    /// for the length alone) and its length output `len_name`.
    ///
    /// # Safety
    /// `ptr` is null or valid for writing `cap` items of `T`; `len` is null
    /// or valid for writing a `usize`; both until the call returns.
    pub(crate) unsafe fn new(
        ptr: *mut T,
        cap: usize,
        name: &str,
        len: *mut usize,
        len_name: &str,
    ) -> Result<Buffer<T>, Failure> {
        // SAFETY: the caller's promise is passed on.
        let len = unsafe { Out::new(len, len_name, 0) }?;
        if cap > 0 && ptr.is_null() {
            return Err(null(name));
        }
        if !ptr.is_aligned() {
            return Err(misaligned(name));
        }
        if cap
            .checked_mul(size_of::<T>())
            .is_none_or(|b| b > isize::MAX as usize)
        {
            return Err(Failure::new(
                CardsStatus::BadRequest,
                format!("{name}'s length {cap} is past what memory can hold"),
            ));
        }
        Ok(Buffer { ptr, cap, len })
    }

    /// Writes `items` and their count; when they do not fit, writes only
    /// the count (the length the buffer needs) and refuses.
    pub(crate) fn fill(self, items: &[T]) -> Result<(), Failure> {
        self.len.put(items.len());
        if items.len() > self.cap {
            return Err(Failure::new(
                CardsStatus::BufferTooSmall,
                format!(
                    "the buffer holds {} items and the answer has {}: its length was written",
                    self.cap,
                    items.len()
                ),
            ));
        }
        if !items.is_empty() {
            // SAFETY: `ptr` is not null (cap >= items.len() > 0), aligned,
            // valid for `cap` >= items.len() writes (checked in `new` and
            // promised by its caller), and cannot overlap `items`, which is
            // this library's own memory.
            unsafe { std::ptr::copy_nonoverlapping(items.as_ptr(), self.ptr, items.len()) };
        }
        Ok(())
    }
}

/// A seat number from the caller: from 0. Whether the table has that seat
/// is the table's to say: every [`AnyTable`] call that takes a seat refuses
/// one past the table, naming the seat and the table's size.
pub(crate) fn seat(seat: i32) -> Result<usize, Failure> {
    usize::try_from(seat).map_err(|_| {
        Failure::new(
            CardsStatus::BadRequest,
            format!("there is no seat {seat}: seats are numbered from 0"),
        )
    })
}

/// A viewer from the caller: a seat number (as [`seat`]), or
/// `CARDS_SPECTATOR` for a spectator (and the host, in host operations).
pub(crate) fn viewer(seat_number: i32) -> Result<Option<usize>, Failure> {
    if seat_number == crate::CARDS_SPECTATOR {
        Ok(None)
    } else {
        seat(seat_number).map(Some)
    }
}

/// A seat of `table` from the caller: 0 to its number of seats - 1, checked
/// before the call reads its other arguments (an action's text), so that a
/// seat past the table is refused as such whatever else is wrong.
pub(crate) fn seat_at(table: &AnyTable, seat_number: i32) -> Result<usize, Failure> {
    Ok(table.seat(seat(seat_number)?)?.index())
}

/// A viewer of `table` from the caller: one of its seats (as [`seat_at`]),
/// or `CARDS_SPECTATOR`.
pub(crate) fn viewer_at(table: &AnyTable, seat_number: i32) -> Result<Option<usize>, Failure> {
    match viewer(seat_number)? {
        Some(s) => Ok(Some(table.seat(s)?.index())),
        None => Ok(None),
    }
}
