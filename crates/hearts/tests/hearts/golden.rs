//! Golden JSON (docs/protocol.md, R13, R15): the view of the seat to play and a
//! spectator's, a legal play, its event as the mover, another seat and a
//! spectator see it, the setup and the rules of one fixed seeded position,
//! compared exactly with `tests/golden/*.json` and read back.
//! `CARDS_BLESS=1 cargo test -p hearts --all-features golden` rewrites them
//! after a deliberate protocol change.

#![cfg(feature = "serde")]

use cards_core::testing::{golden_position, json_strings};
use cards_core::{Actor, ChaCha8Rng, Game, Playout, Seat, SeedableRng, Viewer};
use hearts::{Action, Hearts, PassDir, Phase, Rules};

/// The package root, where `tests/golden/` lies.
const PACKAGE: &str = env!("CARGO_MANIFEST_DIR");

/// Passing to the left, then seed 7 and random steps (`Playout`) until the fourth card of a trick after
/// the first two is due: cards were passed and received, tricks taken, and
/// the play to come takes a trick.
fn position() -> Hearts {
    let mut g = Hearts::new(Rules::default(), 4).expect("4 seats");
    g.apply_mut(&Action::Direction(PassDir::Left))
        .expect("a chance outcome");
    let (mut rng, mut playout) = (ChaCha8Rng::seed_from_u64(7), Playout::new());
    loop {
        let v = g.observe(Viewer::Spectator);
        if v.phase == Phase::Play && v.played >= 8 && v.trick.len() == 3 {
            return g;
        }
        assert!(playout.step(&mut g, &mut rng), "the game goes on");
    }
}

#[test]
fn r13_golden_json_views_events_action_setup_rules() {
    let g = position();
    let Actor::Player(mover) = g.actor() else {
        panic!("a seat plays")
    };
    let other = Seat((mover.0 + 1) % 4);
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    let action = legal[0];
    golden_position(PACKAGE, &g, &action, mover, other);
    let view = g.observe(Viewer::Seat(mover));
    let spectator = g.observe(Viewer::Spectator);
    let event = |viewer| g.event(&action, viewer).expect("legal");

    // What the forms hide: a spectator is named no card in a hand; the mover
    // only its own and those it passed; the play takes the trick for all.
    assert_eq!(view.pass_dir, Some(PassDir::Left));
    let hand_of = |s: u8| g.hand(Seat(s)).expect("seat").iter().map(|c| c.to_string());
    let mine: Vec<String> = g
        .passed(mover)
        .expect("seat")
        .iter()
        .map(|c| c.to_string())
        .collect();
    let json = serde_json::to_value(&spectator).expect("json");
    assert!(json["hand"].is_null() && json["passed"].is_null() && json["received"].is_null());
    let named = json_strings(&json);
    for s in 0..4 {
        assert!(
            hand_of(s).all(|c| !named.contains(&c)),
            "seat {s}: {named:?}"
        );
    }
    let json = serde_json::to_value(&view).expect("json");
    assert_eq!(
        json["hand"],
        serde_json::to_value(g.hand(mover)).expect("json")
    );
    assert!(json["received"].is_array());
    let named = json_strings(&json);
    for s in (0..4).filter(|&s| s != mover.0) {
        assert!(
            hand_of(s).all(|c| !named.contains(&c) || mine.contains(&c)),
            "seat {s}: {named:?}"
        );
    }
    for viewer in [Viewer::Seat(mover), Viewer::Seat(other), Viewer::Spectator] {
        assert!(event(viewer).took.is_some() && event(viewer).received.is_none());
    }
}
