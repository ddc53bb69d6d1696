//! Legal actions: the turn list (S9, S9.1, S11), the other phases' lists, and
//! the check of one action against the position.

use cards_core::{Card, CardSet, Rank, Suit};

use crate::action::Action;
use crate::error::Illegal;
use crate::state::{NO_SEAT, Phase, Schwimmen};

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

impl Schwimmen {
    /// Fills `out` with the legal actions, in the fixed order (`Game::legal_actions`).
    #[inline(always)]
    pub(crate) fn list_legal(&self, out: &mut Vec<Action>) {
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

    /// Whether `action` is legal now, without changing anything.
    #[inline(always)]
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

    /// The legal actions outside the turns: the chance steps, the dealer's choice, nothing.
    #[inline(never)]
    pub(crate) fn other_actions(&self, out: &mut Vec<Action>) {
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

    /// The chance action of the phase: a deal card, or a refill card (S5.1, S10).
    #[inline]
    pub(crate) fn chance_step(&self) -> fn(Card) -> Action {
        if self.phase == Phase::Deal {
            Action::Deal
        } else {
            Action::Refill
        }
    }
}
