//! [`Opponents`]: the heuristic level is [`ShedBot`]; the hard level is the
//! trait's default search.

use cards_core::{Bot, Opponents};

use crate::bot::ShedBot;
use crate::rules::Rules;
use crate::state::CrazyEights;

impl Opponents for CrazyEights {
    fn heuristic(_rules: &Rules) -> Box<dyn Bot<CrazyEights>> {
        Box::new(ShedBot)
    }

    /// The learned level's networks (docs/learned.md).
    fn learned_weights() -> &'static [u8] {
        include_bytes!("../learned.crlw")
    }
}
