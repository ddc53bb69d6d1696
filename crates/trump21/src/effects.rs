//! Trump effects (T12): checking a play, then playing it; the open trumps on the table.

use cards_core::Seat;

use crate::action::{DestroyTarget, Exchange, Give, Play, Take};
use crate::error::Illegal;
use crate::rules::LoveCard;
use crate::score::best_card;
use crate::state::{Phase, Trump21, count};
use crate::trump::{Trump, TrumpCounts};

impl Trump21 {
    /// Whether `s` is an active opponent, as `trump` played at him needs.
    pub(crate) fn opponent(&self, s: Seat, trump: Trump) -> Result<(), Illegal> {
        if s != self.turn && self.is_active(s) {
            Ok(())
        } else {
            Err(Illegal::NotOpponent {
                trump: trump.title(),
                clause: trump.clause(),
            })
        }
    }

    /// Whether Destroy (the one being played excluded) has any target.
    pub(crate) fn destroy_has_target(&self) -> bool {
        let me = self.cur();
        self.open_len > 0
            || me.ntrumps > 1
            || self
                .players()
                .iter()
                .enumerate()
                .any(|(i, p)| i != self.turn.index() && p.active() && p.ntrumps > 0)
    }

    pub(crate) fn check_play(&self, play: &Play) -> Result<(), Illegal> {
        let me = self.cur();
        let kind = play.kind();
        if me.trumps.get(kind) == 0 {
            return Err(Illegal::TrumpNotHeld);
        }
        match *play {
            Play::Simple(k) => match k {
                Trump::Damage1
                | Trump::Damage2
                | Trump::Love
                | Trump::Destroy
                | Trump::Exchange
                | Trump::Switch => Err(Illegal::WrongForm),
                _ => Ok(()),
            },
            Play::Damage(k, s) => {
                if !matches!(k, Trump::Damage1 | Trump::Damage2) {
                    Err(Illegal::WrongForm)
                } else if !self.is_active(s) {
                    Err(Illegal::NotActive)
                } else {
                    Ok(())
                }
            }
            Play::Love(s) => self.opponent(s, Trump::Love),
            Play::Switch(x) => {
                if u16::from(x) < u16::from(me.ntrumps) {
                    Ok(())
                } else {
                    Err(Illegal::SwitchTooMany)
                }
            }
            Play::Destroy(t) => match t {
                DestroyTarget::Open(s, k) => {
                    if self.latest_open(s, k, 0).is_some() {
                        Ok(())
                    } else {
                        Err(Illegal::NoSuchOpenTrump)
                    }
                }
                DestroyTarget::Mine(k) => {
                    let have = me.trumps.get(k) - u8::from(k == Trump::Destroy);
                    if have > 0 {
                        Ok(())
                    } else {
                        Err(Illegal::TrumpNotHeld)
                    }
                }
                DestroyTarget::Hidden(s) => {
                    self.opponent(s, Trump::Destroy)?;
                    if self.player(s).is_some_and(|p| p.ntrumps > 0) {
                        Ok(())
                    } else {
                        Err(Illegal::NoHiddenTrump)
                    }
                }
                DestroyTarget::Nothing => {
                    if self.destroy_has_target() {
                        Err(Illegal::DestroyMustTarget)
                    } else {
                        Ok(())
                    }
                }
            },
            Play::Exchange(with) => self.opponent(with, Trump::Exchange),
        }
    }

    pub(crate) fn play(&mut self, play: Play) {
        let me = self.turn;
        let kind = play.kind();
        self.p(me).remove_trump(kind);
        match play {
            Play::Simple(k) => {
                self.push_open(k, me);
                if let Some(x) = k.draw_value() {
                    self.ensure_deck();
                    if self.deck[usize::from(x)] > 0 {
                        self.give_card(me, x);
                        self.after_own_draw();
                    } else {
                        self.end_turn();
                    }
                } else if k.go_for().is_some() {
                    self.target = self.compute_target();
                    let t = u16::from(self.target);
                    for p in self.players[..usize::from(self.n)].iter_mut() {
                        if p.active() && p.closed && p.total() <= t {
                            p.closed = false;
                        }
                    }
                } else if k == Trump::PerfectDraw {
                    self.ensure_deck();
                    let total = self.cur().total();
                    match best_card(total, self.target, &self.deck, self.rules.ranking) {
                        Some(v) => {
                            self.give_card(me, v);
                            self.after_own_draw();
                        }
                        None => self.end_turn(),
                    }
                } else if k == Trump::Return
                    && let Some(v) = self.p(me).pop()
                {
                    self.discard[usize::from(v)] += 1;
                }
            }
            Play::Damage(k, s) => self.push_open(k, s),
            Play::Love(s) => {
                self.push_open(Trump::Love, s);
                self.ensure_deck();
                match self.rules.love {
                    LoveCard::Best => {
                        let total = self.players[s.index()].total();
                        if let Some(v) =
                            best_card(total, self.target, &self.deck, self.rules.ranking)
                        {
                            self.give_card(s, v);
                        }
                    }
                    LoveCard::Random => {
                        if count(&self.deck) > 0 {
                            self.phase = Phase::Draw { to: s, love: true };
                        }
                    }
                }
            }
            Play::Destroy(t) => {
                // The target is chosen among what lay there before this card.
                match t {
                    DestroyTarget::Open(s, k) => {
                        if let Some(i) = self.latest_open(s, k, 0) {
                            self.remove_open(i);
                            self.supply.add(k);
                            self.target = self.compute_target();
                        }
                    }
                    DestroyTarget::Mine(k) => {
                        self.p(me).remove_trump(k);
                        self.supply.add(k);
                    }
                    DestroyTarget::Hidden(s) => self.phase = Phase::DestroyPick(s),
                    DestroyTarget::Nothing => {}
                }
                self.push_open(Trump::Destroy, me);
            }
            Play::Exchange(with) => {
                // The card joins your open trumps first, so it can be given away.
                self.push_open(Trump::Exchange, me);
                self.phase = Phase::Exchanging(Exchange::start(with));
            }
            Play::Switch(x) => {
                self.push_open(Trump::Switch, me);
                if x > 0 {
                    self.phase = Phase::SwitchAside {
                        left: x,
                        draws: x.saturating_add(1),
                    };
                } else {
                    self.start_switch_draws(1);
                }
            }
        }
    }

    /// `done`: the chosen items change hands (T12.8); hidden takes follow as chance steps.
    pub(crate) fn exchange(&mut self, e: Exchange) {
        let me = self.turn;
        self.phase = Phase::Play;
        // Which open trumps change hands: decided on the table before anything moves.
        let mut moves: [(usize, Seat); 4] = [(usize::MAX, me); 4];
        let mut m = 0;
        let mut skip = [0usize; 19];
        for t in e.take.iter().flatten() {
            if let Take::Open(k) = t {
                if let Some(i) = self.latest_open(e.with, *k, skip[k.index()]) {
                    moves[m] = (i, me);
                    m += 1;
                }
                skip[k.index()] += 1;
            }
        }
        let mut skip = [0usize; 19];
        for g in e.give.iter().flatten() {
            match g {
                Give::Open(k) => {
                    if let Some(i) = self.latest_open(me, *k, skip[k.index()]) {
                        moves[m] = (i, e.with);
                        m += 1;
                    }
                    skip[k.index()] += 1;
                }
                Give::Hidden(k) => {
                    self.p(me).remove_trump(*k);
                    self.limbo.add(*k);
                }
            }
        }
        for &(i, to) in &moves[..m] {
            if let Some(o) = self.open.get_mut(i) {
                o.holder = to;
            }
        }
        let hidden_takes = e
            .take
            .iter()
            .flatten()
            .filter(|t| **t == Take::Hidden)
            .count() as u8;
        if hidden_takes > 0 {
            self.phase = Phase::ExchangePick {
                with: e.with,
                left: hidden_takes,
            };
        } else {
            self.deliver_limbo(e.with);
        }
    }
}

/// The steps of Trump Switch (T12.11) and of an exchange's trumps (T12.8) that chance steps finish.
impl Trump21 {
    pub(crate) fn start_switch_draws(&mut self, draws: u8) {
        if draws > 0 && !self.pile.is_empty() {
            self.phase = Phase::SwitchDraw {
                left: draws,
                drawn: 0,
            };
        } else {
            self.finish_switch();
        }
    }

    pub(crate) fn switch_bonus(&mut self, left: u8) {
        if left > 0 && !self.pile.is_empty() {
            self.phase = Phase::SwitchBonus(left);
        } else {
            self.finish_switch();
        }
    }

    pub(crate) fn finish_switch(&mut self) {
        let aside = std::mem::replace(&mut self.aside, TrumpCounts::EMPTY);
        self.pile.add_all(&aside);
        self.phase = Phase::Play;
    }

    pub(crate) fn deliver_limbo(&mut self, to: Seat) {
        let limbo = std::mem::replace(&mut self.limbo, TrumpCounts::EMPTY);
        for (k, c) in limbo.iter() {
            for _ in 0..c {
                self.p(to).add_trump(k);
            }
        }
    }
}
