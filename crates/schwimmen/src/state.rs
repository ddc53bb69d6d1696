//! [`Schwimmen`]: the whole game as a `Copy` state, and its transitions (S5–S22).

use cards_core::chance::below;
use cards_core::{
    Actor, Card, CardSet, Game, Outcome, Rank, Redeal, Rng, Seat, Suit, Viewer, deck,
};

use crate::action::{Action, HostOp};
use crate::error::{Illegal, SetupError};
use crate::observe::{Event, View};
use crate::rules::{AllTie, Direction, KnockerRisk, Refresh, Rules};
use crate::score::{HandValue, ends_round};

/// The most seats a game of Schwimmen has (S2).
pub const MAX_SEATS: usize = 9;
/// The fewest seats a game of Schwimmen has (S2).
pub const MIN_SEATS: usize = 2;

pub(crate) const NO_SEAT: u8 = 0xff;

/// Where a round stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Phase {
    /// Chance deals one card at a time (S5.1).
    #[default]
    Deal,
    /// The dealer keeps his first pack or takes the other (S6).
    DealerChoice,
    /// Players take turns (S9); with a knocker these are the last turns (S11.1).
    Turns,
    /// Chance turns up new middle cards after all passed (S10).
    Refill,
    /// The game is over (S19).
    Over,
}

/// A seat's standing in the game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Fate {
    /// Still playing (with lives left, or swimming with none).
    #[default]
    Active,
    /// Drowned in this round (numbered from 0) (S3).
    Drowned(u16),
    /// Left the game as the k-th leaver, from 1 (S21).
    Left(u8),
}

/// A whole game of Schwimmen: `Copy`, a few bitsets and small arrays, no heap.
///
/// Build one with [`Game::new`] (or from a validated [`Setup`](crate::Setup)),
/// then drive it with [`Game::apply`] / [`Game::apply_mut`] and the host
/// operations of [`Game::host`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "crate::Setup", into = "crate::Setup")
)]
pub struct Schwimmen {
    pub(crate) rules: Rules,
    pub(crate) n: u8,
    pub(crate) phase: Phase,
    pub(crate) dealer: u8,
    /// The card recipient during the deal, the dealer at his choice, the mover
    /// during turns, the next mover during a refill.
    pub(crate) to_act: u8,
    pub(crate) knocker: u8,
    pub(crate) leavers: u8,
    pub(crate) active: u16,
    pub(crate) passed: u16,
    pub(crate) moved: u16,
    pub(crate) turns: u16,
    pub(crate) round: u16,
    pub(crate) lives: [u8; MAX_SEATS],
    pub(crate) fate: [Fate; MAX_SEATS],
    pub(crate) hands: [CardSet; MAX_SEATS],
    pub(crate) pack: CardSet,
    pub(crate) middle: CardSet,
    pub(crate) discards: CardSet,
    pub(crate) folded: CardSet,
    pub(crate) stock: CardSet,
    pub(crate) shown: [CardSet; MAX_SEATS],
}

#[inline]
const fn bit(s: u8) -> u16 {
    1 << s
}

/// The card at each bit position of a card set (bits 52 and up are never set).
const CARD_AT: [Card; 64] = {
    let last = Card::new(Rank::Ace, Suit::Spades);
    let mut table = [last; 64];
    let mut i = 0;
    while i < 64 {
        if let Some(c) = Card::from_index(i) {
            table[i] = c;
        }
        i += 1;
    }
    table
};

/// The three cards of a set of exactly three, lowest first; `None` for any other set.
#[inline]
fn three_cards(set: CardSet) -> Option<[Card; 3]> {
    let b = set.bits();
    let b1 = b & b.wrapping_sub(1);
    let b2 = b1 & b1.wrapping_sub(1);
    if b2 == 0 || b2 & b2.wrapping_sub(1) != 0 {
        return None;
    }
    let at = |x: u64| CARD_AT[x.trailing_zeros() as usize & 63];
    Some([at(b), at(b1), at(b2)])
}

/// The three lowest cards of a set, lowest first: the cards of a set of three,
/// which every hand and the middle are during turns (S5, S9).
#[inline(always)]
fn lowest_three(set: CardSet) -> [Card; 3] {
    let b = set.bits();
    let b1 = b & b.wrapping_sub(1);
    let b2 = b1 & b1.wrapping_sub(1);
    debug_assert!(
        b2 != 0 && b2 & b2.wrapping_sub(1) == 0,
        "three cards: {set}"
    );
    let at = |x: u64| CARD_AT[x.trailing_zeros() as usize & 63];
    [at(b), at(b1), at(b2)]
}

/// Fills `out` with the moves of a turn, in the fixed order: swaps (hand card
/// order, then middle card order), swap all, pass, knock.
#[inline(always)]
pub(crate) fn turn_actions(
    hand: CardSet,
    middle: CardSet,
    passing: bool,
    may_knock: bool,
    out: &mut Vec<Action>,
) {
    out.clear();
    if let (Some(h), Some(m)) = (three_cards(hand), three_cards(middle)) {
        three_by_three(h, m, passing, may_knock, out);
    } else {
        odd_turn_actions(hand, middle, passing, may_knock, out);
    }
}

/// [`turn_actions`] for a hand and a middle of three cards each, into an empty `out`.
#[inline(always)]
fn three_by_three(
    [h0, h1, h2]: [Card; 3],
    [m0, m1, m2]: [Card; 3],
    passing: bool,
    may_knock: bool,
    out: &mut Vec<Action>,
) {
    // One fixed-size copy of all twelve candidates, cut to the moves that
    // exist. With passing off the knock moves up into the pass's place.
    let s = |give, take| Action::Swap { give, take };
    let eleventh = if passing { Action::Pass } else { Action::Knock };
    out.extend_from_slice(&[
        s(h0, m0),
        s(h0, m1),
        s(h0, m2),
        s(h1, m0),
        s(h1, m1),
        s(h1, m2),
        s(h2, m0),
        s(h2, m1),
        s(h2, m2),
        Action::SwapAll,
        eleventh,
        Action::Knock,
    ]);
    out.truncate(10 + usize::from(passing) + usize::from(may_knock));
}

/// [`turn_actions`] for hands or middles of other sizes (only views can hold them).
#[cold]
#[inline(never)]
fn odd_turn_actions(
    hand: CardSet,
    middle: CardSet,
    passing: bool,
    may_knock: bool,
    out: &mut Vec<Action>,
) {
    for give in hand {
        for take in middle {
            out.push(Action::Swap { give, take });
        }
    }
    out.push(Action::SwapAll);
    if passing {
        out.push(Action::Pass);
    }
    if may_knock {
        out.push(Action::Knock);
    }
}

/// Whether `set` holds at least three cards, without a popcount.
#[inline]
const fn three_or_more(set: CardSet) -> bool {
    let b = set.bits();
    let two = b & b.wrapping_sub(1);
    two & two.wrapping_sub(1) != 0
}

impl Schwimmen {
    // ----- queries -----

    /// The phase of the current round.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The dealer of the current round (the last dealer once the game is over).
    pub fn dealer(&self) -> Seat {
        Seat(self.dealer)
    }

    /// The seat that knocked this round, if any (S11).
    pub fn knocker(&self) -> Option<Seat> {
        (self.knocker != NO_SEAT).then_some(Seat(self.knocker))
    }

    /// A seat's hand (empty for a seat not at the table).
    pub fn hand(&self, seat: Seat) -> CardSet {
        self.hands.get(seat.index()).copied().unwrap_or_default()
    }

    /// The dealer's second pack while it is still face down (S5, S6).
    pub fn second_pack(&self) -> CardSet {
        self.pack
    }

    /// The face-up middle cards.
    pub fn middle(&self) -> CardSet {
        self.middle
    }

    /// The unordered stock.
    pub fn stock(&self) -> CardSet {
        self.stock
    }

    /// The face-up discards (old middles).
    pub fn discards(&self) -> CardSet {
        self.discards
    }

    /// Hands of players who left mid-round, face down among the discards (S21.1).
    pub fn face_down_discards(&self) -> CardSet {
        self.folded
    }

    /// A seat's lives (0 while swimming or out).
    pub fn lives(&self, seat: Seat) -> u8 {
        self.lives.get(seat.index()).copied().unwrap_or(0)
    }

    /// A seat's standing.
    pub fn fate(&self, seat: Seat) -> Fate {
        self.fate.get(seat.index()).copied().unwrap_or_default()
    }

    /// Whether a seat still plays (with lives or swimming).
    pub fn is_active(&self, seat: Seat) -> bool {
        seat.index() < MAX_SEATS && self.active >> seat.0 & 1 == 1
    }

    /// Whether a seat is swimming: still playing with no lives left (S3).
    pub fn is_swimming(&self, seat: Seat) -> bool {
        self.is_active(seat) && self.lives(seat) == 0
    }

    /// The number of players still in the game.
    pub fn active_count(&self) -> usize {
        self.active.count_ones() as usize
    }

    /// Rounds finished so far (scored, re-dealt, misdealt or void), from 0.
    pub fn round(&self) -> u16 {
        self.round
    }

    /// Turns taken in the current round (S14.1).
    pub fn turns(&self) -> u16 {
        self.turns
    }

    /// Passes in a row so far (S10.1).
    pub fn passes(&self) -> u8 {
        self.passed.count_ones() as u8
    }

    /// The hands shown at the last round end, by seat (S14, S23).
    pub fn shown(&self) -> &[CardSet] {
        &self.shown[..usize::from(self.n)]
    }

    /// Whether the player to move may knock now (S11, S11.1).
    pub fn may_knock(&self) -> bool {
        self.phase == Phase::Turns
            && self.knocker == NO_SEAT
            && (self.rules.knock_first_turn || self.active & !self.moved == 0)
    }

    /// During the deal: the seat that receives the next card, and whether it goes
    /// to the dealer's second pack (S5.1). `None` outside the deal.
    ///
    /// A host dealing physical cards, or a test building a fixed deal, follows this.
    pub fn next_receiver(&self) -> Option<(Seat, bool)> {
        (self.phase == Phase::Deal).then(|| {
            let second =
                self.to_act == self.dealer && self.hands[usize::from(self.dealer)].len() == 3;
            (Seat(self.to_act), second)
        })
    }

    // ----- seat arithmetic -----

    #[inline]
    fn is_on(&self, s: u8) -> bool {
        self.active >> s & 1 == 1
    }

    /// The first seat of `mask` after `s` in the direction of play (`s` itself
    /// when it is the only one; `s` when `mask` is empty).
    #[inline]
    fn next_in(&self, mask: u16, s: u8) -> u8 {
        debug_assert!(s < self.n && mask >> self.n == 0);
        if mask == 0 {
            return s;
        }
        match self.rules.direction {
            Direction::Clockwise => {
                let after = mask & !((2u16 << s) - 1);
                (if after != 0 { after } else { mask }).trailing_zeros() as u8
            }
            Direction::CounterClockwise => {
                let before = mask & ((1u16 << s) - 1);
                15 - (if before != 0 { before } else { mask }).leading_zeros() as u8
            }
        }
    }

    /// The next active seat after `s` in the direction of play.
    #[inline]
    pub(crate) fn next_active(&self, s: u8) -> u8 {
        self.next_in(self.active, s)
    }

    /// The next seat to move after `s`, and whether the turn reached the knocker's seat first.
    #[inline]
    fn advance_from(&self, s: u8) -> (u8, bool) {
        let knocker = if self.knocker == NO_SEAT {
            0
        } else {
            bit(self.knocker)
        };
        let t = self.next_in(self.active | knocker, s);
        (t, t == self.knocker)
    }

    // ----- round structure -----

    /// Gathers every card into the stock and clears the round's counters.
    fn gather(&mut self) {
        self.hands = [CardSet::EMPTY; MAX_SEATS];
        self.pack = CardSet::EMPTY;
        self.middle = CardSet::EMPTY;
        self.discards = CardSet::EMPTY;
        self.folded = CardSet::EMPTY;
        self.stock = deck::CARDS_32;
        self.knocker = NO_SEAT;
        self.passed = 0;
        self.moved = 0;
        self.turns = 0;
    }

    /// S5.1: a new deal by `dealer` (active).
    fn start_deal(&mut self, dealer: u8) {
        self.gather();
        self.dealer = dealer;
        self.phase = Phase::Deal;
        self.to_act = self.next_active(dealer);
    }

    /// Counts a finished round and deals the next one, or ends the game (S18, S19, S19.1).
    fn finish_round(&mut self, next_dealer: u8) {
        self.round = self.round.saturating_add(1);
        if self.active.count_ones() <= 1 || self.round >= self.rules.round_limit {
            self.end_game();
        } else {
            self.start_deal(next_dealer);
        }
    }

    fn end_game(&mut self) {
        self.gather();
        self.phase = Phase::Over;
        self.to_act = self.dealer;
    }

    /// S3, S3.1: one loss for each seat in `one`, and a second in a row for each
    /// seat in `two` (a subset of `one`): each takes a life while there is one, the
    /// next drowns.
    fn take_lives(&mut self, one: u16, two: u16) {
        debug_assert!(two & !one == 0, "a second loss comes after a first");
        let mut m = one;
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            for _ in 0..1 + (two >> i & 1) {
                if self.lives[i] > 0 {
                    self.lives[i] -= 1;
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
    fn end_round(&mut self, knocker: u8) {
        let mut values = [HandValue::LOWEST; MAX_SEATS];
        let mut min = HandValue::THREE_ACES;
        let mut aces = NO_SEAT;
        self.shown = [CardSet::EMPTY; MAX_SEATS];
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
            let mut losers = if low == self.active && self.rules.all_tie == AllTie::NobodyLoses {
                0
            } else {
                low
            };
            let knocker_lost = knocker != NO_SEAT && losers >> knocker & 1 == 1;
            let mut double = 0;
            if knocker_lost {
                match self.rules.knocker_risk {
                    KnockerRisk::Normal => {}
                    KnockerRisk::LosesTies => losers = bit(knocker),
                    KnockerRisk::DoubleLoss => double = bit(knocker),
                }
            }
            (losers, double)
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
        self.take_lives(losers, double);
        // S15/S17: the same dealer deals again after a round nobody lost, if he is still in.
        let next = if losers == 0 && self.is_on(self.dealer) {
            self.dealer
        } else {
            self.next_active(self.dealer)
        };
        self.finish_round(next);
    }

    /// S7 after the dealer's choice: a 31 or three aces ends the round before any turn.
    fn after_choice(&mut self) {
        let special = (0..self.n).any(|s| self.is_on(s) && ends_round(self.hands[usize::from(s)]));
        if special {
            self.end_round(NO_SEAT);
        } else {
            self.phase = Phase::Turns;
            self.to_act = self.next_active(self.dealer);
        }
    }

    /// S10, S10.2: the middle goes to the discards and is refilled, or the round ends.
    fn refresh(&mut self, next: u8) {
        self.discards |= self.middle;
        self.middle = CardSet::EMPTY;
        self.passed = 0;
        if self.stock.len() < 3 && self.rules.refresh == Refresh::Reshuffle {
            self.stock |= self.discards | self.folded;
            self.discards = CardSet::EMPTY;
            self.folded = CardSet::EMPTY;
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
    fn after_turn(&mut self, p: u8, was_pass: bool) {
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

    // ----- transitions -----

    /// Whether `action` is legal now, without changing anything.
    #[inline]
    pub(crate) fn check(&self, action: &Action) -> Result<(), Illegal> {
        match self.phase {
            Phase::Over => Err(Illegal::GameOver),
            Phase::Deal => match *action {
                Action::Deal(c) if self.stock.contains(c) => Ok(()),
                Action::Deal(_) => Err(Illegal::NotInStock),
                Action::Refill(_) => Err(Illegal::WrongChanceStep { due: "a deal card" }),
                _ => Err(Illegal::ChanceFirst),
            },
            Phase::Refill => match *action {
                Action::Refill(c) if self.stock.contains(c) => Ok(()),
                Action::Refill(_) => Err(Illegal::NotInStock),
                Action::Deal(_) => Err(Illegal::WrongChanceStep {
                    due: "a refill card",
                }),
                _ => Err(Illegal::ChanceFirst),
            },
            Phase::DealerChoice => match *action {
                Action::Keep | Action::TakeOther => Ok(()),
                Action::Deal(_) | Action::Refill(_) => Err(Illegal::NotChance),
                _ => Err(Illegal::DealerChoiceFirst),
            },
            Phase::Turns => match *action {
                Action::Deal(_) | Action::Refill(_) => Err(Illegal::NotChance),
                Action::Keep | Action::TakeOther => Err(Illegal::NoDealerChoiceNow),
                Action::Swap { give, take } => {
                    if !self.hands[usize::from(self.to_act)].contains(give) {
                        Err(Illegal::NotInHand)
                    } else if !self.middle.contains(take) {
                        Err(Illegal::NotInMiddle)
                    } else {
                        Ok(())
                    }
                }
                Action::SwapAll => Ok(()),
                Action::Pass if self.rules.passing => Ok(()),
                Action::Pass => Err(Illegal::PassingOff),
                Action::Knock if self.knocker != NO_SEAT => Err(Illegal::AlreadyKnocked),
                Action::Knock if !self.may_knock() => Err(Illegal::KnockTooEarly),
                Action::Knock => Ok(()),
            },
        }
    }

    /// S5.1: the next card of the deal goes to the receiver (or the second pack).
    #[inline(always)]
    fn deal_card(&mut self, c: Card) {
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

    /// The chance action of the phase: a deal card, or a refill card (S5.1, S10).
    #[inline]
    fn chance_step(&self) -> fn(Card) -> Action {
        if self.phase == Phase::Deal {
            Action::Deal
        } else {
            Action::Refill
        }
    }

    /// Counts a turn by `p` (S11, S14.1).
    #[inline]
    fn count_turn(&mut self, p: u8) {
        self.moved |= bit(p);
        self.turns = self.turns.saturating_add(1);
    }

    /// The legal actions outside the turns: the chance steps, the dealer's choice, nothing.
    #[inline(never)]
    fn other_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        match self.phase {
            Phase::Deal => out.extend(self.stock.iter().map(Action::Deal)),
            Phase::Refill => out.extend(self.stock.iter().map(Action::Refill)),
            Phase::DealerChoice => out.extend([Action::Keep, Action::TakeOther]),
            Phase::Turns => turn_actions(
                self.hands[usize::from(self.to_act)],
                self.middle,
                self.rules.passing,
                self.may_knock(),
                out,
            ),
            Phase::Over => {}
        }
    }

    /// S9: the mover gives `give` to the middle and takes `take` (both checked).
    #[inline(always)]
    fn swap_one(&mut self, give: Card, take: Card) {
        let p = self.to_act;
        let i = usize::from(p);
        let flip = CardSet::single(give) | CardSet::single(take);
        self.hands[i] = CardSet::from_bits(self.hands[i].bits() ^ flip.bits());
        self.middle = CardSet::from_bits(self.middle.bits() ^ flip.bits());
        self.passed = 0;
        self.count_turn(p);
        if ends_round(self.hands[i]) {
            self.end_round(self.knocker);
        } else {
            self.after_turn(p, false);
        }
    }

    /// Applies a checked action.
    fn perform(&mut self, action: Action) {
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
    fn leave_mut(&mut self, s: u8) {
        let i = usize::from(s);
        self.folded |= self.hands[i];
        self.hands[i] = CardSet::EMPTY;
        self.active &= !bit(s);
        self.leavers += 1;
        self.fate[i] = Fate::Left(self.leavers);
        if self.active.count_ones() <= 1 {
            // S21.1: the game ends without scoring the round.
            self.shown = [CardSet::EMPTY; MAX_SEATS];
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
    fn misdeal_mut(&mut self) {
        self.take_lives(bit(self.dealer), 0);
        let next = if self.is_on(self.dealer) {
            self.dealer
        } else {
            self.next_active(self.dealer)
        };
        self.finish_round(next);
    }

    /// The outcome's ranking keys: higher is better (S19.1, S20, S21).
    fn rank_keys(&self) -> [u16; MAX_SEATS] {
        let mut keys = [0u16; MAX_SEATS];
        for (i, k) in keys.iter_mut().enumerate().take(usize::from(self.n)) {
            *k = match self.fate[i] {
                Fate::Active => 0x8000 + u16::from(self.lives[i]),
                Fate::Drowned(r) => 0x4000 + r.min(0x3fff),
                Fate::Left(order) => u16::from(order),
            };
        }
        keys
    }
}

/// The settlement of seed 003 (S20): what each seat pays, by seat: the player in
/// place k pays k units (1 franc for 1st, 2 for 2nd, …); shared places pay alike.
///
/// ```
/// use cards_core::Outcome;
/// let o = Outcome::from_places(&[2, 1, 2, 4])?;
/// assert_eq!(schwimmen::settlement(&o), [2, 1, 2, 4]);
/// # Ok::<(), cards_core::OutcomeError>(())
/// ```
pub fn settlement(outcome: &Outcome) -> Vec<u32> {
    outcome.places().iter().map(|&p| u32::from(p)).collect()
}

impl Game for Schwimmen {
    type Rules = Rules;
    type Action = Action;
    type HostOp = HostOp;
    type Illegal = Illegal;
    type SetupError = SetupError;
    type View = View;
    type Event = Event;

    fn new(rules: Rules, seats: usize) -> Result<Schwimmen, SetupError> {
        rules.validate_for(seats)?;
        let n = seats as u8;
        let mut g = Schwimmen {
            rules,
            n,
            phase: Phase::Deal,
            dealer: rules.first_dealer,
            to_act: 0,
            knocker: NO_SEAT,
            leavers: 0,
            active: (1u16 << n) - 1,
            passed: 0,
            moved: 0,
            turns: 0,
            round: 0,
            lives: [0; MAX_SEATS],
            fate: [Fate::Active; MAX_SEATS],
            hands: [CardSet::EMPTY; MAX_SEATS],
            pack: CardSet::EMPTY,
            middle: CardSet::EMPTY,
            discards: CardSet::EMPTY,
            folded: CardSet::EMPTY,
            stock: deck::CARDS_32,
            shown: [CardSet::EMPTY; MAX_SEATS],
        };
        g.lives[..seats].fill(rules.lives);
        g.start_deal(rules.first_dealer);
        Ok(g)
    }

    fn rules(&self) -> &Rules {
        &self.rules
    }

    fn seats(&self) -> usize {
        usize::from(self.n)
    }

    #[inline]
    fn actor(&self) -> Actor {
        match self.phase {
            Phase::Deal | Phase::Refill => Actor::Chance,
            Phase::DealerChoice | Phase::Turns => Actor::Player(Seat(self.to_act)),
            Phase::Over => Actor::Terminal,
        }
    }

    #[inline(always)]
    fn legal_actions(&self, out: &mut Vec<Action>) {
        match self.phase {
            Phase::Turns => {
                // During turns the mover's hand and the middle hold three cards each.
                out.clear();
                three_by_three(
                    lowest_three(self.hands[usize::from(self.to_act)]),
                    lowest_three(self.middle),
                    self.rules.passing,
                    self.may_knock(),
                    out,
                );
            }
            _ => self.other_actions(out),
        }
    }

    fn chance_outcomes(&self, out: &mut Vec<(Action, u32)>) {
        out.clear();
        if matches!(self.phase, Phase::Deal | Phase::Refill) {
            let make = self.chance_step();
            out.extend(self.stock.iter().map(|c| (make(c), 1)));
        }
    }

    fn apply(&self, action: &Action) -> Result<Schwimmen, Illegal> {
        let mut next = *self;
        next.apply_mut(action)?;
        Ok(next)
    }

    #[inline(always)]
    fn apply_mut(&mut self, action: &Action) -> Result<(), Illegal> {
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

    fn host(&self, op: &HostOp) -> Result<Schwimmen, Illegal> {
        if self.phase == Phase::Over {
            return Err(Illegal::GameOver);
        }
        let mut next = *self;
        match *op {
            HostOp::Leave(seat) => {
                if seat.index() >= usize::from(self.n) {
                    return Err(Illegal::NoSuchSeat(seat));
                }
                if !self.is_on(seat.0) {
                    return Err(Illegal::AlreadyOut(seat));
                }
                next.leave_mut(seat.0);
            }
            HostOp::Misdeal => {
                let dealing = self.phase == Phase::Deal
                    && (self.hands.iter().any(|h| !h.is_empty()) || !self.pack.is_empty());
                if !(dealing || self.phase == Phase::DealerChoice) {
                    return Err(Illegal::NoMisdealNow);
                }
                next.misdeal_mut();
            }
        }
        Ok(next)
    }

    fn observe(&self, viewer: Viewer) -> View {
        View::of(self, viewer)
    }

    fn event(&self, action: &Action, viewer: Viewer) -> Event {
        Event::of(self, action, viewer)
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.phase != Phase::Over {
            return None;
        }
        let keys = self.rank_keys();
        Some(Outcome::from_scores(&keys[..usize::from(self.n)]))
    }

    #[inline]
    fn sample_chance<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        _scratch: &mut Vec<(Action, u32)>,
    ) -> Option<Action> {
        if !matches!(self.phase, Phase::Deal | Phase::Refill) {
            return None;
        }
        // A uniform stock card, as the listed sampler picks it (equal weights, card order).
        self.stock.pick(rng).map(self.chance_step())
    }
}

impl Redeal for Schwimmen {
    /// Shuffles the other hands, the dealer's face-down second pack, the stock and the
    /// face-down discards among themselves, keeping every pile's size.
    ///
    /// Only positions the rules can reach come out: during turns and refills no
    /// hand of a player still in can be a 31 or three aces (S7, S14 b would have
    /// ended the round), and every seat knows that. A re-deal that breaks this is
    /// thrown away whole and drawn again (rejection sampling), so the result is
    /// uniform over the re-deals the seat cannot tell apart from the real one,
    /// with no bias towards the first hands drawn. After 1,000 rejected
    /// draws (never seen in practice: at most about one draw in twenty is
    /// rejected) the real position is returned, which is always consistent.
    fn redeal_hidden<R: Rng + ?Sized>(&self, seat: Seat, rng: &mut R) -> Schwimmen {
        let me = seat.index();
        let mut pool = self.stock | self.pack | self.folded;
        for (i, h) in self.hands.iter().enumerate() {
            if i != me {
                pool |= *h;
            }
        }
        let checked = matches!(self.phase, Phase::Turns | Phase::Refill);
        for _ in 0..REDEAL_TRIES {
            let next = self.redeal_once(me, pool, rng);
            let reachable = !checked
                || (0..self.n).all(|s| !next.is_on(s) || !ends_round(next.hands[usize::from(s)]));
            if reachable {
                return next;
            }
        }
        *self
    }
}

/// How many re-deals [`Redeal::redeal_hidden`] draws before it gives up and
/// returns the real position.
const REDEAL_TRIES: usize = 1000;

impl Schwimmen {
    /// One uniform re-deal of `pool` into the hidden piles, keeping their sizes.
    fn redeal_once<R: Rng + ?Sized>(&self, me: usize, mut pool: CardSet, rng: &mut R) -> Self {
        let mut next = *self;
        let mut draw = |k: usize, pool: &mut CardSet| {
            let mut out = CardSet::EMPTY;
            for _ in 0..k {
                debug_assert!(!pool.is_empty(), "the pool holds every hidden card");
                if pool.is_empty() {
                    break;
                }
                let j = below(rng, pool.len() as u64) as usize;
                if let Some(c) = pool.nth(j) {
                    pool.remove(c);
                    out.insert(c);
                }
            }
            out
        };
        for i in 0..usize::from(self.n) {
            if i != me {
                next.hands[i] = draw(self.hands[i].len(), &mut pool);
            }
        }
        next.pack = draw(self.pack.len(), &mut pool);
        next.folded = draw(self.folded.len(), &mut pool);
        next.stock = pool;
        next
    }
}
