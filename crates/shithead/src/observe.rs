//! What one viewer may know (H23): [`View`].

use cards_core::{Actor, Card, MAX_SEATS, PerSeat, Rank, Seat, SeatView, Viewer};

use crate::action::Action;
use cards_core::CardMultiset;

use crate::legal::{Ctx, player_actions};
use crate::rules::PickUp;
use crate::state::{Phase, Shithead, Stage, Status};

/// One viewer's knowledge of a game (H23): his own hand, every face-up card,
/// the pile, the burned cards (everyone saw them on the pile, H23.3), and
/// counts for everything hidden. Hidden cards are not representable here:
/// other hands, face-down cards (his own too), the stock and the removed
/// cards appear only as counts.
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
    /// Decks in play (H1).
    pub decks: u8,
    /// When a player may take the pile (H7): the one rule value the seat's
    /// legal actions depend on. The other rules are public and sent once,
    /// not with every view (docs/protocol.md).
    pub pick_up: PickUp,
    /// The dealer.
    pub dealer: Seat,
    /// The phase.
    pub phase: Phase,
    /// The stage of the current turn.
    pub stage: Stage,
    /// Who acts.
    pub actor: Actor,
    /// Whose turn it is (also while chance refills his hand or turns his
    /// blind card; the dealer during the deal).
    pub to_act: Seat,
    /// The viewer's own hand (`None` for a spectator).
    pub hand: Option<CardMultiset>,
    /// How many hand cards each seat holds.
    pub hand_counts: PerSeat<u8>,
    /// Every seat's face-up cards.
    pub face_up: PerSeat<CardMultiset>,
    /// The cards everyone knows to be in each seat's hand (H23.3): seen
    /// going into it and not played since.
    pub known: PerSeat<CardMultiset>,
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
    /// The burned cards (H8): public, since each lay face up on the pile
    /// when it burned (H23.3).
    pub burned: CardMultiset,
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
            decks: g.decks,
            pick_up: g.rules.pick_up,
            dealer: g.dealer,
            phase: g.phase,
            stage: g.stage,
            actor: cards_core::Game::actor(g),
            to_act: g.to_act,
            hand,
            hand_counts: counts(&|s| g.hand[s].len()),
            face_up: per_seat(&g.up[..n]),
            known: per_seat(&g.known[..n]),
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
            burned: g.burned,
            removed_len: g.removed.len() as u16,
            actions: g.actions,
        }
    }
}

impl SeatView for View {
    type Action = Action;

    fn legal_actions(&self, out: &mut Vec<Action>) {
        View::legal_actions(self, out);
    }
}

impl View {
    /// The viewer's legal actions, when he is to act (none otherwise): the
    /// same list the game gives, worked out from the view alone (no
    /// `SeatView` import needed).
    ///
    /// ```
    /// use cards_core::{Game, Seat, Table, Viewer};
    /// use shithead::{Rules, Shithead};
    /// let t = Table::<Shithead>::new(Rules::default(), 2, 1)?;
    /// let mut mine = Vec::new();
    /// t.state().observe(Viewer::Seat(Seat(1))).legal_actions(&mut mine);
    /// let mut all = Vec::new();
    /// t.state().legal_actions(&mut all);
    /// assert_eq!(mine, all); // seat 1 arranges first
    /// # Ok::<(), shithead::SetupError>(())
    /// ```
    pub fn legal_actions(&self, out: &mut Vec<Action>) {
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
            voluntary: self.pick_up == PickUp::Voluntary,
        };
        player_actions(&ctx, out);
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
