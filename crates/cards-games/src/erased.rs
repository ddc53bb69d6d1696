//! The machinery behind [`AnyTable`](crate::AnyTable): one generic
//! implementation of a game-erased table over any game of the list.

use cards_core::{
    Difficulty, EventCursor, Game, Opponents, Outcome, Save, Seat, Step, Table, TableError,
    TableEvent, TableSave, Viewer,
};
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::refusal::{Kind, Refusal};

/// A legal move: its number in the position's list and its text form.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
pub struct Move {
    /// Its place in the list of the position's legal moves, from 0: what
    /// [`AnyTable::play_id`](crate::AnyTable::play_id) takes. Valid for this
    /// position only.
    pub id: u32,
    /// Its text form, as a player types it (docs/notation.md).
    pub text: String,
}

/// One log entry as one viewer may see it, in JSON and in words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Event {
    /// Its place in the table's log, from 0.
    pub index: usize,
    /// The protocol's event: `{"game": ...}` or `{"host": "leave 2"}`.
    pub event: serde_json::Value,
    /// The same in plain words.
    pub text: String,
}

/// What a game needs to sit behind an [`AnyTable`](crate::AnyTable).
pub(crate) trait Hosted:
    Opponents
    + Save
    + Serialize
    + DeserializeOwned
    + Send
    + Game<
        Rules: Serialize + DeserializeOwned,
        Action: Serialize + DeserializeOwned + Send,
        HostOp: Serialize + DeserializeOwned + Send,
        View: Serialize,
        Event: Serialize,
    >
{
}

impl<G> Hosted for G where
    G: Opponents
        + Save
        + Serialize
        + DeserializeOwned
        + Send
        + Game<
            Rules: Serialize + DeserializeOwned,
            Action: Serialize + DeserializeOwned + Send,
            HostOp: Serialize + DeserializeOwned + Send,
            View: Serialize,
            Event: Serialize,
        >
{
}

/// A game-erased table: the object-safe face of [`Typed`]. Every seat it is
/// given is one of the table's: [`AnyTable::seat`](crate::AnyTable::seat)
/// checks it first.
pub(crate) trait Erased: Send {
    fn seats(&self) -> usize;
    fn to_act(&self) -> Option<Seat>;
    fn legal_moves(&self, seat: Seat) -> Vec<Move>;
    fn legal_count(&self, seat: Seat) -> usize;
    fn play(&mut self, seat: Seat, text: &str) -> Result<String, Refusal>;
    fn play_id(&mut self, seat: Seat, id: u32) -> Result<(), Refusal>;
    fn last_played(&self) -> Option<String>;
    fn host(&mut self, seat: Option<Seat>, text: &str) -> Result<(), Refusal>;
    fn view(&self, viewer: Viewer) -> String;
    fn events(&mut self, viewer: Viewer, from: usize) -> Vec<Event>;
    fn events_json(&mut self, viewer: Viewer, from: usize) -> String;
    fn log_len(&self) -> usize;
    fn bot_choice(&mut self, seat: Seat, difficulty: Difficulty) -> Result<String, Refusal>;
    fn bot_stream_position(&self) -> u128;
    fn set_bot_stream_position(&mut self, position: u128);
    fn outcome(&self) -> Option<Outcome>;
    fn rules(&self) -> serde_json::Value;
    fn state(&self) -> String;
    fn save(&self) -> serde_json::Value;
    fn clone_box(&self) -> Box<dyn Erased>;
}

/// A [`Table`] of one game, the legal actions of its position (kept, so a
/// binding that asks for the count and then plays by number lists them once
/// a move), and a cursor per viewer so that events stream at the cost of the
/// new entries only.
pub(crate) struct Typed<G: Hosted> {
    table: Table<G>,
    legal: Vec<G::Action>,
    cursors: Vec<EventCursor<G>>,
}

impl<G: Hosted> Clone for Typed<G> {
    fn clone(&self) -> Self {
        Typed {
            table: self.table.clone(),
            legal: self.legal.clone(),
            cursors: self.cursors.clone(),
        }
    }
}

impl<G: Hosted> Typed<G> {
    pub(crate) fn new(rules: &str, seats: usize, seed: u64) -> Result<Typed<G>, Refusal> {
        let rules = crate::rules_from_json::<G::Rules>(rules)
            .map_err(|e| Refusal::bad_request(format!("the rules do not load: {e}")))?;
        let table = Table::<G>::new(rules, seats, seed).map_err(Refusal::bad_request)?;
        Ok(Typed::from_table(table))
    }

    pub(crate) fn load(save: serde_json::Value) -> Result<Typed<G>, Refusal> {
        let save: TableSave<G> = serde_json::from_value(save)
            .map_err(|e| Refusal::bad_request(format!("the save does not load: {e}")))?;
        let table = Table::from_save(save)
            .map_err(|e| Refusal::bad_request(format!("the save does not replay: {e}")))?;
        Ok(Typed::from_table(table))
    }

    fn from_table(table: Table<G>) -> Typed<G> {
        let mut typed = Typed {
            table,
            legal: Vec::new(),
            cursors: Vec::new(),
        };
        typed.moved();
        typed
    }

    /// Lists the new position's legal actions: called after every change.
    fn moved(&mut self) {
        self.table.state().legal_actions(&mut self.legal);
    }

    fn parse(text: &str) -> Result<G::Action, Refusal> {
        text.parse::<G::Action>().map_err(Refusal::bad_request)
    }

    fn play_action(&mut self, seat: Seat, action: &G::Action) -> Result<(), Refusal> {
        match self.table.play_as(seat, action) {
            Ok(()) => {
                self.moved();
                Ok(())
            }
            Err(TableError::Illegal(e)) => Err(Refusal::new(Kind::Illegal, e)),
            Err(e) => Err(turn_refusal(e)),
        }
    }

    /// The log entries from `from` (at most the log's length) on as
    /// `viewer` may see them, moving the viewer's kept cursor to the end.
    fn new_events(&mut self, viewer: Viewer, from: usize) -> Vec<TableEvent<G::Event, G::HostOp>> {
        let mut cursor = self.cursor_at(viewer, from).clone();
        let events = self.table.events(&mut cursor);
        if let Some(kept) = self.cursors.iter_mut().find(|c| c.viewer() == viewer) {
            *kept = cursor;
        }
        events
    }

    /// The kept cursor for `viewer`, standing at log entry `from` (made
    /// anew when the kept one stands past it).
    fn cursor_at(&mut self, viewer: Viewer, from: usize) -> &mut EventCursor<G> {
        let i = match self.cursors.iter().position(|c| c.viewer() == viewer) {
            Some(i) => i,
            None => {
                self.cursors.push(self.table.cursor(viewer));
                self.cursors.len() - 1
            }
        };
        let cursor = &mut self.cursors[i];
        if cursor.position() > from {
            *cursor = self.table.cursor(viewer);
        }
        self.table.events_until(cursor, from);
        cursor
    }
}

/// A seat that may not act now (another's turn, or the game over): the
/// protocol's `not_your_turn`, with the table's words and the rules' clause.
fn turn_refusal<E: std::error::Error + 'static>(e: TableError<E>) -> Refusal {
    Refusal::new(Kind::NotYourTurn, e)
}

/// A value's serde form (the games' forms are all JSON).
fn json<T: Serialize>(value: &T) -> serde_json::Value {
    serde_json::to_value(value).expect("the games' serde forms are JSON")
}

impl<G: Hosted> Erased for Typed<G> {
    fn seats(&self) -> usize {
        self.table.state().seats()
    }

    fn to_act(&self) -> Option<Seat> {
        self.table.to_act()
    }

    fn legal_moves(&self, seat: Seat) -> Vec<Move> {
        if self.table.to_act() != Some(seat) {
            return Vec::new();
        }
        self.legal
            .iter()
            .enumerate()
            .map(|(id, a)| Move {
                id: id as u32,
                text: a.to_string(),
            })
            .collect()
    }

    fn legal_count(&self, seat: Seat) -> usize {
        if self.table.to_act() != Some(seat) {
            return 0;
        }
        self.legal.len()
    }

    fn play(&mut self, seat: Seat, text: &str) -> Result<String, Refusal> {
        let action = Self::parse(text)?;
        self.play_action(seat, &action)?;
        Ok(action.to_string())
    }

    fn play_id(&mut self, seat: Seat, id: u32) -> Result<(), Refusal> {
        self.table.check_turn(seat).map_err(turn_refusal)?;
        let action = self.legal.get(id as usize).cloned().ok_or_else(|| {
            Refusal::bad_request(format!(
                "there is no move {id}: {seat} has {} legal moves, numbered from 0",
                self.legal.len()
            ))
        })?;
        self.play_action(seat, &action)
    }

    fn last_played(&self) -> Option<String> {
        self.table.log().iter().rev().find_map(|step| match step {
            Step::Player(_, action) => Some(action.to_string()),
            Step::Chance(_) | Step::Host(_) => None,
        })
    }

    fn host(&mut self, seat: Option<Seat>, text: &str) -> Result<(), Refusal> {
        let op = text.parse::<G::HostOp>().map_err(Refusal::bad_request)?;
        let done = match seat {
            None => self
                .table
                .host(&op)
                .map_err(|e| Refusal::new(Kind::Illegal, e)),
            Some(seat) => self.table.host_as(seat, &op).map_err(|e| match e {
                TableError::Illegal(e) => Refusal::new(Kind::Illegal, e),
                e => Refusal::new(Kind::NotYourTurn, e),
            }),
        };
        self.moved();
        done
    }

    fn view(&self, viewer: Viewer) -> String {
        // Written straight to text: a view is sent on every update, and a
        // detour through `serde_json::Value` tripled its cost on the server.
        serde_json::to_string(&self.table.state().observe(viewer))
            .expect("the games' serde forms are JSON")
    }

    fn events(&mut self, viewer: Viewer, from: usize) -> Vec<Event> {
        let from = from.min(self.table.log().len());
        let events = self.new_events(viewer, from);
        events
            .iter()
            .enumerate()
            .map(|(k, e)| Event {
                index: from + k,
                event: json(e),
                text: e.to_string(),
            })
            .collect()
    }

    fn events_json(&mut self, viewer: Viewer, from: usize) -> String {
        /// An [`Event`] written straight to text, without the detour
        /// through `serde_json::Value` (the server sends these on every update).
        #[derive(Serialize)]
        struct Entry<'a, E> {
            index: usize,
            event: &'a E,
            text: String,
        }
        let from = from.min(self.table.log().len());
        let events = self.new_events(viewer, from);
        let entries: Vec<_> = events
            .iter()
            .enumerate()
            .map(|(k, e)| Entry {
                index: from + k,
                event: e,
                text: e.to_string(),
            })
            .collect();
        serde_json::to_string(&entries).expect("the games' serde forms are JSON")
    }

    fn log_len(&self) -> usize {
        self.table.log().len()
    }

    fn bot_choice(&mut self, seat: Seat, difficulty: Difficulty) -> Result<String, Refusal> {
        self.table.check_turn(seat).map_err(turn_refusal)?;
        let mut bot = difficulty.bot::<G>(self.table.state().rules());
        let action = self
            .table
            .bot_choice(bot.as_mut())
            .expect("a seat is to act");
        Ok(action.to_string())
    }

    fn bot_stream_position(&self) -> u128 {
        self.table.bot_stream_position()
    }

    fn set_bot_stream_position(&mut self, position: u128) {
        self.table.set_bot_stream_position(position);
    }

    fn outcome(&self) -> Option<Outcome> {
        self.table.outcome()
    }

    fn rules(&self) -> serde_json::Value {
        json(self.table.state().rules())
    }

    fn state(&self) -> String {
        serde_json::to_string(self.table.state()).expect("the games' serde forms are JSON")
    }

    fn save(&self) -> serde_json::Value {
        json(&self.table.to_save())
    }

    fn clone_box(&self) -> Box<dyn Erased> {
        Box::new(self.clone())
    }
}
