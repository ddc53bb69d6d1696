//! The [`Game`] and [`Redeal`] implementations.

use cards_core::{Actor, Game, Outcome, Redeal, Rng, Seat, Viewer};

use crate::action::{Action, HostOp};
use crate::error::{Illegal, SetupError};
use crate::event::Event;
use crate::legal::{Knowledge, Step, player_actions};
use crate::observe::View;
use crate::rules::{Rules, SEATS};
use crate::state::{OpenTrump, Phase, Status, Trump21};
use crate::trump::{Trump, TrumpCounts};

impl Knowledge for Trump21 {
    fn seat_count(&self) -> usize {
        usize::from(self.n)
    }
    fn me(&self) -> Seat {
        self.turn
    }
    fn active(&self, s: usize) -> bool {
        self.players().get(s).is_some_and(|p| p.active())
    }
    fn hidden_trump_count(&self, s: usize) -> u8 {
        self.players().get(s).map_or(0, |p| p.ntrumps)
    }
    fn my_trumps(&self) -> TrumpCounts {
        self.cur().trumps
    }
    fn open_list(&self) -> &[OpenTrump] {
        self.open_trumps()
    }
    fn may_draw(&self) -> bool {
        self.can_draw()
    }
    fn may_reveal(&self) -> bool {
        self.can_reveal()
    }
}

impl Trump21 {
    /// The places, seat by seat, from exits and lives (T13, T13.2, T16).
    fn places(&self) -> Outcome {
        let keys: Vec<u32> = self
            .players()
            .iter()
            .map(|p| match p.status {
                Status::Active => (2 << 16) | u32::from(p.lives),
                Status::Out(e) => (1 << 16) | u32::from(e),
                Status::Left(e) => u32::from(e),
            })
            .collect();
        Outcome::from_scores(&keys)
    }
}

impl Game for Trump21 {
    type Rules = Rules;
    type Action = Action;
    type HostOp = HostOp;
    type Illegal = Illegal;
    type SetupError = SetupError;
    type View = View;
    type Event = Event;

    fn new(rules: Rules, seats: usize) -> Result<Trump21, SetupError> {
        if !SEATS.contains(&seats) {
            return Err(SetupError::Seats(seats));
        }
        rules.validate()?;
        if rules.number_cards() < 2 * seats as u32 {
            return Err(SetupError::DeckTooSmall);
        }
        Ok(Trump21::fresh(rules, seats))
    }

    fn rules(&self) -> &Rules {
        &self.rules
    }

    fn seats(&self) -> usize {
        usize::from(self.n)
    }

    fn actor(&self) -> Actor {
        match self.phase {
            Phase::Over => Actor::Terminal,
            Phase::Play | Phase::Landed | Phase::Exchanging(_) => Actor::Player(self.turn),
            _ => Actor::Chance,
        }
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        match self.phase {
            Phase::Over => out.clear(),
            Phase::Play => player_actions(self, Step::Play, out),
            Phase::Landed => player_actions(self, Step::Landed, out),
            Phase::Exchanging(e) => player_actions(self, Step::Exchanging(e), out),
            _ => {
                out.clear();
                self.each_outcome(|a, _| out.push(a));
            }
        }
    }

    fn chance_outcomes(&self, out: &mut Vec<(Action, u32)>) {
        out.clear();
        if self.is_chance() {
            self.each_outcome(|a, w| out.push((a, w)));
        }
    }

    fn apply(&self, action: &Action) -> Result<Trump21, Illegal> {
        let mut next = self.clone();
        next.apply_in_place(action)?;
        Ok(next)
    }

    fn apply_mut(&mut self, action: &Action) -> Result<(), Illegal> {
        // Every check happens before the first change, so an error leaves `self` as it was.
        self.apply_in_place(action)
    }

    fn host(&self, op: &HostOp) -> Result<Trump21, Illegal> {
        match *op {
            HostOp::Leave(seat) => self.leave(seat),
        }
    }

    fn host_seat(op: &HostOp) -> Option<Seat> {
        match op {
            HostOp::Leave(s) => Some(*s),
        }
    }

    fn observe(&self, viewer: Viewer) -> View {
        View::of(self, viewer)
    }

    fn event(&self, action: &Action, viewer: Viewer) -> Result<Event, Illegal> {
        let after = self.apply(action)?;
        Ok(Event::of(self, &after, action, viewer))
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.phase == Phase::Over).then(|| self.places())
    }
}

use crate::determinize::shuffle;

impl Redeal for Trump21 {
    /// Re-deals what `seat` cannot see: the number deck, the discards and the
    /// unrevealed hidden cards of others share one pool; the supply, the draw pile
    /// and the other players' hidden trumps share another. Sizes stay.
    fn redeal_hidden<R: Rng + ?Sized>(&self, seat: Seat, rng: &mut R) -> Trump21 {
        let mut g = self.clone();
        let n = usize::from(self.n);
        let others = |i: usize| i != seat.index();
        // Number cards.
        let mut pool: Vec<u8> = Vec::new();
        for v in 1..=11u8 {
            let i = usize::from(v);
            for _ in 0..self.deck[i] + self.masked[i] {
                pool.push(v);
            }
        }
        let mut holders = Vec::new();
        for (i, p) in self.players[..n].iter().enumerate() {
            if others(i) && p.hidden != 0 && !p.revealed {
                pool.push(p.hidden);
                holders.push(i);
            }
        }
        shuffle(&mut pool, rng);
        let mut it = pool.into_iter();
        for &i in &holders {
            let v = it.next().unwrap_or(1);
            g.players[i].hidden = v;
        }
        let deck_size: u32 = crate::state::count(&self.deck);
        // The discards every seat saw stay; the unseen ones share the deck's pool.
        g.deck = [0; 12];
        g.discard = self.seen_discards().slots();
        g.masked = [0; 12];
        for (k, v) in it.enumerate() {
            if (k as u32) < deck_size {
                g.deck[usize::from(v)] += 1;
            } else {
                g.discard[usize::from(v)] += 1;
                g.masked[usize::from(v)] += 1;
            }
        }
        // Trumps.
        let mut pool: Vec<u8> = Vec::new();
        let mut push = |c: &TrumpCounts| {
            for (k, n) in c.iter() {
                for _ in 0..n {
                    pool.push(k.index() as u8);
                }
            }
        };
        push(&self.supply);
        push(&self.pile);
        for (i, p) in self.players[..n].iter().enumerate() {
            if others(i) {
                push(&p.trumps);
            }
        }
        shuffle(&mut pool, rng);
        let mut it = pool
            .into_iter()
            .filter_map(|i| Trump::from_index(usize::from(i)));
        let mut fill = |size: u32| {
            let mut c = TrumpCounts::EMPTY;
            for _ in 0..size {
                if let Some(k) = it.next() {
                    c.add(k);
                }
            }
            c
        };
        g.supply = fill(self.supply.total());
        g.pile = fill(self.pile.total());
        for i in 0..n {
            if others(i) {
                g.players[i].trumps = fill(self.players[i].trumps.total());
            }
        }
        // The kinds of an exchange's pending hidden gives are unknown to `seat` unless he
        // is the exchanging player: they become a uniform pick from the re-dealt hand, in
        // canonical order, so the record stays completable (T12.8.1) and unbiased.
        if let Phase::Exchanging(e) = self.phase
            && others(self.turn.index())
        {
            g.phase = Phase::Exchanging(crate::determinize::resample_hidden_gives(&g, &e, rng));
        }
        g
    }
}
