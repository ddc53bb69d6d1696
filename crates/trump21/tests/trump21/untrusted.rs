//! Input from outside (issue 13): views a client deserializes, rule sets, strict
//! saves, and the size of legal lists.

use cards_core::{Actor, Game, Seat, Table, Viewer};
#[cfg(feature = "serde")]
use cards_core::{ChaCha8Rng, Determinize, SeedableRng};
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
    // The inherent method: no `SeatView` import needed (issue 9 item 4).
    v.legal_actions()
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
    /// actions of the position with that change made, or of a position dealt from
    /// the changed view. Never a panic.
    #[test]
    fn t15_1_mutated_views_are_refused_or_list_the_actions_of_their_position(
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
                let mine = matches!(back.actor, Actor::Player(p) if Some(p) == back.seat());
                let mine_only = |list: Vec<Action>| if mine { list } else { Vec::new() };
                if let Some(want) = want.map(mine_only)
                    && got != want
                    && back.validate_for(g.rules()).is_ok()
                {
                    // Another position may show the changed view (a card
                    // hidden elsewhere, another exchange partner): one dealt
                    // from the view is the witness. (A view the rules refuse
                    // counts as refused.)
                    let w = Trump21::determinize(g.rules(), &back, &mut ChaCha8Rng::seed_from_u64(seed));
                    prop_assert!(w.is_ok(), "{:?} accepted, but no position shows it: {:?}", changed, w.err());
                    let w = w.unwrap();
                    prop_assert_eq!(&w.observe(Viewer::Seat(viewer)), &back, "{:?}", changed);
                    prop_assert_eq!(got, mine_only(state_listed(&w)), "{:?}", changed);
                }
            }
        }
    }
}

/// Rule sets built to last: nobody loses a life, or a 64-trump deck of the kinds
/// that make rounds long (Go for reopens, Switch and Harvest draw, Return puts cards
/// back), on 2 and 8 seats.
fn long_rules() -> Vec<(Rules, usize)> {
    let mut heavy = TrumpCounts::EMPTY;
    for (k, c) in [
        (Trump::GoFor27, 8),
        (Trump::GoFor17, 4),
        (Trump::Switch, 12),
        (Trump::Harvest, 10),
        (Trump::Return, 10),
        (Trump::Exchange, 6),
        (Trump::Destroy, 4),
        (Trump::Love, 4),
        (Trump::Shield, 6),
    ] {
        heavy.0[k.index()] = c;
    }
    assert_eq!(heavy.total(), MAX_TRUMPS);
    let endless = Rules {
        trumps: TrumpCounts::EMPTY,
        damage: RoundDamage::Fixed(0),
        round_limit: MAX_ROUNDS,
        ..Rules::default()
    };
    let trumpy = Rules {
        trumps: heavy,
        damage: RoundDamage::Fixed(0),
        round_limit: 40,
        ..Rules::default()
    };
    vec![(endless, 2), (endless, 8), (trumpy, 2), (trumpy, 8)]
}

#[test]
fn t13_2_round_limits_above_1000_are_refused() {
    for limit in [0, MAX_ROUNDS + 1, u32::MAX] {
        let r = Rules {
            round_limit: limit,
            ..Rules::default()
        };
        assert_eq!(
            Trump21::new(r, 2).err(),
            Some(SetupError::RoundLimit(limit.into()))
        );
        assert!(
            SetupError::RoundLimit(limit.into())
                .to_string()
                .ends_with(&format!("1 to 1000, not {limit} (T13.2)"))
        );
    }
    let r = Rules {
        round_limit: MAX_ROUNDS,
        ..Rules::default()
    };
    assert!(Trump21::new(r, 2).is_ok());
}

#[cfg(feature = "serde")]
#[test]
fn t13_2_rules_from_json_are_validated() {
    let endless = Rules {
        trumps: TrumpCounts::EMPTY,
        damage: RoundDamage::Fixed(0),
        ..Rules::default()
    };
    let mut json = serde_json::to_value(endless).unwrap();
    json["round_limit"] = serde_json::json!(u32::MAX);
    let e = serde_json::from_value::<Rules>(json.clone()).unwrap_err();
    assert!(e.to_string().contains("(T13.2)"), "{e}");
    json["round_limit"] = serde_json::json!(1000);
    assert_eq!(
        serde_json::from_value::<Rules>(json.clone()).unwrap(),
        endless
    );
    json["copies"] = serde_json::json!(0);
    assert!(serde_json::from_value::<Rules>(json).is_err());
}

/// T13.2, issue 13: every accepted rule set ends. The bound of the rules document
/// (`Rules::round_step_bound`, `Rules::game_step_bound`) holds round by round in
/// random games of the longest rule sets, with players leaving now and then.
#[test]
fn t13_3_every_game_ends_within_the_documented_step_bound() {
    use cards_core::chance::below;
    use cards_core::{ChaCha8Rng, SeedableRng};
    let mut legal = Vec::new();
    let mut longest_round = 0u64;
    for (rules, seats) in long_rules() {
        for seed in 0..3u64 {
            let mut g = Trump21::new(rules, seats).unwrap();
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let (mut steps, mut in_round, mut round) = (0u64, 0u64, g.round());
            let mut bound = rules.round_step_bound(g.active_count());
            while g.outcome().is_none() {
                if g.round() != round {
                    longest_round = longest_round.max(in_round);
                    assert!(in_round <= bound, "{in_round} steps in round {round}");
                    (in_round, round) = (0, g.round());
                    bound = rules.round_step_bound(g.active_count());
                }
                if matches!(g.actor(), Actor::Player(_)) && below(&mut rng, 400) == 0 {
                    let s = Seat(below(&mut rng, seats as u64) as u8);
                    if let Ok(next) = g.host(&HostOp::Leave(s)) {
                        g = next;
                        continue;
                    }
                }
                g.legal_actions(&mut legal);
                let a = legal[below(&mut rng, legal.len() as u64) as usize];
                g.apply_mut(&a).unwrap();
                steps += 1;
                in_round += 1;
                assert!(steps <= rules.game_step_bound(seats), "past the game bound");
            }
            assert!(in_round <= bound);
            assert!(g.round() <= rules.round_limit);
        }
    }
    assert!(
        longest_round > 100,
        "the rule sets make long rounds: {longest_round}"
    );
}

/// Issue 13 item 4: a save with a field the format does not have is refused, at
/// every level (a misspelt field must not be dropped silently).
#[cfg(feature = "serde")]
#[test]
fn json_saves_refuse_unknown_and_misspelt_fields() {
    let g = reach(3, 3, 5, 200);
    let good = serde_json::to_value(&g).unwrap();
    assert_eq!(serde_json::from_value::<Trump21>(good.clone()).unwrap(), g);
    type Edit = fn(&mut serde_json::Value);
    let edits: [(&str, Edit); 7] = [
        ("top level", |v| v["comment"] = serde_json::json!("hi")),
        ("misspelt top level", |v| {
            let x = v["draw_pile"].take();
            v.as_object_mut().unwrap().remove("draw_pile");
            v["drawpile"] = x;
        }),
        ("seat", |v| v["seats"][0]["score"] = serde_json::json!(3)),
        ("rules", |v| v["rules"]["jokers"] = serde_json::json!(true)),
        ("open trump", |v| {
            v["open_trumps"] = serde_json::json!([{"kind": "shield", "holder": 0, "age": 1}]);
        }),
        ("last round", |v| {
            v["last_round"] = serde_json::json!({"round": 1, "target": 21, "totals": [0, 0, 0, 0, 0, 0, 0, 0],
                "damage": [0, 0, 0, 0, 0, 0, 0, 0], "winners": 1, "mvp": 0});
        }),
        ("trump listed twice", |v| {
            v["supply"] = serde_json::json!({"shield": 1, "SHIELD": 1});
        }),
    ];
    for (what, edit) in edits {
        let mut v = good.clone();
        edit(&mut v);
        let e = serde_json::from_value::<Trump21>(v)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("unknown field")
                || e.contains("missing field")
                || e.contains("twice")
                || e.contains("unknown trump kind"),
            "{what}: {e}"
        );
    }
}

/// Issue 13 item 3: positions no play reaches are refused when a cheap check shows it,
/// each naming its clause (see the `Trump21::from_setup` docs for what is and is not
/// checked). The base position (seat 0 to act, three dealt hands) loads.
#[test]
fn t13_t5_t12_from_setup_refuses_positions_play_cannot_reach() {
    use crate::common::{at_round, load, position};
    let base = || {
        position(
            &[(9, &[5]), (7, &[10]), (3, &[4])],
            &[
                &[Trump::Destroy, Trump::Switch, Trump::Shield],
                &[Trump::Return],
                &[],
            ],
            0,
        )
    };
    let g = load(base());
    assert_eq!(g.actor(), Actor::Player(Seat(0)));
    type Edit = fn(&mut Setup);
    let cases: [(&str, Edit, &str); 12] = [
        ("rounds scored", |s| s.scored = 1, "(T13)"),
        (
            "a last round before any was scored",
            |s| {
                s.last_round = Some(LastRound {
                    round: 1,
                    target: 21,
                    winners: 1,
                    ..LastRound::default()
                })
            },
            "(T10, T13)",
        ),
        (
            "a last round that is not the last scored",
            |s| {
                at_round(s, 3);
                s.last_round.as_mut().unwrap().round = 1;
            },
            "(T10, T13)",
        ),
        (
            "a winner who took damage",
            |s| {
                at_round(s, 2);
                s.last_round.as_mut().unwrap().damage[0] = 2;
            },
            "(T10, T13)",
        ),
        (
            "an exit number nobody has",
            |s| {
                s.seats[2] = SeatSetup {
                    status: Status::Out(2),
                    ..SeatSetup::default()
                };
                s.deck[3] += 1;
                s.deck[4] += 1;
                s.exits = 2;
            },
            "(T13, T16)",
        ),
        (
            "two leaves sharing an exit",
            |s| {
                // Four seats: two leavers with the same exit number.
                s.seats.push(SeatSetup {
                    status: Status::Left(1),
                    lives: 3,
                    ..SeatSetup::default()
                });
                s.seats[2] = SeatSetup {
                    status: Status::Left(1),
                    lives: 3,
                    ..SeatSetup::default()
                };
                s.deck[3] += 1;
                s.deck[4] += 1;
                s.exits = 1;
            },
            "(T16)",
        ),
        (
            "an active player without his hidden card",
            |s| {
                s.deck[7] += 1;
                s.seats[1].hidden = 0;
            },
            "(T5)",
        ),
        (
            "the closing step after no card",
            |s| {
                s.deck[5] += 1;
                s.seats[0].open_cards.clear();
                s.phase = Phase::Landed;
            },
            "the phase does not fit the position (T5.1, T7, T11.1, T12)",
        ),
        (
            "a gamble bringing more than the Harvests give",
            |s| {
                to_pile_any(s);
                s.phase = Phase::GambleDraw(3);
            },
            "the phase does not fit the position (T5.1, T7, T11.1, T12)",
        ),
        (
            "Destroy's pick with no Destroy played",
            |s| {
                s.phase = Phase::DestroyPick(Seat(1));
            },
            "the phase does not fit the position (T5.1, T7, T11.1, T12)",
        ),
        (
            "Love your enemy's random card under LoveCard::Best",
            |s| {
                s.supply.remove(Trump::Love);
                s.open_trumps.push(OpenTrump {
                    kind: Trump::Love,
                    holder: Seat(1),
                });
                s.phase = Phase::Draw {
                    to: Seat(1),
                    love: true,
                };
            },
            "the phase does not fit the position (T5.1, T7, T11.1, T12)",
        ),
        (
            "Trump Switch counters that do not add up",
            |s| {
                s.seats[0].trumps.remove(Trump::Switch);
                s.open_trumps.push(OpenTrump {
                    kind: Trump::Switch,
                    holder: Seat(0),
                });
                to_pile_any(s);
                s.phase = Phase::SwitchAside { left: 1, draws: 5 };
            },
            "the phase does not fit the position (T5.1, T7, T11.1, T12)",
        ),
    ];
    for (what, edit, clause) in cases {
        let mut s = base();
        edit(&mut s);
        let e = Trump21::from_setup(s).expect_err(what).to_string();
        assert!(e.contains(clause), "{what}: {e}");
    }
}

/// Moves the first kind of the supply to the draw pile.
fn to_pile_any(s: &mut Setup) {
    let k = s.supply.kinds().next().unwrap();
    crate::common::to_pile(s, k);
}
