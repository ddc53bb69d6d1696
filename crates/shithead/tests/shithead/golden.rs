//! Golden JSON (docs/protocol.md): the standard files of
//! `cards_core::testing::golden_position` for a refill draw (the drawer's view
//! and a spectator's, the drawn card and its event per viewer kind, the setup
//! and the rules), and the play that follows it (`action_play`), compared byte
//! for byte with `tests/golden/*.json` and read back.
//! `CARDS_BLESS=1 cargo test -p shithead --all-features golden` rewrites
//! them after a deliberate protocol change.

use cards_core::testing::{golden_json, golden_position};
use cards_core::{Actor, Game, Seat, Table, Viewer};
use shithead::{Action, Rules, Shithead, What};

/// The package root, where `tests/golden/` lies.
const PACKAGE: &str = env!("CARGO_MANIFEST_DIR");

/// Seed 3, three seats, the first legal action each time, until the first
/// refill draw of a seat's hand after a play.
fn refill_position() -> (Shithead, Action) {
    let t = Table::<Shithead>::new(Rules::default(), 3, 3).unwrap();
    let mut g = *t.state();
    let mut v = Vec::new();
    loop {
        g.legal_actions(&mut v);
        let a = v[0];
        let refill = g.actor() == Actor::Chance && !g.pile().is_empty();
        if refill && matches!(a, Action::Draw(_)) {
            return (g, a);
        }
        g = g.apply(&a).unwrap();
    }
}

#[test]
fn h23_golden_view_event_action_setup_and_rules() {
    let (g, draw) = refill_position();
    let Actor::Chance = g.actor() else {
        unreachable!()
    };
    // The drawer is the seat whose turn it is.
    let drawer = match g.event(&draw, Viewer::Spectator).unwrap().what {
        What::Drew { seat, .. } => seat.seat(),
        other => panic!("{other:?}"),
    };
    let other = Seat((drawer.0 + 1) % 3);
    golden_position(PACKAGE, &g, &draw, drawer, other);
    let mut legal = Vec::new();
    let next = g.apply(&draw).unwrap();
    next.legal_actions(&mut legal);
    let play = legal
        .iter()
        .find(|a| matches!(a, Action::Play(_)))
        .unwrap_or(&legal[0]);
    golden_json::<Action>(PACKAGE, "action_play", play);
}
