//! Which actions are legal: the player's list (shared by states and views),
//! chance's pool, and the check behind `apply`.

use cards_core::multiset::next_sub_lanes;
use cards_core::{Card, CardMultiset, Rank};

use crate::action::Action;
use crate::error::Illegal;
use crate::group::{Group, next_picks};
use crate::playable::{playable, playable_ranks};
use crate::rules::PickUp;
use crate::state::{Conserved, Phase, Shithead, Source, Stage, source_of};

/// What listing a player's actions needs: built from the state or from his view.
pub(crate) struct Ctx {
    pub phase: Phase,
    pub stage: Stage,
    pub hand: CardMultiset,
    pub up: CardMultiset,
    pub down: usize,
    pub level: Option<Rank>,
    pub pile_empty: bool,
    pub group: Option<Rank>,
    pub must_open: Option<Card>,
    pub voluntary: bool,
}

impl Ctx {
    pub(crate) fn source(&self) -> Source {
        source_of(self.hand, self.up, self.down)
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
    while let Some(s) = next_sub_lanes(cur, of) {
        if let Some(g) = Group::new(rank, s) {
            out.push(wrap(g));
        }
        cur = s;
    }
}

#[inline(always)]
fn push_ranks<const PICK: bool>(out: &mut Vec<Action>, from: CardMultiset, ranks: u16) {
    let mut m = ranks;
    while m != 0 {
        let r = m.trailing_zeros() as usize;
        m &= m - 1;
        let rank = Rank::from_index(r);
        push_subs::<PICK>(out, rank, from.rank_lanes(rank));
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
            let picked = match c.stage {
                Stage::Picking(m) => m,
                _ => CardMultiset::EMPTY,
            };
            next_picks(six, picked, &mut |card| out.push(Action::FaceUp(card)));
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
                        let of = from.rank_lanes(r);
                        let mut cur = 0;
                        while let Some(s) = next_sub_lanes(cur, of) {
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
                            // H10: stuck on face-up cards, he takes some along,
                            // also under the voluntary pick-up (H7: it is for a
                            // player who could play).
                            _ => push_ranks::<true>(out, from, from.ranks().bits()),
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
                        push_subs::<false>(out, r, from.rank_lanes(r));
                    }
                    out.push(Action::Done);
                }
                Stage::Blind { .. } | Stage::Picking(_) => {}
            }
        }
        Phase::Dealing | Phase::Over => {}
    }
}

impl Shithead {
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
    pub(crate) fn chance_pool(&self) -> Option<CardMultiset> {
        match self.phase {
            Phase::Dealing => Some(self.stock),
            Phase::Playing if self.refill => Some(self.stock),
            Phase::Playing if matches!(self.stage, Stage::Blind { .. }) => {
                Some(self.down[self.to_act.index()])
            }
            _ => None,
        }
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
                Action::FaceUp(card) => {
                    let mut six = self.hand[p];
                    six.merge(self.up[p]);
                    let picked = match self.stage {
                        Stage::Picking(m) => m,
                        _ => CardMultiset::EMPTY,
                    };
                    // H3.1: any of his six not yet picked (fewer than three are).
                    let mut rest = six;
                    if picked.len() < 3 && rest.remove_all(picked) && rest.contains(*card) {
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
            _ => CardMultiset::EMPTY,
        };
        let stuck = || from.ranks().and(playable_ranks(self.level)).is_empty();
        match *a {
            Action::Draw(_) | Action::Turn(_) => Err(Illegal::NotChance),
            Action::FaceUp(_) => Err(Illegal::NotArranging),
            Action::Play(g) => {
                if src == Source::FaceDown {
                    return Err(Illegal::BlindOnly);
                }
                if !from.includes(g.cards()) {
                    return Err(Illegal::NotInSource(g));
                }
                match self.stage {
                    Stage::Start => {
                        if let Some(c) = self.must_open
                            && g.count(c) == 0
                        {
                            return Err(Illegal::MustOpenWith(c));
                        }
                        if let Some(level) = self.level
                            && !playable(g.rank(), Some(level))
                        {
                            return Err(Illegal::NotPlayable {
                                rank: g.rank(),
                                level,
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
                    Stage::Picking(_) => Err(Illegal::NotArranging),
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
                match (src, stuck()) {
                    (Source::Hand, true) => Ok(()),
                    (Source::FaceUp, true) => Err(Illegal::TakeFaceUpAlong),
                    _ if self.rules.pick_up == PickUp::Voluntary => Ok(()),
                    (Source::FaceDown, _) => Err(Illegal::BlindBeforePickUp),
                    _ => Err(Illegal::CanPlay),
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
                if !from.includes(g.cards()) {
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
}
