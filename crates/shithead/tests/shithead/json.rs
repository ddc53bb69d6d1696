//! JSON forms are strict (issue 13 item 4): an unknown or misspelt field is
//! refused, never dropped silently.

use cards_core::{Game, Seat, Table, Viewer};
use serde_json::{Value, json};
use shithead::{Rules, Setup, Shithead, View};

fn saved() -> Value {
    // After the seeded deal: the first seat arranges.
    let t = Table::<Shithead>::new(Rules::default(), 3, 3).unwrap();
    serde_json::to_value(t.state()).unwrap()
}

#[test]
fn notation_saves_with_unknown_or_misspelt_fields_are_refused() {
    let good = saved();
    assert!(serde_json::from_value::<Shithead>(good.clone()).is_ok());
    assert!(serde_json::from_value::<Setup>(good.clone()).is_ok());
    let with = |f: &dyn Fn(&mut Value)| {
        let mut v = good.clone();
        f(&mut v);
        v
    };
    let cases = [
        (
            "extra top-level field",
            with(&|v| v["comment"] = json!("hi")),
        ),
        ("misspelt field", {
            let mut v = good.clone();
            let r = v.as_object_mut().unwrap().remove("refill").unwrap();
            v["refil"] = r;
            v
        }),
        (
            "extra rules field",
            with(&|v| v["rules"]["jokers"] = json!(2)),
        ),
        (
            "extra field in a struct variant",
            with(&|v| v["stage"] = json!({"blind": {"cover": false, "peek": true}})),
        ),
    ];
    for (what, v) in cases {
        let e = serde_json::from_value::<Shithead>(v.clone()).unwrap_err();
        assert!(e.to_string().contains("unknown field"), "{what}: {e}");
        assert!(serde_json::from_value::<Setup>(v).is_err(), "{what}");
    }
    let mut rules = serde_json::to_value(Rules::default()).unwrap();
    rules["max_action"] = json!(5);
    assert!(serde_json::from_value::<Rules>(rules).is_err());
}

#[test]
fn h23_views_with_unknown_fields_are_refused() {
    let t = Table::<Shithead>::new(Rules::default(), 3, 3).unwrap();
    let v = t.state().observe(Viewer::Seat(Seat(1)));
    let mut j = serde_json::to_value(&v).unwrap();
    assert_eq!(serde_json::from_value::<View>(j.clone()).unwrap(), v);
    j["hidden_hands"] = json!([]);
    assert!(serde_json::from_value::<View>(j).is_err());
}

/// H3.1: the picks so far are part of the save (`{"picking": ["4H"]}`) and of
/// every view; a pick the arranging player does not hold is refused on load.
#[test]
fn h3_1_picks_save_and_load_and_a_foreign_pick_is_refused() {
    let mut t = Table::<Shithead>::new(Rules::default(), 3, 3).unwrap();
    let mut legal = Vec::new();
    t.state().legal_actions(&mut legal);
    let pick = legal[0];
    t.play(&pick).unwrap();
    let g = *t.state();
    let v = serde_json::to_value(g).unwrap();
    let shithead::Action::FaceUp(card) = pick else {
        panic!("arranging starts with picks: {pick}")
    };
    assert_eq!(v["stage"], json!({ "picking": [card.to_string()] }));
    assert_eq!(serde_json::from_value::<Shithead>(v.clone()).unwrap(), g);
    for s in 0..3 {
        let view = serde_json::to_value(g.observe(Viewer::Seat(Seat(s)))).unwrap();
        assert_eq!(view["stage"], v["stage"]);
        assert!(serde_json::from_value::<View>(view).is_ok());
    }
    // A card in the stock is not one of his six.
    let stock = g.stock().copies().next().unwrap();
    let mut bad = v.clone();
    bad["stage"] = json!({ "picking": [stock.to_string()] });
    let e = serde_json::from_value::<Shithead>(bad)
        .unwrap_err()
        .to_string();
    assert!(e.contains("(H3.1)"), "{e}");
}
