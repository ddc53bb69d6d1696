//! Property tests: the cards-core conformance suite instantiated, and the
//! game's own invariants.

use cards_core::conformance::{check_sampler, check_state};
use cards_core::testing::Suite;
use cards_core::{Actor, ChaCha8Rng, Game, Outcome, Seat, SeedableRng, chance::below};
use proptest::prelude::*;
use shithead::{
    Action, CardMultiset, Decks, Eights, Kings, Leave, PickUp, Rules, Setup, Shithead, Status,
};

use crate::common::act;

fn extras() -> Vec<Action> {
    [
        "draw 2C",
        "turn AS",
        "up 2C",
        "play 7H",
        "play 2H 2S",
        "blind",
        "pick up",
        "pick up with 5D",
        "done",
        "play TD",
        "play QS",
    ]
    .iter()
    .map(|s| act(s))
    .collect()
}

fn rules_strategy() -> impl Strategy<Value = Rules> {
    (any::<bool>(), any::<bool>(), any::<bool>(), any::<bool>()).prop_map(|(v, e, k, d)| Rules {
        pick_up: if v {
            PickUp::Voluntary
        } else {
            PickUp::WhenStuck
        },
        eights: if e {
            Eights::OneSkip
        } else {
            Eights::SkipPerEight
        },
        kings: if k {
            Kings::EachReverses
        } else {
            Kings::ReverseOnce
        },
        decks: if d { Decks::Fixed(2) } else { Decks::Auto },
        ..Rules::default()
    })
}

fn any_card() -> impl Strategy<Value = cards_core::Card> {
    (0usize..52).prop_map(|i| cards_core::Card::from_index(i).unwrap())
}

/// Any action value at all, legal or not.
fn any_action() -> impl Strategy<Value = Action> {
    let group = (0usize..13, 1u8..=255)
        .prop_map(|(r, s)| shithead::Group::new(cards_core::Rank::from_index(r), s).unwrap());
    prop_oneof![
        any_card().prop_map(Action::Draw),
        any_card().prop_map(Action::Turn),
        any_card().prop_map(Action::FaceUp),
        group.clone().prop_map(Action::Play),
        Just(Action::Blind),
        Just(Action::PickUp),
        group.prop_map(Action::PickUpWith),
        Just(Action::Done),
    ]
}

/// A state reached by a random walk of at most `steps` steps.
fn reach(seats: usize, rules: Rules, seed: u64, steps: usize) -> Shithead {
    let mut g = Shithead::new(rules, seats).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut v = vec![];
    for _ in 0..steps {
        g.legal_actions(&mut v);
        if v.is_empty() {
            break;
        }
        let a = v[below(&mut rng, v.len() as u64) as usize];
        g.apply_mut(&a).unwrap();
    }
    g
}

fn conserved(g: &Shithead) -> bool {
    g.all_cards() == CardMultiset::decks(cards_core::deck::CARDS_52, g.decks()).unwrap()
}

/// The cards-core conformance suite; its walks with host operations have
/// every seat's `leave` tried at random moments (H21), so states only leaving
/// reaches (mid-deal, mid-arranging, mid-turn, a game ended by leaving) are
/// checked, saved and reloaded. 128 cases a test, not proptest's 256: a
/// case plays a whole game, and Shithead's are the longest of the games (at
/// 256 the walks, the reloads, the walks with leaving and the determinizing
/// took 107 s of the crate's 140 s of tests, CI's longest test binary).
fn suite() -> Suite<Shithead> {
    let start = (rules_strategy(), 2usize..=6)
        .prop_map(|(rules, seats)| Shithead::new(rules, seats).unwrap());
    let chosen = (2usize..=5).prop_map(|seats| Shithead::new(Rules::default(), seats).unwrap());
    Suite::new("tests/shithead/props.proptest-regressions", start)
        .extras(extras())
        .host_ops(|g| (0..g.seats()).map(|s| Leave(Seat(s as u8))).collect())
        .choices_from(chosen, 160)
        .cases(128)
}

cards_core::conformance_tests!(suite());

proptest! {
    /// Cards are conserved at every step, out players stay out, leavers stay
    /// gone, and the final places form a competition ranking with the
    /// shithead behind everyone who went out and ahead of every leaver.
    #[test]
    fn invariants_over_games_with_leavers(seed in any::<u64>(), seats in 2usize..=10, rules in rules_strategy()) {
        let mut g = Shithead::new(rules, seats).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut v = vec![];
        let mut steps = 0;
        while g.actor() != Actor::Terminal {
            prop_assert!(conserved(&g), "cards lost at step {steps}");
            prop_assert_eq!(Shithead::from_setup(Setup::from(g)), Ok(g), "reachable positions load");
            let before: Vec<Status> = (0..seats).map(|s| g.status(Seat(s as u8)).unwrap()).collect();
            if below(&mut rng, 200) == 0 {
                let s = Seat(below(&mut rng, seats as u64) as u8);
                match g.host(&Leave(s)) {
                    Ok(n) => {
                        g = n;
                        let checked = check_state(&g, &extras(), seed, steps);
                        prop_assert!(checked.is_ok(), "{}", checked.err().unwrap());
                    }
                    Err(e) => prop_assert_ne!(before[s.index()], Status::Active, "{}", e),
                }
            } else {
                g.legal_actions(&mut v);
                let a = v[below(&mut rng, v.len() as u64) as usize];
                g.apply_mut(&a).unwrap();
            }
            for (s, b) in before.iter().enumerate() {
                if *b != Status::Active {
                    prop_assert_eq!(g.status(Seat(s as u8)).unwrap(), *b);
                    prop_assert_eq!(g.held(Seat(s as u8)), 0);
                }
            }
            steps += 1;
            prop_assert!(steps < 200_000);
        }
        prop_assert!(conserved(&g));
        let o = g.outcome().unwrap();
        prop_assert!(Outcome::from_places(o.places()).is_ok());
        let sh = g.shithead().unwrap();
        prop_assert_eq!(g.status(sh).unwrap(), Status::Active);
        for s in 0..seats {
            let st = g.status(Seat(s as u8)).unwrap();
            match st {
                Status::Out(_) => prop_assert!(o.place(Seat(s as u8)) < o.place(sh) || g.ended_by_limit()),
                Status::Left(_) => prop_assert!(o.place(Seat(s as u8)) > o.place(sh)),
                Status::Active => prop_assert!(o.place(Seat(s as u8)) <= o.place(sh)),
            }
        }
    }

    /// Any action value is either listed and accepted, or refused with the
    /// state unchanged; never a panic.
    #[test]
    fn arbitrary_actions_are_refused_not_panics(seed in any::<u64>(), steps in 0usize..400, seats in 2usize..=5, a in any_action()) {
        let g = reach(seats, Rules::default(), seed, steps);
        let mut legal = vec![];
        g.legal_actions(&mut legal);
        let mut m = g;
        match m.apply_mut(&a) {
            Ok(()) => prop_assert!(legal.contains(&a), "{} accepted but not listed", a),
            Err(e) => {
                prop_assert!(!legal.contains(&a), "{} listed but refused: {}", a, e);
                prop_assert_eq!(m, g);
                prop_assert!(!e.to_string().ends_with('.'));
                prop_assert!(e.to_string().contains("(H"), "{} names no clause", e);
            }
        }
        let text = a.to_string();
        prop_assert_eq!(text.parse::<Action>().unwrap(), a);
    }

    /// The fast chance sampler returns what the listed sampler returns, with
    /// the same RNG use, at the large tables the suite's walks leave out.
    #[test]
    fn sample_chance_matches_the_listed_sampler_at_large_tables(seed in any::<u64>(), steps in 0usize..400, seats in 7usize..=10) {
        let g = reach(seats, Rules::default(), seed, steps);
        let checked = check_sampler(&g, seed ^ 1);
        prop_assert!(checked.is_ok(), "{}", checked.unwrap_err());
    }
}

#[cfg(feature = "serde")]
proptest! {
    /// A tampered save gives an error (or, if the change happens to be
    /// harmless, a valid state), never a panic.
    #[test]
    fn tampered_json_states_give_errors(seed in any::<u64>(), steps in 0usize..600, at in any::<prop::sample::Index>(), with in "[0-9A-Za-z\\[\\],\":]{1,3}") {
        let g = reach(4, Rules::default(), seed, steps);
        let json = serde_json::to_string(&g).unwrap();
        let i = at.index(json.len());
        let mut t = json.clone();
        t.replace_range(i..i + 1, &with);
        if let Ok(s) = serde_json::from_str::<Shithead>(&t) {
            prop_assert!(conserved(&s));
            let mut v = vec![];
            s.legal_actions(&mut v);
            prop_assert!(!v.is_empty() || s.actor() == Actor::Terminal);
        }
    }
}

#[cfg(feature = "serde")]
#[test]
fn specific_tamperings_are_refused() {
    let g = reach(3, Rules::default(), 11, 150);
    assert_eq!(g.phase(), shithead::Phase::Playing);
    let good: serde_json::Value = serde_json::to_value(g).unwrap();
    let bad = |f: &dyn Fn(&mut serde_json::Value)| {
        let mut v = good.clone();
        f(&mut v);
        serde_json::from_value::<Shithead>(v)
    };
    assert!(bad(&|_| {}).is_ok());
    assert!(
        bad(&|v| v["stock"] = serde_json::json!(["AS", "AS"])).is_err(),
        "card count"
    );
    assert!(
        bad(&|v| v["seats"] = serde_json::json!(11)).is_err(),
        "seat count"
    );
    assert!(
        bad(&|v| v["to_act"] = serde_json::json!(9)).is_err(),
        "mover"
    );
    assert!(bad(&|v| v["run"] = serde_json::json!(9)).is_err(), "run");
    assert!(
        bad(&|v| v["level"] = serde_json::json!("X")).is_err(),
        "rank"
    );
    assert!(
        bad(&|v| v["rules"]["suit_order"] = serde_json::json!("CCHS")).is_err(),
        "suits"
    );
    assert!(
        bad(&|v| v["rules"]["max_actions"] = serde_json::json!(0)).is_err(),
        "limit"
    );
    assert!(
        bad(&|v| v["status"][0] = serde_json::json!({"out": 0})).is_err(),
        "out with cards"
    );
    assert!(
        bad(&|v| v["phase"] = serde_json::json!("dealing")).is_err(),
        "phase"
    );
    assert!(
        bad(&|v| v["hands"] = serde_json::json!([])).is_err(),
        "hands"
    );
}
