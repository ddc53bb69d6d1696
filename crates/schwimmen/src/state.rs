//! [`Schwimmen`]: the whole game as a `Copy` state: its data, its accessors and
//! seat arithmetic. Legal actions are in `legal`, transitions in `apply`, the
//! [`Game`](cards_core::Game) implementation in `game`.

use cards_core::{CardSet, Seat};

use crate::rules::{Direction, MAX_SEATS, Rules};

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
/// Build one with [`Game::new`](cards_core::Game::new) (or from a validated [`Setup`](crate::Setup)),
/// then drive it with [`Game::apply`](cards_core::Game::apply) / [`Game::apply_mut`](cards_core::Game::apply_mut) and the host
/// operations of [`Game::host`](cards_core::Game::host).
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
    /// The middle at the last scored round end, empty when none lay there
    /// (S14, S23.3).
    pub(crate) shown_middle: CardSet,
    /// Lives each seat lost at the last scored round end (S15, S16).
    pub(crate) lost: [u8; MAX_SEATS],
    /// The round number of the last scored round end, [`NO_ROUND`] before one.
    pub(crate) scored: u16,
    /// Cards taken face up from the middle and still held, by anyone (S23.2):
    /// each card is in one hand, so a seat's are `taken & hands[seat]`.
    pub(crate) taken: CardSet,
    /// Cards known to lie among the face-down discards: what leavers had taken
    /// face up (S21.1, S23.2).
    pub(crate) known_down: CardSet,
}

/// [`Schwimmen::scored`] before any round was scored.
pub(crate) const NO_ROUND: u16 = u16::MAX;

/// Whether `middle`, kept from the last round end, fits the hands shown
/// there (`shown`, together): none, or three cards of the deck besides them
/// (S14). Positions and views read from outside both ask it.
pub(crate) fn middle_fits(middle: CardSet, shown: CardSet) -> bool {
    middle.is_empty()
        || middle.len() == 3
            && middle.is_subset(cards_core::deck::CARDS_32)
            && middle.is_disjoint(shown)
}

/// The refusal when [`middle_fits`] does not hold.
pub(crate) const MIDDLE_UNFIT: &str =
    "the middle shown at a round end is three cards besides the shown hands, or none (S14)";

#[inline]
pub(crate) const fn bit(s: u8) -> u16 {
    1 << s
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

    /// A seat's hand (empty for a seat that is out); `None` for a seat not at the table.
    pub fn hand(&self, seat: Seat) -> Option<CardSet> {
        (seat.index() < usize::from(self.n)).then(|| self.hands[seat.index()])
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

    /// A seat's lives (0 while swimming or out); `None` for a seat not at the table.
    pub fn lives(&self, seat: Seat) -> Option<u8> {
        (seat.index() < usize::from(self.n)).then(|| self.lives[seat.index()])
    }

    /// A seat's standing; `None` for a seat not at the table.
    pub fn fate(&self, seat: Seat) -> Option<Fate> {
        (seat.index() < usize::from(self.n)).then(|| self.fate[seat.index()])
    }

    /// Whether a seat still plays (with lives or swimming).
    pub fn is_active(&self, seat: Seat) -> bool {
        seat.index() < MAX_SEATS && self.active >> seat.0 & 1 == 1
    }

    /// Whether a seat is swimming: still playing with no lives left (S3).
    pub fn is_swimming(&self, seat: Seat) -> bool {
        self.is_active(seat) && self.lives[seat.index()] == 0
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

    /// Cards `seat` took face up from the middle this round and still holds,
    /// which every seat saw (S23.2); `None` for a seat not at the table.
    pub fn taken(&self, seat: Seat) -> Option<CardSet> {
        (seat.index() < usize::from(self.n)).then(|| self.taken & self.hands[seat.index()])
    }

    /// Cards every seat knows to lie among the face-down discards: what players
    /// who left mid-round had taken face up (S21.1, S23.2).
    pub fn known_face_down(&self) -> CardSet {
        self.known_down
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
    pub(crate) fn is_on(&self, s: u8) -> bool {
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
    pub(crate) fn advance_from(&self, s: u8) -> (u8, bool) {
        let knocker = if self.knocker == NO_SEAT {
            0
        } else {
            bit(self.knocker)
        };
        let t = self.next_in(self.active | knocker, s);
        (t, t == self.knocker)
    }
}
