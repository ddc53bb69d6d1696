//! [`Shithead`]: the game state as data, and its accessors.

use cards_core::{Card, CardMultiset, MAX_SEATS, Rank, Seat, deck::CARDS_52};

use crate::error::SetupError;
use crate::rules::{Rules, check_rules};

/// The part of a game the state is in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(rename_all = "snake_case", deny_unknown_fields)
)]
pub enum Phase {
    /// H2: chance deals the cards one at a time.
    #[default]
    Dealing,
    /// H3: each player in turn chooses his face-up cards.
    Arranging,
    /// H5–H19: turns.
    Playing,
    /// H20, H22: the game is over.
    Over,
}

/// Where the mover is within his turn (while [`Phase::Playing`]), or within
/// his arranging choice (while [`Phase::Arranging`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(rename_all = "snake_case", deny_unknown_fields)
)]
pub enum Stage {
    /// The turn starts (or restarts after a burn, H8): a play is due, or a pick-up.
    #[default]
    Start,
    /// H5: the mover may add cards of the rank on top, or end his turn.
    Add,
    /// H17: the mover owes a cover on his queen.
    Cover,
    /// H11.1: chance turns one of the mover's face-down cards; `cover` when it
    /// covers his queen (always playable then).
    Blind {
        /// Whether the blind card covers the mover's queen.
        cover: bool,
    },
    /// H3.1 (while [`Phase::Arranging`]): the arranging player has picked
    /// these one or two of his six cards to lie face up; the last pick comes next.
    Picking(CardMultiset),
}

/// A seat's standing: cards-core's [`Status`](cards_core::Status). `Out(n)`:
/// went out as the n-th player (0 = first); `Left(n)`: left as the n-th
/// leaver (0 = first, H21).
pub use cards_core::Status;

/// Which cards a player plays from (H9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Source {
    Hand,
    FaceUp,
    FaceDown,
    Nothing,
}

/// The source of a player with these cards (H9).
#[inline]
pub(crate) fn source_of(hand: CardMultiset, up: CardMultiset, down: usize) -> Source {
    if !hand.is_empty() {
        Source::Hand
    } else if !up.is_empty() {
        Source::FaceUp
    } else if down > 0 {
        Source::FaceDown
    } else {
        Source::Nothing
    }
}

/// A game of Shithead: a valid position, `Copy`-cheap (no heap).
///
/// ```
/// use cards_core::{Actor, Game, Table};
/// use shithead::{Rules, Shithead};
/// let game = Shithead::new(Rules::default(), 4)?;
/// assert_eq!(game.actor(), Actor::Chance); // the deal
/// let table = Table::<Shithead>::new(Rules::default(), 4, 7)?;
/// assert_eq!(table.state().stock_len(), 16); // 52 - 4 × 9
/// # Ok::<(), shithead::SetupError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shithead {
    pub(crate) rules: Rules,
    pub(crate) n: u8,
    pub(crate) decks: u8,
    pub(crate) dealer: Seat,
    pub(crate) phase: Phase,
    /// Dealing: cards dealt so far in deal order; arranging: seats handled.
    pub(crate) progress: u8,
    pub(crate) to_act: Seat,
    pub(crate) reversed: bool,
    pub(crate) stage: Stage,
    pub(crate) refill: bool,
    pub(crate) group: Option<Rank>,
    pub(crate) group_len: u8,
    pub(crate) top: Option<Rank>,
    pub(crate) level: Option<Rank>,
    pub(crate) run: u8,
    pub(crate) must_open: Option<Card>,
    pub(crate) by_limit: bool,
    pub(crate) outs: u8,
    pub(crate) lefts: u8,
    pub(crate) actions: u32,
    pub(crate) status: [Status; MAX_SEATS],
    pub(crate) hand: [CardMultiset; MAX_SEATS],
    pub(crate) up: [CardMultiset; MAX_SEATS],
    pub(crate) down: [CardMultiset; MAX_SEATS],
    /// Public memory (H23.3): cards everyone saw go into each hand and that
    /// have not been played since; always part of that hand.
    pub(crate) known: [CardMultiset; MAX_SEATS],
    pub(crate) stock: CardMultiset,
    pub(crate) pile: CardMultiset,
    pub(crate) burned: CardMultiset,
    pub(crate) removed: CardMultiset,
}

/// Where a card lies in front of a player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(rename_all = "snake_case", deny_unknown_fields)
)]
pub enum Place {
    /// In the hand.
    Hand,
    /// Face-up table card.
    FaceUp,
    /// Face-down table card.
    FaceDown,
}

impl Shithead {
    /// A new game with `dealer` dealing (H2: in a series, the last shithead).
    ///
    /// # Errors
    /// [`SetupError`] for a seat count outside 2–10, a bad rules value, or a
    /// dealer not at the table.
    pub fn with_dealer(rules: Rules, seats: usize, dealer: Seat) -> Result<Shithead, SetupError> {
        let decks = check_rules(&rules, seats)?;
        if dealer.index() >= seats {
            return Err(SetupError::Dealer(dealer));
        }
        Ok(Shithead {
            rules,
            n: seats as u8,
            decks,
            dealer,
            phase: Phase::Dealing,
            progress: 0,
            to_act: dealer,
            reversed: false,
            stage: Stage::Start,
            refill: false,
            group: None,
            group_len: 0,
            top: None,
            level: None,
            run: 0,
            must_open: None,
            by_limit: false,
            outs: 0,
            lefts: 0,
            actions: 0,
            status: [Status::Active; MAX_SEATS],
            hand: [CardMultiset::EMPTY; MAX_SEATS],
            up: [CardMultiset::EMPTY; MAX_SEATS],
            down: [CardMultiset::EMPTY; MAX_SEATS],
            known: [CardMultiset::EMPTY; MAX_SEATS],
            stock: CardMultiset::decks(CARDS_52, decks)
                .map_err(|_| SetupError::Decks(decks.into()))?,
            pile: CardMultiset::EMPTY,
            burned: CardMultiset::EMPTY,
            removed: CardMultiset::EMPTY,
        })
    }

    /// The phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The stage of the current turn.
    pub fn stage(&self) -> Stage {
        self.stage
    }

    /// The dealer.
    pub fn dealer(&self) -> Seat {
        self.dealer
    }

    /// Decks in play (H1).
    pub fn decks(&self) -> u8 {
        self.decks
    }

    /// Cards left in the stock.
    pub fn stock_len(&self) -> usize {
        self.stock.len()
    }

    /// The stock (hidden from every player).
    pub fn stock(&self) -> CardMultiset {
        self.stock
    }

    /// The pile's cards.
    pub fn pile(&self) -> CardMultiset {
        self.pile
    }

    /// The burned cards (out of the game).
    pub fn burned(&self) -> CardMultiset {
        self.burned
    }

    /// Cards of players who left (out of the game, H21).
    pub fn removed(&self) -> CardMultiset {
        self.removed
    }

    /// The pile's level: its topmost card that is not a 3 (H6).
    pub fn level(&self) -> Option<Rank> {
        self.level
    }

    /// The rank of the pile's top card.
    pub fn top(&self) -> Option<Rank> {
        self.top
    }

    /// How many cards of the top rank lie on top in a row (H8).
    pub fn run(&self) -> u8 {
        self.run
    }

    /// Whether play runs to lower seat numbers (a king reversed it, H18).
    pub fn reversed(&self) -> bool {
        self.reversed
    }

    /// The card the opening play must include (H4), until it is played.
    pub fn must_open(&self) -> Option<Card> {
        self.must_open
    }

    /// Player actions taken so far (H22).
    pub fn actions(&self) -> u32 {
        self.actions
    }

    /// A seat's hand (hidden from the others); `None` for a seat not at the table.
    pub fn hand(&self, seat: Seat) -> Option<CardMultiset> {
        self.hand[..self.n as usize].get(seat.index()).copied()
    }

    /// A seat's face-up table cards; `None` for a seat not at the table.
    pub fn face_up(&self, seat: Seat) -> Option<CardMultiset> {
        self.up[..self.n as usize].get(seat.index()).copied()
    }

    /// A seat's face-down table cards (hidden from everyone); `None` for a seat not at the table.
    pub fn face_down(&self, seat: Seat) -> Option<CardMultiset> {
        self.down[..self.n as usize].get(seat.index()).copied()
    }

    /// The cards everyone knows to be in a seat's hand (H23.3): taken from
    /// the face-up cards while arranging, picked up with the pile, or turned
    /// blind and taken, and not played since; `None` for a seat not at the
    /// table.
    pub fn known(&self, seat: Seat) -> Option<CardMultiset> {
        self.known[..self.n as usize].get(seat.index()).copied()
    }

    /// A seat's standing; `None` for a seat not at the table.
    pub fn status(&self, seat: Seat) -> Option<Status> {
        self.status[..self.n as usize].get(seat.index()).copied()
    }

    /// Every card of the game, copies counted: hands, table cards, stock, pile,
    /// burned and removed cards.
    pub fn all_cards(&self) -> CardMultiset {
        let mut all = CardMultiset::EMPTY;
        for s in 0..self.n as usize {
            for part in [self.hand[s], self.up[s], self.down[s]] {
                all.merge(part);
            }
        }
        for part in [self.stock, self.pile, self.burned, self.removed] {
            all.merge(part);
        }
        all
    }

    /// Cards a seat still holds (hand, face-up and face-down), H22's tie-break.
    pub fn held(&self, seat: Seat) -> usize {
        let s = seat.index();
        if s >= self.n as usize {
            return 0;
        }
        self.hand[s].len() + self.up[s].len() + self.down[s].len()
    }

    /// Whether the game ended at the action limit (H22).
    pub fn ended_by_limit(&self) -> bool {
        self.by_limit
    }

    #[inline]
    pub(crate) fn active(&self, s: Seat) -> bool {
        self.status[s.index()] == Status::Active
    }

    pub(crate) fn active_count(&self) -> usize {
        self.status[..self.n as usize]
            .iter()
            .filter(|s| **s == Status::Active)
            .count()
    }

    #[inline]
    fn step(&self, s: Seat) -> Seat {
        if self.reversed {
            Seat(if s.0 == 0 { self.n - 1 } else { s.0 - 1 })
        } else {
            Seat(if s.0 + 1 >= self.n { 0 } else { s.0 + 1 })
        }
    }

    /// The `k`-th active seat after `from` in the current direction (`from`
    /// counts when passed while active).
    pub(crate) fn nth_active_after(&self, from: Seat, k: u8) -> Seat {
        let mut s = from;
        let mut left = k;
        for _ in 0..(self.n as usize * (k as usize + 1)) {
            s = self.step(s);
            if self.active(s) {
                left -= 1;
                if left == 0 {
                    return s;
                }
            }
        }
        s
    }

    pub(crate) fn source(&self, p: Seat) -> Source {
        let i = p.index();
        source_of(self.hand[i], self.up[i], self.down[i].len())
    }

    /// The seat and place of deal step `i` (H2).
    pub(crate) fn deal_target(&self, i: u8) -> (Seat, Place) {
        let n = self.n as usize;
        let i = i as usize;
        let place = match i / (3 * n) {
            0 => Place::FaceDown,
            1 => Place::FaceUp,
            _ => Place::Hand,
        };
        (Seat(((self.dealer.index() + 1 + i % n) % n) as u8), place)
    }

    pub(crate) fn arrange_seat(&self, k: u8) -> Seat {
        Seat(((self.dealer.index() + 1 + k as usize) % self.n as usize) as u8)
    }
}

/// Moving cards between the places of one game: the union never passes the
/// decks' copies (every card is in exactly one place, `Setup` checks it on
/// load), and what is taken is there (the check before each move proves it).
/// Both are checked in debug builds.
pub(crate) trait Conserved {
    /// Adds `cards`, known to fit.
    fn merge(&mut self, cards: CardMultiset);
    /// Removes `cards`, known to be here.
    fn take(&mut self, cards: CardMultiset);
}

impl Conserved for CardMultiset {
    #[inline]
    fn merge(&mut self, cards: CardMultiset) {
        let fits = self.add_all(cards);
        debug_assert!(fits.is_ok(), "cards are conserved");
    }

    #[inline]
    fn take(&mut self, cards: CardMultiset) {
        let here = self.remove_all(cards);
        debug_assert!(here, "only cards that are here are taken");
    }
}
