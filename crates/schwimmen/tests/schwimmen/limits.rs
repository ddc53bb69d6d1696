//! Every accepted rule set ends (S14.1, S19.1): the worst case of a round, the
//! bound of a game, and rule values refused by `Game::new` and JSON.

use cards_core::{Actor, ChaCha8Rng, Game, Playout, SeedableRng};
use proptest::prelude::*;
use schwimmen::{Action, Refresh, Rules, Schwimmen, SetupError};

/// The longest round there is: two players who only pass, under the largest turn
/// limit and reshuffled refreshes, so the middle is refreshed after every second
/// turn until the limit.
#[test]
fn s14_1_the_longest_round_ends_at_the_turn_limit_within_the_bound() {
    let rules = Rules {
        turn_limit: Rules::MAX_TURN_LIMIT,
        refresh: Refresh::Reshuffle,
        ..Rules::default()
    };
    let mut g = Schwimmen::new(rules, 2).expect("game");
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut playout = Playout::new();
    let mut steps = 0u64;
    while g.round() == 0 {
        match g.actor() {
            Actor::Player(_) if g.turns() > 0 || g.phase() == schwimmen::Phase::Turns => {
                g.apply_mut(&Action::Pass).expect("passing is allowed");
            }
            _ => assert!(playout.step(&mut g, &mut rng)),
        }
        steps += 1;
    }
    // 9 deal steps, the dealer's choice, 10,000 passes and 4,999 refreshes of 3 cards
    // (none at the 10,000th turn: the limit ends the round first).
    assert_eq!(steps, 9 + 1 + 10_000 + 3 * 4_999);
    let per_round = (rules.max_steps() - 21) / u64::from(rules.round_limit);
    assert!(steps <= per_round, "{steps} > {per_round}");
}

#[test]
fn s19_1_the_bound_for_the_largest_limits() {
    let longest = Rules {
        turn_limit: Rules::MAX_TURN_LIMIT,
        round_limit: Rules::MAX_ROUND_LIMIT,
        ..Rules::default()
    };
    assert_eq!(longest.max_steps(), 250_280_021);
    assert!(Rules::default().max_steps() < longest.max_steps());
}

#[test]
fn s3_s14_1_s19_1_rule_values_out_of_range_are_refused() {
    for bad in [
        Rules {
            lives: 0,
            ..Rules::default()
        },
        Rules {
            lives: 101,
            ..Rules::default()
        },
        Rules {
            turn_limit: 0,
            ..Rules::default()
        },
        Rules {
            turn_limit: u16::MAX,
            ..Rules::default()
        },
        Rules {
            round_limit: 0,
            ..Rules::default()
        },
        Rules {
            round_limit: u16::MAX,
            ..Rules::default()
        },
        Rules {
            first_dealer: 9,
            ..Rules::default()
        },
    ] {
        assert!(bad.validate().is_err(), "{bad:?}");
        assert!(Schwimmen::new(bad, 9).is_err(), "{bad:?}");
    }
    assert_eq!(
        Schwimmen::new(
            Rules {
                first_dealer: 3,
                ..Rules::default()
            },
            3
        ),
        Err(SetupError::FirstDealer(3u8.into()))
    );
}

#[cfg(feature = "serde")]
#[test]
fn s3_s14_1_s19_1_rules_from_json_are_checked() {
    for bad in [
        r#"{"lives": 0}"#,
        r#"{"turn_limit": 65535}"#,
        r#"{"round_limit": 0}"#,
        r#"{"first_dealer": 200}"#,
        r#"{"lifes": 3}"#,
    ] {
        assert!(serde_json::from_str::<Rules>(bad).is_err(), "{bad}");
    }
    let r: Rules = serde_json::from_str(r#"{"lives": 5}"#).expect("valid rules");
    assert_eq!(
        r,
        Rules {
            lives: 5,
            ..Rules::default()
        }
    );
    let round_trip = serde_json::to_string(&r).expect("json");
    assert_eq!(serde_json::from_str::<Rules>(&round_trip).ok(), Some(r));
}

proptest! {
    /// Random games under random accepted rules with small limits end within
    /// `Rules::max_steps`.
    #[test]
    fn s19_1_random_games_end_within_the_bound(
        seed in any::<u64>(), n in 2usize..=9, turn_limit in 1u16..30, round_limit in 1u16..6,
        reshuffle in any::<bool>(), passing in any::<bool>(), lives in 1u8..=3
    ) {
        let rules = Rules {
            turn_limit,
            round_limit,
            lives,
            passing,
            refresh: if reshuffle { Refresh::Reshuffle } else { Refresh::EndRound },
            ..Rules::default()
        };
        let bound = rules.max_steps();
        let mut g = Schwimmen::new(rules, n).expect("accepted rules");
        let steps = Playout::new().run(&mut g, &mut ChaCha8Rng::seed_from_u64(seed), bound as usize + 1);
        prop_assert!(g.outcome().is_some(), "not over after {steps} steps");
        prop_assert!(steps as u64 <= bound);
    }
}
