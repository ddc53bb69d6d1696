//! [`Position`]: build a position by hand — hands, open cards, trumps, what lies on
//! the table — without knowing the chance order; the builder fills the derived parts
//! (the deck and the supply hold whatever was not placed, the target follows the Go
//! fors, round bookkeeping) and names the card, the seat and the place of a mistake.

use cards_core::{Game, Seat};

use crate::error::SetupError;
use crate::numbers::NumberCounts;
use crate::rules::Rules;
use crate::setup::Setup;
use crate::state::{LastRound, OpenTrump, Phase, Trump21};
use crate::trump::{Trump, TrumpCounts};

/// A position under construction: seat `turn` (default 0) is in his trump step of
/// round 1 (or the round set), every number card not placed is in the deck and every
/// trump not placed is in the supply.
///
/// A dealt round, seat 1 to act, holding a Shield; seat 0 has played a Go for 17:
///
/// ```
/// use cards_core::{Game, Seat};
/// use trump21::{Position, Rules, Trump};
/// let g = Position::new(Rules::default(), 2)
///     .hand(Seat(0), 10, &[6])
///     .hand(Seat(1), 4, &[9, 2])
///     .trumps(Seat(1), &[Trump::Shield])
///     .played(Trump::GoFor17, Seat(0))
///     .turn(Seat(1))
///     .build()?;
/// assert_eq!(g.target(), 17);
/// assert_eq!(g.deck().total(), 44 - 5);
/// assert!(g.observe(cards_core::Viewer::Seat(Seat(1))).legal_actions().len() > 2);
/// # Ok::<(), trump21::SetupError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Position {
    rules: Rules,
    seats: usize,
    hands: Vec<(u8, Vec<u8>)>,
    trumps: Vec<TrumpCounts>,
    played: Vec<OpenTrump>,
    pile: TrumpCounts,
    discards: Vec<u8>,
    deck: Option<Vec<u8>>,
    turn: Seat,
    round: u32,
}

impl Position {
    /// An empty table of `seats` seats under `rules`.
    pub fn new(rules: Rules, seats: usize) -> Position {
        Position {
            rules,
            seats,
            hands: vec![(0, Vec::new()); seats],
            trumps: vec![TrumpCounts::EMPTY; seats],
            played: Vec::new(),
            pile: TrumpCounts::EMPTY,
            discards: Vec::new(),
            deck: None,
            turn: Seat(0),
            round: 1,
        }
    }

    /// The seat's hidden card and open cards in the order received (T5, T12.10).
    pub fn hand(mut self, seat: Seat, hidden: u8, open: &[u8]) -> Position {
        if let Some(h) = self.hands.get_mut(seat.index()) {
            *h = (hidden, open.to_vec());
        }
        self
    }

    /// Hidden trumps in the seat's hand.
    pub fn trumps(mut self, seat: Seat, kinds: &[Trump]) -> Position {
        if let Some(t) = self.trumps.get_mut(seat.index()) {
            for &k in kinds {
                t.add(k);
            }
        }
        self
    }

    /// A trump played earlier this round, lying open at `holder` (in the order of calls).
    pub fn played(mut self, kind: Trump, holder: Seat) -> Position {
        self.played.push(OpenTrump { kind, holder });
        self
    }

    /// Trumps in the face-down draw pile (T3).
    pub fn draw_pile(mut self, kinds: &[Trump]) -> Position {
        for &k in kinds {
            self.pile.add(k);
        }
        self
    }

    /// Number cards on the discard pile.
    pub fn discards(mut self, values: &[u8]) -> Position {
        self.discards.extend_from_slice(values);
        self
    }

    /// Exactly these number cards in the deck; the rest not placed go to the discards.
    pub fn deck(mut self, values: &[u8]) -> Position {
        self.deck = Some(values.to_vec());
        self
    }

    /// The seat to act (in his trump step).
    pub fn turn(mut self, seat: Seat) -> Position {
        self.turn = seat;
        self
    }

    /// The round number, with the bookkeeping play leaves: every earlier round scored,
    /// the last of them shown (won by the turn's seat at target 21, nobody hurt).
    pub fn round(mut self, round: u32) -> Position {
        self.round = round.max(1);
        self
    }

    /// The [`Setup`] of the position (not yet checked: [`Position::build`] checks it).
    ///
    /// # Errors
    /// [`SetupError::Placement`] naming the card or trump, the seat and the place when
    /// more are placed than the rules' decks hold.
    pub fn setup(self) -> Result<Setup, SetupError> {
        let g = Trump21::new(self.rules, self.seats)?;
        let mut s = crate::setup::setup_of(&g);
        let mut left = NumberCounts::full(self.rules.copies);
        let mut take = |v: u8, place: String| -> Result<(), SetupError> {
            if !(1..=11).contains(&v) || left[usize::from(v)] == 0 {
                return Err(SetupError::Placement(format!(
                    "{} in {place}: the deck has {} of value {v} (T1)",
                    if (1..=11).contains(&v) {
                        "one card too many"
                    } else {
                        "no such card"
                    },
                    if (1..=11).contains(&v) {
                        self.rules.copies
                    } else {
                        0
                    }
                )));
            }
            left[usize::from(v)] -= 1;
            Ok(())
        };
        for (i, (hidden, open)) in self.hands.iter().enumerate() {
            let seat = Seat(i as u8);
            if *hidden != 0 {
                take(*hidden, format!("{seat}'s hidden card"))?;
            }
            for &v in open {
                take(v, format!("{seat}'s open cards"))?;
            }
            s.seats[i].hidden = *hidden;
            s.seats[i].open_cards = open.clone();
        }
        let mut discards = NumberCounts::EMPTY;
        for &v in &self.discards {
            take(v, "the discards".to_string())?;
            discards[usize::from(v)] += 1;
        }
        let deck = match &self.deck {
            Some(values) => {
                let mut d = NumberCounts::EMPTY;
                for &v in values {
                    take(v, "the deck".to_string())?;
                    d[usize::from(v)] += 1;
                }
                for (v, c) in left.iter() {
                    discards[usize::from(v)] += c;
                }
                d
            }
            None => left,
        };
        s.deck = deck;
        s.discards = discards;
        let mut supply = self.rules.trumps;
        let mut trump = |k: Trump, place: String| -> Result<(), SetupError> {
            if supply.remove(k) {
                Ok(())
            } else {
                Err(SetupError::Placement(format!(
                    "one {} too many in {place}: the trump deck has {} (T2)",
                    k.title(),
                    self.rules.trumps.get(k)
                )))
            }
        };
        for (i, t) in self.trumps.iter().enumerate() {
            for (k, c) in t.iter() {
                for _ in 0..c {
                    trump(k, format!("seat {i}'s hand"))?;
                }
            }
            s.seats[i].trumps = *t;
        }
        for o in &self.played {
            trump(o.kind, format!("the trumps lying at {}", o.holder))?;
        }
        for (k, c) in self.pile.iter() {
            for _ in 0..c {
                trump(k, "the draw pile".to_string())?;
            }
        }
        s.supply = supply;
        s.draw_pile = self.pile;
        s.open_trumps = self.played.clone();
        s.phase = Phase::Play;
        s.turn = self.turn;
        s.opener = self.turn;
        s.round = self.round;
        s.scored = self.round - 1;
        s.last_round = (self.round > 1).then(|| LastRound {
            round: self.round - 1,
            target: 21,
            winners: 1 << self.turn.0.min(7),
            ..LastRound::default()
        });
        Ok(s)
    }

    /// The position, checked like any loaded one ([`Trump21::from_setup`]).
    ///
    /// # Errors
    /// [`SetupError::Placement`] from [`Position::setup`], or the check's error.
    pub fn build(self) -> Result<Trump21, SetupError> {
        Trump21::from_setup(self.setup()?)
    }
}
