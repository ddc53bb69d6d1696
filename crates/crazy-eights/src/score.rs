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

/// The low bit of every card's 2-bit lane (52 cards).
const LOW_BITS: u128 = (1u128 << 104) / 3;

/// What one card costs by the position of its lane's low bit in
/// [`CardMultiset::lanes`] (`2 · lane`; odd positions and 104 on unused), for
/// each scoring in declaration order. A table, so a hand is summed bit by bit
/// without a match per card.
const BIT_PENALTY: [[u8; 128]; 2] = {
    let mut out = [[0u8; 128]; 2];
    let mut lane = 0;
    while lane < 52 {
        let card = LANE_CARD[lane];
        out[0][2 * lane] = penalty(card, Scoring::CardIndex) as u8;
        out[1][2 * lane] = penalty(card, Scoring::FaceValue) as u8;
        lane += 1;
    }
    out
};

/// The sum of `table` at the set bits of `bits`, one 64-bit half at a time.
#[inline]
fn sum_at_bits(bits: u128, table: &[u8; 128]) -> u32 {
    let mut sum = 0;
    let mut lo = bits as u64;
    while lo != 0 {
        sum += u32::from(table[lo.trailing_zeros() as usize & 63]);
        lo &= lo - 1;
    }
    let mut hi = (bits >> 64) as u64;
    while hi != 0 {
        sum += u32::from(table[64 + (hi.trailing_zeros() as usize & 63)]);
        hi &= hi - 1;
    }
    sum
}

/// What a whole hand costs (C13): only the cards held are visited. A lane
/// holds 0 to 3 copies in two bits, so the cost is the sum over the lanes'
/// low bits plus twice the sum over their high bits.
pub(crate) fn hand_penalty(hand: CardMultiset, scoring: Scoring) -> u32 {
    let lanes = hand.lanes();
    let table = &BIT_PENALTY[scoring as usize];
    sum_at_bits(lanes & LOW_BITS, table) + 2 * sum_at_bits((lanes >> 1) & LOW_BITS, table)
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

    /// The places: higher return first, equal returns share a place (C13).
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
