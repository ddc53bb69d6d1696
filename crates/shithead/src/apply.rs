//! Transitions: applying a checked action, the deal, arranging, plays,
//! turns ending, the game ending, and players leaving.

use cards_core::{Card, CardMultiset, Game, Rank, Seat, Suit};

use crate::action::{Action, Leave};
use crate::error::Illegal;
use crate::group::Group;
use crate::playable::playable;
use crate::rules::{Eights, Kings, OPENING_RANKS};
use crate::state::{Conserved, Phase, Place, Shithead, Source, Stage, Status};

impl Shithead {
    /// The seat a player leaves (H21); see [`Game::host`].
    ///
    /// # Errors
    /// [`Illegal`] when the game is over or the seat cannot leave.
    pub fn leave(&self, seat: Seat) -> Result<Shithead, Illegal> {
        self.host(&Leave(seat))
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
        for rank in OPENING_RANKS {
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

    /// Lays `g` on the pile (H5, H6, H8).
    fn place(&mut self, g: Group) {
        let rank = g.rank();
        let n = g.len() as u8;
        self.pile.merge(g.cards());
        if self.top == Some(rank) {
            // At most 12 copies of a rank exist (three decks): no overflow.
            self.run += n;
        } else {
            self.top = Some(rank);
            self.run = n;
        }
        if rank != Rank::Three {
            self.level = Some(rank);
        }
        if self.group == Some(rank) {
            self.group_len += n;
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
        self.pile = CardMultiset::EMPTY;
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
                Source::Hand => self.hand[i].count_rank(g) > 0,
                Source::FaceUp => self.up[i].count_rank(g) > 0,
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

    /// Applies a checked action.
    pub(crate) fn exec(&mut self, a: &Action) {
        let p = self.to_act;
        let i = p.index();
        match self.phase {
            Phase::Dealing => {
                if let Action::Draw(c) = *a {
                    let (seat, place) = self.deal_target(self.progress);
                    self.stock.remove(c);
                    let s = seat.index();
                    let to = match place {
                        Place::FaceDown => &mut self.down[s],
                        Place::FaceUp => &mut self.up[s],
                        Place::Hand => &mut self.hand[s],
                    };
                    to.merge(Group::single(c).cards());
                    self.progress += 1;
                    self.settle_deal();
                }
                return;
            }
            Phase::Arranging => {
                if let Action::FaceUp(card) = *a {
                    // H3.1: the first two picks are only noted.
                    let mut up = match self.stage {
                        Stage::Picking(m) => m,
                        _ => CardMultiset::EMPTY,
                    };
                    up.merge(Group::single(card).cards());
                    if up.len() < 3 {
                        self.stage = Stage::Picking(up);
                        return;
                    }
                    self.stage = Stage::Start;
                    let mut six = self.hand[i];
                    six.merge(self.up[i]);
                    // H23.3: the dealt face-up cards taken into the hand were seen.
                    let mut taken = self.up[i];
                    for c in up.copies() {
                        taken.remove(c);
                    }
                    self.known[i].merge(taken);
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
                self.hand[i].merge(Group::single(c).cards());
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
                    took.merge(Group::single(c).cards());
                    self.hand[i].merge(took);
                    self.known[i].merge(took);
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
                    self.hand[i].take(g.cards());
                    let rank = g.rank();
                    if self.known[i].count_rank(rank) > 0 {
                        // One rank: four suits to look at, not the whole deck.
                        for suit in Suit::ALL {
                            let c = Card::new(rank, suit);
                            for _ in 0..g.cards().count(c) {
                                self.known[i].remove(c);
                            }
                        }
                    }
                } else {
                    self.up[i].take(g.cards());
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
                self.known[i].merge(self.pile);
                self.hand[i].merge(self.pile);
                self.clear_pile();
                self.end_turn(false);
            }
            Action::PickUpWith(g) => {
                self.up[i].take(g.cards());
                self.hand[i].merge(self.pile);
                self.hand[i].merge(g.cards());
                self.known[i].merge(self.pile);
                self.known[i].merge(g.cards());
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

    /// H21, H21.1: a player leaves (the host operation behind [`Game::host`]).
    pub(crate) fn host_leave(&self, op: &Leave) -> Result<Shithead, Illegal> {
        let seat = op.0.at(self.n, "H21")?;
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
        g.hand[i] = CardMultiset::EMPTY;
        g.known[i] = CardMultiset::EMPTY;
        g.up[i] = CardMultiset::EMPTY;
        g.down[i] = CardMultiset::EMPTY;
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
                    // H3.1: his picks are called off with him.
                    g.stage = Stage::Start;
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
}
