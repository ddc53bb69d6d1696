//! Shared by the integration tests: a server in this process on a new
//! SQLite file, and helpers to make tables and read messages.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::Duration;

use cards_server::client::{Incoming, Socket, UpdateIn, http};
use cards_server::{Config, Running};

/// A new database path in the temporary directory.
pub fn temp_db(name: &str) -> PathBuf {
    let n = cards_server::token::random_u64();
    std::env::temp_dir().join(format!("cards-server-test-{name}-{n:x}.db"))
}

/// Settings for tests: any port, the given database.
pub fn config(db: &Path) -> Config {
    Config::new("127.0.0.1:0".parse().unwrap(), db.to_path_buf())
}

/// A server on `config`.
pub async fn start(config: Config) -> Running {
    cards_server::start(config)
        .await
        .expect("the server starts")
}

/// Creates a table from `body`; returns its id and host token.
pub async fn create(addr: SocketAddr, body: &str) -> (String, String) {
    let (status, text) = http(addr, "POST", "/tables", Some(body), None)
        .await
        .unwrap();
    assert_eq!(status, 201, "{text}");
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    (
        v["id"].as_str().unwrap().into(),
        v["host_token"].as_str().unwrap().into(),
    )
}

/// Joins `seat`; returns its token.
pub async fn join(addr: SocketAddr, table: &str, seat: usize) -> String {
    let (status, text) = http(
        addr,
        "POST",
        &format!("/tables/{table}/seats/{seat}"),
        None,
        None,
    )
    .await
    .unwrap();
    assert_eq!(status, 200, "{text}");
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    v["token"].as_str().unwrap().into()
}

/// The next message, within five seconds.
pub async fn next(socket: &mut Socket) -> Incoming {
    tokio::time::timeout(Duration::from_secs(5), socket.next())
        .await
        .expect("a message within 5 s")
        .expect("a protocol message")
}

/// The next update (skipping nothing: anything else fails).
pub async fn update(socket: &mut Socket) -> UpdateIn {
    match next(socket).await {
        Incoming::Update(u) => *u,
        other => panic!("expected an update, got {other:?}"),
    }
}

/// A table's summary.
pub async fn summary(addr: SocketAddr, table: &str) -> serde_json::Value {
    let (status, text) = http(addr, "GET", &format!("/tables/{table}"), None, None)
        .await
        .unwrap();
    assert_eq!(status, 200, "{text}");
    serde_json::from_str(&text).unwrap()
}

/// The next update, passing over acknowledgements.
pub async fn update_after_acks(socket: &mut Socket) -> UpdateIn {
    loop {
        match next(socket).await {
            Incoming::Update(u) => return *u,
            Incoming::Ack { .. } => continue,
            other => panic!("expected an update, got {other:?}"),
        }
    }
}

/// A new Hearts table of four open seats: its id and its handle.
pub async fn hearts_table(server: &Running) -> (String, std::sync::Arc<cards_server::hub::Cell>) {
    let (id, _) = create(server.addr, r#"{"game":"hearts"}"#).await;
    let cell = server.hub.table(&id).await.unwrap();
    (id, cell)
}

/// Plays the first legal move of whoever is to act, through the hub, until
/// the game is over.
pub async fn play_out(server: &Running, cell: &std::sync::Arc<cards_server::hub::Cell>) {
    loop {
        let Some(seat) = cell.live.lock().await.table.to_act() else {
            return;
        };
        let play = cards_server::live::Command::Move(seat, 0);
        server.hub.act(cell, play).await.unwrap();
    }
}
