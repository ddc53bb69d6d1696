//! [`Table`]: the seeded driver that resolves chance and keeps the log.

use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

use std::fmt;

use crate::bot::Bot;
use crate::chance::below;
use crate::game::{Actor, Game, Viewer};
use crate::log::{Step, StepOf};
use crate::outcome::Outcome;
use crate::seat::Seat;

/// Log entries a new table makes room for: a whole game of most rule sets, so
/// the log rarely grows while a game is played.
const LOG_CAPACITY: usize = 512;

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
    legal: Vec<G::Action>,
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
        let (chance_rng, bot_rng) = streams(seed);
        let mut table = Table {
            start: state.clone(),
            state,
            chance_rng,
            bot_rng,
            log: Vec::with_capacity(LOG_CAPACITY),
            scratch: Vec::new(),
            legal: Vec::new(),
        };
        table.resolve_chance();
        table
    }

    /// A table from its parts, as [`TableSave`](crate::TableSave) loads it:
    /// `state` must be `start` after `log`. Chance left unresolved in `state`
    /// (a save cut at a chance step) is resolved from `chance_rng`.
    #[cfg(feature = "serde")]
    pub(crate) fn from_parts(
        start: G,
        state: G,
        log: Vec<StepOf<G>>,
        chance_rng: ChaCha8Rng,
        bot_rng: ChaCha8Rng,
    ) -> Table<G> {
        let mut table = Table {
            start,
            state,
            chance_rng,
            bot_rng,
            log,
            scratch: Vec::new(),
            legal: Vec::new(),
        };
        table.resolve_chance();
        table
    }

    /// The chance stream and the bots' stream, where they stand.
    #[cfg(feature = "serde")]
    pub(crate) fn rngs(&self) -> (&ChaCha8Rng, &ChaCha8Rng) {
        (&self.chance_rng, &self.bot_rng)
    }

    /// Starts this table over from `state` with chance drawn from `seed`: the
    /// same table as [`Table::from_state`]`(state, seed)`, but keeping the
    /// buffers (the log, the legal list) it has already grown. For
    /// simulations that play many games in a row on one thread.
    ///
    /// ```
    /// # use cards_core::{Game, Table};
    /// # fn demo<G: Game>(rules: G::Rules) -> Result<(), G::SetupError> {
    /// let mut table = Table::<G>::new(rules.clone(), 2, 1)?;
    /// table.restart(G::new(rules.clone(), 2)?, 2);
    /// assert_eq!(table.state(), Table::<G>::new(rules, 2, 2)?.state());
    /// # Ok(()) }
    /// ```
    pub fn restart(&mut self, state: G, seed: u64) {
        (self.chance_rng, self.bot_rng) = streams(seed);
        self.start.clone_from(&state);
        self.state = state;
        self.log.clear();
        self.resolve_chance();
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

    /// The seat to act, or `None` once the game is over.
    pub fn to_act(&self) -> Option<Seat> {
        match self.state.actor() {
            Actor::Player(seat) => Some(seat),
            Actor::Chance | Actor::Terminal => None,
        }
    }

    /// `seat`'s view of the current position.
    pub fn view(&self, seat: Seat) -> G::View {
        self.state.observe(Viewer::Seat(seat))
    }

    /// The spectator's view: only what is public, for a broadcast.
    pub fn spectator_view(&self) -> G::View {
        self.state.observe(Viewer::Spectator)
    }

    /// The places, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.state.outcome()
    }

    /// Every log entry from index `from` on, as `viewer` may see it, in text.
    ///
    /// This replays the whole log on every call; a server that streams after
    /// every move should keep an [`EventCursor`] and call [`events`](Table::events).
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
                    if i >= from
                        && let Ok(e) = state.event(a, viewer)
                    {
                        events.push(e.to_string());
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

    /// Plays `action` for `seat`, refusing it unless `seat` is to act: what a
    /// server calls with the seat a request came from.
    ///
    /// # Errors
    /// As [`Table::check_turn`], else the rules' reason; the table is
    /// unchanged either way.
    pub fn play_as(
        &mut self,
        seat: Seat,
        action: &G::Action,
    ) -> Result<(), TableError<G::Illegal>> {
        self.check_turn(seat)?;
        Ok(self.play(action)?)
    }

    /// Whether `seat` is to act.
    ///
    /// # Errors
    /// [`TableError::GameOver`] after the end, with the rules' reason
    /// ([`Game::game_over`]); [`TableError::NotYourTurn`] while another seat
    /// is to act.
    pub fn check_turn(&self, seat: Seat) -> Result<(), TableError<G::Illegal>> {
        match self.to_act() {
            Some(s) if s == seat => Ok(()),
            Some(to_act) => Err(TableError::NotYourTurn { seat, to_act }),
            None => Err(TableError::GameOver {
                seat,
                why: self.state.game_over(),
            }),
        }
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

    /// Applies a host operation requested by `seat` (a player leaving),
    /// refusing one that speaks for another seat or that only the host may
    /// order ([`Game::host_seat`]): what a server calls with the seat a request
    /// came from.
    ///
    /// # Errors
    /// [`TableError::NotYourSeat`], else the rules' reason; the table is
    /// unchanged either way.
    pub fn host_as(&mut self, seat: Seat, op: &G::HostOp) -> Result<(), TableError<G::Illegal>> {
        if G::host_seat(op) != Some(seat) {
            return Err(TableError::NotYourSeat {
                seat,
                op: op.to_string(),
            });
        }
        Ok(self.host(op)?)
    }

    /// Lets `bot` choose for the player to act and plays its choice.
    /// Returns the action, or `None` when the game is over.
    ///
    /// # Errors
    /// The rules' reason when the bot chose an illegal action.
    pub fn play_bot(&mut self, bot: &mut dyn Bot<G>) -> Result<Option<G::Action>, G::Illegal> {
        let Some(action) = self.bot_choice(bot) else {
            return Ok(None);
        };
        self.play(&action)?;
        Ok(Some(action))
    }

    /// What `bot` would play for the player to act, drawn from the table's
    /// bot stream, without playing it (a page that shows a hint, or that
    /// plays the choice after an animation). `None` once the game is over.
    /// Asking moves the bot stream, so a hint that is not played changes
    /// the bots' later choices (never the cards, which come from the chance
    /// stream); the table's save keeps both streams.
    pub fn bot_choice(&mut self, bot: &mut dyn Bot<G>) -> Option<G::Action> {
        let seat = self.to_act()?;
        self.state.legal_actions(&mut self.legal);
        Some(ask_bot(
            &self.state,
            seat,
            bot,
            &self.legal,
            &mut self.bot_rng,
        ))
    }

    /// Where the bots' stream stands: how many 32-bit words it has given
    /// since the table was made (its seed and stream number are fixed by the
    /// table's seed). Only asking a bot moves it ([`Table::bot_choice`],
    /// [`Table::play_bot`], [`Table::play_bots`]); chance has a stream of
    /// its own.
    ///
    /// A game server that stores each bot's move with this position can
    /// rebuild the table from its seed and moves without asking the bots
    /// again: it plays the stored moves and then
    /// [sets the stream](Table::set_bot_stream_position) to where it stood.
    ///
    /// ```
    /// # use cards_core::{Game, RandomBot, Table};
    /// # fn demo<G: Game>(rules: G::Rules) -> Result<(), G::SetupError> {
    /// let mut table = Table::<G>::new(rules.clone(), 2, 7)?;
    /// assert_eq!(table.bot_stream_position(), 0);
    /// let hint = table.bot_choice(&mut RandomBot); // moves the bots' stream
    /// // The same table rebuilt without asking the bot: same seed, same stream.
    /// let mut copy = Table::<G>::new(rules, 2, 7)?;
    /// copy.set_bot_stream_position(table.bot_stream_position());
    /// assert_eq!(copy.bot_choice(&mut RandomBot), table.bot_choice(&mut RandomBot));
    /// # let _ = hint;
    /// # Ok(()) }
    /// ```
    pub fn bot_stream_position(&self) -> u128 {
        self.bot_rng.get_word_pos()
    }

    /// Moves the bots' stream to `position` (a value of
    /// [`Table::bot_stream_position`]), forward or back, so that the next
    /// bot choices are those a table whose stream stood there would make.
    /// Nothing else changes: not the position of the game, its log, the
    /// chance stream, nor the bots' stream's seed.
    pub fn set_bot_stream_position(&mut self, position: u128) {
        self.bot_rng.set_word_pos(position);
    }

    /// Lets `bots[seat]` play every seat until the game ends or `max_actions`
    /// player actions have been played. Returns the outcome if the game ended.
    ///
    /// Bots that declare themselves [uniformly random](Bot::is_uniform_random)
    /// have their picks drawn here, from the same stream and with the same
    /// draws as their own [`choose`](Bot::choose) would make, so a table of
    /// random bots plays at the speed of a bare [`Playout`](crate::Playout).
    ///
    /// # Errors
    /// [`TableError::MissingBot`] when there are fewer bots than seats (checked
    /// before anything is played), and the rules' reason when a bot chose an
    /// illegal action.
    pub fn play_bots(
        &mut self,
        bots: &mut [Box<dyn Bot<G>>],
        max_actions: usize,
    ) -> Result<Option<Outcome>, TableError<G::Illegal>> {
        if bots.len() < self.state.seats() {
            return Err(TableError::MissingBot {
                bots: bots.len(),
                seats: self.state.seats(),
            });
        }
        // Seat i's bot is uniformly random when bit i is set (seats past 63
        // always ask their bot).
        let uniform = bots.iter().take(64).enumerate().fold(0u64, |m, (i, b)| {
            m | (u64::from(b.is_uniform_random()) << i)
        });
        self.run(bots, uniform, max_actions)?;
        Ok(self.outcome())
    }

    /// A cursor that streams the log to `viewer` from the first entry on; pass it
    /// to [`events`](Table::events) after each move.
    pub fn cursor(&self, viewer: Viewer) -> EventCursor<G> {
        EventCursor {
            viewer,
            next: 0,
            state: self.start.clone(),
        }
    }

    /// The log entries that `cursor` has not seen yet, as its viewer may see
    /// them, and moves the cursor past them: what a game server sends one seat
    /// (or a spectator feed) after each move.
    ///
    /// Costs one step per new entry: the cursor keeps the state it has reached.
    /// Chance steps and actions are the game's [`event`](Game::event) for the
    /// viewer, so hidden cards stay hidden; host operations are public.
    ///
    /// ```
    /// # use cards_core::{Game, Table, Viewer, Seat};
    /// # fn demo<G: Game>(table: &mut Table<G>, action: G::Action) -> Result<(), Box<dyn std::error::Error>> {
    /// let mut feed = table.cursor(Viewer::Seat(Seat(1)));
    /// let dealt = table.events(&mut feed); // the deal, as seat 1 saw it
    /// table.play_as(Seat(0), &action)?;
    /// let after = table.events(&mut feed); // only what came since
    /// # Ok(()) }
    /// ```
    pub fn events(&self, cursor: &mut EventCursor<G>) -> Vec<TableEvent<G::Event, G::HostOp>> {
        self.events_until(cursor, self.log.len())
    }

    /// The log entries from `cursor` up to (not including) entry `end`, as
    /// its viewer may see them, moving the cursor to `end`: what a client
    /// that asks for events from an index of its own is answered with.
    pub fn events_until(
        &self,
        cursor: &mut EventCursor<G>,
        end: usize,
    ) -> Vec<TableEvent<G::Event, G::HostOp>> {
        let mut out = Vec::new();
        while let Some(step) = self.log.get(cursor.next).filter(|_| cursor.next < end) {
            let next = match step {
                Step::Host(op) => {
                    out.push(TableEvent::Host(op.clone()));
                    cursor.state.host(op)
                }
                Step::Chance(a) | Step::Player(_, a) => {
                    match cursor.state.event(a, cursor.viewer) {
                        Ok(event) => {
                            out.push(TableEvent::Game(event));
                            cursor.state.apply(a)
                        }
                        Err(e) => Err(e),
                    }
                }
            };
            match next {
                Ok(state) => cursor.state = state,
                // Not this table's cursor: its state does not follow the log.
                Err(_) => break,
            }
            cursor.next += 1;
        }
        out
    }

    /// Plays chance steps until a player acts or the game is over.
    fn resolve_chance(&mut self) {
        // With no player action allowed, no bot is asked and nothing refused.
        let _ = self.run(&mut [], 0, 0);
    }

    /// The loop of [`Table::play_bots`]: chance from the chance stream, the
    /// picks of the uniform seats (bit `s` of `uniform` for seat `s`) drawn
    /// here from the bots' stream, the other seats' from their bots, until
    /// the game ends or `max_actions` player actions are played.
    fn run(
        &mut self,
        bots: &mut [Box<dyn Bot<G>>],
        uniform: u64,
        max_actions: usize,
    ) -> Result<(), G::Illegal> {
        let mut actions = 0;
        loop {
            // One apply site for chance and players keeps this loop as tight
            // as a playout's.
            let (seat, action) = match self.state.actor() {
                Actor::Terminal => break,
                Actor::Chance => match self
                    .state
                    .sample_chance(&mut self.chance_rng, &mut self.scratch)
                {
                    Some(action) => (None, action),
                    None => break,
                },
                Actor::Player(seat) => {
                    if actions == max_actions {
                        break;
                    }
                    actions += 1;
                    self.state.legal_actions(&mut self.legal);
                    let n = self.legal.len() as u64;
                    if n == 0 {
                        break;
                    }
                    let action = if seat.index() < 64 && uniform >> seat.index() & 1 == 1 {
                        self.legal[below(&mut self.bot_rng, n) as usize].clone()
                    } else {
                        let bot = bots[seat.index()].as_mut();
                        ask_bot(&self.state, seat, bot, &self.legal, &mut self.bot_rng)
                    };
                    (Some(seat), action)
                }
            };
            match (self.state.apply_mut(&action), seat) {
                (Ok(()), Some(seat)) => self.log.push(Step::Player(seat, action)),
                (Ok(()), None) => self.log.push(Step::Chance(action)),
                (Err(e), Some(_)) => return Err(e),
                // A chance outcome the game refuses: stop where it stands.
                (Err(_), None) => break,
            }
        }
        Ok(())
    }
}

/// Where one viewer's event stream stands: the next log entry to show and the
/// state before it. Made by [`Table::cursor`], advanced by [`Table::events`].
#[derive(Clone, Debug)]
pub struct EventCursor<G: Game> {
    viewer: Viewer,
    next: usize,
    state: G,
}

impl<G: Game> EventCursor<G> {
    /// Who the stream is for.
    pub fn viewer(&self) -> Viewer {
        self.viewer
    }

    /// How many log entries the stream has shown.
    pub fn position(&self) -> usize {
        self.next
    }
}

/// One log entry as one viewer may see it: a game event (a chance step or an
/// action, hidden cards hidden) or a host operation (public).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum TableEvent<E, H> {
    /// A chance step or a player's action, as the game shows it to the viewer.
    Game(E),
    /// A host operation: a player left, a misdeal was declared.
    Host(H),
}

impl<E: fmt::Display, H: fmt::Display> fmt::Display for TableEvent<E, H> {
    /// The game event's own text, or `host: leave 2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableEvent::Game(e) => e.fmt(f),
            TableEvent::Host(h) => write!(f, "host: {h}"),
        }
    }
}

/// Why the [`Table`] refused a request.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TableError<E: std::error::Error + 'static> {
    /// A seat asked to act while another seat is to act.
    #[error("{seat} may not act now: it is {to_act}'s turn")]
    NotYourTurn {
        /// The seat that asked.
        seat: Seat,
        /// The seat to act.
        to_act: Seat,
    },
    /// A seat asked to act after the game ended.
    #[error("{seat} may not act now: {}", over(.why.as_ref()))]
    GameOver {
        /// The seat that asked.
        seat: Seat,
        /// The rules' reason, naming the clause that ended the game
        /// ([`Game::game_over`]); `None` only from a game that gives none.
        why: Option<E>,
    },
    /// A seat asked for a host operation that is not its own to ask for.
    #[error("{seat} may not ask for {op}: only the host or the seat it names may")]
    NotYourSeat {
        /// The seat that asked.
        seat: Seat,
        /// The operation, in its text form.
        op: String,
    },
    /// [`Table::play_bots`] was given fewer bots than there are seats.
    #[error("{bots} bots for {seats} seats: every seat needs a bot")]
    MissingBot {
        /// Bots given.
        bots: usize,
        /// Seats at the table.
        seats: usize,
    },
    /// The rules refused the action; the message names the rule.
    #[error(transparent)]
    Illegal(#[from] E),
}

fn over(why: Option<&impl fmt::Display>) -> String {
    why.map_or_else(|| "the game is over".to_string(), |e| e.to_string())
}

/// The table's two streams of `seed`: chance, and the bots' (stream 1).
fn streams(seed: u64) -> (ChaCha8Rng, ChaCha8Rng) {
    let chance_rng = ChaCha8Rng::seed_from_u64(seed);
    let mut bot_rng = chance_rng.clone();
    bot_rng.set_stream(1);
    (chance_rng, bot_rng)
}

/// `bot`'s choice for `seat`, the seat to act in `state`, from `legal`; the
/// view is built only for a bot that reads it.
fn ask_bot<G: Game>(
    state: &G,
    seat: Seat,
    bot: &mut dyn Bot<G>,
    legal: &[G::Action],
    rng: &mut ChaCha8Rng,
) -> G::Action {
    match bot.choose_without_view(legal, rng) {
        Some(action) => action,
        None => bot.choose(&state.observe(Viewer::Seat(seat)), legal, rng),
    }
}
