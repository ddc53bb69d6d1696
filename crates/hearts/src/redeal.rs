//! [`Redeal`]: the test hook that re-deals what a seat cannot see (R13): a
//! position dealt from the seat's own view, as [`Determinize`] deals it.

use cards_core::{Determinize, Game, Redeal, Rng, Seat, Viewer};

use crate::state::Hearts;

impl Redeal for Hearts {
    fn redeal_hidden<R: Rng + ?Sized>(&self, seat: Seat, rng: &mut R) -> Hearts {
        // A real state's view always deals out; the state itself is the fallback.
        Hearts::determinize(&self.rules, &self.observe(Viewer::Seat(seat)), rng).unwrap_or(*self)
    }
}
