//! Schwimmen's encoding for learning agents (S24): action and chance ids, the
//! legal mask and the observation tensor, checked on random games and on a
//! position built by hand.

use cards_core::chance::below;
use cards_core::testing::EncodingSuite;
use cards_core::{Actor, ChaCha8Rng, Encode, Game, Seat, SeedableRng, Viewer, legal_mask};
use proptest::prelude::*;
use schwimmen::{
    Action, Direction, HostOp, KnockerRisk, NUM_ACTIONS, NUM_CHANCE_OUTCOMES, Refresh, Rules,
    Schwimmen, TurnsBuilder, card_index, observation_len,
};

/// Short games under several rule variants.
fn variants() -> Vec<Rules> {
    let short = Rules {
        lives: 1,
        round_limit: 3,
        turn_limit: 30,
        ..Rules::default()
    };
    vec![
        short,
        Rules {
            lives: 2,
            direction: Direction::CounterClockwise,
            passing: false,
            knock_first_turn: true,
            ..short
        },
        Rules {
            refresh: Refresh::Reshuffle,
            knocker_risk: KnockerRisk::DoubleLoss,
            turn_limit: 8,
            first_dealer: 1,
            ..short
        },
    ]
}

/// Plays a random game (chance by its sampler, players uniformly), calling
/// `visit` on every state on the way, the last included.
fn walk(rules: Rules, seats: usize, seed: u64, mut visit: impl FnMut(&Schwimmen, usize)) {
    let mut g = Schwimmen::new(rules, seats).expect("valid rules");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut legal, mut scratch) = (Vec::new(), Vec::new());
    for step in 0.. {
        visit(&g, step);
        let a = match g.actor() {
            Actor::Terminal => return,
            Actor::Chance => g.sample_chance(&mut rng, &mut scratch).expect("chance"),
            Actor::Player(_) => {
                g.legal_actions(&mut legal);
                legal[below(&mut rng, legal.len() as u64) as usize]
            }
        };
        g.apply_mut(&a).expect("a legal action");
    }
}

fn encode(g: &Schwimmen, viewer: Viewer) -> Vec<f32> {
    let mut out = vec![f32::NAN; observation_len(g.seats())];
    Schwimmen::encode_view(g.rules(), g.seats(), &g.observe(viewer), &mut out);
    out
}

/// cards-core's encoding checks (S24): at every state of random games under
/// every variant and seat count (ids in one space only, the legal mask, the
/// shape and re-dealt tensors), along conformance walks with seats leaving
/// and misdeals, and over both id spaces whole.
fn encoding_suite() -> EncodingSuite<Schwimmen> {
    let start = (0..variants().len(), 2usize..=9)
        .prop_map(|(v, seats)| Schwimmen::new(variants()[v], seats).expect("valid rules"));
    EncodingSuite::new(
        "tests/schwimmen/encode.proptest-regressions",
        start,
        vec![Rules::default()],
        2..=9,
    )
    .cases(72)
    .walk_cases(32)
    .host_ops(|g| {
        (0..g.seats() as u8)
            .map(|s| HostOp::Leave(Seat(s)))
            .chain([HostOp::Misdeal])
            .collect()
    })
}

cards_core::encoding_tests!(encoding_suite());

#[test]
fn s24_every_id_maps_to_an_action_and_back() {
    for seats in [2, 4, 9] {
        let shape = Schwimmen::shape(&Rules::default(), seats);
        assert_eq!(
            (shape.actions, shape.chance_outcomes),
            (NUM_ACTIONS, NUM_CHANCE_OUTCOMES)
        );
    }
    let outside = Action::Deal("2C".parse().expect("a card"));
    assert_eq!(
        Schwimmen::action_id(&Rules::default(), 4, &outside, true),
        None
    );
}

#[test]
fn s24_tensor_fills_exactly_its_shape() {
    for seats in 2..=9 {
        let len = Schwimmen::shape(&Rules::default(), seats).observation;
        assert_eq!(len, 144 + 76 * seats);
        walk(variants()[0], seats, 1, |g, _| {
            for viewer in [Viewer::Seat(Seat(0)), Viewer::Spectator] {
                let mut out = vec![f32::NAN; len + 8];
                Schwimmen::encode_view(g.rules(), seats, &g.observe(viewer), &mut out);
                assert!(
                    out[..len]
                        .iter()
                        .all(|x| x.is_finite() && (0.0..=1.0).contains(x))
                );
                assert!(
                    out[len..].iter().all(|x| x.is_nan()),
                    "nothing past the shape"
                );
            }
        });
    }
}

#[test]
fn s24_hand_built_position_sets_known_indices() {
    // Seat 1 to move, seat 2 knocked; seat 0 took 9H from the middle (S23.2).
    let g = TurnsBuilder::new(Rules::default(), &["7C 8C 9H", "AS KS 7H", "7D 8D 9D"])
        .middle("TH JH QH")
        .to_act(Seat(1))
        .knocker(Seat(2))
        .taken(Seat(0), "9H")
        .build()
        .expect("a valid position");
    let n = 3;
    let t = encode(&g, Viewer::Seat(Seat(1)));
    let idx = |c: &str| card_index(c.parse().expect("card")).expect("deck card");
    assert_eq!((idx("7C"), idx("AS"), idx("TH")), (0, 31, 19));
    // Own hand plane: AS KS 7H, and nothing of seat 0's hand but what it took.
    let hand: Vec<usize> = (0..32).filter(|&i| t[i] == 1.0).collect();
    assert_eq!(hand, [idx("7H"), idx("KS"), idx("AS")]);
    let middle: Vec<usize> = (0..32).filter(|&i| t[32 + i] == 1.0).collect();
    assert_eq!(middle, [idx("TH"), idx("JH"), idx("QH")]);
    // Seat 0 is two places after seat 1 (positions 0: seat 1, 1: seat 2, 2: seat 0).
    let taken0 = 128 + 32 * 2;
    assert_eq!(t[taken0 + idx("9H")], 1.0);
    assert_eq!(
        t[taken0 + idx("7C")],
        0.0,
        "seat 0's other cards are hidden"
    );
    let seats = 128 + 64 * n;
    assert_eq!(t[seats + 12 + 7], 1.0, "position 1 (seat 2) knocked");
    assert_eq!(t[seats + 8], 1.0, "position 0 (the viewer) is to move");
    let table = seats + 12 * n;
    assert_eq!(t[table + 2], 1.0, "the turns phase");
    assert_eq!(t[table + 14], 1.0, "the viewer is to act");
    // `swap 7H TH` is 5 + 32 * index(7H) + index(TH), and legal here.
    let swap: Action = "swap 7H TH".parse().expect("an action");
    let id = 5 + 32 * idx("7H") + idx("TH");
    assert_eq!(Schwimmen::action_id(g.rules(), n, &swap, false), Some(id));
    let mut mask = vec![false; NUM_ACTIONS];
    legal_mask(&g, &mut Vec::new(), &mut mask);
    assert!(
        mask[id] && mask[3] && !mask[4],
        "swap and pass legal, no second knock"
    );
    assert_eq!(mask.iter().filter(|&&m| m).count(), 9 + 1 + 1);
}
