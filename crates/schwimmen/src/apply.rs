//! Transitions: the deal, the dealer's choice, turns, refreshes and round ends
//! (S5–S19), and the host operations (S21, S22).

use cards_core::{Card, CardSet, deck};

use crate::action::{Action, HostOp};
use crate::error::Illegal;
use crate::rules::{AllTie, KnockerRisk, MAX_SEATS, Refresh};
use crate::score::{HandValue, ends_round};
use crate::state::{Fate, NO_ROUND, NO_SEAT, Phase, Schwimmen, bit};

/// Whether `set` holds at least three cards, without a popcount.
#[inline]
const fn three_or_more(set: CardSet) -> bool {
    let b = set.bits();
    let two = b & b.wrapping_sub(1);
    two & two.wrapping_sub(1) != 0
}

impl Schwimmen {
    /// Applies `action` in place when it is legal; otherwise changes nothing
    /// (`Game::apply_mut`).
    #[inline(always)]
    pub(crate) fn apply_in_place(&mut self, action: &Action) -> Result<(), Illegal> {
        // The common cases first, checked and applied in one dispatch.
        match *action {
            Action::Deal(c) if self.phase == Phase::Deal && self.stock.contains(c) => {
                self.deal_card(c);
                return Ok(());
            }
            Action::Swap { give, take }
                if self.phase == Phase::Turns
                    && self.hands[usize::from(self.to_act)].contains(give)
                    && self.middle.contains(take) =>
            {
                self.swap_one(give, take);
                return Ok(());
            }
            _ => {}
        }
        self.check(action)?;
        self.perform(*action);
        Ok(())
    }

    /// A host operation on a copy (`Game::host`).
    pub(crate) fn host_op(&self, op: &HostOp) -> Result<Schwimmen, Illegal> {
        if self.phase == Phase::Over {
            return Err(Illegal::GameOver);
        }
        let mut next = *self;
        match *op {
            HostOp::Leave(seat) => {
                seat.at(self.n, "S2, S21")?;
                if !self.is_on(seat.0) {
                    return Err(Illegal::AlreadyOut(seat));
                }
                next.leave_mut(seat.0);
            }
            HostOp::Misdeal => {
                // Every deal starts from the whole stock, and a card dealt
                // stays out of it even when its receiver leaves (S21.1).
                let dealing = self.phase == Phase::Deal && self.stock != deck::CARDS_32;
                if !(dealing || self.phase == Phase::DealerChoice) {
                    return Err(Illegal::NoMisdealNow);
                }
                next.misdeal_mut();
            }
        }
        Ok(next)
    }

    /// Gathers every card into the stock and clears the round's counters.
    pub(crate) fn gather(&mut self) {
        self.hands = [CardSet::EMPTY; MAX_SEATS];
        self.pack = CardSet::EMPTY;
        self.middle = CardSet::EMPTY;
        self.discards = CardSet::EMPTY;
        self.folded = CardSet::EMPTY;
        self.stock = deck::CARDS_32;
        self.taken = CardSet::EMPTY;
        self.known_down = CardSet::EMPTY;
        self.knocker = NO_SEAT;
        self.passed = 0;
        self.moved = 0;
        self.turns = 0;
    }

    /// S5.1: a new deal by `dealer` (active).
    pub(crate) fn start_deal(&mut self, dealer: u8) {
        self.gather();
        self.dealer = dealer;
        self.phase = Phase::Deal;
        self.to_act = self.next_active(dealer);
    }

    /// Counts a finished round and deals the next one, or ends the game (S18, S19, S19.1).
    pub(crate) fn finish_round(&mut self, next_dealer: u8) {
        // Below the round limit (at most 10,000, S19.1) before this round ends.
        debug_assert!(self.round < self.rules.round_limit);
        self.round += 1;
        if self.active.count_ones() <= 1 || self.round >= self.rules.round_limit {
            self.end_game();
        } else {
            self.start_deal(next_dealer);
        }
    }

    pub(crate) fn end_game(&mut self) {
        self.gather();
        self.phase = Phase::Over;
        self.to_act = self.dealer;
    }

    /// S3, S3.1: one loss for each seat in `one`, and a second in a row for each
    /// seat in `two` (a subset of `one`): each takes a life while there is one, the
    /// next drowns.
    pub(crate) fn take_lives(&mut self, one: u16, two: u16) {
        debug_assert!(two & !one == 0, "a second loss comes after a first");
        let mut m = one;
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            for _ in 0..1 + (two >> i & 1) {
                if self.lives[i] > 0 {
                    self.lives[i] -= 1;
                    self.lost[i] += 1;
                } else {
                    self.active &= !(1 << i);
                    self.fate[i] = Fate::Drowned(self.round);
                    break;
                }
            }
        }
    }

    /// S14, S15, S16, S17: shows the hands, takes lives, and goes on to the next deal.
    #[inline(never)]
    pub(crate) fn end_round(&mut self, knocker: u8) {
        let mut values = [HandValue::LOWEST; MAX_SEATS];
        let mut min = HandValue::THREE_ACES;
        let mut aces = NO_SEAT;
        self.shown = [CardSet::EMPTY; MAX_SEATS];
        self.shown_middle = self.middle;
        let mut m = self.active;
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            self.shown[i] = self.hands[i];
            let v = HandValue::of_unchecked(self.hands[i]);
            values[i] = v;
            if v == HandValue::THREE_ACES {
                aces = i as u8;
            }
            min = min.min(v);
        }
        // Seats that lose a life, and those of them that lose a second (S16).
        let (losers, double) = if aces != NO_SEAT {
            // S15: everyone but the holder loses one life (S16: the knocker too, just one).
            (self.active & !bit(aces), 0)
        } else {
            let mut low = 0u16;
            let mut m = self.active;
            while m != 0 {
                let i = m.trailing_zeros() as usize;
                m &= m - 1;
                if values[i] == min {
                    low |= 1 << i;
                }
            }
            let nobody = low == self.active && self.rules.all_tie == AllTie::NobodyLoses;
            let knocker_low = knocker != NO_SEAT && low >> knocker & 1 == 1;
            match (knocker_low, self.rules.knocker_risk) {
                // S16 before S15's full tie: a knocker who beat nobody loses alone.
                (true, KnockerRisk::LosesTies) => (bit(knocker), 0),
                _ if nobody => (0, 0),
                (true, KnockerRisk::DoubleLoss) => (low, bit(knocker)),
                _ => (low, 0),
            }
        };
        // S17: losses that would leave nobody in the game are not taken.
        let mut survivors = false;
        let mut m = self.active;
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            let loss = (losers >> i & 1) + (double >> i & 1);
            survivors |= u16::from(self.lives[i]) >= loss;
        }
        let (losers, double) = if survivors { (losers, double) } else { (0, 0) };
        self.lost = [0; MAX_SEATS];
        self.take_lives(losers, double);
        self.scored = self.round;
        // S15/S17: the same dealer deals again after a round nobody lost, if he is still in.
        let next = if losers == 0 && self.is_on(self.dealer) {
            self.dealer
        } else {
            self.next_active(self.dealer)
        };
        self.finish_round(next);
    }

    /// S7 after the dealer's choice: a 31 or three aces ends the round before any turn.
    pub(crate) fn after_choice(&mut self) {
        let special = (0..self.n).any(|s| self.is_on(s) && ends_round(self.hands[usize::from(s)]));
        if special {
            self.end_round(NO_SEAT);
        } else {
            self.phase = Phase::Turns;
            self.to_act = self.next_active(self.dealer);
        }
    }

    /// S10, S10.2: the middle goes to the discards and is refilled, or the round ends.
    pub(crate) fn refresh(&mut self, next: u8) {
        self.discards |= self.middle;
        self.middle = CardSet::EMPTY;
        self.passed = 0;
        if self.stock.len() < 3 && self.rules.refresh == Refresh::Reshuffle {
            self.stock |= self.discards | self.folded;
            self.discards = CardSet::EMPTY;
            self.folded = CardSet::EMPTY;
            self.known_down = CardSet::EMPTY;
        }
        if self.stock.len() < 3 {
            self.end_round(NO_SEAT);
        } else {
            self.phase = Phase::Refill;
            self.to_act = next;
        }
    }

    /// After a turn by `p`: knock end (S11.1), turn limit (S14.1), all-pass refresh (S10), next player.
    #[inline]
    pub(crate) fn after_turn(&mut self, p: u8, was_pass: bool) {
        let (next, reached_knocker) = self.advance_from(p);
        if reached_knocker {
            self.end_round(self.knocker);
        } else if self.turns >= self.rules.turn_limit {
            self.end_round(NO_SEAT);
        } else if was_pass && self.knocker == NO_SEAT && self.active & !self.passed == 0 {
            self.refresh(next);
        } else {
            self.to_act = next;
        }
    }

    /// S5.1: the next card of the deal goes to the receiver (or the second pack).
    #[inline(always)]
    pub(crate) fn deal_card(&mut self, c: Card) {
        self.stock.remove(c);
        let r = usize::from(self.to_act);
        if self.to_act == self.dealer && three_or_more(self.hands[r]) {
            self.pack.insert(c);
            if three_or_more(self.pack) {
                self.phase = Phase::DealerChoice;
            }
        } else {
            self.hands[r].insert(c);
            if three_or_more(self.hands[r]) && self.to_act != self.dealer {
                self.to_act = self.next_active(self.to_act);
            }
        }
    }

    /// Counts a turn by `p` (S11, S14.1).
    #[inline]
    pub(crate) fn count_turn(&mut self, p: u8) {
        self.moved |= bit(p);
        // Below the turn limit (at most 10,000, S14.1) before this turn.
        debug_assert!(self.turns < self.rules.turn_limit);
        self.turns += 1;
    }

    /// S9: the mover gives `give` to the middle and takes `take` (both checked).
    #[inline(always)]
    pub(crate) fn swap_one(&mut self, give: Card, take: Card) {
        let p = self.to_act;
        let i = usize::from(p);
        let flip = CardSet::single(give) | CardSet::single(take);
        self.hands[i] = CardSet::from_bits(self.hands[i].bits() ^ flip.bits());
        self.middle = CardSet::from_bits(self.middle.bits() ^ flip.bits());
        self.taken = (self.taken - CardSet::single(give)) | CardSet::single(take);
        self.passed = 0;
        self.count_turn(p);
        if ends_round(self.hands[i]) {
            self.end_round(self.knocker);
        } else {
            self.after_turn(p, false);
        }
    }

    /// Applies a checked action.
    pub(crate) fn perform(&mut self, action: Action) {
        match action {
            Action::Deal(c) => self.deal_card(c),
            Action::Refill(c) => {
                self.stock.remove(c);
                self.middle.insert(c);
                if three_or_more(self.middle) {
                    self.phase = Phase::Turns;
                }
            }
            Action::Keep | Action::TakeOther => {
                let d = usize::from(self.dealer);
                if action == Action::Keep {
                    self.middle = self.pack;
                } else {
                    self.middle = self.hands[d];
                    self.hands[d] = self.pack;
                }
                self.pack = CardSet::EMPTY;
                self.after_choice();
            }
            Action::Swap { give, take } => self.swap_one(give, take),
            Action::SwapAll => {
                let p = self.to_act;
                let i = usize::from(p);
                std::mem::swap(&mut self.hands[i], &mut self.middle);
                self.taken = (self.taken - self.middle) | self.hands[i];
                self.passed = 0;
                self.count_turn(p);
                if ends_round(self.hands[i]) {
                    self.end_round(self.knocker);
                } else {
                    self.after_turn(p, false);
                }
            }
            Action::Pass => {
                let p = self.to_act;
                self.passed |= bit(p);
                self.count_turn(p);
                self.after_turn(p, true);
            }
            Action::Knock => {
                let p = self.to_act;
                self.knocker = p;
                self.passed = 0;
                self.count_turn(p);
                self.after_turn(p, false);
            }
        }
    }

    /// S21, S21.1: `seat` leaves now.
    pub(crate) fn leave_mut(&mut self, s: u8) {
        let i = usize::from(s);
        self.known_down |= self.taken & self.hands[i];
        self.taken -= self.hands[i];
        self.folded |= self.hands[i];
        self.hands[i] = CardSet::EMPTY;
        self.active &= !bit(s);
        self.leavers += 1;
        self.fate[i] = Fate::Left(self.leavers);
        if self.active.count_ones() <= 1 {
            // S21.1: the game ends without scoring the round.
            self.shown = [CardSet::EMPTY; MAX_SEATS];
            self.shown_middle = CardSet::EMPTY;
            self.lost = [0; MAX_SEATS];
            self.scored = NO_ROUND;
            self.end_game();
            return;
        }
        match self.phase {
            Phase::Deal | Phase::DealerChoice if s == self.dealer => {
                // The deal is void: no life changes, the next active player deals.
                let next = self.next_active(s);
                self.finish_round(next);
            }
            Phase::Deal | Phase::Refill => {
                if self.to_act == s {
                    self.to_act = self.next_active(s);
                }
            }
            Phase::DealerChoice | Phase::Over => {}
            Phase::Turns => {
                let mut next = self.to_act;
                if self.to_act == s {
                    let (t, reached) = self.advance_from(s);
                    if reached {
                        self.end_round(self.knocker);
                        return;
                    }
                    next = t;
                }
                if self.knocker == NO_SEAT && self.passed != 0 && self.active & !self.passed == 0 {
                    // Everyone still in has passed in a row: the refresh is due now.
                    self.refresh(next);
                } else {
                    self.to_act = next;
                }
            }
        }
    }

    /// S22: the dealer loses a life and the round is dealt again.
    pub(crate) fn misdeal_mut(&mut self) {
        // A misdeal is not a scored round: the last round's result stays (S23.3).
        let lost = self.lost;
        self.take_lives(bit(self.dealer), 0);
        self.lost = lost;
        let next = if self.is_on(self.dealer) {
            self.dealer
        } else {
            self.next_active(self.dealer)
        };
        self.finish_round(next);
    }
}
