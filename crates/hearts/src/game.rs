//! The [`Game`] implementation: wiring to the rooms of the crate.

use cards_core::{Actor, Game, Outcome, Rng, Seat, Viewer};

use crate::action::{Action, HostOp};
use crate::error::{Illegal, SetupError};
use crate::event::Event;
use crate::observe::View;
use crate::rules::{MAX_SEATS, MIN_SEATS, Rules};
use crate::state::{Hearts, Phase};

impl Game for Hearts {
    type Rules = Rules;
    type Action = Action;
    type HostOp = HostOp;
    type Illegal = Illegal;
    type SetupError = SetupError;
    type View = View;
    type Event = Event;

    fn new(rules: Rules, seats: usize) -> Result<Hearts, SetupError> {
        if !(MIN_SEATS..=MAX_SEATS).contains(&seats) {
            return Err(SetupError::Seats(seats));
        }
        Ok(Hearts::fresh(rules))
    }

    fn rules(&self) -> &Rules {
        &self.rules
    }

    fn seats(&self) -> usize {
        MAX_SEATS
    }

    #[inline]
    fn actor(&self) -> Actor {
        match self.phase {
            Phase::PassDir | Phase::Deal => Actor::Chance,
            Phase::Pass | Phase::Play => Actor::Player(Seat(self.to_act)),
            Phase::Over => Actor::Terminal,
        }
    }

    #[inline(always)]
    fn legal_actions(&self, out: &mut Vec<Action>) {
        self.list_legal(out);
    }

    fn chance_outcomes(&self, out: &mut Vec<(Action, u32)>) {
        self.list_chance(out);
    }

    #[inline(always)]
    fn apply_mut(&mut self, action: &Action) -> Result<(), Illegal> {
        self.apply_in_place(action)
    }

    /// There are no host operations (R16): `HostOp` has no values.
    fn host(&self, op: &HostOp) -> Result<Hearts, Illegal> {
        match *op {}
    }

    fn observe(&self, viewer: Viewer) -> View {
        View::of(self, viewer)
    }

    fn event(&self, action: &Action, viewer: Viewer) -> Result<Event, Illegal> {
        let after = self.apply(action)?;
        Ok(Event::of(self, &after, action, viewer))
    }

    fn outcome(&self) -> Option<Outcome> {
        self.places()
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
        self.sample(rng)
    }
}
