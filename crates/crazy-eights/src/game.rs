//! The [`Game`] implementation.

use cards_core::{Actor, Game, Outcome, Rng, Seat, Viewer};

use crate::action::{Action, HostOp};
use crate::error::{Illegal, SetupError};
use crate::event::Event;
use crate::observe::View;
use crate::rules::Rules;
use crate::state::{CrazyEights, Phase};
use crate::stock::RankTotals;

impl Game for CrazyEights {
    type Rules = Rules;
    type Action = Action;
    type HostOp = HostOp;
    type Illegal = Illegal;
    type SetupError = SetupError;
    type View = View;
    type Event = Event;

    fn new(rules: Rules, seats: usize) -> Result<CrazyEights, SetupError> {
        rules.validate_for(seats)?;
        Ok(CrazyEights::fresh(rules, seats))
    }

    fn rules(&self) -> &Rules {
        &self.rules
    }

    fn seats(&self) -> usize {
        self.seats_usize()
    }

    #[inline]
    fn actor(&self) -> Actor {
        match self.phase {
            Phase::ChooseDealer | Phase::Deal | Phase::TurnUp | Phase::Draw => Actor::Chance,
            Phase::Turn | Phase::Nominate => Actor::Player(Seat(self.to_act)),
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

    /// There are no host operations (C17): `HostOp` has no values.
    fn host(&self, op: &HostOp) -> Result<CrazyEights, Illegal> {
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
        (self.phase == Phase::Over).then(|| self.why_over())
    }

    #[inline(always)]
    fn sample_chance<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        _scratch: &mut Vec<(Action, u32)>,
    ) -> Option<Action> {
        match self.phase {
            Phase::ChooseDealer => {
                let s = cards_core::chance::below(rng, u64::from(self.n));
                Some(Action::Dealer(Seat(s as u8)))
            }
            // Each copy weighs 1, listed rank by rank: the k-th copy is what the
            // listed sampler's walk over the weights reaches.
            Phase::Deal | Phase::TurnUp | Phase::Draw => {
                RankTotals::of(self.stock).draw(rng).map(Action::Deal)
            }
            _ => None,
        }
    }
}
