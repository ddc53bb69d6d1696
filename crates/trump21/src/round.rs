//! Round flow: a fresh game, top-up and deal, turns, the round's end and scoring,
//! clean-up, and leaving (T3–T5, T8–T11.2, T13–T14, T16).

use cards_core::Seat;

use crate::error::Illegal;
use crate::rules::{MAX_SEATS, Rules};
use crate::score::{loser_damage, rank_totals};
use crate::state::{LastRound, MAX_OPEN, OpenTrump, Phase, Player, Status, Trump21};
use crate::trump::{Trump, TrumpCounts};

impl Trump21 {
    /// A fresh game: round 1 opened by seat 0, the deal pending (T4, T5).
    pub(crate) fn fresh(rules: Rules, seats: usize) -> Trump21 {
        let mut players = [Player::default(); MAX_SEATS];
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
            masked: [0; 12],
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

    pub(crate) fn round_over(&self) -> bool {
        let t = u16::from(self.target);
        self.players()
            .iter()
            .filter(|p| p.active())
            .all(|p| p.closed || p.total() > t)
    }

    /// T3, T5.1: top up the draw pile, then deal.
    pub(crate) fn begin_round(&mut self) {
        let want = self.active_count() as u32 + 1;
        if self.pile.total() < want && !self.supply.is_empty() {
            self.phase = Phase::TopUp;
        } else {
            self.ensure_deck();
            self.phase = Phase::Deal(0);
        }
    }

    pub(crate) fn deal_seat(&self, i: usize) -> Seat {
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

    pub(crate) fn start_turn(&mut self, seat: Seat) {
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
    pub(crate) fn after_own_draw(&mut self) {
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
    pub(crate) fn move_on(&mut self, from: Seat) {
        let t = u16::from(self.target);
        let mut s = from;
        for _ in 0..usize::from(self.n) {
            s = self.next_seat(s);
            let p = &self.players[s.index()];
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
    pub(crate) fn score_round(&mut self) {
        let n = usize::from(self.n);
        let mut totals = [0u16; MAX_SEATS];
        let mut seats = [0usize; MAX_SEATS];
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
        // Scored rounds never pass the round number, itself at most the round limit.
        self.scored += 1;
        // Elimination: one shared exit event for the round (T13); every seat exits at
        // most once, so exits stay at most MAX_SEATS.
        let exit = self.exits + 1;
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
    pub(crate) fn clean_up(&mut self) {
        let n = usize::from(self.n);
        for i in 0..n {
            let p = self.players[i];
            if p.hidden != 0 {
                self.discard[usize::from(p.hidden)] += 1;
            }
            for &v in p.stack() {
                self.discard[usize::from(v)] += 1;
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

    /// Why nothing more can happen once the game is over, naming the clause that
    /// ended it: two or more players still in means the round limit (T13.2); else a
    /// leave that was the last exit event (T16.1); else the eliminations (T13).
    pub(crate) fn why_over(&self) -> Illegal {
        let (why, clause) = if self.active_count() >= 2 {
            ("the round limit was reached", "T13.2")
        } else if self
            .players()
            .iter()
            .any(|p| p.status == Status::Left(self.exits))
        {
            ("a leave left one player", "T16.1")
        } else {
            ("at most one player has lives left", "T13")
        };
        Illegal::GameOver { why, clause }
    }

    /// T16, T16.1: `seat` leaves.
    pub(crate) fn leave(&self, seat: Seat) -> Result<Trump21, Illegal> {
        if self.phase == Phase::Over {
            return Err(self.why_over());
        }
        seat.at(self.n, "T4, T16")?;
        if self.is_chance() {
            return Err(Illegal::LeaveAtChance);
        }
        if !self.is_active(seat) {
            return Err(Illegal::LeaveNotActive);
        }
        let mut g = self.clone();
        g.exits += 1;
        debug_assert!(usize::from(g.exits) <= MAX_SEATS);
        let exit = g.exits;
        let p = g.players[seat.index()];
        if p.hidden != 0 {
            g.discard[usize::from(p.hidden)] += 1;
            if !p.revealed {
                g.masked[usize::from(p.hidden)] += 1;
            }
        }
        for &v in p.stack() {
            g.discard[usize::from(v)] += 1;
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
        // An exchange being chosen with or by the leaver is called off: nothing has
        // moved yet, and the Exchange card stays used up (T12.0, T12.8).
        if let Phase::Exchanging(e) = g.phase
            && (e.with == seat || g.turn == seat)
        {
            g.phase = Phase::Play;
        }
        if g.round_over() {
            g.score_round();
        } else if g.turn == seat {
            g.move_on(seat);
        }
        Ok(g)
    }
}
