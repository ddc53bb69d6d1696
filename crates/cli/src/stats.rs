//! Tallies of a tournament and their confidence intervals.

/// One game's result for each bot slot, in slot order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games played to the end.
    pub finished: u64,
    /// Games stopped by the action budget before they ended.
    pub unfinished: u64,
    /// Player actions and chance steps over all games.
    pub steps: u64,
    /// First places (shared firsts included) by slot.
    pub wins: Vec<u64>,
    /// The sum of places by slot.
    pub place_sum: Vec<u64>,
}

impl Tally {
    /// An empty tally for `slots` bots.
    pub fn new(slots: usize) -> Tally {
        Tally {
            wins: vec![0; slots],
            place_sum: vec![0; slots],
            ..Tally::default()
        }
    }

    /// Adds `other` to this tally: sums of integers, so the order games are
    /// added in (and so the thread count) cannot change the totals.
    pub fn merge(mut self, other: Tally) -> Tally {
        self.finished += other.finished;
        self.unfinished += other.unfinished;
        self.steps += other.steps;
        for (a, b) in self.wins.iter_mut().zip(other.wins) {
            *a += b;
        }
        for (a, b) in self.place_sum.iter_mut().zip(other.place_sum) {
            *a += b;
        }
        self
    }
}

/// The Wilson score interval for `successes` out of `trials` at 95 %
/// confidence (z = 1.96), as (low, high); (0, 1) with no trials.
pub fn wilson(successes: u64, trials: u64) -> (f64, f64) {
    if trials == 0 {
        return (0.0, 1.0);
    }
    const Z: f64 = 1.96;
    let n = trials as f64;
    let p = successes as f64 / n;
    let z2 = Z * Z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = Z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / (1.0 + z2 / n);
    // At 0 or all successes the bound is exactly 0 or 1; the arithmetic
    // leaves a rounding error there.
    let low = if successes == 0 {
        0.0
    } else {
        (centre - half).max(0.0)
    };
    let high = if successes == trials {
        1.0
    } else {
        (centre + half).min(1.0)
    };
    (low, high)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_known_intervals() {
        // 50 of 100: about 40.4 % to 59.6 %.
        let (lo, hi) = wilson(50, 100);
        assert!(
            (lo - 0.4038).abs() < 1e-3 && (hi - 0.5962).abs() < 1e-3,
            "{lo} {hi}"
        );
        // 0 of 10 still has an upper bound above 0; 10 of 10 a lower bound below 1.
        let (lo, hi) = wilson(0, 10);
        assert!(lo == 0.0 && (hi - 0.2775).abs() < 1e-3, "{lo} {hi}");
        let (lo, hi) = wilson(10, 10);
        assert!((lo - 0.7225).abs() < 1e-3 && hi == 1.0, "{lo} {hi}");
        assert_eq!(wilson(0, 0), (0.0, 1.0));
        // Exactly 0 and 1 at the ends whatever the count (3,000 once gave 1e-19).
        for n in [1, 7, 3_000, 1_000_000] {
            assert_eq!(wilson(0, n).0, 0.0, "0 of {n}");
            assert_eq!(wilson(n, n).1, 1.0, "{n} of {n}");
        }
    }

    #[test]
    fn merging_tallies_adds_them() {
        let a = Tally {
            finished: 2,
            unfinished: 1,
            steps: 10,
            wins: vec![1, 1],
            place_sum: vec![3, 3],
        };
        let b = Tally {
            finished: 1,
            unfinished: 0,
            steps: 5,
            wins: vec![0, 1],
            place_sum: vec![2, 1],
        };
        let m = a.clone().merge(b.clone());
        assert_eq!(m, b.merge(a));
        assert_eq!(
            (m.finished, m.steps, m.wins, m.place_sum),
            (3, 15, vec![1, 2], vec![5, 4])
        );
    }
}
