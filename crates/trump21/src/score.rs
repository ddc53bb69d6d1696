//! Round ranking (T10, T10.1), the best card (T12.5) and round damage (T13).

use crate::rules::Ranking;

/// A total's standing against `target`: higher is better (T10, T10.1).
///
/// Under first ([`Ranking::UnderFirst`]): every total at or under the target
/// beats every total over it; under, higher is better; over, a smaller overshoot.
/// By distance ([`Ranking::Distance`]): closer is better.
///
/// ```
/// use trump21::{score_key, Ranking::*};
/// assert!(score_key(20, 21, UnderFirst) > score_key(19, 21, UnderFirst));
/// assert!(score_key(17, 21, UnderFirst) > score_key(22, 21, UnderFirst));
/// assert!(score_key(22, 21, Distance) > score_key(19, 21, Distance));
/// ```
#[inline]
pub fn score_key(total: u16, target: u8, ranking: Ranking) -> u16 {
    match ranking {
        // Over the target, a smaller total is a smaller overshoot: no subtraction needed.
        Ranking::UnderFirst => {
            if total <= u16::from(target) {
                0x8000 | total
            } else {
                0x7fff - total.min(0x7fff)
            }
        }
        Ranking::Distance => 0xffff - total.abs_diff(u16::from(target)),
    }
}

/// The winners of a round: a bit per position in the ranked slice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RoundWinners {
    mask: u16,
    len: u8,
}

impl RoundWinners {
    /// Whether the total at `index` has the best rank.
    #[inline]
    pub fn is_winner(&self, index: usize) -> bool {
        index < 16 && self.mask & (1 << index) != 0
    }

    /// Whether the total at `index` loses (ranked, but not best).
    #[inline]
    pub fn is_loser(&self, index: usize) -> bool {
        index < usize::from(self.len) && !self.is_winner(index)
    }

    /// The winners as a bit mask (bit i = position i).
    #[inline]
    pub fn mask(&self) -> u16 {
        self.mask
    }

    /// How many lose: none when everybody ties (T10).
    #[inline]
    pub fn losers(&self) -> u32 {
        u32::from(self.len) - self.mask.count_ones()
    }
}

/// Ranks round totals against `target` (T10): all totals with the best
/// [`score_key`] win, everybody else loses; if all tie, nobody loses.
/// At most 16 totals are ranked (later ones are ignored).
///
/// ```
/// use trump21::{rank_totals, Ranking};
/// let w = rank_totals(&[19, 20, 22, 20], 21, Ranking::UnderFirst);
/// assert_eq!(w.mask(), 0b1010);
/// assert_eq!(w.losers(), 2);
/// let all_tie = rank_totals(&[21, 21], 21, Ranking::UnderFirst);
/// assert_eq!(all_tie.losers(), 0);
/// ```
#[inline]
pub fn rank_totals(totals: &[u16], target: u8, ranking: Ranking) -> RoundWinners {
    let len = totals.len().min(16);
    // Common table sizes get straight-line code; the rest a branch-free loop.
    let mask = match *totals {
        [a, b] => fixed([a, b], target, ranking),
        [a, b, c] => fixed([a, b, c], target, ranking),
        [a, b, c, d] => fixed([a, b, c, d], target, ranking),
        _ => {
            let mut best = 0u16;
            let mut mask = 0u16;
            let mut bit = 1u16;
            for &t in &totals[..len] {
                let k = score_key(t, target, ranking);
                mask = if k > best { 0 } else { mask };
                best = best.max(k);
                mask |= if k == best { bit } else { 0 };
                bit <<= 1;
            }
            mask
        }
    };
    RoundWinners {
        mask,
        len: len as u8,
    }
}

#[inline(always)]
fn fixed<const N: usize>(totals: [u16; N], target: u8, ranking: Ranking) -> u16 {
    let keys = totals.map(|t| score_key(t, target, ranking));
    let best = keys.iter().copied().fold(0, u16::max);
    keys.iter()
        .enumerate()
        .fold(0, |m, (i, &k)| m | (u16::from(k == best) << i))
}

/// The best card for a player at `total` among the values with a nonzero count in
/// `deck` (index = value 1–11), by T12.5: the value that ranks best by
/// [`score_key`] (under first: the largest value that stays at or under the
/// target, else the smallest); on a tie the smaller value. `None` when `deck` is empty.
///
/// ```
/// use trump21::{best_card, Ranking};
/// let mut deck = [0u8; 12];
/// deck[4] = 1; deck[5] = 2; deck[9] = 1;
/// assert_eq!(best_card(15, 21, &deck, Ranking::UnderFirst), Some(5));
/// deck[4] = 0; deck[5] = 0;
/// assert_eq!(best_card(15, 21, &deck, Ranking::UnderFirst), Some(9));
/// ```
pub fn best_card(total: u16, target: u8, deck: &[u8; 12], ranking: Ranking) -> Option<u8> {
    let mut best: Option<(u16, u8)> = None;
    for v in 1..=11u8 {
        if deck[usize::from(v)] == 0 {
            continue;
        }
        let k = score_key(total + u16::from(v), target, ranking);
        if best.is_none_or(|(bk, _)| k > bk) {
            best = Some((k, v));
        }
    }
    best.map(|(_, v)| v)
}

/// Damage a loser takes (T13): round damage + 1 per Damage+1 + 2 per Damage+2 −
/// 2 per Shield, never below 0.
///
/// ```
/// assert_eq!(trump21::loser_damage(2, 0, 1, 1), 2);
/// assert_eq!(trump21::loser_damage(2, 0, 0, 2), 0);
/// ```
pub fn loser_damage(round_damage: u32, damage1: u32, damage2: u32, shields: u32) -> u32 {
    (round_damage + damage1 + 2 * damage2).saturating_sub(2 * shields)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn under_first_key_orders_as_t10_says() {
        for target in [17u8, 21, 24, 27] {
            let t = u16::from(target);
            for a in 0..60u16 {
                for b in 0..60u16 {
                    let better = match (a <= t, b <= t) {
                        (true, false) => true,
                        (false, true) => false,
                        (true, true) => a > b,
                        (false, false) => a < b,
                    };
                    let ka = score_key(a, target, Ranking::UnderFirst);
                    let kb = score_key(b, target, Ranking::UnderFirst);
                    assert_eq!(ka > kb, better, "{a} vs {b} at {target}");
                }
            }
        }
    }

    #[test]
    fn best_card_matches_the_t12_5_wording_for_every_deck() {
        // Every subset of values 1..=11 as a deck, every total 2..=30.
        for bits in 1u32..(1 << 11) {
            let mut deck = [0u8; 12];
            for (v, c) in deck.iter_mut().enumerate().skip(1) {
                *c = u8::from(bits & (1 << (v - 1)) != 0);
            }
            for total in 2..=30u16 {
                let largest_fit = (1..=11u8)
                    .rev()
                    .find(|&v| deck[usize::from(v)] > 0 && total + u16::from(v) <= 21);
                let smallest = (1..=11u8).find(|&v| deck[usize::from(v)] > 0);
                assert_eq!(
                    best_card(total, 21, &deck, Ranking::UnderFirst),
                    largest_fit.or(smallest)
                );
            }
        }
    }

    #[test]
    fn winners_mask_marks_every_tied_best() {
        let w = rank_totals(&[18, 21, 25, 21, 3], 21, Ranking::UnderFirst);
        assert_eq!(w.mask(), 0b01010);
        assert!(w.is_winner(1) && w.is_loser(0) && !w.is_loser(5));
        assert_eq!(rank_totals(&[], 21, Ranking::UnderFirst).losers(), 0);
    }
}
