//! Perfect recall (S23.2): two games a seat cannot tell apart by what it was
//! shown give it the same view at every step, memory included.

use cards_core::{Actor, Card, CardSet, ChaCha8Rng, Game, Playout, Seat, SeedableRng, Viewer};
use proptest::prelude::*;
use schwimmen::{Action, Event, Rules, Schwimmen, Seen};

/// Every card `e` shows its viewer.
fn cards_in(e: &Event) -> CardSet {
    let one = CardSet::single;
    let mut out = match e.seen {
        Seen::Dealt { card: Some(c), .. } | Seen::Refilled(c) => one(c),
        Seen::Dealt { card: None, .. } | Seen::Passed | Seen::Knocked => CardSet::EMPTY,
        Seen::Kept { middle } | Seen::TookOther { middle } => middle,
        Seen::Swapped { give, take } => one(give) | one(take),
        Seen::SwappedAll { gave, took } => gave | took,
    };
    if let Some(end) = &e.round_end {
        for h in end.shown.as_slice() {
            out |= *h;
        }
    }
    out
}

fn swap_card(c: Card, a: Card, b: Card) -> Card {
    if c == a {
        b
    } else if c == b {
        a
    } else {
        c
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    /// Game B is game A with two cards the seat never saw exchanged in every
    /// deal: the same moves are legal, the seat's events are the same, and so
    /// is its view at every step.
    #[test]
    fn s23_2_games_a_seat_cannot_tell_apart_give_it_the_same_views(
        seed in any::<u64>(), n in 2usize..=5, steps in 20usize..400, me in 0u8..5
    ) {
        let me = Viewer::Seat(Seat(me % n as u8));
        let mut a = Schwimmen::new(Rules::default(), n).expect("game");
        let (mut rng, mut playout) = (ChaCha8Rng::seed_from_u64(seed), Playout::new());
        let mut log = Vec::new();
        let mut seen = a.observe(me).hand;
        for _ in 0..steps {
            let before = a;
            if !playout.step(&mut a, &mut rng) {
                break;
            }
            // Recover the action: the one whose result is `a`.
            let mut options = Vec::new();
            if before.actor() == Actor::Chance {
                let mut o = Vec::new();
                before.chance_outcomes(&mut o);
                options.extend(o.into_iter().map(|(x, _)| x));
            } else {
                before.legal_actions(&mut options);
            }
            let action = options
                .into_iter()
                .find(|x| before.apply(x) == Ok(a))
                .expect("the step was a listed action");
            seen |= cards_in(&before.event(&action, me).expect("legal")) | a.observe(me).hand;
            log.push(action);
        }
        let unseen: Vec<Card> = (cards_core::deck::CARDS_32 - seen).iter().collect();
        prop_assume!(unseen.len() >= 2);
        let (x, y) = (unseen[0], unseen[unseen.len() - 1]);
        let mut g = (Schwimmen::new(Rules::default(), n).expect("game"), Schwimmen::new(Rules::default(), n).expect("game"));
        for action in &log {
            let other = match *action {
                Action::Deal(c) => Action::Deal(swap_card(c, x, y)),
                Action::Refill(c) => Action::Refill(swap_card(c, x, y)),
                other => other,
            };
            let (ea, eb) = (g.0.event(action, me), g.1.event(&other, me));
            // The swap can complete a 31 or three aces in one game only (S12):
            // the round end shows it, so from here the seat can tell them apart.
            if let (Ok(a), Ok(b)) = (&ea, &eb)
                && a.round_end.is_some() != b.round_end.is_some()
            {
                break;
            }
            prop_assert_eq!(ea, eb);
            g.0.apply_mut(action).expect("logged");
            g.1.apply_mut(&other).expect("the same move is legal in the twin game");
            prop_assert_eq!(g.0.observe(me), g.1.observe(me));
        }
    }
}
