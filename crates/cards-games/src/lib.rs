//! The one list of the card-rules games.
//!
//! Every program of the workspace that offers "every game" goes through this
//! list: the `cards` command (`crates/cli`), the fuzz checks and the soak
//! (`crates/fuzz-checks`, `examples/examples/soak.rs`), the fuzz targets
//! (`fuzz/`, through the fuzz checks), the game server's tests and the Python
//! bindings (`python/src`). A new game joins all of them with one line in
//! [`for_each_game!`] (and its crate in this package's `Cargo.toml`).
//!
//! The list is a macro, so that each program can stamp out code that is
//! generic over the game with its own trait bounds: a program writes a
//! `macro_rules!` that takes the games and hands it to [`for_each_game!`].
//!
//! ```
//! macro_rules! names {
//!     ($($krate:ident::$game:ident, $name:literal, $title:literal;)*) => {
//!         [$($name),*]
//!     };
//! }
//! let names = cards_games::for_each_game!(names);
//! assert_eq!(names, cards_games::NAMES);
//! assert!(names.contains(&"crazy-eights"));
//! ```
//!
//! The same list at run time is [`GAMES`]. With the `serde` feature,
//! `AnyTable` plays any game of the list by name, with text and JSON only:
//! what the browser package, the C ABI and the game server wrap.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

#[cfg(feature = "serde")]
mod any;
#[cfg(feature = "serde")]
mod erased;
#[cfg(feature = "serde")]
mod refusal;
#[cfg(feature = "serde")]
mod rules_json;

#[cfg(feature = "serde")]
pub use any::{AnyTable, Event, Move};
#[cfg(feature = "serde")]
pub use refusal::{Kind, Refusal};
#[cfg(feature = "serde")]
pub use rules_json::{rules_from_json, rules_over_defaults};

pub use cards_core;

/// Hands the games of the library to the macro `$callback`, one entry per game
/// in the list's order:
///
/// ```text
/// $krate::$Game, "name", "Title";
/// ```
///
/// `$krate` is the game's crate as re-exported here (`cards_games::$krate`),
/// `$Game` its state type (the one that implements `cards_core::Game`),
/// `"name"` the name programs take on their command line and `"Title"` the
/// game's name for people.
///
/// Two filters pick the games that offer something more:
///
/// - `for_each_game!(callback, encode)`: the games with `cards_core::Encode`
///   (action ids and observation tensors, what the Python bindings need), as
///   `$krate::$Game, "name", "Title", $PyState, $PyVecEnv;` with the names of
///   their Python classes;
/// - `for_each_game!(callback, counted)` and `for_each_game!(callback, uncounted)`:
///   the games whose card accounting the fuzz checks know (a hand-written
///   `Checked` impl in `crates/fuzz-checks/src/<game>_impl.rs`), and the
///   others, which the fuzz checks run without a card count.
///
/// # Adding a game
/// One line in the list below, in the list's form
/// `$krate::$Game, "name", "Title", [facts];` where the facts, in this
/// order, are `encode($PyState, $PyVecEnv)` when the game implements
/// `Encode` and `counted` when `fuzz-checks` has its card accounting; then
/// the crate in this package's `Cargo.toml` (with its `serde` feature in
/// this package's). Add at the end: the fuzz inputs pick a game by its
/// place in the list.
#[macro_export]
macro_rules! for_each_game {
    ($callback:ident) => {
        $crate::__games! { __all $callback }
    };
    ($callback:ident, encode) => {
        $crate::__games! { __encode $callback }
    };
    ($callback:ident, counted) => {
        $crate::__games! { __counted $callback }
    };
    ($callback:ident, uncounted) => {
        $crate::__games! { __uncounted $callback }
    };
}

/// The list itself: one line a game (see [`for_each_game!`]).
#[doc(hidden)]
#[macro_export]
macro_rules! __games {
    ($filter:ident $callback:ident) => {
        $crate::$filter! { $callback []
            schwimmen::Schwimmen, "schwimmen", "Schwimmen (31)", [encode(SchwimmenState, SchwimmenVecEnv) counted];
            trump21::Trump21, "trump21", "Trump 21", [encode(Trump21State, Trump21VecEnv) counted];
            shithead::Shithead, "shithead", "Shithead", [encode(ShitheadState, ShitheadVecEnv) counted];
            crazy_eights::CrazyEights, "crazy-eights", "Crazy Eights", [encode(CrazyEightsState, CrazyEightsVecEnv) counted];
            hearts::Hearts, "hearts", "Hearts", [encode(HeartsState, HeartsVecEnv) counted];
        }
    };
}

/// Every game, without its facts.
#[doc(hidden)]
#[macro_export]
macro_rules! __all {
    ($callback:ident [] $($krate:ident::$game:ident, $name:literal, $title:literal, [$($fact:tt)*];)*) => {
        $callback! { $($krate::$game, $name, $title;)* }
    };
}

/// The games with `encode(..)` among their facts, with their Python names.
#[doc(hidden)]
#[macro_export]
macro_rules! __encode {
    ($callback:ident [$($out:tt)*]) => {
        $callback! { $($out)* }
    };
    ($callback:ident [$($out:tt)*] $krate:ident::$game:ident, $name:literal, $title:literal,
        [encode($state:ident, $vec:ident) $($fact:tt)*]; $($rest:tt)*) => {
        $crate::__encode! { $callback [$($out)* $krate::$game, $name, $title, $state, $vec;] $($rest)* }
    };
    ($callback:ident [$($out:tt)*] $krate:ident::$game:ident, $name:literal, $title:literal,
        [$($fact:tt)*]; $($rest:tt)*) => {
        $crate::__encode! { $callback [$($out)*] $($rest)* }
    };
}

/// The games with `counted` among their facts.
#[doc(hidden)]
#[macro_export]
macro_rules! __counted {
    ($callback:ident [$($out:tt)*]) => {
        $callback! { $($out)* }
    };
    ($callback:ident [$($out:tt)*] $krate:ident::$game:ident, $name:literal, $title:literal,
        [$(encode($state:ident, $vec:ident))? counted]; $($rest:tt)*) => {
        $crate::__counted! { $callback [$($out)* $krate::$game, $name, $title;] $($rest)* }
    };
    ($callback:ident [$($out:tt)*] $krate:ident::$game:ident, $name:literal, $title:literal,
        [$($fact:tt)*]; $($rest:tt)*) => {
        $crate::__counted! { $callback [$($out)*] $($rest)* }
    };
}

/// The games without `counted` among their facts.
#[doc(hidden)]
#[macro_export]
macro_rules! __uncounted {
    ($callback:ident [$($out:tt)*]) => {
        $callback! { $($out)* }
    };
    ($callback:ident [$($out:tt)*] $krate:ident::$game:ident, $name:literal, $title:literal,
        [$(encode($state:ident, $vec:ident))? counted]; $($rest:tt)*) => {
        $crate::__uncounted! { $callback [$($out)*] $($rest)* }
    };
    ($callback:ident [$($out:tt)*] $krate:ident::$game:ident, $name:literal, $title:literal,
        [$($fact:tt)*]; $($rest:tt)*) => {
        $crate::__uncounted! { $callback [$($out)* $krate::$game, $name, $title;] $($rest)* }
    };
}

/// A game of the list, at run time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Listed {
    /// The name programs take on their command line (`crazy-eights`).
    pub name: &'static str,
    /// The game's name for people (`Crazy Eights`).
    pub title: &'static str,
    /// Its place in the list, from 0 (what a fuzz input's first byte picks).
    pub index: usize,
}

macro_rules! listed {
    ($($krate:ident::$game:ident, $name:literal, $title:literal;)*) => {
        /// Every game of the list, in its order.
        pub const GAMES: &[Listed] = &{
            let games = [$(Listed { name: $name, title: $title, index: 0 }),*];
            let mut numbered = games;
            let mut i = 0;
            while i < numbered.len() {
                numbered[i].index = i;
                i += 1;
            }
            numbered
        };

        /// The games' command-line names, in the list's order.
        pub const NAMES: [&str; GAMES.len()] = [$($name),*];
    };
}
for_each_game!(listed);

/// Each game's crate, as `cards_games::<crate>` (what the list's lines name).
macro_rules! reexport {
    ($($krate:ident::$game:ident, $name:literal, $title:literal;)*) => {
        $(pub use $krate;)*
    };
}
for_each_game!(reexport);

macro_rules! encoded {
    ($($krate:ident::$game:ident, $name:literal, $title:literal, $state:ident, $vec:ident;)*) => {
        /// The names of the games that implement `cards_core::Encode` (and so
        /// have Python classes).
        pub const ENCODED: &[&str] = &[$($name),*];
    };
}
for_each_game!(encoded, encode);

/// The most worker threads a run of many games takes: the `cards` command's
/// `--threads` and a batch of the Python bindings (`cardrules.MAX_THREADS`,
/// a `VecEnv`'s `threads`). Every thread of the pool is started when the run
/// begins and woken at each step, so a count past this only costs: 256 is far
/// more than any machine's cores, and few enough that starting them cannot
/// exhaust the system (10,000 threads took two minutes to start).
pub const MAX_THREADS: usize = 256;

/// The game called `name` on the command line.
pub fn find(name: &str) -> Option<&'static Listed> {
    GAMES.iter().find(|g| g.name == name)
}

/// The place of the game called `name` in the list (usable in constants).
pub const fn position(name: &str) -> Option<usize> {
    let mut i = 0;
    while i < NAMES.len() {
        let (a, b) = (NAMES[i].as_bytes(), name.as_bytes());
        if a.len() == b.len() {
            let mut k = 0;
            while k < a.len() && a[k] == b[k] {
                k += 1;
            }
            if k == a.len() {
                return Some(i);
            }
        }
        i += 1;
    }
    None
}

/// The names of the games as a sentence: `a, b, c or d`.
pub fn names_in_words() -> String {
    match NAMES.split_last() {
        Some((last, [])) => last.to_string(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards_core::{Actor, ChaCha8Rng, Encode, Opponents, Playout, Save, SeedableRng};

    #[test]
    fn names_are_unique_and_numbered_in_order() {
        for (i, g) in GAMES.iter().enumerate() {
            assert_eq!(g.index, i);
            assert_eq!(find(g.name), Some(g));
            assert_eq!(position(g.name), Some(i));
            assert_eq!(NAMES[i], g.name);
            assert!(
                g.name
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'),
                "{}",
                g.name
            );
        }
        let mut names = NAMES.to_vec();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), GAMES.len());
        assert_eq!(find("chess"), None);
        assert_eq!(position("chess"), None);
        assert_eq!(position("schwimme"), None);
        let last = NAMES[NAMES.len() - 1];
        assert!(names_in_words().ends_with(&format!(" or {last}")));
    }

    #[test]
    fn the_encoded_games_implement_encode_and_the_others_are_listed_too() {
        fn encodes<G: Encode>() {}
        macro_rules! check {
            ($($krate:ident::$game:ident, $name:literal, $title:literal, $state:ident, $vec:ident;)*) => {
                $(encodes::<$krate::$game>();)*
            };
        }
        for_each_game!(check, encode);
        assert!(ENCODED.iter().all(|n| NAMES.contains(n)));
        assert_eq!(ENCODED, NAMES, "every game has its encoding");
        // counted and uncounted split the list.
        macro_rules! count {
            ($($krate:ident::$game:ident, $name:literal, $title:literal;)*) => {
                <[&str]>::len(&[$($name),*])
            };
        }
        let counted = for_each_game!(count, counted);
        let uncounted = for_each_game!(count, uncounted);
        assert_eq!(counted + uncounted, GAMES.len());
    }

    /// What every program of the list needs of a game: bots for every level,
    /// saves, its seat limits (`MIN_SEATS`, `DEFAULT_SEATS`, `MAX_SEATS`, which
    /// its default rules accept exactly), and a default table that plays to
    /// the end.
    #[test]
    fn every_game_has_bots_saves_and_a_default_game_that_ends() {
        fn plays<G: Opponents + Save>(name: &str, seats: [usize; 3]) {
            let [min, default, max] = seats;
            assert!(min <= default && default <= max, "{name}: {seats:?}");
            let rules = G::Rules::default();
            for n in 1..=cards_core::MAX_SEATS {
                let accepted = G::new(rules.clone(), n).is_ok();
                assert_eq!(accepted, (min..=max).contains(&n), "{name}: {n} seats");
            }
            let mut g = G::new(rules, default).unwrap();
            let mut rng = ChaCha8Rng::seed_from_u64(1);
            Playout::new().run(&mut g, &mut rng, 1_000_000);
            assert_eq!(g.actor(), Actor::Terminal, "{name}");
            assert_eq!(G::load(g.save()).as_ref(), Ok(&g), "{name}");
        }
        macro_rules! all {
            ($($krate:ident::$game:ident, $name:literal, $title:literal;)*) => {
                $(plays::<$krate::$game>(
                    $name,
                    [$krate::MIN_SEATS, $krate::DEFAULT_SEATS, $krate::MAX_SEATS],
                );)*
            };
        }
        for_each_game!(all);
    }
}
