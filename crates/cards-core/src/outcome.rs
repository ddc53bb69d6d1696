//! [`Outcome`]: the places of a finished game.

use std::fmt;

use thiserror::Error;

use crate::seat::{MAX_SEATS, PerSeat, Seat};

/// A place per seat, 1 the best; ties share a place in competition style
/// (1, 2, 2, 4): a seat's place is one more than the number of seats ranked
/// strictly better.
///
/// ```
/// use cards_core::{Outcome, Seat};
/// // Higher score is better; seats 1 and 2 tie.
/// let o = Outcome::from_scores(&[9, 5, 5, 1]);
/// assert_eq!(o.places(), &[1, 2, 2, 4]);
/// assert_eq!(o.winners().collect::<Vec<_>>(), [Seat(0)]);
/// assert_eq!(o.to_string(), "1 2 2 4");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Outcome {
    places: PerSeat<u8>,
}

/// The places given to an [`Outcome`] do not form a competition ranking.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum OutcomeError {
    /// No seats, or more than the library supports.
    #[error("an outcome needs 1 to {MAX_SEATS} seats, not {0}")]
    SeatCount(usize),
    /// Some place is not one more than the number of seats placed better.
    #[error("places {0:?} are not a competition ranking (1, 2, 2, 4 style)")]
    NotARanking(Vec<u8>),
}

impl Outcome {
    /// Checks that `places` is a competition ranking and wraps it.
    ///
    /// # Errors
    /// [`OutcomeError`] when the count or the places are off.
    pub fn from_places(places: &[u8]) -> Result<Outcome, OutcomeError> {
        if places.is_empty() || places.len() > MAX_SEATS {
            return Err(OutcomeError::SeatCount(places.len()));
        }
        let valid = places
            .iter()
            .all(|&p| usize::from(p) == 1 + places.iter().filter(|&&q| q < p).count());
        if !valid {
            return Err(OutcomeError::NotARanking(places.to_vec()));
        }
        Ok(Outcome {
            places: PerSeat::from_slice(places).ok_or(OutcomeError::SeatCount(places.len()))?,
        })
    }

    /// Ranks seats by a score where higher is better; equal scores share a place.
    ///
    /// # Panics
    /// When `scores` is empty or longer than [`MAX_SEATS`].
    pub fn from_scores<K: Ord>(scores: &[K]) -> Outcome {
        assert!(
            !scores.is_empty() && scores.len() <= MAX_SEATS,
            "1 to {MAX_SEATS} seats"
        );
        let places: Vec<u8> = scores
            .iter()
            .map(|k| 1 + scores.iter().filter(|o| *o > k).count() as u8)
            .collect();
        Outcome {
            places: PerSeat::from_slice(&places).expect("length checked"),
        }
    }

    /// Each seat's place, by seat.
    pub fn places(&self) -> &[u8] {
        self.places.as_slice()
    }

    /// The place of `seat` (1 is best).
    ///
    /// # Panics
    /// When the seat is not at this table.
    pub fn place(&self, seat: Seat) -> u8 {
        self.places[seat]
    }

    /// The seats in first place.
    pub fn winners(&self) -> impl Iterator<Item = Seat> + '_ {
        self.places.iter().filter(|(_, p)| **p == 1).map(|(s, _)| s)
    }

    /// `seat`'s reward: 1 for first place down to -1 for last, spread evenly,
    /// seats that tie sharing the average of the places they span (in
    /// 1, 2, 2, 4 the two second places span the 2nd and 3rd and get 0 each of
    /// a 4-seat table). A one-seat outcome rewards 0. The rewards sum to 0.
    ///
    /// ```
    /// use cards_core::{Outcome, Seat};
    /// let o = Outcome::from_places(&[1, 2, 2, 4]).unwrap();
    /// let r: Vec<f64> = (0..4).map(|s| o.reward(Seat(s))).collect();
    /// assert_eq!(r, [1.0, 0.0, 0.0, -1.0]);
    /// ```
    ///
    /// # Panics
    /// When the seat is not at this table.
    pub fn reward(&self, seat: Seat) -> f64 {
        let n = self.places.len();
        if n < 2 {
            return 0.0;
        }
        let place = self.places[seat];
        let tied = self
            .places
            .as_slice()
            .iter()
            .filter(|&&p| p == place)
            .count();
        // Places are 1-based; a tie at `place` spans place .. place + tied - 1.
        let mean_rank = f64::from(place) - 1.0 + (tied as f64 - 1.0) / 2.0;
        1.0 - 2.0 * mean_rank / (n as f64 - 1.0)
    }

    /// Number of seats.
    pub fn len(&self) -> usize {
        self.places.len()
    }

    /// Always false: an outcome has at least one seat.
    pub fn is_empty(&self) -> bool {
        self.places.is_empty()
    }
}

impl fmt::Display for Outcome {
    /// The places separated by spaces, seat 0 first.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.places().iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Outcome {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Outcome, D::Error> {
        #[derive(serde::Deserialize)]
        struct Raw {
            places: Vec<u8>,
        }
        let raw = Raw::deserialize(d)?;
        Outcome::from_places(&raw.places).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn validates_competition_rankings() {
        assert!(Outcome::from_places(&[1, 2, 2, 4]).is_ok());
        assert!(Outcome::from_places(&[2, 1]).is_ok());
        assert!(Outcome::from_places(&[1, 1, 1]).is_ok());
        assert!(Outcome::from_places(&[1, 2, 2, 3]).is_err());
        assert!(Outcome::from_places(&[0, 1]).is_err());
        assert!(Outcome::from_places(&[2, 2]).is_err());
        assert!(Outcome::from_places(&[]).is_err());
        assert_eq!(Outcome::from_scores(&[1, 1, 3]).places(), &[2, 2, 1]);
    }

    #[test]
    fn rewards_spread_from_one_to_minus_one_and_sum_to_zero() {
        let rewards = |places: &[u8]| {
            let o = Outcome::from_places(places).unwrap();
            (0..places.len())
                .map(|s| o.reward(Seat(s as u8)))
                .collect::<Vec<_>>()
        };
        assert_eq!(rewards(&[2, 1]), [-1.0, 1.0]);
        assert_eq!(rewards(&[1, 1]), [0.0, 0.0]);
        assert_eq!(rewards(&[1, 2, 3]), [1.0, 0.0, -1.0]);
        assert_eq!(rewards(&[1, 1, 3]), [0.5, 0.5, -1.0]);
        assert_eq!(rewards(&[1]), [0.0]);
        for places in [&[1u8, 2, 2, 4, 5][..], &[3, 1, 1, 3, 5], &[1, 1, 1, 1]] {
            let sum: f64 = rewards(places).iter().sum();
            assert!(sum.abs() < 1e-12, "{places:?} sums to {sum}");
        }
    }
}
