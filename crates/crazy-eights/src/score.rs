//! What cards left in hand cost at the end (C13), the returns and the places.

use cards_core::{Card, CardMultiset, MAX_SEATS, Outcome, PerSeat, Rank};

use crate::action::card_id;
use crate::rules::Scoring;
use crate::state::{CrazyEights, Phase};
use crate::stock::LANE_CARD;

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

/// What a whole hand costs (C13): only the cards held are visited.
pub(crate) fn hand_penalty(hand: CardMultiset, scoring: Scoring) -> u32 {
    let lanes = hand.lanes();
    // The low bit of each non-empty 2-bit lane.
    let mut held = (lanes | lanes >> 1) & ((1u128 << 104) / 3);
    let mut sum = 0;
    while held != 0 {
        let bit = held.trailing_zeros();
        let copies = ((lanes >> bit) & 3) as u32;
        sum += penalty(LANE_CARD[(bit / 2) as usize], scoring) * copies;
        held &= held - 1;
    }
    sum
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

#[cfg(test)]
mod tests {
    use super::*;
    use cards_core::{ChaCha8Rng, SeedableRng, deck};

    /// C13: the sum over held lanes equals the sum over every copy.
    #[test]
    fn c13_hand_penalty_sums_every_copy() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for round in 0..500 {
            let mut m = CardMultiset::decks(deck::CARDS_52, 1 + (round % 2) as u8).expect("decks");
            let drop = cards_core::chance::below(&mut rng, m.len() as u64 + 1);
            for _ in 0..drop {
                let k = cards_core::chance::below(&mut rng, m.len() as u64);
                let c = m.nth_copy(k as usize).expect("k < len");
                m.remove(c);
            }
            for scoring in [Scoring::CardIndex, Scoring::FaceValue] {
                let walk: u32 = m.copies().map(|c| penalty(c, scoring)).sum();
                assert_eq!(hand_penalty(m, scoring), walk, "{m}");
            }
        }
    }
}
