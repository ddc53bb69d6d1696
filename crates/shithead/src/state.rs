//! [`Shithead`]: the game state, its transitions and its legal actions.

use cards_core::{
    Actor, Card, Game, MAX_SEATS, Outcome, Rank, Redeal, Rng, Seat, Viewer, chance::below,
};

use crate::action::{Action, Leave};
use crate::cards::{Cards, Group, next_sub, trios};
use crate::error::{Illegal, SetupError};
use crate::observe::{Event, Place, View};
use crate::playable::{playable, playable_ranks};
use crate::rules::{Eights, Kings, PickUp, Rules};

/// The part of a game the state is in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Phase {
    /// H2: chance deals the cards one at a time.
    #[default]
    Dealing,
    /// H3: each player in turn chooses his face-up cards.
    Arranging,
    /// H5–H19: turns.
    Playing,
    /// H20, H22: the game is over.
    Over,
}

/// Where the mover is within his turn (while [`Phase::Playing`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Stage {
    /// The turn starts (or restarts after a burn, H8): a play is due, or a pick-up.
    #[default]
    Start,
    /// H5: the mover may add cards of the rank on top, or end his turn.
    Add,
    /// H17: the mover owes a cover on his queen.
    Cover,
    /// H11.1: chance turns one of the mover's face-down cards; `cover` when it
    /// covers his queen (always playable then).
    Blind {
        /// Whether the blind card covers the mover's queen.
        cover: bool,
    },
}

/// A seat's standing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Status {
    /// Still holds cards.
    #[default]
    Active,
    /// Went out as the n-th player (0 = first).
    Out(u8),
    /// Left as the n-th leaver (0 = first).
    Left(u8),
}

/// Which cards a player plays from (H9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Source {
    Hand,
    FaceUp,
    FaceDown,
    Nothing,
}

/// A game of Shithead: a valid position, `Copy`-cheap (no heap).
///
/// ```
/// use cards_core::{Actor, Game, Table};
/// use shithead::{Rules, Shithead};
/// let game = Shithead::new(Rules::default(), 4)?;
/// assert_eq!(game.actor(), Actor::Chance); // the deal
/// let table = Table::<Shithead>::new(Rules::default(), 4, 7)?;
/// assert_eq!(table.state().stock_len(), 16); // 52 - 4 × 9
/// # Ok::<(), shithead::SetupError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shithead {
    pub(crate) rules: Rules,
    pub(crate) n: u8,
    pub(crate) decks: u8,
    pub(crate) dealer: Seat,
    pub(crate) phase: Phase,
    /// Dealing: cards dealt so far in deal order; arranging: seats handled.
    pub(crate) progress: u8,
    pub(crate) to_act: Seat,
    pub(crate) reversed: bool,
    pub(crate) stage: Stage,
    pub(crate) refill: bool,
    pub(crate) group: Option<Rank>,
    pub(crate) group_len: u8,
    pub(crate) top: Option<Rank>,
    pub(crate) level: Option<Rank>,
    pub(crate) run: u8,
    pub(crate) must_open: Option<Card>,
    pub(crate) by_limit: bool,
    pub(crate) outs: u8,
    pub(crate) lefts: u8,
    pub(crate) actions: u32,
    pub(crate) status: [Status; MAX_SEATS],
    pub(crate) hand: [Cards; MAX_SEATS],
    pub(crate) up: [Cards; MAX_SEATS],
    pub(crate) down: [Cards; MAX_SEATS],
    pub(crate) stock: Cards,
    pub(crate) pile: Cards,
    pub(crate) burned: Cards,
    pub(crate) removed: Cards,
}

/// What listing a player's actions needs: built from the state or from his view.
pub(crate) struct Ctx {
    pub phase: Phase,
    pub stage: Stage,
    pub hand: Cards,
    pub up: Cards,
    pub down: usize,
    pub level: Option<Rank>,
    pub pile_empty: bool,
    pub group: Option<Rank>,
    pub must_open: Option<Card>,
    pub voluntary: bool,
}

impl Ctx {
    fn source(&self) -> Source {
        source_of(self.hand, self.up, self.down)
    }
}

#[inline]
fn source_of(hand: Cards, up: Cards, down: usize) -> Source {
    if !hand.is_empty() {
        Source::Hand
    } else if !up.is_empty() {
        Source::FaceUp
    } else if down > 0 {
        Source::FaceDown
    } else {
        Source::Nothing
    }
}

#[inline(always)]
fn push_subs<const PICK: bool>(out: &mut Vec<Action>, rank: Rank, of: u8) {
    let wrap = |g: Group| {
        if PICK {
            Action::PickUpWith(g)
        } else {
            Action::Play(g)
        }
    };
    if of & 0xAA == 0 {
        // At most one copy of each suit: plain submasks, in increasing order.
        let mut s = 0u8;
        loop {
            s = (s | !of).wrapping_add(1) & of;
            match Group::new(rank, s) {
                Some(g) => out.push(wrap(g)),
                None => return,
            }
        }
    }
    let mut cur = 0;
    while let Some(s) = next_sub(cur, of) {
        if let Some(g) = Group::new(rank, s) {
            out.push(wrap(g));
        }
        cur = s;
    }
}

#[inline(always)]
fn push_ranks<const PICK: bool>(out: &mut Vec<Action>, from: Cards, ranks: u16) {
    let mut m = ranks;
    while m != 0 {
        let r = m.trailing_zeros() as usize;
        m &= m - 1;
        push_subs::<PICK>(out, Rank::from_index(r), from.byte(r));
    }
}

/// Lists the actions of the player to act (never chance); appends to `out`.
pub(crate) fn player_actions(c: &Ctx, out: &mut Vec<Action>) {
    match c.phase {
        Phase::Arranging => {
            let six = {
                let mut s = c.hand;
                s.merge(c.up);
                s
            };
            trios(six, &mut |t| out.push(Action::FaceUp(t)));
        }
        Phase::Playing => {
            let src = c.source();
            let from = match src {
                Source::Hand => c.hand,
                Source::FaceUp => c.up,
                Source::FaceDown => {
                    if matches!(c.stage, Stage::Start | Stage::Cover) {
                        out.push(Action::Blind);
                    }
                    if c.stage == Stage::Start && c.voluntary && !c.pile_empty {
                        out.push(Action::PickUp);
                    }
                    return;
                }
                Source::Nothing => return,
            };
            match c.stage {
                Stage::Start => {
                    if let Some(card) = c.must_open {
                        let r = card.rank();
                        let lane = 2 * card.suit() as u32;
                        let of = from.byte(r as usize);
                        let mut cur = 0;
                        while let Some(s) = next_sub(cur, of) {
                            if (s >> lane) & 3 > 0
                                && let Some(g) = Group::new(r, s)
                            {
                                out.push(Action::Play(g));
                            }
                            cur = s;
                        }
                        return;
                    }
                    let ranks = from.ranks().and(playable_ranks(c.level)).bits();
                    if ranks == 0 {
                        match src {
                            Source::Hand => out.push(Action::PickUp),
                            _ => {
                                push_ranks::<true>(out, from, from.ranks().bits());
                                if c.voluntary && !c.pile_empty {
                                    out.push(Action::PickUp);
                                }
                            }
                        }
                        return;
                    }
                    push_ranks::<false>(out, from, ranks);
                    if c.voluntary && !c.pile_empty {
                        out.push(Action::PickUp);
                    }
                }
                Stage::Cover => push_ranks::<false>(out, from, from.ranks().bits()),
                Stage::Add => {
                    if let Some(r) = c.group {
                        push_subs::<false>(out, r, from.byte(r as usize));
                    }
                    out.push(Action::Done);
                }
                Stage::Blind { .. } => {}
            }
        }
        Phase::Dealing | Phase::Over => {}
    }
}

impl Shithead {
    /// A new game with `dealer` dealing (H2: in a series, the last shithead).
    ///
    /// # Errors
    /// [`SetupError`] for a seat count outside 2–10, a bad rules value, or a
    /// dealer not at the table.
    pub fn with_dealer(rules: Rules, seats: usize, dealer: Seat) -> Result<Shithead, SetupError> {
        let decks = check_rules(&rules, seats)?;
        if dealer.index() >= seats {
            return Err(SetupError::Dealer(dealer));
        }
        Ok(Shithead {
            rules,
            n: seats as u8,
            decks,
            dealer,
            phase: Phase::Dealing,
            progress: 0,
            to_act: dealer,
            reversed: false,
            stage: Stage::Start,
            refill: false,
            group: None,
            group_len: 0,
            top: None,
            level: None,
            run: 0,
            must_open: None,
            by_limit: false,
            outs: 0,
            lefts: 0,
            actions: 0,
            status: [Status::Active; MAX_SEATS],
            hand: [Cards::EMPTY; MAX_SEATS],
            up: [Cards::EMPTY; MAX_SEATS],
            down: [Cards::EMPTY; MAX_SEATS],
            stock: Cards::decks(decks).map_err(|_| SetupError::Decks)?,
            pile: Cards::EMPTY,
            burned: Cards::EMPTY,
            removed: Cards::EMPTY,
        })
    }

    /// The phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The stage of the current turn.
    pub fn stage(&self) -> Stage {
        self.stage
    }

    /// The dealer.
    pub fn dealer(&self) -> Seat {
        self.dealer
    }

    /// Decks in play (H1).
    pub fn decks(&self) -> u8 {
        self.decks
    }

    /// Cards left in the stock.
    pub fn stock_len(&self) -> usize {
        self.stock.len()
    }

    /// The stock (hidden from every player).
    pub fn stock(&self) -> Cards {
        self.stock
    }

    /// The pile's cards.
    pub fn pile(&self) -> Cards {
        self.pile
    }

    /// The burned cards (out of the game).
    pub fn burned(&self) -> Cards {
        self.burned
    }

    /// Cards of players who left (out of the game, H21).
    pub fn removed(&self) -> Cards {
        self.removed
    }

    /// The pile's level: its topmost card that is not a 3 (H6).
    pub fn level(&self) -> Option<Rank> {
        self.level
    }

    /// The rank of the pile's top card.
    pub fn top(&self) -> Option<Rank> {
        self.top
    }

    /// How many cards of the top rank lie on top in a row (H8).
    pub fn run(&self) -> u8 {
        self.run
    }

    /// Whether play runs to lower seat numbers (a king reversed it, H18).
    pub fn reversed(&self) -> bool {
        self.reversed
    }

    /// The card the opening play must include (H4), until it is played.
    pub fn must_open(&self) -> Option<Card> {
        self.must_open
    }

    /// Player actions taken so far (H22).
    pub fn actions(&self) -> u32 {
        self.actions
    }

    /// A seat's hand (hidden from the others).
    ///
    /// # Panics
    /// When the seat is not at the table.
    pub fn hand(&self, seat: Seat) -> Cards {
        self.hand[..self.n as usize][seat.index()]
    }

    /// A seat's face-up table cards.
    ///
    /// # Panics
    /// When the seat is not at the table.
    pub fn face_up(&self, seat: Seat) -> Cards {
        self.up[..self.n as usize][seat.index()]
    }

    /// A seat's face-down table cards (hidden from everyone).
    ///
    /// # Panics
    /// When the seat is not at the table.
    pub fn face_down(&self, seat: Seat) -> Cards {
        self.down[..self.n as usize][seat.index()]
    }

    /// A seat's standing.
    ///
    /// # Panics
    /// When the seat is not at the table.
    pub fn status(&self, seat: Seat) -> Status {
        self.status[..self.n as usize][seat.index()]
    }

    /// Every card of the game, copies counted: hands, table cards, stock, pile,
    /// burned and removed cards.
    pub fn all_cards(&self) -> Cards {
        let mut all = Cards::EMPTY;
        for s in 0..self.n as usize {
            for part in [self.hand[s], self.up[s], self.down[s]] {
                all = all.checked_union(part).unwrap_or(all);
            }
        }
        for part in [self.stock, self.pile, self.burned, self.removed] {
            all = all.checked_union(part).unwrap_or(all);
        }
        all
    }

    /// Cards a seat still holds (hand, face-up and face-down), H22's tie-break.
    pub fn held(&self, seat: Seat) -> usize {
        let s = seat.index();
        if s >= self.n as usize {
            return 0;
        }
        self.hand[s].len() + self.up[s].len() + self.down[s].len()
    }

    /// The shithead once the game is over (H20, H22): the last player holding
    /// cards, or at the action limit the last-ranked (of several tied, the
    /// first after the dealer).
    pub fn shithead(&self) -> Option<Seat> {
        if self.phase != Phase::Over {
            return None;
        }
        let mut best: Option<(usize, Seat)> = None;
        for k in 1..=self.n {
            let s = Seat(((self.dealer.0 as usize + k as usize) % self.n as usize) as u8);
            if self.status[s.index()] != Status::Active {
                continue;
            }
            let held = self.held(s);
            if best.is_none_or(|(h, _)| held > h) {
                best = Some((held, s));
            }
        }
        best.map(|(_, s)| s)
    }

    /// The seat a player leaves (H21); see [`Game::host`].
    ///
    /// # Errors
    /// [`Illegal`] when the game is over or the seat cannot leave.
    pub fn leave(&self, seat: Seat) -> Result<Shithead, Illegal> {
        self.host(&Leave(seat))
    }

    #[inline]
    pub(crate) fn active(&self, s: Seat) -> bool {
        self.status[s.index()] == Status::Active
    }

    fn active_count(&self) -> usize {
        self.status[..self.n as usize]
            .iter()
            .filter(|s| **s == Status::Active)
            .count()
    }

    #[inline]
    fn step(&self, s: Seat) -> Seat {
        if self.reversed {
            Seat(if s.0 == 0 { self.n - 1 } else { s.0 - 1 })
        } else {
            Seat(if s.0 + 1 >= self.n { 0 } else { s.0 + 1 })
        }
    }

    /// The `k`-th active seat after `from` in the current direction (`from`
    /// counts when passed while active).
    fn nth_active_after(&self, from: Seat, k: u8) -> Seat {
        let mut s = from;
        let mut left = k;
        for _ in 0..(self.n as usize * (k as usize + 1)) {
            s = self.step(s);
            if self.active(s) {
                left -= 1;
                if left == 0 {
                    return s;
                }
            }
        }
        s
    }

    pub(crate) fn source(&self, p: Seat) -> Source {
        let i = p.index();
        source_of(self.hand[i], self.up[i], self.down[i].len())
    }

    /// The seat and place of deal step `i` (H2).
    pub(crate) fn deal_target(&self, i: u8) -> (Seat, Place) {
        let n = self.n as usize;
        let i = i as usize;
        let place = match i / (3 * n) {
            0 => Place::FaceDown,
            1 => Place::FaceUp,
            _ => Place::Hand,
        };
        (Seat(((self.dealer.index() + 1 + i % n) % n) as u8), place)
    }

    fn arrange_seat(&self, k: u8) -> Seat {
        Seat(((self.dealer.index() + 1 + k as usize) % self.n as usize) as u8)
    }

    /// Skips dealing to seats that left; moves on to arranging at the end of the deal.
    fn settle_deal(&mut self) {
        let total = 9 * self.n;
        while self.progress < total && !self.active(self.deal_target(self.progress).0) {
            self.progress += 1;
        }
        if self.progress >= total {
            self.phase = Phase::Arranging;
            self.progress = 0;
            self.settle_arrange();
        }
    }

    fn settle_arrange(&mut self) {
        while self.progress < self.n && !self.active(self.arrange_seat(self.progress)) {
            self.progress += 1;
        }
        if self.progress < self.n {
            self.to_act = self.arrange_seat(self.progress);
        } else {
            self.start_play();
        }
    }

    /// H4: the opener.
    fn start_play(&mut self) {
        self.phase = Phase::Playing;
        self.progress = 0;
        self.stage = Stage::Start;
        let order = self.rules.suit_order;
        let first = self.nth_active_after(self.dealer, 1);
        self.to_act = first;
        self.must_open = None;
        for rank in [
            Rank::Four,
            Rank::Five,
            Rank::Six,
            Rank::Seven,
            Rank::Eight,
            Rank::Nine,
            Rank::Jack,
            Rank::Queen,
            Rank::King,
            Rank::Ace,
        ] {
            for suit in order {
                let card = Card::new(rank, suit);
                let mut s = first;
                for _ in 0..self.n {
                    if self.active(s) && self.hand[s.index()].contains(card) {
                        self.to_act = s;
                        self.must_open = Some(card);
                        return;
                    }
                    s = s.next(self.n as usize);
                }
            }
        }
    }

    pub(crate) fn ctx(&self) -> Ctx {
        let p = self.to_act.index();
        Ctx {
            phase: self.phase,
            stage: self.stage,
            hand: self.hand[p],
            up: self.up[p],
            down: self.down[p].len(),
            level: self.level,
            pile_empty: self.pile.is_empty(),
            group: self.group,
            must_open: self.must_open,
            voluntary: self.rules.pick_up == PickUp::Voluntary,
        }
    }

    /// The cards chance picks from now, if chance acts.
    #[inline]
    fn chance_pool(&self) -> Option<Cards> {
        match self.phase {
            Phase::Dealing => Some(self.stock),
            Phase::Playing if self.refill => Some(self.stock),
            Phase::Playing if matches!(self.stage, Stage::Blind { .. }) => {
                Some(self.down[self.to_act.index()])
            }
            _ => None,
        }
    }

    /// Lays `g` on the pile (H5, H6, H8).
    fn place(&mut self, g: Group) {
        let rank = g.rank();
        let n = g.len() as u8;
        self.pile.merge(g.cards());
        if self.top == Some(rank) {
            self.run = self.run.saturating_add(n);
        } else {
            self.top = Some(rank);
            self.run = n;
        }
        if rank != Rank::Three {
            self.level = Some(rank);
        }
        if self.group == Some(rank) {
            self.group_len = self.group_len.saturating_add(n);
        } else {
            self.group = Some(rank);
            self.group_len = n;
        }
        if rank == Rank::Ten || self.run >= 4 {
            self.burned.merge(self.pile);
            self.clear_pile();
        }
    }

    fn clear_pile(&mut self) {
        self.pile = Cards::EMPTY;
        self.top = None;
        self.level = None;
        self.run = 0;
        self.group = None;
        self.group_len = 0;
    }

    /// After a play and its refills: out, replay, cover, add, or the turn ends.
    fn settle_play(&mut self, blind: bool) {
        let p = self.to_act;
        let i = p.index();
        if self.hand[i].is_empty() && self.up[i].is_empty() && self.down[i].is_empty() {
            self.status[i] = Status::Out(self.outs);
            self.outs += 1;
            let effects = self.group.is_some();
            self.end_turn(effects);
            return;
        }
        let Some(g) = self.group else {
            self.stage = Stage::Start;
            return;
        };
        if g == Rank::Queen {
            self.stage = Stage::Cover;
            return;
        }
        if !blind {
            let more = match self.source(p) {
                Source::Hand => self.hand[i].rank_count(g) > 0,
                Source::FaceUp => self.up[i].rank_count(g) > 0,
                _ => false,
            };
            if more {
                self.stage = Stage::Add;
                return;
            }
        }
        self.end_turn(true);
    }

    /// Ends the mover's turn, applying his group's effects (H15, H18) when asked.
    fn end_turn(&mut self, effects: bool) {
        let mover = self.to_act;
        let mut k = 1u8;
        if effects {
            match self.group {
                Some(Rank::Eight) => {
                    k += match self.rules.eights {
                        Eights::SkipPerEight => self.group_len,
                        Eights::OneSkip => 1,
                    }
                }
                Some(Rank::King) => match self.rules.kings {
                    Kings::ReverseOnce => self.reversed = !self.reversed,
                    Kings::EachReverses => self.reversed ^= self.group_len % 2 == 1,
                },
                _ => {}
            }
        }
        self.group = None;
        self.group_len = 0;
        self.stage = Stage::Start;
        self.refill = false;
        if self.active_count() <= 1 {
            self.finish();
            return;
        }
        self.to_act = self.nth_active_after(mover, k);
    }

    /// Checks `a` without changing anything.
    pub(crate) fn check(&self, a: &Action) -> Result<(), Illegal> {
        let p = self.to_act.index();
        match self.phase {
            Phase::Over => Err(Illegal::GameOver),
            Phase::Dealing => match a {
                Action::Draw(c) if self.stock.contains(*c) => Ok(()),
                Action::Draw(c) => Err(Illegal::NotInStock(*c)),
                _ => Err(Illegal::ChanceActs),
            },
            Phase::Arranging => match a {
                Action::FaceUp(t) => {
                    let mut six = self.hand[p];
                    six.merge(self.up[p]);
                    if six.includes(t.to_cards()) {
                        Ok(())
                    } else {
                        Err(Illegal::NotOwnSix)
                    }
                }
                Action::Draw(_) | Action::Turn(_) => Err(Illegal::NotChance),
                _ => Err(Illegal::ArrangeFirst),
            },
            Phase::Playing => {
                if self.refill {
                    return match a {
                        Action::Draw(c) if self.stock.contains(*c) => Ok(()),
                        Action::Draw(c) => Err(Illegal::NotInStock(*c)),
                        _ => Err(Illegal::ChanceActs),
                    };
                }
                if let Stage::Blind { .. } = self.stage {
                    return match a {
                        Action::Turn(c) if self.down[p].contains(*c) => Ok(()),
                        Action::Turn(c) => Err(Illegal::NotFaceDown(*c)),
                        _ => Err(Illegal::ChanceActs),
                    };
                }
                self.check_play(a)
            }
        }
    }

    fn check_play(&self, a: &Action) -> Result<(), Illegal> {
        let p = self.to_act.index();
        let src = self.source(self.to_act);
        let from = match src {
            Source::Hand => self.hand[p],
            Source::FaceUp => self.up[p],
            _ => Cards::EMPTY,
        };
        let stuck = || from.ranks().and(playable_ranks(self.level)).is_empty();
        match *a {
            Action::Draw(_) | Action::Turn(_) => Err(Illegal::NotChance),
            Action::FaceUp(_) => Err(Illegal::NotArranging),
            Action::Play(g) => {
                if src == Source::FaceDown {
                    return Err(Illegal::BlindOnly);
                }
                if !from.includes_group(g) {
                    return Err(Illegal::NotInSource(g));
                }
                match self.stage {
                    Stage::Start => {
                        if let Some(c) = self.must_open
                            && g.count(c) == 0
                        {
                            return Err(Illegal::MustOpenWith(c));
                        }
                        if !playable(g.rank(), self.level) {
                            return Err(Illegal::NotPlayable {
                                rank: g.rank(),
                                level: self.level.map_or("empty".into(), |r| r.to_string()),
                            });
                        }
                        Ok(())
                    }
                    Stage::Cover => Ok(()),
                    Stage::Add => match self.group {
                        Some(r) if r == g.rank() => Ok(()),
                        Some(r) => Err(Illegal::AddSameRank(r)),
                        None => Err(Illegal::CannotEnd),
                    },
                    Stage::Blind { .. } => Err(Illegal::ChanceActs),
                }
            }
            Action::Blind => {
                if src != Source::FaceDown {
                    return Err(Illegal::NotBlind);
                }
                match self.stage {
                    Stage::Start | Stage::Cover => Ok(()),
                    _ => Err(Illegal::CannotEnd),
                }
            }
            Action::PickUp => {
                match self.stage {
                    Stage::Start => {}
                    Stage::Cover => return Err(Illegal::MustCover),
                    _ => return Err(Illegal::PickUpMidTurn),
                }
                if self.pile.is_empty() {
                    return Err(Illegal::NoPile);
                }
                if self.rules.pick_up == PickUp::Voluntary || (src == Source::Hand && stuck()) {
                    Ok(())
                } else if src == Source::FaceUp && stuck() {
                    Err(Illegal::NotFaceUpPickUp)
                } else {
                    Err(Illegal::CanPlay)
                }
            }
            Action::PickUpWith(g) => {
                match self.stage {
                    Stage::Start => {}
                    Stage::Cover => return Err(Illegal::MustCover),
                    _ => return Err(Illegal::PickUpMidTurn),
                }
                if src != Source::FaceUp || !stuck() {
                    return Err(Illegal::NotFaceUpPickUp);
                }
                if !from.includes_group(g) {
                    return Err(Illegal::NotInSource(g));
                }
                Ok(())
            }
            Action::Done => match self.stage {
                Stage::Add => Ok(()),
                Stage::Cover => Err(Illegal::MustCover),
                _ => Err(Illegal::CannotEnd),
            },
        }
    }

    /// Applies a checked action.
    fn exec(&mut self, a: &Action) {
        let p = self.to_act;
        let i = p.index();
        match self.phase {
            Phase::Dealing => {
                if let Action::Draw(c) = *a {
                    let (seat, place) = self.deal_target(self.progress);
                    self.stock.remove(c);
                    let s = seat.index();
                    let _ = match place {
                        Place::FaceDown => self.down[s].add(c),
                        Place::FaceUp => self.up[s].add(c),
                        Place::Hand => self.hand[s].add(c),
                    };
                    self.progress += 1;
                    self.settle_deal();
                }
                return;
            }
            Phase::Arranging => {
                if let Action::FaceUp(t) = *a {
                    let mut six = self.hand[i];
                    six.merge(self.up[i]);
                    let up = t.to_cards();
                    six.remove_all(up);
                    self.hand[i] = six;
                    self.up[i] = up;
                    self.progress += 1;
                    self.actions += 1;
                    self.settle_arrange();
                    self.check_limit();
                }
                return;
            }
            Phase::Over => return,
            Phase::Playing => {}
        }
        match *a {
            Action::Draw(c) => {
                self.stock.remove(c);
                self.hand[i].merge(Cards::from_group(Group::single(c)));
                if self.hand[i].len() >= 3 || self.stock.is_empty() {
                    self.refill = false;
                    self.settle_play(false);
                }
                return;
            }
            Action::Turn(c) => {
                let cover = matches!(self.stage, Stage::Blind { cover: true });
                self.down[i].remove(c);
                if cover || playable(c.rank(), self.level) {
                    self.place(Group::single(c));
                    self.settle_play(true);
                } else {
                    let mut took = self.pile;
                    took.merge(Cards::from_group(Group::single(c)));
                    self.hand[i].merge(took);
                    self.clear_pile();
                    self.end_turn(false);
                }
                return;
            }
            _ => {}
        }
        self.actions += 1;
        match *a {
            Action::Play(g) => {
                let from_hand = self.source(p) == Source::Hand;
                if from_hand {
                    self.hand[i].take_group(g);
                } else {
                    self.up[i].take_group(g);
                }
                self.must_open = None;
                self.place(g);
                if from_hand && self.hand[i].len() < 3 && !self.stock.is_empty() {
                    self.refill = true;
                } else {
                    self.settle_play(false);
                }
            }
            Action::Blind => {
                self.stage = Stage::Blind {
                    cover: self.stage == Stage::Cover,
                };
            }
            Action::PickUp => {
                self.hand[i].merge(self.pile);
                self.clear_pile();
                self.end_turn(false);
            }
            Action::PickUpWith(g) => {
                self.up[i].take_group(g);
                self.hand[i].merge(self.pile);
                self.hand[i].merge(g.cards());
                self.clear_pile();
                self.end_turn(false);
            }
            Action::Done => self.end_turn(true),
            Action::Draw(_) | Action::Turn(_) | Action::FaceUp(_) => {}
        }
        self.check_limit();
    }

    /// H22: the action limit ends the game.
    fn check_limit(&mut self) {
        if self.phase != Phase::Over && self.actions >= self.rules.max_actions {
            self.by_limit = true;
            self.finish();
        }
    }

    /// H20, H21, H22: the game is over at once, so no turn is left in
    /// progress: the mover's stage, refill, group and the opening duty end
    /// with it (the pile stays as it lies).
    pub(crate) fn finish(&mut self) {
        self.phase = Phase::Over;
        self.stage = Stage::Start;
        self.refill = false;
        self.group = None;
        self.group_len = 0;
        self.must_open = None;
    }

    /// The places (H20, H21, H22), whenever asked; `outcome` gives them once over.
    pub(crate) fn places(&self) -> Outcome {
        let n = self.n as usize;
        let scores: Vec<(u8, i64)> = (0..n)
            .map(|s| match self.status[s] {
                Status::Out(k) => (3, -i64::from(k)),
                Status::Active => (2, -(self.held(Seat(s as u8)) as i64)),
                Status::Left(k) => (1, i64::from(k)),
            })
            .collect();
        Outcome::from_scores(&scores)
    }

    /// Whether the game ended at the action limit (H22).
    pub fn ended_by_limit(&self) -> bool {
        self.by_limit
    }
}

pub(crate) fn check_rules(rules: &Rules, seats: usize) -> Result<u8, SetupError> {
    if !(2..=MAX_SEATS).contains(&seats) {
        return Err(SetupError::Players(seats));
    }
    let decks = rules.decks_for(seats).ok_or(SetupError::Decks)?;
    if 52 * decks as usize > 0 && 9 * seats > 52 * decks as usize {
        return Err(SetupError::TooFewCards {
            decks,
            players: seats,
        });
    }
    let mut seen = [false; 4];
    for s in rules.suit_order {
        if std::mem::replace(&mut seen[s.index()], true) {
            return Err(SetupError::SuitOrder);
        }
    }
    if rules.max_actions == 0 {
        return Err(SetupError::ActionLimit);
    }
    Ok(decks)
}

impl Game for Shithead {
    type Rules = Rules;
    type Action = Action;
    type HostOp = Leave;
    type Illegal = Illegal;
    type SetupError = SetupError;
    type View = View;
    type Event = Event;

    fn new(rules: Rules, seats: usize) -> Result<Shithead, SetupError> {
        Shithead::with_dealer(rules, seats, Seat(0))
    }

    fn rules(&self) -> &Rules {
        &self.rules
    }

    fn seats(&self) -> usize {
        self.n as usize
    }

    #[inline]
    fn actor(&self) -> Actor {
        match self.phase {
            Phase::Over => Actor::Terminal,
            Phase::Dealing => Actor::Chance,
            Phase::Arranging => Actor::Player(self.to_act),
            Phase::Playing => {
                if self.refill || matches!(self.stage, Stage::Blind { .. }) {
                    Actor::Chance
                } else {
                    Actor::Player(self.to_act)
                }
            }
        }
    }

    #[inline]
    fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        if let Some(pool) = self.chance_pool() {
            let turn = self.phase == Phase::Playing && !self.refill;
            for (c, _) in pool.iter() {
                out.push(if turn {
                    Action::Turn(c)
                } else {
                    Action::Draw(c)
                });
            }
            return;
        }
        if self.phase == Phase::Over {
            return;
        }
        player_actions(&self.ctx(), out);
    }

    fn chance_outcomes(&self, out: &mut Vec<(Action, u32)>) {
        out.clear();
        if let Some(pool) = self.chance_pool() {
            let turn = self.phase == Phase::Playing && !self.refill;
            for (c, n) in pool.iter() {
                let a = if turn {
                    Action::Turn(c)
                } else {
                    Action::Draw(c)
                };
                out.push((a, u32::from(n)));
            }
        }
    }

    fn apply(&self, action: &Action) -> Result<Shithead, Illegal> {
        let mut next = *self;
        next.apply_mut(action)?;
        Ok(next)
    }

    #[inline]
    fn apply_mut(&mut self, action: &Action) -> Result<(), Illegal> {
        self.check(action)?;
        self.exec(action);
        Ok(())
    }

    fn host(&self, op: &Leave) -> Result<Shithead, Illegal> {
        let seat = op.0;
        if seat.index() >= self.n as usize {
            return Err(Illegal::NoSuchSeat(seat));
        }
        if self.phase == Phase::Over {
            return Err(Illegal::GameOver);
        }
        match self.status[seat.index()] {
            Status::Left(_) => return Err(Illegal::AlreadyLeft(seat)),
            Status::Out(_) => return Err(Illegal::AlreadyOut(seat)),
            Status::Active => {}
        }
        let mut g = *self;
        let i = seat.index();
        for part in [g.hand[i], g.up[i], g.down[i]] {
            g.removed.merge(part);
        }
        g.hand[i] = Cards::EMPTY;
        g.up[i] = Cards::EMPTY;
        g.down[i] = Cards::EMPTY;
        g.status[i] = Status::Left(g.lefts);
        g.lefts += 1;
        if g.active_count() <= 1 {
            g.finish();
            return Ok(g);
        }
        match g.phase {
            Phase::Dealing => g.settle_deal(),
            Phase::Arranging => {
                if g.to_act == seat {
                    g.settle_arrange();
                }
            }
            Phase::Playing => {
                if g.to_act == seat {
                    // H21.1: the turn passes, the pile stays as it is.
                    g.group = None;
                    g.group_len = 0;
                    g.stage = Stage::Start;
                    g.refill = false;
                    g.must_open = None;
                    g.to_act = g.nth_active_after(seat, 1);
                }
            }
            Phase::Over => {}
        }
        Ok(g)
    }

    fn observe(&self, viewer: Viewer) -> View {
        View::of(self, viewer)
    }

    fn event(&self, action: &Action, viewer: Viewer) -> Event {
        Event::of(self, action, viewer)
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.phase == Phase::Over).then(|| self.places())
    }

    #[inline]
    fn sample_chance<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        _scratch: &mut Vec<(Action, u32)>,
    ) -> Option<Action> {
        let pool = self.chance_pool()?;
        let total = pool.len() as u64;
        if total == 0 {
            return None;
        }
        let card = pool.nth_copy(below(rng, total) as usize)?;
        Some(if self.phase == Phase::Playing && !self.refill {
            Action::Turn(card)
        } else {
            Action::Draw(card)
        })
    }
}

impl Shithead {
    /// The one hand card of the mover that everyone can infer (H23): the
    /// announced opening card (H4), or, while he may add to his group from
    /// his hand (H5: the add stage is public and is reached only when he holds
    /// another card of that rank), his lowest card of the group's rank.
    fn pinned_card(&self) -> Option<Card> {
        if self.phase != Phase::Playing || self.refill {
            return None;
        }
        let hand = self.hand[self.to_act.index()];
        match (self.stage, self.group) {
            (Stage::Start, _) => self.must_open,
            (Stage::Add, Some(r)) => hand.copies().find(|c| c.rank() == r),
            _ => None,
        }
    }
}

impl Redeal for Shithead {
    /// Shuffles the stock, every face-down card (the seat's own included),
    /// the other seats' hands, and the burned and removed cards among
    /// themselves, keeping every count. What the seat can infer stays: the
    /// opener's announced card stays in his hand, and so does a card of the
    /// mover's group while he may add to it (H5).
    #[allow(clippy::needless_range_loop)]
    fn redeal_hidden<R: Rng + ?Sized>(&self, seat: Seat, rng: &mut R) -> Shithead {
        let mut g = *self;
        let n = self.n as usize;
        let pinned = self.pinned_card().filter(|_| self.to_act != seat);
        let mut pool: Vec<Card> = Vec::new();
        let mut hands = [0usize; MAX_SEATS];
        for s in 0..n {
            pool.extend(g.down[s].copies());
            if s != seat.index() {
                let mut h = g.hand[s];
                if s == self.to_act.index()
                    && let Some(c) = pinned
                {
                    h.remove(c);
                }
                hands[s] = h.len();
                pool.extend(h.copies());
                g.hand[s].remove_all(h);
            }
        }
        pool.extend(g.stock.copies());
        pool.extend(g.burned.copies());
        pool.extend(g.removed.copies());
        for k in (1..pool.len()).rev() {
            let j = below(rng, k as u64 + 1) as usize;
            pool.swap(k, j);
        }
        let mut it = pool.into_iter();
        let mut fill = |target: &mut Cards, count: usize| {
            let mut c = Cards::EMPTY;
            for card in it.by_ref().take(count) {
                let _ = c.add(card);
            }
            *target = c;
        };
        for s in 0..n {
            let len = self.down[s].len();
            fill(&mut g.down[s], len);
            if s != seat.index() {
                let mut h = Cards::EMPTY;
                fill(&mut h, hands[s]);
                g.hand[s].merge(h);
            }
        }
        let (ls, lb, lr) = (self.stock.len(), self.burned.len(), self.removed.len());
        fill(&mut g.stock, ls);
        fill(&mut g.burned, lb);
        fill(&mut g.removed, lr);
        g
    }
}
