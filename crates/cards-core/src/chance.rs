//! Chance sampling with our own integer code over [`Rng::next_u64`], so that one
//! seed gives one game forever, whatever `rand` releases change.

use rand_core::Rng;

/// A uniform integer in `0..n`, drawn without bias from `next_u64`.
///
/// The method (a 128-bit multiply with rejection of the short tail) is fixed:
/// changing it would change every seeded game, so a test pins its output.
///
/// # Panics
/// When `n == 0`.
///
/// ```
/// use cards_core::{chance::below, ChaCha8Rng, SeedableRng};
/// let mut rng = ChaCha8Rng::seed_from_u64(7);
/// let roll = below(&mut rng, 6);
/// assert!(roll < 6);
/// ```
#[inline]
pub fn below<R: Rng + ?Sized>(rng: &mut R, n: u64) -> u64 {
    assert!(n > 0, "below(0) has no outcome");
    let mut m = u128::from(rng.next_u64()) * u128::from(n);
    if (m as u64) < n {
        let threshold = n.wrapping_neg() % n;
        while (m as u64) < threshold {
            m = u128::from(rng.next_u64()) * u128::from(n);
        }
    }
    (m >> 64) as u64
}

/// Picks an index into `weights` with probability proportional to its weight.
///
/// Returns `None` when the weights are empty or all zero. Uses exactly one
/// [`below`] call over the total weight, then walks the list.
///
/// ```
/// use cards_core::{chance::pick_weighted, ChaCha8Rng, SeedableRng};
/// let mut rng = ChaCha8Rng::seed_from_u64(1);
/// let i = pick_weighted(&mut rng, [0u32, 5, 0, 1]).unwrap();
/// assert!(i == 1 || i == 3);
/// ```
pub fn pick_weighted<R, I>(rng: &mut R, weights: I) -> Option<usize>
where
    R: Rng + ?Sized,
    I: IntoIterator<Item = u32>,
    I::IntoIter: Clone,
{
    let weights = weights.into_iter();
    let total: u64 = weights.clone().map(u64::from).sum();
    if total == 0 {
        return None;
    }
    let mut r = below(rng, total);
    for (i, w) in weights.enumerate() {
        let w = u64::from(w);
        if r < w {
            return Some(i);
        }
        r -= w;
    }
    unreachable!("r < total")
}

/// Picks one `(outcome, weight)` pair by weight and returns the outcome.
///
/// This is the sampler behind [`Game::sample_chance`](crate::Game::sample_chance);
/// a game's faster override must return what this returns with the same RNG use.
pub fn pick_outcome<R: Rng + ?Sized, A: Clone>(rng: &mut R, outcomes: &[(A, u32)]) -> Option<A> {
    pick_weighted(rng, outcomes.iter().map(|(_, w)| *w)).map(|i| outcomes[i].0.clone())
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_chacha::ChaCha8Rng;
    use rand_core::SeedableRng;

    #[test]
    fn below_is_pinned() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let got: Vec<u64> = (0..8).map(|_| below(&mut rng, 52)).collect();
        let mut check = ChaCha8Rng::seed_from_u64(7);
        let expect: Vec<u64> = (0..8)
            .map(|_| ((u128::from(check.next_u64()) * 52) >> 64) as u64)
            .collect();
        assert_eq!(got, expect, "no rejection happens for these draws");
        assert_eq!(got, [8, 8, 36, 37, 31, 18, 4, 44]);
    }

    #[test]
    fn chacha8_seed_7_is_pinned() {
        assert_eq!(
            ChaCha8Rng::seed_from_u64(7).next_u64(),
            0x2865_5334_23d7_43bb
        );
    }

    #[test]
    fn below_one_is_always_zero() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        assert!((0..100).all(|_| below(&mut rng, 1) == 0));
    }

    #[test]
    fn zero_weights_are_never_picked() {
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        for _ in 0..1000 {
            let i = pick_weighted(&mut rng, [0, 3, 0, 0, 1, 0]).unwrap();
            assert!(i == 1 || i == 4);
        }
        assert_eq!(pick_weighted(&mut rng, [0u32, 0]), None);
        assert_eq!(pick_weighted(&mut rng, std::iter::empty::<u32>()), None);
    }
}
