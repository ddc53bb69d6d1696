//! What one viewer may know (H23): [`View`], and applied actions as each viewer sees them: [`Event`].

use std::fmt;

use cards_core::{Actor, Card, MAX_SEATS, PerSeat, Rank, Seat, SeatView, Viewer};

use crate::action::Action;
use cards_core::CardMultiset;

use crate::group::{Group, Trio};
use crate::legal::{Ctx, player_actions};
use crate::playable::playable;
use crate::rules::{PickUp, Rules};
use crate::state::{Phase, Place, Shithead, Stage, Status};

/// One viewer's knowledge of a game (H23): his own hand, every face-up card,
/// the pile, and counts for everything hidden. Hidden cards are not
/// representable here: other hands, face-down cards (his own too), the stock,
/// the burned and removed cards appear only as counts.
///
/// A view read from JSON is checked with [`View::validate`] and refused when
/// no position of its rules could show it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(deny_unknown_fields, try_from = "crate::view_check::ViewData")
)]
pub struct View {
    /// Who looks.
    pub viewer: Viewer,
    /// The rules in play.
    pub rules: Rules,
    /// The dealer.
    pub dealer: Seat,
    /// The phase.
    pub phase: Phase,
    /// The stage of the current turn.
    pub stage: Stage,
    /// Who acts.
    pub actor: Actor,
    /// The viewer's own hand (`None` for a spectator).
    pub hand: Option<CardMultiset>,
    /// How many hand cards each seat holds.
    pub hand_counts: PerSeat<u8>,
    /// Every seat's face-up cards.
    pub face_up: PerSeat<CardMultiset>,
    /// How many face-down cards each seat has.
    pub face_down_counts: PerSeat<u8>,
    /// Each seat's standing.
    pub status: PerSeat<Status>,
    /// The pile's cards (public: they were played face up).
    pub pile: CardMultiset,
    /// The rank of the pile's top card.
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_util::rank_opt"))]
    pub top: Option<Rank>,
    /// The pile's level (its topmost card that is not a 3).
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_util::rank_opt"))]
    pub level: Option<Rank>,
    /// How many cards of the top rank lie on top in a row.
    pub run: u8,
    /// The rank the mover laid this turn (H5.2), if it still lies on top.
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_util::rank_opt"))]
    pub group: Option<Rank>,
    /// How many cards of that rank he laid in a row.
    pub group_len: u8,
    /// The announced card the opening play must include (H4).
    pub must_open: Option<Card>,
    /// Whether play runs to lower seat numbers.
    pub reversed: bool,
    /// Cards in the stock.
    pub stock_len: u16,
    /// Burned cards.
    pub burned_len: u16,
    /// Cards of players who left.
    pub removed_len: u16,
    /// Player actions taken so far (H22).
    pub actions: u32,
}

/// A table's per-seat values; a table has at most `MAX_SEATS` seats by
/// construction (checked in debug builds).
fn per_seat<T: Copy + Default>(values: &[T]) -> PerSeat<T> {
    let p = PerSeat::from_slice(values);
    debug_assert!(p.is_some(), "at most MAX_SEATS seats");
    p.unwrap_or_else(|| PerSeat::new(0, T::default()))
}

impl View {
    pub(crate) fn of(g: &Shithead, viewer: Viewer) -> View {
        let n = g.n as usize;
        // Bounds by construction: at most MAX_SEATS seats (checked by
        // `Game::new` and `Setup`), at most 156 cards in one place (3 decks).
        debug_assert!(n <= MAX_SEATS);
        let counts = |f: &dyn Fn(usize) -> usize| {
            let mut v = [0u8; MAX_SEATS];
            for (s, slot) in v[..n].iter_mut().enumerate() {
                debug_assert!(f(s) <= 156);
                *slot = f(s) as u8;
            }
            per_seat(&v[..n])
        };
        let hand = match viewer {
            Viewer::Seat(s) if s.index() < n => Some(g.hand[s.index()]),
            _ => None,
        };
        View {
            viewer,
            rules: g.rules,
            dealer: g.dealer,
            phase: g.phase,
            stage: g.stage,
            actor: cards_core::Game::actor(g),
            hand,
            hand_counts: counts(&|s| g.hand[s].len()),
            face_up: per_seat(&g.up[..n]),
            face_down_counts: counts(&|s| g.down[s].len()),
            status: per_seat(&g.status[..n]),
            pile: g.pile,
            top: g.top,
            level: g.level,
            run: g.run,
            group: g.group,
            group_len: g.group_len,
            must_open: g.must_open,
            reversed: g.reversed,
            stock_len: g.stock.len() as u16,
            burned_len: g.burned.len() as u16,
            removed_len: g.removed.len() as u16,
            actions: g.actions,
        }
    }
}

impl SeatView for View {
    type Action = Action;

    fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        let (Viewer::Seat(me), Actor::Player(p), Some(hand)) = (self.viewer, self.actor, self.hand)
        else {
            return;
        };
        if me != p {
            return;
        }
        let ctx = Ctx {
            phase: self.phase,
            stage: self.stage,
            hand,
            up: self.face_up.get(me).copied().unwrap_or_default(),
            down: self.face_down_counts.get(me).copied().unwrap_or(0) as usize,
            level: self.level,
            pile_empty: self.pile.is_empty(),
            group: self.group,
            must_open: self.must_open,
            voluntary: self.rules.pick_up == PickUp::Voluntary,
        };
        player_actions(&ctx, out);
    }
}

/// An applied action as one viewer may see it ("seat 2 drew a card").
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub enum Event {
    /// H2: a card was dealt; `card` only when the viewer may see it.
    Dealt {
        /// To whom.
        seat: Seat,
        /// Where it lies.
        place: Place,
        /// The card, if visible to the viewer.
        card: Option<Card>,
    },
    /// H5.3: a refill from the stock; `card` only for the drawer.
    Drew {
        /// Who drew.
        seat: Seat,
        /// The card, if visible to the viewer.
        card: Option<Card>,
    },
    /// H3: a player chose his face-up cards.
    Arranged {
        /// Who.
        seat: Seat,
        /// The face-up cards.
        face_up: Trio,
    },
    /// H5: a play onto the pile.
    Played {
        /// Who.
        seat: Seat,
        /// The cards.
        cards: Group,
        /// From the hand or the face-up cards.
        from: Place,
    },
    /// H11: a player plays a face-down card blind.
    Blind {
        /// Who.
        seat: Seat,
    },
    /// H11: the face-down card turned; `played` when it was playable.
    Turned {
        /// Whose card.
        seat: Seat,
        /// The card.
        card: Card,
        /// Whether it was played (else he picked it up with the pile).
        played: bool,
    },
    /// H7, H10: a player took the pile.
    PickedUp {
        /// Who.
        seat: Seat,
        /// How many pile cards.
        cards: u16,
        /// The face-up cards taken with it (H10).
        with: Option<Group>,
    },
    /// H5: a player ended his turn.
    Ended {
        /// Who.
        seat: Seat,
    },
    /// The action is not legal here: nothing happens.
    Nothing,
}

impl Event {
    pub(crate) fn of(g: &Shithead, action: &Action, viewer: Viewer) -> Event {
        if g.apply_check(action).is_err() {
            return Event::Nothing;
        }
        let sees = |s: Seat| viewer == Viewer::Seat(s);
        let p = g.to_act;
        match *action {
            Action::Draw(c) if g.phase == Phase::Dealing => {
                let (seat, place) = g.deal_target(g.progress);
                let visible = match place {
                    Place::FaceUp => true,
                    Place::Hand => sees(seat),
                    Place::FaceDown => false,
                };
                Event::Dealt {
                    seat,
                    place,
                    card: visible.then_some(c),
                }
            }
            Action::Draw(c) => Event::Drew {
                seat: p,
                card: sees(p).then_some(c),
            },
            Action::Turn(c) => Event::Turned {
                seat: p,
                card: c,
                played: matches!(g.stage, Stage::Blind { cover: true })
                    || playable(c.rank(), g.level),
            },
            Action::FaceUp(t) => Event::Arranged {
                seat: p,
                face_up: t,
            },
            Action::Play(cards) => Event::Played {
                seat: p,
                cards,
                from: if g.hand[p.index()].is_empty() {
                    Place::FaceUp
                } else {
                    Place::Hand
                },
            },
            Action::Blind => Event::Blind { seat: p },
            Action::PickUp => Event::PickedUp {
                seat: p,
                cards: g.pile.len() as u16,
                with: None,
            },
            Action::PickUpWith(w) => Event::PickedUp {
                seat: p,
                cards: g.pile.len() as u16,
                with: Some(w),
            },
            Action::Done => Event::Ended { seat: p },
        }
    }
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Dealt { seat, place, card } => match (place, card) {
                (Place::FaceDown, _) => write!(f, "{seat} is dealt a face-down card"),
                (Place::FaceUp, Some(c)) => write!(f, "{seat} is dealt {c} face up"),
                (Place::Hand, Some(c)) => write!(f, "{seat} is dealt {c} into the hand"),
                (_, None) => write!(f, "{seat} is dealt a hand card"),
            },
            Event::Drew { seat, card } => match card {
                Some(c) => write!(f, "{seat} drew {c}"),
                None => write!(f, "{seat} drew a card"),
            },
            Event::Arranged { seat, face_up } => write!(f, "{seat} put {face_up} face up"),
            Event::Played { seat, cards, from } => match from {
                Place::FaceUp => write!(f, "{seat} played {cards} from the table"),
                _ => write!(f, "{seat} played {cards}"),
            },
            Event::Blind { seat } => write!(f, "{seat} plays a face-down card"),
            Event::Turned { seat, card, played } => {
                if *played {
                    write!(f, "{seat} turned {card} and played it")
                } else {
                    write!(
                        f,
                        "{seat} turned {card}, which does not fit, and takes the pile"
                    )
                }
            }
            Event::PickedUp { seat, cards, with } => match with {
                Some(w) => write!(f, "{seat} picked up the pile ({cards} cards) with {w}"),
                None => write!(f, "{seat} picked up the pile ({cards} cards)"),
            },
            Event::Ended { seat } => write!(f, "{seat} ended the turn"),
            Event::Nothing => f.write_str("nothing happened"),
        }
    }
}

impl Shithead {
    /// Whether `action` would be accepted now, with the rule it breaks if not.
    ///
    /// # Errors
    /// The [`Illegal`](crate::Illegal) reason.
    pub fn apply_check(&self, action: &Action) -> Result<(), crate::Illegal> {
        self.check(action)
    }
}
