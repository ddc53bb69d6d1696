//! Applying an action in place (C3–C12); refused actions leave the state as it was.

use cards_core::{Card, CardMultiset, Rank};

use crate::action::Action;
use crate::error::Illegal;
use crate::rules::{MAX_SEATS, MIN_SEATS, Rules};
use crate::state::{CrazyEights, Phase};

/// Cards dealt in all by seat count (C4), looked up rather than computed;
/// 16 entries so the masked index needs no bounds check.
const DEAL_SIZE: [u8; 16] = {
    let mut out = [0u8; 16];
    let mut n = MIN_SEATS;
    while n <= MAX_SEATS {
        out[n] = n as u8 * Rules::hand_size(n);
        n += 1;
    }
    out
};

/// `x mod n` at `[n][x]` for the seat counts (C4), a lookup instead of a
/// division on every card dealt.
const MOD_SEATS: [[u8; 64]; 16] = {
    let mut out = [[0u8; 64]; 16];
    let mut n = MIN_SEATS;
    while n <= MAX_SEATS {
        let mut x = 0;
        while x < 64 {
            out[n][x] = (x % n) as u8;
            x += 1;
        }
        n += 1;
    }
    out
};

impl CrazyEights {
    /// Checks `action`, then applies it.
    #[inline(always)]
    pub(crate) fn apply_in_place(&mut self, action: &Action) -> Result<(), Illegal> {
        // The steps of random play, legal by one mask test each; anything else
        // goes through the full check, which names the broken rule. Each
        // step is applied here, without a second match on the phase; the
        // action's tag (in a register) is matched before the phase.
        let phase = self.phase;
        let act = *action;
        if let Action::Deal(c) = act {
            if phase == Phase::Deal && self.stock.remove(c) {
                self.deal_card(c);
                return Ok(());
            }
            if phase == Phase::Draw && self.stock.remove(c) {
                self.draw_card(c);
                return Ok(());
            }
        } else if let Action::Play(c) = act {
            // Held and fitting, one test; the card then leaves the hand, so
            // a refused play changes nothing.
            let seat = usize::from(self.to_act);
            if phase == Phase::Turn
                && let Some(&hand) = self.hands.get(seat)
                && self.may_play_now(hand, c)
            {
                let mut hand = hand;
                hand.remove(c);
                self.hands[seat] = hand;
                self.play(seat, c);
                return Ok(());
            }
        } else if phase == Phase::Turn && act == Action::Draw {
            if self.owed > 0 || self.may_draw_now() {
                self.start_draw();
                return Ok(());
            }
        } else if phase == Phase::Turn && act == Action::Pass {
            if self.owed == 0 && !self.may_draw_now() {
                self.pass();
                return Ok(());
            }
        } else if let Action::Nominate(suit) = act
            && phase == Phase::Nominate
        {
            self.nominate(suit);
            return Ok(());
        }
        self.apply_checked(*action)
    }

    /// The full check, then the action: everything the fast path above does
    /// not take. Not inlined, so the fast path keeps the action in registers.
    #[inline(never)]
    fn apply_checked(&mut self, action: Action) -> Result<(), Illegal> {
        self.check(&action)?;
        match action {
            Action::Dealer(s) => {
                // C3: the dealer is chosen; the deal starts at his left.
                self.dealer = s.0;
                self.to_act = self.step(s.0, 1);
                self.phase = Phase::Deal;
            }
            Action::Deal(c) => self.chance_card(c),
            Action::Play(c) => {
                let seat = usize::from(self.to_act);
                self.hands[seat].remove(c);
                self.play(seat, c);
            }
            Action::Nominate(suit) => self.nominate(suit),
            Action::Draw => self.start_draw(),
            Action::Pass => self.pass(),
        }
        Ok(())
    }

    /// C9, C10: the player to act may draw (a card in the stock and a draw
    /// left this turn); when not, he may pass (C9.1). The turn facts' test
    /// without reading the hand.
    #[inline]
    fn may_draw_now(&self) -> bool {
        !self.stock.is_empty() && self.draws < self.rules.max_draw_cards
    }

    /// C8: the suit is named; the turn moves on.
    #[inline]
    fn nominate(&mut self, suit: cards_core::Suit) {
        self.passes = 0;
        self.suit = suit;
        self.to_act = self.next_seat(self.to_act);
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
        // (dealer + 1 + dealt) mod n, looked up: below 64 (dealer < 10, dealt < 50).
        let at = usize::from(self.dealer + 1 + self.dealt);
        debug_assert!(at < 64);
        let seat = MOD_SEATS[self.seats_usize() & 15][at & 63];
        self.hands[usize::from(seat)]
            .add(c)
            .expect("within the decks");
        self.dealt += 1;
        if self.dealt == DEAL_SIZE[self.seats_usize() & 15] {
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
        // The rule first: without it (OpenSpiel's default) the branch is
        // always the same and the stock's next value waits for no test on it.
        if self.rules.reshuffle && self.stock.is_empty() {
            self.stock = self.discards;
            self.discards = CardMultiset::EMPTY;
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
                self.to_act = self.next_seat(self.to_act);
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
    /// left the hand of `seat` (the seat to act) already.
    #[inline(always)]
    fn play(&mut self, seat: usize, c: Card) {
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
        if self.rules.use_special_cards {
            let mut by = 1;
            match c.rank() {
                Rank::Queen => by = 2,
                Rank::Ace => self.reversed = !self.reversed,
                // C11.3: with an empty stock a two is an ordinary card.
                Rank::Two if !self.stock.is_empty() => self.owed += 2,
                _ => {}
            }
            self.to_act = self.step(self.to_act, by);
        } else {
            self.to_act = self.next_seat(self.to_act);
        }
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
        self.to_act = self.next_seat(self.to_act);
    }
}
