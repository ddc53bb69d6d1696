//! Input from outside (issue 13): views a client deserializes, rule sets, strict
//! saves, and the size of legal lists.

use cards_core::{Actor, Game, Seat, SeatView, Table, Viewer};
#[cfg(feature = "serde")]
use proptest::prelude::*;
use trump21::*;

#[cfg(feature = "serde")]
use crate::props::{config, reach};

/// The acting seat's view from `Table` seed 7 (3 seats, standard rules).
fn seed7_view() -> (Trump21, View) {
    let table = Table::<Trump21>::new(Rules::default(), 3, 7).unwrap();
    let Actor::Player(me) = table.actor() else {
        panic!("a Table resolves chance steps")
    };
    let g = table.state().clone();
    let v = g.observe(Viewer::Seat(me));
    (g, v)
}

fn listed(v: &View) -> Vec<Action> {
    let mut out = Vec::new();
    v.legal_actions(&mut out);
    out
}

fn state_listed(g: &Trump21) -> Vec<Action> {
    let mut out = Vec::new();
    g.legal_actions(&mut out);
    out
}

#[test]
fn t15_a_view_with_counts_no_game_has_is_refused_and_listing_stays_total() {
    let (g, view) = seed7_view();
    assert_eq!(view.validate(), Ok(()));
    assert_eq!(listed(&view), state_listed(&g));
    // Built by hand (fields are public): listing never panics and never wraps.
    let mut bad = view.clone();
    bad.deck = u32::MAX;
    bad.discards = 1;
    let acts = listed(&bad);
    assert!(acts.contains(&Action::Draw), "{acts:?}");
    assert!(matches!(bad.validate(), Err(SetupError::View(m)) if m.contains("(T1)")));
    let mut bad = view.clone();
    bad.seats[0].open_cards = vec![200; 400];
    let _ = listed(&bad);
    assert!(bad.validate().is_err());
    let mut bad = view.clone();
    bad.turn = Seat(200);
    bad.actor = Actor::Player(Seat(200));
    assert!(listed(&bad).is_empty() || bad.validate().is_err());
    assert!(bad.validate().is_err());
}

#[cfg(feature = "serde")]
#[test]
fn t15_issue_13_reproduction_deck_4294967295_discards_1_is_refused() {
    let (_, view) = seed7_view();
    let mut json = serde_json::to_value(&view).unwrap();
    json["deck"] = serde_json::json!(4_294_967_295u64);
    json["discards"] = serde_json::json!(1);
    let e = serde_json::from_value::<View>(json)
        .unwrap_err()
        .to_string();
    assert!(e.contains("number cards are not conserved (T1)"), "{e}");
    // Unknown fields are refused too.
    let mut json = serde_json::to_value(&view).unwrap();
    json["decks"] = serde_json::json!(3);
    assert!(serde_json::from_value::<View>(json).is_err());
}

/// The JSON paths of every number in a document, in traversal order.
#[cfg(feature = "serde")]
fn number_paths(v: &serde_json::Value, path: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    match v {
        serde_json::Value::Number(_) => out.push(path.clone()),
        serde_json::Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                path.push(i.to_string());
                number_paths(x, path, out);
                path.pop();
            }
        }
        serde_json::Value::Object(o) => {
            for (k, x) in o {
                path.push(k.clone());
                number_paths(x, path, out);
                path.pop();
            }
        }
        _ => {}
    }
}

#[cfg(feature = "serde")]
fn cell<'a>(v: &'a mut serde_json::Value, path: &[String]) -> &'a mut serde_json::Value {
    path.iter().fold(v, |v, k| match v {
        serde_json::Value::Array(a) => &mut a[k.parse::<usize>().unwrap()],
        other => &mut other[k.as_str()],
    })
}

/// The position `g` with the change a view mutation describes, where the view shows
/// a value no count can cross-check (an own card's value, an open trump's holder):
/// the card swaps with one from the deck or discards. `None` if no position fits.
#[cfg(feature = "serde")]
fn same_change(g: &Trump21, me: Seat, path: &[String], new: i64) -> Option<Trump21> {
    let mut s = setup_of(g);
    let p: Vec<&str> = path.iter().map(String::as_str).collect();
    let swap = |s: &mut Setup, old: u8, new: u8| -> Option<()> {
        let new = usize::from(new);
        if s.deck[new] > 0 {
            s.deck[new] -= 1;
            s.deck[usize::from(old)] += 1;
        } else if s.discards[new] > 0 {
            s.discards[new] -= 1;
            s.discards[usize::from(old)] += 1;
        } else {
            return None;
        }
        Some(())
    };
    let new8 = u8::try_from(new).ok()?;
    match p.as_slice() {
        ["seats", i, "open_cards", j] => {
            let (i, j) = (i.parse::<usize>().ok()?, j.parse::<usize>().ok()?);
            let old = s.seats[i].open_cards[j];
            swap(&mut s, old, new8)?;
            s.seats[i].open_cards[j] = new8;
        }
        ["seats", i, "hidden"] if *i == me.index().to_string() => {
            let old = s.seats[me.index()].hidden;
            swap(&mut s, old, new8)?;
            s.seats[me.index()].hidden = new8;
        }
        ["seats", i, "hidden"] => {
            // Another seat's hidden card is shown only once revealed.
            let i = i.parse::<usize>().ok()?;
            let old = s.seats[i].hidden;
            swap(&mut s, old, new8)?;
            s.seats[i].hidden = new8;
        }
        ["open_trumps", j, "holder"] => {
            s.open_trumps[j.parse::<usize>().ok()?].holder = Seat(new8);
        }
        _ => return None,
    }
    Trump21::from_setup(s).ok()
}

#[cfg(feature = "serde")]
proptest! {
    #![proptest_config(config())]

    /// T15, issue 13: a view read from JSON with numbers changed is refused, or lists
    /// exactly the actions of the state it came from; where the change is a value no
    /// count can cross-check (a card's value, an open trump's holder), it lists the
    /// actions of the position with that change made. Never a panic.
    #[test]
    fn t15_mutated_views_are_refused_or_list_the_actions_of_their_position(
        seed in any::<u64>(),
        steps in 0usize..300,
        edits in proptest::collection::vec((any::<u16>(), prop_oneof![
            8 => -3i64..=3,
            1 => Just(i64::from(u32::MAX)),
            1 => Just(255i64),
            1 => Just(256i64),
            1 => Just(-1i64),
            2 => Just(0i64),
        ], proptest::bool::weighted(0.2)), 1..3),
    ) {
        let mut g = reach(2 + (seed % 5) as usize, (seed % 4) as u8, seed, steps);
        // Resolve pending chance steps, so that the viewer is usually the one to act.
        let mut outcomes = Vec::new();
        while g.actor() == Actor::Chance {
            g.legal_actions(&mut outcomes);
            g = g.apply(&outcomes[(seed % outcomes.len() as u64) as usize]).unwrap();
        }
        let viewer = match g.actor() {
            Actor::Player(p) => p,
            _ => Seat((seed % 2) as u8),
        };
        let view = g.observe(Viewer::Seat(viewer));
        let original = serde_json::to_value(&view).unwrap();
        let mut paths = Vec::new();
        number_paths(&original, &mut Vec::new(), &mut paths);
        let mut json = original.clone();
        let mut changed = Vec::new();
        for (i, d, absolute) in &edits {
            let path = &paths[usize::from(*i) % paths.len()];
            let c = cell(&mut json, path);
            let old = c.as_i64().unwrap();
            let new = if *absolute { *d } else { old + *d };
            *c = serde_json::json!(new);
            if new != old {
                changed.push((path.clone(), new));
            }
        }
        match serde_json::from_value::<View>(json) {
            Err(e) => prop_assert!(!e.to_string().is_empty()),
            Ok(back) => {
                let got = listed(&back);
                let want = match changed.as_slice() {
                    [] => Some(state_listed(&g)),
                    [(path, new)] => match same_change(&g, viewer, path, *new) {
                        Some(h) => Some(state_listed(&h)),
                        None => Some(state_listed(&g)),
                    },
                    // Two changes at once: only "no panic" is asserted.
                    _ => None,
                };
                if let Some(want) = want {
                    let mine = matches!(back.actor, Actor::Player(p) if Some(p) == back.seat());
                    prop_assert_eq!(got, if mine { want } else { Vec::new() }, "{:?}", changed);
                }
            }
        }
    }
}
