//! Applying an action in place (C3–C12); refused actions leave the state as it was.

use cards_core::{Card, Rank};

use crate::action::Action;
use crate::error::Illegal;
use crate::rules::Rules;
use crate::state::{CrazyEights, Phase};

impl CrazyEights {
    /// Checks `action`, then applies it.
    #[inline]
    pub(crate) fn apply_in_place(&mut self, action: &Action) -> Result<(), Illegal> {
        // The steps of random play, legal by one mask test each; anything else
        // goes through the full check, which names the broken rule. Each
        // phase's step is applied here, without a second match on the phase.
        match (self.phase, *action) {
            (Phase::Deal, Action::Deal(c)) if self.stock.remove(c) => {
                self.deal_card(c);
                return Ok(());
            }
            (Phase::Draw, Action::Deal(c)) if self.stock.remove(c) => {
                self.draw_card(c);
                return Ok(());
            }
            // The card leaves the hand as the last test, so a refused play
            // changes nothing.
            (Phase::Turn, Action::Play(c))
                if self.fits_now(c) && self.hands[usize::from(self.to_act)].remove(c) =>
            {
                self.play(c);
                return Ok(());
            }
            (Phase::Turn, Action::Draw) if self.owed > 0 || self.turn_facts().may_draw() => {
                self.start_draw();
                return Ok(());
            }
            (Phase::Turn, Action::Pass) if self.owed == 0 && self.turn_facts().may_pass() => {
                self.pass();
                return Ok(());
            }
            (Phase::Nominate, Action::Nominate(suit)) => {
                self.nominate(suit);
                return Ok(());
            }
            _ => {}
        }
        self.check(action)?;
        match *action {
            Action::Dealer(s) => {
                // C3: the dealer is chosen; the deal starts at his left.
                self.dealer = s.0;
                self.to_act = self.step(s.0, 1);
                self.phase = Phase::Deal;
            }
            Action::Deal(c) => self.chance_card(c),
            Action::Play(c) => {
                self.hands[usize::from(self.to_act)].remove(c);
                self.play(c);
            }
            Action::Nominate(suit) => self.nominate(suit),
            Action::Draw => self.start_draw(),
            Action::Pass => self.pass(),
        }
        Ok(())
    }

    /// C8: the suit is named; the turn moves on.
    #[inline]
    fn nominate(&mut self, suit: cards_core::Suit) {
        self.passes = 0;
        self.suit = suit;
        self.to_act = self.step(self.to_act, 1);
        self.phase = Phase::Turn;
    }

    /// C9, C11.3: a voluntary draw, or the first of the owed cards.
    #[inline]
    fn start_draw(&mut self) {
        self.passes = 0;
        self.phase = Phase::Draw;
    }

    /// A card from the stock at a chance step, once checked to be there.
    fn chance_card(&mut self, c: Card) {
        match self.phase {
            Phase::Deal => {
                self.stock.remove(c);
                self.deal_card(c);
            }
            Phase::TurnUp => {
                // C5.1: an eight goes straight back into the stock.
                if c.rank() != Rank::Eight {
                    self.stock.remove(c);
                    self.turn_up(c);
                }
            }
            _ => {
                self.stock.remove(c);
                self.draw_card(c);
            }
        }
    }

    /// C4: one card at a time round the table from the dealer's left; `c` has
    /// left the stock already.
    #[inline(always)]
    fn deal_card(&mut self, c: Card) {
        let seat = (self.dealer + 1 + self.dealt % self.n) % self.n;
        self.hands[usize::from(seat)]
            .add(c)
            .expect("within the decks");
        self.dealt += 1;
        if usize::from(self.dealt)
            == self.seats_usize() * usize::from(Rules::hand_size(self.seats_usize()))
        {
            self.phase = Phase::TurnUp;
        }
    }

    /// C5, C5.2: the starter, acting as if the dealer had played it.
    fn turn_up(&mut self, c: Card) {
        self.top = Some(c);
        self.suit = c.suit();
        self.phase = Phase::Turn;
        let d = self.dealer;
        self.to_act = self.step(d, 1);
        if self.rules.use_special_cards {
            match c.rank() {
                Rank::Queen => self.to_act = self.step(d, 2),
                Rank::Ace => {
                    self.reversed = true;
                    self.to_act = self.step(d, 1);
                }
                Rank::Two => self.owed += 2,
                _ => {}
            }
        }
    }

    /// C10.1: with `reshuffle`, an empty stock takes the discards.
    #[inline]
    fn refill(&mut self) {
        if self.stock.is_empty() && self.rules.reshuffle {
            self.stock = self.discards;
            self.discards = cards_core::CardMultiset::EMPTY;
        }
    }

    /// C9, C11.3: the player to act takes a card from the stock; `c` has left
    /// the stock already.
    #[inline(always)]
    fn draw_card(&mut self, c: Card) {
        self.hands[usize::from(self.to_act)]
            .add(c)
            .expect("within the decks");
        self.refill();
        let empty = self.stock.is_empty();
        if self.owed > 0 {
            self.owed -= 1;
            if empty {
                // C11.4: the rest of the debt is void; running out on the last
                // owed card counts as a pass (C12.3).
                if self.owed == 0 {
                    self.passes += 1;
                }
                self.owed = 0;
            }
            if self.owed == 0 {
                self.phase = Phase::Turn;
                self.to_act = self.step(self.to_act, 1);
            }
            return;
        }
        self.draws += 1;
        self.phase = Phase::Turn;
        if empty {
            // C10: a draw that empties the stock uses up the turn's draws.
            self.draws = self.rules.max_draw_cards;
        }
    }

    /// C7, C8, C11, C12.1, C12.2: a card goes onto the discard pile; it has
    /// left the hand already.
    #[inline(always)]
    fn play(&mut self, c: Card) {
        let seat = usize::from(self.to_act);
        self.passes = 0;
        self.plays += 1;
        self.draws = 0;
        if let Some(old) = self.top {
            self.discards.add(old).expect("within the decks");
        }
        self.top = Some(c);
        self.suit = c.suit();
        self.refill();
        if self.hands[seat].is_empty() || self.plays >= self.rules.max_turns {
            self.phase = Phase::Over;
            return;
        }
        if c.rank() == Rank::Eight {
            self.phase = Phase::Nominate;
            return;
        }
        let mut by = 1;
        if self.rules.use_special_cards {
            match c.rank() {
                Rank::Queen => by = 2,
                Rank::Ace => self.reversed = !self.reversed,
                // C11.3: with an empty stock a two is an ordinary card.
                Rank::Two if !self.stock.is_empty() => self.owed += 2,
                _ => {}
            }
        }
        self.to_act = self.step(self.to_act, by);
    }

    /// C9.1, C10, C12.3: the turn ends without a card played.
    fn pass(&mut self) {
        if self.stock.is_empty() {
            self.passes += 1;
        } else {
            self.passes = 0;
        }
        if usize::from(self.passes) == self.seats_usize() + 1 {
            self.phase = Phase::Over;
            return;
        }
        if self.draws == self.rules.max_draw_cards {
            self.draws = 0;
        }
        self.to_act = self.step(self.to_act, 1);
    }
}
