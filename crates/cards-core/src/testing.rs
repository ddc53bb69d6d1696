//! The conformance suite written once: property tests that every game
//! instantiates with its own strategies (behind the `testing` feature).
//!
//! A game describes itself once in a [`Suite`] (how to draw start positions,
//! the nonsense actions to try, the host operations to mix in, its own
//! per-step invariants) and an [`EncodingSuite`] when it has an
//! [`Encode`](crate::Encode); the macros [`conformance_tests!`](crate::conformance_tests)
//! and [`encoding_tests!`](crate::encoding_tests) then write the standard
//! `#[test]` functions into the game's test crate, each running the checks of
//! [`conformance`](crate::conformance) under proptest:
//!
//! - walks from seeds ([`Suite::walks`]) and with host operations mixed in
//!   ([`Suite::walks_with_host_ops`]), with the game's invariants at every step;
//! - walks from shrinkable choice lists ([`Suite::choices`]);
//! - determinized views along walks ([`Suite::determinize`]);
//! - the chance sampler against the listed one ([`Suite::sampler`]);
//! - the same seed giving the same game at a [`Table`](crate::Table) of
//!   random bots, whose log replays ([`Suite::same_seed_same_game`]);
//! - under `serde`, JSON saves at every state of a walk ([`Suite::json_reloads`])
//!   and states and views round-tripping as JSON ([`Suite::json_views`]),
//!   and tables saved part-way continuing exactly ([`Suite::table_saves`]);
//! - reached states playing on saveable ([`Suite::play_on`]) and, under
//!   `serde`, mutated saves that load playing on saveable
//!   ([`Suite::mutated_saves`], [`Suite::mutated_save_census`]);
//! - text forms: every listed action text is its printed form, and texts
//!   near an action or host operation parse only as printed ([`TextSuite`],
//!   [`text_form_tests!`](crate::text_form_tests));
//! - the encoding checks along random games and walks with host operations,
//!   and whole id spaces ([`EncodingSuite`]); the learned level playing
//!   whole games legally and alike for a seed ([`EncodingSuite::learned_games`]),
//!   every difficulty level replaying a seeded table alike
//!   ([`EncodingSuite::every_level_replays`]),
//!   its network playing alone wherever the game asks for no check
//!   ([`EncodingSuite::learned_checks_only_where_asked`]),
//!   and its shipped networks winning at least half their fair share against
//!   the medium level ([`EncodingSuite::learned_strength`]);
//! - golden files of the wire forms ([`golden_text`], [`golden_json`],
//!   [`golden_position`]).
//!
//! Failures are kept in the regressions file the suite names (proptest replays
//! its seeds first), so one file per test module keeps working as before.
//!
//! ```ignore
//! fn suite() -> cards_core::testing::Suite<MyGame> { /* ... */ }
//! cards_core::conformance_tests!(suite());
//! ```

mod encoding;
mod golden;
mod suite;
mod texts;

pub use encoding::EncodingSuite;
pub use golden::{BLESS, golden_text};
#[cfg(feature = "serde")]
pub use golden::{Wire, golden_json, golden_position, json_strings};
pub use proptest;
pub use suite::{EndCheck, Invariant, Suite};
pub use texts::TextSuite;

use proptest::strategy::Strategy;
use proptest::test_runner::{Config, FileFailurePersistence, TestCaseError, TestRunner};

use crate::conformance::Violation;

/// Runs `test` on values of `strategy` under proptest, failures kept in
/// `regressions` (a path from the package root; none kept when it is empty),
/// `cases` cases when given
/// (else proptest's default, so `PROPTEST_CASES` applies). Panics with the
/// minimal failing case.
fn run<S: Strategy>(
    name: &'static str,
    regressions: &'static str,
    cases: Option<u32>,
    strategy: S,
    test: impl Fn(S::Value) -> Result<(), TestCaseError>,
) {
    let persistence = if regressions.is_empty() {
        FileFailurePersistence::Off
    } else {
        FileFailurePersistence::Direct(regressions)
    };
    let mut config = Config {
        failure_persistence: Some(Box::new(persistence)),
        test_name: Some(name),
        ..Config::default()
    };
    if let Some(cases) = cases {
        config.cases = cases;
    }
    let mut runner = TestRunner::new(config);
    if let Err(e) = runner.run(&strategy, test) {
        panic!("{name}: {e}");
    }
}

/// A violation as a proptest failure.
fn fail(v: Violation) -> TestCaseError {
    TestCaseError::fail(v.to_string())
}

/// Writes the standard conformance tests for a game into the calling test
/// module, from an expression giving its [`Suite`]: one `#[test]` function
/// for each check listed in the [`testing`](crate::testing) docs (the JSON
/// ones only under the calling crate's `serde` feature).
///
/// ```ignore
/// cards_core::conformance_tests!(suite());
/// ```
#[macro_export]
macro_rules! conformance_tests {
    ($suite:expr) => {
        /// The contract on random walks from seeds, with the game's invariants.
        #[test]
        fn conformance_walks() {
            $crate::testing::Suite::walks(&$suite);
        }

        /// The contract on random walks with host operations mixed in.
        #[test]
        fn conformance_walks_with_host_ops() {
            $crate::testing::Suite::walks_with_host_ops(&$suite);
        }

        /// The contract on walks from choice lists (proptest shrinks them).
        #[test]
        fn conformance_choices() {
            $crate::testing::Suite::choices(&$suite);
        }

        /// Every seat's view determinizes along walks.
        #[test]
        fn conformance_determinize() {
            $crate::testing::Suite::determinize(&$suite);
        }

        /// The chance sampler agrees with the listed outcomes.
        #[test]
        fn conformance_sampler() {
            $crate::testing::Suite::sampler(&$suite);
        }

        /// The same seed gives the same game, and its log replays.
        #[test]
        fn conformance_same_seed_same_game() {
            $crate::testing::Suite::same_seed_same_game(&$suite);
        }

        /// Every state of a walk saves and loads back as JSON.
        #[cfg(feature = "serde")]
        #[test]
        fn conformance_json_reloads() {
            $crate::testing::Suite::json_reloads(&$suite);
        }

        /// A table saved part-way continues exactly as the original.
        #[cfg(feature = "serde")]
        #[test]
        fn conformance_table_saves() {
            $crate::testing::Suite::table_saves(&$suite);
        }

        /// States and every viewer's view round-trip as JSON.
        #[cfg(feature = "serde")]
        #[test]
        fn conformance_json_views() {
            $crate::testing::Suite::json_views(&$suite);
        }

        /// Reached states play on, saving and loading back at every step.
        #[test]
        fn conformance_play_on() {
            $crate::testing::Suite::play_on(&$suite);
        }

        /// Mutated saves the game accepts play on and stay saveable.
        #[cfg(feature = "serde")]
        #[test]
        fn conformance_mutated_saves() {
            $crate::testing::Suite::mutated_saves(&$suite);
        }

        /// A fixed census of mutated saves: none accepted turns unsaveable.
        #[cfg(feature = "serde")]
        #[test]
        fn conformance_mutated_save_census() {
            $crate::testing::Suite::mutated_save_census(&$suite);
        }
    };
}

/// Writes the standard encoding tests for a game into the calling test
/// module, from an expression giving its [`EncodingSuite`].
///
/// ```ignore
/// cards_core::encoding_tests!(encoding_suite());
/// ```
#[macro_export]
macro_rules! encoding_tests {
    ($suite:expr) => {
        /// The encoding checks at every state of random games.
        #[test]
        fn encoding_along_random_games() {
            $crate::testing::EncodingSuite::along_random_games(&$suite);
        }

        /// The encoding checks along walks with host operations mixed in.
        #[test]
        fn encoding_along_walks_with_host_ops() {
            $crate::testing::EncodingSuite::along_walks_with_host_ops(&$suite);
        }

        /// Both id spaces, whole, for every rules value and seat count listed.
        #[test]
        fn encoding_id_spaces() {
            $crate::testing::EncodingSuite::id_spaces(&$suite);
        }

        /// The learned level plays whole games legally, the same for a seed.
        #[test]
        fn encoding_learned_games() {
            $crate::testing::EncodingSuite::learned_games(&$suite);
        }

        /// Every difficulty level replays a seeded table alike.
        #[test]
        fn encoding_every_level_replays() {
            $crate::testing::EncodingSuite::every_level_replays(&$suite);
        }

        /// The learned level is its network wherever the game asks for no
        /// check.
        #[test]
        fn encoding_learned_checks_only_where_asked() {
            $crate::testing::EncodingSuite::learned_checks_only_where_asked(&$suite);
        }

        /// The shipped networks win at least half their fair share against
        /// the medium level.
        #[test]
        fn encoding_learned_strength() {
            $crate::testing::EncodingSuite::learned_strength(&$suite);
        }
    };
}

/// Writes the standard text-form tests for a game into the calling test
/// module, from an expression giving its [`TextSuite`]. The game keeps its
/// own clause-named test of its aliases and bad examples beside it.
///
/// ```ignore
/// cards_core::text_form_tests!(text_suite());
/// ```
#[macro_export]
macro_rules! text_form_tests {
    ($suite:expr) => {
        /// Every listed action text parses back to itself.
        #[test]
        fn text_forms_listed_are_printed() {
            $crate::testing::TextSuite::listed(&$suite);
        }

        /// Texts near a listed action parse only as printed, or not at all.
        #[test]
        fn text_forms_near_an_action() {
            $crate::testing::TextSuite::near_actions(&$suite);
        }

        /// Texts near a listed host operation parse only as printed, or not at all.
        #[test]
        fn text_forms_near_a_host_operation() {
            $crate::testing::TextSuite::near_host_ops(&$suite);
        }

        /// Under the game's `serde` feature: the text forms are the JSON forms.
        #[cfg(feature = "serde")]
        #[test]
        fn text_forms_are_the_json_forms() {
            $crate::testing::TextSuite::json(&$suite);
        }
    };
}
