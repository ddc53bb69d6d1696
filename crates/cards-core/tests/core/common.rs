//! Helpers shared by the test modules: a card strategy, toy tables, every toy action.

use cards_core::{Card, Game};
use proptest::prelude::*;

use crate::toy::{Bug, Toy, ToyAction, ToyRules};

pub fn any_card() -> impl Strategy<Value = Card> {
    (0usize..52).prop_map(|i| Card::from_index(i).unwrap())
}

pub fn toy(seats: usize, bug: Bug) -> Toy {
    Toy::new(
        ToyRules {
            bug,
            ..ToyRules::plain()
        },
        seats,
    )
    .unwrap()
}

/// Every action of the toy, for nonsense checks.
pub fn every_action() -> Vec<ToyAction> {
    let mut v: Vec<ToyAction> = (0..52)
        .map(|i| ToyAction::Deal(Card::from_index(i).unwrap()))
        .collect();
    v.extend([ToyAction::Draw, ToyAction::Stand]);
    v
}
