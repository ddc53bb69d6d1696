//! [`HeartsBot`]: a heuristic player that keeps points away from itself.

use cards_core::{Bot, Card, Rank, Rng, Suit};

use crate::action::Action;
use crate::observe::View;
use crate::state::{Hearts, QUEEN_SPADES};

/// A heuristic player: passes (and throws away when it cannot follow) its most
/// dangerous cards (the queen of spades, high spades, high hearts, high
/// cards); leads its lowest card, hearts last; follows with the highest card
/// that still loses the trick, or, when it cannot lose it, with its highest
/// card as the last to play and its lowest otherwise.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HeartsBot;

/// How much the bot wants to be rid of a card.
fn danger(c: Card) -> u32 {
    let r = c.rank() as u32;
    match (c.suit(), c.rank()) {
        _ if c == QUEEN_SPADES => 100,
        (Suit::Spades, Rank::King | Rank::Ace) => 80 + r,
        (Suit::Hearts, _) => 40 + r,
        _ => r,
    }
}

/// The heuristic's choice among `legal` (never empty), given the current trick.
pub(crate) fn choose(trick: &[Card], legal: &[Action]) -> Action {
    let cards = legal.iter().filter_map(|a| match a {
        Action::Pass(c) | Action::Play(c) => Some(*c),
        _ => None,
    });
    let first = legal.first().copied().unwrap_or(Action::Play(QUEEN_SPADES));
    let play = |c: Option<Card>| {
        c.map_or(first, |c| match first {
            Action::Pass(_) => Action::Pass(c),
            _ => Action::Play(c),
        })
    };
    if matches!(first, Action::Pass(_)) {
        return play(cards.max_by_key(|&c| danger(c)));
    }
    let Some(&lead) = trick.first() else {
        return play(cards.min_by_key(|&c| (c.suit() == Suit::Hearts, c.rank())));
    };
    let led = lead.suit();
    let top = trick
        .iter()
        .filter(|c| c.suit() == led)
        .map(|c| c.rank())
        .max()
        .unwrap_or(lead.rank());
    let follows = cards.clone().filter(|c| c.suit() == led);
    let Some(first_follow) = follows.clone().next() else {
        return play(cards.max_by_key(|&c| danger(c)));
    };
    if let Some(duck) = follows
        .clone()
        .filter(|c| c.rank() < top)
        .max_by_key(|c| c.rank())
    {
        return play(Some(duck));
    }
    let last = trick.len() == 3;
    let pick = if last {
        follows
            .filter(|&c| c != QUEEN_SPADES)
            .max_by_key(|c| c.rank())
    } else {
        follows.min_by_key(|c| c.rank())
    };
    play(Some(pick.unwrap_or(first_follow)))
}

impl Bot<Hearts> for HeartsBot {
    fn choose(&mut self, view: &View, legal: &[Action], _rng: &mut dyn Rng) -> Action {
        choose(&view.trick, legal)
    }
}
