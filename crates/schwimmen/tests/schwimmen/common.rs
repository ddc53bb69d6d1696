//! Helpers: cards from text, fixed deals, playing moves by their text.

use cards_core::{Card, CardSet, Game};
use schwimmen::{Action, Rules, Schwimmen};

/// A card from text.
pub fn card(s: &str) -> Card {
    s.parse().expect("test card")
}

/// A card set from text.
pub fn set(s: &str) -> CardSet {
    s.parse().expect("test cards")
}

/// Deals `hands` (by seat; empty for seats not dealt to) and the dealer's `pack`,
/// following the deal order the state asks for, up to the dealer's choice.
pub fn deal_with(mut g: Schwimmen, hands: &[&str], pack: &str) -> Schwimmen {
    let mut piles: Vec<CardSet> = hands.iter().map(|h| set(h)).collect();
    let mut second = set(pack);
    while let Some((seat, to_pack)) = g.next_receiver() {
        let pile = if to_pack {
            &mut second
        } else {
            &mut piles[seat.index()]
        };
        let c = pile
            .first()
            .expect("the fixed deal has a card for this receiver");
        pile.remove(c);
        g.apply_mut(&Action::Deal(c)).expect("deal card");
    }
    assert!(piles.iter().all(|p| p.is_empty()) && second.is_empty());
    g
}

/// A new game of `hands.len()` seats under `rules`, dealt as given.
pub fn dealt(rules: Rules, hands: &[&str], pack: &str) -> Schwimmen {
    let g = Schwimmen::new(rules, hands.len()).expect("setup");
    deal_with(g, hands, pack)
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
        .map(|s| g.hand(cards_core::Seat(s as u8)))
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

/// A turn position written out: hands by seat ("" for a seat that is out),
/// the middle, the mover, the knocker and lives; everyone in has had a turn,
/// dealer seat 0, the rest of the cards in the stock.
pub fn setup(
    rules: Rules,
    hands: &[&str],
    middle: &str,
    to_act: u8,
    knocker: Option<u8>,
    lives: &[u8],
) -> schwimmen::Setup {
    use cards_core::Seat;
    let hands: Vec<CardSet> = hands.iter().map(|h| set(h)).collect();
    let middle = set(middle);
    let used = hands.iter().fold(middle, |a, h| a | *h);
    let n = hands.len();
    schwimmen::Setup {
        rules,
        phase: schwimmen::Phase::Turns,
        dealer: Seat(0),
        to_act: Seat(to_act),
        knocker: knocker.map(Seat),
        lives: lives.to_vec(),
        fates: vec![schwimmen::Fate::Active; n],
        moved: (0..n as u8)
            .filter(|&s| !hands[usize::from(s)].is_empty())
            .map(Seat)
            .collect(),
        hands,
        second_pack: CardSet::EMPTY,
        middle,
        discards: CardSet::EMPTY,
        face_down_discards: CardSet::EMPTY,
        stock: cards_core::deck::CARDS_32 - used,
        passed: vec![],
        turns: n as u16,
        round: 0,
        shown: vec![CardSet::EMPTY; n],
        lives_lost: vec![],
        scored_round: None,
        taken: vec![],
        known_face_down: CardSet::EMPTY,
    }
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
