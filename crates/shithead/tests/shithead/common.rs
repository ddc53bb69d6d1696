//! Helpers: build positions by hand, play strings of actions.

use cards_core::{Game, Rank, Seat};
use shithead::{Action, CardMultiset, Phase, Rules, Setup, Shithead, Stage, Status};

/// Parses an action, panicking on a typo in a test.
pub fn act(s: &str) -> Action {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// Parses cards.
pub fn cards(s: &str) -> CardMultiset {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// Applies actions in order, panicking with the rule on a refusal.
pub fn play(g: &Shithead, actions: &[&str]) -> Shithead {
    let mut g = *g;
    for a in actions {
        g = g
            .apply(&act(a))
            .unwrap_or_else(|e| panic!("{a} refused: {e} in {g:?}"));
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
    /// The position, validated.
    pub fn build(&self) -> Shithead {
        let n = self.seats;
        let at = |v: &[&str], i: usize| cards(v.get(i).copied().unwrap_or(""));
        let hands: Vec<CardMultiset> = (0..n).map(|i| at(self.hands, i)).collect();
        let up: Vec<CardMultiset> = (0..n).map(|i| at(self.up, i)).collect();
        let down: Vec<CardMultiset> = (0..n).map(|i| at(self.down, i)).collect();
        let mut pile = CardMultiset::EMPTY;
        let (mut top, mut level, mut run) = (None, None, 0u8);
        for c in self.pile {
            let c: cards_core::Card = c.parse().unwrap();
            pile.add(c).unwrap();
            if top == Some(c.rank()) {
                run += 1;
            } else {
                top = Some(c.rank());
                run = 1;
            }
            if c.rank() != Rank::Three {
                level = Some(c.rank());
            }
        }
        let stock = cards(self.stock);
        let decks = self.rules.decks_for(n).unwrap();
        let mut rest = CardMultiset::decks(cards_core::deck::CARDS_52, decks).unwrap();
        for part in hands.iter().chain(&up).chain(&down).chain([&stock, &pile]) {
            assert!(rest.remove_all(*part), "a card is used twice: {part}");
        }
        let status: Vec<Status> = (0..n)
            .map(|i| {
                if hands[i].is_empty() && up[i].is_empty() && down[i].is_empty() {
                    Status::Left(0)
                } else {
                    Status::Active
                }
            })
            .collect();
        let setup = Setup {
            rules: self.rules,
            seats: n as u8,
            dealer: Seat(n as u8 - 1),
            phase: Phase::Playing,
            progress: 0,
            to_act: Seat(self.to_act),
            reversed: false,
            stage: Stage::Start,
            refill: false,
            group: None,
            group_len: 0,
            top,
            level,
            run,
            must_open: None,
            ended_by_limit: false,
            actions: 0,
            status,
            hands,
            face_up: up,
            face_down: down,
            stock,
            pile,
            burned: rest,
            removed: CardMultiset::EMPTY,
        };
        Shithead::from_setup(setup).unwrap_or_else(|e| panic!("bad test position: {e}"))
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
