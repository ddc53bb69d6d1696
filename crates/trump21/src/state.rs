//! [`Trump21`]: the game state, a handful of counts and small fixed arrays (no heap).

use cards_core::Seat;

use crate::numbers::NumberCounts;
use crate::rules::{MAX_SEATS, MAX_TRUMPS, Rules};
use crate::trump::{Trump, TrumpCounts};

/// Most open number cards one player can hold (11 values × 4 copies).
pub const MAX_STACK: usize = 44;
/// Most open trumps on the table (the whole trump deck).
pub const MAX_OPEN: usize = 64;

/// Whether a seat still plays: cards-core's [`Status`](cards_core::Status).
/// `Out(n)`: out of lives in the n-th exit event (T13); `Left(n)`: left the
/// game in the n-th exit event (T16). Both kinds share one count.
pub use cards_core::Status;

/// An open trump lying at a player (T12.0). The table keeps them in the order played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct OpenTrump {
    /// The kind.
    pub kind: Trump,
    /// The player it lies at.
    pub holder: Seat,
}

impl Default for OpenTrump {
    fn default() -> OpenTrump {
        OpenTrump {
            kind: Trump::Draw2,
            holder: Seat(0),
        }
    }
}

/// Where the game stands: whose step, and what a pending chance step is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(rename_all = "snake_case", deny_unknown_fields)
)]
pub enum Phase {
    /// Chance: a trump goes from the supply to the draw pile (T3).
    TopUp,
    /// Chance: the deal, this many cards dealt so far (T5.1).
    Deal(u8),
    /// Chance: the gamble roll of the player to act, his turn's first step (T7).
    Gamble,
    /// Chance: trumps the gamble brings, this many left (T7, T12.12).
    GambleDraw(u8),
    /// The player to act plays trumps or takes his round action, his turn's second
    /// and third steps (T7).
    Play,
    /// The closing step after a card taken in one's own turn (draw, Draw x, Perfect
    /// Draw): `end`, or `reveal` when it landed him on the target (T11.1). It comes after
    /// every such card, so it tells others nothing (T15).
    Landed,
    /// The player to act is choosing an Exchange's items step by step: what he has
    /// chosen so far (T12.8). Nothing moves until `done`.
    Exchanging(crate::action::Exchange),
    /// Chance: a number card for `to`: his draw (T7), or Love your enemy's random card
    /// (T12.6).
    Draw {
        /// Who gets it.
        to: Seat,
        /// Whether it comes from Love your enemy (the turn goes on).
        love: bool,
    },
    /// Chance: which hidden trump of this seat Destroy hits (T12.7).
    DestroyPick(Seat),
    /// Chance: which hidden trumps Exchange takes from `with` (T12.8).
    ExchangePick {
        /// The opponent.
        with: Seat,
        /// Picks left.
        left: u8,
    },
    /// Chance: which hidden trumps Trump Switch sets aside (T12.11).
    SwitchAside {
        /// Set-asides left.
        left: u8,
        /// Draws to make afterwards (x + 1).
        draws: u8,
    },
    /// Chance: Trump Switch draws (T12.11).
    SwitchDraw {
        /// Draws left.
        left: u8,
        /// Draws made so far.
        drawn: u8,
    },
    /// Chance: Harvest bonuses after Trump Switch (T12.12).
    SwitchBonus(u8),
    /// The game is over.
    Over,
}

/// What the last scored round showed: every total (hidden cards included) and the damage.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct LastRound {
    /// The round's number.
    pub round: u32,
    /// The target it was scored against.
    pub target: u8,
    /// Each seat's total (0 for seats not in the round).
    pub totals: [u16; MAX_SEATS],
    /// Each seat's damage taken.
    pub damage: [u8; MAX_SEATS],
    /// Seats that won the round (bit per seat).
    pub winners: u16,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Player {
    pub status: Status,
    pub lives: u8,
    pub hidden: u8,
    pub revealed: bool,
    pub closed: bool,
    pub len: u8,
    pub sum: u16,
    pub stack: [u8; MAX_STACK],
    pub trumps: TrumpCounts,
    pub ntrumps: u8,
}

impl Default for Player {
    fn default() -> Player {
        Player {
            status: Status::Active,
            lives: 0,
            hidden: 0,
            revealed: false,
            closed: false,
            len: 0,
            sum: 0,
            stack: [0; MAX_STACK],
            trumps: TrumpCounts::EMPTY,
            ntrumps: 0,
        }
    }
}

impl Player {
    #[inline]
    pub fn total(&self) -> u16 {
        self.sum + u16::from(self.hidden)
    }
    #[inline]
    pub fn active(&self) -> bool {
        self.status == Status::Active
    }
    #[inline]
    pub fn stack(&self) -> &[u8] {
        &self.stack[..usize::from(self.len)]
    }
    #[inline]
    pub fn push(&mut self, v: u8) {
        // A player holds at most every copy of every value but his hidden card:
        // 11 × MAX_COPIES − 1 < MAX_STACK open cards (T1), so nothing is ever dropped.
        debug_assert!(usize::from(self.len) < MAX_STACK);
        self.stack[usize::from(self.len)] = v;
        self.len += 1;
        self.sum += u16::from(v);
    }
    #[inline]
    pub fn pop(&mut self) -> Option<u8> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        let v = std::mem::take(&mut self.stack[usize::from(self.len)]);
        self.sum -= u16::from(v);
        Some(v)
    }
    #[inline]
    pub fn add_trump(&mut self, k: Trump) {
        self.trumps.add(k);
        // At most MAX_TRUMPS trump cards exist (T2).
        self.ntrumps += 1;
    }
    #[inline]
    pub fn remove_trump(&mut self, k: Trump) -> bool {
        let ok = self.trumps.remove(k);
        if ok {
            self.ntrumps -= 1;
        }
        ok
    }
}

/// A game of Trump 21: implements [`cards_core::Game`].
///
/// Every position reachable through the API is valid; hand-built and loaded
/// positions go through [`Setup`](crate::Setup) and its checks.
///
/// ```
/// use cards_core::{Game, Table, Actor};
/// use trump21::{Rules, Trump21};
/// let table = Table::<Trump21>::new(Rules::default(), 3, 7)?;
/// assert!(matches!(table.actor(), Actor::Player(_)));
/// assert_eq!(table.state().target(), 21);
/// # Ok::<(), trump21::SetupError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Trump21 {
    pub(crate) rules: Rules,
    pub(crate) n: u8,
    pub(crate) players: [Player; MAX_SEATS],
    pub(crate) deck: [u8; 12],
    pub(crate) discard: [u8; 12],
    /// Discards nobody at the table saw (a leaver's unrevealed hidden card, T16), by
    /// value; every other discard was shown to all (T15.2).
    pub(crate) masked: [u8; 12],
    pub(crate) supply: TrumpCounts,
    pub(crate) pile: TrumpCounts,
    pub(crate) open: [OpenTrump; MAX_OPEN],
    pub(crate) open_len: u8,
    pub(crate) limbo: TrumpCounts,
    pub(crate) aside: TrumpCounts,
    pub(crate) phase: Phase,
    pub(crate) turn: Seat,
    pub(crate) opener: Seat,
    pub(crate) target: u8,
    pub(crate) round: u32,
    pub(crate) scored: u32,
    pub(crate) exits: u8,
    pub(crate) last: Option<LastRound>,
}

pub(crate) fn count(cards: &[u8; 12]) -> u32 {
    cards.iter().map(|&c| u32::from(c)).sum()
}

impl Trump21 {
    /// The current phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }
    /// The round's target (T5, T12.3).
    pub fn target(&self) -> u8 {
        self.target
    }
    /// The round number, from 1.
    pub fn round(&self) -> u32 {
        self.round
    }
    /// The seat whose turn it is (or was last).
    pub fn turn(&self) -> Seat {
        self.turn
    }
    /// The seat that opened this round.
    pub fn opener(&self) -> Seat {
        self.opener
    }
    /// A seat's status.
    pub fn status(&self, seat: Seat) -> Option<Status> {
        self.player(seat).map(|p| p.status)
    }
    /// A seat's lives.
    pub fn lives(&self, seat: Seat) -> Option<u8> {
        self.player(seat).map(|p| p.lives)
    }
    /// A seat's total, hidden card included.
    pub fn total(&self, seat: Seat) -> Option<u16> {
        self.player(seat).map(Player::total)
    }
    /// A seat's hidden number card: `Some(None)` while it holds none (between rounds,
    /// or out). Like every per-seat accessor, `None` for a seat not at the table.
    pub fn hidden_card(&self, seat: Seat) -> Option<Option<u8>> {
        self.player(seat)
            .map(|p| (p.hidden != 0).then_some(p.hidden))
    }
    /// A seat's open number cards, in the order received (T12.10).
    pub fn open_cards(&self, seat: Seat) -> Option<&[u8]> {
        self.player(seat).map(Player::stack)
    }
    /// A seat's hidden trumps.
    pub fn hidden_trumps(&self, seat: Seat) -> Option<TrumpCounts> {
        self.player(seat).map(|p| p.trumps)
    }
    /// Whether a seat has closed this round.
    pub fn is_closed(&self, seat: Seat) -> Option<bool> {
        self.player(seat).map(|p| p.closed)
    }
    /// Whether a seat has revealed its hidden card this round.
    pub fn is_revealed(&self, seat: Seat) -> Option<bool> {
        self.player(seat).map(|p| p.revealed)
    }
    /// The open trumps on the table, in the order played.
    pub fn open_trumps(&self) -> &[OpenTrump] {
        &self.open[..usize::from(self.open_len)]
    }
    /// Number cards in the deck, by value (T1).
    pub fn deck(&self) -> NumberCounts {
        NumberCounts::from_slots(&self.deck)
    }
    /// Number cards on the discard pile, by value (T1).
    pub fn discards(&self) -> NumberCounts {
        NumberCounts::from_slots(&self.discard)
    }
    /// The discards every seat saw go there, by value (T15.2): all but a leaver's
    /// unrevealed hidden card.
    pub fn seen_discards(&self) -> NumberCounts {
        let mut seen = self.discard;
        for (s, m) in seen.iter_mut().zip(self.masked) {
            *s -= m;
        }
        NumberCounts::from_slots(&seen)
    }
    /// The trump supply (the trump deck).
    pub fn supply(&self) -> TrumpCounts {
        self.supply
    }
    /// The trump draw pile.
    pub fn draw_pile(&self) -> TrumpCounts {
        self.pile
    }
    /// The last scored round, if any.
    pub fn last_round(&self) -> Option<&LastRound> {
        self.last.as_ref()
    }
    /// How many seats are still in the game.
    pub fn active_count(&self) -> usize {
        self.players().iter().filter(|p| p.active()).count()
    }

    pub(crate) fn players(&self) -> &[Player] {
        &self.players[..usize::from(self.n)]
    }
    pub(crate) fn player(&self, seat: Seat) -> Option<&Player> {
        self.players().get(seat.index())
    }
    pub(crate) fn is_active(&self, seat: Seat) -> bool {
        self.player(seat).is_some_and(Player::active)
    }
    pub(crate) fn cur(&self) -> &Player {
        // The turn is always a seat at the table (checked by Setup, kept by play).
        debug_assert!(self.turn.index() < usize::from(self.n));
        &self.players[self.turn.index()]
    }
    pub(crate) fn can_draw(&self) -> bool {
        self.deck.iter().chain(&self.discard).any(|&c| c > 0)
    }
    pub(crate) fn can_reveal(&self) -> bool {
        let p = self.cur();
        p.hidden != 0 && !p.revealed && p.total() == u16::from(self.target)
    }
    /// Counts open trumps of `kind` lying at `seat`.
    pub(crate) fn open_at(&self, seat: Seat, kind: Trump) -> u32 {
        self.open_trumps()
            .iter()
            .filter(|o| o.holder == seat && o.kind == kind)
            .count() as u32
    }
    /// The target from the most recent Go for still on the table (T12.3).
    pub(crate) fn compute_target(&self) -> u8 {
        self.open_trumps()
            .iter()
            .rev()
            .find_map(|o| o.kind.go_for())
            .unwrap_or(21)
    }
}

/// The open trumps on the table (T12): adding, removing, finding.
impl Trump21 {
    pub(crate) fn push_open(&mut self, kind: Trump, holder: Seat) {
        // Open trumps are trump cards, at most MAX_TRUMPS (T2) = MAX_OPEN of them.
        let i = usize::from(self.open_len);
        debug_assert!(i < MAX_OPEN);
        self.open[i] = OpenTrump { kind, holder };
        self.open_len += 1;
    }

    pub(crate) fn remove_open(&mut self, index: usize) -> Option<OpenTrump> {
        let len = usize::from(self.open_len);
        if index >= len {
            return None;
        }
        let o = self.open[index];
        self.open.copy_within(index + 1..len, index);
        self.open[len - 1] = OpenTrump::default();
        self.open_len -= 1;
        Some(o)
    }

    /// Index of the latest played open `kind` at `seat`, skipping `skip` later ones.
    pub(crate) fn latest_open(&self, seat: Seat, kind: Trump, skip: usize) -> Option<usize> {
        self.open_trumps()
            .iter()
            .enumerate()
            .rev()
            .filter(|(_, o)| o.holder == seat && o.kind == kind)
            .nth(skip)
            .map(|(i, _)| i)
    }

    pub(crate) fn harvests(&self, seat: Seat) -> u8 {
        // At most every trump card of the deck: MAX_TRUMPS fits a u8.
        let h = self.open_at(seat, Trump::Harvest);
        debug_assert!(h <= MAX_TRUMPS);
        h as u8
    }
}

/// Small steps every transition room uses (the deck, seats, a player).
impl Trump21 {
    pub(crate) fn p(&mut self, seat: Seat) -> &mut Player {
        // Every seat reaching here was checked (the turn, or an active seat an action
        // named), so it is at the table: no wrapping, no silent redirect.
        debug_assert!(
            seat.index() < usize::from(self.n),
            "{seat} is not at the table"
        );
        &mut self.players[seat.index()]
    }

    pub(crate) fn next_seat(&self, seat: Seat) -> Seat {
        seat.next(usize::from(self.n).max(1))
    }

    /// T6: an empty deck takes the discards.
    pub(crate) fn ensure_deck(&mut self) {
        if self.deck.iter().all(|&c| c == 0) {
            self.deck = self.discard;
            self.discard = [0; 12];
            self.masked = [0; 12];
        }
    }

    pub(crate) fn give_card(&mut self, to: Seat, v: u8) {
        // Callers take v from the deck (a checked chance outcome, Draw x or the best card
        // after checking its count), so it is a value 1-11 with a copy in the deck.
        debug_assert!((1..=11).contains(&v) && self.deck[usize::from(v)] > 0);
        self.deck[usize::from(v)] -= 1;
        self.p(to).push(v);
    }
}

impl Trump21 {
    pub(crate) fn is_chance(&self) -> bool {
        !matches!(
            self.phase,
            Phase::Play | Phase::Landed | Phase::Exchanging(_) | Phase::Over
        )
    }
}
