//! [`Table`]: the seeded driver that resolves chance and keeps the log.

use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

use crate::bot::Bot;
use crate::game::{Actor, Game, Viewer};
use crate::log::{Step, StepOf};
use crate::outcome::Outcome;
use crate::seat::Seat;

/// A game in progress, with a seeded RNG and its log.
///
/// The table resolves chance steps itself (from a [`ChaCha8Rng`] seeded with a
/// `u64`), so a caller only ever sees player decisions. Bots draw from a second,
/// independent stream of the same seed. The log holds every chance outcome,
/// action and host operation; [`replay`](crate::replay) rebuilds the state from it.
///
/// ```
/// # use cards_core::{Game, Table, Actor};
/// # fn demo<G: Game>(rules: G::Rules) -> Result<(), G::SetupError> {
/// let a = Table::<G>::new(rules.clone(), 2, 7)?;
/// let b = Table::<G>::new(rules, 2, 7)?;
/// assert_eq!(a.state(), b.state()); // same seed, same deal
/// # Ok(()) }
/// ```
#[derive(Clone, Debug)]
pub struct Table<G: Game> {
    start: G,
    state: G,
    chance_rng: ChaCha8Rng,
    bot_rng: ChaCha8Rng,
    log: Vec<StepOf<G>>,
    scratch: Vec<(G::Action, u32)>,
}

impl<G: Game> Table<G> {
    /// A new game of `seats` players, dealt from `seed`.
    ///
    /// # Errors
    /// The game's setup error.
    pub fn new(rules: G::Rules, seats: usize, seed: u64) -> Result<Table<G>, G::SetupError> {
        Ok(Table::from_state(G::new(rules, seats)?, seed))
    }

    /// Continues from any position, with chance drawn from `seed`.
    pub fn from_state(state: G, seed: u64) -> Table<G> {
        let chance_rng = ChaCha8Rng::seed_from_u64(seed);
        let mut bot_rng = ChaCha8Rng::seed_from_u64(seed);
        bot_rng.set_stream(1);
        let mut table = Table {
            start: state.clone(),
            state,
            chance_rng,
            bot_rng,
            log: Vec::new(),
            scratch: Vec::new(),
        };
        table.resolve_chance();
        table
    }

    /// The current position.
    pub fn state(&self) -> &G {
        &self.state
    }

    /// The position the table started from.
    pub fn start(&self) -> &G {
        &self.start
    }

    /// Everything that happened, in order.
    pub fn log(&self) -> &[StepOf<G>] {
        &self.log
    }

    /// Who acts now: a player or [`Actor::Terminal`], never chance.
    pub fn actor(&self) -> Actor {
        self.state.actor()
    }

    /// `seat`'s view of the current position.
    pub fn view(&self, seat: Seat) -> G::View {
        self.state.observe(Viewer::Seat(seat))
    }

    /// The places, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.state.outcome()
    }

    /// Every log entry from index `from` on, as `viewer` may see it: what a game
    /// server streams to one seat after each call to [`play`](Table::play).
    ///
    /// Host operations are rendered by their text; chance steps and actions by the
    /// game's [`event`](Game::event) for `viewer`, so hidden cards stay hidden.
    /// The table replays its log from the start to find the state before each entry.
    pub fn events_since(&self, viewer: Viewer, from: usize) -> Vec<String> {
        let mut state = self.start.clone();
        let mut events = Vec::new();
        for (i, step) in self.log.iter().enumerate() {
            let next = match step {
                Step::Host(op) => {
                    if i >= from {
                        events.push(format!("host: {op}"));
                    }
                    state.host(op)
                }
                Step::Chance(a) | Step::Player(_, a) => {
                    if i >= from {
                        events.push(state.event(a, viewer).to_string());
                    }
                    state.apply(a)
                }
            };
            match next {
                Ok(n) => state = n,
                Err(_) => break,
            }
        }
        events
    }

    /// Plays `action` for the player to act, then resolves chance.
    ///
    /// # Errors
    /// The rules' reason; the table is unchanged.
    pub fn play(&mut self, action: &G::Action) -> Result<(), G::Illegal> {
        let step = Step::of(&self.state, action.clone());
        self.state.apply_mut(action)?;
        self.log.push(step);
        self.resolve_chance();
        Ok(())
    }

    /// Applies a host operation (leaving, a misdeal), then resolves chance.
    ///
    /// # Errors
    /// The rules' reason; the table is unchanged.
    pub fn host(&mut self, op: &G::HostOp) -> Result<(), G::Illegal> {
        self.state = self.state.host(op)?;
        self.log.push(Step::Host(op.clone()));
        self.resolve_chance();
        Ok(())
    }

    /// Lets `bot` choose for the player to act and plays its choice.
    /// Returns the action, or `None` when the game is over.
    ///
    /// # Errors
    /// The rules' reason when the bot chose an illegal action.
    pub fn play_bot(&mut self, bot: &mut dyn Bot<G>) -> Result<Option<G::Action>, G::Illegal> {
        let Actor::Player(seat) = self.actor() else {
            return Ok(None);
        };
        let mut legal = Vec::new();
        self.state.legal_actions(&mut legal);
        let action = bot.choose(&self.view(seat), &legal, &mut self.bot_rng);
        self.play(&action)?;
        Ok(Some(action))
    }

    /// Lets `bots[seat]` play every seat until the game ends or `max_actions`
    /// player actions have been played. Returns the outcome if the game ended.
    ///
    /// # Errors
    /// The rules' reason when a bot chose an illegal action.
    ///
    /// # Panics
    /// When there are fewer bots than seats.
    pub fn play_bots(
        &mut self,
        bots: &mut [Box<dyn Bot<G>>],
        max_actions: usize,
    ) -> Result<Option<Outcome>, G::Illegal> {
        for _ in 0..max_actions {
            let Actor::Player(seat) = self.actor() else {
                break;
            };
            self.play_bot(bots[seat.index()].as_mut())?;
        }
        Ok(self.outcome())
    }

    fn resolve_chance(&mut self) {
        while self.state.actor() == Actor::Chance {
            let Some(action) = self
                .state
                .sample_chance(&mut self.chance_rng, &mut self.scratch)
            else {
                return;
            };
            if self.state.apply_mut(&action).is_err() {
                return;
            }
            self.log.push(Step::Chance(action));
        }
    }
}
