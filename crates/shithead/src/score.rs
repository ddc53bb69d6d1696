//! The end of a game: places (H20, H21, H22) and the shithead.

use cards_core::{Outcome, Seat};

use crate::state::{Phase, Shithead, Status};

impl Shithead {
    /// The shithead once the game is over (H20, H22): the last player holding
    /// cards, or at the action limit the last-ranked (of several tied, the
    /// first after the dealer).
    pub fn shithead(&self) -> Option<Seat> {
        if self.phase != Phase::Over {
            return None;
        }
        let mut best: Option<(usize, Seat)> = None;
        for k in 1..=self.n {
            let s = Seat(((self.dealer.0 as usize + k as usize) % self.n as usize) as u8);
            if self.status[s.index()] != Status::Active {
                continue;
            }
            let held = self.held(s);
            if best.is_none_or(|(h, _)| held > h) {
                best = Some((held, s));
            }
        }
        best.map(|(_, s)| s)
    }

    /// The places (H20, H21, H22), whenever asked; `outcome` gives them once over.
    pub(crate) fn places(&self) -> Outcome {
        let n = self.n as usize;
        let scores: Vec<(u8, i64)> = (0..n)
            .map(|s| match self.status[s] {
                Status::Out(k) => (3, -i64::from(k)),
                Status::Active => (2, -(self.held(Seat(s as u8)) as i64)),
                Status::Left(k) => (1, i64::from(k)),
            })
            .collect();
        Outcome::from_scores(&scores)
    }
}
