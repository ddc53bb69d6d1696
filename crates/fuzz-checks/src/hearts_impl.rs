//! [`Checked`] for Hearts: each of the 52 cards (R1) once among the undealt
//! cards (R4), the hands, the cards set aside while the passing lasts (R5),
//! the trick in play and the tricks taken (R10); and every house rule (R2).

use cards_core::{CardSet, Game, Seat};
use cards_games::hearts::{Hearts, Phase, Rules};

use crate::{Checked, Pick};

impl Checked for Hearts {
    fn variant(p: &mut impl Pick) -> (Rules, usize) {
        // Choice 0 everywhere keeps each default (R2); four seats always (R1).
        let mut flip = |default: bool| (p.pick(2) == 1) != default;
        let rules = Rules {
            pass_cards: flip(true),
            no_pts_on_first_trick: flip(true),
            can_lead_any_club: flip(false),
            jd_bonus: flip(false),
            avoid_all_tricks_bonus: flip(false),
            must_break_hearts: flip(true),
            qs_breaks_hearts: flip(true),
            can_lead_hearts_instead_of_qs: flip(false),
        };
        (rules, 4)
    }

    fn conservation(&self) -> Result<(), String> {
        let mut all = CardSet::EMPTY;
        let mut add = |what: &str, cards: CardSet| {
            if cards.is_disjoint(all) {
                all |= cards;
                Ok(())
            } else {
                Err(format!("{what} ({cards}) hold {} again", cards & all))
            }
        };
        add("the undealt cards", self.undealt())?;
        add("the trick", self.trick().iter().copied().collect())?;
        for s in 0..self.seats() {
            let seat = Seat(s as u8);
            add("a hand", self.hand(seat).unwrap_or_default())?;
            add("a seat's tricks", self.won(seat).unwrap_or_default())?;
            // Passed cards are set aside until every seat has passed; after
            // that they are a record of cards that lie in other places.
            if self.phase() == Phase::Pass {
                add(
                    "cards set aside to pass",
                    self.passed(seat).unwrap_or_default(),
                )?;
            }
        }
        match CardSet::ALL - all {
            missing if missing.is_empty() => Ok(()),
            missing => Err(format!("{missing} are nowhere (R1)")),
        }
    }
}
