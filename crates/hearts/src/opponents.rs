//! [`Opponents`]: the heuristic is [`HeartsBot`], the hard search cards-core's
//! ISMCTS over [`Determinize`](cards_core::Determinize) (R17).

use cards_core::{Bot, Opponents};

use crate::bot::HeartsBot;
use crate::rules::Rules;
use crate::state::Hearts;

impl Opponents for Hearts {
    fn heuristic(_rules: &Rules) -> Box<dyn Bot<Hearts>> {
        Box::new(HeartsBot)
    }

    /// The learned level's networks (docs/learned.md).
    fn learned_weights() -> &'static [u8] {
        include_bytes!("../learned.crlw")
    }
}
