//! Public position builders: [`Deal`] (a game dealt with chosen cards, no
//! chance order needed) and [`Position`] (a game in play, with the pile's
//! top, level and run worked out from the pile's order). Both load through
//! [`Shithead::from_setup`], so what they build is a valid position.

use cards_core::{Card, CardMultiset, Rank, Seat, deck::CARDS_52};

use crate::error::SetupError;
use crate::rules::{Rules, check_rules};
use crate::setup::Setup;
use crate::state::{Phase, Shithead, Stage, Status};

/// Parses cards, naming the text on failure.
fn parse(text: &str) -> Result<CardMultiset, SetupError> {
    text.parse()
        .map_err(|_| SetupError::NotCards(cards_core::text::echo(text).to_string()))
}

/// The cards of `decks` decks not in `used` (each copy used once).
fn rest_of(decks: u8, used: &[CardMultiset]) -> CardMultiset {
    let mut rest = CardMultiset::decks(CARDS_52, decks).unwrap_or_default();
    for part in used {
        for c in part.copies() {
            rest.remove(c);
        }
    }
    rest
}

/// The first `n` cards of `rest` in card order, taken out of it.
fn take_lowest(rest: &mut CardMultiset, n: usize) -> CardMultiset {
    let mut out = CardMultiset::EMPTY;
    for c in rest.copies().take(n).collect::<Vec<_>>() {
        rest.remove(c);
        // At most the decks' copies: each card comes out of `rest` once.
        let _ = out.add(c);
    }
    out
}

/// A game just dealt (H2) with the cards you choose, arranging next (H3):
/// no need to know in which order chance deals them.
///
/// Give any seat's hand, face-up or face-down cards (three each); places
/// you leave out get the lowest remaining cards (twos first, each rank
/// clubs to spades), seat by seat, and the stock holds the rest,
/// unless you give it too. The dealer is the last seat unless you say.
///
/// ```
/// use cards_core::Seat;
/// use shithead::{Deal, Phase, Rules};
/// let g = Deal::new(Rules::default(), 2)
///     .hand(Seat(0), "4C 9H AS")
///     .face_up(Seat(0), "TC TD TH")
///     .hand(Seat(1), "5C 5D 5H")
///     .build()?;
/// assert_eq!(g.phase(), Phase::Arranging);
/// assert_eq!(g.hand(Seat(0)), Some("4C 9H AS".parse()?));
/// assert_eq!(g.stock_len(), 52 - 18);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Deal {
    rules: Rules,
    seats: usize,
    dealer: Option<Seat>,
    places: Vec<[Option<CardMultiset>; 3]>,
    stock: Option<CardMultiset>,
    error: Option<SetupError>,
}

const HAND: usize = 0;
const UP: usize = 1;
const DOWN: usize = 2;

impl Deal {
    /// A deal for `seats` players under `rules`.
    pub fn new(rules: Rules, seats: usize) -> Deal {
        Deal {
            rules,
            seats,
            dealer: None,
            places: vec![[None; 3]; seats],
            stock: None,
            error: None,
        }
    }

    fn set(mut self, seat: Seat, place: usize, text: &str) -> Deal {
        match (parse(text), self.places.get_mut(seat.index())) {
            (Ok(c), Some(p)) => p[place] = Some(c),
            (Err(e), _) => {
                self.error.get_or_insert(e);
            }
            (_, None) => {
                self.error
                    .get_or_insert(SetupError::Position("a dealt seat is not at the table"));
            }
        }
        self
    }

    /// The dealer (H2); the last seat by default.
    pub fn dealer(mut self, seat: Seat) -> Deal {
        self.dealer = Some(seat);
        self
    }

    /// A seat's three hand cards, as text (`"4C 9H AS"`).
    pub fn hand(self, seat: Seat, cards: &str) -> Deal {
        self.set(seat, HAND, cards)
    }

    /// A seat's three face-up cards.
    pub fn face_up(self, seat: Seat, cards: &str) -> Deal {
        self.set(seat, UP, cards)
    }

    /// A seat's three face-down cards.
    pub fn face_down(self, seat: Seat, cards: &str) -> Deal {
        self.set(seat, DOWN, cards)
    }

    /// The stock (by default every card not dealt).
    pub fn stock(mut self, cards: &str) -> Deal {
        match parse(cards) {
            Ok(c) => self.stock = Some(c),
            Err(e) => {
                self.error.get_or_insert(e);
            }
        }
        self
    }

    /// The dealt game, arranging next.
    ///
    /// # Errors
    /// A [`SetupError`] naming what is wrong: a text that is not cards, a
    /// place given other than three cards (H2), a card given twice or,
    /// with a stock given, a card that lies nowhere (H1).
    pub fn build(self) -> Result<Shithead, SetupError> {
        if let Some(e) = self.error {
            return Err(e);
        }
        let n = self.seats;
        let decks = check_rules(&self.rules, n)?;
        let given: Vec<CardMultiset> = self
            .places
            .iter()
            .flatten()
            .flatten()
            .copied()
            .chain(self.stock)
            .collect();
        if given
            .iter()
            .take(given.len() - usize::from(self.stock.is_some()))
            .any(|p| p.len() != 3)
        {
            return Err(SetupError::Position(
                "a deal gives each seat three hand, three face-up and three face-down cards (H2)",
            ));
        }
        let mut rest = rest_of(decks, &given);
        let mut filled = vec![[CardMultiset::EMPTY; 3]; n];
        for (s, places) in self.places.iter().enumerate() {
            for (k, p) in places.iter().enumerate() {
                filled[s][k] = p.unwrap_or_else(|| take_lowest(&mut rest, 3));
            }
        }
        let dealer = self.dealer.unwrap_or(Seat(n.saturating_sub(1) as u8));
        let setup = Setup {
            rules: self.rules,
            seats: n as u8,
            dealer,
            phase: Phase::Arranging,
            progress: 0,
            to_act: Seat(((dealer.index() + 1) % n) as u8),
            reversed: false,
            stage: Stage::Start,
            refill: false,
            group: None,
            group_len: 0,
            top: None,
            level: None,
            run: 0,
            must_open: None,
            ended_by_limit: false,
            actions: 0,
            status: vec![Status::Active; n],
            hands: filled.iter().map(|p| p[HAND]).collect(),
            face_up: filled.iter().map(|p| p[UP]).collect(),
            face_down: filled.iter().map(|p| p[DOWN]).collect(),
            known: Vec::new(),
            stock: self.stock.unwrap_or(rest),
            pile: CardMultiset::EMPTY,
            burned: CardMultiset::EMPTY,
            removed: CardMultiset::EMPTY,
        };
        Shithead::from_setup(setup)
    }
}

/// A game in play, built by hand (puzzles, tests, bug reports): give the
/// hands, table cards, the pile in the order it was laid and the stock;
/// every other card counts as burned. The pile's top, level and run (H6, H8)
/// are worked out from its order.
///
/// Seats given no cards at all are out, in seat order (left, when the stock
/// is not empty); say otherwise with [`status`](Position::status). Seat 0
/// is to act, the dealer is the last seat, and play runs to higher seats,
/// unless you say.
///
/// ```
/// use cards_core::{Game, Rank, Seat};
/// use shithead::{Position, Rules};
/// let g = Position::new(Rules::default(), 3)
///     .hand(Seat(0), "5C 8D 8H")
///     .hand(Seat(1), "KC")
///     .face_down(Seat(2), "AS")
///     .pile("9C 7H 3S 3D")
///     .build()?;
/// assert_eq!(g.top(), Some(Rank::Three));
/// assert_eq!(g.level(), Some(Rank::Seven)); // 3s are see-through (H13)
/// assert_eq!(g.run(), 2);
/// assert_eq!(g.burned().len(), 52 - 9);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Position {
    rules: Rules,
    seats: usize,
    to_act: Seat,
    dealer: Option<Seat>,
    reversed: bool,
    places: Vec<[CardMultiset; 3]>,
    status: Vec<Option<Status>>,
    pile: Vec<Card>,
    stock: CardMultiset,
    known: Vec<CardMultiset>,
    error: Option<SetupError>,
}

impl Position {
    /// An empty table of `seats` players under `rules`.
    pub fn new(rules: Rules, seats: usize) -> Position {
        Position {
            rules,
            seats,
            to_act: Seat(0),
            dealer: None,
            reversed: false,
            places: vec![[CardMultiset::EMPTY; 3]; seats],
            status: vec![None; seats],
            pile: Vec::new(),
            stock: CardMultiset::EMPTY,
            known: vec![CardMultiset::EMPTY; seats],
            error: None,
        }
    }

    fn fail(&mut self, e: SetupError) {
        self.error.get_or_insert(e);
    }

    fn set(mut self, seat: Seat, place: usize, text: &str) -> Position {
        match (parse(text), self.places.get_mut(seat.index())) {
            (Ok(c), Some(p)) => p[place] = c,
            (Err(e), _) => self.fail(e),
            (_, None) => self.fail(SetupError::Position(
                "a seat given cards is not at the table",
            )),
        }
        self
    }

    /// A seat's hand, as text (`"5C 8D 8H"`).
    pub fn hand(self, seat: Seat, cards: &str) -> Position {
        self.set(seat, HAND, cards)
    }

    /// A seat's face-up cards.
    pub fn face_up(self, seat: Seat, cards: &str) -> Position {
        self.set(seat, UP, cards)
    }

    /// A seat's face-down cards.
    pub fn face_down(self, seat: Seat, cards: &str) -> Position {
        self.set(seat, DOWN, cards)
    }

    /// Cards of a seat's hand that everyone saw go into it (H23.3), say
    /// with a pile it picked up; they must be in its hand.
    pub fn known(mut self, seat: Seat, cards: &str) -> Position {
        match (parse(cards), self.known.get_mut(seat.index())) {
            (Ok(c), Some(k)) => *k = c,
            (Err(e), _) => self.fail(e),
            (_, None) => self.fail(SetupError::Position(
                "a seat given known cards is not at the table",
            )),
        }
        self
    }

    /// The pile, bottom card first (`"9C 7H 3S"`: a 3 lies on top).
    pub fn pile(mut self, cards: &str) -> Position {
        let parsed: Result<Vec<Card>, _> =
            cards.split_whitespace().map(str::parse::<Card>).collect();
        match parsed {
            Ok(v) => self.pile = v,
            Err(_) => self.fail(SetupError::NotCards(
                cards_core::text::echo(cards).to_string(),
            )),
        }
        self
    }

    /// The stock (empty by default).
    pub fn stock(mut self, cards: &str) -> Position {
        match parse(cards) {
            Ok(c) => self.stock = c,
            Err(e) => self.fail(e),
        }
        self
    }

    /// The seat to act (seat 0 by default).
    pub fn to_act(mut self, seat: Seat) -> Position {
        self.to_act = seat;
        self
    }

    /// The dealer (the last seat by default).
    pub fn dealer(mut self, seat: Seat) -> Position {
        self.dealer = Some(seat);
        self
    }

    /// Whether play runs to lower seat numbers (kings reversed it, H18).
    pub fn reversed(mut self, reversed: bool) -> Position {
        self.reversed = reversed;
        self
    }

    /// A seat's standing, instead of the default (active with cards, else
    /// out or left in seat order).
    pub fn status(mut self, seat: Seat, status: Status) -> Position {
        match self.status.get_mut(seat.index()) {
            Some(s) => *s = Some(status),
            None => self.fail(SetupError::Position(
                "a seat given a status is not at the table",
            )),
        }
        self
    }

    /// The position, validated.
    ///
    /// # Errors
    /// A [`SetupError`] naming what is wrong: a text that is not cards, a
    /// card given twice (H1), or a position the rules cannot reach (see
    /// [`Shithead::from_setup`]).
    pub fn build(self) -> Result<Shithead, SetupError> {
        if let Some(e) = self.error {
            return Err(e);
        }
        let n = self.seats;
        let decks = check_rules(&self.rules, n)?;
        let mut pile = CardMultiset::EMPTY;
        let (mut top, mut level, mut run) = (None, None, 0u8);
        for &c in &self.pile {
            pile.add(c).map_err(|_| SetupError::Twice {
                card: c,
                first: crate::error::Spot::Pile,
                second: crate::error::Spot::Pile,
            })?;
            if top == Some(c.rank()) {
                run = run.saturating_add(1);
            } else {
                top = Some(c.rank());
                run = 1;
            }
            if c.rank() != Rank::Three {
                level = Some(c.rank());
            }
        }
        let mut used: Vec<CardMultiset> = self.places.iter().flatten().copied().collect();
        used.extend([self.stock, pile]);
        let burned = rest_of(decks, &used);
        let (mut outs, mut lefts) = (0u8, 0u8);
        let status: Vec<Status> = (0..n)
            .map(|i| {
                if let Some(s) = self.status[i] {
                    return s;
                }
                if self.places[i].iter().any(|p| !p.is_empty()) {
                    Status::Active
                } else if self.stock.is_empty() {
                    outs += 1;
                    Status::Out(outs - 1)
                } else {
                    lefts += 1;
                    Status::Left(lefts - 1)
                }
            })
            .collect();
        let setup = Setup {
            rules: self.rules,
            seats: n as u8,
            dealer: self.dealer.unwrap_or(Seat(n.saturating_sub(1) as u8)),
            phase: Phase::Playing,
            progress: 0,
            to_act: self.to_act,
            reversed: self.reversed,
            stage: Stage::Start,
            refill: false,
            group: None,
            group_len: 0,
            top,
            level,
            run,
            must_open: None,
            ended_by_limit: false,
            actions: 0,
            status,
            hands: self.places.iter().map(|p| p[HAND]).collect(),
            face_up: self.places.iter().map(|p| p[UP]).collect(),
            face_down: self.places.iter().map(|p| p[DOWN]).collect(),
            known: self.known.clone(),
            stock: self.stock,
            pile,
            burned,
            removed: CardMultiset::EMPTY,
        };
        Shithead::from_setup(setup)
    }
}
