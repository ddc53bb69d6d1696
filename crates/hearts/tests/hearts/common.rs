//! Helpers shared by the tests: deals from given hands, moves from text, and
//! card conservation.

use cards_core::{Card, CardSet, Game, Seat};
use hearts::{Action, Hearts, PassDir, Rules};

/// Parses a set of cards (`"7H 8S"`, `""` for none).
pub fn cards(s: &str) -> CardSet {
    if s.trim().is_empty() {
        CardSet::EMPTY
    } else {
        s.parse().expect("cards")
    }
}

/// Parses a card.
pub fn card(s: &str) -> Card {
    s.parse().expect("a card")
}

/// The 52 deal steps that give seat `s` the cards of `hands[s]`; cards not
/// named go to the seats short of thirteen, in card order.
pub fn deal_order(hands: [&str; 4]) -> Vec<Card> {
    let mut sets = hands.map(cards);
    let mut rest = CardSet::ALL - (sets[0] | sets[1] | sets[2] | sets[3]);
    for s in &mut sets {
        while s.len() < 13 {
            let c = rest.first().expect("cards left");
            rest.remove(c);
            s.insert(c);
        }
    }
    let mut order = Vec::with_capacity(52);
    for i in 0..13 {
        for s in &sets {
            order.push(s.nth(i).expect("thirteen cards"));
        }
    }
    order
}

/// A game after the direction `dir` and the deal of `hands` (filled up as
/// [`deal_order`] fills them).
pub fn dealt(rules: Rules, dir: PassDir, hands: [&str; 4]) -> Hearts {
    let mut g = Hearts::new(rules, 4).expect("four seats");
    g.apply_mut(&Action::Direction(dir)).expect("direction");
    for c in deal_order(hands) {
        g.apply_mut(&Action::Deal(c)).expect("deal");
    }
    g
}

/// The legal actions as text.
pub fn legal(g: &Hearts) -> Vec<String> {
    let mut v = Vec::new();
    g.legal_actions(&mut v);
    v.iter().map(ToString::to_string).collect()
}

/// Applies actions given as text.
pub fn play(g: &mut Hearts, actions: &[&str]) {
    for a in actions {
        let a: Action = a.parse().expect("an action");
        g.apply_mut(&a)
            .unwrap_or_else(|e| panic!("{a} refused: {e}"));
    }
}

/// R1: every card is in exactly one place.
pub fn conserved(g: &Hearts) -> bool {
    let mut all = CardSet::EMPTY;
    let mut count = 0;
    let limbo = g.phase() == hearts::Phase::Pass;
    for s in 0..4 {
        let seat = Seat(s);
        let mut places = vec![g.hand(seat).expect("seat"), g.won(seat).expect("seat")];
        if limbo {
            places.push(g.passed(seat).expect("seat"));
        }
        for p in places {
            all |= p;
            count += p.len();
        }
    }
    for &c in g.trick() {
        all.insert(c);
        count += 1;
    }
    let dealt = matches!(g.phase(), hearts::Phase::PassDir | hearts::Phase::Deal);
    all.len() == count && (dealt || all == CardSet::ALL)
}

/// A position in the play without passing: `tricks[s]` tricks taken by seat
/// `s` (its cards from `won[s]`, filled up), the current `trick` led so that
/// `to_act` is next, and hands from `hands` filled up to the sizes the play
/// gives them. Filling takes the cards left in card order, hands first,
/// hearts and the queen of spades last; once a trick is taken the two of
/// clubs, unless named, goes to the tricks taken (R6).
pub fn position(
    rules: Rules,
    tricks: [usize; 4],
    won: [&str; 4],
    hands: [&str; 4],
    trick: &str,
    to_act: u8,
) -> Hearts {
    use cards_core::Save;
    Hearts::load(position_setup(rules, tricks, won, hands, trick, to_act))
        .expect("a valid position")
}

/// The [`Setup`](hearts::Setup) [`position`] loads, not yet checked.
pub fn position_setup(
    rules: Rules,
    tricks: [usize; 4],
    won: [&str; 4],
    hands: [&str; 4],
    trick: &str,
    to_act: u8,
) -> hearts::Setup {
    let trick: Vec<Card> = trick.split_whitespace().map(card).collect();
    let k: usize = tricks.iter().sum();
    let m = trick.len();
    let leader = (usize::from(to_act) + 4 - m) % 4;
    let mut won = won.map(cards);
    let mut hands = hands.map(cards);
    let mut rest = CardSet::ALL - trick.iter().copied().collect::<CardSet>();
    for s in won.iter().chain(hands.iter()) {
        rest -= *s;
    }
    let points = cards("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH QS");
    // Once a trick is taken, the first one with its two of clubs is (R6).
    let later = if k > 0 {
        CardSet::single(card("2C"))
    } else {
        CardSet::EMPTY
    };
    let mut take = |set: &mut CardSet, size: usize, skip: CardSet| {
        while set.len() < size {
            let left = rest - skip;
            let c = (left - points)
                .first()
                .or(left.first())
                .expect("cards left");
            rest.remove(c);
            set.insert(c);
        }
    };
    for (x, h) in hands.iter_mut().enumerate() {
        let in_trick = usize::from((x + 4 - leader) % 4 < m);
        take(h, 13 - k - in_trick, later);
    }
    for (s, w) in won.iter_mut().enumerate() {
        take(w, 4 * tricks[s], CardSet::EMPTY);
    }
    hearts::Setup {
        rules,
        phase: if k == 13 {
            hearts::Phase::Over
        } else {
            hearts::Phase::Play
        },
        pass_dir: Some(PassDir::NoPass),
        to_act: Seat(to_act),
        hands,
        passed: [CardSet::EMPTY; 4],
        trick,
        won,
    }
}
