//! Perfect recall (issue 10 items 1 and 2): what a view remembers is what
//! the seat's own events showed it, and determinizing a view deals every
//! unknown card uniformly among the places it may be.

use cards_core::{
    ChaCha8Rng, Determinize, Game, MAX_SEATS, Seat, SeedableRng, Viewer, chance::below,
};
use proptest::prelude::*;
use shithead::{CardMultiset, Place, Position, Rules, Shithead, Then, What};

use crate::common::act;

/// What one seat remembers, folded from the events it was shown alone: the
/// cards it saw go into each hand and not played since, and the piles it
/// saw burn.
struct Recall {
    known: [CardMultiset; MAX_SEATS],
    dealt_up: [CardMultiset; MAX_SEATS],
    pile: CardMultiset,
    burned: CardMultiset,
}

impl Recall {
    fn new() -> Recall {
        Recall {
            known: [CardMultiset::EMPTY; MAX_SEATS],
            dealt_up: [CardMultiset::EMPTY; MAX_SEATS],
            pile: CardMultiset::EMPTY,
            burned: CardMultiset::EMPTY,
        }
    }

    fn fold(&mut self, what: &What, then: &[Then]) {
        match *what {
            What::Dealt {
                seat,
                place: Place::FaceUp,
                card: Some(c),
            } => self.dealt_up[seat.seat().index()].add(c).unwrap(),
            What::Arranged { seat, face_up } => {
                let i = seat.seat().index();
                let mut taken = self.dealt_up[i];
                for c in face_up.to_cards().copies() {
                    taken.remove(c);
                }
                self.known[i].add_all(taken).unwrap();
            }
            What::Played { seat, cards, from } => {
                for c in cards.cards().copies() {
                    if from == Place::Hand {
                        self.known[seat.seat().index()].remove(c);
                    }
                    self.pile.add(c).unwrap();
                }
            }
            What::Turned {
                seat, card, played, ..
            } => {
                if played {
                    self.pile.add(card).unwrap();
                } else {
                    let k = &mut self.known[seat.seat().index()];
                    k.add_all(self.pile).unwrap();
                    k.add(card).unwrap();
                    self.pile = CardMultiset::EMPTY;
                }
            }
            What::PickedUp { seat, with, .. } => {
                let k = &mut self.known[seat.seat().index()];
                k.add_all(self.pile).unwrap();
                if let Some(w) = with {
                    k.add_all(w.cards()).unwrap();
                }
                self.pile = CardMultiset::EMPTY;
            }
            _ => {}
        }
        if then.iter().any(|t| matches!(t, Then::Burned { .. })) {
            self.burned.add_all(self.pile).unwrap();
            self.pile = CardMultiset::EMPTY;
        }
    }
}

proptest! {
    /// H23.3: at every step each seat's view remembers exactly what its own
    /// events showed it, so two states a seat cannot tell apart by its event
    /// history give it the same memory.
    #[test]
    fn h23_3_a_views_memory_is_what_its_events_showed(seed in any::<u64>(), seats in 2usize..=5) {
        let mut g = Shithead::new(Rules::default(), seats).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut recall: Vec<Recall> = (0..seats).map(|_| Recall::new()).collect();
        let mut v = Vec::new();
        for _ in 0..2_000 {
            g.legal_actions(&mut v);
            if v.is_empty() {
                break;
            }
            let a = v[below(&mut rng, v.len() as u64) as usize];
            for (s, r) in recall.iter_mut().enumerate() {
                let e = g.event(&a, Viewer::Seat(Seat(s as u8))).unwrap();
                r.fold(&e.what, &e.then);
            }
            g = g.apply(&a).unwrap();
            for (s, r) in recall.iter().enumerate() {
                let view = g.observe(Viewer::Seat(Seat(s as u8)));
                prop_assert_eq!(view.known.as_slice(), &r.known[..seats]);
                prop_assert_eq!(view.pile, r.pile);
                prop_assert_eq!(view.burned, r.burned);
            }
        }
    }
}

#[test]
fn h23_3_determinize_keeps_known_cards_and_deals_the_rest_uniformly() {
    // Seat 0 sees its hand; seat 1 picked up a pile with 9C and holds two
    // more cards; every other card is burned, which everyone saw (H23.3):
    // each unknown card lies in seat 1's hand (2 places) or a face-down
    // card (2 + 1), never among the burned cards.
    let g = Position::new(Rules::default(), 2)
        .hand(Seat(0), "5C 6C")
        .face_down(Seat(0), "AS AH")
        .hand(Seat(1), "9C KD 4H")
        .known(Seat(1), "9C")
        .face_down(Seat(1), "2D")
        .build()
        .unwrap();
    let view = g.observe(Viewer::Seat(Seat(0)));
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let probe = "KD".parse().unwrap();
    let (n, mut counts) = (20_000, [0u32; 4]);
    for _ in 0..n {
        let d = Shithead::determinize(&Rules::default(), &view, &mut rng).unwrap();
        assert_eq!(d.observe(Viewer::Seat(Seat(0))), view);
        assert_eq!(d.burned(), g.burned());
        assert!(d.hand(Seat(1)).unwrap().contains("9C".parse().unwrap()));
        let place = if d.hand(Seat(1)).unwrap().contains(probe) {
            0
        } else if d.face_down(Seat(0)).unwrap().contains(probe) {
            1
        } else if d.face_down(Seat(1)).unwrap().contains(probe) {
            2
        } else {
            3
        };
        counts[place] += 1;
    }
    // The 5 unknown cards (seat 1's KD 4H and 2D, seat 0's AS AH) fill 2
    // places in seat 1's hand and 2 + 1 face down; nothing is unknown to
    // burn.
    assert_eq!(counts[3], 0, "a burned card's place is known");
    let expected = [2.0, 2.0, 1.0].map(|k| k / 5.0 * n as f64);
    let chi2: f64 = counts[..3]
        .iter()
        .zip(expected)
        .map(|(&o, e)| (f64::from(o) - e).powi(2) / e)
        .sum();
    // 2 degrees of freedom: 13.82 is the 0.1% critical value.
    assert!(
        chi2 < 13.82,
        "chi-square {chi2}: {counts:?} vs {expected:?}"
    );
}

#[test]
fn h4_h5_determinize_keeps_what_the_mover_is_known_to_hold() {
    // Seat 1 laid one 8 and may add: he holds another 8 (H5).
    let g = Position::new(Rules::default(), 2)
        .hand(Seat(0), "5C 6C")
        .hand(Seat(1), "8C 8D 4H")
        .to_act(Seat(1))
        .build()
        .unwrap();
    let g = g.apply(&act("play 8C")).unwrap();
    let view = g.observe(Viewer::Seat(Seat(0)));
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for _ in 0..200 {
        let d = Shithead::determinize(&Rules::default(), &view, &mut rng).unwrap();
        assert!(d.hand(Seat(1)).unwrap().count_rank(cards_core::Rank::Eight) > 0);
    }
    assert!(
        Shithead::determinize(&Rules::default(), &g.observe(Viewer::Spectator), &mut rng).is_err()
    );
}
