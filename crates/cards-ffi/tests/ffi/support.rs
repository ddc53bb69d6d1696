//! Safe helpers the tests call the C functions through, as a Rust program
//! would wrap them (each test file uses a part of them).
#![allow(dead_code)]

use std::ffi::{CStr, CString, c_char};
use std::ptr;

use cards_ffi::*;

/// A failed call: its status and this thread's last error.
pub type Failed = (CardsStatus, String);

/// This thread's last error.
pub fn last_error() -> String {
    // SAFETY: cards_last_error returns a NUL-terminated string that lives
    // until this thread's next call; it is copied at once.
    unsafe { CStr::from_ptr(cards_last_error()) }
        .to_str()
        .expect("UTF-8")
        .to_owned()
}

/// `status` as a result, with the last error when it failed.
pub fn check(status: CardsStatus) -> Result<(), Failed> {
    if status == CardsStatus::Ok {
        Ok(())
    } else {
        Err((status, last_error()))
    }
}

/// Copies and frees a string the library handed out.
pub fn take(text: *mut c_char) -> String {
    assert!(!text.is_null());
    // SAFETY: a string the library handed out and nobody freed; freed once here.
    let copy = unsafe { CStr::from_ptr(text) }
        .to_str()
        .expect("UTF-8")
        .to_owned();
    // SAFETY: as above.
    assert_eq!(unsafe { cards_string_free(text) }, CardsStatus::Ok);
    copy
}

/// A string argument.
pub fn c(text: &str) -> CString {
    CString::new(text).expect("no NUL")
}

/// Calls `f` with a string output and takes what it wrote.
pub fn string(f: impl FnOnce(*mut *mut c_char) -> CardsStatus) -> Result<String, Failed> {
    let mut out: *mut c_char = ptr::null_mut();
    check(f(&mut out))?;
    Ok(take(out))
}

/// A table handle, freed when dropped.
pub struct Handle(pub *mut CardsTable);

// SAFETY: a CardsTable may move between threads (the crate's documented
// contract); Handle is used from one thread at a time.
unsafe impl Send for Handle {}

impl Drop for Handle {
    fn drop(&mut self) {
        // SAFETY: a live table this handle owns.
        assert_eq!(unsafe { cards_table_free(self.0) }, CardsStatus::Ok);
    }
}

impl Handle {
    pub fn new(game: &str, rules: &str, seats: usize, seed: u64) -> Result<Handle, Failed> {
        let mut out = ptr::null_mut();
        let (game, rules) = (c(game), c(rules));
        // SAFETY: live strings and a local output.
        check(unsafe { cards_table_new(game.as_ptr(), rules.as_ptr(), seats, seed, &mut out) })?;
        assert!(!out.is_null());
        Ok(Handle(out))
    }

    pub fn load(save: &str) -> Result<Handle, Failed> {
        let mut out = ptr::null_mut();
        let save = c(save);
        // SAFETY: a live string and a local output.
        check(unsafe { cards_table_load(save.as_ptr(), &mut out) })?;
        Ok(Handle(out))
    }

    pub fn to_act(&self) -> Option<i32> {
        let mut seat = 7;
        // SAFETY: a live table and a local output.
        check(unsafe { cards_to_act(self.0, &mut seat) }).unwrap();
        (seat != CARDS_NO_SEAT).then_some(seat)
    }

    pub fn legal_count(&self, seat: i32) -> usize {
        let mut n = 99;
        // SAFETY: a live table and a local output.
        check(unsafe { cards_legal_count(self.0, seat, &mut n) }).unwrap();
        n
    }

    pub fn legal_json(&self, seat: i32) -> String {
        // SAFETY: a live table; `string` passes a local output.
        string(|out| unsafe { cards_legal_json(self.0, seat, out) }).unwrap()
    }

    pub fn play_text(&mut self, seat: i32, action: &str) -> Result<String, Failed> {
        let action = c(action);
        // SAFETY: a live table, a live string, a local output.
        string(|out| unsafe { cards_play_text(self.0, seat, action.as_ptr(), out) })
    }

    pub fn play_id(&mut self, seat: i32, id: u32) -> Result<String, Failed> {
        // SAFETY: a live table and a local output.
        string(|out| unsafe { cards_play_id(self.0, seat, id, out) })
    }

    pub fn play_bot(&mut self, seat: i32, level: u32) -> Result<String, Failed> {
        // SAFETY: a live table and a local output.
        string(|out| unsafe { cards_play_bot(self.0, seat, level, out) })
    }

    pub fn save(&self) -> String {
        // SAFETY: a live table; `string` passes a local output.
        string(|out| unsafe { cards_table_save(self.0, out) }).unwrap()
    }

    pub fn state(&self) -> String {
        // SAFETY: a live table; `string` passes a local output.
        string(|out| unsafe { cards_table_state(self.0, out) }).unwrap()
    }

    pub fn outcome(&self) -> Vec<u8> {
        let (mut places, mut len) = ([0_u8; 16], 99);
        // SAFETY: a live table, a local buffer of 16 and a local output.
        check(unsafe { cards_outcome(self.0, places.as_mut_ptr(), 16, &mut len) }).unwrap();
        places[..len].to_vec()
    }

    /// Plays the game out with bots of `level`; returns the moves played.
    pub fn play_out(&mut self, level: u32) -> Vec<String> {
        let mut played = Vec::new();
        while let Some(seat) = self.to_act() {
            played.push(self.play_bot(seat, level).expect("a bot's move is legal"));
        }
        played
    }
}

/// The games of the list, as the library names them.
pub fn games() -> Vec<String> {
    let mut n = 0;
    // SAFETY: a local output.
    check(unsafe { cards_game_count(&mut n) }).unwrap();
    // SAFETY: `string` passes a local output.
    (0..n)
        .map(|i| string(|out| unsafe { cards_game_name(i, out) }).unwrap())
        .collect()
}

/// The usual number of players of `game`.
pub fn default_seats(game: &str) -> usize {
    seat_limits(game)[1]
}

/// The game's fewest, default and most seats.
pub fn seat_limits(game: &str) -> [usize; 3] {
    let (mut min, mut usual, mut max) = (0, 0, 0);
    let game = c(game);
    // SAFETY: a live string and local outputs.
    check(unsafe { cards_seat_limits(game.as_ptr(), &mut min, &mut usual, &mut max) }).unwrap();
    assert!(min <= usual && usual <= max);
    [min, usual, max]
}
