//! What the C ABI costs: a whole random game of each game of the list (a new
//! table, then its legal moves and a random one of them played, to the end)
//! through the C functions, beside the same loop in Rust through
//! `AnyTable` and through the game's own `cards_core::Table`. The three loops
//! play the very same game (same deal seed, same move choices), checked
//! before timing. docs/engines.md reports the ratios.
//!
//! `cargo bench -p cards-ffi --bench abi`

use std::ffi::CString;

use criterion::{Criterion, criterion_group, criterion_main};

mod loops;
use loops::{any_table, c_abi, native};

fn random_games(c: &mut Criterion) {
    macro_rules! each {
        ($($krate:ident::$game:ident, $name:literal, $title:literal;)*) => {$({
            let seats = cards_games::$krate::DEFAULT_SEATS;
            let name = CString::new($name).expect("no NUL");
            let places = native::<cards_games::$krate::$game>(seats);
            assert_eq!(any_table($name, seats), places, "{}", $name);
            assert_eq!(c_abi(&name, seats), places, "{}", $name);
            let mut group = c.benchmark_group(format!("abi/random_game/{}", $name));
            group.bench_function("native_table", |b| {
                b.iter(|| native::<cards_games::$krate::$game>(seats))
            });
            group.bench_function("any_table", |b| b.iter(|| any_table($name, seats)));
            group.bench_function("c_abi", |b| b.iter(|| c_abi(&name, seats)));
            group.finish();
        })*};
    }
    cards_games::for_each_game!(each);
}

criterion_group!(benches, random_games);
criterion_main!(benches);
