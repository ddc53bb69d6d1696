//! The JSON messages of the HTTP API and the WebSocket (docs/protocol.md,
//! "The online server"), as Rust types.

use cards_games::{Kind, Refusal};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa::openapi::schema::{Object, ObjectBuilder, Type};

/// What a WebSocket client sends: exactly one of these a message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMessage {
    /// An action in its text form, as a player types it: `{"action": "knock"}`.
    Action(String),
    /// A move by its id in the `moves` of the seat's last update: `{"move": 3}`.
    Move(u32),
    /// A host operation for the sender's own seat: `{"host": "leave 2"}`.
    Host(String),
}

/// Why the server refused a request: the game's kinds, and the server's own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ErrorKind {
    /// Another seat is to act, or the game is over; or a seat asked for a
    /// host operation that names another seat.
    NotYourTurn,
    /// The rules refuse it; the message names the rule and its clause.
    Illegal,
    /// Not something the server understands.
    BadRequest,
    /// No token, or a token that is not this seat's.
    Unauthorized,
    /// No such table, or nothing at the path.
    NotFound,
    /// The path is served, but not with this method (`DELETE /tables`).
    MethodNotAllowed,
    /// The request's body is over the limit (2 MB).
    TooLarge,
    /// The seat is taken, or is a bot's, or the game is over.
    Conflict,
    /// More messages than the connection's rate limit allows, or more new
    /// tables than the client address's (`POST /tables`).
    RateLimited,
    /// The store failed; the request was not applied. Try again.
    Unavailable,
}

impl From<Kind> for ErrorKind {
    fn from(kind: Kind) -> Self {
        match kind {
            Kind::NotYourTurn => ErrorKind::NotYourTurn,
            Kind::Illegal => ErrorKind::Illegal,
            Kind::BadRequest => ErrorKind::BadRequest,
        }
    }
}

/// A refused request, `{"error": "...", "kind": "..."}`. Nothing changed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct ErrorReply {
    /// Why, naming the rule where a rule refused.
    pub error: String,
    /// The kind of refusal.
    pub kind: ErrorKind,
}

impl ErrorReply {
    /// A refusal of `kind` saying `error`.
    pub fn new(kind: ErrorKind, error: impl std::fmt::Display) -> ErrorReply {
        ErrorReply {
            error: error.to_string(),
            kind,
        }
    }
}

impl From<Refusal> for ErrorReply {
    fn from(r: Refusal) -> Self {
        ErrorReply::new(r.kind.into(), r.message)
    }
}

/// The answer to an accepted action: `{"ok": true, "action": "...", "next": 12}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ack {
    /// Always true.
    pub ok: bool,
    /// The action as the table wrote it (its canonical text).
    pub action: String,
    /// The table's log length after it: the `next` of the update that shows it.
    pub next: usize,
}

/// A table to create: `POST /tables`.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateTable {
    /// The game's name (`GET /games` lists them).
    #[schema(schema_with = game_name)]
    pub game: String,
    /// Rule values over the game's defaults (a JSON object; absent: the defaults).
    #[serde(default)]
    #[schema(value_type = Option<Object>)]
    pub rules: Option<serde_json::Value>,
    /// How many seats (absent: the game's default).
    #[serde(default)]
    pub seats: Option<usize>,
    /// The seats that bots play, and how well.
    #[serde(default)]
    pub bots: Vec<BotSeat>,
}

/// A seat played by a bot.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct BotSeat {
    /// The seat, from 0.
    pub seat: usize,
    /// How well the bot plays.
    #[schema(schema_with = difficulty_name)]
    pub difficulty: cards_core::Difficulty,
}

/// A string schema that allows only `values`: the document lists the games
/// and levels from the same lists the server checks against.
fn one_of(description: &str, values: impl IntoIterator<Item = String>) -> Object {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .enum_values(Some(values))
        .description(Some(description))
        .build()
}

fn game_name() -> Object {
    one_of(
        "The game's name (`GET /games` lists them).",
        cards_games::NAMES.map(String::from),
    )
}

fn difficulty_name() -> Object {
    one_of(
        "How well the bot plays.",
        cards_core::Difficulty::ALL.map(|d| d.to_string()),
    )
}

/// A created table: `201` to `POST /tables`.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct Created {
    /// The table's id.
    pub id: String,
    /// The host's token: `POST /tables/{id}/host` takes it.
    pub host_token: String,
    /// The table as `GET /tables/{id}` shows it.
    pub table: TableSummary,
}

/// A table's public facts.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct TableSummary {
    /// The table's id.
    pub id: String,
    /// The game's name.
    pub game: String,
    /// How many seats.
    pub seats: usize,
    /// The seats no one has joined and no bot plays.
    pub open_seats: Vec<usize>,
    /// The seats bots play.
    pub bot_seats: Vec<usize>,
    /// The seat to act, or null once the game is over (always sent).
    #[schema(required = true)]
    pub to_act: Option<usize>,
    /// How many entries the log has.
    pub log_len: usize,
    /// Places by seat once the game is over, null before (always sent).
    #[schema(required = true)]
    pub places: Option<Vec<usize>>,
    /// The table's rules, every one of them (the house rules it was made
    /// with over the game's defaults): what a joining client reads once.
    #[schema(value_type = Object)]
    pub rules: serde_json::Value,
}

/// A joined seat: `POST /tables/{id}/seats/{seat}`.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct Joined {
    /// The seat's token: 128 random bits as 32 hex digits. Keep it secret.
    pub token: String,
    /// The seat.
    pub seat: usize,
    /// The WebSocket path for this seat (add `?token=...&from=N`).
    pub ws: String,
}

/// A game the server hosts: `GET /games`.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct GameInfo {
    /// Its name.
    pub name: String,
    /// Fewest seats.
    pub min_seats: usize,
    /// Seats when a table names none.
    pub default_seats: usize,
    /// Most seats.
    pub max_seats: usize,
    /// Its default rules.
    #[schema(value_type = Object)]
    pub rules: serde_json::Value,
}

/// A host operation: `POST /tables/{id}/host`.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct HostOp {
    /// The operation's text form, such as `leave 2`.
    pub op: String,
}

/// `GET /health`.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct Health {
    /// `ok`.
    pub status: String,
    /// Tables held in memory.
    pub tables: usize,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn client_messages_are_one_keyed_objects() {
        let m: ClientMessage = serde_json::from_str(r#"{"action":"knock"}"#).unwrap();
        assert_eq!(m, ClientMessage::Action("knock".into()));
        let m: ClientMessage = serde_json::from_str(r#"{"move":3}"#).unwrap();
        assert_eq!(m, ClientMessage::Move(3));
        assert!(serde_json::from_str::<ClientMessage>(r#"{"action":"a","move":1}"#).is_err());
        assert!(serde_json::from_str::<ClientMessage>(r#"{"seat":1,"action":"a"}"#).is_err());
        assert!(serde_json::from_str::<ClientMessage>(r#"{"move":-1}"#).is_err());
    }

    #[test]
    fn refusals_keep_the_protocol_form() {
        let e = ErrorReply::new(ErrorKind::NotYourTurn, "seat 1 is to act");
        assert_eq!(
            serde_json::to_string(&e).unwrap(),
            r#"{"error":"seat 1 is to act","kind":"not_your_turn"}"#
        );
    }
}
