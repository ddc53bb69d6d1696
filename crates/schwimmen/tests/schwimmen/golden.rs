//! Golden JSON (docs/protocol.md): a view per viewer kind, an event per viewer
//! kind, an action, a setup and the rules of one fixed seeded position, compared
//! exactly with `tests/golden/*.json` and read back. `GOLDEN=write` rewrites them.

use cards_core::{Actor, ChaCha8Rng, Game, Playout, Seat, SeedableRng, Viewer};
use schwimmen::{Action, Event, Rules, Schwimmen, Setup, View};
use serde::Serialize;
use serde::de::DeserializeOwned;

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

fn golden<T: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug>(name: &str, value: &T) {
    let path = format!("{}/tests/golden/{name}.json", env!("CARGO_MANIFEST_DIR"));
    let json = serde_json::to_string_pretty(value).expect("serializes") + "\n";
    if std::env::var("GOLDEN").as_deref() == Ok("write") {
        std::fs::write(&path, &json).expect("writes");
    }
    let want = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    assert_eq!(
        json, want,
        "{name}: the JSON form changed (a protocol change)"
    );
    let back: T = serde_json::from_str(&want).expect("reads back");
    assert_eq!(&back, value, "{name}");
}

#[test]
fn s23_golden_json_views_events_action_setup_rules() {
    let g = position();
    let Actor::Player(mover) = g.actor() else {
        panic!("a player moves")
    };
    assert!(g.last_round().is_some());
    let other = Seat((mover.0 + 1) % 3);
    golden::<View>("view_mover", &g.observe(Viewer::Seat(mover)));
    golden::<View>("view_spectator", &g.observe(Viewer::Spectator));
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    let action = *legal
        .iter()
        .find(|a| matches!(a, Action::Swap { .. }))
        .expect("a swap");
    golden::<Action>("action", &action);
    golden::<Event>(
        "event_mover",
        &g.event(&action, Viewer::Seat(mover)).expect("legal"),
    );
    golden::<Event>(
        "event_other",
        &g.event(&action, Viewer::Seat(other)).expect("legal"),
    );
    golden::<Event>(
        "event_spectator",
        &g.event(&action, Viewer::Spectator).expect("legal"),
    );
    golden::<Setup>("setup", &g.to_setup());
    golden::<Rules>("rules", g.rules());
    // The view has no rules object: only the value its legal actions need.
    let v = serde_json::to_value(g.observe(Viewer::Seat(mover))).expect("json");
    assert!(v.get("rules").is_none() && v["passing"] == true);
}
