//! Golden JSON (docs/protocol.md): a view per viewer kind, an event per viewer
//! kind, an action, a setup and the rules of one fixed seeded position, compared
//! exactly with `tests/golden/*.json` and read back. `CARDS_BLESS=1` rewrites
//! them after a deliberate change of protocol.

use cards_core::testing::golden_position;
use cards_core::{Actor, ChaCha8Rng, Game, Playout, Seat, SeedableRng, Viewer};
use schwimmen::{Action, Rules, Schwimmen};

/// Seed 7, three seats: the first turn of round 2 after two turns, so the view
/// carries a last round result and a card taken from the middle.
fn position() -> Schwimmen {
    let mut g = Schwimmen::new(Rules::default(), 3).expect("3 seats");
    let (mut rng, mut playout) = (ChaCha8Rng::seed_from_u64(7), Playout::new());
    while !(g.round() >= 1 && g.phase() == schwimmen::Phase::Turns && g.turns() >= 2) {
        assert!(playout.step(&mut g, &mut rng), "the game goes on");
    }
    g
}

/// The package root, where `tests/golden/` lies.
const PACKAGE: &str = env!("CARGO_MANIFEST_DIR");

#[test]
fn s23_golden_json_views_events_action_setup_rules() {
    let g = position();
    let Actor::Player(mover) = g.actor() else {
        panic!("a player moves")
    };
    assert!(g.last_round().is_some());
    let other = Seat((mover.0 + 1) % 3);
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    let action = *legal
        .iter()
        .find(|a| matches!(a, Action::Swap { .. }))
        .expect("a swap");
    golden_position(PACKAGE, &g, &action, mover, other);
    // The view has no rules object: only the value its legal actions need.
    let v = serde_json::to_value(g.observe(Viewer::Seat(mover))).expect("json");
    assert!(v.get("rules").is_none() && v["passing"] == true);
}
