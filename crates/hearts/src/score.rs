//! Points, the moon, the bonus for no tricks, the returns and the places (R12).

use cards_core::{CardSet, Outcome, PerSeat, Seat};

use crate::rules::{MAX_SEATS, Rules};
use crate::state::{HEARTS, Hearts, JACK_DIAMONDS, Phase, QUEEN_SPADES};

/// What the total of returns is measured from: all hearts and the queen (R12.3).
pub const TOTAL_POINTS: i32 = 26;
/// Points for the queen of spades (R12).
const QUEEN_POINTS: i32 = 13;
/// Points for the jack of diamonds with `jd_bonus` (R12).
const JACK_POINTS: i32 = -10;
/// Points for taking no trick with `avoid_all_tricks_bonus` (R12.2).
const NO_TRICK_POINTS: i32 = -5;

/// The points of a set of taken cards (R12): a heart 1, the queen of spades
/// 13, the jack of diamonds -10 with `jd_bonus`.
///
/// ```
/// use hearts::{card_points, Rules};
/// let taken = "QS 2H AH JD 5C".parse().unwrap();
/// assert_eq!(card_points(taken, &Rules::default()), 15);
/// assert_eq!(card_points(taken, &Rules { jd_bonus: true, ..Rules::default() }), 5);
/// ```
pub fn card_points(taken: CardSet, rules: &Rules) -> i32 {
    let mut p = taken.intersection(HEARTS).len() as i32;
    if taken.contains(QUEEN_SPADES) {
        p += QUEEN_POINTS;
    }
    if rules.jd_bonus && taken.contains(JACK_DIAMONDS) {
        p += JACK_POINTS;
    }
    p
}

impl Hearts {
    /// The seat that took every heart and the queen of spades, once all are taken (R12.1).
    pub fn moon_shooter(&self) -> Option<Seat> {
        let all = HEARTS | CardSet::single(QUEEN_SPADES);
        (0..MAX_SEATS)
            .find(|&s| all.is_subset(self.won[s]))
            .map(|s| Seat(s as u8))
    }

    /// A seat's points so far: its taken cards' points (R12), and at the end
    /// the moon (R12.1) and the bonus for no tricks (R12.2). `None` for a seat
    /// not at the table.
    pub fn points(&self, seat: Seat) -> Option<i32> {
        let won = *self.won.get(seat.index())?;
        let mut p = card_points(won, &self.rules);
        if self.phase != Phase::Over {
            return Some(p);
        }
        match self.moon_shooter() {
            Some(s) if s == seat => p -= TOTAL_POINTS,
            Some(_) => p += TOTAL_POINTS,
            None if self.rules.avoid_all_tricks_bonus && won.is_empty() => p += NO_TRICK_POINTS,
            None => {}
        }
        Some(p)
    }

    /// Each seat's return once the game is over: 26 minus its points (R12.3).
    pub fn returns(&self) -> Option<PerSeat<i32>> {
        if self.phase != Phase::Over {
            return None;
        }
        let mut r = [0i32; MAX_SEATS];
        for (s, v) in r.iter_mut().enumerate() {
            *v = TOTAL_POINTS - self.points(Seat(s as u8)).unwrap_or(0);
        }
        PerSeat::from_slice(&r)
    }

    /// The places: higher return first, equal returns share a place (R12.4).
    pub(crate) fn places(&self) -> Option<Outcome> {
        self.returns().map(|r| Outcome::from_scores(r.as_slice()))
    }
}
