//! Sampling: uniform numbers below a bound, weighted picks, and how many draws they take.

use cards_core::chance::{below, pick_weighted};
use cards_core::{ChaCha8Rng, Rng, SeedableRng};

#[test]
fn below_is_uniform_over_small_ranges() {
    // 60,000 draws over 6 values, fixed seed: each count within 4% of 10,000.
    // The seed is fixed, so this cannot flake; the bound is far outside what a
    // biased sampler (e.g. plain modulo of a short range) would hit.
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut counts = [0u32; 6];
    for _ in 0..60_000 {
        counts[below(&mut rng, 6) as usize] += 1;
    }
    assert!(
        counts.iter().all(|&c| (9_600..=10_400).contains(&c)),
        "{counts:?}"
    );
}

#[test]
fn pick_weighted_follows_its_weights() {
    let weights = [1u32, 0, 3, 6];
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut counts = [0u32; 4];
    for _ in 0..100_000 {
        counts[pick_weighted(&mut rng, weights).unwrap()] += 1;
    }
    assert_eq!(counts[1], 0);
    for (i, &w) in weights.iter().enumerate() {
        let expected = 10_000 * w;
        assert!(counts[i].abs_diff(expected) <= expected / 20, "{counts:?}");
    }
}

#[test]
fn sampling_consumes_one_draw_per_pick_when_nothing_is_rejected() {
    // pick_weighted over a total of 10 makes exactly one below() call; the next
    // next_u64 of both RNGs must then agree.
    let mut a = ChaCha8Rng::seed_from_u64(3);
    let mut b = ChaCha8Rng::seed_from_u64(3);
    let i = pick_weighted(&mut a, [4u32, 6]).unwrap();
    let r = below(&mut b, 10);
    assert_eq!(i, usize::from(r >= 4));
    assert_eq!(a.next_u64(), b.next_u64());
}
