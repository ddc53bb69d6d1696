//! What a seat may know (S23, S23.2): [`View`].

use cards_core::{Actor, CardSet, Game, PerSeat, Seat, SeatView, Viewer};

use crate::action::Action;
#[cfg(feature = "serde")]
use crate::error::SetupError;
use crate::event::{RoundEnd, per};
use crate::legal::turn_actions;
use crate::score::HandValue;
use crate::state::{Fate, Phase, Schwimmen};

// Every per-seat list of a state fits a `PerSeat` (S2: at most 9 seats).
const _: () = assert!(crate::rules::MAX_SEATS <= cards_core::MAX_SEATS);

/// The seats of a mask, in order.
fn seats_of(mask: u16, n: u8) -> Vec<Seat> {
    (0..n).filter(|&s| mask >> s & 1 == 1).map(Seat).collect()
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
/// accepted view's [`legal_actions`](View::legal_actions) are those of the
/// position it describes.
///
/// The rules are not repeated here (they are public and sent once); the view
/// carries the one rule value its legal actions need, [`passing`](View::passing).
/// It remembers what the seat saw happen this round (S23.2): the cards each
/// seat took face up from the middle and still holds, who passed and who moved.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "ViewData"))]
pub struct View {
    /// Who looks.
    pub viewer: Viewer,
    /// Whether passing is a move under the rules (S9.1).
    pub passing: bool,
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
    /// The seat the next step concerns: the receiver of the next deal card, the
    /// dealer at his choice, the mover, or during a refill the seat that moves
    /// after it (S5.1, S10).
    pub to_act: Seat,
    /// Seats that passed in a row since the last swap, knock, refresh or deal (S10.1).
    pub passed: Vec<Seat>,
    /// Seats that have had a turn this round (S11).
    pub moved: Vec<Seat>,
    /// Turns taken this round (S14.1).
    pub turns: u16,
    /// Rounds finished so far.
    pub round: u16,
    /// Cards each seat took face up from the middle this round and still holds (S23.2).
    pub taken: PerSeat<CardSet>,
    /// Cards known to lie among the face-down discards: what leavers had taken (S21.1).
    pub known_face_down: CardSet,
    /// The last scored round: hands shown, lives lost, who drowned (S14, S23).
    pub last_round: Option<RoundEnd>,
}

/// A [`View`] as read from JSON, before [`View::validate`].
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct ViewData {
    viewer: Viewer,
    passing: bool,
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
    to_act: Seat,
    passed: Vec<Seat>,
    moved: Vec<Seat>,
    turns: u16,
    round: u16,
    taken: PerSeat<CardSet>,
    known_face_down: CardSet,
    last_round: Option<RoundEnd>,
}

#[cfg(feature = "serde")]
impl TryFrom<ViewData> for View {
    type Error = SetupError;
    fn try_from(d: ViewData) -> Result<View, SetupError> {
        let v = View {
            viewer: d.viewer,
            passing: d.passing,
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
            to_act: d.to_act,
            passed: d.passed,
            moved: d.moved,
            turns: d.turns,
            round: d.round,
            taken: d.taken,
            known_face_down: d.known_face_down,
            last_round: d.last_round,
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
        let hands = per(&g.hands[..n]);
        View {
            viewer,
            passing: g.rules.passing,
            phase: g.phase,
            actor: g.actor(),
            dealer: Seat(g.dealer),
            hand,
            hand_sizes: hands.map(|_, h| h.len() as u8),
            second_pack: g.pack.len() as u8,
            middle: g.middle,
            discards: g.discards,
            face_down_discards: g.folded.len() as u8,
            stock: g.stock.len() as u8,
            lives: per(&g.lives[..n]),
            fates: per(&g.fate[..n]),
            knocker: g.knocker(),
            may_knock: g.may_knock(),
            to_act: Seat(g.to_act),
            passed: seats_of(g.passed, g.n),
            moved: seats_of(g.moved, g.n),
            turns: g.turns,
            round: g.round,
            taken: hands.map(|_, h| g.taken & h),
            known_face_down: g.known_down,
            last_round: RoundEnd::of(g),
        }
    }

    /// The value of the viewer's hand, when it holds three cards.
    pub fn hand_value(&self) -> Option<HandValue> {
        crate::score::hand_value(self.hand)
    }

    /// The actions the viewer may take now (none for a spectator or a seat
    /// not to act): the same list as the game's, from the view alone.
    ///
    /// An inherent method, so no trait import is needed; the [`SeatView`]
    /// implementation calls it.
    pub fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        let Viewer::Seat(me) = self.viewer else {
            return;
        };
        if self.actor != Actor::Player(me) {
            return;
        }
        match self.phase {
            Phase::DealerChoice => out.extend([Action::Keep, Action::TakeOther]),
            Phase::Turns => turn_actions(self.hand, self.middle, self.passing, self.may_knock, out),
            Phase::Deal | Phase::Refill | Phase::Over => {}
        }
    }
}

impl SeatView for View {
    type Action = Action;

    fn legal_actions(&self, out: &mut Vec<Action>) {
        View::legal_actions(self, out);
    }
}
