//! The conformance suite (`cards_core::testing`) on the toy game: every test
//! of the suite passes on the sound toy, and the suite fails on a toy with a
//! deliberate fault, or whose game invariant does not hold.

use cards_core::testing::{EncodingSuite, Suite, TextSuite};
use cards_core::{Game, Leave, Seat, Step};
use proptest::prelude::*;

use crate::common::{every_action, toy};
use crate::toy::{Bug, Toy, ToyRules};

/// The toy's suite; `bug` switches on a deliberate fault. Failures are not
/// kept (the failing suites below would fill the file).
fn suite(bug: Bug) -> Suite<Toy> {
    let start = (2usize..=3).prop_map(move |seats| toy(seats, bug));
    Suite::new("", start)
        .cases(32)
        .extras(every_action())
        .host_ops(|g| (0..=g.seats() as u8).map(|s| Leave(Seat(s))).collect())
        .max_steps(200)
        .max_choices(40)
}

#[test]
fn the_suite_passes_on_the_sound_toy() {
    let suite = suite(Bug::None);
    suite.walks();
    suite.walks_with_host_ops();
    suite.choices();
    suite.determinize();
    suite.sampler();
    suite.same_seed_same_game();
    suite.play_on();
}

#[test]
fn the_text_suite_passes_on_the_sound_toy() {
    let texts = TextSuite::<Toy>::new("", || {
        every_action().iter().map(ToString::to_string).collect()
    })
    .cases(64)
    .at_least(2)
    .host_ops(|| (0..4).map(|s| Leave(Seat(s))).collect());
    texts.listed();
    texts.near_actions();
    texts.near_host_ops();
}

#[test]
#[should_panic(expected = "only legal actions are accepted")]
fn the_suite_catches_an_action_accepted_but_not_listed() {
    suite(Bug::AcceptsUnlisted).walks();
}

#[test]
#[should_panic(expected = "sample_chance agrees with the listed sampler")]
fn the_suite_catches_a_wrong_sampler() {
    suite(Bug::WrongSampler).sampler();
}

#[test]
#[should_panic(expected = "a state saves and loads back equal")]
fn the_suite_catches_a_save_that_forgets_who_left() {
    suite(Bug::ForgetsOnSave).walks_with_host_ops();
}

#[test]
#[should_panic(expected = "nobody leaves")]
fn the_suite_runs_the_games_invariant_at_every_step() {
    // A false invariant, which the first accepted `leave` breaks.
    suite(Bug::None)
        .invariant(|_, step, _| match step {
            Step::Host(_) => Err("nobody leaves".into()),
            _ => Ok(()),
        })
        .walks_with_host_ops();
}

#[test]
fn the_encoding_suite_passes_on_the_sound_toy() {
    let start = (2usize..=3).prop_map(|seats| toy(seats, Bug::None));
    let suite = EncodingSuite::new("", start, vec![ToyRules::plain()], 2..=3)
        .cases(32)
        .walk_cases(16)
        .max_steps(200)
        .host_ops(|g| (0..g.seats() as u8).map(|s| Leave(Seat(s))).collect());
    suite.along_random_games();
    suite.along_walks_with_host_ops();
    suite.id_spaces();
}

#[test]
#[should_panic(expected = "an action has an id in one space only")]
fn the_encoding_suite_catches_an_id_in_both_spaces() {
    let start = (2usize..=3).prop_map(|seats| toy(seats, Bug::SharedIds));
    EncodingSuite::new("", start, vec![], 2..=3)
        .cases(8)
        .along_random_games();
}
