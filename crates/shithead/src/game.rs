//! The [`Game`] contract for [`Shithead`]: each method hands over to the
//! file that owns the concern.

use cards_core::{Actor, Game, Outcome, Rng, Seat, Viewer, chance::below};

use crate::action::{Action, Leave};
use crate::error::{Illegal, SetupError};
use crate::event::Event;
use crate::legal::player_actions;
use crate::observe::View;
use crate::rules::Rules;
use crate::state::{Phase, Shithead, Stage};

impl Game for Shithead {
    type Rules = Rules;
    type Action = Action;
    type HostOp = Leave;
    type Illegal = Illegal;
    type SetupError = SetupError;
    type View = View;
    type Event = Event;

    fn new(rules: Rules, seats: usize) -> Result<Shithead, SetupError> {
        Shithead::with_dealer(rules, seats, Seat(0))
    }

    fn rules(&self) -> &Rules {
        &self.rules
    }

    fn seats(&self) -> usize {
        self.n as usize
    }

    #[inline]
    fn actor(&self) -> Actor {
        match self.phase {
            Phase::Over => Actor::Terminal,
            Phase::Dealing => Actor::Chance,
            Phase::Arranging => Actor::Player(self.to_act),
            Phase::Playing => {
                if self.refill || matches!(self.stage, Stage::Blind { .. }) {
                    Actor::Chance
                } else {
                    Actor::Player(self.to_act)
                }
            }
        }
    }

    #[inline]
    fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        if let Some(pool) = self.chance_pool() {
            let turn = self.phase == Phase::Playing && !self.refill;
            for (c, _) in pool.iter() {
                out.push(if turn {
                    Action::Turn(c)
                } else {
                    Action::Draw(c)
                });
            }
            return;
        }
        if self.phase == Phase::Over {
            return;
        }
        player_actions(&self.ctx(), out);
    }

    fn chance_outcomes(&self, out: &mut Vec<(Action, u32)>) {
        out.clear();
        if let Some(pool) = self.chance_pool() {
            let turn = self.phase == Phase::Playing && !self.refill;
            for (c, n) in pool.iter() {
                let a = if turn {
                    Action::Turn(c)
                } else {
                    Action::Draw(c)
                };
                out.push((a, u32::from(n)));
            }
        }
    }

    #[inline]
    fn apply_mut(&mut self, action: &Action) -> Result<(), Illegal> {
        self.check(action)?;
        self.exec(action);
        Ok(())
    }

    fn host(&self, op: &Leave) -> Result<Shithead, Illegal> {
        self.host_leave(op)
    }

    fn host_seat(op: &Leave) -> Option<Seat> {
        Some(op.0)
    }

    fn observe(&self, viewer: Viewer) -> View {
        View::of(self, viewer)
    }

    fn event(&self, action: &Action, viewer: Viewer) -> Result<Event, Illegal> {
        self.event_of(action, viewer)
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.phase == Phase::Over).then(|| self.places())
    }

    fn game_over(&self) -> Option<Illegal> {
        (self.phase == Phase::Over).then_some(Illegal::GameOver)
    }

    #[inline]
    fn sample_chance<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        _scratch: &mut Vec<(Action, u32)>,
    ) -> Option<Action> {
        let pool = self.chance_pool()?;
        let total = pool.len() as u64;
        if total == 0 {
            return None;
        }
        let card = pool.nth_copy(below(rng, total) as usize)?;
        Some(if self.phase == Phase::Playing && !self.refill {
            Action::Turn(card)
        } else {
            Action::Draw(card)
        })
    }
}
