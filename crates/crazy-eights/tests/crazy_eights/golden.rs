//! Golden JSON (docs/protocol.md, C14, C15): the view of the seat to act and a
//! spectator's, a legal action, its event as the mover, another seat and a
//! spectator see it, the setup and the rules of one fixed seeded position,
//! compared exactly with `tests/golden/*.json` and read back.
//! `CARDS_BLESS=1 cargo test -p crazy-eights --all-features golden` rewrites
//! them after a deliberate protocol change.

#![cfg(feature = "serde")]

use cards_core::testing::{golden_position, json_strings};
use cards_core::{Actor, ChaCha8Rng, Game, Playout, Save, Seat, SeedableRng, Viewer};
use crazy_eights::{Action, CrazyEights, Phase, Rules, Seen};

/// The package root, where `tests/golden/` lies.
const PACKAGE: &str = env!("CARGO_MANIFEST_DIR");

/// Seed 7, four seats, random steps (`Playout`) until the fourth card played
/// or later, when a seat who chose to draw is about to get its card: a chance
/// step whose card only the drawer may see.
fn position() -> CrazyEights {
    let mut g = CrazyEights::new(Rules::default(), 4).expect("4 seats");
    let (mut rng, mut playout) = (ChaCha8Rng::seed_from_u64(7), Playout::new());
    loop {
        let v = g.observe(Viewer::Spectator);
        if v.phase == Phase::Draw && v.plays >= 4 {
            return g;
        }
        assert!(playout.step(&mut g, &mut rng), "the game goes on");
    }
}

#[test]
fn c14_golden_json_views_events_action_setup_rules() {
    let g = position();
    assert_eq!(g.actor(), Actor::Chance);
    let mover = g.turn().expect("a seat draws");
    let other = Seat((mover.0 + 1) % 4);
    let mut outcomes = Vec::new();
    g.chance_outcomes(&mut outcomes);
    let action = outcomes[0].0;
    let Action::Deal(card) = action else {
        panic!("{action:?}")
    };
    golden_position(PACKAGE, &g, &action, mover, other);
    let view = g.observe(Viewer::Seat(mover));
    let spectator = g.observe(Viewer::Spectator);
    let event = |viewer| g.event(&action, viewer).expect("legal");

    // What the forms hide: the mover's view holds its own hand only, a
    // spectator's no hand; no card in a hand or the stock is named to a
    // spectator; the drawn card is named to the drawer alone.
    let setup = g.save();
    let mut hidden: Vec<String> = setup
        .hands
        .iter()
        .flat_map(|h| h.iter())
        .map(|(c, _)| c.to_string())
        .collect();
    hidden.extend(setup.stock.iter().map(|(c, _)| c.to_string()));
    let json = serde_json::to_value(&spectator).expect("json");
    assert!(json["hand"].is_null() && json["shown"].is_null());
    assert!(
        json["hand_sizes"]
            .as_array()
            .expect("sizes")
            .iter()
            .all(|n| n.is_u64())
    );
    let named = json_strings(&json);
    assert!(
        !hidden.is_empty() && named.iter().all(|s| !hidden.contains(s)),
        "{named:?}"
    );
    let json = serde_json::to_value(&view).expect("json");
    assert_eq!(
        json["hand"],
        serde_json::to_value(g.hand(mover)).expect("json")
    );
    assert!(json["shown"].is_null());
    assert_eq!(
        event(Viewer::Seat(mover)).seen,
        Seen::Drew {
            seat: mover,
            card: Some(card)
        }
    );
    for viewer in [Viewer::Seat(other), Viewer::Spectator] {
        assert_eq!(
            event(viewer).seen,
            Seen::Drew {
                seat: mover,
                card: None
            }
        );
    }
}
