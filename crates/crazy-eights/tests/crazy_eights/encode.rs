//! C16: the `Encode` ids (OpenSpiel's), the tensor's bounds, and cards-core's
//! encoding checks.

use cards_core::testing::EncodingSuite;
use cards_core::{Actor, ChaCha8Rng, Encode, Game, Playout, Seat, SeedableRng, Viewer};
use crazy_eights::{Action, CrazyEights, Rules};
use proptest::prelude::*;

use crate::props::any_rules;

#[test]
fn c16_encoding_ids_are_openspiels() {
    let r = Rules::default();
    let shape = CrazyEights::shape(&r, 5);
    assert_eq!((shape.actions, shape.chance_outcomes), (58, 57));
    let id =
        |a: &str, chance| CrazyEights::action_id(&r, 5, &a.parse().expect("an action"), chance);
    assert_eq!(id("play 2C", false), Some(0));
    assert_eq!(id("play AS", false), Some(51));
    assert_eq!(id("draw", false), Some(52));
    assert_eq!(id("pass", false), Some(53));
    assert_eq!(id("nominate S", false), Some(57));
    assert_eq!(id("deal 2C", true), Some(0));
    assert_eq!(id("dealer 4", true), Some(56));
    assert_eq!(id("dealer 5", true), None, "no sixth seat at five");
    assert_eq!(id("play 2C", true), None, "a play is not a chance outcome");
    assert_eq!(CrazyEights::action_from_id(&r, 5, 58, false), None);
    assert_eq!(
        CrazyEights::action_from_id(&r, 5, 52, true),
        Some(Action::Dealer(Seat(0)))
    );
    assert_eq!(
        CrazyEights::action_from_id(&r, 5, 52, false),
        Some(Action::Draw)
    );
}

/// Every id a legal action gets is its `spiel_id`, the id the differential
/// test against OpenSpiel checks (`.ci/openspiel-diff crazy-eights`).
#[test]
fn c16_encoding_ids_are_the_spiel_ids_along_random_games() {
    let mut legal = Vec::new();
    for seed in 0..40u64 {
        let rules = Rules {
            use_special_cards: seed % 2 == 0,
            reshuffle: seed % 3 == 0,
            ..Rules::default()
        };
        let seats = 2 + (seed as usize % 9);
        let mut g = CrazyEights::new(rules, seats).expect("valid");
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut steps = 0;
        while g.actor() != Actor::Terminal && steps < 5_000 {
            let chance = g.actor() == Actor::Chance;
            g.legal_actions(&mut legal);
            for a in &legal {
                let id = CrazyEights::action_id(&rules, seats, a, chance);
                assert_eq!(id, Some(a.spiel_id() as usize), "{a}");
                assert_eq!(
                    CrazyEights::action_from_id(&rules, seats, a.spiel_id() as usize, chance),
                    Some(*a)
                );
            }
            Playout::new().run(&mut g, &mut rng, 1);
            steps += 1;
        }
    }
}

proptest! {
    /// C14: every entry of every seat's tensor lies in [0, 1] along random games.
    #[test]
    fn c14_tensor_entries_lie_in_zero_to_one(rules in any_rules(), seats in 2usize..=10, seed in any::<u64>()) {
        let mut g = CrazyEights::new(rules, seats).expect("valid");
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut out = vec![0f32; CrazyEights::shape(&rules, seats).observation];
        for _ in 0..3_000 {
            for s in 0..seats {
                CrazyEights::encode_view(&rules, seats, &g.observe(Viewer::Seat(Seat(s as u8))), &mut out);
                prop_assert!(out.iter().all(|x| (0.0..=1.0).contains(x)));
            }
            if g.actor() == Actor::Terminal {
                break;
            }
            Playout::new().run(&mut g, &mut rng, 1);
        }
    }
}

/// cards-core's encoding checks: at every state of random games under any
/// rules and seat count, and over both id spaces whole.
fn encoding_suite() -> EncodingSuite<CrazyEights> {
    let start = (any_rules(), 2usize..=10)
        .prop_map(|(rules, n)| CrazyEights::new(rules, n).expect("valid rules"));
    let id_rules = [false, true]
        .map(|use_special_cards| Rules {
            use_special_cards,
            ..Rules::default()
        })
        .to_vec();
    EncodingSuite::new("", start, id_rules, 2..=10).max_steps(2_000)
}

cards_core::encoding_tests!(encoding_suite());

/// C12.2 ends a game by the turn limit (a truncation for learning agents);
/// C12.1 and C12.3 end it by its play.
#[test]
fn c12_only_the_turn_limit_is_an_end_by_a_limit() {
    let mut limited = 0;
    let mut played = 0;
    for seed in 0..60u64 {
        let rules = Rules {
            max_turns: if seed % 2 == 0 { 3 } else { 400 },
            ..Rules::default()
        };
        let mut g = CrazyEights::new(rules, 2 + seed as usize % 4).expect("valid");
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        assert!(!g.ended_by_limit());
        Playout::new().run(&mut g, &mut rng, 1_000_000);
        assert_eq!(g.actor(), Actor::Terminal);
        let out = g
            .observe(Viewer::Spectator)
            .shown
            .expect("hands shown at the end");
        let someone_out = out.iter().any(|(_, h)| h.is_empty());
        assert_eq!(
            g.ended_by_limit(),
            g.observe(Viewer::Spectator).plays >= rules.max_turns && !someone_out
        );
        if g.ended_by_limit() {
            limited += 1;
        } else {
            played += 1;
        }
    }
    assert!(limited > 0 && played > 0);
}
