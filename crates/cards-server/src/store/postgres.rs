//! The store for several server processes: PostgreSQL, with the SQLite
//! schema plus a lease on each table (`owner`, `lease_until`). A process
//! commits to a table only while it is the table's owner (checked and the
//! lease extended in the commit's own transaction), renews its leases
//! while it lives, and takes over a table whose lease has expired by
//! replaying its log, as a start does.
//!
//! The calls block: the writer runs on its own thread and the reader on
//! tokio's blocking pool, each waiting on the runtime's `Handle` while the
//! connection is driven by a task of the runtime.

use std::collections::HashSet;
use std::time::Duration;

use tokio::runtime::Handle;
use tokio_postgres::{Client, NoTls, Row};

use super::sqlite::{ADDED, SCHEMA, kind_from, kind_name};
use super::{ActionRecord, Backend, Loaded, StoreError, TableRecord, Write};

/// The lease columns, added to the shared schema, each with its type.
const LEASE: &[(&str, &str, &str)] = &[
    ("tables", "owner", "TEXT"),
    ("tables", "lease_until", "TIMESTAMPTZ"),
];

/// The tables in the order a commit locks them: it updates `tables`
/// before it inserts seats and actions.
const LOCK_ORDER: [&str; 3] = ["tables", "seats", "actions"];

/// The statements that add `columns` where they are missing, in
/// [`LOCK_ORDER`]. `ALTER TABLE` locks its table against every other use
/// even when `ADD COLUMN IF NOT EXISTS` finds the column there, so a
/// process starting beside a running one could deadlock with its commits
/// (holding `actions` while a commit held `tables` and waited for
/// `actions`). Here a column already present costs no lock, and a
/// missing one locks the tables in the commits' order, so a start at
/// worst waits for a commit.
fn add_missing(columns: &[(&str, &str, &str)]) -> String {
    let mut columns = columns.to_vec();
    columns.sort_by_key(|(table, _, _)| LOCK_ORDER.iter().position(|t| t == table));
    columns
        .iter()
        .map(|(table, column, kind)| {
            format!(
                "DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM information_schema.columns \
                 WHERE table_schema = current_schema() AND table_name = '{table}' \
                 AND column_name = '{column}') THEN ALTER TABLE {table} ADD COLUMN {column} {kind}; \
                 END IF; END $$;\n"
            )
        })
        .collect()
}

/// A PostgreSQL error as a store error, with the server's own message where
/// there is one (the error's `Display` alone says only `db error`).
fn text(e: tokio_postgres::Error) -> StoreError {
    StoreError::Failed(match e.as_db_error() {
        Some(db) => format!("PostgreSQL: {db}"),
        None => e.to_string(),
    })
}

/// One connection to the database, on behalf of one server process.
pub struct Postgres {
    client: Client,
    config: tokio_postgres::Config,
    runtime: Handle,
    owner: String,
    lease_seconds: f64,
}

/// Opens a connection, driven by a task on `runtime`.
async fn open(config: &tokio_postgres::Config, runtime: &Handle) -> Result<Client, String> {
    let (client, connection) = config
        .connect(NoTls)
        .await
        .map_err(|e| format!("cannot connect to PostgreSQL: {e}"))?;
    runtime.spawn(async move {
        if let Err(e) = connection.await {
            eprintln!("cards-server: the PostgreSQL connection failed: {e}");
        }
    });
    Ok(client)
}

impl Postgres {
    /// Connects to `url` (a libpq-style URL or `key=value` string) as the
    /// process `owner`, holding leases for `lease`; creates the schema when
    /// missing. The connection is driven by a task on the current runtime,
    /// named `cards-server <owner>` (PostgreSQL's `application_name`), and
    /// opened again at the next call after it drops.
    ///
    /// # Errors
    /// PostgreSQL's error, as text.
    pub async fn connect(url: &str, owner: &str, lease: Duration) -> Result<Postgres, String> {
        let mut config: tokio_postgres::Config = url
            .parse()
            .map_err(|e| format!("not a PostgreSQL connection string: {e}"))?;
        config.application_name(format!("cards-server {owner}"));
        let runtime = Handle::current();
        let client = open(&config, &runtime).await?;
        // The lease columns, and the columns added since the schema's first
        // form for a database made before them.
        let added = add_missing(&[LEASE, ADDED].concat());
        // Two processes starting together create the schema one after the other.
        client
            .batch_execute(&format!(
                "BEGIN; SELECT pg_advisory_xact_lock(2424); {SCHEMA} {added} COMMIT;"
            ))
            .await
            .map_err(|e| text(e).to_string())?;
        Ok(Postgres {
            client,
            config,
            runtime,
            owner: owner.to_string(),
            lease_seconds: lease.as_secs_f64(),
        })
    }

    /// Opens the connection again if it has dropped (the database restarted,
    /// the network failed, an administrator ended it).
    fn reopen_if_closed(&mut self) -> Result<(), StoreError> {
        if self.client.is_closed() {
            self.client = self.runtime.block_on(open(&self.config, &self.runtime))?;
        }
        Ok(())
    }

    /// This process's name in the `owner` column.
    pub fn owner(&self) -> &str {
        &self.owner
    }

    async fn read_table(&self, id: &str) -> Result<Option<Loaded>, tokio_postgres::Error> {
        let Some(row) = self
            .client
            .query_opt(
                "SELECT game, rules, seats, seed, bots, host_token, finished, created_ms FROM tables WHERE id = $1",
                &[&id],
            )
            .await?
        else {
            return Ok(None);
        };
        let seats = row.get::<_, i32>(2) as usize;
        let mut tokens = vec![None; seats];
        for r in self
            .client
            .query("SELECT seat, token FROM seats WHERE table_id = $1", &[&id])
            .await?
        {
            if let Some(slot) = tokens.get_mut(r.get::<_, i32>(0) as usize) {
                *slot = Some(r.get::<_, String>(1));
            }
        }
        let actions = self
            .client
            .query(
                "SELECT seq, seat, kind, text, hash, bot_stream FROM actions WHERE table_id = $1 ORDER BY seq",
                &[&id],
            )
            .await?
            .iter()
            .map(|r| action(id, r))
            .collect();
        Ok(Some(Loaded {
            table: TableRecord {
                id: id.to_string(),
                game: row.get(0),
                rules: row.get(1),
                seats,
                seed: row.get::<_, i64>(3) as u64,
                bots: serde_json::from_str(row.get::<_, &str>(4)).unwrap_or_default(),
                tokens,
                host_token: row.get(5),
                finished: row.get::<_, i32>(6) != 0,
                created_ms: row.get(7),
            },
            actions,
        }))
    }

    /// Takes every open table that has no owner or whose lease expired.
    async fn claim_expired_async(&self) -> Result<Vec<Loaded>, tokio_postgres::Error> {
        let ids = self
            .client
            .query(
                "UPDATE tables SET owner = $1, lease_until = now() + make_interval(secs => $2) \
                 WHERE finished = 0 AND (owner IS NULL OR lease_until < now()) RETURNING id",
                &[&self.owner, &self.lease_seconds],
            )
            .await?;
        let mut out = Vec::with_capacity(ids.len());
        for r in ids {
            if let Some(t) = self.read_table(r.get(0)).await? {
                out.push(t);
            }
        }
        Ok(out)
    }

    async fn commit_async(&mut self, batch: &[Write]) -> Result<(), StoreError> {
        let tx = self.client.transaction().await.map_err(text)?;
        // The tables this batch changes that it does not create: each must
        // still be ours. The update takes their rows' locks, so a takeover
        // waits for this commit (and then replays it) or wins first (and
        // this commit fails whole).
        let created: HashSet<&str> = batch
            .iter()
            .filter_map(|w| match w {
                Write::Create(t) => Some(t.id.as_str()),
                _ => None,
            })
            .collect();
        let mut touched: Vec<&str> = batch
            .iter()
            .filter_map(|w| match w {
                Write::Join { table, .. } | Write::Finish { table } => Some(table.as_str()),
                Write::Action(a) => Some(a.table.as_str()),
                Write::Create(_) => None,
            })
            .filter(|t| !created.contains(t))
            .collect();
        touched.sort_unstable();
        touched.dedup();
        if !touched.is_empty() {
            let held: HashSet<String> = tx
                .query(
                    "UPDATE tables SET lease_until = now() + make_interval(secs => $3) \
                     WHERE id = ANY($1) AND owner = $2 RETURNING id",
                    &[&touched, &self.owner, &self.lease_seconds],
                )
                .await
                .map_err(text)?
                .iter()
                .map(|r| r.get(0))
                .collect();
            if let Some(lost) = touched.iter().find(|t| !held.contains(**t)) {
                return Err(StoreError::LeaseLost {
                    table: lost.to_string(),
                });
            }
        }
        for w in batch {
            match w {
                Write::Create(t) => {
                    let bots = serde_json::to_string(&t.bots).expect("bots are JSON");
                    tx.execute(
                        "INSERT INTO tables (id, game, rules, seats, seed, bots, host_token, finished, owner, lease_until, created_ms) \
                         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, now() + make_interval(secs => $10), $11)",
                        &[
                            &t.id,
                            &t.game,
                            &t.rules,
                            &(t.seats as i32),
                            &(t.seed as i64),
                            &bots,
                            &t.host_token,
                            &i32::from(t.finished),
                            &self.owner,
                            &self.lease_seconds,
                            &t.created_ms,
                        ],
                    )
                    .await
                    .map_err(text)?;
                }
                Write::Join { table, seat, token } => {
                    tx.execute(
                        "INSERT INTO seats (table_id, seat, token) VALUES ($1, $2, $3)",
                        &[table, &(*seat as i32), token],
                    )
                    .await
                    .map_err(text)?;
                }
                // All of the batch's actions in one statement, below.
                Write::Action(_) => {}
                Write::Finish { table } => {
                    tx.execute(
                        "UPDATE tables SET finished = 1, owner = NULL WHERE id = $1",
                        &[table],
                    )
                    .await
                    .map_err(text)?;
                }
            }
        }
        // One statement for every action of the batch, not one (and its
        // round trips) each: the actions have no constraint on the other
        // rows, so their place among the batch's writes does not matter.
        let actions: Vec<&ActionRecord> = batch
            .iter()
            .filter_map(|w| match w {
                Write::Action(a) => Some(a),
                _ => None,
            })
            .collect();
        if !actions.is_empty() {
            let seqs: Vec<i64> = actions.iter().map(|a| a.seq as i64).collect();
            let hashes: Vec<i64> = actions.iter().map(|a| a.hash as i64).collect();
            let tables: Vec<&str> = actions.iter().map(|a| a.table.as_str()).collect();
            let seats: Vec<Option<i32>> =
                actions.iter().map(|a| a.seat.map(|s| s as i32)).collect();
            let kinds: Vec<String> = actions.iter().map(|a| kind_name(a.kind)).collect();
            let texts: Vec<&str> = actions.iter().map(|a| a.text.as_str()).collect();
            let streams: Vec<Option<i64>> = actions
                .iter()
                .map(|a| a.bot_stream.map(|p| p as i64))
                .collect();
            tx.execute(
                "INSERT INTO actions (table_id, seq, seat, kind, text, hash, bot_stream) \
                 SELECT * FROM UNNEST($1::text[], $2::bigint[], $3::int[], $4::text[], $5::text[], $6::bigint[], $7::bigint[])",
                &[&tables, &seqs, &seats, &kinds, &texts, &hashes, &streams],
            )
            .await
            .map_err(text)?;
        }
        tx.commit().await.map_err(text)
    }
}

fn action(id: &str, r: &Row) -> ActionRecord {
    ActionRecord {
        table: id.to_string(),
        seq: r.get::<_, i64>(0) as u64,
        seat: r.get::<_, Option<i32>>(1).map(|s| s as usize),
        kind: kind_from(r.get(2)),
        text: r.get(3),
        hash: r.get::<_, i64>(4) as u64,
        bot_stream: r.get::<_, Option<i64>>(5).map(|p| p as u64),
    }
}

impl Backend for Postgres {
    fn commit(&mut self, batch: &[Write]) -> Result<(), StoreError> {
        self.reopen_if_closed()?;
        let runtime = self.runtime.clone();
        runtime.block_on(self.commit_async(batch))
    }

    /// Takes over (and returns) every open table without a live owner.
    fn load_open(&mut self) -> Result<Vec<Loaded>, StoreError> {
        self.reopen_if_closed()?;
        self.runtime
            .block_on(self.claim_expired_async())
            .map_err(text)
    }

    fn load(&mut self, id: &str) -> Result<Option<Loaded>, StoreError> {
        self.reopen_if_closed()?;
        self.runtime.block_on(self.read_table(id)).map_err(text)
    }

    fn claim(&mut self, id: &str) -> Result<Option<Loaded>, StoreError> {
        self.reopen_if_closed()?;
        self.runtime.block_on(async {
            let row = self
                .client
                .query_opt(
                    "UPDATE tables SET owner = $2, lease_until = now() + make_interval(secs => $3) \
                     WHERE id = $1 AND finished = 0 \
                     AND (owner IS NULL OR owner = $2 OR lease_until < now()) RETURNING id",
                    &[&id, &self.owner, &self.lease_seconds],
                )
                .await
                .map_err(text)?;
            let loaded = self.read_table(id).await.map_err(text)?;
            match loaded {
                Some(l) if row.is_none() && !l.table.finished => Err(StoreError::Held {
                    table: id.to_string(),
                }),
                other => Ok(other),
            }
        })
    }

    fn renew(&mut self, held: &[String]) -> Result<Vec<String>, StoreError> {
        self.reopen_if_closed()?;
        self.runtime.block_on(async {
            let kept: HashSet<String> = self
                .client
                .query(
                    // A finished table is anyone's to read: never lost.
                    "UPDATE tables SET lease_until = now() + make_interval(secs => $3) \
                     WHERE id = ANY($1) AND (owner = $2 OR finished = 1) RETURNING id",
                    &[&held, &self.owner, &self.lease_seconds],
                )
                .await
                .map_err(text)?
                .iter()
                .map(|r| r.get(0))
                .collect();
            Ok(held
                .iter()
                .filter(|t| !kept.contains(*t))
                .cloned()
                .collect())
        })
    }

    fn claim_expired(&mut self) -> Result<Vec<Loaded>, StoreError> {
        self.load_open()
    }
}
