//! `Shithead::from_setup` refuses cheaply recognisable unreachable positions
//! (issue 13 item 3); each case names the rule it breaks.

use cards_core::{Actor, CardMultiset, Game, Seat, Table};
use shithead::{Phase, Rules, Setup, SetupError, Shithead, Status};

/// The first player decision after arranging: the opening play is due.
fn opening() -> Shithead {
    let mut t = Table::<Shithead>::new(Rules::default(), 3, 5).unwrap();
    while t.state().phase() != Phase::Playing {
        let Actor::Player(_) = t.actor() else {
            panic!()
        };
        let mut v = vec![];
        t.state().legal_actions(&mut v);
        t.play(&v[0]).unwrap();
    }
    *t.state()
}

fn refused(s: Setup, why: &str) {
    match Shithead::from_setup(s) {
        Err(SetupError::Position(text)) => assert!(text.contains(why), "{text}"),
        other => panic!("expected a refusal naming {why:?}, got {other:?}"),
    }
}

/// Moves one card from a place to another in a setup.
fn shift(from: &mut CardMultiset, to: &mut CardMultiset) {
    let c = from.copies().next().expect("a card to move");
    from.remove(c);
    to.add(c).unwrap();
}

#[test]
fn h21_removed_cards_need_a_player_who_left() {
    let mut s = Setup::from(opening());
    let (mut stock, mut removed) = (s.stock, s.removed);
    shift(&mut stock, &mut removed);
    (s.stock, s.removed) = (stock, removed);
    refused(s, "(H21)");
}

#[test]
fn h19_nobody_goes_out_while_the_stock_lasts() {
    let g = opening();
    let mut s = Setup::from(g);
    let other = (0..3).find(|&i| Seat(i) != s.to_act).unwrap() as usize;
    let mut burned = s.burned;
    for part in [
        &mut s.hands[other],
        &mut s.face_up[other],
        &mut s.face_down[other],
    ] {
        burned.add_all(*part).unwrap();
        *part = CardMultiset::EMPTY;
    }
    s.burned = burned;
    s.status[other] = Status::Out(0);
    s.must_open = None;
    refused(s, "(H9, H19)");
}

#[test]
fn h9_table_cards_stay_while_the_stock_lasts() {
    let mut s = Setup::from(opening());
    let other = (0..3).find(|&i| Seat(i) != s.to_act).unwrap() as usize;
    let mut burned = s.burned;
    shift(&mut s.face_up[other], &mut burned);
    s.burned = burned;
    s.must_open = None;
    refused(s, "(H9)");
}

#[test]
fn h4_the_opening_card_comes_before_any_burn_and_is_of_an_openable_rank() {
    let g = opening();
    let opener = g.must_open().expect("an announced opening card");
    let mut s = Setup::from(g);
    let (mut stock, mut burned) = (s.stock, s.burned);
    shift(&mut stock, &mut burned);
    (s.stock, s.burned) = (stock, burned);
    refused(s, "(H4)");
    // A two is never the worst card: swap one from the stock into the
    // opener's hand in place of his announced card.
    let mut s = Setup::from(g);
    let p = s.to_act.index();
    let two = s
        .stock
        .copies()
        .find(|c| c.rank() == cards_core::Rank::Two)
        .expect("seed 5 leaves a two in the stock");
    s.stock.remove(two);
    s.stock.add(opener).unwrap();
    s.hands[p].remove(opener);
    s.hands[p].add(two).unwrap();
    s.must_open = Some(two);
    refused(s, "(H4)");
    // The untouched opening position loads.
    assert_eq!(Shithead::from_setup(Setup::from(g)), Ok(g));
}

/// The opening position of a seeded table.
fn opening_of(seed: u64, seats: usize, rules: Rules) -> Shithead {
    let mut t = Table::<Shithead>::new(rules, seats, seed).unwrap();
    while t.state().phase() != Phase::Playing {
        let mut v = vec![];
        t.state().legal_actions(&mut v);
        t.play(&v[0]).unwrap();
    }
    *t.state()
}

#[test]
fn h4_the_announced_card_is_the_worst_and_its_first_holder_opens() {
    // Another player holding a worse card than the announced one: swap a
    // worse card from the stock into a non-opener's hand.
    let mut tried = 0;
    for seed in 0..50 {
        let g = opening_of(seed, 3, Rules::default());
        let m = g.must_open().unwrap();
        let mut s = Setup::from(g);
        let Some(worse) = s.stock.copies().find(|c| {
            [cards_core::Rank::Four, cards_core::Rank::Five].contains(&c.rank())
                && c.rank() < m.rank()
        }) else {
            continue;
        };
        let other = (0..3).find(|&i| Seat(i) != s.to_act).unwrap() as usize;
        let given = s.hands[other].copies().next().unwrap();
        s.hands[other].remove(given);
        s.hands[other].add(worse).unwrap();
        s.stock.remove(worse);
        s.stock.add(given).unwrap();
        refused(s, "worst hand card");
        tried += 1;
    }
    assert!(tried > 5, "{tried}");
    // Two decks: a copy of the announced card held by a seat before the
    // opener (from the dealer's left) means that seat opens instead.
    let rules = Rules {
        decks: shithead::Decks::Fixed(2),
        ..Rules::default()
    };
    let mut tried = 0;
    for seed in 0..50 {
        let g = opening_of(seed, 3, rules);
        let m = g.must_open().unwrap();
        // Seat 1 is first after the dealer (seat 0); use openers at seat 2.
        if g.actor() != Actor::Player(Seat(2)) || !g.stock().contains(m) {
            continue;
        }
        let mut s = Setup::from(g);
        let given = s.hands[1].copies().next().unwrap();
        s.hands[1].remove(given);
        s.hands[1].add(m).unwrap();
        s.stock.remove(m);
        s.stock.add(given).unwrap();
        refused(s, "first holder");
        tried += 1;
    }
    assert!(
        tried > 0,
        "no opener at seat 2 with the card's copy in the stock"
    );
}
