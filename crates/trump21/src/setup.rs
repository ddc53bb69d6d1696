//! [`Setup`]: any position written out field by field, and its validation.

use cards_core::Seat;

use crate::error::SetupError;
use crate::numbers::NumberCounts;
use crate::rules::{MAX_SEATS, MIN_SEATS, Rules};
use crate::state::{LastRound, MAX_OPEN, MAX_STACK, OpenTrump, Phase, Player, Status, Trump21};
use crate::trump::{Trump, TrumpCounts};

/// One seat of a [`Setup`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct SeatSetup {
    /// Still in, out or left.
    pub status: Status,
    /// Lives left.
    pub lives: u8,
    /// The hidden number card, 0 when none.
    pub hidden: u8,
    /// Whether it was revealed (T11).
    pub revealed: bool,
    /// Whether he closed (T8).
    pub closed: bool,
    /// Open number cards in the order received.
    pub open_cards: Vec<u8>,
    /// Hidden trumps.
    pub trumps: TrumpCounts,
}

/// A position in full: what [`Trump21`] loads from and saves to (serde goes
/// through it, so a tampered save is refused).
///
/// ```
/// use cards_core::Game;
/// use trump21::{Rules, Setup, Trump21, Trump};
/// let game = Trump21::new(Rules::default(), 2)?;
/// let mut setup = Setup::from(game.clone());
/// assert_eq!(Trump21::try_from(setup.clone()), Ok(game));
/// setup.seats[0].trumps.0[Trump::Shield.index()] += 1; // a trump out of nowhere
/// assert!(Trump21::try_from(setup).is_err());
/// # Ok::<(), trump21::SetupError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Setup {
    /// The rules.
    pub rules: Rules,
    /// Every seat.
    pub seats: Vec<SeatSetup>,
    /// The number deck by value (T1).
    pub deck: NumberCounts,
    /// The number discard pile by value (T1).
    pub discards: NumberCounts,
    /// The part of the discards nobody at the table saw go there: a leaver's
    /// unrevealed hidden card (T15.2, T16). Absent in JSON when empty.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "NumberCounts::is_empty")
    )]
    pub unseen_discards: NumberCounts,
    /// The trump supply.
    pub supply: TrumpCounts,
    /// The trump draw pile.
    pub draw_pile: TrumpCounts,
    /// Open trumps in the order played.
    pub open_trumps: Vec<OpenTrump>,
    /// Hidden trumps given in a pending Exchange.
    pub in_exchange: TrumpCounts,
    /// Trumps set aside by a pending Trump Switch.
    pub set_aside: TrumpCounts,
    /// The phase.
    pub phase: Phase,
    /// Whose turn.
    pub turn: Seat,
    /// The round's opener.
    pub opener: Seat,
    /// Round number from 1.
    pub round: u32,
    /// Rounds scored so far.
    pub scored: u32,
    /// Exit events so far (eliminations and leaves).
    pub exits: u8,
    /// The last scored round.
    pub last_round: Option<LastRound>,
}

impl From<Trump21> for Setup {
    fn from(g: Trump21) -> Setup {
        Setup {
            rules: g.rules,
            seats: g
                .players()
                .iter()
                .map(|p| SeatSetup {
                    status: p.status,
                    lives: p.lives,
                    hidden: p.hidden,
                    revealed: p.revealed,
                    closed: p.closed,
                    open_cards: p.stack().to_vec(),
                    trumps: p.trumps,
                })
                .collect(),
            deck: NumberCounts::from_slots(&g.deck),
            discards: NumberCounts::from_slots(&g.discard),
            unseen_discards: NumberCounts::from_slots(&g.masked),
            supply: g.supply,
            draw_pile: g.pile,
            open_trumps: g.open_trumps().to_vec(),
            in_exchange: g.limbo,
            set_aside: g.aside,
            phase: g.phase,
            turn: g.turn,
            opener: g.opener,
            round: g.round,
            scored: g.scored,
            exits: g.exits,
            last_round: g.last,
        }
    }
}

fn bad(why: &'static str) -> SetupError {
    SetupError::Inconsistent(why)
}

impl cards_core::Save for Trump21 {
    type Setup = Setup;
    fn save(&self) -> Setup {
        Setup::from(self.clone())
    }
    fn load(setup: Setup) -> Result<Trump21, SetupError> {
        Trump21::from_setup(setup)
    }
}

impl TryFrom<Setup> for Trump21 {
    type Error = SetupError;

    fn try_from(s: Setup) -> Result<Trump21, SetupError> {
        let n = s.seats.len();
        if !(MIN_SEATS..=MAX_SEATS).contains(&n) {
            return Err(SetupError::Seats(n));
        }
        let rules = s.rules;
        rules.validate()?;
        if rules.number_cards() < 2 * n as u32 {
            return Err(SetupError::DeckTooSmall);
        }
        let mut players = [Player::default(); MAX_SEATS];
        let mut numbers = [0u32; 12];
        let mut trumps = [0u32; 19];
        let mut add_trumps = |c: &TrumpCounts| {
            for (t, x) in trumps.iter_mut().zip(c.0) {
                *t += u32::from(x);
            }
        };
        add_trumps(&s.supply);
        add_trumps(&s.draw_pile);
        add_trumps(&s.in_exchange);
        add_trumps(&s.set_aside);
        for (i, ss) in s.seats.iter().enumerate() {
            let p = &mut players[i];
            add_trumps(&ss.trumps);
            if ss.lives > rules.lives {
                return Err(bad("lives above the rules' lives (T4)"));
            }
            match ss.status {
                Status::Active if ss.lives == 0 => {
                    return Err(bad("an active player has no lives (T13)"));
                }
                Status::Active => {}
                Status::Out(e) | Status::Left(e) => {
                    if e == 0 || e > s.exits {
                        return Err(bad("exit numbers must be 1 to the exit count (T13, T16)"));
                    }
                    if matches!(ss.status, Status::Out(_)) && ss.lives != 0 {
                        return Err(bad("an eliminated player has lives left (T13)"));
                    }
                    if ss.hidden != 0
                        || !ss.open_cards.is_empty()
                        || !ss.trumps.is_empty()
                        || ss.closed
                        || ss.revealed
                    {
                        return Err(bad("a player who is out holds cards or marks (T13.1, T16)"));
                    }
                }
            }
            if ss.hidden > 11 || ss.open_cards.iter().any(|&v| !(1..=11).contains(&v)) {
                return Err(bad("number cards have values 1 to 11 (T1)"));
            }
            if ss.open_cards.len() > MAX_STACK {
                return Err(bad("too many open number cards"));
            }
            if ss.revealed && ss.hidden == 0 {
                return Err(bad("a revealed player needs a hidden card (T11)"));
            }
            p.status = ss.status;
            p.lives = ss.lives;
            p.hidden = ss.hidden;
            p.revealed = ss.revealed;
            p.closed = ss.closed;
            if ss.hidden != 0 {
                numbers[usize::from(ss.hidden)] += 1;
            }
            for &v in &ss.open_cards {
                p.push(v);
                numbers[usize::from(v)] += 1;
            }
            p.trumps = ss.trumps;
            let total = ss.trumps.total();
            if total > 255 {
                return Err(bad("trumps are not conserved (T2)"));
            }
            p.ntrumps = total as u8;
        }
        if s.open_trumps.len() > MAX_OPEN {
            return Err(bad("too many open trumps (T2)"));
        }
        for o in &s.open_trumps {
            trumps[o.kind.index()] += 1;
            if o.holder.index() >= n || players[o.holder.index()].status != Status::Active {
                return Err(bad("open trumps lie at active players (T12.0)"));
            }
        }
        for (v, n) in numbers.iter_mut().enumerate().skip(1) {
            *n += u32::from(s.deck.get(v as u8)) + u32::from(s.discards.get(v as u8));
            if *n != u32::from(rules.copies) {
                return Err(bad("number cards are not conserved (T1)"));
            }
        }
        if trumps
            .iter()
            .zip(rules.trumps.0)
            .any(|(&a, b)| a != u32::from(b))
        {
            return Err(bad("trumps are not conserved (T2)"));
        }
        if (1..=11u8).any(|v| s.unseen_discards.get(v) > s.discards.get(v)) {
            return Err(bad("unseen discards are part of the discards (T15.2)"));
        }
        if s.turn.index() >= n || s.opener.index() >= n {
            return Err(bad("turn and opener must be seats at the table"));
        }
        if s.round == 0 || s.round > rules.round_limit || s.scored > s.round {
            return Err(bad("round counts out of range (T13.2)"));
        }
        let mut open = [OpenTrump::default(); MAX_OPEN];
        open[..s.open_trumps.len()].copy_from_slice(&s.open_trumps);
        let g = Trump21 {
            rules,
            n: n as u8,
            players,
            deck: s.deck.slots(),
            discard: s.discards.slots(),
            masked: s.unseen_discards.slots(),
            supply: s.supply,
            pile: s.draw_pile,
            open,
            open_len: s.open_trumps.len() as u8,
            limbo: s.in_exchange,
            aside: s.set_aside,
            phase: s.phase,
            turn: s.turn,
            opener: s.opener,
            target: 21,
            round: s.round,
            scored: s.scored,
            exits: s.exits,
            last: s.last_round,
        };
        let g = Trump21 {
            target: g.compute_target(),
            ..g
        };
        g.check_phase()?;
        g.check_history()?;
        Ok(g)
    }
}

impl Trump21 {
    /// Loads a position, refusing one that breaks a rule or that play cannot reach by
    /// a check that is cheap.
    ///
    /// Checked (each refusal names its clause):
    /// - the rules themselves, 2–8 seats, two number cards per player (T1, T2, T4,
    ///   T13.2);
    /// - every number card and every trump exactly once, values 1–11, no kind beyond
    ///   the deck, per-player counts within the fixed arrays (T1, T2);
    /// - lives at most the rules' lives; active players have lives, eliminated ones
    ///   none, leavers some; a player who is out holds nothing and has no marks; a
    ///   revealed player has a hidden card (T4, T11, T13, T13.1, T16);
    /// - exit numbers: every number 1 to the exit count is used, a leave's alone
    ///   (T13, T16);
    /// - open trumps lie at active players; the target follows from them (T12.0,
    ///   T12.3);
    /// - turn and opener at the table; the opener active while the round is being
    ///   set up; round 1 to the round limit; rounds scored = round − 1 while the game
    ///   runs; the last round is the last scored one, with winners who took no damage
    ///   (T5, T13, T13.2);
    /// - the phase fits the position: top-up and deal before any card is out, with
    ///   no closed or revealed marks and with the deal order of T5.1; the round is
    ///   not seen to be over (every active player closed, or over by his open cards
    ///   and a revealed hidden card) at a turn's gamble or in a trump step before
    ///   any trump of the round was played (T9, T9.1: nothing before a trump
    ///   changes a total, a closed mark or the target); at the gamble the player to act is not a
    ///   revealed player on the target (T11.2); in a turn, the player to act is active and not
    ///   closed, every active player has his hidden card, the closing step follows a
    ///   card in his stack (T7, T8, T11.1); a pending effect's chance step comes
    ///   right after its trump was played (Destroy, Love your enemy, Trump Switch, with
    ///   consistent counters), Harvest bonuses at most what the Harvests lying at him
    ///   give, an exchange in progress with at most 2 hidden gives (T7, T12.6–T12.12);
    ///   the game is over only with one player left or after the last round (T13,
    ///   T13.2, T16.1).
    ///
    /// Not checked, because only the history could tell: whether the open cards came
    /// in an order draws could give, who played which open trump and whether its
    /// effect happened, whether a reveal followed a real landing (T11.1), how the
    /// trumps split between supply, pile and hands came about (T3, T7), whether the
    /// lives fit the damage of earlier rounds (T13), whether an unrevealed hidden
    /// card puts its player over at a turn's start (the other seats cannot see it,
    /// and a re-deal or a determinization of what they see must load, T15.2),
    /// and whether the round is over
    /// once a trump lies open or a card was taken in the turn (T9.1 checks it only
    /// when the turn ends: a Go for, a Love your enemy or a draw may put every
    /// player over or closed while the player to act still finishes his turn, so
    /// such a position is reachable). Such a position is a legal puzzle: it plays
    /// on by the rules (the round ends when the turn does), and every state it
    /// reaches saves and loads.
    ///
    /// # Errors
    /// A [`SetupError`] naming the broken invariant.
    pub fn from_setup(setup: Setup) -> Result<Trump21, SetupError> {
        Trump21::try_from(setup)
    }

    /// What cheap bookkeeping says about how the position came about (T5, T13, T16).
    fn check_history(&self) -> Result<(), SetupError> {
        let n = self.players().len();
        if usize::from(self.exits) > n {
            return Err(bad(
                "there are at most as many exit events as seats (T13, T16)",
            ));
        }
        // Exit events: numbered 1..=exits, each used; a leave is an event of its own.
        let mut used = [0u8; 1 + crate::rules::MAX_SEATS];
        for p in self.players() {
            match p.status {
                Status::Active => {}
                Status::Out(e) => used[usize::from(e)] |= 1,
                Status::Left(e) => {
                    if used[usize::from(e)] != 0 {
                        return Err(bad("every leave is an exit event of its own (T16)"));
                    }
                    used[usize::from(e)] |= 2;
                }
            }
            if matches!(p.status, Status::Left(_)) && p.lives == 0 {
                return Err(bad("a player leaves with lives left (T16)"));
            }
        }
        if used[1..=usize::from(self.exits)].contains(&0) {
            return Err(bad(
                "every exit number up to the exit count is used (T13, T16)",
            ));
        }
        // Rounds: every round that ended was scored, except one a leave ended.
        let over = self.phase == Phase::Over;
        let scored_ok = self.scored + 1 == self.round || (over && self.scored == self.round);
        if !scored_ok {
            return Err(bad("rounds scored are the rounds before this one (T13)"));
        }
        match &self.last {
            None if self.scored == 0 => {}
            Some(l)
                if self.scored > 0
                    && l.round == self.scored
                    && matches!(l.target, 17 | 21 | 24 | 27)
                    && l.winners != 0
                    && u32::from(l.winners) >> n == 0
                    && (0..n).all(|s| l.winners & (1 << s) == 0 || l.damage[s] == 0)
                    && l.totals[n..].iter().all(|&t| t == 0)
                    && l.damage[n..].iter().all(|&d| d == 0) => {}
            _ => {
                return Err(bad(
                    "the last round is the last scored one; its winners took no damage (T10, T13)",
                ));
            }
        }
        if matches!(self.phase, Phase::TopUp | Phase::Deal(_)) && !self.is_active(self.opener) {
            return Err(bad("the opener of a round being dealt is active (T5)"));
        }
        Ok(())
    }

    fn check_phase(&self) -> Result<(), SetupError> {
        let a = self.active_count();
        let cards_out = self.players().iter().any(|p| p.hidden != 0 || p.len > 0);
        let turn = self.cur();
        let deck_empty = self.deck.iter().all(|&c| c == 0);
        if !matches!(self.phase, Phase::ExchangePick { .. }) && !self.limbo.is_empty() {
            return Err(bad(
                "exchanged trumps are in transit only during an exchange (T12.8)",
            ));
        }
        let switching = matches!(
            self.phase,
            Phase::SwitchAside { .. } | Phase::SwitchDraw { .. } | Phase::SwitchBonus(_)
        );
        if !switching && !self.aside.is_empty() {
            return Err(bad(
                "set-aside trumps exist only during trump switch (T12.11)",
            ));
        }
        if self.phase == Phase::Over {
            return if a <= 1 || self.round >= self.rules.round_limit {
                Ok(())
            } else {
                Err(bad(
                    "the game is over only with one player left or at the round limit (T13, T13.2, T16.1)",
                ))
            };
        }
        if a < 2 {
            return Err(bad(
                "a game in progress needs two active players (T13, T16.1)",
            ));
        }
        let in_turn = !matches!(self.phase, Phase::TopUp | Phase::Deal(_));
        if !in_turn && self.players().iter().any(|p| p.closed || p.revealed) {
            return Err(bad(
                "closed and revealed marks are cleared before the top-up and the deal (T5.1)",
            ));
        }
        // A turn starts only when the round is not over (T9.1 is checked after the
        // deal, at the end of every turn and after a leave). Until a trump is played
        // nothing in the turn changes a total, a closed mark or the target: the
        // gamble draws trumps, a reveal only marks. Every trump played lies open
        // until the round ends (a leaver's go with him, and the leave checks T9).
        // Only what every seat sees counts: a hidden card shows nobody over, so a
        // re-deal of hidden cards (T15.2) never turns a loadable position into one
        // this refuses.
        let turn_start = matches!(self.phase, Phase::Gamble | Phase::GambleDraw(_));
        let t = u16::from(self.target);
        let seen_over = |p: &Player| {
            let least_hidden = if p.revealed { u16::from(p.hidden) } else { 1 };
            p.sum + least_hidden > t
        };
        let seen_round_over = self
            .players()
            .iter()
            .filter(|p| p.active())
            .all(|p| p.closed || seen_over(p));
        if (turn_start || (self.phase == Phase::Play && self.open_len == 0)) && seen_round_over {
            return Err(bad(
                "every active player has closed or is over: the round is over (T9, T9.1)",
            ));
        }
        // Before the gamble the turn has just reached the player to act (T11.2).
        if turn_start && turn.revealed && turn.total() == t {
            return Err(bad(
                "a revealed player on the target whom the turn reaches ends the round (T11, T11.2)",
            ));
        }
        if in_turn && (!turn.active() || turn.closed) {
            return Err(bad("the player to act must be active and not closed (T8)"));
        }
        if in_turn && self.players().iter().any(|p| p.active() && p.hidden == 0) {
            return Err(bad(
                "every active player has his hidden card during the round (T5)",
            ));
        }
        let last_open = self.open_trumps().last();
        let just_played =
            |kind: Trump, at: Seat| last_open.is_some_and(|o| o.kind == kind && o.holder == at);
        let harvests = self.open_at(self.turn, Trump::Harvest);
        let ok = match self.phase {
            Phase::TopUp => {
                !cards_out
                    && self.open_len == 0
                    && !self.supply.is_empty()
                    && self.pile.total() < a as u32 + 1
            }
            Phase::Deal(i) => {
                let i = usize::from(i);
                i < 2 * a
                    && !deck_empty
                    && self.open_len == 0
                    && self.players().iter().all(|p| !p.closed && !p.revealed)
                    && (0..a).all(|j| {
                        let p = &self.players[self.deal_seat(j).index()];
                        (p.hidden != 0) == (j < i) && usize::from(p.len) == usize::from(a + j < i)
                    })
                    && self
                        .players()
                        .iter()
                        .filter(|p| !p.active())
                        .all(|p| p.hidden == 0)
            }
            Phase::Gamble => !self.pile.is_empty(),
            Phase::GambleDraw(left) => {
                left > 0 && u32::from(left) <= 1 + harvests && !self.pile.is_empty()
            }
            Phase::SwitchBonus(left) => {
                left > 0
                    && u32::from(left) <= (self.aside.total() + 1) * harvests
                    && !self.pile.is_empty()
                    && just_played(Trump::Switch, self.turn)
            }
            Phase::SwitchDraw { left, drawn } => {
                left > 0
                    && !self.pile.is_empty()
                    && u32::from(left) + u32::from(drawn) == self.aside.total() + 1
                    && just_played(Trump::Switch, self.turn)
            }
            Phase::Play => true,
            Phase::Exchanging(e) => {
                e.with != self.turn
                    && self.is_active(e.with)
                    && just_played(Trump::Exchange, self.turn)
                    && crate::legal::exchange_reachable(self, &e)
            }
            Phase::Landed => turn.len > 0,
            Phase::Draw { to, love: false } => !deck_empty && to == self.turn,
            Phase::Draw { to, love: true } => {
                !deck_empty
                    && to != self.turn
                    && self.is_active(to)
                    && self.rules.love == crate::rules::LoveCard::Random
                    && just_played(Trump::Love, to)
            }
            Phase::DestroyPick(s) => {
                s != self.turn
                    && self.is_active(s)
                    && self.players[s.index()].ntrumps > 0
                    && just_played(Trump::Destroy, self.turn)
            }
            Phase::ExchangePick { with, left } => {
                with != self.turn
                    && self.is_active(with)
                    && left > 0
                    && left <= 2
                    && self.limbo.total() <= 2
                    && self.players[with.index()].ntrumps >= left
            }
            Phase::SwitchAside { left, draws } => {
                left > 0
                    && u32::from(draws) == self.aside.total() + u32::from(left) + 1
                    && turn.ntrumps >= left
                    && just_played(Trump::Switch, self.turn)
            }
            Phase::Over => true,
        };
        if ok {
            Ok(())
        } else {
            Err(bad(
                "the phase does not fit the position (T5.1, T7, T11.1, T12)",
            ))
        }
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Trump21 {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        Setup::from(self.clone()).serialize(s)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Trump21 {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Trump21, D::Error> {
        let setup = Setup::deserialize(d)?;
        Trump21::try_from(setup).map_err(serde::de::Error::custom)
    }
}

/// Kinds in a [`TrumpCounts`] written as a list (helper for building setups).
pub fn trumps_of(kinds: &[Trump]) -> TrumpCounts {
    let mut c = TrumpCounts::EMPTY;
    for &k in kinds {
        c.add(k);
    }
    c
}

/// A game's [`Setup`], for building positions from a real one.
pub fn setup_of(g: &Trump21) -> Setup {
    Setup::from(g.clone())
}

impl std::fmt::Debug for Trump21 {
    /// The position as its [`Setup`]: only the live parts of the fixed arrays.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(&Setup::from(self.clone()), f)
    }
}
