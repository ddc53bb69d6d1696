//! Helpers shared by the tests: positions from text, and card conservation.

use cards_core::{CardMultiset, Game, Save, Seat, Viewer, deck};
use crazy_eights::{Action, CrazyEights, Phase, Rules, Setup, View};

/// Parses a multiset of cards (`"7H 8S"`, `"-"` for none).
pub fn cards(s: &str) -> CardMultiset {
    if s.trim().is_empty() {
        CardMultiset::EMPTY
    } else {
        s.parse().expect("cards")
    }
}

/// A turn position: `hands` by seat, `top` with its own suit to follow, seat `to_act`
/// to move, everything else of the decks in the stock except `discards`.
pub fn turn(rules: Rules, hands: &[&str], top: &str, to_act: u8, discards: &str) -> Setup {
    let n = hands.len();
    let hands: Vec<CardMultiset> = hands.iter().map(|h| cards(h)).collect();
    let top: cards_core::Card = top.parse().expect("a card");
    let discards = cards(discards);
    let mut stock = CardMultiset::decks(deck::CARDS_52, Rules::decks(n)).expect("decks");
    for h in &hands {
        assert!(stock.remove_all(*h), "hand within the decks");
    }
    assert!(stock.remove_all(discards));
    assert!(stock.remove(top));
    Setup {
        rules,
        phase: Phase::Turn,
        dealer: Seat(0),
        to_act: Seat(to_act),
        reversed: false,
        draws: 0,
        owed: 0,
        passes: 0,
        plays: 0,
        top: Some(top),
        suit: Some(top.suit()),
        stock,
        discards,
        hands,
    }
}

/// A 2-player position, seat 0 to act, whose stock holds only `stock`: every
/// other card of the deck is in the discards.
pub fn short_stock(rules: Rules, hands: [&str; 2], top: &str, stock: &str) -> CrazyEights {
    let mut s = turn(rules, &hands, top, 0, "");
    let keep = cards(stock);
    let mut rest = s.stock;
    assert!(rest.remove_all(keep));
    s.stock = keep;
    s.discards = rest;
    load(s)
}

/// Seat 0's view of `g` and the legal actions there.
pub fn seat0(g: &CrazyEights) -> (View, Vec<Action>) {
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    (g.observe(Viewer::Seat(Seat(0))), legal)
}

/// Loads a setup that must be valid.
pub fn load(s: Setup) -> CrazyEights {
    CrazyEights::load(s).expect("a valid setup")
}

/// The legal actions as text.
pub fn legal(g: &CrazyEights) -> Vec<String> {
    let mut v = Vec::new();
    g.legal_actions(&mut v);
    v.iter().map(ToString::to_string).collect()
}

/// Applies actions given as text.
pub fn play(g: &mut CrazyEights, actions: &[&str]) {
    for a in actions {
        let a = a.parse().expect("an action");
        g.apply_mut(&a)
            .unwrap_or_else(|e| panic!("{a} refused: {e}"));
    }
}

/// C1: every card of the decks in play is in exactly one place, once per deck.
pub fn conserved(g: &CrazyEights) -> bool {
    let mut all = g.stock();
    if all.add_all(g.discards()).is_err() {
        return false;
    }
    for s in 0..g.seats() {
        if all.add_all(g.hand(Seat(s as u8)).expect("a seat")).is_err() {
            return false;
        }
    }
    if let Some(t) = g.top()
        && all.add(t).is_err()
    {
        return false;
    }
    all == CardMultiset::decks(deck::CARDS_52, Rules::decks(g.seats())).expect("decks")
}
