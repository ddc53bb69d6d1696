//! [`View::validate`]: whether a view read from outside could come from a real
//! position (T1, T2, T4, T11, T12.0, T12.3, T13, T15), so that a client never
//! computes with counts or seats no game can have.

use cards_core::{Actor, Seat, Viewer};

use crate::action::Take;
use crate::error::SetupError;
use crate::observe::View;
use crate::rules::{MAX_COPIES, MAX_ROUNDS, MAX_SEATS, MAX_TRUMPS, MIN_SEATS, Rules};
use crate::state::{MAX_OPEN, MAX_STACK, Status};
use crate::trump::{KINDS, Trump, TrumpCounts};

fn bad(why: &'static str) -> Result<(), SetupError> {
    Err(SetupError::View(why))
}

impl View {
    /// Checks that some position of these rules shows exactly this view: seats in
    /// range (T4), counts within the rules' bounds and conserved (T1, T2), hidden
    /// cards shown only to their owner or once revealed (T11, T15), open trumps at
    /// active players (T12.0), the target of the latest Go for (T12.3), the acting
    /// seat active and not closed (T8), round counts within the limit (T13.2).
    ///
    /// What a view cannot show, it cannot check: which values the deck holds, which
    /// trumps others hold, or whether a game could reach these open cards. A view
    /// that validates lists the legal actions of every position it could come from.
    ///
    /// # Errors
    /// [`SetupError::View`] naming the first broken rule, or the rules' own error.
    pub fn validate(&self) -> Result<(), SetupError> {
        if !(1..=MAX_COPIES).contains(&self.copies) {
            return Err(SetupError::Copies(self.copies.into()));
        }
        if self.trump_cards > MAX_TRUMPS {
            return Err(SetupError::TrumpDeck(self.trump_cards.into()));
        }
        let n = self.seats.len();
        if !(MIN_SEATS..=MAX_SEATS).contains(&n) {
            return Err(SetupError::Seats(n));
        }
        let at = |s: Seat| s.index() < n;
        let me = match self.viewer {
            Viewer::Seat(s) if !at(s) => return bad("the viewer is not a seat at the table (T4)"),
            Viewer::Seat(s) => Some(s.index()),
            Viewer::Spectator => None,
        };
        if !at(self.turn) || !at(self.opener) {
            return bad("turn and opener must be seats at the table (T4, T5)");
        }
        if self.round == 0 || self.round > MAX_ROUNDS {
            return bad("the round number is 1 to the round limit (T13.2)");
        }
        match self.actor {
            Actor::Player(p) => {
                let s = &self.seats[self.turn.index()];
                if p != self.turn || s.status != Status::Active || s.closed {
                    return bad("the acting seat is the turn, active and not closed (T8)");
                }
            }
            Actor::Chance | Actor::Terminal if self.landed => {
                return bad("only a player can be at the closing step (T11.1)");
            }
            _ => {}
        }
        // Number cards: the visible ones per value, and every card counted once (T1).
        let copies = u64::from(self.copies);
        let mut by_value = [0u64; 12];
        let mut cards = u64::from(self.deck) + u64::from(self.discards);
        if self.incoming.total() > self.in_transit {
            return bad("the trumps coming to the viewer are in transit (T12.8.1)");
        }
        // Trumps: every card somewhere, none of a kind beyond the deck (T2).
        let mut trumps = u64::from(self.supply)
            + u64::from(self.draw_pile)
            + u64::from(self.in_transit)
            + self.open_trumps.len() as u64;
        for (i, s) in self.seats.iter().enumerate() {
            match s.status {
                Status::Active if s.lives == 0 => {
                    return bad("an active player has lives (T13)");
                }
                Status::Active => {}
                Status::Left(_) if s.lives == 0 => {
                    return bad("a player leaves with lives left (T16)");
                }
                Status::Out(_) | Status::Left(_) => {
                    if matches!(s.status, Status::Out(_)) && s.lives != 0 {
                        return bad("an eliminated player has no lives (T13)");
                    }
                    if s.has_hidden
                        || !s.open_cards.is_empty()
                        || s.hidden_trumps != 0
                        || s.closed
                        || s.revealed
                    {
                        return bad("a player who is out holds no cards or marks (T13.1, T16)");
                    }
                }
            }
            if s.revealed && !s.has_hidden {
                return bad("a revealed player has a hidden card (T11)");
            }
            let sees = me == Some(i) || s.revealed;
            match s.hidden {
                Some(v) if !(1..=11).contains(&v) => {
                    return bad("number cards have values 1 to 11 (T1)");
                }
                Some(_) if !s.has_hidden || !sees => {
                    return bad("a hidden card is shown only to its owner or once revealed (T15)");
                }
                None if s.has_hidden && sees => {
                    return bad(
                        "the owner sees his hidden card, and everybody a revealed one (T15)",
                    );
                }
                _ => {}
            }
            if s.open_cards.len() > MAX_STACK {
                return bad("too many open number cards (T1)");
            }
            for &v in s.open_cards.iter().chain(&s.hidden) {
                if !(1..=11).contains(&v) {
                    return bad("number cards have values 1 to 11 (T1)");
                }
                by_value[usize::from(v)] += 1;
            }
            cards += s.open_cards.len() as u64 + u64::from(s.has_hidden);
            trumps += u64::from(s.hidden_trumps);
        }
        if self.seen_discards.total() > self.discards {
            return bad("the seen discards are part of the discards (T15.2)");
        }
        for (v, c) in self.seen_discards.iter() {
            by_value[usize::from(v)] += u64::from(c);
        }
        if by_value.iter().any(|&c| c > copies) {
            return bad("more cards of a value than the deck has (T1)");
        }
        if cards != 11 * copies {
            return bad("number cards are not conserved (T1)");
        }
        if trumps != u64::from(self.trump_cards) {
            return bad("trumps are not conserved (T2)");
        }
        if self.open_trumps.len() > MAX_OPEN {
            return bad("too many open trumps (T2)");
        }
        let mut known = [0u32; KINDS];
        for o in &self.open_trumps {
            let holder = self.seats.get(o.holder.index());
            if holder.is_none_or(|h| h.status != Status::Active) {
                return bad("open trumps lie at active players (T12.0)");
            }
            known[o.kind.index()] += 1;
        }
        match me {
            Some(i) if self.my_trumps.total() != u32::from(self.seats[i].hidden_trumps) => {
                return bad("the viewer's hidden trumps match his count (T15)");
            }
            Some(_) => {}
            None if self.my_trumps != TrumpCounts::EMPTY => {
                return bad("a spectator sees no hidden trump (T15)");
            }
            None => {}
        }
        for (k, c) in self.my_trumps.iter() {
            known[k.index()] += u32::from(c);
        }
        if known.iter().sum::<u32>() > self.trump_cards {
            return bad("more trumps than the deck has (T2)");
        }
        let target = self
            .open_trumps
            .iter()
            .rev()
            .find_map(|o| o.kind.go_for())
            .unwrap_or(21);
        if self.target != target {
            return bad("the target is the latest Go for on the table, else 21 (T12.3)");
        }
        if let Some(l) = &self.last_round
            && (l.round == 0 || l.round > self.round || u32::from(l.winners) >> n != 0)
        {
            return bad("the last round is an earlier round of these seats (T13)");
        }
        self.validate_exchange(me)
    }

    /// [`View::validate`], and that the view fits these rules (which the view does not
    /// carry): the same deck sizes (T1, T2), lives within the rules' lives (T4), the
    /// round within the round limit (T13.2), no kind of trump seen more often than the
    /// trump deck holds it (T2). A client that knows the rules checks a view with this.
    ///
    /// # Errors
    /// [`SetupError::View`] naming the first broken rule, or the rules' own error.
    pub fn validate_for(&self, rules: &Rules) -> Result<(), SetupError> {
        rules.validate()?;
        self.validate()?;
        if self.copies != rules.copies || self.trump_cards != rules.trumps.total() {
            return bad("the view's deck sizes are not these rules' (T1, T2)");
        }
        if self.seats.iter().any(|s| s.lives > rules.lives) {
            return bad("lives above the rules' lives (T4)");
        }
        if self.round > rules.round_limit {
            return bad("the round number is 1 to the round limit (T13.2)");
        }
        let mut known = [0u32; KINDS];
        for o in &self.open_trumps {
            known[o.kind.index()] += 1;
        }
        for (k, c) in self.my_trumps.iter() {
            known[k.index()] += u32::from(c);
        }
        if known
            .iter()
            .zip(rules.trumps.0)
            .any(|(&seen, have)| seen > u32::from(have))
        {
            return bad("more trumps of a kind than the deck has (T2)");
        }
        Ok(())
    }

    /// The pending Exchange (T12.8, T15): only while the turn's player chooses, just
    /// after his Exchange card went open, with an active opponent; at most two takes and
    /// two gives, in canonical order, of trumps that are there, hidden kinds only in the
    /// player's own view. The player's own view is replayed step by step as listed.
    fn validate_exchange(&self, me: Option<usize>) -> Result<(), SetupError> {
        let Some(x) = &self.exchange else {
            return Ok(());
        };
        let turn = self.turn;
        let mine = me == Some(turn.index());
        let last = self.open_trumps.last();
        if self.actor != Actor::Player(turn)
            || self.landed
            || last.is_none_or(|o| o.kind != Trump::Exchange || o.holder != turn)
        {
            return bad("an exchange is chosen right after its card was played (T12.8)");
        }
        if x.with == turn
            || self
                .seats
                .get(x.with.index())
                .is_none_or(|s| s.status != Status::Active)
        {
            return bad("an exchange is made with an active opponent (T12.8)");
        }
        let gives = x.open_gives.len() + usize::from(x.hidden_gives);
        if x.take.len() > 2
            || gives > 2
            || (!mine && !x.my_hidden_gives.is_empty())
            || (mine && x.my_hidden_gives.len() != usize::from(x.hidden_gives))
        {
            return bad(
                "an exchange has at most 2 takes and 2 gives, hidden kinds only for its player (T12.8, T15)",
            );
        }
        let sorted = |v: &[Trump]| v.windows(2).all(|w| w[0] <= w[1]);
        let ordered = x.take.windows(2).all(|w| w[0] <= w[1])
            && sorted(&x.open_gives)
            && sorted(&x.my_hidden_gives);
        let open_ok = Trump::ALL.iter().all(|&k| {
            let taken = x.take.iter().filter(|t| **t == Take::Open(k)).count();
            let given = x.open_gives.iter().filter(|g| **g == k).count();
            taken <= self.open_at(x.with, k) && given <= self.open_at(turn, k)
        });
        let his_hidden = self.seats[x.with.index()].hidden_trumps;
        let hidden_takes = x.take.iter().filter(|t| **t == Take::Hidden).count();
        let counts_ok = hidden_takes <= usize::from(his_hidden)
            && x.hidden_gives <= self.seats[turn.index()].hidden_trumps;
        if !ordered || !open_ok || !counts_ok {
            return bad("the exchange's items are in order and held by the players (T12.8)");
        }
        if mine && !crate::legal::exchange_reachable(self, &x.exchange()) {
            return bad("the exchange's items are in order and held by the players (T12.8)");
        }
        Ok(())
    }
}
