//! Every accepted rule set ends within a stated number of steps, and legal
//! lists stay within a stated size (issue 13 items 2 and 6).

use cards_core::{ChaCha8Rng, Game, SeedableRng, chance::below};
use shithead::{Decks, Leave, PickUp, Rules, SetupError, Shithead};

use crate::common::{Pos, legal};

#[test]
fn h22_action_limits_outside_1_to_max_are_refused() {
    for bad in [0, Rules::MAX_ACTIONS + 1, u32::MAX] {
        let rules = Rules {
            max_actions: bad,
            ..Rules::default()
        };
        assert_eq!(
            Shithead::new(rules, 3),
            Err(SetupError::ActionLimit(bad.into()))
        );
        assert_eq!(rules.validate(), Err(SetupError::ActionLimit(bad.into())));
        let msg = SetupError::ActionLimit(bad.into()).to_string();
        assert!(msg.contains("(H22)") && msg.contains("100000"), "{msg}");
    }
    let top = Rules {
        max_actions: Rules::MAX_ACTIONS,
        ..Rules::default()
    };
    assert!(Shithead::new(top, 10).is_ok());
    assert_eq!(top.max_steps(10), 90 + 400_000 + 20 + 10);
}

#[cfg(feature = "serde")]
#[test]
fn h22_rules_read_from_json_are_validated() {
    let mut v = serde_json::to_value(Rules::default()).unwrap();
    assert_eq!(
        serde_json::from_value::<Rules>(v.clone()).unwrap(),
        Rules::default()
    );
    v["max_actions"] = serde_json::json!(4_294_967_295u32);
    let e = serde_json::from_value::<Rules>(v.clone()).unwrap_err();
    assert!(e.to_string().contains("(H22)"), "{e}");
    v["max_actions"] = serde_json::json!(10);
    v["decks"] = serde_json::json!({"fixed": 7});
    assert!(serde_json::from_value::<Rules>(v).is_err());
}

/// H22: with every player action followed by the most chance steps the rules
/// allow, a game never takes more than `Rules::max_steps`; random games with
/// leavers over small limits (where the limit is what ends them) stay within it.
#[test]
fn h22_every_game_ends_within_the_stated_number_of_steps() {
    let mut v = Vec::new();
    for seed in 0..600u64 {
        let seats = 2 + (seed % 9) as usize;
        let rules = Rules {
            max_actions: 1 + (seed % 97) as u32,
            decks: if seed % 3 == 0 {
                Decks::Fixed(3)
            } else {
                Decks::Auto
            },
            pick_up: if seed % 2 == 0 {
                PickUp::Voluntary
            } else {
                PickUp::WhenStuck
            },
            ..Rules::default()
        };
        let mut g = Shithead::new(rules, seats).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut steps = 0u64;
        while g.outcome().is_none() {
            if below(&mut rng, 50) == 0
                && let Ok(n) = g.host(&Leave(
                    cards_core::Seat(below(&mut rng, seats as u64) as u8),
                ))
            {
                g = n;
            } else {
                g.legal_actions(&mut v);
                let a = v[below(&mut rng, v.len() as u64) as usize];
                g.apply_mut(&a).unwrap();
            }
            steps += 1;
            assert!(
                steps <= rules.max_steps(seats),
                "seed {seed}: {steps} steps"
            );
        }
        assert!(g.actions() <= rules.max_actions);
    }
}

/// The bound on legal lists (docs/rules/shithead.md, "Limits"): at most
/// 13 × ((d + 1)^4 − 1) plays with d decks, plus one pick-up. The worst
/// position holds every copy of every rank in one hand on a pile that takes
/// anything.
#[test]
fn h5_the_largest_legal_list_is_13_times_the_sub_multisets_of_a_rank() {
    for (decks, bound) in [(1u8, 195usize), (2, 1_040), (3, 3_315)] {
        let rules = Rules {
            decks: Decks::Fixed(decks),
            pick_up: PickUp::Voluntary,
            ..Rules::default()
        };
        // Seat 0 holds everything but one 3 (on the pile, transparent: any
        // rank may follow) and seat 1's 2C.
        let all = cards_core::CardMultiset::decks(cards_core::deck::CARDS_52, decks).unwrap();
        let mut hand = all;
        hand.remove("3C".parse().unwrap());
        hand.remove("2C".parse().unwrap());
        let text = hand.to_string();
        let g = Pos {
            rules,
            seats: 2,
            hands: &[&text, "2C"],
            pile: &["3C"],
            ..Pos::default()
        }
        .build();
        let n = legal(&g).len();
        // Ranks 2 and 3 miss one club each: (d+1)^3 × d − 1 sub-multisets there.
        let short = (decks as usize + 1).pow(3) * decks as usize - 1;
        let full = (decks as usize + 1).pow(4) - 1;
        assert_eq!(n, 11 * full + 2 * short + 1, "{decks} decks");
        assert!(n <= bound + 1, "{n} > {bound} + 1");
    }
}
