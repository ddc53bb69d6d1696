//! Helpers: building positions and driving games.

#![allow(dead_code, clippy::needless_range_loop)]

use cards_core::{Actor, Game, Seat};
use trump21::{
    Action, LastRound, NumberCounts, Phase, Rules, Setup, Trump, Trump21, TrumpCounts, setup_of,
};

/// A fresh game.
pub fn game(seats: usize) -> Trump21 {
    Trump21::new(Rules::default(), seats).unwrap()
}

/// Applies actions given as text, panicking with context on refusal.
pub fn run(g: &Trump21, actions: &[&str]) -> Trump21 {
    let mut g = g.clone();
    for a in actions {
        let act: Action = a.parse().unwrap_or_else(|e| panic!("{a}: {e}"));
        g = g
            .apply(&act)
            .unwrap_or_else(|e| panic!("{a} refused: {e}\n{g:?}"));
    }
    g
}

/// The legal actions as text.
pub fn legal(g: &Trump21) -> Vec<String> {
    let mut v = Vec::new();
    g.legal_actions(&mut v);
    v.iter().map(|a| a.to_string()).collect()
}

/// Whether `a` is listed.
pub fn is_legal(g: &Trump21, a: &str) -> bool {
    legal(g).iter().any(|x| x == a)
}

/// A dealt position: `hands[i] = (hidden, open cards)` for each seat, seat `turn` in the
/// trump step, empty draw pile (no gamble) unless given, trumps in hands as given; seat 0
/// opened the round. Built with the public [`trump21::Position`] builder.
pub fn position(hands: &[(u8, &[u8])], trumps: &[&[Trump]], turn: u8) -> Setup {
    let mut b = trump21::Position::new(Rules::default(), hands.len()).turn(Seat(turn));
    for (i, (hidden, open)) in hands.iter().enumerate() {
        let seat = Seat(i as u8);
        b = b.hand(seat, *hidden, open);
        b = b.trumps(seat, trumps.get(i).copied().unwrap_or(&[]));
    }
    let mut s = b.setup().unwrap_or_else(|e| panic!("{e}"));
    s.opener = Seat(0);
    s
}

/// Loads a setup.
pub fn load(s: Setup) -> Trump21 {
    Trump21::try_from(s).unwrap_or_else(|e| panic!("setup refused: {e}"))
}

/// Moves one trump from the supply to the draw pile in a setup.
pub fn to_pile(s: &mut Setup, k: Trump) {
    assert!(s.supply.remove(k));
    s.draw_pile.add(k);
}

/// Sets the deck to exactly these counts (index = value); the rest goes to the discards.
pub fn deck_only(s: &mut Setup, values: &[u8]) {
    let mut all = NumberCounts::EMPTY;
    for v in 1..12 {
        all[v] = s.deck[v] + s.discards[v];
    }
    let mut deck = NumberCounts::EMPTY;
    for &v in values {
        deck[v as usize] += 1;
        all[v as usize] -= 1;
    }
    s.deck = deck;
    s.discards = all;
}

/// The acting seat, if a player.
pub fn actor_seat(g: &Trump21) -> Option<Seat> {
    match g.actor() {
        Actor::Player(s) => Some(s),
        _ => None,
    }
}

/// Total number cards everywhere, by value.
pub fn number_census(g: &Trump21) -> [u32; 12] {
    let mut c = [0u32; 12];
    for v in 1..12 {
        c[v] = u32::from(g.deck()[v]) + u32::from(g.discards()[v]);
    }
    for s in 0..g.seats() {
        let seat = Seat(s as u8);
        let h = g.hidden_card(seat).unwrap().unwrap_or(0);
        if h != 0 {
            c[h as usize] += 1;
        }
        for &v in g.open_cards(seat).unwrap() {
            c[v as usize] += 1;
        }
    }
    c
}

/// Total trumps everywhere, by kind.
pub fn trump_census(g: &Trump21) -> [u32; 19] {
    let s = setup_of(g);
    let mut c = [0u32; 19];
    let mut add = |t: &TrumpCounts| {
        for (i, x) in t.0.iter().enumerate() {
            c[i] += u32::from(*x);
        }
    };
    add(&s.supply);
    add(&s.draw_pile);
    add(&s.in_exchange);
    add(&s.set_aside);
    for seat in &s.seats {
        add(&seat.trumps);
    }
    for o in &s.open_trumps {
        c[o.kind.index()] += 1;
    }
    c
}

/// Puts a setup in round `round` with the bookkeeping play leaves: every earlier round
/// scored, the last of them (won by seat 0 at target 21) shown.
pub fn at_round(s: &mut Setup, round: u32) {
    s.round = round;
    s.scored = round - 1;
    s.last_round = (round > 1).then(|| LastRound {
        round: round - 1,
        target: 21,
        winners: 1,
        ..LastRound::default()
    });
}

/// The position of the pinned trump-heavy perft: seat 0 holds Exchange, Destroy, Trump
/// Switch, Love your enemy and Damage+1; seat 1 two hidden trumps, seat 2 one.
pub fn heavy() -> Trump21 {
    let mut s = position(
        &[(9, &[5]), (7, &[10]), (3, &[4])],
        &[
            &[
                Trump::Exchange,
                Trump::Destroy,
                Trump::Switch,
                Trump::Love,
                Trump::Damage1,
            ],
            &[Trump::Shield, Trump::Harvest],
            &[Trump::Return],
        ],
        0,
    );
    to_pile(&mut s, Trump::GoFor17);
    to_pile(&mut s, Trump::Draw3);
    s.phase = Phase::Play;
    load(s)
}

pub fn lives(g: &Trump21) -> Vec<u8> {
    (0..g.seats())
        .map(|s| g.lives(Seat(s as u8)).unwrap())
        .collect()
}

pub fn chance(g: &Trump21) -> Vec<(String, u32)> {
    let mut v = Vec::new();
    g.chance_outcomes(&mut v);
    v.into_iter().map(|(a, w)| (a.to_string(), w)).collect()
}

/// Two players: seat 0 (to act) and seat 1 (closed), with the given hands.
pub fn duel(a: (u8, &[u8]), b: (u8, &[u8]), ta: &[Trump], tb: &[Trump]) -> Setup {
    let mut s = position(&[a, b], &[ta, tb], 0);
    s.seats[1].closed = true;
    s
}
