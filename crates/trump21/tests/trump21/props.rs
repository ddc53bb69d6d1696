//! Property tests: the cards-core conformance checks and trump21's own invariants
//! (conservation, lives, rankings, validated serde, no panics on any input).

use cards_core::chance::below;
use cards_core::conformance::check_sampler;
use cards_core::testing::Suite;
use cards_core::{Actor, ChaCha8Rng, Game, Outcome, Seat, SeedableRng, Viewer};
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;
use trump21::*;

use crate::common::*;

pub fn rules_variant(i: u8) -> Rules {
    let base = Rules {
        lives: 6,
        ..Rules::default()
    };
    match i % 4 {
        0 => Rules { lives: 10, ..base },
        1 => Rules {
            damage: RoundDamage::Growing,
            ranking: Ranking::Distance,
            ..base
        },
        2 => Rules {
            love: LoveCard::Random,
            gamble_win: 3,
            gamble_lose: 1,
            copies: 2,
            ..base
        },
        _ => Rules {
            trumps: trumps_of(&[
                Trump::Harvest,
                Trump::Harvest,
                Trump::Switch,
                Trump::Switch,
                Trump::Exchange,
                Trump::Exchange,
                Trump::Destroy,
                Trump::Love,
                Trump::GoFor17,
                Trump::Return,
            ]),
            gamble_lose: 0,
            ..base
        },
    }
}

fn nonsense() -> Vec<Action> {
    [
        "draw",
        "close",
        "reveal",
        "end",
        "card 5",
        "trump shield",
        "gamble win",
        "gamble lose",
        "play shield",
        "play destroy none",
        "play exchange @0",
        "take hidden",
        "give open:exchange",
        "done",
        "play trump-switch 9",
        "play damage+1 @7",
        "play love-your-enemy @0",
        "play destroy @5 hidden",
        "play go-for-17",
        "give hidden:shield",
        "take open:shield",
        "play draw-2",
    ]
    .iter()
    .map(|t| t.parse().unwrap())
    // Values no text form parses (T1), built directly: apply must still refuse them.
    .chain([Action::Card(0), Action::Card(12), Action::Card(255)])
    .collect()
}

/// Any action, legal or not.
fn any_action() -> impl Strategy<Value = Action> {
    let kind = (0usize..KINDS).prop_map(|i| Trump::from_index(i).unwrap());
    let seat = (0u8..10).prop_map(Seat);
    let take = prop_oneof![kind.clone().prop_map(Take::Open), Just(Take::Hidden)];
    let give = prop_oneof![
        kind.clone().prop_map(Give::Open),
        kind.clone().prop_map(Give::Hidden)
    ];
    let play = prop_oneof![
        kind.clone().prop_map(Play::Simple),
        (kind.clone(), seat.clone()).prop_map(|(k, s)| Play::Damage(k, s)),
        seat.clone().prop_map(Play::Love),
        any::<u8>().prop_map(Play::Switch),
        (seat.clone(), kind.clone()).prop_map(|(s, k)| Play::Destroy(DestroyTarget::Open(s, k))),
        kind.clone()
            .prop_map(|k| Play::Destroy(DestroyTarget::Mine(k))),
        seat.clone()
            .prop_map(|s| Play::Destroy(DestroyTarget::Hidden(s))),
        Just(Play::Destroy(DestroyTarget::Nothing)),
        seat.prop_map(Play::Exchange),
    ];
    prop_oneof![
        Just(Action::Draw),
        Just(Action::Close),
        Just(Action::Reveal),
        Just(Action::End),
        any::<u8>().prop_map(Action::Card),
        kind.prop_map(Action::Trump),
        any::<bool>().prop_map(Action::Gamble),
        play.prop_map(Action::Play),
        take.prop_map(Action::Take),
        give.prop_map(Action::Give),
        Just(Action::Done),
    ]
}

/// A random reachable position: a seeded random walk of `steps` steps, maybe with a leave.
pub fn reach(seats: usize, variant: u8, seed: u64, steps: usize) -> Trump21 {
    let mut g = Trump21::new(rules_variant(variant), seats).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut legal = Vec::new();
    for i in 0..steps {
        if g.actor() == Actor::Terminal {
            break;
        }
        if i == steps / 2 && seed.is_multiple_of(5) && g.actor() != Actor::Chance {
            let s = Seat(below(&mut rng, seats as u64) as u8);
            if let Ok(n) = g.host(&HostOp::Leave(s)) {
                g = n;
                continue;
            }
        }
        g.legal_actions(&mut legal);
        let a = legal[below(&mut rng, legal.len() as u64) as usize];
        g.apply_mut(&a).unwrap();
    }
    g
}

fn invariants(g: &Trump21, prev_lives: &mut Vec<u8>) -> Result<(), TestCaseError> {
    let rules = *g.rules();
    let census = number_census(g);
    prop_assert!(
        census[1..].iter().all(|&c| c == u32::from(rules.copies)),
        "number cards: {census:?}"
    );
    let t = trump_census(g);
    prop_assert!(
        t.iter()
            .zip(rules.trumps.0)
            .all(|(&a, b)| a == u32::from(b)),
        "trumps: {t:?}"
    );
    let lives: Vec<u8> = (0..g.seats())
        .map(|s| g.lives(Seat(s as u8)).unwrap())
        .collect();
    if !prev_lives.is_empty() {
        prop_assert!(
            lives.iter().zip(prev_lives.iter()).all(|(a, b)| a <= b),
            "lives rose"
        );
    }
    *prev_lives = lives;
    // Every reachable state passes the loader's validation unchanged.
    prop_assert_eq!(Trump21::try_from(setup_of(g)), Ok(g.clone()));
    if let Some(o) = g.outcome() {
        prop_assert!(Outcome::from_places(o.places()).is_ok());
    }
    Ok(())
}

pub fn config() -> ProptestConfig {
    ProptestConfig {
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "tests/trump21/props.proptest-regressions",
        ))),
        ..ProptestConfig::default()
    }
}

/// The cards-core conformance suite: walks under every seat count and rules
/// variant, players leaving (seats up to one past the table, refused), and
/// choice walks from mid-game positions.
fn suite() -> Suite<Trump21> {
    let start =
        (0u8..4, 2usize..=8).prop_map(|(v, seats)| Trump21::new(rules_variant(v), seats).unwrap());
    let mid_game = any::<u64>().prop_map(|seed| reach(3, (seed % 4) as u8, seed, 60));
    Suite::new("tests/trump21/props.proptest-regressions", start)
        .extras(nonsense())
        .host_ops(|g| {
            (0..=g.seats() as u8)
                .map(|s| HostOp::Leave(Seat(s)))
                .collect()
        })
        .choices_from(mid_game, 120)
        .determinize_at_player_steps_only()
}

cards_core::conformance_tests!(suite());

proptest! {
    #![proptest_config(config())]

    #[test]
    fn cards_are_conserved_lives_never_rise_places_rank(seed in any::<u64>(), seats in 2usize..=8, variant in 0u8..4) {
        let mut g = Trump21::new(rules_variant(variant), seats).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut legal = Vec::new();
        let mut lives = Vec::new();
        for step in 0..20_000 {
            invariants(&g, &mut lives)?;
            prop_assert!(check_sampler(&g, seed ^ step).is_ok());
            if g.actor() == Actor::Terminal {
                break;
            }
            if step % 97 == 50 && g.actor() != Actor::Chance && below(&mut rng, 8) == 0 {
                let s = Seat(below(&mut rng, seats as u64) as u8);
                if let Ok(n) = g.host(&HostOp::Leave(s)) {
                    g = n;
                    continue;
                }
            }
            g.legal_actions(&mut legal);
            let a = legal[below(&mut rng, legal.len() as u64) as usize];
            g.apply_mut(&a).unwrap();
        }
        prop_assert!(g.outcome().is_some(), "the game ends");
        invariants(&g, &mut lives)?;
    }

    #[test]
    fn arbitrary_actions_and_host_ops_give_errors_not_panics(seed in any::<u64>(), steps in 0usize..300, actions in proptest::collection::vec(any_action(), 1..40), leave in 0u8..12) {
        let g = reach(3, (seed % 4) as u8, seed, steps);
        let mut legal = Vec::new();
        g.legal_actions(&mut legal);
        for a in &actions {
            let r = g.apply(a);
            prop_assert_eq!(r.is_ok(), legal.contains(a), "{} at {:?}", a, g.phase());
            let mut m = g.clone();
            if m.apply_mut(a).is_err() {
                prop_assert_eq!(&m, &g);
            }
        }
        // Text forms of listed actions round-trip.
        for a in &legal {
            prop_assert_eq!(a.to_string().parse::<Action>(), Ok(*a));
        }
        let _ = g.host(&HostOp::Leave(Seat(leave)));
    }

    #[cfg(feature = "serde")]
    #[test]
    fn serde_round_trips_listed_actions(seed in any::<u64>(), steps in 0usize..400) {
        let g = reach(3, (seed % 4) as u8, seed, steps);
        let mut legal = Vec::new();
        g.legal_actions(&mut legal);
        let back: Vec<Action> = serde_json::from_str(&serde_json::to_string(&legal).unwrap()).unwrap();
        prop_assert_eq!(back, legal);
    }

    #[cfg(feature = "serde")]
    #[test]
    fn tampered_json_states_are_refused_or_valid_never_panic(seed in any::<u64>(), steps in 0usize..300, edits in proptest::collection::vec((any::<u16>(), any::<i8>()), 1..4)) {
        let g = reach(3, (seed % 4) as u8, seed, steps);
        let mut v2 = serde_json::to_value(&g).unwrap();
        let n = count_numbers(&v2);
        // Change some numbers anywhere in the document.
        for (i, d) in &edits {
            if let Some(cell) = number_cell(&mut v2, usize::from(*i) % n)
                && let Some(x) = cell.as_i64()
            {
                *cell = serde_json::json!(x + i64::from(*d));
            }
        }
        match serde_json::from_value::<Trump21>(v2) {
            Ok(loaded) => {
                // A state that loads is valid: it satisfies every check.
                let mut legal = Vec::new();
                loaded.legal_actions(&mut legal);
                prop_assert!(cards_core::conformance::check_state(&loaded, &nonsense(), seed, 0).is_ok());
            }
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }
}

#[cfg(feature = "serde")]
fn count_numbers(v: &serde_json::Value) -> usize {
    match v {
        serde_json::Value::Number(_) => 1,
        serde_json::Value::Array(a) => a.iter().map(count_numbers).sum(),
        serde_json::Value::Object(o) => o.values().map(count_numbers).sum(),
        _ => 0,
    }
}

/// The `idx`-th number cell of a JSON document, in traversal order.
#[cfg(feature = "serde")]
fn number_cell(v: &mut serde_json::Value, idx: usize) -> Option<&mut serde_json::Value> {
    fn walk<'a>(
        v: &'a mut serde_json::Value,
        idx: &mut usize,
    ) -> Option<&'a mut serde_json::Value> {
        match v {
            serde_json::Value::Number(_) => {
                if *idx == 0 {
                    return Some(v);
                }
                *idx -= 1;
                None
            }
            serde_json::Value::Array(a) => a.iter_mut().find_map(|x| walk(x, idx)),
            serde_json::Value::Object(o) => o.values_mut().find_map(|x| walk(x, idx)),
            _ => None,
        }
    }
    let mut i = idx;
    walk(v, &mut i)
}

#[test]
fn t15_redealing_hidden_cards_keeps_every_view() {
    // The conformance walk checks this at every step; here once more from a busy position.
    let g = reach(4, 0, 11, 150);
    assert!(cards_core::conformance::check_state(&g, &nonsense(), 5, 0).is_ok());
}

/// Every viewer who is not entitled to see something: every seat but `except`, and spectators.
fn viewers(seats: usize) -> Vec<Viewer> {
    (0..seats)
        .map(|s| Viewer::Seat(Seat(s as u8)))
        .chain([Viewer::Spectator])
        .collect()
}

/// T15, adversarially: in many seeded games, every event is rendered for every viewer.
/// Two chance outcomes that leave a viewer the same view must render the same event for
/// him (the hidden card dealt, the trump drawn, set aside or taken stays hidden), except
/// Destroy's pick, whose kind T12.7 shows to all. Two hidden gives of an exchange that
/// differ only in their kind render the same event and leave the same view for everyone
/// but the exchanging player (T12.8: the partner learns the kinds only at `done`).
#[test]
fn t15_no_event_shows_a_viewer_what_he_may_not_see() {
    let mut outcomes = Vec::new();
    let mut legal = Vec::new();
    let mut checked = 0u32;
    for seed in 0..28u64 {
        let seats = 2 + (seed % 7) as usize;
        let mut g = Trump21::new(rules_variant((seed / 7) as u8), seats).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..3_000 {
            match g.actor() {
                Actor::Terminal => break,
                Actor::Chance => {
                    g.chance_outcomes(&mut outcomes);
                    if !matches!(g.phase(), Phase::DestroyPick(_)) {
                        for v in viewers(seats) {
                            let seen: Vec<_> = outcomes
                                .iter()
                                .map(|(a, _)| {
                                    (g.apply(a).unwrap().observe(v), g.event(a, v).unwrap())
                                })
                                .collect();
                            for (i, (va, ea)) in seen.iter().enumerate() {
                                for (vb, eb) in &seen[i + 1..] {
                                    if va == vb {
                                        assert_eq!(ea, eb, "{v:?} tells apart at {:?}", g.phase());
                                        checked += 1;
                                    }
                                }
                            }
                        }
                    }
                }
                Actor::Player(me) => {
                    g.legal_actions(&mut legal);
                    let hidden_gives: Vec<Action> = legal
                        .iter()
                        .filter(|a| matches!(a, Action::Give(Give::Hidden(_))))
                        .copied()
                        .collect();
                    for (i, a) in hidden_gives.iter().enumerate() {
                        for b in &hidden_gives[i + 1..] {
                            for v in viewers(seats) {
                                if v == Viewer::Seat(me) {
                                    continue;
                                }
                                let ea = g.event(a, v).unwrap();
                                let eb = g.event(b, v).unwrap();
                                assert_eq!(ea, eb, "{v:?} sees a hidden give's kind");
                                let va = g.apply(a).unwrap().observe(v);
                                let vb = g.apply(b).unwrap().observe(v);
                                assert_eq!(va, vb, "{v:?}'s view shows a hidden give's kind");
                                checked += 1;
                            }
                        }
                    }
                }
            }
            let mut scratch = Vec::new();
            let a = match g.actor() {
                Actor::Chance => g.sample_chance(&mut rng, &mut scratch).unwrap(),
                _ => {
                    g.legal_actions(&mut legal);
                    legal[below(&mut rng, legal.len() as u64) as usize]
                }
            };
            g.apply_mut(&a).unwrap();
        }
    }
    assert!(checked > 10_000, "only {checked} comparisons");
}
