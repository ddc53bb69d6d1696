//! Transitions: chance outcomes, player actions, trump effects, turn and round flow, leaving.

use cards_core::Seat;

use crate::action::{Action, DestroyTarget, Exchange, Give, Play, Take};
use crate::error::Illegal;
use crate::rules::{LoveCard, Rules};
use crate::score::{best_card, loser_damage, rank_totals};
use crate::state::{
    LastRound, MAX_OPEN, MAX_PLAYERS, OpenTrump, Phase, Player, Status, Trump21, count,
};
use crate::trump::{Trump, TrumpCounts};

impl Trump21 {
    /// A fresh game: round 1 opened by seat 0, the deal pending (T4, T5).
    pub(crate) fn fresh(rules: Rules, seats: usize) -> Trump21 {
        let mut players = [Player::default(); MAX_PLAYERS];
        for p in players.iter_mut().take(seats) {
            p.lives = rules.lives;
        }
        let mut deck = [0u8; 12];
        for c in deck.iter_mut().skip(1) {
            *c = rules.copies;
        }
        let mut g = Trump21 {
            rules,
            n: seats as u8,
            players,
            deck,
            discard: [0; 12],
            supply: rules.trumps,
            pile: TrumpCounts::EMPTY,
            open: [OpenTrump::default(); MAX_OPEN],
            open_len: 0,
            limbo: TrumpCounts::EMPTY,
            aside: TrumpCounts::EMPTY,
            phase: Phase::Over,
            turn: Seat(0),
            opener: Seat(0),
            target: 21,
            round: 1,
            scored: 0,
            exits: 0,
            last: None,
        };
        g.begin_round();
        g
    }

    // ---------- small helpers ----------

    fn p(&mut self, seat: Seat) -> &mut Player {
        &mut self.players[seat.index() % MAX_PLAYERS]
    }

    fn next_seat(&self, seat: Seat) -> Seat {
        seat.next(usize::from(self.n).max(1))
    }

    /// T6: an empty deck takes the discards.
    fn ensure_deck(&mut self) {
        if self.deck.iter().all(|&c| c == 0) {
            self.deck = self.discard;
            self.discard = [0; 12];
        }
    }

    fn give_card(&mut self, to: Seat, v: u8) {
        let v = v.min(11);
        self.deck[usize::from(v)] = self.deck[usize::from(v)].saturating_sub(1);
        self.p(to).push(v);
    }

    fn push_open(&mut self, kind: Trump, holder: Seat) {
        let i = usize::from(self.open_len);
        if i < MAX_OPEN {
            self.open[i] = OpenTrump { kind, holder };
            self.open_len += 1;
        }
    }

    fn remove_open(&mut self, index: usize) -> Option<OpenTrump> {
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
    fn latest_open(&self, seat: Seat, kind: Trump, skip: usize) -> Option<usize> {
        self.open_trumps()
            .iter()
            .enumerate()
            .rev()
            .filter(|(_, o)| o.holder == seat && o.kind == kind)
            .nth(skip)
            .map(|(i, _)| i)
    }

    fn harvests(&self, seat: Seat) -> u8 {
        self.open_at(seat, Trump::Harvest).min(255) as u8
    }

    fn round_over(&self) -> bool {
        let t = u16::from(self.target);
        self.players()
            .iter()
            .filter(|p| p.active())
            .all(|p| p.closed || p.total() > t)
    }

    // ---------- round flow ----------

    /// T3, T5.1: top up the draw pile, then deal.
    fn begin_round(&mut self) {
        let want = self.active_count() as u32 + 1;
        if self.pile.total() < want && !self.supply.is_empty() {
            self.phase = Phase::TopUp;
        } else {
            self.ensure_deck();
            self.phase = Phase::Deal(0);
        }
    }

    /// The seat dealt the `i`-th card of the deal.
    pub(crate) fn deal_seat_pub(&self, i: usize) -> Seat {
        self.deal_seat(i)
    }

    fn deal_seat(&self, i: usize) -> Seat {
        let a = self.active_count().max(1);
        let mut k = i % a;
        let mut s = self.opener;
        for _ in 0..usize::from(self.n) * 2 {
            if self.is_active(s) {
                if k == 0 {
                    return s;
                }
                k -= 1;
            }
            s = self.next_seat(s);
        }
        s
    }

    fn start_turn(&mut self, seat: Seat) {
        self.turn = seat;
        self.phase = if self.pile.is_empty() {
            Phase::Play
        } else {
            Phase::Gamble
        };
    }

    /// After a card taken in one's own turn comes the closing step (T11.1): `reveal` if
    /// it landed him on the target, and `end`. It follows every such card, landed or
    /// not, so that nobody else can tell a landing from a miss (T15).
    fn after_own_draw(&mut self) {
        self.phase = Phase::Landed;
    }

    /// T9, T11.2, T8: end of a turn.
    pub(crate) fn end_turn(&mut self) {
        if self.round_over() {
            self.score_round();
            return;
        }
        self.move_on(self.turn);
    }

    /// The turn moves on from `from`; a revealed player on the target who is reached
    /// or passed ends the round (T11.2).
    fn move_on(&mut self, from: Seat) {
        let t = u16::from(self.target);
        let mut s = from;
        for _ in 0..usize::from(self.n) {
            s = self.next_seat(s);
            let p = &self.players[s.index() % MAX_PLAYERS];
            if !p.active() {
                continue;
            }
            if p.revealed && p.total() == t {
                self.score_round();
                return;
            }
            if !p.closed {
                self.start_turn(s);
                return;
            }
        }
        // Nobody can move (cannot happen when the round is not over): score.
        self.score_round();
    }

    /// T10, T13, T13.1, T14: score the round, clean up, start the next or end the game.
    fn score_round(&mut self) {
        let n = usize::from(self.n);
        let mut totals = [0u16; MAX_PLAYERS];
        let mut seats = [0usize; MAX_PLAYERS];
        let mut k = 0;
        for (i, p) in self.players().iter().enumerate() {
            if p.active() {
                totals[k] = p.total();
                seats[k] = i;
                k += 1;
            }
        }
        let winners = rank_totals(&totals[..k], self.target, self.rules.ranking);
        let base = self.rules.round_damage(self.scored);
        let mut last = LastRound {
            round: self.round,
            target: self.target,
            ..LastRound::default()
        };
        for j in 0..k {
            let s = seats[j];
            last.totals[s] = totals[j];
            if winners.is_winner(j) {
                last.winners |= 1 << s;
                continue;
            }
            let seat = Seat(s as u8);
            let d = loser_damage(
                base,
                self.open_at(seat, Trump::Damage1),
                self.open_at(seat, Trump::Damage2),
                self.open_at(seat, Trump::Shield),
            )
            .min(255) as u8;
            let p = &mut self.players[s];
            last.damage[s] = d.min(p.lives);
            p.lives = p.lives.saturating_sub(d);
        }
        self.last = Some(last);
        self.scored = self.scored.saturating_add(1);
        // Elimination: one shared exit event for the round (T13).
        let exit = self.exits.saturating_add(1);
        let mut any = false;
        for p in self.players[..n].iter_mut() {
            if p.active() && p.lives == 0 {
                p.status = Status::Out(exit);
                any = true;
            }
        }
        if any {
            self.exits = exit;
        }
        self.clean_up();
        if self.active_count() <= 1 || self.round >= self.rules.round_limit {
            self.phase = Phase::Over;
            return;
        }
        self.round += 1;
        let mut s = self.opener;
        for _ in 0..n {
            s = self.next_seat(s);
            if self.is_active(s) {
                break;
            }
        }
        self.opener = s;
        self.begin_round();
    }

    /// T14, T13.1: number cards to the discards, played trumps (and the trumps of
    /// eliminated players) to the trump deck.
    fn clean_up(&mut self) {
        let n = usize::from(self.n);
        for i in 0..n {
            let p = self.players[i];
            if p.hidden != 0 {
                self.discard[usize::from(p.hidden.min(11))] += 1;
            }
            for &v in p.stack() {
                self.discard[usize::from(v.min(11))] += 1;
            }
            let q = &mut self.players[i];
            q.hidden = 0;
            q.len = 0;
            q.sum = 0;
            q.stack = [0; crate::state::MAX_STACK];
            q.revealed = false;
            q.closed = false;
            if !q.active() {
                let t = q.trumps;
                q.trumps = TrumpCounts::EMPTY;
                q.ntrumps = 0;
                self.supply.add_all(&t);
            }
        }
        for o in self.open[..usize::from(self.open_len)].iter() {
            self.supply.add(o.kind);
        }
        self.open = [OpenTrump::default(); MAX_OPEN];
        self.open_len = 0;
        self.target = 21;
    }

    // ---------- chance ----------

    /// The trump counts a trump chance step draws from, if the phase has one.
    pub(crate) fn trump_source(&self) -> Option<&TrumpCounts> {
        Some(match self.phase {
            Phase::TopUp => &self.supply,
            Phase::GambleDraw(_) | Phase::SwitchDraw { .. } | Phase::SwitchBonus(_) => &self.pile,
            Phase::DestroyPick(s) | Phase::ExchangePick { with: s, .. } => &self.player(s)?.trumps,
            Phase::SwitchAside { .. } => &self.cur().trumps,
            _ => return None,
        })
    }

    pub(crate) fn is_chance(&self) -> bool {
        !matches!(self.phase, Phase::Play | Phase::Landed | Phase::Over)
    }

    fn check_chance(&self, action: &Action) -> Result<(), Illegal> {
        match (*action, self.phase) {
            (Action::Card(v), Phase::Deal(_) | Phase::Draw { .. }) => {
                if (1..=11).contains(&v) && self.deck[usize::from(v)] > 0 {
                    Ok(())
                } else {
                    Err(Illegal::ImpossibleOutcome)
                }
            }
            (Action::Trump(k), _) => match self.trump_source() {
                Some(src) if src.get(k) > 0 => Ok(()),
                Some(_) => Err(Illegal::ImpossibleOutcome),
                None => Err(Illegal::WrongStep),
            },
            (Action::Gamble(win), Phase::Gamble) => {
                let w = if win {
                    self.rules.gamble_win
                } else {
                    self.rules.gamble_lose
                };
                if w > 0 {
                    Ok(())
                } else {
                    Err(Illegal::ImpossibleOutcome)
                }
            }
            (Action::Card(_) | Action::Gamble(_), _) => Err(Illegal::WrongStep),
            _ => Err(Illegal::ChancePending),
        }
    }

    fn apply_chance(&mut self, action: Action) {
        match (action, self.phase) {
            (Action::Trump(k), Phase::TopUp) => {
                self.supply.remove(k);
                self.pile.add(k);
                let want = self.active_count() as u32 + 1;
                if self.pile.total() >= want || self.supply.is_empty() {
                    self.ensure_deck();
                    self.phase = Phase::Deal(0);
                }
            }
            (Action::Card(v), Phase::Deal(i)) => {
                let a = self.active_count();
                let seat = self.deal_seat(usize::from(i));
                if usize::from(i) < a {
                    self.deck[usize::from(v)] -= 1;
                    self.p(seat).hidden = v;
                } else {
                    self.give_card(seat, v);
                }
                if usize::from(i) + 1 >= 2 * a {
                    let opener = self.opener;
                    self.turn = opener;
                    if self.round_over() {
                        self.score_round();
                    } else {
                        self.start_turn(opener);
                    }
                } else {
                    self.ensure_deck();
                    self.phase = Phase::Deal(i + 1);
                }
            }
            (Action::Gamble(win), Phase::Gamble) => {
                self.phase = if win {
                    Phase::GambleDraw(1 + self.harvests(self.turn))
                } else {
                    Phase::Play
                };
            }
            (Action::Trump(k), Phase::GambleDraw(left)) => {
                self.pile.remove(k);
                let t = self.turn;
                self.p(t).add_trump(k);
                self.phase = if left > 1 && !self.pile.is_empty() {
                    Phase::GambleDraw(left - 1)
                } else {
                    Phase::Play
                };
            }
            (Action::Card(v), Phase::Draw { to, love }) => {
                self.give_card(to, v);
                if love {
                    self.phase = Phase::Play;
                } else {
                    self.after_own_draw();
                }
            }
            (Action::Trump(k), Phase::DestroyPick(from)) => {
                self.p(from).remove_trump(k);
                self.supply.add(k);
                self.phase = Phase::Play;
            }
            (Action::Trump(k), Phase::ExchangePick { with, left }) => {
                self.p(with).remove_trump(k);
                let t = self.turn;
                self.p(t).add_trump(k);
                if left > 1 {
                    self.phase = Phase::ExchangePick {
                        with,
                        left: left - 1,
                    };
                } else {
                    self.deliver_limbo(with);
                    self.phase = Phase::Play;
                }
            }
            (Action::Trump(k), Phase::SwitchAside { left, draws }) => {
                let t = self.turn;
                self.p(t).remove_trump(k);
                self.aside.add(k);
                if left > 1 {
                    self.phase = Phase::SwitchAside {
                        left: left - 1,
                        draws,
                    };
                } else {
                    self.start_switch_draws(draws);
                }
            }
            (Action::Trump(k), Phase::SwitchDraw { left, drawn }) => {
                self.pile.remove(k);
                let t = self.turn;
                self.p(t).add_trump(k);
                let drawn = drawn.saturating_add(1);
                if left > 1 && !self.pile.is_empty() {
                    self.phase = Phase::SwitchDraw {
                        left: left - 1,
                        drawn,
                    };
                } else {
                    let bonus = u32::from(drawn) * u32::from(self.harvests(t));
                    self.switch_bonus(bonus.min(255) as u8);
                }
            }
            (Action::Trump(k), Phase::SwitchBonus(left)) => {
                self.pile.remove(k);
                let t = self.turn;
                self.p(t).add_trump(k);
                self.switch_bonus(left - 1);
            }
            _ => {}
        }
    }

    fn start_switch_draws(&mut self, draws: u8) {
        if draws > 0 && !self.pile.is_empty() {
            self.phase = Phase::SwitchDraw {
                left: draws,
                drawn: 0,
            };
        } else {
            self.finish_switch();
        }
    }

    fn switch_bonus(&mut self, left: u8) {
        if left > 0 && !self.pile.is_empty() {
            self.phase = Phase::SwitchBonus(left);
        } else {
            self.finish_switch();
        }
    }

    fn finish_switch(&mut self) {
        let aside = std::mem::replace(&mut self.aside, TrumpCounts::EMPTY);
        self.pile.add_all(&aside);
        self.phase = Phase::Play;
    }

    fn deliver_limbo(&mut self, to: Seat) {
        let limbo = std::mem::replace(&mut self.limbo, TrumpCounts::EMPTY);
        for (k, c) in limbo.iter() {
            for _ in 0..c {
                self.p(to).add_trump(k);
            }
        }
    }

    // ---------- player actions ----------

    /// Checks a player action without changing anything.
    fn check_player(&self, action: &Action) -> Result<(), Illegal> {
        match (self.phase, action) {
            (_, Action::Card(_) | Action::Trump(_) | Action::Gamble(_)) => Err(Illegal::NotChance),
            (Phase::Landed, Action::Reveal) => {
                if self.can_reveal() {
                    Ok(())
                } else {
                    Err(Illegal::CannotReveal)
                }
            }
            (Phase::Landed, Action::End) => Ok(()),
            (Phase::Landed, _) => Err(Illegal::LandedChoice),
            (_, Action::Draw) => {
                if self.can_draw() {
                    Ok(())
                } else {
                    Err(Illegal::NothingToDraw)
                }
            }
            (_, Action::Close) => Ok(()),
            (_, Action::Reveal) => {
                if self.can_reveal() {
                    Ok(())
                } else {
                    Err(Illegal::CannotReveal)
                }
            }
            (_, Action::End) => Err(Illegal::EndNotAllowed),
            (_, Action::Play(p)) => self.check_play(p),
        }
    }

    fn opponent(&self, s: Seat) -> Result<(), Illegal> {
        if s != self.turn && self.is_active(s) {
            Ok(())
        } else {
            Err(Illegal::NotOpponent)
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

    fn check_play(&self, play: &Play) -> Result<(), Illegal> {
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
            Play::Love(s) => self.opponent(s),
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
                    self.opponent(s)?;
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
            Play::Exchange(e) => self.check_exchange(&e),
        }
    }

    fn check_exchange(&self, e: &Exchange) -> Result<(), Illegal> {
        self.opponent(e.with)?;
        if !e.is_canonical() {
            return Err(Illegal::ExchangeOrder);
        }
        if e.takes() > e.gives() {
            return Err(Illegal::ExchangeCounts);
        }
        let me = self.turn;
        let him = self.player(e.with).map_or(0, |p| p.ntrumps);
        let mine = self.cur().trumps;
        let mut need_take = [0u8; 20];
        let mut need_open_give = [0u8; 19];
        let mut need_hidden_give = [0u8; 19];
        for t in e.take.iter().flatten() {
            match t {
                Take::Open(k) => need_take[k.index()] += 1,
                Take::Hidden => need_take[19] += 1,
            }
        }
        for g in e.give.iter().flatten() {
            match g {
                Give::Open(k) => need_open_give[k.index()] += 1,
                Give::Hidden(k) => need_hidden_give[k.index()] += 1,
            }
        }
        let ok = Trump::ALL.iter().all(|&k| {
            let i = k.index();
            let x = u32::from(k == Trump::Exchange);
            u32::from(need_take[i]) <= self.open_at(e.with, k)
                && u32::from(need_open_give[i]) <= self.open_at(me, k) + x
                && u32::from(need_hidden_give[i]) + x <= u32::from(mine.get(k))
        }) && need_take[19] <= him;
        if ok {
            Ok(())
        } else {
            Err(Illegal::ExchangeItems)
        }
    }

    fn apply_player(&mut self, action: Action) {
        match action {
            Action::Draw => {
                self.ensure_deck();
                self.phase = Phase::Draw {
                    to: self.turn,
                    love: false,
                };
            }
            Action::Close => {
                let t = self.turn;
                self.p(t).closed = true;
                self.end_turn();
            }
            Action::Reveal => {
                let t = self.turn;
                self.p(t).revealed = true;
                if self.phase == Phase::Landed {
                    self.end_turn();
                }
            }
            Action::End => self.end_turn(),
            Action::Play(p) => self.play(p),
            _ => {}
        }
    }

    fn play(&mut self, play: Play) {
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
                    self.discard[usize::from(v.min(11))] += 1;
                }
            }
            Play::Damage(k, s) => self.push_open(k, s),
            Play::Love(s) => {
                self.push_open(Trump::Love, s);
                self.ensure_deck();
                match self.rules.love {
                    LoveCard::Best => {
                        let total = self.players[s.index() % MAX_PLAYERS].total();
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
            Play::Exchange(e) => self.exchange(e),
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

    fn exchange(&mut self, e: Exchange) {
        let me = self.turn;
        self.push_open(Trump::Exchange, me);
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

    // ---------- entry points ----------

    pub(crate) fn apply_in_place(&mut self, action: &Action) -> Result<(), Illegal> {
        match self.phase {
            Phase::Over => Err(Illegal::GameOver),
            Phase::Play | Phase::Landed => {
                self.check_player(action)?;
                self.apply_player(*action);
                Ok(())
            }
            _ => {
                self.check_chance(action)?;
                self.apply_chance(*action);
                Ok(())
            }
        }
    }

    /// T16, T16.1: `seat` leaves.
    pub(crate) fn leave(&self, seat: Seat) -> Result<Trump21, Illegal> {
        if self.phase == Phase::Over {
            return Err(Illegal::GameOver);
        }
        if self.is_chance() {
            return Err(Illegal::LeaveAtChance);
        }
        if !self.is_active(seat) {
            return Err(Illegal::LeaveNotActive);
        }
        let mut g = self.clone();
        g.exits = g.exits.saturating_add(1);
        let exit = g.exits;
        let p = g.players[seat.index()];
        if p.hidden != 0 {
            g.discard[usize::from(p.hidden.min(11))] += 1;
        }
        for &v in p.stack() {
            g.discard[usize::from(v.min(11))] += 1;
        }
        g.supply.add_all(&p.trumps);
        let mut i = 0;
        while i < usize::from(g.open_len) {
            if g.open[i].holder == seat {
                if let Some(o) = g.remove_open(i) {
                    g.supply.add(o.kind);
                }
            } else {
                i += 1;
            }
        }
        g.target = g.compute_target();
        let lives = p.lives;
        g.players[seat.index()] = Player {
            status: Status::Left(exit),
            lives,
            ..Player::default()
        };
        if g.active_count() <= 1 {
            g.phase = Phase::Over;
            return Ok(g);
        }
        if g.round_over() {
            g.score_round();
        } else if g.turn == seat {
            g.move_on(seat);
        }
        Ok(g)
    }
}
