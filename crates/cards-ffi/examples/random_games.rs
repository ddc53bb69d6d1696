//! Plays 20 random games of each game of the list one way — `native` (the
//! game's own `cards_core::Table`), `any` (`AnyTable`) or `abi` (the C
//! functions) — for counting instructions, which a loaded machine does not
//! move (docs/engines.md, "Speed"):
//!
//! ```text
//! cargo build --release -p cards-ffi --example random_games
//! valgrind --tool=callgrind target/release/examples/random_games abi
//! ```

use std::ffi::CString;

#[path = "../benches/loops/mod.rs"]
mod loops;

fn main() {
    let way = std::env::args().nth(1).unwrap_or_default();
    if !["native", "any", "abi"].contains(&way.as_str()) {
        eprintln!("usage: random_games native|any|abi");
        std::process::exit(2);
    }
    macro_rules! each {
        ($($krate:ident::$game:ident, $name:literal, $title:literal;)*) => {$({
            let seats = cards_games::$krate::DEFAULT_SEATS;
            let name = CString::new($name).expect("no NUL");
            for _ in 0..20 {
                let places = match way.as_str() {
                    "native" => loops::native::<cards_games::$krate::$game>(seats),
                    "any" => loops::any_table($name, seats),
                    _ => loops::c_abi(&name, seats),
                };
                std::hint::black_box(places);
            }
        })*};
    }
    cards_games::for_each_game!(each);
}
