//! The embedded store: SQLite in WAL mode.

use std::path::Path;

use rusqlite::{Connection, OptionalExtension, params};

use super::checkpoints::Checkpointer;
use super::{ActionKind, ActionRecord, Backend, Loaded, StoreError, TableRecord, Write};

/// The schema, the same in PostgreSQL (docs/server.md).
pub(crate) const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    rules TEXT NOT NULL,
    seats INTEGER NOT NULL,
    seed BIGINT NOT NULL,
    bots TEXT NOT NULL,
    host_token TEXT NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL,
    seat INTEGER NOT NULL,
    token TEXT NOT NULL,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL,
    seq BIGINT NOT NULL,
    seat INTEGER,
    kind TEXT NOT NULL,
    text TEXT NOT NULL,
    hash BIGINT NOT NULL,
    bot_stream BIGINT,
    PRIMARY KEY (table_id, seq)
);
";

/// The columns added to [`SCHEMA`] since its first form, each with its
/// type: a database made before gains them when opened (SQLite by
/// [`add_missing_columns`], PostgreSQL by `store::postgres`'s `add_missing`).
/// `actions.bot_stream` is where the table's bot stream stood after a
/// bot's move (NULL in an older server's rows, which replay by asking the
/// bot again); `tables.created_ms` when the table was made (NULL in an
/// older server's rows, whose age counts from their reload).
pub(crate) const ADDED: &[(&str, &str, &str)] = &[
    ("actions", "bot_stream", "BIGINT"),
    ("tables", "created_ms", "BIGINT"),
];

/// The schema as SQLite creates it: [`SCHEMA`] with the actions kept in
/// their primary key's b-tree alone (`WITHOUT ROWID`), so a stored action
/// writes one b-tree's page, not a table's and its key index's. A file
/// made before keeps its actions table as it was (the statements are the
/// same for both).
fn sqlite_schema() -> String {
    let (head, tail) = SCHEMA
        .rsplit_once(");")
        .expect("the schema ends with the actions table");
    format!("{head}) WITHOUT ROWID;{tail}")
}

/// Pages the write-ahead log grows to before the writer copies them into
/// the database file itself, within a commit (SQLite's default is 1,000): a
/// backstop, should the [`Checkpointer`] fall behind.
const BACKSTOP_PAGES: u32 = 64_000;

/// The page size of a new file (SQLite's default is 4,096 bytes). A
/// commit writes every page it changed to the log whole, and the actions of
/// one commit are mostly each on a page of its own (one a table), so a
/// commit writes a quarter of the bytes with 1 KB pages.
const PAGE_BYTES: u32 = 1_024;

/// A connection to the SQLite file.
pub struct Sqlite {
    conn: Connection,
    full_sync: bool,
    /// The writer's: copies the log into the file off the commit path.
    _checkpoints: Option<Checkpointer>,
}

impl Sqlite {
    /// Opens (creating when new) the database at `path` in WAL mode;
    /// `full_sync` makes every commit reach the disk (`synchronous=FULL`),
    /// otherwise commits survive a crash of the process but not of the
    /// machine (`NORMAL`).
    ///
    /// # Errors
    /// SQLite's error, as text.
    pub fn open(path: &Path, full_sync: bool) -> Result<Sqlite, String> {
        let mut conn = Connection::open(path).map_err(|e| e.to_string())?;
        // Before anything is written (a file made before keeps its size).
        conn.pragma_update(None, "page_size", PAGE_BYTES)
            .map_err(|e| e.to_string())?;
        conn.busy_timeout(std::time::Duration::from_secs(10))
            .map_err(|e| e.to_string())?;
        conn.pragma_update(None, "journal_mode", "WAL")
            .map_err(|e| e.to_string())?;
        conn.pragma_update(
            None,
            "synchronous",
            if full_sync { "FULL" } else { "NORMAL" },
        )
        .map_err(|e| e.to_string())?;
        conn.pragma_update(None, "wal_autocheckpoint", BACKSTOP_PAGES)
            .map_err(|e| e.to_string())?;
        conn.execute_batch(&sqlite_schema())
            .map_err(|e| e.to_string())?;
        add_missing_columns(&mut conn).map_err(|e| e.to_string())?;
        Ok(Sqlite {
            conn,
            full_sync,
            _checkpoints: None,
        })
    }

    /// [`Sqlite::open`], for the connection that writes: a thread of its
    /// own copies the write-ahead log into the file every 100 ms, so no
    /// commit waits for that copy.
    ///
    /// # Errors
    /// SQLite's error, as text.
    pub fn open_writer(path: &Path, full_sync: bool) -> Result<Sqlite, String> {
        let mut db = Sqlite::open(path, full_sync)?;
        db._checkpoints = Some(Checkpointer::start(path)?);
        Ok(db)
    }

    /// Deletes the database at `path` with its write-ahead log and
    /// shared-memory index, where they exist (the tools' and tests'
    /// throwaway stores).
    pub fn remove(path: &Path) {
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
        }
    }

    fn read_table(&self, id: &str) -> rusqlite::Result<Option<Loaded>> {
        let row = self
            .conn
            .prepare_cached(
                "SELECT game, rules, seats, seed, bots, host_token, finished, created_ms FROM tables WHERE id = ?1",
            )?
            .query_row([id], |r| {
                Ok((
                    (
                        r.get::<_, String>(0)?,
                        r.get::<_, String>(1)?,
                        r.get::<_, i64>(2)?,
                        r.get::<_, i64>(3)?,
                    ),
                    r.get::<_, String>(4)?,
                    r.get::<_, String>(5)?,
                    r.get::<_, i64>(6)?,
                    r.get::<_, Option<i64>>(7)?,
                ))
            })
            .optional()?;
        let Some(((game, rules, seats, seed), bots, host_token, finished, created_ms)) = row else {
            return Ok(None);
        };
        let seats = seats as usize;
        let mut tokens = vec![None; seats];
        let mut stmt = self
            .conn
            .prepare_cached("SELECT seat, token FROM seats WHERE table_id = ?1")?;
        for row in stmt.query_map([id], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?)))? {
            let (seat, token) = row?;
            if let Some(slot) = tokens.get_mut(seat as usize) {
                *slot = Some(token);
            }
        }
        let mut stmt = self.conn.prepare_cached(
            "SELECT seq, seat, kind, text, hash, bot_stream FROM actions WHERE table_id = ?1 ORDER BY seq",
        )?;
        let mut actions = Vec::new();
        for row in stmt.query_map([id], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, Option<i64>>(1)?,
                r.get::<_, String>(2)?,
                r.get::<_, String>(3)?,
                r.get::<_, i64>(4)?,
                r.get::<_, Option<i64>>(5)?,
            ))
        })? {
            let (seq, seat, kind, text, hash, bot_stream) = row?;
            actions.push(ActionRecord {
                table: id.to_string(),
                seq: seq as u64,
                seat: seat.map(|s| s as usize),
                kind: kind_from(&kind),
                text,
                hash: hash as u64,
                bot_stream: bot_stream.map(|p| p as u64),
            });
        }
        Ok(Some(Loaded {
            table: TableRecord {
                id: id.to_string(),
                game,
                rules,
                seats,
                seed: seed as u64,
                bots: serde_json::from_str(&bots).unwrap_or_default(),
                tokens,
                host_token,
                finished: finished != 0,
                created_ms,
            },
            actions,
        }))
    }
}

/// Adds each column of [`ADDED`] that the database at `conn` lacks (a file
/// made by an older server), in one transaction that holds the write lock
/// from the start, so two connections opening one file add it once.
fn add_missing_columns(conn: &mut Connection) -> rusqlite::Result<()> {
    let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
    for (table, column, kind) in ADDED {
        let has: bool = tx.query_row(
            "SELECT EXISTS (SELECT 1 FROM pragma_table_info(?1) WHERE name = ?2)",
            [table, column],
            |r| r.get(0),
        )?;
        if !has {
            tx.execute_batch(&format!("ALTER TABLE {table} ADD COLUMN {column} {kind};"))?;
        }
    }
    tx.commit()
}

/// The stored name of an action's kind: `play`, `host`, or `bot:<difficulty>`.
pub fn kind_name(kind: ActionKind) -> String {
    match kind {
        ActionKind::Play => "play".into(),
        ActionKind::Host => "host".into(),
        ActionKind::Bot(d) => format!("bot:{d}"),
    }
}

/// The kind a stored name names (an unknown name reads as `play`, which the
/// replay then checks like any other action).
pub fn kind_from(name: &str) -> ActionKind {
    match name.strip_prefix("bot:") {
        Some(d) => d.parse().map(ActionKind::Bot).unwrap_or(ActionKind::Play),
        None if name == "host" => ActionKind::Host,
        None => ActionKind::Play,
    }
}

impl Backend for Sqlite {
    fn commit(&mut self, batch: &[Write]) -> Result<(), StoreError> {
        let tx = self.conn.transaction().map_err(|e| e.to_string())?;
        for w in batch {
            match w {
                Write::Create(t) => {
                    tx.prepare_cached(
                        "INSERT INTO tables (id, game, rules, seats, seed, bots, host_token, finished, created_ms) \
                         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
                    )
                    .and_then(|mut s| {
                        s.execute(params![
                            t.id,
                            t.game,
                            t.rules,
                            t.seats as i64,
                            t.seed as i64,
                            serde_json::to_string(&t.bots).expect("bots are JSON"),
                            t.host_token,
                            i64::from(t.finished),
                            t.created_ms,
                        ])
                    })
                    .map_err(|e| e.to_string())?;
                }
                Write::Join { table, seat, token } => {
                    tx.prepare_cached(
                        "INSERT INTO seats (table_id, seat, token) VALUES (?1, ?2, ?3)",
                    )
                    .and_then(|mut s| s.execute(params![table, *seat as i64, token]))
                    .map_err(|e| e.to_string())?;
                }
                Write::Action(a) => {
                    tx.prepare_cached(
                        "INSERT INTO actions (table_id, seq, seat, kind, text, hash, bot_stream) \
                         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                    )
                    .and_then(|mut s| {
                        s.execute(params![
                            a.table,
                            a.seq as i64,
                            a.seat.map(|s| s as i64),
                            kind_name(a.kind),
                            a.text,
                            a.hash as i64,
                            a.bot_stream.map(|p| p as i64),
                        ])
                    })
                    .map_err(|e| e.to_string())?;
                }
                Write::Finish { table } => {
                    tx.prepare_cached("UPDATE tables SET finished = 1 WHERE id = ?1")
                        .and_then(|mut s| s.execute([table]))
                        .map_err(|e| e.to_string())?;
                }
            }
        }
        tx.commit().map_err(|e| StoreError::Failed(e.to_string()))
    }

    fn load_open(&mut self) -> Result<Vec<Loaded>, StoreError> {
        let ids: Vec<String> = self
            .conn
            .prepare("SELECT id FROM tables WHERE finished = 0")
            .and_then(|mut s| s.query_map([], |r| r.get(0))?.collect())
            .map_err(|e| e.to_string())?;
        let mut out = Vec::with_capacity(ids.len());
        for id in ids {
            if let Some(t) = self.read_table(&id).map_err(|e| e.to_string())? {
                out.push(t);
            }
        }
        Ok(out)
    }

    fn load(&mut self, id: &str) -> Result<Option<Loaded>, StoreError> {
        self.read_table(id)
            .map_err(|e| StoreError::Failed(e.to_string()))
    }

    /// A commit writes its pages to the WAL file, with no `fsync` (the
    /// checkpoints run on a thread of their own): short enough for a
    /// runtime thread. With `full_sync`
    /// every commit waits for the disk: a writer thread of its own.
    fn commits_in_place(&self) -> bool {
        !self.full_sync
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::checkpoints::EVERY;

    #[test]
    fn the_writer_s_log_is_copied_into_the_file_without_a_commit_doing_it() {
        let path =
            std::env::temp_dir().join(format!("cards-server-checkpoints-{}", std::process::id()));
        let _ = std::fs::remove_file(&path);
        let mut db = Sqlite::open_writer(&path, false).unwrap();
        let len = || std::fs::metadata(&path).map_or(0, |m| m.len());
        // Far fewer pages than the writer's own checkpoint waits for.
        let batch: Vec<Write> = (0..200)
            .map(|seq| {
                Write::Action(ActionRecord {
                    table: format!("t{}", seq % 50),
                    seq,
                    seat: Some(0),
                    kind: ActionKind::Play,
                    text: "x".repeat(40),
                    hash: seq,
                    bot_stream: None,
                })
            })
            .collect();
        let before = len();
        db.commit(&batch).unwrap();
        assert_eq!(len(), before, "the commit itself copied the log");
        let start = std::time::Instant::now();
        while len() == before && start.elapsed() < 50 * EVERY {
            std::thread::sleep(EVERY / 4);
        }
        assert!(len() > before, "no checkpoint copied the log");
        drop(db);
        Sqlite::remove(&path);
    }

    #[test]
    fn a_batch_is_written_whole_and_read_back() {
        let dir = std::env::temp_dir().join(format!("cards-server-sqlite-{}", std::process::id()));
        let _ = std::fs::remove_file(&dir);
        let mut db = Sqlite::open(&dir, false).unwrap();
        let table = TableRecord {
            id: "t1".into(),
            game: "hearts".into(),
            rules: "{}".into(),
            seats: 4,
            seed: u64::MAX,
            bots: vec![None, Some(cards_core::Difficulty::Hard), None, None],
            tokens: vec![None; 4],
            host_token: "h".into(),
            finished: false,
            created_ms: Some(1_764_000_000_123),
        };
        let action = ActionRecord {
            table: "t1".into(),
            seq: 0,
            seat: Some(1),
            kind: ActionKind::Bot(cards_core::Difficulty::Hard),
            text: "pass 2C 3C 4C".into(),
            hash: u64::MAX - 1,
            bot_stream: Some(u64::MAX),
        };
        db.commit(&[
            Write::Create(table.clone()),
            Write::Join {
                table: "t1".into(),
                seat: 0,
                token: "abc".into(),
            },
            Write::Action(action.clone()),
        ])
        .unwrap();
        // A batch with a duplicate action fails whole: the join in it is not kept.
        assert!(
            db.commit(&[
                Write::Join {
                    table: "t1".into(),
                    seat: 2,
                    token: "x".into()
                },
                Write::Action(action.clone()),
            ])
            .is_err()
        );
        let loaded = db.load("t1").unwrap().unwrap();
        let mut expected = table;
        expected.tokens[0] = Some("abc".into());
        assert_eq!(loaded.table, expected);
        assert_eq!(loaded.actions, vec![action]);
        assert_eq!(db.load_open().unwrap().len(), 1);
        let actions: String = db
            .conn
            .query_row(
                "SELECT sql FROM sqlite_master WHERE name = 'actions'",
                [],
                |r| r.get(0),
            )
            .unwrap();
        assert!(actions.ends_with(") WITHOUT ROWID"), "{actions}");
        let page: u32 = db
            .conn
            .query_row("PRAGMA page_size", [], |r| r.get(0))
            .unwrap();
        assert_eq!(page, PAGE_BYTES);
        db.commit(&[Write::Finish { table: "t1".into() }]).unwrap();
        assert!(db.load_open().unwrap().is_empty());
        drop(db);
        Sqlite::remove(&dir);
    }
}
