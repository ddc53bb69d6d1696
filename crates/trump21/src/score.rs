//! Round ranking (T10, T10.1), the best card (T12.5), round damage (T13) and
//! the places of the outcome (T13, T13.2, T16).

use cards_core::Outcome;

use crate::rules::Ranking;
use crate::state::{Status, Trump21};

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
    // As wide as a register: callers that widen the mask need no zero extension.
    mask: u64,
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
        self.mask as u16
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
    // Read before the length is looked at: a caller's loop then keeps the
    // table's address in a register and the target in one register.
    let under_target = UNDER[usize::from(target)];
    // Under first with 2 to 5 totals (a table's round) takes straight-line paths:
    // two totals compare directly; three to five, all below 64, find the best
    // total as the highest bit of a bitset at or under the target (else the
    // lowest) and mark who holds it in the bytes or lanes of one integer.
    let mask = match (ranking, totals) {
        // Its own arm (not the catch-all), so every length up to 5 has one.
        (_, []) => u64::from(general(totals, target, ranking)),
        (_, [_]) => 1,
        (Ranking::UnderFirst, &[a, b]) => {
            // Both at or under the target (the common case): the higher wins; one
            // under: it wins; both over: the smaller overshoot, clamped as
            // score_key clamps it. Ties: both.
            let t = u16::from(target);
            let (ka, kb) = match (a <= t, b <= t) {
                (true, true) => (a, b),
                (true, false) => return RoundWinners { mask: 1, len: 2 },
                (false, true) => return RoundWinners { mask: 2, len: 2 },
                (false, false) => (0x7fff - a.min(0x7fff), 0x7fff - b.min(0x7fff)),
            };
            if ka > kb {
                1
            } else if ka < kb {
                2
            } else {
                3
            }
        }
        (Ranking::UnderFirst, &[a, b, c]) => small3([a, b], c, totals, target, under_target),
        (Ranking::UnderFirst, &[a, b, c, d]) => small4([a, b, c, d], totals, target, under_target),
        (Ranking::UnderFirst, &[a, b, c, d, e]) => {
            small5([a, b, c, d], e, totals, target, under_target)
        }
        _ => u64::from(general(&totals[..len], target, ranking)),
    };
    RoundWinners {
        mask,
        len: len as u8,
    }
}

/// Any number of totals, either ranking: the best [`score_key`], then who has it.
/// Marked cold so that the under-first paths for a table of 2 to 5 keep their
/// registers (about 5,000 fewer instructions in `trump21_rank`); the distance
/// ranking (T10.1) and totals of 64 or more always come here.
#[cold]
#[inline(never)]
fn general(totals: &[u16], target: u8, ranking: Ranking) -> u16 {
    let best = totals
        .iter()
        .map(|&t| score_key(t, target, ranking))
        .max()
        .unwrap_or(0);
    totals.iter().enumerate().fold(0, |m, (i, &t)| {
        m | (u16::from(score_key(t, target, ranking) == best) << i)
    })
}

/// Bit `t` set for every total `t` at or under the target, per target (totals below 64).
const UNDER: [u64; 256] = {
    let mut m = [u64::MAX; 256];
    let mut t = 0;
    while t < 63 {
        m[t] = (2 << t) - 1;
        t += 1;
    }
    m
};

/// The bits of four 16-bit lanes that must be clear for the totals to be below 64.
const HIGH: u64 = 0xffc0_ffc0_ffc0_ffc0;

/// The best total under first when every total is below 64 (bit `t` of
/// `present` for each): the largest at or under the target, else the smallest.
#[inline(always)]
fn best_small(present: u64, under_target: u64) -> u64 {
    let under = present & under_target;
    if under != 0 {
        u64::from(63 - under.leading_zeros())
    } else {
        lowest(present)
    }
}

/// The lowest total in `present`: the best when every total is over the target
/// (rare; out of line so that the common path runs straight on).
#[cold]
#[inline(never)]
fn lowest(present: u64) -> u64 {
    u64::from(present.trailing_zeros())
}

/// Four totals under first: bytes 0 to 3 of `y` hold the first, third, second
/// and fourth total.
#[inline(always)]
fn small4(totals: [u16; 4], slice: &[u16], target: u8, under_target: u64) -> u64 {
    let x = pack(totals);
    if x & HIGH != 0 {
        return u64::from(general(slice, target, Ranking::UnderFirst));
    }
    let b = best_small(present(x, 4), under_target) as u32;
    let y = (x | x >> 24) as u32;
    let z = y ^ b.wrapping_mul(0x0101_0101);
    let w = (0x4040_4040 - z) & 0x4040_4040;
    // Bit 6 of bytes 0, 2, 1, 3 moves to bits 28 to 31.
    u64::from(w.wrapping_mul(1 << 22 | 1 << 7 | 1 << 16 | 1 << 1) >> 28)
}

/// Three totals under first: bytes 0, 1, 2 of `y` hold the first, third and
/// second total.
#[inline(always)]
fn small3(head: [u16; 2], c: u16, slice: &[u16], target: u8, under_target: u64) -> u64 {
    let x = pack(head) as u32;
    if (x | u32::from(c)) & 0xffc0_ffc0 != 0 {
        return u64::from(general(slice, target, Ranking::UnderFirst));
    }
    let best = best_small(present(u64::from(x), 2) | 1 << c, under_target) as u32;
    let y = x | u32::from(c) << 8;
    // Every byte and `best` are below 64, so 0x40 minus their difference keeps
    // bit 6 exactly where they are equal and borrows from no other byte.
    let z = y ^ best.wrapping_mul(0x0101_0101);
    let w = (0x4040_4040 - z) & 0x4040_4040;
    // Bit 6 of bytes 0, 2, 1 moves to bits 29, 30, 31.
    u64::from(w.wrapping_mul(1 << 23 | 1 << 8 | 1 << 17) >> 29)
}

/// Five totals under first: the first four in 16-bit lanes, the fifth in the
/// second byte.
#[inline(always)]
fn small5(head: [u16; 4], e: u16, slice: &[u16], target: u8, under_target: u64) -> u64 {
    let x = pack(head);
    if (x | u64::from(e)) & HIGH != 0 {
        return u64::from(general(slice, target, Ranking::UnderFirst));
    }
    let best = best_small(present(x, 4) | 1 << e, under_target);
    let y = x | u64::from(e) << 8;
    let z = y ^ best.wrapping_mul(0x0101_0101_0101_0101);
    let w = (0x4040_4040_4040_4040 - z) & 0x4040_4040_4040_4040;
    // Bit 6 of bytes 0, 2, 4, 6, 1 moves to bits 59 to 63.
    w.wrapping_mul(1 << 53 | 1 << 38 | 1 << 23 | 1 << 8 | 1 << 49) >> 59
}

/// Totals in 16-bit lanes, the first in the lowest.
#[inline(always)]
fn pack<const N: usize>(totals: [u16; N]) -> u64 {
    totals
        .iter()
        .enumerate()
        .fold(0u64, |x, (i, &t)| x | u64::from(t) << (16 * i))
}

/// Bit `t` set for the total `t` in each of the first `n` lanes (all below 64).
#[inline(always)]
fn present(x: u64, n: usize) -> u64 {
    let mut p = 0u64;
    let mut i = 0;
    while i < n {
        p |= 1 << ((x >> (16 * i)) & 63);
        i += 1;
    }
    p
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

impl Trump21 {
    /// The places, seat by seat, from exits and lives (T13, T13.2, T16).
    pub(crate) fn places(&self) -> Outcome {
        let keys: Vec<u32> = self
            .players()
            .iter()
            .map(|p| match p.status {
                Status::Active => (2 << 16) | u32::from(p.lives),
                Status::Out(e) => (1 << 16) | u32::from(e),
                Status::Left(e) => u32::from(e),
            })
            .collect();
        Outcome::from_scores(&keys)
    }
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

    /// The plain reading of T10/T10.1: the best [`score_key`] among the first 16
    /// totals, and a bit for each total that has it.
    fn reference(totals: &[u16], target: u8, ranking: Ranking) -> u16 {
        let totals = &totals[..totals.len().min(16)];
        let keys: Vec<u16> = totals
            .iter()
            .map(|&t| score_key(t, target, ranking))
            .collect();
        let best = keys.iter().copied().max().unwrap_or(0);
        let mut mask = 0;
        for (i, &k) in keys.iter().enumerate() {
            if k == best {
                mask |= 1 << i;
            }
        }
        mask
    }

    fn check(totals: &[u16], target: u8, ranking: Ranking) {
        let w = rank_totals(totals, target, ranking);
        assert_eq!(
            w.mask(),
            reference(totals, target, ranking),
            "(T10/T10.1) {totals:?} at {target}, {ranking:?}"
        );
        assert_eq!(
            w.losers(),
            totals.len().min(16) as u32 - w.mask().count_ones()
        );
    }

    /// Totals where the fast paths change behaviour: around the target, around 64
    /// (the small-total paths), around 0x8000 (score_key's clamp) and the extremes.
    fn edges(target: u8) -> Vec<u16> {
        let t = u16::from(target);
        let mut v = vec![
            0,
            1,
            t.wrapping_sub(1),
            t,
            t + 1,
            t + 2,
            62,
            63,
            64,
            65,
            0x7ffe,
            0x7fff,
            0x8000,
            0xffff,
        ];
        v.sort_unstable();
        v.dedup();
        v
    }

    /// Every sequence of `len` values from `values`, in order.
    fn sequences(values: &[u16], len: usize, f: &mut impl FnMut(&[u16])) {
        let mut idx = vec![0usize; len];
        let mut buf = vec![0u16; len];
        loop {
            for (b, &i) in buf.iter_mut().zip(&idx) {
                *b = values[i];
            }
            f(&buf);
            let Some(p) = idx.iter().rposition(|&i| i + 1 < values.len()) else {
                return;
            };
            idx[p] += 1;
            idx[p + 1..].fill(0);
        }
    }

    #[test]
    fn t10_t10_1_rank_totals_matches_the_plain_reading() {
        for ranking in [Ranking::UnderFirst, Ranking::Distance] {
            // Every target, every sequence of up to three edge totals.
            for target in 0..=255u8 {
                let values = edges(target);
                for len in 0..=3 {
                    sequences(&values, len, &mut |t| check(t, target, ranking));
                }
            }
            // Four and five totals (the other fast paths) on the game's targets
            // and the boundaries, from a smaller set.
            for target in [0u8, 1, 17, 21, 24, 27, 62, 63, 64, 255] {
                let t = u16::from(target);
                let mut values = vec![0, t, t + 1, 5, 63, 64, 0x7fff, 0x8000];
                values.sort_unstable();
                values.dedup();
                for len in 4..=5 {
                    sequences(&values, len, &mut |s| check(s, target, ranking));
                }
            }
            // Sampled totals, every length up to 17 (later ones ignored), every target.
            let mut seed = 0x2545_f491_4f6c_dd1du64;
            let mut next = move || {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                seed
            };
            for target in 0..=255u8 {
                for len in 0..=17 {
                    for _ in 0..8 {
                        let totals: Vec<u16> = (0..len)
                            .map(|_| {
                                let r = next();
                                match r % 4 {
                                    0 => (r >> 8) as u16,
                                    1 => u16::from(target) + (r >> 8) as u16 % 5,
                                    _ => (r >> 8) as u16 % 70,
                                }
                            })
                            .collect();
                        check(&totals, target, ranking);
                    }
                }
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
