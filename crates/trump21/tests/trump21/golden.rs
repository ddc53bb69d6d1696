//! Golden JSON (docs/protocol.md): a view, an event per viewer kind, an action, a
//! setup and the rules from a fixed seeded state, compared exactly and read back.
//! `UPDATE_GOLDEN=1 cargo test -p trump21 --all-features golden` rewrites them after a
//! deliberate change of protocol.

#![cfg(feature = "serde")]

use std::path::PathBuf;

use cards_core::{Game, Seat, Table, Viewer};
use serde::Serialize;
use serde::de::DeserializeOwned;
use trump21::{Action, Event, Rules, Setup, Trump21, View};

fn path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(name)
}

/// Compares `value`'s pretty JSON with the golden file and reads the file back.
fn golden<T: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug>(name: &str, value: &T) {
    let json = serde_json::to_string_pretty(value).unwrap() + "\n";
    let file = path(name);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&file, &json).unwrap();
    }
    let want = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(json, want, "{name} changed: a change of protocol");
    let back: T = serde_json::from_str(&want).unwrap();
    assert_eq!(&back, value, "{name} reads back");
}

/// Table seed 7, 3 seats, played by the first listed action until seat 0 may draw;
/// then seat 0 draws: a mid-round state with hidden and open cards and a trump pile,
/// the chance step of his card pending.
fn fixed() -> (Trump21, Action) {
    let mut table = Table::<Trump21>::new(Rules::default(), 3, 7).unwrap();
    loop {
        let seat = table.to_act().expect("a player is to act");
        let legal = table.view(seat).legal_actions();
        if seat == Seat(0) && legal.contains(&Action::Draw) {
            return (table.state().apply(&Action::Draw).unwrap(), Action::Draw);
        }
        table.play_as(seat, &legal[0]).unwrap();
    }
}

#[test]
fn golden_json_of_a_view_events_an_action_a_setup_and_the_rules() {
    let (g, action) = fixed();
    golden::<Rules>("rules.json", &Rules::default());
    golden::<Action>("action.json", &action);
    golden::<Setup>("setup.json", &Setup::from(g.clone()));
    golden::<View>("view.json", &g.observe(Viewer::Seat(Seat(1))));
    // The chance step now pending: seat 0's card, as seat 0, seat 1 and a spectator see it.
    let mut outcomes = Vec::new();
    g.chance_outcomes(&mut outcomes);
    let card = outcomes[0].0;
    golden::<Event>(
        "event_own.json",
        &g.event(&card, Viewer::Seat(Seat(0))).unwrap(),
    );
    golden::<Event>(
        "event_other.json",
        &g.event(&card, Viewer::Seat(Seat(1))).unwrap(),
    );
    golden::<Event>(
        "event_spectator.json",
        &g.event(&card, Viewer::Spectator).unwrap(),
    );
}
