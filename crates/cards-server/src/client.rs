//! A small client of the server, for the tests and the load and crash tools:
//! plain HTTP/1.1 requests and WebSocket seats that read the server's
//! messages into types.

use std::net::SocketAddr;

use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::{Message, Utf8Bytes};
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// One HTTP request (`Connection: close`); returns the status and the body.
///
/// # Errors
/// When the server cannot be reached or answers something that is not HTTP.
pub async fn http(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&str>,
    bearer: Option<&str>,
) -> Result<(u16, String), String> {
    let mut stream = TcpStream::connect(addr).await.map_err(|e| e.to_string())?;
    let body = body.unwrap_or("");
    let auth = bearer.map_or(String::new(), |t| format!("Authorization: Bearer {t}\r\n"));
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n{auth}\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream
        .write_all(request.as_bytes())
        .await
        .map_err(|e| e.to_string())?;
    let mut raw = Vec::new();
    stream
        .read_to_end(&mut raw)
        .await
        .map_err(|e| e.to_string())?;
    let raw = String::from_utf8_lossy(&raw);
    let (head, rest) = raw.split_once("\r\n\r\n").ok_or("no HTTP header")?;
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or("no HTTP status")?;
    let chunked = head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked");
    Ok((
        status,
        if chunked {
            unchunk(rest)
        } else {
            rest.to_string()
        },
    ))
}

/// The body of a chunked answer.
fn unchunk(mut rest: &str) -> String {
    let mut out = String::new();
    while let Some((size, after)) = rest.split_once("\r\n") {
        let Ok(n) = usize::from_str_radix(size.trim(), 16) else {
            break;
        };
        if n == 0 || after.len() < n {
            break;
        }
        out.push_str(&after[..n]);
        rest = after[n..].trim_start_matches("\r\n");
    }
    out
}

/// An event as an update carries it.
#[derive(Clone, Debug, Deserialize)]
pub struct EventIn {
    /// Its index in the table's log.
    pub index: usize,
    /// The protocol's event.
    pub event: serde_json::Value,
    /// The same in words.
    pub text: String,
}

/// A legal move as an update lists it.
#[derive(Clone, Debug, Deserialize)]
pub struct MoveIn {
    /// Its id.
    pub id: u32,
    /// Its text.
    pub text: String,
}

/// An update.
#[derive(Clone, Debug, Deserialize)]
pub struct UpdateIn {
    /// New events.
    pub events: Vec<EventIn>,
    /// The view now.
    pub view: serde_json::Value,
    /// The index of the next event.
    pub next: usize,
    /// The seat to act.
    pub to_act: Option<usize>,
    /// This seat's legal moves, when it is to act.
    #[serde(default)]
    pub moves: Option<Vec<MoveIn>>,
    /// The outcome, once the game is over.
    pub outcome: Option<serde_json::Value>,
}

/// A message from the server.
#[derive(Clone, Debug)]
pub enum Incoming {
    /// An update.
    Update(Box<UpdateIn>),
    /// An action accepted.
    Ack {
        /// The action's canonical text.
        action: String,
        /// The log length after it.
        next: usize,
    },
    /// A refusal.
    Refused {
        /// Why.
        error: String,
        /// Its kind.
        kind: String,
    },
    /// The connection closed (with its close code, if any).
    Closed(Option<u16>),
}

/// Reads a server message's text.
///
/// # Errors
/// When it is none of the protocol's messages.
pub fn parse(text: &str) -> Result<Incoming, String> {
    // Updates, most of the traffic, read in one pass; the rest (and an
    // update that does not read, for its error) through a `Value`.
    if let Ok(u) = serde_json::from_str::<UpdateIn>(text) {
        return Ok(Incoming::Update(Box::new(u)));
    }
    let v: serde_json::Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
    if v.get("events").is_some() {
        return serde_json::from_value(v)
            .map(|u| Incoming::Update(Box::new(u)))
            .map_err(|e| e.to_string());
    }
    if v.get("ok").is_some() {
        return Ok(Incoming::Ack {
            action: v["action"].as_str().unwrap_or_default().to_string(),
            next: v["next"].as_u64().unwrap_or_default() as usize,
        });
    }
    match (v.get("error"), v.get("kind")) {
        (Some(e), Some(k)) => Ok(Incoming::Refused {
            error: e.as_str().unwrap_or_default().to_string(),
            kind: k.as_str().unwrap_or_default().to_string(),
        }),
        _ => Err(format!("not a server message: {text}")),
    }
}

/// An event's index, the rest of it skipped.
#[derive(Clone, Copy, Debug, Deserialize)]
pub struct IndexOnly {
    /// Its index in the table's log.
    pub index: usize,
}

/// A legal move's id, its text skipped.
#[derive(Clone, Copy, Debug, Deserialize)]
pub struct IdOnly {
    /// Its id.
    pub id: u32,
}

/// Any server message read in one pass for what the load tools check, the
/// views, event bodies and texts skipped (parsed for their syntax, not kept).
#[derive(Debug, Default, Deserialize)]
struct Skim {
    events: Option<Vec<IndexOnly>>,
    next: Option<usize>,
    moves: Option<Vec<IdOnly>>,
    outcome: Option<serde::de::IgnoredAny>,
    ok: Option<bool>,
    kind: Option<String>,
}

/// A server message as the load tools read it: what they check, no more.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Glance {
    /// An update.
    Update {
        /// Its events' indexes.
        events: Vec<usize>,
        /// The index of the next event.
        next: usize,
        /// This seat's legal move ids, when it is to act.
        moves: Option<Vec<u32>>,
        /// Whether the game is over.
        over: bool,
    },
    /// An action accepted, with the log length after it.
    Ack {
        /// The log length after it.
        next: usize,
    },
    /// A refusal, with its kind.
    Refused {
        /// Its kind.
        kind: String,
    },
    /// The connection closed (with its close code, if any).
    Closed(Option<u16>),
}

/// Reads a server message's text for what the load tools check.
///
/// # Errors
/// When it is none of the protocol's messages.
pub fn glance(text: &str) -> Result<Glance, String> {
    let m: Skim = serde_json::from_str(text).map_err(|e| format!("{e}: {text}"))?;
    match m {
        Skim {
            events: Some(events),
            next: Some(next),
            moves,
            outcome,
            ..
        } => Ok(Glance::Update {
            events: events.into_iter().map(|e| e.index).collect(),
            next,
            moves: moves.map(|m| m.into_iter().map(|m| m.id).collect()),
            over: outcome.is_some(),
        }),
        Skim {
            ok: Some(true),
            next: Some(next),
            ..
        } => Ok(Glance::Ack { next }),
        Skim {
            kind: Some(kind), ..
        } => Ok(Glance::Refused { kind }),
        _ => Err(format!("not a server message: {text}")),
    }
}

/// A WebSocket connection to the server.
pub struct Socket {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
}

impl Socket {
    /// Connects to `path` (with its query) at `addr`.
    ///
    /// # Errors
    /// When the server refuses the upgrade (the error names the HTTP status).
    pub async fn connect(addr: SocketAddr, path: &str) -> Result<Socket, String> {
        // A small read buffer: tungstenite zeroes the free part of it
        // before each read (128 KB by default), which a load tool with a
        // thousand connections pays on every frame.
        let config = WebSocketConfig::default().read_buffer_size(8 * 1024);
        let (ws, _) = tokio_tungstenite::connect_async_with_config(
            format!("ws://{addr}{path}"),
            Some(config),
            true,
        )
        .await
        .map_err(|e| e.to_string())?;
        Ok(Socket { ws })
    }

    /// Connects as `seat` of `table` with `token`, from event `from`.
    ///
    /// # Errors
    /// As [`Socket::connect`].
    pub async fn seat(
        addr: SocketAddr,
        table: &str,
        seat: usize,
        token: &str,
        from: usize,
    ) -> Result<Socket, String> {
        Socket::connect(
            addr,
            &format!("/tables/{table}/seats/{seat}/ws?token={token}&from={from}"),
        )
        .await
    }

    /// Sends a text frame.
    ///
    /// # Errors
    /// When the connection is gone.
    pub async fn send(&mut self, text: &str) -> Result<(), String> {
        self.ws
            .send(Message::Text(text.into()))
            .await
            .map_err(|e| e.to_string())
    }

    /// Sends a raw message (binary frames and the like, for the hostile tests).
    ///
    /// # Errors
    /// When the connection is gone.
    pub async fn send_raw(&mut self, message: Message) -> Result<(), String> {
        self.ws.send(message).await.map_err(|e| e.to_string())
    }

    /// The next server message (`Closed` once the connection is over).
    ///
    /// # Errors
    /// When the server sends something that is not the protocol's.
    pub async fn next(&mut self) -> Result<Incoming, String> {
        match self.frame().await {
            Ok(text) => parse(&text),
            Err(code) => Ok(Incoming::Closed(code)),
        }
    }

    /// The next server message, read only for what the load tools check
    /// ([`glance`]).
    ///
    /// # Errors
    /// When the server sends something that is not the protocol's.
    pub async fn glance(&mut self) -> Result<Glance, String> {
        match self.frame().await {
            Ok(text) => glance(&text),
            Err(code) => Ok(Glance::Closed(code)),
        }
    }

    /// The raw text of the next text frame, or `None` once closed.
    pub async fn next_text(&mut self) -> Option<String> {
        self.frame().await.ok().map(|t| t.to_string())
    }

    /// The next text frame, or the close code (if any) once the connection
    /// is over; other frames are passed over.
    async fn frame(&mut self) -> Result<Utf8Bytes, Option<u16>> {
        loop {
            match self.ws.next().await {
                None | Some(Err(_)) => return Err(None),
                Some(Ok(Message::Text(t))) => return Ok(t),
                Some(Ok(Message::Close(frame))) => return Err(frame.map(|f| u16::from(f.code))),
                Some(Ok(_)) => continue,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_glance_reads_what_the_load_tools_check_and_refuses_the_rest() {
        let update = r#"{"events":[{"index":3,"event":{"k":[1,"x"]},"text":"a \"b\""},{"index":4,"event":null,"text":""}],"view":{"hand":["2C"]},"next":5,"to_act":1,"moves":[{"id":7,"text":"play 2C"}],"outcome":null}"#;
        assert_eq!(
            glance(update),
            Ok(Glance::Update {
                events: vec![3, 4],
                next: 5,
                moves: Some(vec![7]),
                over: false
            })
        );
        let over = r#"{"events":[],"view":{},"next":9,"to_act":null,"outcome":{"places":[0,1]}}"#;
        assert_eq!(
            glance(over),
            Ok(Glance::Update {
                events: vec![],
                next: 9,
                moves: None,
                over: true
            })
        );
        assert_eq!(
            glance(r#"{"ok":true,"action":"play 2C","next":5}"#),
            Ok(Glance::Ack { next: 5 })
        );
        assert_eq!(
            glance(r#"{"error":"not now (H3)","kind":"not_your_turn"}"#),
            Ok(Glance::Refused {
                kind: "not_your_turn".into()
            })
        );
        assert!(glance(r#"{"hello":1}"#).is_err());
        assert!(glance(r#"{"events":[{"index":"x"}],"next":1}"#).is_err());
        assert!(glance("not json").is_err());
    }
}
