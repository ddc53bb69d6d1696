//! Golden JSON (docs/protocol.md): the standard files of
//! `cards_core::testing::golden_position` for a card being dealt to the
//! drawing seat (its view and a spectator's, the card and its event per viewer
//! kind, the setup and the rules), and the draw before it (`action_draw`),
//! compared exactly and read back.
//! `CARDS_BLESS=1 cargo test -p trump21 --all-features golden` rewrites them after a
//! deliberate change of protocol.

#![cfg(feature = "serde")]

use cards_core::testing::{golden_json, golden_position};
use cards_core::{Game, Seat, Table};
use trump21::{Action, Rules, Trump21};

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
    // The chance step now pending: seat 0's card, as seat 0, seat 1 and a
    // spectator see it.
    let mut outcomes = Vec::new();
    g.chance_outcomes(&mut outcomes);
    let card = outcomes[0].0;
    golden_position(PACKAGE, &g, &card, Seat(0), Seat(1));
    golden_json::<Action>(PACKAGE, "action_draw", &action);
}
