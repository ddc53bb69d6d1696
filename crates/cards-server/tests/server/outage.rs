//! A store that fails: the request is refused (`unavailable`) in a plain
//! sentence, nothing of it is kept in memory, and the table serves again,
//! as stored, once the store is back. The failures are made in the SQLite
//! file under the running server: a table of it renamed (every write and
//! read of it fails) or a trigger that refuses one kind of write.

use std::sync::atomic::Ordering;

use crate::common::*;
use cards_server::live::{Command, Live};
use cards_server::messages::ErrorKind;
use cards_server::store::sqlite::Sqlite;

/// A second connection to the server's database, to spoil and mend it.
fn spoiler(db: &std::path::Path) -> rusqlite::Connection {
    let c = rusqlite::Connection::open(db).unwrap();
    c.busy_timeout(std::time::Duration::from_secs(5)).unwrap();
    c
}

/// A trigger that refuses every new action row (the reads go on).
const REFUSE_ACTIONS: &str = "CREATE TRIGGER refuse BEFORE INSERT ON actions \
    BEGIN SELECT RAISE(ABORT, 'refused'); END";

/// The seat to act and the log's length of the table in memory.
async fn turn(cell: &cards_server::hub::Cell) -> (usize, usize) {
    let live = cell.live.lock().await;
    (live.table.to_act().unwrap(), live.table.log_len())
}

/// The table as the store holds it, replayed: its log's length.
async fn stored_len(server: &cards_server::Running, id: &str) -> usize {
    let loaded = server.hub.store.load(id).await.unwrap().unwrap();
    Live::replay(loaded).unwrap().table.log_len()
}

/// The database's own error (here SQLite's, naming its table) goes to the
/// server's log only, and the seat is not given.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failing_store_is_refused_without_the_database_s_words() {
    use cards_server::client::http;

    let db = temp_db("outage-words");
    let server = start(config(&db)).await;
    let (id, _) = create(server.addr, r#"{"game":"hearts"}"#).await;
    join(server.addr, &id, 0).await;
    let spoil = spoiler(&db);
    spoil
        .execute_batch("ALTER TABLE seats RENAME TO gone")
        .unwrap();
    let path = format!("/tables/{id}/seats/1");
    let (status, body) = http(server.addr, "POST", &path, None, None).await.unwrap();
    assert_eq!(status, 503, "{body}");
    assert!(body.contains("\"kind\":\"unavailable\""), "{body}");
    assert!(body.contains("the store failed"), "{body}");
    for word in ["seats", "sqlite", "SQLite", "table:", "no such"] {
        assert!(
            !body.contains(word),
            "the refusal quotes the database ({word}): {body}"
        );
    }
    spoil
        .execute_batch("ALTER TABLE gone RENAME TO seats")
        .unwrap();
    let open = summary(server.addr, &id).await;
    assert_eq!(open["open_seats"], serde_json::json!([1, 2, 3]), "{open}");
    join(server.addr, &id, 1).await;
    server.task.abort();
    Sqlite::remove(&db);
}

/// A move the store refuses while it still reads is taken back at once:
/// the table in memory is the stored one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_the_store_refuses_is_taken_back() {
    let db = temp_db("outage-refused");
    let server = start(config(&db)).await;
    let (id, cell) = hearts_table(&server).await;
    let (seat, before) = turn(&cell).await;
    let spoil = spoiler(&db);
    spoil.execute_batch(REFUSE_ACTIONS).unwrap();
    let refused = server.hub.act(&cell, Command::Move(seat, 0)).await;
    assert_eq!(refused.unwrap_err().kind, ErrorKind::Unavailable);
    assert!(!cell.gone.load(Ordering::Acquire));
    assert_eq!(cell.live.lock().await.table.log_len(), before);
    spoil.execute_batch("DROP TRIGGER refuse").unwrap();
    server.hub.act(&cell, Command::Move(seat, 0)).await.unwrap();
    assert_eq!(stored_len(&server, &id).await, before + 1);
    server.task.abort();
    Sqlite::remove(&db);
}

/// A move the store neither takes nor can say what it holds instead: the
/// table leaves memory (its connections close, no bot plays on it) and is
/// read from the store at the next request, without the move; the moves
/// after it are stored in order, so the table still reloads.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_the_store_neither_takes_nor_reads_is_let_go() {
    let db = temp_db("outage-gone");
    let server = start(config(&db)).await;
    let (id, cell) = hearts_table(&server).await;
    let (seat, before) = turn(&cell).await;
    let spoil = spoiler(&db);
    spoil
        .execute_batch("ALTER TABLE actions RENAME TO gone")
        .unwrap();
    let refused = server.hub.act(&cell, Command::Move(seat, 0)).await;
    assert_eq!(refused.unwrap_err().kind, ErrorKind::Unavailable);
    assert!(
        cell.gone.load(Ordering::Acquire),
        "the table stayed in memory"
    );
    // A move that reaches the old handle is refused, not applied.
    let late = server.hub.act(&cell, Command::Move(seat, 0)).await;
    assert_eq!(late.unwrap_err().kind, ErrorKind::Unavailable);
    // While the store does not read, neither does the table.
    let unread = server.hub.table(&id).await.err().map(|e| e.kind);
    assert_eq!(unread, Some(ErrorKind::Unavailable));
    spoil
        .execute_batch("ALTER TABLE gone RENAME TO actions")
        .unwrap();
    let again = server.hub.table(&id).await.unwrap();
    assert_eq!(again.live.lock().await.table.log_len(), before);
    for _ in 0..3 {
        let to_act = again.live.lock().await.table.to_act().unwrap();
        server
            .hub
            .act(&again, Command::Move(to_act, 0))
            .await
            .unwrap();
    }
    assert_eq!(stored_len(&server, &id).await, before + 3);
    server.task.abort();
    Sqlite::remove(&db);
}

/// The last move of a game stored, its end not: the move is acknowledged
/// and the connections told, since it is stored; the next start stores the
/// end and keeps the table out of memory.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_last_move_stored_is_acknowledged_when_the_end_is_not() {
    let db = temp_db("outage-finish");
    let server = start(config(&db)).await;
    let (id, cell) = hearts_table(&server).await;
    let spoil = spoiler(&db);
    spoil
        .execute_batch(
            "CREATE TRIGGER refuse BEFORE UPDATE OF finished ON tables \
             BEGIN SELECT RAISE(ABORT, 'refused'); END",
        )
        .unwrap();
    play_out(&server, &cell).await;
    let len = cell.live.lock().await.table.log_len();
    assert_eq!(
        cell.stored.borrow().len,
        len,
        "the connections were not told"
    );
    assert_eq!(stored_len(&server, &id).await, len);
    server.task.abort();
    spoil.execute_batch("DROP TRIGGER refuse").unwrap();
    let again = start(config(&db)).await;
    assert_eq!(again.report.loaded, 1);
    assert_eq!(again.hub.len(), 0, "the finished table stayed in memory");
    let finished: i64 = spoil
        .query_row("SELECT finished FROM tables WHERE id = ?1", [&id], |r| {
            r.get(0)
        })
        .unwrap();
    assert_eq!(finished, 1);
    again.task.abort();
    Sqlite::remove(&db);
}

/// Bots whose moves the store refuses stop playing until the sweeper's next
/// look, instead of asking the failing store again at once, over and over;
/// with the store back they play the game out.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bots_stop_at_a_failing_store() {
    let db = temp_db("outage-bots");
    let mut config = config(&db);
    config.sweep_every = std::time::Duration::from_secs(3600);
    let server = start(config).await;
    let spoil = spoiler(&db);
    spoil.execute_batch(REFUSE_ACTIONS).unwrap();
    let bots = r#"[{"seat":0,"difficulty":"easy"},{"seat":1,"difficulty":"easy"},
        {"seat":2,"difficulty":"easy"},{"seat":3,"difficulty":"easy"}]"#;
    let (id, _) = create(
        server.addr,
        &format!(r#"{{"game":"hearts","bots":{bots}}}"#),
    )
    .await;
    let cell = server.hub.table(&id).await.unwrap();
    let before = stored_len(&server, &id).await;
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    for _ in 0..20 {
        assert!(
            !cell.driving.load(Ordering::Acquire),
            "the bots keep asking a failing store"
        );
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
    assert_eq!(cell.live.lock().await.table.log_len(), before);
    spoil.execute_batch("DROP TRIGGER refuse").unwrap();
    server.hub.drive(&cell);
    let mut waited = 0;
    while cell.live.lock().await.table.to_act().is_some() {
        assert!(waited < 1000, "the bots did not finish within 10 s");
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        waited += 1;
    }
    let len = cell.live.lock().await.table.log_len();
    assert!(len > before);
    assert_eq!(stored_len(&server, &id).await, len);
    server.task.abort();
    Sqlite::remove(&db);
}
