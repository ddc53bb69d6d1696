//! Writes what the browser build is checked against, from the native crates
//! (`cargo run --release -p cards-wasm --example fixtures -- OUT.json`):
//!
//! - `games`: 100 seeded games of each game of the list, played through
//!   [`AnyTable`] by seeded picks among the legal moves (every seventh move a
//!   bot's: the hard level's in the first [`HARD_GAMES`] games, whose search
//!   must not depend on the platform's floating point, else the medium
//!   level's), each step with its seat, its legal moves and the move played
//!   (a bot's with its `level`), and each game's outcome. The WebAssembly
//!   table must list exactly these moves and reach exactly these places.
//! - `bad`: the fuzz checks' inputs (edited action texts and edited saves,
//!   `fuzz_checks::inputs`), which the JavaScript boundary must refuse with
//!   a typed error or accept, never panic on.

use cards_games::cards_core::{ChaCha8Rng, Difficulty, SeedableRng, chance::below};
use cards_games::{AnyTable, GAMES};
use serde_json::{Value, json};

/// Games per game of the list.
const GAMES_EACH: u64 = 100;
/// Games per game of the list whose bot moves are the hard level's.
const HARD_GAMES: u64 = 3;
/// Bad inputs per game and kind.
const BAD_EACH: usize = 60;

fn main() {
    let out = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "target/web-fixtures.json".to_string());
    let mut games = Vec::new();
    for listed in GAMES {
        let [_, default, max] = AnyTable::seat_limits(listed.name).expect("listed");
        for seed in 0..GAMES_EACH {
            let seats = if seed % 2 == 0 {
                default
            } else {
                max.min(default + 1)
            };
            games.push(play(listed.name, seats, seed));
        }
    }
    let bad: Vec<Value> = ["parse", "json"]
        .iter()
        .map(|target| {
            let texts: Vec<Value> = fuzz_checks::inputs::generate(target, 23, BAD_EACH)
                .into_iter()
                .map(|input| {
                    let game = GAMES[usize::from(input[0]) % GAMES.len()].name;
                    json!({"game": game, "text": String::from_utf8_lossy(&input[1..])})
                })
                .collect();
            json!({"kind": target, "inputs": texts})
        })
        .collect();
    let all = json!({"games": games, "bad": bad});
    std::fs::write(&out, all.to_string()).expect("the fixture file is writable");
    eprintln!("wrote {out}");
}

/// One seeded game: every step's seat, legal moves and choice, and the places.
fn play(game: &str, seats: usize, seed: u64) -> Value {
    let mut table = AnyTable::new(game, "{}", seats, seed).expect("default tables start");
    let mut picks = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    let mut steps = Vec::new();
    while let Some(seat) = table.to_act() {
        let legal: Vec<String> = table
            .legal_moves(seat)
            .expect("the seat to act")
            .into_iter()
            .map(|m| m.text)
            .collect();
        let step = if steps.len() % 7 == 6 {
            let (level, name) = if seed < HARD_GAMES {
                (Difficulty::Hard, "hard")
            } else {
                (Difficulty::Medium, "medium")
            };
            let played = table.play_bot(seat, level).expect("bots play legally");
            json!({"seat": seat, "legal": legal.join("|"), "bot": played, "level": name})
        } else {
            let id = below(&mut picks, legal.len() as u64) as u32;
            table.play_id(seat, id).expect("listed moves are legal");
            let played = table.last_played().expect("a move was just played");
            json!({"seat": seat, "legal": legal.join("|"), "id": id, "played": played})
        };
        steps.push(step);
    }
    let places = table.outcome().map(|o| o.places().to_vec());
    json!({"game": game, "seats": seats, "seed": seed, "steps": steps, "places": places})
}
