//! Helpers: build positions by hand, play strings of actions.

use cards_core::{Game, Seat};
use shithead::{Action, CardMultiset, Position, Rules, Shithead};

/// Parses an action, panicking on a typo in a test.
pub fn act(s: &str) -> Action {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// Parses cards.
pub fn cards(s: &str) -> CardMultiset {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// The actions of one text: `up 4C 9H AS` is the three picks `up 4C`,
/// `up 9H`, `up AS` (H3.1, given in card order); anything else is itself.
pub fn steps(a: &str) -> Vec<Action> {
    match a.strip_prefix("up ") {
        Some(cards) if cards.split_whitespace().count() > 1 => cards
            .split_whitespace()
            .map(|c| act(&format!("up {c}")))
            .collect(),
        _ => vec![act(a)],
    }
}

/// Applies actions in order, panicking with the rule on a refusal; an
/// arranging choice may be written whole (`up 4C 9H AS`, see [`steps`]).
pub fn play(g: &Shithead, actions: &[&str]) -> Shithead {
    let mut g = *g;
    for a in actions {
        for s in steps(a) {
            g = g
                .apply(&s)
                .unwrap_or_else(|e| panic!("{a} ({s}) refused: {e} in {g:?}"));
        }
    }
    g
}

/// The legal actions as text.
pub fn legal(g: &Shithead) -> Vec<String> {
    let mut v = Vec::new();
    g.legal_actions(&mut v);
    v.iter().map(|a| a.to_string()).collect()
}

/// A position in play, built by hand.
pub struct Pos<'a> {
    /// House rules.
    pub rules: Rules,
    /// Seats.
    pub seats: usize,
    /// The mover.
    pub to_act: u8,
    /// Hands by seat.
    pub hands: &'a [&'a str],
    /// Face-up cards by seat (missing = none).
    pub up: &'a [&'a str],
    /// Face-down cards by seat (missing = none).
    pub down: &'a [&'a str],
    /// The pile, bottom to top.
    pub pile: &'a [&'a str],
    /// The stock; every other card is burned.
    pub stock: &'a str,
}

impl Default for Pos<'_> {
    fn default() -> Self {
        Pos {
            rules: Rules::default(),
            seats: 2,
            to_act: 0,
            hands: &[],
            up: &[],
            down: &[],
            pile: &[],
            stock: "",
        }
    }
}

impl Pos<'_> {
    /// The position, validated: the public [`Position`] builder does the work.
    pub fn build(&self) -> Shithead {
        let mut b = Position::new(self.rules, self.seats)
            .to_act(Seat(self.to_act))
            .pile(&self.pile.join(" "))
            .stock(self.stock);
        for (i, h) in self.hands.iter().enumerate() {
            b = b.hand(Seat(i as u8), h);
        }
        for (i, u) in self.up.iter().enumerate() {
            b = b.face_up(Seat(i as u8), u);
        }
        for (i, d) in self.down.iter().enumerate() {
            b = b.face_down(Seat(i as u8), d);
        }
        b.build()
            .unwrap_or_else(|e| panic!("bad test position: {e}"))
    }
}

/// Deals with a fixed list of cards (in deal order), no arranging yet.
pub fn dealt(rules: Rules, seats: usize, order: &[&str]) -> Shithead {
    let mut g = Shithead::new(rules, seats).unwrap();
    for c in order {
        g = g.apply(&act(&format!("draw {c}"))).unwrap();
    }
    g
}
