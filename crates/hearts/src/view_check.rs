//! Validating a [`View`] received from outside (for [`Determinize`](cards_core::Determinize)
//! and bots): what can be checked from the view alone (R13); the rest is
//! checked when a position dealt from it loads (R15).

use cards_core::{CardSet, Seat, Viewer};

use crate::error::SetupError;
use crate::observe::View;
use crate::rules::{MAX_SEATS, Rules};
use crate::state::{PassDir, Phase};

fn bad(why: &'static str) -> SetupError {
    SetupError::Inconsistent(why)
}

impl View {
    /// The viewing seat, when the view is a seat's and fits `rules`: its own
    /// hand and passed cards are given and counted, every seat it names (the
    /// seat to act, the trick's leader and so the trick's players) is at the
    /// table, the cards it sees are in one place each, and what depends on the
    /// phase is there exactly then.
    ///
    /// # Errors
    /// [`SetupError`] naming the clause the view breaks.
    pub fn check(&self, rules: &Rules) -> Result<Seat, SetupError> {
        let (Viewer::Seat(me), Some(hand), Some(passed)) = (self.viewer, self.hand, self.passed)
        else {
            return Err(bad("only a seat's view can be dealt out (R13)"));
        };
        if me.index() >= MAX_SEATS {
            return Err(SetupError::Seats(me.index() + 1));
        }
        // Every seat the view names is at the table (R1), so no seat indexes past it.
        if self.turn.is_some_and(|s| s.index() >= MAX_SEATS) {
            return Err(bad("the view's seat to act is not at the table (R1)"));
        }
        if self.leader.is_some_and(|s| s.index() >= MAX_SEATS) {
            return Err(bad(
                "the view's leader of the trick is not at the table (R1)",
            ));
        }
        if self.rules != *rules {
            return Err(bad("the view was taken under other rules (R2)"));
        }
        let i = me.index();
        if usize::from(self.hand_sizes[i]) != hand.len()
            || usize::from(self.passed_sizes[i]) != passed.len()
        {
            return Err(bad("the view counts its own hand and passed cards (R13)"));
        }
        let trick: CardSet = self.trick.iter().copied().collect();
        let mut seen = hand;
        for s in [trick].into_iter().chain(self.won) {
            if !seen.is_disjoint(s) {
                return Err(SetupError::NotConserved);
            }
            seen |= s;
        }
        if !passed.is_disjoint(hand) {
            return Err(SetupError::NotConserved);
        }
        let done = matches!(self.phase, Phase::Play | Phase::Over);
        let passing = self.pass_dir.is_some_and(|d| d != PassDir::NoPass);
        if self.received.is_some() != (done && passing) {
            return Err(bad("cards are received once every seat has passed (R5)"));
        }
        if self.leader.is_some() != (self.phase == Phase::Play) {
            return Err(bad("a trick has a leader during the play (R6, R10)"));
        }
        if self.turn.is_some() != matches!(self.phase, Phase::Pass | Phase::Play) {
            return Err(bad(
                "a seat is to act during the passing and the play (R5, R6)",
            ));
        }
        // The trick's cards were played from its leader on, in turn (R10).
        if let (Some(l), Some(t)) = (self.leader, self.turn)
            && (l.index() + self.trick.len()) % MAX_SEATS != t.index()
        {
            return Err(bad(
                "the seat to act follows the cards of the trick from its leader (R10)",
            ));
        }
        if self.played as usize != trick.len() + self.won.iter().map(|w| w.len()).sum::<usize>() {
            return Err(bad(
                "the cards played are the trick and the tricks taken (R10)",
            ));
        }
        Ok(me)
    }
}
