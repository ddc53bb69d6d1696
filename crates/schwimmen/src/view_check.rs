//! Checking a [`View`] received from outside (S23): the bounds every position
//! keeps, and those that depend on given rules.

use cards_core::{Actor, CardSet, Seat, Viewer, deck};

use crate::error::SetupError;
use crate::observe::View;
use crate::rules::{MAX_SEATS, MIN_SEATS, Rules};
use crate::state::{Fate, MIDDLE_UNFIT, Phase, middle_fits};

impl View {
    /// Checks that the view describes a position the rules allow (S1, S2, S3, S5,
    /// S9, S11, S14.1, S19.1, S23); views made by `observe` always pass. Bounds
    /// that depend on the rules are checked against the largest the rules accept
    /// (the view does not carry the rules); [`View::validate_for`] checks them
    /// against given rules.
    ///
    /// # Errors
    /// [`SetupError::Position`] naming the first field that does not fit.
    pub fn validate(&self) -> Result<(), SetupError> {
        let bad = |why| Err(SetupError::Position(why));
        let n = self.hand_sizes.len();
        if !(MIN_SEATS..=MAX_SEATS).contains(&n)
            || self.lives.len() != n
            || self.fates.len() != n
            || self.taken.len() != n
        {
            return bad("a view has one entry per seat for 2 to 9 seats (S2)");
        }
        let at_table = |s: Seat| s.index() < n;
        if !at_table(self.dealer)
            || !at_table(self.to_act)
            || self.knocker.is_some_and(|k| !at_table(k))
            || matches!(self.viewer, Viewer::Seat(s) if !at_table(s))
            || matches!(self.actor, Actor::Player(s) if !at_table(s))
            || self.passed.iter().chain(&self.moved).any(|&s| !at_table(s))
        {
            return bad("the viewer, dealer, knocker, actor and movers sit at the table (S2)");
        }
        let actor_fits = match (self.phase, self.actor) {
            (Phase::Deal | Phase::Refill, Actor::Chance) | (Phase::Over, Actor::Terminal) => true,
            (Phase::DealerChoice, Actor::Player(p)) => p == self.dealer && p == self.to_act,
            (Phase::Turns, Actor::Player(p)) => self.knocker != Some(p) && p == self.to_act,
            _ => false,
        };
        if !actor_fits {
            return bad(
                "the actor fits the phase: chance deals and refills, the dealer chooses, the knocker does not move again (S5, S6, S11)",
            );
        }
        let deck = deck::CARDS_32;
        let (hand, middle, discards) = (self.hand, self.middle, self.discards);
        if !(hand | middle | discards).is_subset(deck)
            || !hand.is_disjoint(middle)
            || !hand.is_disjoint(discards)
            || !middle.is_disjoint(discards)
        {
            return bad("the visible cards are distinct cards of the 32-card deck (S1)");
        }
        let sizes = self.hand_sizes.as_slice();
        let hidden = usize::from(self.second_pack)
            + usize::from(self.face_down_discards)
            + usize::from(self.stock);
        let held: usize = sizes.iter().map(|&k| usize::from(k)).sum();
        if sizes.iter().any(|&k| k > 3)
            || self.second_pack > 3
            || middle.len() > 3
            || held + hidden + middle.len() + discards.len() != deck.len()
        {
            return bad(
                "hands, packs and the middle hold at most three, and all 32 cards are somewhere (S1, S5)",
            );
        }
        match self.viewer {
            Viewer::Seat(s) if hand.len() != usize::from(sizes[s.index()]) => {
                return bad("the viewer's hand has the size the view gives it (S23)");
            }
            Viewer::Spectator if !hand.is_empty() => {
                return bad("a spectator holds no hand (S23)");
            }
            _ => {}
        }
        if self.phase == Phase::Turns
            && (middle.len() != 3 || sizes.iter().any(|&k| k != 0 && k != 3))
        {
            return bad("during turns the middle and every hand hold three cards (S9)");
        }
        if self.may_knock && (self.phase != Phase::Turns || self.knocker.is_some()) {
            return bad("a knock is possible only during turns, once a round (S11)");
        }
        let seats = sizes
            .iter()
            .zip(self.lives.as_slice())
            .zip(self.fates.as_slice());
        for ((&size, &lives), &fate) in seats {
            let out_with_cards = fate != Fate::Active && size != 0;
            let drowned_with_lives = matches!(fate, Fate::Drowned(_)) && lives != 0;
            if lives > Rules::MAX_LIVES || out_with_cards || drowned_with_lives {
                return bad(
                    "lives within the rules, and players who are out hold no cards (S3, S21)",
                );
            }
        }
        self.validate_memory()?;
        if self.passed.len() > n
            || self.passed.iter().any(|s| !self.moved.contains(s))
            || self.round > Rules::MAX_ROUND_LIMIT
            || self.phase != Phase::Over && self.turns >= Rules::MAX_TURN_LIMIT
        {
            return bad(
                "who passed has moved; passes, turns and rounds within the seat count and the limits (S10.1, S14.1, S19.1)",
            );
        }
        Ok(())
    }

    /// [`View::validate`], then the bounds that depend on `rules` (S3, S9.1,
    /// S14.1, S19.1).
    ///
    /// # Errors
    /// [`SetupError`] naming the first field that does not fit.
    pub fn validate_for(&self, rules: &Rules) -> Result<(), SetupError> {
        self.validate()?;
        rules.validate_for(self.hand_sizes.len())?;
        if self.passing != rules.passing
            || self.lives.as_slice().iter().any(|&l| l > rules.lives)
            || self.round > rules.round_limit
            || self.phase != Phase::Over && self.turns >= rules.turn_limit
        {
            return Err(SetupError::Position(
                "the view fits the rules: passing, lives, turn and round limits (S3, S9.1, S14.1, S19.1)",
            ));
        }
        Ok(())
    }

    /// The remembered cards and the last round (S14, S23.2).
    fn validate_memory(&self) -> Result<(), SetupError> {
        let bad = |why| Err(SetupError::Position(why));
        let deck = deck::CARDS_32;
        let public = self.middle | self.discards;
        let mut taken = CardSet::EMPTY;
        for (s, t) in self.taken.iter() {
            let mine = self.viewer == Viewer::Seat(s);
            if !t.is_subset(deck)
                || t.len() > usize::from(self.hand_sizes[s])
                || !t.is_disjoint(taken | public)
                || (mine && !t.is_subset(self.hand))
                || (!mine && !t.is_disjoint(self.hand))
            {
                return bad(
                    "the cards a seat took from the middle are distinct cards in its hand (S23.2)",
                );
            }
            taken |= *t;
        }
        let down = self.known_face_down;
        if !down.is_subset(deck)
            || down.len() > usize::from(self.face_down_discards)
            || !down.is_disjoint(taken | public | self.hand)
        {
            return bad(
                "cards known to be face down are distinct and among the face-down discards (S21.1)",
            );
        }
        if let Some(end) = &self.last_round {
            let n = self.hand_sizes.len();
            let mut shown = CardSet::EMPTY;
            for h in end.shown.as_slice() {
                if !(h.is_empty() || h.len() == 3 && h.is_subset(deck)) || !h.is_disjoint(shown) {
                    return bad("shown hands are three distinct cards of the deck, or none (S14)");
                }
                shown |= *h;
            }
            if !middle_fits(end.middle, shown) {
                return bad(MIDDLE_UNFIT);
            }
            if end.shown.len() != n
                || end.lives_lost.len() != n
                || end.round >= self.round
                || end.lives_lost.as_slice().iter().any(|&l| l > 2)
                || end.drowned.iter().any(|s| s.index() >= n)
            {
                return bad(
                    "the last round has one entry per seat and ended before this one (S14, S16)",
                );
            }
        }
        Ok(())
    }
}
