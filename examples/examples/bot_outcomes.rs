//! The reference the C program is checked against: seeded games of every game
//! of the list played by bots straight through each game's `cards_core::Table`
//! (no `AnyTable`, no C ABI), one line a game:
//!
//! ```text
//! <game> <seed> <place of seat 0> <place of seat 1> ...
//! ```
//!
//! Each game has its usual number of seats and its default rules, is dealt
//! from its seed, and even seats play the easy bot, odd seats the medium
//! one, each move chosen by a new bot from the table's bot stream (as
//! `cards_play_bot` does). `programs/play_games.c` prints the same lines
//! through the C ABI; `.ci/ffi-check` compares them.
//!
//! `cargo run --release -p cards-ffi --example outcomes -- 100`

use cards_games::cards_core::{Difficulty, Opponents, Table};

/// The level of the bot at `seat`.
fn level(seat: usize) -> Difficulty {
    if seat.is_multiple_of(2) {
        Difficulty::Easy
    } else {
        Difficulty::Medium
    }
}

/// One game of `G` from `seed`; returns the places.
fn play<G: Opponents>(seats: usize, seed: u64) -> Vec<u8> {
    let mut table = Table::<G>::new(G::Rules::default(), seats, seed).expect("default rules");
    while let Some(seat) = table.to_act() {
        let mut bot = level(seat.index()).bot::<G>(table.state().rules());
        let action = table.bot_choice(bot.as_mut()).expect("a seat is to act");
        table.play(&action).expect("a bot's move is legal");
    }
    table.outcome().expect("over").places().to_vec()
}

fn main() {
    let games: u64 = match std::env::args().nth(1).map(|n| n.parse()) {
        None => 100,
        Some(Ok(n)) => n,
        Some(Err(e)) => {
            eprintln!("usage: bot_outcomes [GAMES PER GAME]: {e}");
            std::process::exit(2);
        }
    };
    macro_rules! each {
        ($($krate:ident::$game:ident, $name:literal, $title:literal;)*) => {$(
            for seed in 0..games {
                let places = play::<cards_games::$krate::$game>(cards_games::$krate::DEFAULT_SEATS, seed);
                let places: Vec<String> = places.iter().map(u8::to_string).collect();
                println!("{} {seed} {}", $name, places.join(" "));
            }
        )*};
    }
    cards_games::for_each_game!(each);
}
