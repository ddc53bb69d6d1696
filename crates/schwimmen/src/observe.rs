//! What a seat may know (S23): [`View`], and applied actions as a seat sees them: [`Event`].

use std::fmt;

use cards_core::{Actor, Card, CardSet, Game, PerSeat, Seat, SeatView, Viewer, deck};

use crate::action::Action;
use crate::error::SetupError;
use crate::legal::turn_actions;
use crate::rules::Rules;
use crate::score::HandValue;
use crate::state::{Fate, MAX_SEATS, MIN_SEATS, Phase, Schwimmen};

// Every per-seat list of a state fits a `PerSeat` (S2: at most 9 seats).
const _: () = assert!(crate::state::MAX_SEATS <= cards_core::MAX_SEATS);

/// A per-seat list of a state (at most [`MAX_SEATS`](crate::MAX_SEATS) long, so
/// it always fits) as a `PerSeat`.
fn per<T: Copy + Default>(v: &[T]) -> PerSeat<T> {
    debug_assert!(v.len() <= crate::state::MAX_SEATS);
    PerSeat::from_slice(v).unwrap_or_else(|| PerSeat::new(0, T::default()))
}

/// One viewer's knowledge of a game (S23, S23.1).
///
/// Hidden cards are not representable: the only card set that is not public
/// is `hand`, the viewer's own hand (empty for a spectator). Other hands, the
/// dealer's face-down second pack, the face-down discards and the stock are
/// counts.
///
/// A view read from JSON (say, by a client from its server) is checked on the
/// way in ([`View::validate`]): seats at the table, counts within the rules'
/// bounds, the 32 cards accounted for, the phase and the actor agreeing. So an
/// accepted view's [`legal_actions`](SeatView::legal_actions) are those of the
/// position it describes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "ViewData"))]
pub struct View {
    /// Who looks.
    pub viewer: Viewer,
    /// The rules (public).
    pub rules: Rules,
    /// The round's phase (S23.1).
    pub phase: Phase,
    /// Who acts now.
    pub actor: Actor,
    /// The dealer.
    pub dealer: Seat,
    /// The viewer's own hand; during the dealer's choice the dealer's first pack (S23.1).
    pub hand: CardSet,
    /// How many cards each seat holds.
    pub hand_sizes: PerSeat<u8>,
    /// Cards in the dealer's face-down second pack.
    pub second_pack: u8,
    /// The face-up middle.
    pub middle: CardSet,
    /// The face-up discards.
    pub discards: CardSet,
    /// Face-down discards (hands of players who left mid-round).
    pub face_down_discards: u8,
    /// Cards in the stock.
    pub stock: u8,
    /// Lives by seat (0 while swimming or out).
    pub lives: PerSeat<u8>,
    /// Standing by seat.
    pub fates: PerSeat<Fate>,
    /// Who knocked this round (S23.1).
    pub knocker: Option<Seat>,
    /// Whether the player to move may knock now (S23.1).
    pub may_knock: bool,
    /// Passes in a row (S10.1).
    pub passes: u8,
    /// Turns taken this round (S14.1).
    pub turns: u16,
    /// Rounds finished so far.
    pub round: u16,
    /// Hands shown at the last round end (S14, S23).
    pub shown: PerSeat<CardSet>,
}

/// A [`View`] as read from JSON, before [`View::validate`].
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct ViewData {
    viewer: Viewer,
    rules: Rules,
    phase: Phase,
    actor: Actor,
    dealer: Seat,
    hand: CardSet,
    hand_sizes: PerSeat<u8>,
    second_pack: u8,
    middle: CardSet,
    discards: CardSet,
    face_down_discards: u8,
    stock: u8,
    lives: PerSeat<u8>,
    fates: PerSeat<Fate>,
    knocker: Option<Seat>,
    may_knock: bool,
    passes: u8,
    turns: u16,
    round: u16,
    shown: PerSeat<CardSet>,
}

#[cfg(feature = "serde")]
impl TryFrom<ViewData> for View {
    type Error = SetupError;
    fn try_from(d: ViewData) -> Result<View, SetupError> {
        let v = View {
            viewer: d.viewer,
            rules: d.rules,
            phase: d.phase,
            actor: d.actor,
            dealer: d.dealer,
            hand: d.hand,
            hand_sizes: d.hand_sizes,
            second_pack: d.second_pack,
            middle: d.middle,
            discards: d.discards,
            face_down_discards: d.face_down_discards,
            stock: d.stock,
            lives: d.lives,
            fates: d.fates,
            knocker: d.knocker,
            may_knock: d.may_knock,
            passes: d.passes,
            turns: d.turns,
            round: d.round,
            shown: d.shown,
        };
        v.validate()?;
        Ok(v)
    }
}

impl View {
    pub(crate) fn of(g: &Schwimmen, viewer: Viewer) -> View {
        let n = usize::from(g.n);
        let hand = match viewer {
            Viewer::Seat(s) if s.index() < n => g.hands[s.index()],
            _ => CardSet::EMPTY,
        };
        let sizes: Vec<u8> = g.hands[..n].iter().map(|h| h.len() as u8).collect();
        View {
            viewer,
            rules: g.rules,
            phase: g.phase,
            actor: g.actor(),
            dealer: Seat(g.dealer),
            hand,
            hand_sizes: per(&sizes),
            second_pack: g.pack.len() as u8,
            middle: g.middle,
            discards: g.discards,
            face_down_discards: g.folded.len() as u8,
            stock: g.stock.len() as u8,
            lives: per(&g.lives[..n]),
            fates: per(&g.fate[..n]),
            knocker: g.knocker(),
            may_knock: g.may_knock(),
            passes: g.passes(),
            turns: g.turns,
            round: g.round,
            shown: per(&g.shown[..n]),
        }
    }

    /// Checks that the view describes a position the rules allow (S1, S2, S3, S5,
    /// S9, S11, S14.1, S19.1, S23); views made by `observe` always pass.
    ///
    /// # Errors
    /// [`SetupError::Position`] naming the first field that does not fit.
    pub fn validate(&self) -> Result<(), SetupError> {
        let bad = |why| Err(SetupError::Position(why));
        let n = self.hand_sizes.len();
        if !(MIN_SEATS..=MAX_SEATS).contains(&n)
            || self.lives.len() != n
            || self.fates.len() != n
            || self.shown.len() != n
        {
            return bad("a view has one entry per seat for 2 to 9 seats (S2)");
        }
        self.rules.validate()?;
        let at_table = |s: Seat| s.index() < n;
        if !at_table(self.dealer)
            || self.knocker.is_some_and(|k| !at_table(k))
            || matches!(self.viewer, Viewer::Seat(s) if !at_table(s))
            || matches!(self.actor, Actor::Player(s) if !at_table(s))
        {
            return bad("the viewer, dealer, knocker and actor sit at the table (S2)");
        }
        let actor_fits = match (self.phase, self.actor) {
            (Phase::Deal | Phase::Refill, Actor::Chance) | (Phase::Over, Actor::Terminal) => true,
            (Phase::DealerChoice, Actor::Player(p)) => p == self.dealer,
            (Phase::Turns, Actor::Player(p)) => self.knocker != Some(p),
            _ => false,
        };
        if !actor_fits {
            return bad(
                "the actor fits the phase: chance deals and refills, the dealer chooses, the knocker does not move again (S5, S6, S11)",
            );
        }
        let deck = deck::CARDS_32;
        let (hand, middle, discards) = (self.hand, self.middle, self.discards);
        if !(hand | middle | discards).is_subset(deck)
            || !hand.is_disjoint(middle)
            || !hand.is_disjoint(discards)
            || !middle.is_disjoint(discards)
        {
            return bad("the visible cards are distinct cards of the 32-card deck (S1)");
        }
        let sizes = self.hand_sizes.as_slice();
        let hidden = usize::from(self.second_pack)
            + usize::from(self.face_down_discards)
            + usize::from(self.stock);
        let held: usize = sizes.iter().map(|&k| usize::from(k)).sum();
        if sizes.iter().any(|&k| k > 3)
            || self.second_pack > 3
            || middle.len() > 3
            || held + hidden + middle.len() + discards.len() != deck.len()
        {
            return bad(
                "hands, packs and the middle hold at most three, and all 32 cards are somewhere (S1, S5)",
            );
        }
        match self.viewer {
            Viewer::Seat(s) if hand.len() != usize::from(sizes[s.index()]) => {
                return bad("the viewer's hand has the size the view gives it (S23)");
            }
            Viewer::Spectator if !hand.is_empty() => {
                return bad("a spectator holds no hand (S23)");
            }
            _ => {}
        }
        if self.phase == Phase::Turns
            && (middle.len() != 3 || sizes.iter().any(|&k| k != 0 && k != 3))
        {
            return bad("during turns the middle and every hand hold three cards (S9)");
        }
        if self.may_knock && (self.phase != Phase::Turns || self.knocker.is_some()) {
            return bad("a knock is possible only during turns, once a round (S11)");
        }
        let seats = sizes
            .iter()
            .zip(self.lives.as_slice())
            .zip(self.fates.as_slice());
        for ((&size, &lives), &fate) in seats {
            let out_with_cards = fate != Fate::Active && size != 0;
            let drowned_with_lives = matches!(fate, Fate::Drowned(_)) && lives != 0;
            if lives > self.rules.lives || out_with_cards || drowned_with_lives {
                return bad(
                    "lives within the rules, and players who are out hold no cards (S3, S21)",
                );
            }
        }
        let mut shown = CardSet::EMPTY;
        for h in self.shown.as_slice() {
            if !(h.is_empty() || h.len() == 3 && h.is_subset(deck)) || !h.is_disjoint(shown) {
                return bad("shown hands are three distinct cards of the deck, or none (S14)");
            }
            shown |= *h;
        }
        if usize::from(self.passes) > n
            || self.round > self.rules.round_limit
            || self.phase != Phase::Over && self.turns >= self.rules.turn_limit
        {
            return bad(
                "passes, turns and rounds within the seat count and the limits (S14.1, S19.1)",
            );
        }
        Ok(())
    }

    /// The value of the viewer's hand, when it holds three cards.
    pub fn hand_value(&self) -> Option<HandValue> {
        crate::score::hand_value(self.hand)
    }
}

impl SeatView for View {
    type Action = Action;

    fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        let Viewer::Seat(me) = self.viewer else {
            return;
        };
        if self.actor != Actor::Player(me) {
            return;
        }
        match self.phase {
            Phase::DealerChoice => out.extend([Action::Keep, Action::TakeOther]),
            Phase::Turns => turn_actions(
                self.hand,
                self.middle,
                self.rules.passing,
                self.may_knock,
                out,
            ),
            Phase::Deal | Phase::Refill | Phase::Over => {}
        }
    }
}

/// What a viewer sees of one applied action.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Seen {
    /// A card was dealt to `to`; `card` only for the receiver (and never for the second pack).
    Dealt {
        /// The receiving seat.
        to: Seat,
        /// Whether it went to the dealer's face-down second pack.
        second_pack: bool,
        /// The card, if the viewer may see it.
        card: Option<Card>,
    },
    /// A card was turned up in the middle.
    Refilled(Card),
    /// The dealer kept his pack; the second pack is now the middle.
    Kept {
        /// The new middle.
        middle: CardSet,
    },
    /// The dealer took the other pack; his first pack is now the middle.
    TookOther {
        /// The new middle.
        middle: CardSet,
    },
    /// One card swapped.
    Swapped {
        /// Given to the middle.
        give: Card,
        /// Taken from the middle.
        take: Card,
    },
    /// All three cards swapped.
    SwappedAll {
        /// The hand given to the middle.
        gave: CardSet,
        /// The middle taken.
        took: CardSet,
    },
    /// Passed.
    Passed,
    /// Knocked.
    Knocked,
    /// The action was refused (the state is unchanged).
    Refused(crate::Illegal),
}

/// How a round ended, as everyone sees it (S14, S15).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RoundEnd {
    /// The hands shown, by seat (empty for seats not in the round).
    pub shown: PerSeat<CardSet>,
    /// Lives lost by seat.
    pub lives_lost: PerSeat<u8>,
    /// Seats that drowned.
    pub drowned: Vec<Seat>,
    /// Whether the game is now over.
    pub game_over: bool,
    /// How three aces are written (the rules' option, S13).
    pub aces_display: crate::AcesDisplay,
}

/// An applied action as one viewer may see it ("seat 2 is dealt a card").
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Event {
    /// Who acted.
    pub actor: Actor,
    /// What the viewer saw.
    pub seen: Seen,
    /// When the action ended the round: the showdown.
    pub round_end: Option<RoundEnd>,
}

impl Event {
    pub(crate) fn of(g: &Schwimmen, action: &Action, viewer: Viewer) -> Event {
        let actor = g.actor();
        let after = match g.apply(action) {
            Ok(a) => a,
            Err(e) => {
                return Event {
                    actor,
                    seen: Seen::Refused(e),
                    round_end: None,
                };
            }
        };
        let seen = match *action {
            Action::Deal(c) => {
                // The deal was accepted, so there is a receiver.
                debug_assert!(g.next_receiver().is_some());
                let (to, second_pack) = g.next_receiver().unwrap_or((Seat(g.to_act), false));
                let card = (viewer == Viewer::Seat(to) && !second_pack).then_some(c);
                Seen::Dealt {
                    to,
                    second_pack,
                    card,
                }
            }
            Action::Refill(c) => Seen::Refilled(c),
            Action::Keep => Seen::Kept { middle: g.pack },
            Action::TakeOther => Seen::TookOther {
                middle: g.hands[usize::from(g.dealer)],
            },
            Action::Swap { give, take } => Seen::Swapped { give, take },
            Action::SwapAll => Seen::SwappedAll {
                gave: g.hands[usize::from(g.to_act)],
                took: g.middle,
            },
            Action::Pass => Seen::Passed,
            Action::Knock => Seen::Knocked,
        };
        let n = usize::from(g.n);
        let round_end = (after.round != g.round).then(|| {
            let lost: Vec<u8> = (0..n)
                .map(|i| g.lives[i].saturating_sub(after.lives[i]))
                .collect();
            let drowned = (0..n)
                .filter(|&i| g.fate[i] == Fate::Active && matches!(after.fate[i], Fate::Drowned(_)))
                .map(|i| Seat(i as u8))
                .collect();
            RoundEnd {
                shown: per(&after.shown[..n]),
                lives_lost: per(&lost),
                drowned,
                game_over: after.phase == Phase::Over,
                aces_display: g.rules.aces_display,
            }
        });
        Event {
            actor,
            seen,
            round_end,
        }
    }
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let who = match self.actor {
            Actor::Player(s) => s.to_string(),
            Actor::Chance => "chance".to_string(),
            Actor::Terminal => "nobody".to_string(),
        };
        match &self.seen {
            Seen::Dealt {
                to,
                second_pack: true,
                ..
            } => write!(f, "{to} (dealer) is dealt a card to the second pack")?,
            Seen::Dealt {
                to, card: Some(c), ..
            } => write!(f, "{to} is dealt {c}")?,
            Seen::Dealt { to, .. } => write!(f, "{to} is dealt a card")?,
            Seen::Refilled(c) => write!(f, "{c} is turned up in the middle")?,
            Seen::Kept { middle } => write!(f, "{who} keeps his pack; middle {middle}")?,
            Seen::TookOther { middle } => write!(f, "{who} takes the other pack; middle {middle}")?,
            Seen::Swapped { give, take } => write!(f, "{who} swaps {give} for {take}")?,
            Seen::SwappedAll { gave, took } => write!(f, "{who} swaps all: {gave} for {took}")?,
            Seen::Passed => write!(f, "{who} passes")?,
            Seen::Knocked => write!(f, "{who} knocks")?,
            Seen::Refused(e) => write!(f, "{who}: refused: {e}")?,
        }
        if let Some(end) = &self.round_end {
            f.write_str("; round over:")?;
            for (s, hand) in end.shown.iter() {
                if let Some(v) = crate::score::hand_value(*hand) {
                    write!(f, " {s} shows {hand} ({});", v.display(end.aces_display))?;
                }
            }
            let mut any = false;
            for (s, lost) in end.lives_lost.iter() {
                if *lost > 0 {
                    any = true;
                    write!(f, " {s} loses {lost}")?;
                    f.write_str(if *lost == 1 { " life;" } else { " lives;" })?;
                }
            }
            for s in &end.drowned {
                any = true;
                write!(f, " {s} drowns;")?;
            }
            if !any {
                f.write_str(" nobody loses;")?;
            }
            if end.game_over {
                f.write_str(" game over")?;
            }
        }
        Ok(())
    }
}
