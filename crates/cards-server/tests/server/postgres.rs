//! Several server processes on one PostgreSQL database, against a real
//! server named by `CARDS_PG_URL` (`.ci/server-check` starts a throwaway
//! cluster and sets it; without it these tests say so and pass vacuously).
//!
//! - The lease fences: while one process holds a table, another can neither
//!   take it nor commit to it; once the lease expires it takes the table
//!   over with its whole log, and the old owner's commits fail.
//! - A group commit's actions (of several tables, with and without a seat,
//!   played and by bots) read back field for field; one that clashes with a
//!   stored action fails the whole commit.
//! - A table of every game with bots of every level reloads without asking
//!   a bot (each bot's move read back with the bot stream's position), to
//!   the same save and the same next bot choices; a database made by the
//!   older schema (no position) gains the column when opened, and its
//!   tables reload by asking their bots, as before.
//! - A connection ended by the database is opened again at the next call.
//! - A process starts while another's commit is in flight, without waiting
//!   for it or deadlocking with it, also when it adds a missing column.
//! - Two `cards-server` processes: one does not serve the other's table
//!   while its owner lives; the owner of the tables is killed with SIGKILL
//!   mid-game (twice: its successor too); the other takes them over, the
//!   clients reconnect to it and finish, and no acknowledged action is lost.
//! - A process paused past its lease (SIGSTOP) finds, once resumed, that the
//!   other took its table: it closes the table's connections with 1013 and
//!   no longer serves it; the seat resumes on the new owner.

use std::path::Path;
use std::time::{Duration, Instant};

use crate::common::{next, summary, temp_db, update};
use crate::reload::{every_game, old_schema};
use cards_core::Difficulty;
use cards_server::client::{Incoming, Socket, http};
use cards_server::live::{Command, Live};
use cards_server::load::{ServerProcess, make_table, takeover_rounds};
use cards_server::store::postgres::Postgres;
use cards_server::store::sqlite::kind_name;
use cards_server::store::{
    ActionKind, ActionRecord, Backend, StoreError, TableRecord, Write, commit_batch,
};

/// A new, empty database on the server `CARDS_PG_URL` names, for one test
/// (the tests run at once, and a process of one test would take over the
/// expired tables of another); `None` without `CARDS_PG_URL`.
async fn database() -> Option<Database> {
    let Some(admin) = std::env::var("CARDS_PG_URL").ok().filter(|u| !u.is_empty()) else {
        eprintln!("CARDS_PG_URL is not set: skipped (run .ci/server-check)");
        return None;
    };
    let name = format!("cards_test_{:x}", cards_server::token::random_u64());
    execute(&admin, &format!("CREATE DATABASE {name}")).await;
    let url = match admin.split_once("://") {
        // postgres://user@host:port/db?options
        Some((scheme, rest)) => {
            let (before, options) = rest.split_once('?').unwrap_or((rest, ""));
            let authority = before.split('/').next().unwrap_or_default();
            format!("{scheme}://{authority}/{name}?{options}")
        }
        // key=value pairs: a later dbname wins.
        None => format!("{admin} dbname={name}"),
    };
    Some(Database { admin, name, url })
}

/// A test's database: `url` connects to it.
struct Database {
    admin: String,
    name: String,
    url: String,
}

impl Database {
    /// Drops it (closing its connections).
    async fn remove(self) {
        execute(
            &self.admin,
            &format!("DROP DATABASE {} WITH (FORCE)", self.name),
        )
        .await;
    }
}

/// A new connection to `url`, driven by a task of the runtime.
async fn connect(url: &str) -> tokio_postgres::Client {
    let (client, connection) = tokio_postgres::connect(url, tokio_postgres::NoTls)
        .await
        .unwrap();
    tokio::spawn(connection);
    client
}

/// Runs `sql` on a new connection to `url`.
async fn execute(url: &str, sql: &str) {
    connect(url).await.batch_execute(sql).await.unwrap();
}

/// Two `cards-server` processes on the database at `url`, with leases of
/// `lease` seconds.
async fn two_processes(url: &str, lease: &str) -> (ServerProcess, ServerProcess) {
    let binary = Path::new(env!("CARGO_BIN_EXE_cards-server"));
    let unused = temp_db("pg-unused");
    let flags = ["--postgres", url, "--lease", lease];
    let any = "127.0.0.1:0".parse().unwrap();
    let a = ServerProcess::start(binary, &unused, any, &flags).await;
    let b = ServerProcess::start(binary, &unused, any, &flags).await;
    (a.unwrap(), b.unwrap())
}

/// Sends `signal` (`STOP`, `CONT`) to `process`.
fn signal(process: &ServerProcess, signal: &str) {
    let pid = process.id().expect("the process runs").to_string();
    let status = std::process::Command::new("kill")
        .args([&format!("-{signal}"), &pid])
        .status()
        .unwrap();
    assert!(status.success(), "kill -{signal} {pid}");
}

fn action(table: &str, seq: u64) -> Write {
    Write::Action(ActionRecord {
        table: table.into(),
        seq,
        seat: Some(0),
        kind: ActionKind::Play,
        text: format!("move {seq}"),
        hash: seq,
        bot_stream: None,
    })
}

/// A four-seat Hearts table whose last seat a hard bot plays (its seed the
/// largest, which PostgreSQL's signed `BIGINT` must carry back).
fn hearts_table(id: &str) -> TableRecord {
    TableRecord {
        id: id.into(),
        game: "hearts".into(),
        rules: "{}".into(),
        seats: 4,
        seed: u64::MAX,
        bots: vec![None, None, None, Some(cards_core::Difficulty::Hard)],
        tokens: vec![None; 4],
        host_token: "h".into(),
        finished: false,
        created_ms: Some(1_764_000_000_123),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lease_fences_the_table_until_it_expires() {
    let Some(db) = database().await else { return };
    let url = db.url.clone();
    let lease = Duration::from_millis(800);
    let mut a = Postgres::connect(&url, "process-a", lease).await.unwrap();
    let mut b = Postgres::connect(&url, "process-b", lease).await.unwrap();
    let id = format!("{:016x}", cards_server::token::random_u64());
    let other = format!("{:016x}", cards_server::token::random_u64());
    let table = hearts_table(&id);
    tokio::task::block_in_place(|| {
        a.commit(&[
            Write::Create(hearts_table(&other)),
            Write::Create(table.clone()),
            Write::Join {
                table: id.clone(),
                seat: 0,
                token: "t0".into(),
            },
            action(&id, 0),
        ])
        .unwrap();
        // Held by a: b may neither take it nor write to it.
        let held = b.claim(&id).unwrap_err();
        assert_eq!(held, StoreError::Held { table: id.clone() });
        let lost = StoreError::LeaseLost { table: id.clone() };
        assert_eq!(b.commit(&[action(&id, 1)]), Err(lost.clone()));
        assert!(b.claim_expired().unwrap().iter().all(|t| t.table.id != id));
        // a renews; b reads (without taking) what a wrote.
        assert!(a.renew(std::slice::from_ref(&id)).unwrap().is_empty());
        assert_eq!(b.load(&id).unwrap().unwrap().actions.len(), 1);
    });
    tokio::time::sleep(lease + Duration::from_millis(400)).await;
    tokio::task::block_in_place(|| {
        // The lease expired: b takes the table over with its whole log.
        let taken = b.claim(&id).unwrap().unwrap();
        let mut expected = table.clone();
        expected.tokens[0] = Some("t0".into());
        assert_eq!(taken.table, expected);
        assert_eq!(taken.actions.len(), 1);
        // a's next commit fails whole and changes nothing; a lets the table go.
        let e = a
            .commit(&[
                Write::Join {
                    table: id.clone(),
                    seat: 1,
                    token: "t1".into(),
                },
                action(&id, 1),
            ])
            .unwrap_err();
        assert_eq!(e, StoreError::LeaseLost { table: id.clone() });
        // In one group commit, only the lost table's writes fail.
        let results = commit_batch(
            &mut a,
            &[
                Write::Join {
                    table: other.clone(),
                    seat: 2,
                    token: "u2".into(),
                },
                action(&id, 1),
            ],
        );
        assert!(results[0].is_ok(), "{results:?}");
        assert_eq!(results[1], Err(StoreError::LeaseLost { table: id.clone() }));
        assert_eq!(
            a.load(&other).unwrap().unwrap().table.tokens[2].as_deref(),
            Some("u2")
        );
        assert_eq!(
            a.renew(&[id.clone(), other.clone()]).unwrap(),
            vec![id.clone()]
        );
        b.commit(&[action(&id, 1), Write::Finish { table: id.clone() }])
            .unwrap();
        let done = a.load(&id).unwrap().unwrap();
        assert!(done.table.finished);
        assert_eq!(done.table.tokens[1], None);
        assert_eq!(done.actions.len(), 2);
        // A finished table is read by anyone, owned by no one.
        assert!(a.claim(&id).unwrap().unwrap().table.finished);
    });
    drop((a, b));
    db.remove().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_group_commits_actions_read_back_whole_and_a_clash_writes_none() {
    let Some(db) = database().await else { return };
    let mut a = Postgres::connect(&db.url, "process-a", Duration::from_secs(30))
        .await
        .unwrap();
    let ids = [0, 1].map(|_| format!("{:016x}", cards_server::token::random_u64()));
    let played = ActionRecord {
        table: ids[0].clone(),
        seq: 0,
        seat: Some(0),
        kind: ActionKind::Play,
        text: "2♣".into(),
        hash: 1,
        bot_stream: None,
    };
    let bot = ActionRecord {
        table: ids[0].clone(),
        seq: 1,
        seat: Some(3),
        kind: ActionKind::Bot(cards_core::Difficulty::Hard),
        text: "K♣".into(),
        hash: u64::MAX,
        bot_stream: Some(u64::MAX - 2),
    };
    let host = ActionRecord {
        table: ids[1].clone(),
        seq: 0,
        seat: None,
        kind: ActionKind::Host,
        text: "leave 2".into(),
        hash: 1 << 63,
        bot_stream: None,
    };
    tokio::task::block_in_place(|| {
        a.commit(&[
            Write::Create(hearts_table(&ids[0])),
            Write::Action(played.clone()),
            Write::Create(hearts_table(&ids[1])),
            Write::Action(host.clone()),
            Write::Action(bot.clone()),
        ])
        .unwrap();
        let actions = |a: &mut Postgres, id: &str| a.load(id).unwrap().unwrap().actions;
        assert_eq!(actions(&mut a, &ids[0]), vec![played.clone(), bot]);
        assert_eq!(actions(&mut a, &ids[1]), vec![host.clone()]);
        // The first table's seq 0 again: nothing of the commit is written,
        // not even the other table's new action.
        let again = a
            .commit(&[action(&ids[1], 1), Write::Action(played)])
            .unwrap_err();
        assert!(again.to_string().contains("duplicate key"), "{again}");
        assert_eq!(actions(&mut a, &ids[1]), vec![host]);
    });
    drop(a);
    db.remove().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_the_database_ends_is_opened_again() {
    let Some(db) = database().await else { return };
    let url = db.url.clone();
    let owner = format!("reopen-{:x}", cards_server::token::random_u64());
    let mut store = Postgres::connect(&url, &owner, Duration::from_secs(5))
        .await
        .unwrap();
    let admin = connect(&url).await;
    let ended = admin
        .query(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1",
            &[&format!("cards-server {owner}")],
        )
        .await
        .unwrap();
    assert_eq!(
        ended.len(),
        1,
        "the store's connection is named after its owner"
    );
    tokio::time::sleep(Duration::from_millis(300)).await;
    let id = format!("{:016x}", cards_server::token::random_u64());
    tokio::task::block_in_place(|| {
        // The drop is seen at the latest by the first call; the next works.
        let first = store.load(&id);
        let again = store.load(&id);
        assert!(again.is_ok(), "first: {first:?}, again: {again:?}");
        assert_eq!(again.unwrap().map(|l| l.table.id), None);
    });
    drop(store);
    db.remove().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_live_owner_s_table_is_not_served_by_another_process() {
    let Some(db) = database().await else { return };
    let (mut owner, mut other) = two_processes(&db.url, "2").await;
    let tickets = make_table(owner.addr, "hearts", 4, &[3]).await.unwrap();
    let path = format!("/tables/{}", tickets[0].table);
    // Longer than the lease: the owner renews it.
    tokio::time::sleep(Duration::from_millis(2500)).await;
    let (status, body) = http(other.addr, "GET", &path, None, None).await.unwrap();
    assert_eq!(status, 503, "{body}");
    assert!(body.contains("held by another server process"), "{body}");
    summary(owner.addr, &tickets[0].table).await;
    owner.kill().await;
    other.kill().await;
    db.remove().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_paused_owner_lets_go_of_the_table_taken_from_it() {
    let Some(db) = database().await else { return };
    let (mut owner, mut other) = two_processes(&db.url, "1").await;
    let tickets = make_table(owner.addr, "hearts", 4, &[3]).await.unwrap();
    let seat = &tickets[0];
    let path = format!("/tables/{}", seat.table);
    let mut socket = Socket::seat(owner.addr, &seat.table, seat.seat, &seat.token, 0)
        .await
        .unwrap();
    let seen = update(&mut socket).await.next;
    // Paused past its lease: the other process takes the table when asked.
    signal(&owner, "STOP");
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let (status, body) = http(other.addr, "GET", &path, None, None).await.unwrap();
        if status == 200 {
            break;
        }
        assert!(Instant::now() < deadline, "not taken over: {status} {body}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    // Resumed, the owner finds the lease lost at its next renewal.
    signal(&owner, "CONT");
    match next(&mut socket).await {
        Incoming::Closed(Some(1013)) => {}
        other => panic!("expected a close with 1013, got {other:?}"),
    }
    let (status, body) = http(owner.addr, "GET", &path, None, None).await.unwrap();
    assert_eq!(status, 503, "{body}");
    assert!(body.contains("held by another server process"), "{body}");
    // The seat resumes on the new owner from the event it had reached.
    let mut socket = Socket::seat(other.addr, &seat.table, seat.seat, &seat.token, seen)
        .await
        .unwrap();
    let resumed = update(&mut socket).await;
    assert!(
        resumed.events.is_empty() && resumed.next == seen,
        "{resumed:?}"
    );
    owner.kill().await;
    other.kill().await;
    db.remove().await;
}

/// A connection to `url` and an open transaction on it that holds the
/// lock a commit in flight holds on each of `tables` (a list): a lease
/// updated, rows inserted.
async fn commit_in_flight(url: &str, tables: &str) -> tokio_postgres::Client {
    let client = connect(url).await;
    client
        .batch_execute(&format!(
            "BEGIN; LOCK TABLE {tables} IN ROW EXCLUSIVE MODE;"
        ))
        .await
        .unwrap();
    client
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_process_starts_while_another_commits() {
    let Some(db) = database().await else { return };
    let first = Postgres::connect(&db.url, "process-a", Duration::from_secs(30))
        .await
        .unwrap();
    // Process A's commit has updated a lease and inserted rows, and is not
    // done; process B starts, finding the schema whole. Once its start
    // locked a table against every use (as `ALTER TABLE` does even when
    // the column is there), and waited for the commit, or deadlocked with it.
    let commit = commit_in_flight(&db.url, "tables, seats, actions").await;
    let second = tokio::time::timeout(
        Duration::from_secs(10),
        Postgres::connect(&db.url, "process-b", Duration::from_secs(30)),
    )
    .await
    .expect("B starts without waiting for A's commit")
    .unwrap();
    commit.batch_execute("COMMIT").await.unwrap();
    drop((first, second));
    db.remove().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_process_adds_a_column_while_an_older_one_commits() {
    let Some(db) = database().await else { return };
    execute(&db.url, &old_schema(true)).await;
    // An older process's commit has updated a lease (it holds `tables`)...
    let commit = commit_in_flight(&db.url, "tables").await;
    // ...when a newer one starts and adds `actions.bot_stream`.
    let url = db.url.clone();
    let start =
        tokio::spawn(
            async move { Postgres::connect(&url, "process-b", Duration::from_secs(30)).await },
        );
    // Let the start reach its schema step (done, or waiting for a lock).
    let watch = connect(&db.url).await;
    let deadline = Instant::now() + Duration::from_secs(3);
    while !start.is_finished() && Instant::now() < deadline {
        let waiting = watch
            .query(
                "SELECT 1 FROM pg_stat_activity \
                 WHERE application_name = 'cards-server process-b' AND wait_event_type = 'Lock'",
                &[],
            )
            .await
            .unwrap();
        if !waiting.is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // The commit goes on to insert its actions: it may wait for the start,
    // but the start does not wait for it (it once locked `actions` and then
    // waited for `tables`, a deadlock PostgreSQL broke by failing one).
    commit
        .batch_execute("LOCK TABLE actions IN ROW EXCLUSIVE MODE; COMMIT;")
        .await
        .expect("the older process's commit completes");
    let second = tokio::time::timeout(Duration::from_secs(10), start)
        .await
        .expect("the start completes")
        .unwrap()
        .expect("the start succeeds");
    drop(second);
    db.remove().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn killed_owners_tables_are_taken_over_and_finished() {
    let Some(db) = database().await else { return };
    let url = db.url.clone();
    let binary = Path::new(env!("CARGO_BIN_EXE_cards-server"));
    let flags = ["--postgres", url.as_str(), "--lease", "2"];
    // Two rounds: the first owner dies, its successor dies in turn.
    let report = takeover_rounds(binary, &flags, "hearts", 4, &[3], 6, 2)
        .await
        .unwrap();
    eprintln!("postgres takeover: {report}");
    assert!(report.passed(), "{report}");
    assert!(report.acked > 0 && report.reconnects > 0, "{report}");
    assert!(
        report.open_at_last_kill > 0,
        "the games ended before the last kill: {report}"
    );
    db.remove().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_game_reloads_without_asking_a_bot_and_its_bots_choose_on_as_before() {
    let Some(db) = database().await else { return };
    let mut store = Postgres::connect(&db.url, "process-a", Duration::from_secs(30))
        .await
        .unwrap();
    let tables = every_game();
    tokio::task::block_in_place(|| {
        for t in &tables {
            store.commit(&t.writes()).unwrap();
        }
        for t in &tables {
            let loaded = store.load(&t.live.record.id).unwrap().unwrap();
            // The positions read back as written.
            assert_eq!(loaded.actions, t.actions);
            let live = Live::replay(loaded).unwrap();
            assert_eq!(live.bots_asked_in_replay, 0);
            t.check(&live.table, 8);
        }
    });
    drop(store);
    db.remove().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_older_server_s_database_gains_the_column_and_reloads_by_asking_its_bots() {
    let Some(db) = database().await else { return };
    let tables = every_game();
    // The database as a server before the bot stream's position left it.
    let client = connect(&db.url).await;
    client.batch_execute(&old_schema(true)).await.unwrap();
    for t in &tables {
        let r = &t.live.record;
        client
            .execute(
                "INSERT INTO tables (id, game, rules, seats, seed, bots, host_token) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7)",
                &[
                    &r.id,
                    &r.game,
                    &r.rules,
                    &(r.seats as i32),
                    &(r.seed as i64),
                    &serde_json::to_string(&r.bots).unwrap(),
                    &r.host_token,
                ],
            )
            .await
            .unwrap();
        client
            .execute(
                "INSERT INTO seats (table_id, seat, token) VALUES ($1, 0, $2)",
                &[&r.id, &r.tokens[0]],
            )
            .await
            .unwrap();
        for a in &t.actions {
            client
                .execute(
                    "INSERT INTO actions (table_id, seq, seat, kind, text, hash) \
                     VALUES ($1, $2, $3, $4, $5, $6)",
                    &[
                        &a.table,
                        &(a.seq as i64),
                        &a.seat.map(|s| s as i32),
                        &kind_name(a.kind),
                        &a.text,
                        &(a.hash as i64),
                    ],
                )
                .await
                .unwrap();
        }
    }
    let columns = "SELECT column_name::text FROM information_schema.columns \
                   WHERE table_name = 'actions' ORDER BY ordinal_position";
    let names =
        |rows: Vec<tokio_postgres::Row>| -> Vec<String> { rows.iter().map(|r| r.get(0)).collect() };
    assert!(!names(client.query(columns, &[]).await.unwrap()).contains(&"bot_stream".into()));
    // Opening it adds the column; every table reloads, its bots asked again.
    let mut store = Postgres::connect(&db.url, "process-a", Duration::from_secs(30))
        .await
        .unwrap();
    assert_eq!(
        names(client.query(columns, &[]).await.unwrap()),
        [
            "table_id",
            "seq",
            "seat",
            "kind",
            "text",
            "hash",
            "bot_stream"
        ]
    );
    tokio::task::block_in_place(|| {
        let mut all = store.load_open().unwrap();
        assert_eq!(all.len(), tables.len());
        all.sort_by(|a, b| a.table.id.cmp(&b.table.id));
        for (t, loaded) in tables.iter().zip(all) {
            assert!(loaded.actions.iter().all(|a| a.bot_stream.is_none()));
            let live = Live::replay(loaded).unwrap();
            assert_eq!(live.bots_asked_in_replay, t.bot_moves());
            t.check(&live.table, 8);
        }
        // A bot's move stored now carries its position: a reload asks only
        // the older server's bots.
        let first = &tables[0];
        let id = &first.live.record.id;
        let mut live = Live::replay(store.load(id).unwrap().unwrap()).unwrap();
        let record = live.apply(&Command::Bot(0, Difficulty::Medium)).unwrap();
        store.commit(&[Write::Action(record.clone())]).unwrap();
        let loaded = store.load(id).unwrap().unwrap();
        assert!(record.bot_stream.is_some());
        assert_eq!(loaded.actions.last(), Some(&record));
        let again = Live::replay(loaded).unwrap();
        assert_eq!(again.bots_asked_in_replay, first.bot_moves());
        assert_eq!(again.table.save(), live.table.save());
    });
    drop((store, client));
    db.remove().await;
}
