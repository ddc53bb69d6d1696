//! The thread contract: a table is `Send` (made on one thread, played on
//! another), different tables run on different threads at once, a table
//! shared between threads works behind the caller's lock, and the last
//! error is each thread's own.

use std::sync::{Arc, Mutex};
use std::thread;

use crate::support::{Handle, default_seats, last_error};
use cards_ffi::CardsStatus;
use cards_games::NAMES;

fn send<T: Send>() {}

/// Every game played out with medium bots from `seed`, on this thread.
fn outcomes(seed: u64) -> Vec<Vec<u8>> {
    NAMES
        .iter()
        .map(|name| {
            let mut table = Handle::new(name, "{}", default_seats(name), seed).unwrap();
            table.play_out(1);
            table.outcome()
        })
        .collect()
}

#[test]
fn tables_on_several_threads_at_once_play_as_on_one() {
    send::<cards_ffi::CardsTable>();
    let alone: Vec<_> = (0..4).map(outcomes).collect();
    let together: Vec<_> = (0..4)
        .map(|seed| thread::spawn(move || outcomes(seed)))
        .collect::<Vec<_>>()
        .into_iter()
        .map(|t| t.join().unwrap())
        .collect();
    assert_eq!(alone, together);
}

#[test]
fn a_table_made_on_one_thread_is_finished_on_another() {
    let mut here = Handle::new("crazy-eights", "{}", 3, 8).unwrap();
    here.play_bot(here.to_act().unwrap(), 1).unwrap();
    let save = here.save();
    let there = thread::spawn(move || {
        here.play_out(1);
        (here.outcome(), here)
    });
    let (outcome, table) = there.join().unwrap();
    let mut again = Handle::load(&save).unwrap();
    again.play_out(1);
    assert_eq!(again.outcome(), outcome);
    drop(table);
}

#[test]
fn a_shared_table_behind_a_lock_is_played_by_one_thread_per_seat() {
    let seats = 4;
    let shared = Arc::new(Mutex::new(Handle::new("hearts", "{}", seats, 5).unwrap()));
    let players: Vec<_> = (0..seats as i32)
        .map(|seat| {
            let shared = Arc::clone(&shared);
            thread::spawn(move || {
                let mut moves = 0;
                loop {
                    let mut table = shared.lock().unwrap();
                    match table.to_act() {
                        None => return moves,
                        Some(s) if s == seat => {
                            table.play_bot(seat, 1).unwrap();
                            moves += 1;
                        }
                        Some(_) => {
                            // Not this seat's turn: refused, and the refusal
                            // is this thread's last error only.
                            let e = table.play_bot(seat, 1).unwrap_err();
                            assert_eq!(e.0, CardsStatus::NotYourTurn);
                            drop(table);
                            thread::yield_now();
                        }
                    }
                }
            })
        })
        .collect();
    let moves: usize = players.into_iter().map(|p| p.join().unwrap()).sum();
    let mut alone = Handle::new("hearts", "{}", seats, 5).unwrap();
    assert_eq!(alone.play_out(1).len(), moves);
    assert_eq!(alone.outcome(), shared.lock().unwrap().outcome());
}

#[test]
fn the_last_error_is_each_threads_own() {
    assert!(Handle::new("chess", "{}", 2, 1).is_err());
    let here = last_error();
    assert!(here.contains("chess"));
    let there = thread::spawn(|| {
        let fresh = last_error();
        drop(Handle::new("trump21", "{}", 2, 1).unwrap());
        (fresh, last_error())
    })
    .join()
    .unwrap();
    assert_eq!(there, (String::new(), String::new()));
    assert_eq!(last_error(), here);
}
