//! The state [`Hearts`], its [`Phase`], the [`PassDir`] and read-only accessors.

use std::fmt;

use cards_core::{Card, CardSet, Rank, Seat, Suit};

use crate::rules::{MAX_SEATS, Rules};

/// Four seats, as a `u8` for seat arithmetic.
pub(crate) const N: u8 = MAX_SEATS as u8;
/// Cards a seat passes (R5).
pub(crate) const PASS_COUNT: usize = 3;
/// The two of clubs, which opens play (R6).
pub(crate) const TWO_CLUBS: Card = Card::new(Rank::Two, Suit::Clubs);
/// The queen of spades (R9.1, R12).
pub(crate) const QUEEN_SPADES: Card = Card::new(Rank::Queen, Suit::Spades);
/// The jack of diamonds (R12).
pub(crate) const JACK_DIAMONDS: Card = Card::new(Rank::Jack, Suit::Diamonds);
/// Every heart.
pub(crate) const HEARTS: CardSet = CardSet::suit(Suit::Hearts);

/// Where the game stands: who or what acts next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Phase {
    /// Chance picks the pass direction (R3).
    PassDir,
    /// Chance deals the cards, one at a time (R4).
    Deal,
    /// The seats pass three cards each, seat 0 first (R5).
    Pass,
    /// Tricks are played (R6–R10).
    Play,
    /// All thirteen tricks are played (R11).
    Over,
}

/// Where each seat's passed cards go (R3): OpenSpiel's chance outcomes 0 to 3.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum PassDir {
    /// No cards are passed (R5.1).
    NoPass = 0,
    /// To the next seat (seat + 1).
    Left = 1,
    /// To the seat opposite (seat + 2).
    Across = 2,
    /// To the previous seat (seat + 3).
    Right = 3,
}

impl PassDir {
    /// The four directions in OpenSpiel's id order.
    pub const ALL: [PassDir; 4] = [
        PassDir::NoPass,
        PassDir::Left,
        PassDir::Across,
        PassDir::Right,
    ];

    /// The direction of OpenSpiel id `0..4`.
    pub const fn from_index(i: usize) -> Option<PassDir> {
        match i {
            0 => Some(PassDir::NoPass),
            1 => Some(PassDir::Left),
            2 => Some(PassDir::Across),
            3 => Some(PassDir::Right),
            _ => None,
        }
    }

    /// The seat that receives `from`'s passed cards (R5).
    pub const fn target(self, from: Seat) -> Seat {
        Seat((from.0 + self as u8) % N)
    }

    /// The seat whose passed cards `to` receives (R5).
    pub const fn source(self, to: Seat) -> Seat {
        Seat((to.0 + N - self as u8) % N)
    }

    /// The word used in text forms: `none`, `left`, `across`, `right`.
    pub const fn word(self) -> &'static str {
        match self {
            PassDir::NoPass => "none",
            PassDir::Left => "left",
            PassDir::Across => "across",
            PassDir::Right => "right",
        }
    }
}

impl fmt::Display for PassDir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// A game of Hearts: a value, cheap to copy (R1–R12).
///
/// Build one with [`Game::new`](cards_core::Game::new) or load a
/// [`Setup`](crate::Setup).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "crate::Setup", into = "crate::Setup")
)]
pub struct Hearts {
    pub(crate) rules: Rules,
    pub(crate) phase: Phase,
    pub(crate) dir: PassDir,
    /// The seat to pass or play (0 before passing).
    pub(crate) to_act: u8,
    /// The seat that led the current trick (the seat to act when it is empty).
    pub(crate) leader: u8,
    /// Cards in the current trick.
    pub(crate) trick_len: u8,
    /// The current trick in play order; entries past `trick_len` are the two of clubs.
    pub(crate) trick: [Card; 4],
    /// Cards dealt so far (R4).
    pub(crate) dealt: u8,
    /// The cards not yet dealt (R4).
    pub(crate) stock: CardSet,
    /// Cards played so far, current trick included (R6, R8, R11).
    pub(crate) played: u8,
    /// Whether hearts may be led (R9).
    pub(crate) broken: bool,
    pub(crate) hands: [CardSet; MAX_SEATS],
    /// The cards each seat passed (R5): set aside during the passing, then kept as a record.
    pub(crate) passed: [CardSet; MAX_SEATS],
    /// The cards of the tricks each seat took (R10, R12).
    pub(crate) won: [CardSet; MAX_SEATS],
}

impl Hearts {
    /// A game before the pass direction is picked.
    pub(crate) fn fresh(rules: Rules) -> Hearts {
        Hearts {
            rules,
            phase: Phase::PassDir,
            dir: PassDir::NoPass,
            to_act: 0,
            leader: 0,
            trick_len: 0,
            trick: [TWO_CLUBS; 4],
            dealt: 0,
            stock: CardSet::ALL,
            played: 0,
            broken: !rules.must_break_hearts,
            hands: [CardSet::EMPTY; MAX_SEATS],
            passed: [CardSet::EMPTY; MAX_SEATS],
            won: [CardSet::EMPTY; MAX_SEATS],
        }
    }

    /// The phase.
    pub const fn phase(&self) -> Phase {
        self.phase
    }

    /// The pass direction, once chance has picked it (R3).
    pub fn pass_dir(&self) -> Option<PassDir> {
        (self.phase != Phase::PassDir).then_some(self.dir)
    }

    /// The seat to pass or play, during the passing and the play.
    pub fn turn(&self) -> Option<Seat> {
        matches!(self.phase, Phase::Pass | Phase::Play).then_some(Seat(self.to_act))
    }

    /// A seat's hand; `None` for a seat not at the table.
    pub fn hand(&self, seat: Seat) -> Option<CardSet> {
        self.hands.get(seat.index()).copied()
    }

    /// The cards a seat has passed (R5); `None` for a seat not at the table.
    pub fn passed(&self, seat: Seat) -> Option<CardSet> {
        self.passed.get(seat.index()).copied()
    }

    /// The cards of the tricks a seat has taken (R10); `None` for a seat not at the table.
    pub fn won(&self, seat: Seat) -> Option<CardSet> {
        self.won.get(seat.index()).copied()
    }

    /// The current trick's cards in play order.
    pub fn trick(&self) -> &[Card] {
        &self.trick[..usize::from(self.trick_len)]
    }

    /// The seat that leads or led the current trick, during the play.
    pub fn leader(&self) -> Option<Seat> {
        (self.phase == Phase::Play).then_some(Seat(self.leader))
    }

    /// Whether hearts may be led (R9).
    pub const fn hearts_broken(&self) -> bool {
        self.broken
    }

    /// Cards played so far (R11).
    pub const fn cards_played(&self) -> u8 {
        self.played
    }

    /// The cards not yet dealt (R4).
    pub const fn undealt(&self) -> CardSet {
        self.stock
    }
}
