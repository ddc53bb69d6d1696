//! The [`Game`] implementation: wiring to the rooms that hold the rules.

use cards_core::{Actor, CardSet, Game, Outcome, Rng, Seat, Viewer, deck};

use crate::action::{Action, HostOp};
use crate::error::{Illegal, SetupError};
use crate::event::Event;
use crate::observe::View;
use crate::rules::{MAX_SEATS, Rules};
use crate::state::{Fate, NO_ROUND, NO_SEAT, Phase, Schwimmen};

impl Game for Schwimmen {
    type Rules = Rules;
    type Action = Action;
    type HostOp = HostOp;
    type Illegal = Illegal;
    type SetupError = SetupError;
    type View = View;
    type Event = Event;

    fn new(rules: Rules, seats: usize) -> Result<Schwimmen, SetupError> {
        rules.validate_for(seats)?;
        let n = seats as u8;
        let mut g = Schwimmen {
            rules,
            n,
            phase: Phase::Deal,
            dealer: rules.first_dealer,
            to_act: 0,
            knocker: NO_SEAT,
            leavers: 0,
            active: (1u16 << n) - 1,
            passed: 0,
            moved: 0,
            turns: 0,
            round: 0,
            lives: [0; MAX_SEATS],
            fate: [Fate::Active; MAX_SEATS],
            hands: [CardSet::EMPTY; MAX_SEATS],
            pack: CardSet::EMPTY,
            middle: CardSet::EMPTY,
            discards: CardSet::EMPTY,
            folded: CardSet::EMPTY,
            stock: deck::CARDS_32,
            shown: [CardSet::EMPTY; MAX_SEATS],
            shown_middle: CardSet::EMPTY,
            lost: [0; MAX_SEATS],
            scored: NO_ROUND,
            taken: CardSet::EMPTY,
            known_down: CardSet::EMPTY,
        };
        g.lives[..seats].fill(rules.lives);
        g.start_deal(rules.first_dealer);
        Ok(g)
    }

    fn rules(&self) -> &Rules {
        &self.rules
    }

    fn seats(&self) -> usize {
        usize::from(self.n)
    }

    #[inline]
    fn actor(&self) -> Actor {
        match self.phase {
            Phase::Deal | Phase::Refill => Actor::Chance,
            Phase::DealerChoice | Phase::Turns => Actor::Player(Seat(self.to_act)),
            Phase::Over => Actor::Terminal,
        }
    }

    #[inline(always)]
    fn legal_actions(&self, out: &mut Vec<Action>) {
        self.list_legal(out);
    }

    fn chance_outcomes(&self, out: &mut Vec<(Action, u32)>) {
        out.clear();
        if matches!(self.phase, Phase::Deal | Phase::Refill) {
            let make = self.chance_step();
            out.extend(self.stock.iter().map(|c| (make(c), 1)));
        }
    }

    #[inline(always)]
    fn apply_mut(&mut self, action: &Action) -> Result<(), Illegal> {
        self.apply_in_place(action)
    }

    fn host(&self, op: &HostOp) -> Result<Schwimmen, Illegal> {
        self.host_op(op)
    }

    fn host_seat(op: &HostOp) -> Option<Seat> {
        match op {
            HostOp::Leave(s) => Some(*s),
            HostOp::Misdeal => None,
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
        if self.phase != Phase::Over {
            return None;
        }
        let keys = self.rank_keys();
        Some(Outcome::from_scores(&keys[..usize::from(self.n)]))
    }

    fn game_over(&self) -> Option<Illegal> {
        (self.phase == Phase::Over).then_some(Illegal::GameOver)
    }

    #[inline(always)]
    fn sample_chance<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        _scratch: &mut Vec<(Action, u32)>,
    ) -> Option<Action> {
        if !matches!(self.phase, Phase::Deal | Phase::Refill) {
            return None;
        }
        // A uniform stock card, as the listed sampler picks it (equal weights, card order).
        self.stock.pick(rng).map(self.chance_step())
    }
}
