//! The WebSocket sessions: one per seat (authenticated by its token) and one
//! per spectator. A session sends an update whenever the table's stored log
//! grows, and takes one action a message, within the connection's rate limit.

use std::sync::Arc;
use std::time::Instant;

use axum::extract::ws::{CloseFrame, Message, WebSocket, close_code};
use futures_util::SinkExt;

use crate::hub::{Cell, Hub};
use crate::limit::Bucket;
use crate::live::Command;
use crate::messages::{ClientMessage, ErrorKind, ErrorReply};

fn json<T: serde::Serialize>(value: &T) -> Message {
    Message::Text(
        serde_json::to_string(value)
            .expect("replies are JSON")
            .into(),
    )
}

/// Closes the connection with `code`, then reads (and drops) what the client
/// still sends until its own close frame, for at most a second: dropping the
/// socket with a flood's messages unread would reset the connection, and the
/// client could lose the close frame that says why.
///
/// After a read error (a message over the limit, a broken frame) the stream
/// reads nothing more (tokio-tungstenite ends it at its first error), so the
/// rest of a large fragmented message stays unread: the socket is then held
/// for the rest of the second before it is dropped (and reset), which gives
/// the client that time to read the close frame.
async fn close(socket: &mut WebSocket, code: u16, reason: &str) {
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(1);
    let frame = CloseFrame {
        code,
        reason: reason.into(),
    };
    if socket.send(Message::Close(Some(frame))).await.is_err() {
        return;
    }
    let drain = async {
        loop {
            match socket.recv().await {
                Some(Ok(Message::Close(_))) => return true,
                Some(Ok(_)) => continue,
                None | Some(Err(_)) => return false,
            }
        }
    };
    let answered = tokio::time::timeout_at(deadline, drain).await;
    if answered == Ok(false) {
        tokio::time::sleep_until(deadline).await;
    }
}

/// Runs one connection for `seat` (a spectator for `None`) until it closes,
/// starting with the events from log entry `from`.
pub async fn session(
    mut socket: WebSocket,
    hub: Arc<Hub>,
    cell: Arc<Cell>,
    seat: Option<usize>,
    from: usize,
) {
    use std::sync::atomic::Ordering::AcqRel;

    hub.metrics.connections(1);
    match seat {
        Some(s) => hub.presence(&cell, s, true).await,
        None => _ = cell.spectators.fetch_add(1, AcqRel),
    }
    run(&mut socket, &hub, &cell, seat, from).await;
    match seat {
        Some(s) => hub.presence(&cell, s, false).await,
        None => _ = cell.spectators.fetch_sub(1, AcqRel),
    }
    hub.metrics.connections(-1);
}

async fn run(
    socket: &mut WebSocket,
    hub: &Arc<Hub>,
    cell: &Arc<Cell>,
    seat: Option<usize>,
    from: usize,
) {
    let mut stored = cell.stored.subscribe();
    let mut bucket = Bucket::new(hub.config.rate_per_second, hub.config.burst, Instant::now());
    let mut refused_in_a_row = 0u32;
    let (update, mut sent) = hub.update(cell, seat, from).await;
    if socket.send(Message::Text(update.into())).await.is_err() {
        return;
    }
    loop {
        // Each turn queues its frames (`feed`) and writes them with one
        // `flush`: the acting seat's acknowledgement and its update leave
        // in one write.
        let step = tokio::select! {
            changed = stored.changed() => {
                if changed.is_err() {
                    return;
                }
                Step::Changed
            }
            incoming = socket.recv() => Step::Incoming(incoming),
        };
        let changed = match step {
            Step::Changed => true,
            Step::Incoming(incoming) => {
                let text = match incoming {
                    None | Some(Ok(Message::Close(_))) => return,
                    Some(Err(_)) => {
                        // Oversized or broken frames: the connection closes.
                        close(socket, close_code::SIZE, "message too large or malformed").await;
                        return;
                    }
                    Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                    Some(Ok(Message::Binary(_))) => None,
                    Some(Ok(Message::Text(t))) => Some(t),
                };
                let reply = if bucket.take(Instant::now()) {
                    refused_in_a_row = 0;
                    match handle(hub, cell, seat, text.as_deref()).await {
                        Ok(ack) => json(&ack),
                        Err(e) => {
                            hub.metrics.refusal(e.kind);
                            json(&e)
                        }
                    }
                } else {
                    refused_in_a_row += 1;
                    hub.metrics.refusal(ErrorKind::RateLimited);
                    if refused_in_a_row > hub.config.burst {
                        close(socket, close_code::POLICY, "rate limit exceeded").await;
                        return;
                    }
                    json(&ErrorReply::new(
                        ErrorKind::RateLimited,
                        format!(
                            "more than {} messages a second (the rate limit)",
                            hub.config.rate_per_second
                        ),
                    ))
                };
                if socket.feed(reply).await.is_err() {
                    return;
                }
                stored.has_changed().unwrap_or(false)
            }
        };
        // The log grew (after the answer just queued, when this seat acted):
        // its update goes in the same write.
        if changed {
            if cell.gone.load(std::sync::atomic::Ordering::Acquire) {
                let _ = socket.flush().await;
                close(
                    socket,
                    close_code::AGAIN,
                    "the table left this server's memory; connect again",
                )
                .await;
                return;
            }
            let now = stored.borrow_and_update().clone();
            if now.len > sent {
                // The update made when the change was stored, unless this
                // connection lags behind it.
                let (update, next) = match now.ready(seat, sent) {
                    Some(update) => (update, now.len),
                    None => {
                        let (update, next) = hub.update(cell, seat, sent).await;
                        (update.into(), next)
                    }
                };
                sent = next;
                if socket.feed(Message::Text(update)).await.is_err() {
                    return;
                }
            }
        }
        if socket.flush().await.is_err() {
            return;
        }
    }
}

/// What woke a connection's loop.
enum Step {
    /// The table's stored log changed.
    Changed,
    /// A message from the client (or its end).
    Incoming(Option<Result<Message, axum::Error>>),
}

/// One message's answer.
async fn handle(
    hub: &Arc<Hub>,
    cell: &Arc<Cell>,
    seat: Option<usize>,
    text: Option<&str>,
) -> Result<crate::messages::Ack, ErrorReply> {
    let bad = |m: String| ErrorReply::new(ErrorKind::BadRequest, m);
    let text = text.ok_or_else(|| bad("messages are JSON text, not binary".into()))?;
    let message: ClientMessage =
        serde_json::from_str(text).map_err(|e| bad(not_a_message(text, &e)))?;
    let seat = seat.ok_or_else(|| bad("a spectator does not act".into()))?;
    let command = match message {
        ClientMessage::Action(a) => Command::Play(seat, a),
        ClientMessage::Move(id) => Command::Move(seat, id),
        ClientMessage::Host(op) => Command::Host(Some(seat), op),
    };
    hub.act(cell, command).await
}

/// Why `text` is not a client message: a message is a JSON object with
/// exactly one of the keys `action`, `move` and `host`.
fn not_a_message(text: &str, e: &serde_json::Error) -> String {
    const USAGE: &str = "a message is a JSON object with exactly one of the keys action, move \
                         or host: send {\"action\": \"...\"}, {\"move\": N} or {\"host\": \"...\"}";
    let why = match serde_json::from_str::<serde_json::Value>(text) {
        Err(_) => format!("not JSON ({e})"),
        Ok(serde_json::Value::Object(o)) if o.len() != 1 => {
            format!("an object with {} keys", o.len())
        }
        Ok(serde_json::Value::Object(o)) => match o.keys().next().map(String::as_str) {
            Some(k @ ("action" | "move" | "host")) => format!("a bad value of {k} ({e})"),
            Some(k) => format!("an unknown key {}", cards_core::text::echo(k)),
            None => e.to_string(),
        },
        Ok(_) => "JSON that is not an object".into(),
    };
    format!("not a message: {why}; {USAGE}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refused_message_says_what_a_message_is() {
        for text in [
            "{}",
            r#"{"action":"draw","move":0}"#,
            "hello",
            "[1]",
            r#"{"seat":1}"#,
            r#"{"move":-1}"#,
        ] {
            let e = serde_json::from_str::<ClientMessage>(text).unwrap_err();
            let m = not_a_message(text, &e);
            assert!(
                m.contains(
                    "a message is a JSON object with exactly one of the keys action, move or host"
                ),
                "{text}: {m}"
            );
            if text != "hello" {
                assert!(!m.contains("expected value"), "{text}: {m}");
            }
        }
        let e = serde_json::from_str::<ClientMessage>("{}").unwrap_err();
        assert!(not_a_message("{}", &e).starts_with("not a message: an object with 0 keys;"));
    }
}
