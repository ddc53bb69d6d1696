//! Exchange step by step (T12.8, issue 13 item 6): one action sequence per exchange,
//! never a dead end, what each viewer sees of a pending exchange, saves of it, and the
//! bound on any legal list.

use std::collections::HashSet;

use cards_core::{Actor, Game, Save, Seat, Viewer};
use trump21::{
    Action, Exchange, Illegal, MAX_LEGAL_ACTIONS, OpenTrump, Phase, Rules, Setup, Trump, Trump21,
    TrumpCounts, setup_of,
};

use crate::common::*;

/// Every exchange record `done` can complete from `g` (a pending exchange), each with the
/// number of action sequences that reach it. Panics on a step with no listed action.
fn completions(g: &Trump21, out: &mut Vec<Exchange>) {
    let Phase::Exchanging(e) = g.phase() else {
        panic!("not exchanging: {:?}", g.phase());
    };
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    assert!(!legal.is_empty(), "dead end at {e:?}");
    for a in legal {
        if a == Action::Done {
            out.push(e);
        } else {
            completions(&g.apply(&a).unwrap(), out);
        }
    }
}

#[test]
fn t12_8_each_exchange_has_exactly_one_action_sequence() {
    let g = heavy();
    // Gives: the open Exchange card and 4 hidden kinds (5 single items); takes from
    // seat 1: hidden (2 of them), from seat 2: hidden (1). With t <= g <= 2 that is
    // 1 + 5 + 10 = 16 give lists; seat 1: 16 + 1 × 15 + 1 × 10 = 41; seat 2: 16 + 15 = 31
    // (the counts the one-action Exchange listed before it went step by step).
    for (with, want) in [(1u8, 41usize), (2, 31)] {
        let e = run(&g, &[&format!("play exchange @{with}")]);
        let mut done = Vec::new();
        completions(&e, &mut done);
        let distinct: HashSet<Exchange> = done.iter().copied().collect();
        assert_eq!(done.len(), want, "sequences with seat {with}");
        assert_eq!(distinct.len(), want, "each exchange once with seat {with}");
        assert!(
            done.iter()
                .all(|x| x.is_canonical() && x.takes() <= x.gives())
        );
    }
}

#[test]
fn t12_8_nothing_moves_until_done_and_takes_come_before_gives() {
    let g = heavy();
    let e = run(
        &g,
        &["play exchange @1", "take hidden", "give open:exchange"],
    );
    // The Exchange card is open at seat 0; no trump has changed hands yet.
    assert_eq!(
        e.open_trumps().last(),
        Some(&OpenTrump {
            kind: Trump::Exchange,
            holder: Seat(0)
        })
    );
    assert_eq!(
        e.hidden_trumps(Seat(1)).unwrap(),
        g.hidden_trumps(Seat(1)).unwrap()
    );
    assert_eq!(e.actor(), Actor::Player(Seat(0)));
    // Takes come before gives, and each list is in listing order.
    assert_eq!(
        e.apply(&"take hidden".parse().unwrap()),
        Err(Illegal::ExchangeOrder)
    );
    let t = run(&g, &["play exchange @1", "give hidden:trump-switch"]);
    assert_eq!(
        t.apply(&"give hidden:destroy".parse().unwrap()),
        Err(Illegal::ExchangeOrder)
    );
    // Other actions wait for the exchange; its steps need one.
    assert_eq!(e.apply(&Action::Close), Err(Illegal::ExchangePending));
    assert_eq!(g.apply(&Action::Done), Err(Illegal::NoExchange));
    // Done: the open card moves, then the hidden take is a chance step.
    let d = run(&e, &["done"]);
    assert_eq!(d.actor(), Actor::Chance);
    assert_eq!(d.open_trumps().last().map(|o| o.holder), Some(Seat(1)));
}

#[test]
fn t12_8_a_take_is_listed_only_while_gives_can_match_it() {
    // Seat 0 holds only the Exchange: after playing it he can give one item (the open
    // card), so one take at most.
    let s = position(
        &[(2, &[3]), (2, &[3])],
        &[&[Trump::Exchange], &[Trump::Shield, Trump::Return]],
        0,
    );
    let g = run(&load(s), &["play exchange @1", "take hidden"]);
    assert_eq!(legal(&g), vec!["give open:exchange"]);
    assert_eq!(
        g.apply(&"take hidden".parse().unwrap()),
        Err(Illegal::ExchangeItems)
    );
}

#[test]
fn t15_a_pending_exchange_shows_hidden_kinds_only_to_its_player() {
    let g = heavy();
    let e = run(
        &g,
        &[
            "play exchange @1",
            "take hidden",
            "give hidden:love-your-enemy",
        ],
    );
    let mine = e.observe(Viewer::Seat(Seat(0)));
    let x = mine
        .exchange
        .as_ref()
        .expect("pending exchange in the view");
    assert_eq!(x.my_hidden_gives, vec![Trump::Love]);
    for v in [
        Viewer::Seat(Seat(1)),
        Viewer::Seat(Seat(2)),
        Viewer::Spectator,
    ] {
        let view = e.observe(v);
        let x = view.exchange.as_ref().unwrap();
        assert_eq!((x.take.len(), x.hidden_gives), (1, 1));
        assert!(x.my_hidden_gives.is_empty(), "{v:?}");
        view.validate().unwrap();
    }
    mine.validate().unwrap();
    // The player's view lists the same steps as the state.
    let mut from_view = Vec::new();
    from_view.extend(mine.legal_actions());
    let mut from_state = Vec::new();
    e.legal_actions(&mut from_state);
    assert_eq!(from_view, from_state);
    // A view whose pending gives the player does not hold is refused.
    let mut bad = mine.clone();
    if let Some(x) = bad.exchange.as_mut() {
        x.my_hidden_gives = vec![Trump::Shield];
    }
    assert!(bad.validate().is_err());
    let mut bad = e.observe(Viewer::Seat(Seat(2)));
    if let Some(x) = bad.exchange.as_mut() {
        x.my_hidden_gives = vec![Trump::Love];
    }
    assert!(bad.validate().is_err(), "a third seat sees a hidden kind");
}

#[test]
fn t12_8_1_the_partner_sees_the_hidden_gives_coming_to_him_from_done() {
    let g = heavy();
    let chosen = run(
        &g,
        &[
            "play exchange @1",
            "take hidden",
            "give hidden:love-your-enemy",
        ],
    );
    let told = chosen.event(&Action::Done, Viewer::Seat(Seat(1))).unwrap();
    assert!(told.to_string().contains("Love your enemy"), "{told}");
    let e = chosen.apply(&Action::Done).unwrap();
    assert!(
        matches!(e.phase(), Phase::ExchangePick { .. }),
        "{:?}",
        e.phase()
    );
    let partner = e.observe(Viewer::Seat(Seat(1)));
    assert_eq!(partner.incoming.get(Trump::Love), 1);
    assert_eq!(partner.incoming.total(), 1);
    assert_eq!(partner.my_trumps.get(Trump::Love), 0, "not arrived yet");
    partner.validate().unwrap();
    for v in [
        Viewer::Seat(Seat(0)),
        Viewer::Seat(Seat(2)),
        Viewer::Spectator,
    ] {
        let view = e.observe(v);
        assert!(view.incoming.is_empty(), "{v:?} sees the kind");
        view.validate().unwrap();
    }
    let mut bad = e.observe(Viewer::Seat(Seat(2)));
    bad.incoming.add(Trump::Love);
    bad.incoming.add(Trump::Shield);
    let refused = bad.validate().unwrap_err().to_string();
    assert!(refused.contains("(T12.8.1)"), "{refused}");
    // Once the hidden take is picked, the trump has arrived.
    let mut picks = Vec::new();
    e.legal_actions(&mut picks);
    let after = e.apply(&picks[0]).unwrap();
    let partner = after.observe(Viewer::Seat(Seat(1)));
    assert!(partner.incoming.is_empty());
    assert_eq!(partner.my_trumps.get(Trump::Love), 1);
}

#[test]
fn t12_8_a_pending_exchange_saves_and_a_tampered_one_is_refused() {
    let g = heavy();
    let e = run(
        &g,
        &["play exchange @1", "take hidden", "give hidden:destroy"],
    );
    let s: Setup = e.save();
    assert_eq!(Trump21::load(s.clone()), Ok(e.clone()));
    let tamper = |f: &dyn Fn(&mut Exchange)| {
        let mut t = s.clone();
        if let Phase::Exchanging(x) = &mut t.phase {
            f(x);
        }
        Trump21::load(t)
    };
    // A give he does not hold, takes after gives, more takes than gives can match, with
    // himself, out of order.
    assert!(tamper(&|x| x.give[0] = Some(trump21::Give::Hidden(trump21::Trump::Shield))).is_err());
    assert!(tamper(&|x| x.take = [None, Some(trump21::Take::Hidden)]).is_err());
    assert!(tamper(&|x| x.with = Seat(0)).is_err());
    assert!(
        tamper(&|x| x.give = [
            Some(trump21::Give::Hidden(Trump::Switch)),
            Some(trump21::Give::Hidden(Trump::Destroy))
        ])
        .is_err()
    );
    // Without its card just played at the player, a pending exchange is refused.
    let mut t = s.clone();
    t.open_trumps.pop();
    t.supply.add(Trump::Exchange);
    assert!(Trump21::load(t).is_err());
}

#[test]
fn t16_a_leave_calls_off_an_exchange_with_the_leaver() {
    let g = heavy();
    let e = run(&g, &["play exchange @1", "give hidden:destroy"]);
    let l = e.host(&"leave 1".parse().unwrap()).unwrap();
    assert_eq!(l.phase(), Phase::Play);
    assert_eq!(
        l.hidden_trumps(Seat(0)).unwrap(),
        e.hidden_trumps(Seat(0)).unwrap()
    );
    let l = e.host(&"leave 2".parse().unwrap()).unwrap();
    assert!(matches!(l.phase(), Phase::Exchanging(_)));
}

/// The worst case for the list's length: 8 seats, a 64-trump deck, seat 0 holding one of
/// every kind and many Trump Switches (its options grow with his hand), every other
/// trump open, spread over the seats so that each (seat, kind) is a Destroy target.
fn worst() -> Trump21 {
    let mut deck = TrumpCounts::EMPTY;
    for k in Trump::ALL {
        deck.0[k.index()] = 3;
    }
    deck.0[Trump::Switch.index()] = 10; // 18 × 3 + 10 = 64
    let rules = Rules {
        trumps: deck,
        ..Rules::default()
    };
    let g = Trump21::new(rules, 8).unwrap();
    let mut s = setup_of(&g);
    let mut cards = trump21::NumberCounts::full(rules.copies);
    for (i, seat) in s.seats.iter_mut().enumerate() {
        let v = 1 + i as u8;
        seat.hidden = v;
        cards[usize::from(v)] -= 1;
        seat.open_cards = vec![v];
        cards[usize::from(v)] -= 1;
    }
    s.deck = cards;
    let mut supply = rules.trumps;
    // Seat 0: one of every kind plus 7 more Switches (26 hidden); seats 1–7 one hidden each.
    let mut mine = TrumpCounts::EMPTY;
    for k in Trump::ALL {
        mine.add(k);
        supply.remove(k);
    }
    for _ in 0..7 {
        mine.add(Trump::Switch);
        supply.remove(Trump::Switch);
    }
    s.seats[0].trumps = mine;
    for seat in 1..8 {
        s.seats[seat].trumps.add(Trump::ALL[seat]);
        assert!(supply.remove(Trump::ALL[seat]));
    }
    // Everything else open, kinds spread round the seats (no Go for, so the target stays).
    let mut open = Vec::new();
    let mut seat = 0u8;
    for (k, c) in supply.iter() {
        for _ in 0..c {
            if k.go_for().is_some() {
                continue;
            }
            open.push(OpenTrump {
                kind: k,
                holder: Seat(seat),
            });
            seat = (seat + 1) % 8;
        }
    }
    for o in &open {
        supply.remove(o.kind);
    }
    s.open_trumps = open;
    s.supply = supply;
    s.draw_pile = TrumpCounts::EMPTY;
    s.phase = Phase::Play;
    s.turn = Seat(0);
    load(s)
}

#[test]
fn t12_8_no_legal_list_exceeds_the_documented_bound_on_the_worst_position() {
    let g = worst();
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    // The old one-action Exchange listed tens of thousands here; now a few dozen steps.
    assert!(
        legal.len() > 100,
        "the position is not a hard one: {}",
        legal.len()
    );
    assert!(legal.len() <= MAX_LEGAL_ACTIONS, "{} actions", legal.len());
    let play_step = legal.len();
    // Every step of every exchange from it stays small too (and never empty).
    let mut longest = 0;
    for with in 1..8u8 {
        let e = run(&g, &[&format!("play exchange @{with}")]);
        let mut stack = vec![e];
        while let Some(x) = stack.pop() {
            x.legal_actions(&mut legal);
            assert!(!legal.is_empty());
            longest = longest.max(legal.len());
            for a in legal.clone() {
                if a != Action::Done {
                    stack.push(x.apply(&a).unwrap());
                }
            }
        }
    }
    assert!(longest <= 59, "an exchange step lists {longest}");
    println!("worst position: {play_step} actions, exchange steps at most {longest}");
}
