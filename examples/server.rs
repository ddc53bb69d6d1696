//! A game server and its clients, generic over every game, speaking JSON.
//!
//! The [`Server`] holds a seeded [`Table`], checks that each request comes from
//! the seat to act, and streams each seat (and a spectator feed) the events it
//! may see, from a cursor, plus its current view. A [`Client`] knows only its
//! seat and what the server sent it: it lists its legal moves from its JSON view
//! and answers with an action in its text form.
//!
//! The wire format (docs/protocol.md):
//! - client → server: `{"seat": 1, "action": "knock"}`
//! - server → client: `{"events": [...], "view": {...}}` after each change, and
//!   `{"ok": true}` or `{"error": "...", "kind": "not_your_turn" | "illegal" | "bad_request"}`
//!   for each request.

use cards_core::{
    Bot, ChaCha8Rng, EventCursor, Game, RandomBot, Seat, SeatView, SeedableRng, Table, TableError,
    Viewer,
};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// What a game needs for the server: JSON views and events.
pub trait Served:
    Game<View: Serialize + DeserializeOwned, Event: Serialize, HostOp: Serialize>
{
}

impl<G> Served for G where
    G: Game<View: Serialize + DeserializeOwned, Event: Serialize, HostOp: Serialize>
{
}

/// A request from a client.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Request {
    /// The seat the request comes from (a real server knows it from the connection).
    pub seat: Seat,
    /// The action in its text form, as a player types it.
    pub action: String,
}

/// The server's answer to one request.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Reply {
    /// The action was played.
    Ok {
        /// Always true.
        ok: bool,
    },
    /// The request was refused; nothing changed.
    Refused {
        /// The reason, naming the rule.
        error: String,
        /// `not_your_turn`, `illegal` or `bad_request`.
        kind: String,
    },
}

/// What a seat (or the spectator feed) is sent after a change.
#[derive(Clone, Debug, Serialize)]
pub struct Update<'a, G: Served> {
    /// The log entries this viewer has not been sent yet, as it may see them.
    pub events: &'a [cards_core::TableEvent<G::Event, G::HostOp>],
    /// The viewer's view now.
    pub view: &'a G::View,
}

/// A table that takes JSON requests and sends JSON updates.
#[derive(Debug)]
pub struct Server<G: Served> {
    table: Table<G>,
    feeds: Vec<EventCursor<G>>,
    spectator: EventCursor<G>,
}

impl<G: Served> Server<G> {
    /// A new game of `seats` players dealt from `seed`.
    ///
    /// # Errors
    /// The game's setup error, as text.
    pub fn new(rules: G::Rules, seats: usize, seed: u64) -> Result<Server<G>, String> {
        let table = Table::<G>::new(rules, seats, seed).map_err(|e| e.to_string())?;
        let feeds = (0..seats)
            .map(|s| table.cursor(Viewer::Seat(Seat(s as u8))))
            .collect();
        let spectator = table.cursor(Viewer::Spectator);
        Ok(Server {
            table,
            feeds,
            spectator,
        })
    }

    /// The table (for checks; a real server would not expose it).
    pub fn table(&self) -> &Table<G> {
        &self.table
    }

    /// Handles one JSON request and answers in JSON.
    pub fn handle(&mut self, request: &str) -> String {
        let reply = match serde_json::from_str::<Request>(request) {
            Err(e) => refused("bad_request", format!("not a request: {e}")),
            Ok(r) if r.seat.index() >= self.table.state().seats() => {
                refused("bad_request", format!("there is no {}", r.seat))
            }
            Ok(r) => match r.action.parse::<G::Action>() {
                Err(e) => refused("bad_request", e.to_string()),
                Ok(action) => match self.table.play_as(r.seat, &action) {
                    Ok(()) => Reply::Ok { ok: true },
                    Err(TableError::Illegal(e)) => refused("illegal", e.to_string()),
                    Err(e) => refused("not_your_turn", e.to_string()),
                },
            },
        };
        serde_json::to_string(&reply).expect("replies serialize")
    }

    /// The JSON update for `seat`: what it has not been sent yet, and its view.
    pub fn update(&mut self, seat: Seat) -> String {
        let events = self.table.events(&mut self.feeds[seat.index()]);
        let view = self.table.view(seat);
        to_json::<G>(&events, &view)
    }

    /// The JSON update for the spectator feed.
    pub fn spectator_update(&mut self) -> String {
        let events = self.table.events(&mut self.spectator);
        let view = self.table.spectator_view();
        to_json::<G>(&events, &view)
    }
}

fn to_json<G: Served>(
    events: &[cards_core::TableEvent<G::Event, G::HostOp>],
    view: &G::View,
) -> String {
    serde_json::to_string(&Update::<G> { events, view }).expect("updates serialize")
}

fn refused(kind: &str, error: String) -> Reply {
    Reply::Refused {
        error,
        kind: kind.to_string(),
    }
}

/// A player program that sees only what the server sends its seat.
pub struct Client<G: Served> {
    seat: Seat,
    view: Option<G::View>,
    events_seen: usize,
    bot: Box<dyn Bot<G>>,
    rng: ChaCha8Rng,
}

impl<G: Served> Client<G> {
    /// A client for `seat` that chooses with a random bot seeded from `seed`.
    pub fn new(seat: Seat, seed: u64) -> Client<G> {
        Client {
            seat,
            view: None,
            events_seen: 0,
            bot: Box::new(RandomBot),
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// Reads one JSON update from the server.
    ///
    /// # Errors
    /// When the update is not valid JSON of this game's view.
    pub fn receive(&mut self, update: &str) -> Result<(), String> {
        #[derive(Deserialize)]
        #[serde(bound = "")]
        struct Incoming<G: Served> {
            events: Vec<serde_json::Value>,
            view: G::View,
        }
        let update: Incoming<G> = serde_json::from_str(update).map_err(|e| e.to_string())?;
        self.events_seen += update.events.len();
        self.view = Some(update.view);
        Ok(())
    }

    /// The legal moves its view lists (empty when it is not this seat's turn).
    pub fn legal_actions(&self) -> Vec<G::Action> {
        let mut legal = Vec::new();
        if let Some(v) = &self.view {
            v.legal_actions(&mut legal);
        }
        legal
    }

    /// How many events it has been sent.
    pub fn events_seen(&self) -> usize {
        self.events_seen
    }

    /// Its request for its next move, if its view lists any.
    pub fn request(&mut self) -> Option<String> {
        let legal = self.legal_actions();
        let view = self.view.as_ref()?;
        if legal.is_empty() {
            return None;
        }
        let action = self.bot.choose(view, &legal, &mut self.rng);
        let request = Request {
            seat: self.seat,
            action: action.to_string(),
        };
        Some(serde_json::to_string(&request).expect("requests serialize"))
    }
}

/// What a served game showed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ServedGame {
    /// Requests the server accepted.
    pub moves: usize,
    /// Requests sent out of turn on purpose, all refused as `not_your_turn`.
    pub out_of_turn_refused: usize,
    /// Times a client's legal list (from its JSON view) differed from the
    /// server's for that seat, or a refused request changed the table.
    pub mismatches: usize,
}

/// Plays one whole game through the JSON protocol: every seat a [`Client`],
/// every move a request, every update streamed from a cursor, and at each
/// turn one request from a seat that is not to act (which must be refused).
///
/// # Errors
/// When the game cannot be set up or a message does not parse.
pub fn serve_one_game<G: Served>(
    rules: G::Rules,
    seats: usize,
    seed: u64,
) -> Result<ServedGame, String> {
    let mut server = Server::<G>::new(rules, seats, seed)?;
    let mut clients: Vec<Client<G>> = (0..seats)
        .map(|s| Client::new(Seat(s as u8), seed ^ (s as u64 + 1) << 32))
        .collect();
    let mut result = ServedGame::default();
    let mut server_legal = Vec::new();
    for _ in 0..1_000_000 {
        for (s, c) in clients.iter_mut().enumerate() {
            c.receive(&server.update(Seat(s as u8)))?;
        }
        server.spectator_update();
        let Some(to_act) = server.table().to_act() else {
            break;
        };
        server.table().state().legal_actions(&mut server_legal);
        for (s, c) in clients.iter().enumerate() {
            let expected: &[G::Action] = if s == to_act.index() {
                &server_legal
            } else {
                &[]
            };
            result.mismatches += usize::from(c.legal_actions() != expected);
        }
        if seats > 1 {
            let other = Seat(((to_act.index() + 1) % seats) as u8);
            let sneaky = Request {
                seat: other,
                action: server_legal[0].to_string(),
            };
            let before = server.table().log().len();
            let reply = server.handle(&serde_json::to_string(&sneaky).expect("serializes"));
            match serde_json::from_str::<Reply>(&reply).map_err(|e| e.to_string())? {
                Reply::Refused { kind, .. } if kind == "not_your_turn" => {
                    result.out_of_turn_refused += 1
                }
                _ => result.mismatches += 1,
            }
            result.mismatches += usize::from(server.table().log().len() != before);
        }
        let request = clients[to_act.index()]
            .request()
            .ok_or("the seat to act has no moves in its view")?;
        match serde_json::from_str::<Reply>(&server.handle(&request)).map_err(|e| e.to_string())? {
            Reply::Ok { .. } => result.moves += 1,
            Reply::Refused { error, .. } => {
                return Err(format!("a listed move was refused: {error}"));
            }
        }
    }
    Ok(result)
}
