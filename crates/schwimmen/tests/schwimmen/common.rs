//! Helpers: cards from text, fixed deals, playing moves by their text.

use cards_core::{Card, CardSet, Game, Seat};
use schwimmen::{Action, Rules, Schwimmen};

/// A card from text.
pub fn card(s: &str) -> Card {
    s.parse().expect("test card")
}

/// A card set from text.
pub fn set(s: &str) -> CardSet {
    s.parse().expect("test cards")
}

/// A new game of `hands.len()` seats under `rules`, dealt as given (the public
/// [`schwimmen::DealBuilder`]).
pub fn dealt(rules: Rules, hands: &[&str], pack: &str) -> Schwimmen {
    let mut b = schwimmen::DealBuilder::new(rules, hands.len()).second_pack(pack);
    for (i, h) in hands.iter().enumerate() {
        b = b.hand(cards_core::Seat(i as u8), h);
    }
    b.build().expect("a valid fixed deal")
}

/// Plays each move given as text.
pub fn play(mut g: Schwimmen, moves: &[&str]) -> Schwimmen {
    for m in moves {
        let a: Action = m.parse().expect("move text");
        g.apply_mut(&a)
            .unwrap_or_else(|e| panic!("{m} refused: {e}"));
    }
    g
}

/// Turns up `cards` in the middle (a refill).
pub fn refill(mut g: Schwimmen, cards: &str) -> Schwimmen {
    for c in set(cards) {
        g.apply_mut(&Action::Refill(c)).expect("refill card");
    }
    g
}

/// The legal actions as text.
pub fn legal(g: &Schwimmen) -> Vec<String> {
    let mut out = Vec::new();
    g.legal_actions(&mut out);
    out.iter().map(ToString::to_string).collect()
}

/// Every card of the 32 is in exactly one place.
pub fn conserved(g: &Schwimmen) -> bool {
    let mut all = CardSet::EMPTY;
    let mut n = 0;
    let piles = (0..g.seats())
        .map(|s| {
            g.hand(cards_core::Seat(s as u8))
                .expect("a seat at the table")
        })
        .chain([
            g.second_pack(),
            g.middle(),
            g.discards(),
            g.face_down_discards(),
            g.stock(),
        ]);
    for p in piles {
        all |= p;
        n += p.len();
    }
    n == 32 && all == cards_core::deck::CARDS_32
}

/// A turn position written out (the public [`schwimmen::TurnsBuilder`]): hands
/// by seat, the middle, the mover, the knocker and lives; everyone in has had a
/// turn, dealer seat 0, the rest of the cards in the stock.
pub fn setup(
    rules: Rules,
    hands: &[&str],
    middle: &str,
    to_act: u8,
    knocker: Option<u8>,
    lives: &[u8],
) -> schwimmen::Setup {
    let mut b = schwimmen::TurnsBuilder::new(rules, hands)
        .middle(middle)
        .to_act(cards_core::Seat(to_act))
        .lives(lives);
    if let Some(k) = knocker {
        b = b.knocker(cards_core::Seat(k));
    }
    b.to_setup().expect("a valid test position")
}

/// [`setup`], loaded.
pub fn pos(
    rules: Rules,
    hands: &[&str],
    middle: &str,
    to_act: u8,
    knocker: Option<u8>,
    lives: &[u8],
) -> Schwimmen {
    Schwimmen::from_setup(&setup(rules, hands, middle, to_act, knocker, lives))
        .expect("valid test position")
}

pub const H0: &str = "7C 8D 9S"; // 9
pub const H1: &str = "KC QC 7H"; // 20
pub const H2: &str = "AD 8H 9C"; // 11
pub const PACK: &str = "TH JH 7S"; // 20

/// Three players, dealer seat 0, dealt and waiting for the dealer's choice.
pub fn base3(rules: Rules) -> Schwimmen {
    dealt(rules, &[H0, H1, H2], PACK)
}

pub fn kept3() -> Schwimmen {
    play(base3(Rules::default()), &["keep"])
}

pub fn lives(g: &Schwimmen) -> Vec<u8> {
    (0..g.seats())
        .map(|s| g.lives(Seat(s as u8)).expect("a seat at the table"))
        .collect()
}
