//! The state [`CrazyEights`], its [`Phase`] and read-only accessors.

use cards_core::{Card, CardMultiset, MAX_SEATS, Seat, Suit, deck};

use crate::rules::Rules;

/// Where the game stands: who or what acts next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Phase {
    /// Chance picks the dealer (C3).
    ChooseDealer,
    /// Chance deals the hands, one card at a time (C4).
    Deal,
    /// Chance turns up the starter; an eight goes back (C5).
    TurnUp,
    /// A player plays, draws or passes (C6–C11).
    Turn,
    /// The player who just played an eight names a suit (C8).
    Nominate,
    /// Chance gives the player to act the card he draws (C9, C11.3).
    Draw,
    /// The game is over (C12).
    Over,
}

/// A game of Crazy Eights: a value, cheap to copy (C1–C13).
///
/// The stock has no order: every card from it is a chance step weighted by its
/// copies. Build one with [`Game::new`](cards_core::Game::new) or load a
/// [`Setup`](crate::Setup).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "crate::Setup", into = "crate::Setup")
)]
pub struct CrazyEights {
    pub(crate) rules: Rules,
    pub(crate) n: u8,
    pub(crate) phase: Phase,
    pub(crate) dealer: u8,
    pub(crate) to_act: u8,
    /// Cards dealt so far in the deal (C4).
    pub(crate) dealt: u8,
    /// Play runs to lower seat numbers (after an odd number of aces, C11.2).
    pub(crate) reversed: bool,
    /// Cards drawn by choice in this turn (C9).
    pub(crate) draws: u8,
    /// Cards owed from twos (C11.3).
    pub(crate) owed: u8,
    /// Consecutive passes counted toward the end (C12.3).
    pub(crate) passes: u8,
    /// Cards played so far (C12.2).
    pub(crate) plays: u16,
    pub(crate) top: Option<Card>,
    /// The suit to follow (meaningful once there is a top card; clubs before).
    pub(crate) suit: Suit,
    pub(crate) stock: CardMultiset,
    /// Played cards under the top card (C10.1).
    pub(crate) discards: CardMultiset,
    pub(crate) hands: [CardMultiset; MAX_SEATS],
}

impl CrazyEights {
    /// A game before the dealer is chosen (rules and seats already checked).
    pub(crate) fn fresh(rules: Rules, seats: usize) -> CrazyEights {
        CrazyEights {
            rules,
            n: seats as u8,
            phase: Phase::ChooseDealer,
            dealer: 0,
            to_act: 0,
            dealt: 0,
            reversed: false,
            draws: 0,
            owed: 0,
            passes: 0,
            plays: 0,
            top: None,
            suit: Suit::Clubs,
            stock: CardMultiset::decks(deck::CARDS_52, Rules::decks(seats))
                .expect("at most two decks"),
            discards: CardMultiset::EMPTY,
            hands: [CardMultiset::EMPTY; MAX_SEATS],
        }
    }

    /// All cards in play: one or two decks (C1).
    pub(crate) fn full_deck(&self) -> CardMultiset {
        CardMultiset::decks(deck::CARDS_52, Rules::decks(self.seats_usize()))
            .expect("at most two decks")
    }

    pub(crate) const fn seats_usize(&self) -> usize {
        self.n as usize
    }

    /// The phase.
    pub const fn phase(&self) -> Phase {
        self.phase
    }

    /// The dealer, once chosen (C3).
    pub fn dealer(&self) -> Option<Seat> {
        (self.phase != Phase::ChooseDealer).then_some(Seat(self.dealer))
    }

    /// The seat whose turn it is (it also receives the cards drawn at a draw step),
    /// once the starter is turned up.
    pub fn turn(&self) -> Option<Seat> {
        matches!(self.phase, Phase::Turn | Phase::Nominate | Phase::Draw)
            .then_some(Seat(self.to_act))
    }

    /// A seat's hand; `None` for a seat not at the table.
    pub fn hand(&self, seat: Seat) -> Option<CardMultiset> {
        (seat.0 < self.n).then(|| self.hands[seat.index()])
    }

    /// The stock (unordered).
    pub const fn stock(&self) -> CardMultiset {
        self.stock
    }

    /// The played cards under the top card.
    pub const fn discards(&self) -> CardMultiset {
        self.discards
    }

    /// The card to match, once turned up (C5).
    pub const fn top(&self) -> Option<Card> {
        self.top
    }

    /// The suit to follow, once there is a top card (C7, C8).
    pub fn suit(&self) -> Option<Suit> {
        self.top.map(|_| self.suit)
    }

    /// Whether play runs to lower seat numbers (C11.2).
    pub const fn reversed(&self) -> bool {
        self.reversed
    }

    /// Cards owed from twos (C11.3).
    pub const fn owed(&self) -> u8 {
        self.owed
    }

    /// Cards drawn by choice in this turn (C9).
    pub const fn draws(&self) -> u8 {
        self.draws
    }

    /// Cards played so far (C12.2).
    pub const fn plays(&self) -> u16 {
        self.plays
    }

    /// Consecutive passes counted toward the end (C12.3).
    pub const fn passes(&self) -> u8 {
        self.passes
    }

    /// The next seat after `seat` in the direction of play (C6): `step(seat, 1)`
    /// by a comparison instead of the general step's arithmetic.
    #[inline]
    pub(crate) const fn next_seat(&self, seat: u8) -> u8 {
        if self.reversed {
            if seat == 0 { self.n - 1 } else { seat - 1 }
        } else if seat + 1 >= self.n {
            0
        } else {
            seat + 1
        }
    }

    /// The seat `by` seats after `seat` in the direction of play (C6).
    /// `seat` is below the number of seats; a subtraction instead of a division.
    #[inline]
    pub(crate) const fn step(&self, seat: u8, by: u8) -> u8 {
        let n = self.n;
        let by = if by < n { by } else { by % n };
        let s = if self.reversed {
            seat + n - by
        } else {
            seat + by
        };
        if s >= n { s - n } else { s }
    }
}
