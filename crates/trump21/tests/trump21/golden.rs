//! Golden JSON (docs/protocol.md): a view, an event per viewer kind, an action, a
//! setup and the rules from a fixed seeded state, compared exactly and read back.
//! `CARDS_BLESS=1 cargo test -p trump21 --all-features golden` rewrites them after a
//! deliberate change of protocol.

#![cfg(feature = "serde")]

use cards_core::testing::golden_json;
use cards_core::{Game, Seat, Table, Viewer};
use trump21::{Action, Event, Rules, Setup, Trump21, View};

/// The package root, where `tests/golden/` lies.
const PACKAGE: &str = env!("CARGO_MANIFEST_DIR");

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
    golden_json::<Rules>(PACKAGE, "rules", &Rules::default());
    golden_json::<Action>(PACKAGE, "action", &action);
    golden_json::<Setup>(PACKAGE, "setup", &Setup::from(g.clone()));
    golden_json::<View>(PACKAGE, "view", &g.observe(Viewer::Seat(Seat(1))));
    // The chance step now pending: seat 0's card, as seat 0, seat 1 and a spectator see it.
    let mut outcomes = Vec::new();
    g.chance_outcomes(&mut outcomes);
    let card = outcomes[0].0;
    golden_json::<Event>(
        PACKAGE,
        "event_own",
        &g.event(&card, Viewer::Seat(Seat(0))).unwrap(),
    );
    golden_json::<Event>(
        PACKAGE,
        "event_other",
        &g.event(&card, Viewer::Seat(Seat(1))).unwrap(),
    );
    golden_json::<Event>(
        PACKAGE,
        "event_spectator",
        &g.event(&card, Viewer::Spectator).unwrap(),
    );
}
