//! What cards left in hand cost at the end (C13), the returns and the places.

use cards_core::{Card, CardMultiset, MAX_SEATS, Outcome, PerSeat, Rank};

use crate::action::card_id;
use crate::rules::Scoring;
use crate::state::{CrazyEights, Phase};

/// What one card left in a hand costs under `scoring` (C13, C13.1).
///
/// ```
/// use crazy_eights::{penalty, Scoring};
/// let card = |s: &str| s.parse::<cards_core::Card>().unwrap();
/// assert_eq!(penalty(card("8H"), Scoring::CardIndex), 50);
/// assert_eq!(penalty(card("AS"), Scoring::CardIndex), 10);
/// assert_eq!(penalty(card("TS"), Scoring::CardIndex), 37);
/// assert_eq!(penalty(card("TS"), Scoring::FaceValue), 10);
/// assert_eq!(penalty(card("AS"), Scoring::FaceValue), 1);
/// ```
pub const fn penalty(card: Card, scoring: Scoring) -> u32 {
    match (card.rank(), scoring) {
        (Rank::Eight, _) => 50,
        (Rank::Jack | Rank::Queen | Rank::King, _) => 10,
        (Rank::Ace, Scoring::CardIndex) => 10,
        (Rank::Ace, Scoring::FaceValue) => 1,
        (_, Scoring::CardIndex) => card_id(card) + 2,
        (r, Scoring::FaceValue) => r.number() as u32,
    }
}

/// What a whole hand costs (C13).
pub(crate) fn hand_penalty(hand: CardMultiset, scoring: Scoring) -> u32 {
    hand.iter()
        .map(|(c, k)| penalty(c, scoring) * u32::from(k))
        .sum()
}

impl CrazyEights {
    /// Each seat's return once the game is over: minus what its hand costs (C13).
    pub fn returns(&self) -> Option<PerSeat<i32>> {
        if self.phase != Phase::Over {
            return None;
        }
        let mut r = [0i32; MAX_SEATS];
        for (i, v) in r.iter_mut().enumerate().take(self.seats_usize()) {
            *v = -(hand_penalty(self.hands[i], self.rules.scoring) as i32);
        }
        PerSeat::from_slice(&r[..self.seats_usize()])
    }

    /// The places: higher return first, equal returns share a place (C13.2).
    pub(crate) fn places(&self) -> Option<Outcome> {
        self.returns().map(|r| Outcome::from_scores(r.as_slice()))
    }
}
