//! Card text against its parser, and `CardSet` against a `BTreeSet` model.

use std::collections::BTreeSet;

use cards_core::{Card, CardSet, Rank, Suit};
use proptest::prelude::*;

use crate::common::any_card;

proptest! {
    #[test]
    fn card_text_round_trips_in_every_spelling(c in any_card(), lower in any::<bool>(), symbol in any::<bool>(), ten_as_10 in any::<bool>()) {
        let rank = if ten_as_10 && c.rank() == Rank::Ten { "10".to_string() } else { c.rank().letter().to_string() };
        let suit = if symbol { c.suit().symbol() } else { c.suit().letter() };
        let mut text = format!("{rank}{suit}");
        if lower { text = text.to_lowercase(); }
        prop_assert_eq!(text.parse::<Card>(), Ok(c));
        prop_assert_eq!(c.to_string().parse::<Card>(), Ok(c));
    }

    #[test]
    fn card_parser_never_panics(s in "\\PC{0,4}") {
        let _ = s.parse::<Card>();
        let _ = s.parse::<CardSet>();
    }

    #[test]
    fn card_set_text_round_trips(bits in any::<u64>()) {
        let set = CardSet::from_bits(bits);
        prop_assert_eq!(set.to_string().parse::<CardSet>(), Ok(set));
    }
}

#[derive(Clone, Debug)]
enum SetOp {
    Insert(Card),
    Remove(Card),
    Union(Vec<Card>),
    Intersect(Vec<Card>),
    Difference(Vec<Card>),
}

fn any_op() -> impl Strategy<Value = SetOp> {
    let cards = || prop::collection::vec(any_card(), 0..20);
    prop_oneof![
        any_card().prop_map(SetOp::Insert),
        any_card().prop_map(SetOp::Remove),
        cards().prop_map(SetOp::Union),
        cards().prop_map(SetOp::Intersect),
        cards().prop_map(SetOp::Difference),
    ]
}

proptest! {
    #[test]
    fn card_set_matches_a_btreeset(ops in prop::collection::vec(any_op(), 0..60)) {
        let mut set = CardSet::EMPTY;
        let mut model = BTreeSet::new();
        for op in ops {
            match op {
                SetOp::Insert(c) => prop_assert_eq!(set.insert(c), model.insert(c)),
                SetOp::Remove(c) => prop_assert_eq!(set.remove(c), model.remove(&c)),
                SetOp::Union(cs) => { set |= cs.iter().copied().collect(); model.extend(cs); }
                SetOp::Intersect(cs) => {
                    let other: BTreeSet<Card> = cs.iter().copied().collect();
                    set = set.intersection(cs.into_iter().collect());
                    model = model.intersection(&other).copied().collect();
                }
                SetOp::Difference(cs) => {
                    let other: BTreeSet<Card> = cs.iter().copied().collect();
                    set = set.difference(cs.into_iter().collect());
                    model = model.difference(&other).copied().collect();
                }
            }
            prop_assert_eq!(set.len(), model.len());
            prop_assert_eq!(set.iter().collect::<Vec<_>>(), model.iter().copied().collect::<Vec<_>>());
            for (k, c) in model.iter().enumerate() {
                prop_assert_eq!(set.nth(k), Some(*c));
            }
            for s in Suit::ALL {
                prop_assert_eq!(set.of_suit(s).len(), model.iter().filter(|c| c.suit() == s).count());
            }
            for r in Rank::ALL {
                prop_assert_eq!(set.of_rank(r).len(), model.iter().filter(|c| c.rank() == r).count());
            }
            prop_assert_eq!(set.first(), model.first().copied());
            prop_assert_eq!(set.last(), model.last().copied());
        }
    }
}
