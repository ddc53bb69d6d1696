//! What a seat may know (S23, S23.2): [`View`].

use cards_core::{Actor, CardSet, Game, PerSeat, Seat, SeatView, Viewer, deck};

use crate::action::Action;
use crate::error::SetupError;
use crate::event::{RoundEnd, per};
use crate::legal::turn_actions;
use crate::rules::Rules;
use crate::score::HandValue;
use crate::state::{Fate, MAX_SEATS, MIN_SEATS, Phase, Schwimmen};

// Every per-seat list of a state fits a `PerSeat` (S2: at most 9 seats).
const _: () = assert!(crate::state::MAX_SEATS <= cards_core::MAX_SEATS);

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
        let sizes: Vec<u8> = g.hands[..n].iter().map(|h| h.len() as u8).collect();
        View {
            viewer,
            passing: g.rules.passing,
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
            to_act: Seat(g.to_act),
            passed: seats_of(g.passed, g.n),
            moved: seats_of(g.moved, g.n),
            turns: g.turns,
            round: g.round,
            taken: per(&g.hands[..n]
                .iter()
                .map(|h| g.taken & *h)
                .collect::<Vec<_>>()),
            known_face_down: g.known_down,
            last_round: RoundEnd::of(g),
        }
    }

    /// Checks that the view describes a position the rules allow (S1, S2, S3, S5,
    /// S9, S11, S14.1, S19.1, S23); views made by `observe` always pass. Bounds
    /// that depend on the rules are checked against the largest the rules accept
    /// (the view does not carry the rules); [`View::validate_for`] checks them
    /// against given rules.
    ///
    /// # Errors
    /// [`SetupError::Position`] naming the first field that does not fit.
    pub fn validate(&self) -> Result<(), SetupError> {
        let bad = |why| Err(SetupError::Position(why));
        let n = self.hand_sizes.len();
        if !(MIN_SEATS..=MAX_SEATS).contains(&n)
            || self.lives.len() != n
            || self.fates.len() != n
            || self.taken.len() != n
        {
            return bad("a view has one entry per seat for 2 to 9 seats (S2)");
        }
        let at_table = |s: Seat| s.index() < n;
        if !at_table(self.dealer)
            || !at_table(self.to_act)
            || self.knocker.is_some_and(|k| !at_table(k))
            || matches!(self.viewer, Viewer::Seat(s) if !at_table(s))
            || matches!(self.actor, Actor::Player(s) if !at_table(s))
            || self.passed.iter().chain(&self.moved).any(|&s| !at_table(s))
        {
            return bad("the viewer, dealer, knocker, actor and movers sit at the table (S2)");
        }
        let actor_fits = match (self.phase, self.actor) {
            (Phase::Deal | Phase::Refill, Actor::Chance) | (Phase::Over, Actor::Terminal) => true,
            (Phase::DealerChoice, Actor::Player(p)) => p == self.dealer && p == self.to_act,
            (Phase::Turns, Actor::Player(p)) => self.knocker != Some(p) && p == self.to_act,
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
            if lives > Rules::MAX_LIVES || out_with_cards || drowned_with_lives {
                return bad(
                    "lives within the rules, and players who are out hold no cards (S3, S21)",
                );
            }
        }
        self.validate_memory()?;
        if self.passed.len() > n
            || self.passed.iter().any(|s| !self.moved.contains(s))
            || self.round > Rules::MAX_ROUND_LIMIT
            || self.phase != Phase::Over && self.turns >= Rules::MAX_TURN_LIMIT
        {
            return bad(
                "who passed has moved; passes, turns and rounds within the seat count and the limits (S10.1, S14.1, S19.1)",
            );
        }
        Ok(())
    }

    /// [`View::validate`], then the bounds that depend on `rules` (S3, S9.1,
    /// S14.1, S19.1).
    ///
    /// # Errors
    /// [`SetupError`] naming the first field that does not fit.
    pub fn validate_for(&self, rules: &Rules) -> Result<(), SetupError> {
        self.validate()?;
        rules.validate_for(self.hand_sizes.len())?;
        if self.passing != rules.passing
            || self.lives.as_slice().iter().any(|&l| l > rules.lives)
            || self.round > rules.round_limit
            || self.phase != Phase::Over && self.turns >= rules.turn_limit
        {
            return Err(SetupError::Position(
                "the view fits the rules: passing, lives, turn and round limits (S3, S9.1, S14.1, S19.1)",
            ));
        }
        Ok(())
    }

    /// The remembered cards and the last round (S14, S23.2).
    fn validate_memory(&self) -> Result<(), SetupError> {
        let bad = |why| Err(SetupError::Position(why));
        let deck = deck::CARDS_32;
        let public = self.middle | self.discards;
        let mut taken = CardSet::EMPTY;
        for (s, t) in self.taken.iter() {
            let mine = self.viewer == Viewer::Seat(s);
            if !t.is_subset(deck)
                || t.len() > usize::from(self.hand_sizes[s])
                || !t.is_disjoint(taken | public)
                || (mine && !t.is_subset(self.hand))
                || (!mine && !t.is_disjoint(self.hand))
            {
                return bad(
                    "the cards a seat took from the middle are distinct cards in its hand (S23.2)",
                );
            }
            taken |= *t;
        }
        let down = self.known_face_down;
        if !down.is_subset(deck)
            || down.len() > usize::from(self.face_down_discards)
            || !down.is_disjoint(taken | public | self.hand)
        {
            return bad(
                "cards known to be face down are distinct and among the face-down discards (S21.1)",
            );
        }
        if let Some(end) = &self.last_round {
            let n = self.hand_sizes.len();
            let mut shown = CardSet::EMPTY;
            for h in end.shown.as_slice() {
                if !(h.is_empty() || h.len() == 3 && h.is_subset(deck)) || !h.is_disjoint(shown) {
                    return bad("shown hands are three distinct cards of the deck, or none (S14)");
                }
                shown |= *h;
            }
            if end.shown.len() != n
                || end.lives_lost.len() != n
                || end.round >= self.round
                || end.lives_lost.as_slice().iter().any(|&l| l > 2)
                || end.drowned.iter().any(|s| s.index() >= n)
            {
                return bad(
                    "the last round has one entry per seat and ended before this one (S14, S16)",
                );
            }
        }
        Ok(())
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
