//! Public position builders: a fixed deal without knowing the chance order
//! ([`DealBuilder`]), and a position during turns with the round's bookkeeping
//! filled in ([`TurnsBuilder`]). Both load through the same checks as a save.

use cards_core::{CardSet, Game, Seat, deck};

use crate::action::Action;
use crate::error::SetupError;
use crate::rules::Rules;
use crate::setup::Setup;
use crate::state::{Fate, Phase, Schwimmen};

/// A card set from text, or the error naming the place it was meant for.
fn cards(text: &str, place: &str) -> Result<CardSet, SetupError> {
    let set: CardSet = text
        .parse()
        .map_err(|e| SetupError::Cards(format!("{place}: {e}")))?;
    if let Some(c) = (set - deck::CARDS_32).first() {
        return Err(SetupError::Cards(format!(
            "{c} in {place} is not in the 32-card deck"
        )));
    }
    Ok(set)
}

/// Adds `set` to `used`, refusing a card already placed elsewhere.
fn place(used: &mut Vec<(CardSet, String)>, set: CardSet, place: String) -> Result<(), SetupError> {
    for (other, name) in used.iter() {
        if let Some(c) = (set & *other).first() {
            return Err(SetupError::Cards(format!(
                "{c} is both in {name} and in {place}"
            )));
        }
    }
    used.push((set, place));
    Ok(())
}

/// Deals fixed hands and a fixed second pack, in whatever order the deal asks
/// for them (S5.1), up to the dealer's choice; the other cards stay in the stock.
///
/// ```
/// use cards_core::{Game, Seat};
/// use schwimmen::{DealBuilder, Phase, Rules};
/// let g = DealBuilder::new(Rules::default(), 3)
///     .hand(Seat(0), "7C 8C 9C")
///     .hand(Seat(1), "AH KH QH")
///     .hand(Seat(2), "7D 7H 7S")
///     .second_pack("AS KS TS")
///     .build()?;
/// assert_eq!(g.phase(), Phase::DealerChoice);
/// assert_eq!(g.hand(Seat(1)), Some("AH KH QH".parse()?));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct DealBuilder {
    rules: Rules,
    seats: usize,
    hands: Vec<String>,
    pack: String,
}

impl DealBuilder {
    /// A deal at a new table of `seats` under `rules` (the first dealer deals).
    pub fn new(rules: Rules, seats: usize) -> DealBuilder {
        DealBuilder {
            rules,
            seats,
            hands: vec![String::new(); seats],
            pack: String::new(),
        }
    }

    /// The three cards `seat` is dealt, as text ("AH KH QH").
    pub fn hand(mut self, seat: Seat, text: &str) -> DealBuilder {
        if let Some(h) = self.hands.get_mut(seat.index()) {
            *h = text.to_string();
        }
        self
    }

    /// The three cards of the dealer's face-down second pack.
    pub fn second_pack(mut self, text: &str) -> DealBuilder {
        self.pack = text.to_string();
        self
    }

    /// Deals the cards.
    ///
    /// # Errors
    /// A bad rule or seat count; a card that is not in the deck or placed twice
    /// ("7H is both in seat 1's hand and in the second pack"); a hand or pack
    /// without three cards (S5).
    pub fn build(&self) -> Result<Schwimmen, SetupError> {
        let mut g = Schwimmen::new(self.rules, self.seats)?;
        let mut used = Vec::new();
        let mut piles = Vec::new();
        for (i, text) in self.hands.iter().enumerate() {
            let name = format!("seat {i}'s hand");
            let set = cards(text, &name)?;
            if set.len() != 3 {
                return Err(SetupError::Cards(format!(
                    "{name} is dealt three cards, not {} (S5)",
                    set.len()
                )));
            }
            place(&mut used, set, name)?;
            piles.push(set);
        }
        let mut pack = cards(&self.pack, "the second pack")?;
        if pack.len() != 3 {
            return Err(SetupError::Cards(format!(
                "the second pack holds three cards, not {} (S5)",
                pack.len()
            )));
        }
        place(&mut used, pack, "the second pack".to_string())?;
        while let Some((seat, to_pack)) = g.next_receiver() {
            let pile = if to_pack {
                &mut pack
            } else {
                &mut piles[seat.index()]
            };
            let Some(c) = pile.first() else {
                return Err(SetupError::Position("the deal ran out of cards (S5.1)"));
            };
            pile.remove(c);
            g.apply_mut(&Action::Deal(c))
                .map_err(|_| SetupError::Position("the deal refused a card (S5.1)"))?;
        }
        Ok(g)
    }
}

/// A position during turns (S9) with the round's bookkeeping filled in: by
/// default everyone in has had one turn (so the mover may knock, S11), nobody
/// passed, no knock, dealer seat 0, all lives as the rules give, and the cards
/// not placed in the stock.
///
/// ```
/// use cards_core::{Game, Seat, Viewer};
/// use schwimmen::{Rules, TurnsBuilder};
/// let g = TurnsBuilder::new(Rules::default(), &["AH KH 7C", "7D 8C 9S", "JD QD 8H"])
///     .middle("QH 8S 9D")
///     .to_act(Seat(0))
///     .taken(Seat(1), "9S")
///     .lives(&[1, 0, 2])
///     .build()?;
/// let v = g.observe(Viewer::Seat(Seat(2)));
/// assert!(v.may_knock && v.taken[Seat(1)] == "9S".parse()?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct TurnsBuilder {
    rules: Rules,
    hands: Vec<String>,
    middle: String,
    to_act: Seat,
    dealer: Seat,
    knocker: Option<Seat>,
    lives: Option<Vec<u8>>,
    taken: Vec<(Seat, String)>,
    first_turns: bool,
}

impl TurnsBuilder {
    /// Hands by seat (an empty string for a seat that is out).
    pub fn new(rules: Rules, hands: &[&str]) -> TurnsBuilder {
        TurnsBuilder {
            rules,
            hands: hands.iter().map(ToString::to_string).collect(),
            middle: String::new(),
            to_act: Seat(0),
            dealer: Seat(0),
            knocker: None,
            lives: None,
            taken: Vec::new(),
            first_turns: false,
        }
    }

    /// The three middle cards.
    pub fn middle(mut self, text: &str) -> TurnsBuilder {
        self.middle = text.to_string();
        self
    }

    /// The seat to move.
    pub fn to_act(mut self, seat: Seat) -> TurnsBuilder {
        self.to_act = seat;
        self
    }

    /// The dealer (default seat 0).
    pub fn dealer(mut self, seat: Seat) -> TurnsBuilder {
        self.dealer = seat;
        self
    }

    /// The seat that knocked (S11.1): the last turns are under way.
    pub fn knocker(mut self, seat: Seat) -> TurnsBuilder {
        self.knocker = Some(seat);
        self
    }

    /// Lives by seat (default: the rules' lives for everyone); a seat with no
    /// hand and 0 lives drowned in an earlier round.
    pub fn lives(mut self, lives: &[u8]) -> TurnsBuilder {
        self.lives = Some(lives.to_vec());
        self
    }

    /// Cards `seat` took face up from the middle and still holds (S23.2).
    pub fn taken(mut self, seat: Seat, text: &str) -> TurnsBuilder {
        self.taken.push((seat, text.to_string()));
        self
    }

    /// Nobody has had a turn yet this round (so nobody may knock, S11).
    pub fn first_turns(mut self) -> TurnsBuilder {
        self.first_turns = true;
        self
    }

    /// The position written out, not yet checked.
    ///
    /// # Errors
    /// A card that does not parse, is not in the deck or is placed twice.
    pub fn to_setup(&self) -> Result<Setup, SetupError> {
        let n = self.hands.len();
        let mut used = Vec::new();
        let mut hands = Vec::with_capacity(n);
        for (i, text) in self.hands.iter().enumerate() {
            let name = format!("seat {i}'s hand");
            let set = cards(text, &name)?;
            place(&mut used, set, name)?;
            hands.push(set);
        }
        let middle = cards(&self.middle, "the middle")?;
        place(&mut used, middle, "the middle".to_string())?;
        let mut taken = vec![CardSet::EMPTY; n];
        for (seat, text) in &self.taken {
            let name = format!("{seat}'s taken cards");
            let set = cards(text, &name)?;
            match (taken.get_mut(seat.index()), hands.get(seat.index())) {
                (Some(t), Some(h)) if set.is_subset(*h) => *t |= set,
                _ => {
                    return Err(SetupError::Cards(format!(
                        "{set} is taken by {seat} but not in {seat}'s hand (S23.2)"
                    )));
                }
            }
        }
        let lives = self
            .lives
            .clone()
            .unwrap_or_else(|| vec![self.rules.lives; n]);
        let mut drowned = 0u16;
        let fates: Vec<Fate> = (0..n)
            .map(|i| {
                if hands[i].is_empty() {
                    drowned += 1;
                    Fate::Drowned(0)
                } else {
                    Fate::Active
                }
            })
            .collect();
        let players: Vec<Seat> = (0..n as u8)
            .filter(|&s| !hands[usize::from(s)].is_empty())
            .map(Seat)
            .collect();
        let moved = if self.first_turns {
            Vec::new()
        } else {
            players.clone()
        };
        let placed = used.iter().fold(CardSet::EMPTY, |a, (s, _)| a | *s);
        // A drowned seat drowned in round 0, and lives are lost only at a round's
        // end (S3, S19.1): with either this is round 1 at least.
        let round = u16::from(drowned > 0 || lives.iter().any(|&l| l < self.rules.lives));
        Ok(Setup {
            rules: self.rules,
            phase: Phase::Turns,
            dealer: self.dealer,
            to_act: self.to_act,
            knocker: self.knocker,
            lives,
            fates,
            hands,
            second_pack: CardSet::EMPTY,
            middle,
            discards: CardSet::EMPTY,
            face_down_discards: CardSet::EMPTY,
            stock: deck::CARDS_32 - placed,
            passed: Vec::new(),
            turns: moved.len() as u16,
            moved,
            round,
            shown: vec![CardSet::EMPTY; n],
            shown_middle: CardSet::EMPTY,
            lives_lost: Vec::new(),
            scored_round: None,
            taken: if taken.iter().all(|t| t.is_empty()) {
                Vec::new()
            } else {
                taken
            },
            known_face_down: CardSet::EMPTY,
        })
    }

    /// The position, checked like a save ([`Schwimmen::from_setup`]).
    ///
    /// # Errors
    /// What [`TurnsBuilder::to_setup`] refuses, and whatever the rules cannot
    /// reach (say, a 31 in a hand during turns, S14 b).
    pub fn build(&self) -> Result<Schwimmen, SetupError> {
        Schwimmen::from_setup(&self.to_setup()?)
    }
}
