//! The [`Game`] implementation: wiring to the rooms that hold the rules.

use cards_core::{Actor, Game, Outcome, Seat, Viewer};

use crate::action::{Action, HostOp};
use crate::error::{Illegal, SetupError};
use crate::event::Event;
use crate::legal::{Step, player_actions};
use crate::observe::View;
use crate::rules::{MAX_SEATS, MIN_SEATS, Rules};
use crate::state::{Phase, Trump21};

impl Game for Trump21 {
    type Rules = Rules;
    type Action = Action;
    type HostOp = HostOp;
    type Illegal = Illegal;
    type SetupError = SetupError;
    type View = View;
    type Event = Event;

    fn new(rules: Rules, seats: usize) -> Result<Trump21, SetupError> {
        if !(MIN_SEATS..=MAX_SEATS).contains(&seats) {
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

    fn game_over(&self) -> Option<Illegal> {
        (self.phase == Phase::Over).then(|| self.why_over())
    }
}
