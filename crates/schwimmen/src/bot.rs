//! [`StrongBot`]: a simple player worth playing against.

use cards_core::{Bot, CardSet, Rng};

use crate::action::Action;
use crate::observe::View;
use crate::score::HandValue;
use crate::state::Schwimmen;

/// A greedy player: keeps its best suit, takes 30½ and 31 whenever they are on
/// the table, and knocks on a strong hand.
///
/// It looks only at its [`View`]: its hand, the middle and whether it may knock.
/// - Dealer's choice: keeps a first pack worth at least `keep_at` points (or 30½).
/// - A swap that makes 31 or three aces is taken at once (it ends the round).
/// - With a hand of at least `knock_at` points and knocking allowed, it knocks.
/// - Otherwise it takes the swap that gives the best hand; among equal values the
///   one that keeps more cards of one suit (the way towards 31); it passes when no
///   swap improves the hand (or makes the least bad swap when passing is off).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StrongBot {
    /// Knock when the hand is worth at least this many points (30½ counts as 30).
    pub knock_at: u8,
    /// Keep the first pack when it is worth at least this many points.
    pub keep_at: u8,
}

impl Default for StrongBot {
    fn default() -> StrongBot {
        StrongBot {
            knock_at: 26,
            keep_at: 20,
        }
    }
}

/// A three-card hand's value plus a small bonus for holding cards of one
/// suit, for breaking ties: the most cards of a suit, which in three cards is
/// four less the suits held (counted without a population count, which is
/// slow on the baseline x86-64 target and this runs in every playout).
pub(crate) fn rating(hand: CardSet) -> (HandValue, u8) {
    let v = HandValue::of_unchecked(hand);
    let suits = cards_core::Suit::ALL
        .iter()
        .filter(|&&s| !hand.of_suit(s).is_empty())
        .count() as u8;
    (v, 4u8.saturating_sub(suits))
}

pub(crate) fn points(v: HandValue) -> u8 {
    v.half_points().map_or(33, |h| h / 2)
}

impl StrongBot {
    /// The bot's choice given its view and the legal actions (never empty).
    pub fn pick(&self, view: &View, legal: &[Action]) -> Action {
        self.pick_cards(view.hand, view.middle, legal)
    }

    /// [`StrongBot::pick`] from the mover's hand (the dealer's first pack at his
    /// choice) and the middle alone.
    pub(crate) fn pick_cards(&self, hand: CardSet, middle: CardSet, legal: &[Action]) -> Action {
        let fallback = legal.first().copied().unwrap_or(Action::Pass);
        if legal.contains(&Action::Keep) {
            let v = HandValue::of_unchecked(hand);
            return if points(v) >= self.keep_at {
                Action::Keep
            } else {
                Action::TakeOther
            };
        }
        let current = rating(hand);
        let mut best: Option<(Action, (HandValue, u8))> = None;
        for &a in legal {
            let after = match a {
                Action::Swap { give, take } => {
                    (hand - CardSet::single(give)) | CardSet::single(take)
                }
                Action::SwapAll => middle,
                _ => continue,
            };
            let r = rating(after);
            if best.is_none_or(|(_, b)| r > b) {
                best = Some((a, r));
            }
        }
        let Some((best_action, best_rating)) = best else {
            return fallback;
        };
        if best_rating.0.ends_round() {
            return best_action;
        }
        if legal.contains(&Action::Knock) && points(current.0) >= self.knock_at {
            return Action::Knock;
        }
        if best_rating.0 > current.0 || (best_rating.0 == current.0 && best_rating.1 > current.1) {
            return best_action;
        }
        if legal.contains(&Action::Pass) {
            Action::Pass
        } else {
            best_action
        }
    }
}

impl Bot<Schwimmen> for StrongBot {
    fn choose(&mut self, view: &View, legal: &[Action], _rng: &mut dyn Rng) -> Action {
        self.pick(view, legal)
    }
}
