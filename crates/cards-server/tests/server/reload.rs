//! Reloading a table without asking its bots again. Each bot's move is
//! stored with where the table's bot stream stood after it; a reload plays
//! the stored move and sets the stream there.
//!
//! - A table of every game, with bots of every level, stored and reloaded
//!   by a server started on the file: no bot is asked, the save (the bot
//!   stream included) is the original's, and the next bot choices are those
//!   of the table that never stopped.
//! - The same records as an older server stored them (no position), in a
//!   file made with the older schema: the file opens and gains the column,
//!   every table reloads by asking its bots as before, to the same save and
//!   the same next choices; a move stored after it carries its position.

use std::path::Path;
use std::time::Duration;

use cards_core::Difficulty;
use cards_games::AnyTable;
use cards_server::live::{Command, Live};
use cards_server::store::sqlite::{Sqlite, kind_name};
use cards_server::store::{ActionKind, ActionRecord, Backend, TableRecord, Write};

use crate::common::{config, start, temp_db};

/// The levels, in turn, of the bot that plays seat 0's moves between its
/// player's own (a joined seat whose player is away).
const AWAY_LEVELS: [Difficulty; 4] = Difficulty::ALL;

/// A table as the server stores it, made and played here: one table of
/// the game at place `n` of the list, its seat 0 joined, every other seat
/// a bot (the levels turn with `n`, so every level plays in every seat
/// count), played until at least `actions` actions are taken and seat 0
/// is to act (so a server that reloads it has no bot to drive).
pub(crate) struct Played {
    /// The table that never stopped.
    pub live: Live,
    /// Its actions as stored.
    pub actions: Vec<ActionRecord>,
}

impl Played {
    pub(crate) fn new(n: usize, actions: usize) -> Played {
        let game = cards_games::NAMES[n];
        let [fewest, _, most] = AnyTable::seat_limits(game).unwrap();
        let seats = 4.clamp(fewest, most);
        let bots = (0..seats)
            .map(|s| (s > 0).then_some(Difficulty::ALL[(n + s) % 4]))
            .collect();
        let mut tokens = vec![None; seats];
        tokens[0] = Some(format!("token-{n}"));
        let record = TableRecord {
            id: format!("{:016x}", 0xb0_0000 + n),
            game: game.into(),
            rules: AnyTable::default_rules(game).unwrap(),
            seats,
            seed: 0x5eed_0000 + n as u64,
            bots,
            tokens,
            host_token: format!("host-{n}"),
            finished: false,
            created_ms: None,
        };
        let mut live = Live::create(record).unwrap();
        let mut stored = Vec::new();
        let mut own = 0;
        loop {
            let seat = live.table.to_act().expect("the game goes on");
            if seat == 0 && stored.len() >= actions {
                break;
            }
            let command = match live.record.bots[seat] {
                Some(d) => Command::Bot(seat, d),
                // Seat 0: in turn its player's move and an away bot's.
                None if own % 2 == 1 => {
                    let k = live.table.legal_count(0).unwrap() / 2;
                    Command::Move(0, k as u32)
                }
                None => Command::Bot(0, AWAY_LEVELS[(own / 2 + n) % 4]),
            };
            own += usize::from(seat == 0);
            stored.push(live.apply(&command).unwrap());
        }
        assert!(
            stored
                .iter()
                .any(|a| a.seat == Some(0) && a.kind != ActionKind::Play),
            "{game}: no away bot played"
        );
        Played {
            live,
            actions: stored,
        }
    }

    /// The writes that store it.
    pub(crate) fn writes(&self) -> Vec<Write> {
        let mut writes = vec![
            Write::Create(self.live.record.clone()),
            Write::Join {
                table: self.live.record.id.clone(),
                seat: 0,
                token: self.live.record.tokens[0].clone().unwrap(),
            },
        ];
        writes.extend(self.actions.iter().cloned().map(Write::Action));
        writes
    }

    /// How many of its actions a bot chose.
    pub(crate) fn bot_moves(&self) -> usize {
        let bot = |a: &&ActionRecord| matches!(a.kind, ActionKind::Bot(_));
        self.actions.iter().filter(bot).count()
    }

    /// Checks that `reloaded` is this table: the same save (the game, its
    /// log, and both streams), and the same next `k` bot choices, each seat
    /// at its own level (seat 0 at each level in turn).
    pub(crate) fn check(&self, reloaded: &AnyTable, k: usize) {
        let game = &self.live.record.game;
        assert_eq!(reloaded.save(), self.live.table.save(), "{game}");
        let (mut a, mut b) = (self.live.table.clone(), reloaded.clone());
        for step in 0..k {
            let Some(seat) = a.to_act() else { break };
            let level = self.live.record.bots[seat].unwrap_or(AWAY_LEVELS[step % 4]);
            let theirs = a.play_bot(seat, level).unwrap();
            let ours = b.play_bot(seat, level).unwrap();
            assert_eq!(
                ours, theirs,
                "{game}: the bot choice {step} after the reload"
            );
        }
        assert_eq!(b.save(), a.save(), "{game}");
    }
}

/// Every game's table, played.
pub(crate) fn every_game() -> Vec<Played> {
    (0..cards_games::NAMES.len())
        .map(|n| Played::new(n, 14))
        .collect()
}

/// Settings for a server on `db` whose away seats wait a day for a bot
/// (no table here is played on by the server, whatever the test's pace).
fn waiting(db: &Path) -> cards_server::Config {
    let mut config = config(db);
    config.away_after = Duration::from_secs(86_400);
    config
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_game_reloads_without_asking_a_bot_and_its_bots_choose_on_as_before() {
    let db = temp_db("bot-stream");
    let tables = every_game();
    let mut store = Sqlite::open(&db, false).unwrap();
    for t in &tables {
        store.commit(&t.writes()).unwrap();
        // Every bot's move carries the stream's position, and no other does.
        for a in &t.actions {
            let bot = matches!(a.kind, ActionKind::Bot(_));
            assert_eq!(a.bot_stream.is_some(), bot, "{a:?}");
        }
    }
    drop(store);
    let server = start(waiting(&db)).await;
    let r = &server.report;
    assert_eq!((r.loaded, r.failed), (tables.len(), 0), "{r:?}");
    assert_eq!(r.bots_asked, 0, "{r:?}");
    let actions: usize = tables.iter().map(|t| t.actions.len()).sum();
    assert_eq!(r.actions, actions);
    for t in &tables {
        let cell = server.hub.table(&t.live.record.id).await.unwrap();
        let live = cell.live.lock().await;
        assert_eq!(live.bots_asked_in_replay, 0);
        t.check(&live.table, 8);
    }
    server.task.abort();
    Sqlite::remove(&db);
}

/// The three tables before `actions.bot_stream`, as both stores made them,
/// but for the end of the last statement (`old_schema`).
const OLD_TABLES: &str = "
CREATE TABLE tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    rules TEXT NOT NULL,
    seats INTEGER NOT NULL,
    seed BIGINT NOT NULL,
    bots TEXT NOT NULL,
    host_token TEXT NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE seats (
    table_id TEXT NOT NULL,
    seat INTEGER NOT NULL,
    token TEXT NOT NULL,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE actions (
    table_id TEXT NOT NULL,
    seq BIGINT NOT NULL,
    seat INTEGER,
    kind TEXT NOT NULL,
    text TEXT NOT NULL,
    hash BIGINT NOT NULL,
    PRIMARY KEY (table_id, seq)
)";

/// The schema before `actions.bot_stream`, as SQLite (the actions
/// `WITHOUT ROWID`) or PostgreSQL (then the lease's columns) made it.
pub fn old_schema(postgres: bool) -> String {
    let end = if postgres {
        ";\nALTER TABLE tables ADD COLUMN owner TEXT;\nALTER TABLE tables ADD COLUMN lease_until TIMESTAMPTZ;\n"
    } else {
        " WITHOUT ROWID;\n"
    };
    format!("{OLD_TABLES}{end}")
}

/// Writes `tables` into a new file at `db` as a server before the bot
/// stream's position stored them: the older schema, no position.
fn write_old_store(db: &Path, tables: &[Played]) {
    let conn = rusqlite::Connection::open(db).unwrap();
    conn.execute_batch(&old_schema(false)).unwrap();
    for t in tables {
        let r = &t.live.record;
        conn.execute(
            "INSERT INTO tables (id, game, rules, seats, seed, bots, host_token) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            rusqlite::params![
                r.id,
                r.game,
                r.rules,
                r.seats as i64,
                r.seed as i64,
                serde_json::to_string(&r.bots).unwrap(),
                r.host_token,
            ],
        )
        .unwrap();
        conn.execute(
            "INSERT INTO seats (table_id, seat, token) VALUES (?1, 0, ?2)",
            rusqlite::params![r.id, r.tokens[0]],
        )
        .unwrap();
        for a in &t.actions {
            conn.execute(
                "INSERT INTO actions (table_id, seq, seat, kind, text, hash) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                rusqlite::params![
                    a.table,
                    a.seq as i64,
                    a.seat.map(|s| s as i64),
                    kind_name(a.kind),
                    a.text,
                    a.hash as i64,
                ],
            )
            .unwrap();
        }
    }
}

/// The names of the columns of `table` in the file at `db`.
fn columns(db: &Path, table: &str) -> Vec<String> {
    let conn = rusqlite::Connection::open(db).unwrap();
    let mut stmt = conn
        .prepare("SELECT name FROM pragma_table_info(?1)")
        .unwrap();
    stmt.query_map([table], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_older_server_s_file_gains_the_column_and_reloads_by_asking_its_bots() {
    let db = temp_db("old-schema");
    let tables = every_game();
    write_old_store(&db, &tables);
    assert!(!columns(&db, "actions").contains(&"bot_stream".to_string()));
    let asked: usize = tables.iter().map(Played::bot_moves).sum();
    let server = start(waiting(&db)).await;
    let r = &server.report;
    assert_eq!((r.loaded, r.failed), (tables.len(), 0), "{r:?}");
    // Every bot's move of the older server is asked again, as before.
    assert_eq!(r.bots_asked, asked, "{r:?}");
    assert_eq!(
        columns(&db, "actions"),
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
    for t in &tables {
        let cell = server.hub.table(&t.live.record.id).await.unwrap();
        let live = cell.live.lock().await;
        assert_eq!(live.bots_asked_in_replay, t.bot_moves());
        t.check(&live.table, 8);
    }
    server.task.abort();
    // A bot's move stored in the file now carries its position: the next
    // reload asks only the older server's bots.
    let first = &tables[0];
    let mut store = Sqlite::open(&db, false).unwrap();
    let mut live = Live::replay(store.load(&first.live.record.id).unwrap().unwrap()).unwrap();
    let record = live.apply(&Command::Bot(0, Difficulty::Medium)).unwrap();
    store.commit(&[Write::Action(record)]).unwrap();
    let loaded = store.load(&first.live.record.id).unwrap().unwrap();
    let last = loaded.actions.last().unwrap();
    assert_eq!(last.seq as usize, first.actions.len());
    assert!(last.bot_stream.is_some(), "{last:?}");
    let again = Live::replay(loaded).unwrap();
    assert_eq!(again.bots_asked_in_replay, first.bot_moves());
    assert_eq!(again.table.save(), live.table.save());
    Sqlite::remove(&db);
}

/// A seat nobody has joined waits `--empty-seat-after` from the table's
/// making, a restart in between or not: the creation time is stored, so a
/// table made two hours before the restart has its empty seat played by a
/// bot as soon as it is reloaded, under a one-hour wait.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_empty_seat_s_wait_counts_from_the_making_across_a_restart() {
    let db = temp_db("reload-age");
    let mut config = config(&db);
    config.empty_seat_after = Duration::from_secs(3_600);
    let server = start(config.clone()).await;
    let (id, _) = crate::common::create(server.addr, r#"{"game":"trump21","seats":2}"#).await;
    // The deal, and nobody acts: the empty seats wait.
    let dealt = crate::common::summary(server.addr, &id).await["log_len"].clone();
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(
        crate::common::summary(server.addr, &id).await["log_len"],
        dealt
    );
    server.task.abort();
    let stored = rusqlite::Connection::open(&db).unwrap();
    stored.busy_timeout(Duration::from_secs(5)).unwrap();
    let made: i64 = stored
        .query_row("SELECT created_ms FROM tables WHERE id = ?1", [&id], |r| {
            r.get(0)
        })
        .unwrap();
    let now = cards_server::live::now_ms();
    assert!((now - 60_000..=now).contains(&made), "{made} against {now}");
    stored
        .execute(
            "UPDATE tables SET created_ms = created_ms - 7200000 WHERE id = ?1",
            [&id],
        )
        .unwrap();
    let again = start(config).await;
    assert_eq!(again.report.loaded, 1);
    let mut moved = false;
    for _ in 0..100 {
        if crate::common::summary(again.addr, &id).await["log_len"] != dealt {
            moved = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(moved, "the empty seats waited from the reload");
    again.task.abort();
    Sqlite::remove(&db);
}
