//! The conformance checks on the toy game: they pass on the sound toy and
//! catch each kind of deliberate fault.

use cards_core::conformance::{
    check_apply_legal, check_choices, check_sampler, check_state, check_walk, check_walk_with_host,
};
use cards_core::{Actor, ChaCha8Rng, Game, Leave, SeedableRng, Step, Viewer, random_playout};
use proptest::prelude::*;

use crate::common::{every_action, toy};
use crate::toy::{Bug, ToyAction};

proptest! {
    #[test]
    fn toy_keeps_the_contract_on_random_walks(seed in any::<u64>(), seats in 2usize..=3) {
        let w = check_walk(&toy(seats, Bug::None), seed, 200, &every_action());
        prop_assert!(w.is_ok(), "{}", w.unwrap_err());
    }

    #[test]
    fn toy_keeps_the_contract_with_players_leaving(seed in any::<u64>()) {
        let leaves: Vec<Leave> = (0..4).map(|s| Leave(cards_core::Seat(s))).collect();
        let w = check_walk_with_host(&toy(3, Bug::None), seed, 200, &every_action(), &leaves);
        prop_assert!(w.is_ok(), "{}", w.unwrap_err());
    }

    #[test]
    fn the_default_sampler_agrees_with_the_listed_one(seed in any::<u64>(), deals in 0usize..4) {
        let mut s = toy(3, Bug::None);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        random_playout(&mut s, &mut rng, deals);
        prop_assert!(check_sampler(&s, seed).is_ok());
    }

    #[test]
    fn toy_keeps_the_contract_on_chosen_walks(choices in prop::collection::vec(any::<u32>(), 0..40)) {
        let w = check_choices(&toy(3, Bug::None), &choices, &every_action());
        prop_assert!(w.is_ok(), "{}", w.unwrap_err());
    }
}

#[test]
fn the_checks_catch_each_kind_of_fault() {
    let cases = [
        (
            Bug::LeakyView,
            "a view does not change when hidden cards are re-dealt",
        ),
        (
            Bug::LeakyEvent,
            "what a seat is told of an action depends only on what it sees",
        ),
        (
            Bug::SpectatorSeesDeals,
            "what everyone is told of an action is no more than each seat learns",
        ),
        (Bug::AcceptsUnlisted, "only legal actions are accepted"),
        (Bug::PanicsOnDraw, "no panics"),
        (Bug::Duplicates, "no duplicate actions"),
        (
            Bug::RefusesFinished,
            "every reachable state saves and loads back",
        ),
    ];
    for (bug, rule) in cases {
        let found =
            (0..20).find_map(|seed| check_walk(&toy(3, bug), seed, 200, &every_action()).err());
        assert_eq!(found.map(|v| v.rule), Some(rule), "{bug:?}");
    }
}

#[test]
fn walks_with_host_operations_log_them() {
    let leaves = [Leave(cards_core::Seat(1))];
    let left = (0..50).find_map(|seed| {
        let w =
            check_walk_with_host(&toy(3, Bug::None), seed, 200, &every_action(), &leaves).unwrap();
        w.log
            .iter()
            .any(|s| matches!(s, Step::Host(_)))
            .then_some(w)
    });
    let w = left.expect("some walk makes seat 1 leave");
    assert_eq!(
        w.outcome.unwrap().place(cards_core::Seat(1)),
        3,
        "the leaver ranks last"
    );
}

#[test]
fn the_reload_check_catches_a_save_that_forgets_host_operations() {
    let leaves = [Leave(cards_core::Seat(1))];
    let found = (0..50).find_map(|seed| {
        check_walk_with_host(
            &toy(3, Bug::ForgetsOnSave),
            seed,
            200,
            &every_action(),
            &leaves,
        )
        .err()
    });
    assert_eq!(
        found.map(|v| v.rule),
        Some("a state saves and loads back equal")
    );
}

#[test]
fn check_sampler_catches_a_sampler_that_ignores_the_rng() {
    let s = toy(2, Bug::WrongSampler);
    assert!((0..10).any(|seed| check_sampler(&s, seed).is_err()));
    assert!(check_sampler(&toy(2, Bug::None), 3).is_ok());
}

#[test]
fn check_apply_legal_catches_an_unchecked_apply_that_differs() {
    // The deal played out, to seat 0's first turn (where it may stand).
    let dealt = |bug| {
        let mut s = toy(2, bug);
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        while s.actor() == Actor::Chance {
            random_playout(&mut s, &mut rng, 1);
        }
        s
    };
    let v = check_apply_legal(&dealt(Bug::UncheckedStandKeepsTurn), 7).unwrap_err();
    assert_eq!(
        v.rule,
        "apply_legal agrees with apply_mut on a legal action"
    );
    assert!(check_apply_legal(&dealt(Bug::None), 7).is_ok());
}

#[test]
fn check_state_refuses_a_view_that_lists_actions_for_the_wrong_seat() {
    // A state where seat 0 acts: seat 1's view must list nothing.
    let mut s = toy(2, Bug::None);
    for c in ["2C", "3C"] {
        s = s.apply(&ToyAction::Deal(c.parse().unwrap())).unwrap();
    }
    assert_eq!(s.actor(), Actor::Player(cards_core::Seat(0)));
    assert!(check_state(&s, &every_action(), 1, 0).is_ok());
    let v = s.observe(Viewer::Seat(cards_core::Seat(1)));
    let mut out = vec![];
    cards_core::SeatView::legal_actions(&v, &mut out);
    assert!(out.is_empty());
}
