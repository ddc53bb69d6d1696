//! [`ShedBot`]: a heuristic player that sheds its most expensive cards first.

use cards_core::{Bot, Card, Rank, Rng, Suit};

use crate::action::Action;
use crate::legal::TurnFacts;
use crate::observe::View;
use crate::rules::Scoring;
use crate::score::penalty;
use crate::state::{CrazyEights, Phase};

/// A heuristic player: names the suit it holds most of after an eight, stacks a
/// two when twos are owed, otherwise plays its most expensive matching card
/// (C13), keeping eights for when nothing else fits, and draws before passing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ShedBot;

/// The heuristic's choice among `legal`, from the turn's facts.
pub(crate) fn choose(f: &TurnFacts, phase: Phase, legal: &[Action]) -> Action {
    let in_suit =
        |s: Suit| f.hand.count_suit(s) - usize::from(f.hand.count(Card::new(Rank::Eight, s)));
    if phase == Phase::Nominate {
        let best = Suit::ALL
            .into_iter()
            .max_by_key(|&s| (in_suit(s), std::cmp::Reverse(s)))
            .unwrap_or(Suit::Clubs);
        return Action::Nominate(best);
    }
    let worth = |c: Card| {
        (
            c.rank() != Rank::Eight,
            penalty(c, Scoring::CardIndex),
            in_suit(c.suit()),
        )
    };
    let best = legal
        .iter()
        .filter_map(|a| match a {
            Action::Play(c) => Some(*c),
            _ => None,
        })
        .max_by_key(|&c| worth(c));
    match best {
        Some(c) => Action::Play(c),
        None if legal.contains(&Action::Draw) => Action::Draw,
        None => legal.first().copied().unwrap_or(Action::Pass),
    }
}

impl Bot<CrazyEights> for ShedBot {
    fn choose(&mut self, view: &View, legal: &[Action], _rng: &mut dyn Rng) -> Action {
        let facts = TurnFacts {
            hand: view.hand.unwrap_or_default(),
            top: view.top.unwrap_or(Card::new(Rank::Two, Suit::Clubs)),
            suit: view.suit.unwrap_or(Suit::Clubs),
            owed: view.owed,
            stock_empty: view.stock_size == 0,
            draws: view.draws,
            max_draw: view.max_draw_cards,
        };
        choose(&facts, view.phase, legal)
    }
}
