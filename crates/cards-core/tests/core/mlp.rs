//! The learned level's forward pass against the training script's: a small
//! network trained and exported by `python/train/learned.py --fixture`, with
//! fixed inputs and the logits PyTorch computed for them.

use std::sync::Arc;

use cards_core::{Bot, Difficulty, Learned, Networks, Scratch, Table, WeightsError};

use crate::toy::{Toy, ToyRules};

const WEIGHTS: &[u8] = include_bytes!("fixtures/mlp.crlw");
const EXPECTED: &str = include_str!("fixtures/mlp.json");

#[test]
fn the_rust_forward_pass_gives_the_training_scripts_logits() {
    let nets = Networks::from_bytes(WEIGHTS).unwrap();
    let net = nets
        .for_seats(3)
        .expect("the fixture's network plays 3 seats");
    let fixture: serde_json::Value = serde_json::from_str(EXPECTED).unwrap();
    let inputs = fixture["inputs"].as_array().unwrap();
    let logits = fixture["logits"].as_array().unwrap();
    assert_eq!(inputs.len(), 8);
    let mut scratch = Scratch::default();
    for (x, want) in inputs.iter().zip(logits) {
        let x: Vec<f32> = x
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_f64().unwrap() as f32)
            .collect();
        let got = net.forward(&x, &mut scratch);
        let want = want.as_array().unwrap();
        assert_eq!(got.len(), want.len());
        for (g, w) in got.iter().zip(want) {
            let w = w.as_f64().unwrap();
            assert!((f64::from(*g) - w).abs() <= 1e-5, "{g} against {w}");
        }
    }
}

/// A one-layer network of one input and one output: `w · x + b`.
fn affine(w: f32, b: f32) -> Vec<u8> {
    let mut file = b"CRLW".to_vec();
    for n in [1u32, 1, 1, 1, 1, 1] {
        // version, networks, seats, layers, then the two widths
        file.extend(n.to_le_bytes());
    }
    file.extend(w.to_le_bytes());
    file.extend(b.to_le_bytes());
    file
}

#[test]
fn w5_a_negligible_weight_or_bias_is_read_as_zero() {
    let logit = |w: f32, b: f32| {
        let nets = Networks::from_bytes(&affine(w, b)).unwrap();
        nets.for_seats(1)
            .unwrap()
            .forward(&[1.0], &mut Scratch::default())[0]
    };
    assert_eq!(logit(0.5, 0.25), 0.75);
    // Below NEGLIGIBLE, subnormal or not: 0, whose products are never subnormal.
    for tiny in [1e-31, -1e-31, 1e-40, f32::MIN_POSITIVE] {
        assert_eq!(logit(tiny, 0.0), 0.0, "weight {tiny:e}");
        assert_eq!(logit(0.0, tiny), 0.0, "bias {tiny:e}");
    }
    assert_eq!(
        logit(cards_core::mlp::NEGLIGIBLE, 0.0),
        cards_core::mlp::NEGLIGIBLE
    );
}

#[test]
fn a_cut_or_padded_fixture_is_a_typed_error() {
    for cut in [1, 4, 12, WEIGHTS.len() / 2, WEIGHTS.len() - 1] {
        let e = Networks::from_bytes(&WEIGHTS[..cut]).unwrap_err();
        assert!(matches!(e, WeightsError::Truncated { .. }), "{e}");
    }
    let mut padded = WEIGHTS.to_vec();
    padded.extend([0; 4]);
    assert_eq!(
        Networks::from_bytes(&padded),
        Err(WeightsError::Trailing(4))
    );
}

#[test]
fn a_game_without_networks_plays_its_heuristic_at_the_learned_level() {
    let rules = ToyRules::plain();
    assert_eq!(
        Learned::<Toy>::shipped(&rules).err(),
        Some(WeightsError::Empty)
    );
    // The fixture's network (24 inputs, 7 logits) does not fit the toy's encoding.
    let nets = Arc::new(Networks::from_bytes(WEIGHTS).unwrap());
    let e = Learned::<Toy>::new(rules.clone(), nets, Difficulty::Medium.bot::<Toy>(&rules));
    assert!(matches!(
        e.err(),
        Some(WeightsError::Shape { seats: 3, .. })
    ));
    for seed in 0..20 {
        let game = |level: Difficulty| {
            let mut t = Table::<Toy>::new(rules.clone(), 2, seed).unwrap();
            let mut bots: Vec<Box<dyn Bot<Toy>>> =
                vec![level.bot::<Toy>(&rules), level.bot::<Toy>(&rules)];
            assert!(t.play_bots(&mut bots, 100).unwrap().is_some());
            t.log().to_vec()
        };
        assert_eq!(
            game(Difficulty::Learned),
            game(Difficulty::Medium),
            "seed {seed}"
        );
    }
}
