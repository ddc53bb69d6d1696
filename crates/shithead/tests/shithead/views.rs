//! Views that come from outside (issue 13 item 1): every view the engine
//! produces validates; a mutated view read from JSON never panics, and when it
//! is accepted it lists the actions of the position it came from, or of a
//! loadable position that shows exactly that view's changed field.

use cards_core::{Actor, ChaCha8Rng, Determinize, Game, Seat, SeedableRng, Viewer, chance::below};
use proptest::prelude::*;
use serde_json::{Value, json};
use shithead::{Action, Leave, Rules, Shithead, View};

/// A position reached by a random walk with leavers, and the seat to view it.
fn reach(seed: u64, steps: usize, seats: usize) -> Shithead {
    let mut g = Shithead::new(Rules::default(), seats).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut v = vec![];
    for _ in 0..steps {
        g.legal_actions(&mut v);
        if v.is_empty() {
            break;
        }
        if below(&mut rng, 60) == 0
            && let Ok(n) = g.host(&Leave(Seat(below(&mut rng, seats as u64) as u8)))
        {
            g = n;
            continue;
        }
        let a = v[below(&mut rng, v.len() as u64) as usize];
        g.apply_mut(&a).unwrap();
    }
    g
}

fn listed(v: &View) -> Vec<Action> {
    let mut out = vec![];
    v.legal_actions(&mut out);
    out
}

const NUMBERS: [u64; 9] = [0, 1, 2, 3, 4, 12, 255, 65_535, 4_294_967_295];
const CARDS: [&str; 8] = ["2C", "3D", "7H", "TS", "QH", "KC", "AS", "4C"];
const RANKS: [&str; 6] = ["2", "3", "7", "T", "Q", "A"];

/// One change to a view's JSON; `witness` also applies it to the state's
/// save when the save has the same field (else the view must be refused or
/// list what the original lists).
#[derive(Clone, Debug)]
enum Mutation {
    /// A count or number field set to an extreme.
    Number(usize, usize, u64),
    /// A seat out of range: viewer, actor or dealer.
    Seat(usize, u64),
    /// A seat's standing.
    Status(usize, usize, u8),
    /// A card added to, removed from or replaced in a list.
    Cards(usize, usize, usize, usize),
    /// A rank field (top, level, group) set or cleared.
    Rank(usize, Option<usize>),
    /// The opening card set or cleared.
    MustOpen(Option<usize>),
    /// Phase or stage set to another value.
    Phase(usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (0usize..8, 0usize..10, 0usize..NUMBERS.len())
            .prop_map(|(f, i, k)| Mutation::Number(f, i, NUMBERS[k])),
        (
            0usize..3,
            prop_oneof![Just(10u64), Just(11), Just(255), Just(65_536)]
        )
            .prop_map(|(f, n)| Mutation::Seat(f, n)),
        (0usize..10, 0usize..3, 0u8..12).prop_map(|(i, k, o)| Mutation::Status(i, k, o)),
        (0usize..5, 0usize..10, 0usize..3, 0usize..CARDS.len())
            .prop_map(|(l, i, op, c)| Mutation::Cards(l, i, op, c)),
        (0usize..3, proptest::option::of(0usize..RANKS.len()))
            .prop_map(|(f, r)| Mutation::Rank(f, r)),
        proptest::option::of(0usize..CARDS.len()).prop_map(Mutation::MustOpen),
        (0usize..9).prop_map(Mutation::Phase),
    ]
}

/// Applies `m` to the view JSON, and to the save JSON when it has the field.
/// Returns whether the save was changed too.
fn apply(m: &Mutation, view: &mut Value, save: &mut Value, me: usize) -> bool {
    let n = view["status"].as_array().unwrap().len();
    match *m {
        Mutation::Number(f, i, x) => {
            let field = [
                "run",
                "group_len",
                "stock_len",
                "removed_len",
                "actions",
                "hand_counts",
                "face_down_counts",
                "decks",
            ][f];
            match field {
                "hand_counts" | "face_down_counts" => view[field][i % n] = json!(x),
                "decks" => view[field] = json!(x),
                "run" | "group_len" | "actions" => {
                    view[field] = json!(x);
                    save[field] = json!(x);
                    return true;
                }
                _ => view[field] = json!(x),
            }
            false
        }
        Mutation::Seat(f, x) => {
            match f {
                0 => view["viewer"] = json!({"seat": x}),
                1 => view["actor"] = json!({"player": x}),
                _ => view["dealer"] = json!(x),
            }
            false
        }
        Mutation::Status(i, k, o) => {
            let st = match k {
                0 => json!("active"),
                1 => json!({"out": o}),
                _ => json!({"left": o}),
            };
            view["status"][i % n] = st.clone();
            save["status"][i % n] = st;
            true
        }
        Mutation::Cards(l, i, op, c) => {
            let card = json!(CARDS[c]);
            let (vpath, spath): (Vec<Value>, Vec<Value>) = match l {
                0 => (vec![json!("hand")], vec![json!("hands"), json!(me)]),
                1 => (
                    vec![json!("face_up"), json!(me)],
                    vec![json!("face_up"), json!(me)],
                ),
                2 => (
                    vec![json!("face_up"), json!(i % n)],
                    vec![json!("face_up"), json!(i % n)],
                ),
                3 => (vec![json!("pile")], vec![json!("pile")]),
                _ => (vec![json!("burned")], vec![json!("burned")]),
            };
            let get = |v: &mut Value, p: &[Value]| -> Value {
                let mut cur = v.clone();
                for k in p {
                    cur = match k {
                        Value::String(s) => cur[s.as_str()].clone(),
                        Value::Number(x) => cur[x.as_u64().unwrap() as usize].clone(),
                        _ => unreachable!(),
                    };
                }
                cur
            };
            let set = |v: &mut Value, p: &[Value], new: Value| {
                let mut cur = v;
                for k in p {
                    cur = match k {
                        Value::String(s) => &mut cur[s.as_str()],
                        Value::Number(x) => &mut cur[x.as_u64().unwrap() as usize],
                        _ => unreachable!(),
                    };
                }
                *cur = new;
            };
            let Value::Array(mut list) = get(view, &vpath) else {
                return false; // a spectator has no hand
            };
            match op {
                0 => list.push(card),
                1 if !list.is_empty() => {
                    list.remove(i % list.len());
                }
                _ if !list.is_empty() => {
                    let j = i % list.len();
                    let old = list[j].clone();
                    list[j] = card.clone();
                    set(view, &vpath, Value::Array(list.clone()));
                    // The witness: the same swap in the save, the new card
                    // taken from a place the viewer cannot see.
                    let mut slist = get(save, &spath);
                    let Some(k) = slist
                        .as_array()
                        .and_then(|a| a.iter().position(|x| *x == old))
                    else {
                        return false;
                    };
                    slist[k] = card.clone();
                    set(save, &spath, slist);
                    let mut hidden: Vec<Vec<Value>> =
                        vec![vec![json!("stock")], vec![json!("removed")]];
                    for s in 0..n {
                        hidden.push(vec![json!("face_down"), json!(s)]);
                        if s != me {
                            hidden.push(vec![json!("hands"), json!(s)]);
                        }
                    }
                    for h in hidden {
                        let mut hl = get(save, &h);
                        if let Some(k) = hl
                            .as_array()
                            .and_then(|a| a.iter().position(|x| *x == card))
                        {
                            hl[k] = old;
                            set(save, &h, hl);
                            return true;
                        }
                    }
                    return false;
                }
                _ => {}
            }
            set(view, &vpath, Value::Array(list));
            false
        }
        Mutation::Rank(f, r) => {
            let field = ["top", "level", "group"][f];
            let v = r.map_or(Value::Null, |r| json!(RANKS[r]));
            view[field] = v.clone();
            save[field] = v;
            true
        }
        Mutation::MustOpen(c) => {
            let v = c.map_or(Value::Null, |c| json!(CARDS[c]));
            view["must_open"] = v.clone();
            save["must_open"] = v;
            true
        }
        Mutation::Phase(k) => {
            let (field, v) = match k {
                0 => ("phase", json!("dealing")),
                1 => ("phase", json!("arranging")),
                2 => ("phase", json!("playing")),
                3 => ("phase", json!("over")),
                4 => ("stage", json!("start")),
                5 => ("stage", json!("add")),
                6 => ("stage", json!("cover")),
                7 => ("stage", json!({"blind": {"cover": false}})),
                _ => ("stage", json!({"blind": {"cover": true}})),
            };
            view[field] = v.clone();
            save[field] = v;
            true
        }
    }
}

proptest! {
    /// H23: every view of every reachable position passes validation and
    /// reads back from JSON.
    #[test]
    fn h23_every_view_the_engine_makes_validates(seed in any::<u64>(), steps in 0usize..500, seats in 2usize..=6) {
        let g = reach(seed, steps, seats);
        for viewer in (0..seats).map(|s| Viewer::Seat(Seat(s as u8))).chain([Viewer::Spectator]) {
            let v = g.observe(viewer);
            prop_assert_eq!(v.validate(), Ok(()), "{:?}", v);
            let back: View = serde_json::from_str(&serde_json::to_string(&v).unwrap()).unwrap();
            prop_assert_eq!(back, v);
        }
    }

    /// H23: a mutated view never panics; accepted, it lists what the original
    /// view lists (the state's actions for the seat to act), or what a
    /// loadable position with the same change lists.
    #[test]
    fn h23_2_mutated_views_are_refused_or_list_the_right_actions(
        seed in any::<u64>(), steps in 0usize..500, seats in 2usize..=5, m in mutation(), spectator in any::<bool>()
    ) {
        let g = reach(seed, steps, seats);
        let me = match g.actor() {
            Actor::Player(p) if !spectator => p,
            _ => Seat(below(&mut ChaCha8Rng::seed_from_u64(seed), seats as u64) as u8),
        };
        let view = g.observe(Viewer::Seat(me));
        let original = listed(&view);
        if g.actor() == Actor::Player(me) {
            let mut state = vec![];
            g.legal_actions(&mut state);
            prop_assert_eq!(&original, &state);
        }
        let mut vj = serde_json::to_value(&view).unwrap();
        let mut sj = serde_json::to_value(g).unwrap();
        let witnessed = apply(&m, &mut vj, &mut sj, me.index());
        let Ok(mutated) = serde_json::from_value::<View>(vj) else {
            return Ok(());
        };
        let got = listed(&mutated);
        if got == original {
            return Ok(());
        }
        prop_assert!(witnessed, "{:?} accepted with other actions: {:?} instead of {:?}", m, got, original);
        // The witness: the state with the same change, or else (when that
        // breaks what the view does not show, as another hand's cards) a
        // position dealt from the changed view.
        let witness = serde_json::from_value::<Shithead>(sj).or_else(|_| {
            Shithead::determinize(g.rules(), &mutated, &mut ChaCha8Rng::seed_from_u64(seed))
        });
        prop_assert!(witness.is_ok(), "{:?} accepted, but no loadable position shows it: {:?}", m, witness.err());
        let w = witness.unwrap();
        prop_assert_eq!(&w.observe(Viewer::Seat(me)), &mutated, "{:?}", m);
        prop_assert_eq!(&got, &listed(&w.observe(Viewer::Seat(me))), "{:?}", m);
    }
}

/// H23: the shape of attack: a count pushed to its type's maximum is
/// refused on reading, with the rule named, instead of giving a wrong list.
#[test]
fn h23_a_view_with_an_impossible_count_is_refused() {
    // The first player decision in play after 120 steps of seed 7.
    let g = (120..200)
        .map(|steps| reach(7, steps, 3))
        .find(|g| matches!(g.actor(), Actor::Player(_)) && g.phase() == shithead::Phase::Playing)
        .unwrap();
    let Actor::Player(me) = g.actor() else {
        panic!("seed 7 stops at a player decision")
    };
    let good = serde_json::to_value(g.observe(Viewer::Seat(me))).unwrap();
    for (field, value) in [
        ("stock_len", json!(65_535)),
        ("actions", json!(4_294_967_295u32)),
        ("viewer", json!({"seat": 200})),
    ] {
        let mut v = good.clone();
        v[field] = value;
        let e = serde_json::from_value::<View>(v).unwrap_err().to_string();
        assert!(e.contains("inconsistent position"), "{field}: {e}");
    }
    let mut v = good.clone();
    v["face_down_counts"][me.index()] = json!(255);
    assert!(serde_json::from_value::<View>(v).is_err());
    // A burned card the single deck holds no more of (H1, H23.3).
    let mut v = good.clone();
    let visible = ["hand", "pile"]
        .iter()
        .flat_map(|f| v[*f].as_array().unwrap().clone())
        .next()
        .expect("the viewer sees a hand or pile card");
    v["burned"].as_array_mut().unwrap().push(visible);
    let e = serde_json::from_value::<View>(v).unwrap_err().to_string();
    assert!(e.contains("inconsistent position"), "burned: {e}");
}

/// H4: an announced opening card is refused when a hand card the viewer sees
/// is worse (his own, or one known to be in another hand), or when an earlier
/// seat after the dealer is known to hold it too. Positions proptest found.
#[test]
fn h4_an_announced_card_a_seen_hand_card_beats_is_refused() {
    let refused = |seed, steps, seats, me: u8, card: &str| {
        let g = reach(seed, steps, seats);
        let mut v = serde_json::to_value(g.observe(Viewer::Seat(Seat(me)))).unwrap();
        v["must_open"] = json!(card);
        serde_json::from_value::<View>(v).unwrap_err().to_string()
    };
    // Seat 1 opens holding 2D 4C 7H: 4C, not 7H, is his worst card.
    let e = refused(14787672101508011743, 24, 2, 1, "7H");
    assert!(e.contains("the worst hand card (H4)"), "{e}");
    // Seat 0 opens with 4C, but seat 4, before him after dealer 0 (seat 1
    // has left), is known to hold 4C (two decks).
    let e = refused(15849714288228620747, 65, 5, 0, "4C");
    assert!(
        e.contains("first holder of the worst card after the dealer opens (H4)"),
        "{e}"
    );
    // Seat 2 sees the same from outside.
    let e = refused(15849714288228620747, 65, 5, 2, "4C");
    assert!(e.contains("(H4)"), "{e}");
}
