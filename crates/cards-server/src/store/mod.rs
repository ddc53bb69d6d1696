//! The store: every table's creation, seats and accepted actions, committed
//! whatever has queued up in one transaction (group commit), and
//! acknowledged only once committed: by a writer thread (a backend whose
//! commit waits on the network, PostgreSQL), or by the waiting tasks
//! themselves, one leading each commit (SQLite, `group`).

mod checkpoints;
mod group;
pub mod postgres;
pub mod sqlite;

use std::sync::{Arc, Mutex, mpsc};

use cards_core::Difficulty;
use tokio::sync::oneshot;

/// Why the store could not do what it was asked.
///
/// The lease's own refusals (several processes on one PostgreSQL database)
/// name only the table; any other failure quotes the database or the
/// store's own machinery, and goes to the server's log, not to a client.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StoreError {
    /// A commit wrote to a table whose lease this process no longer holds:
    /// another process took it over.
    #[error("this process no longer holds the lease of table {table}")]
    LeaseLost {
        /// The table's id.
        table: String,
    },
    /// A claim of an open table that another live process holds.
    #[error("table {table} is held by another server process until its lease expires")]
    Held {
        /// The table's id.
        table: String,
    },
    /// The database or the store failed; the text says how.
    #[error("{0}")]
    Failed(String),
}

impl StoreError {
    /// Whether this is one of the lease's own refusals, which name only the
    /// table and may be shown to a client.
    pub fn is_lease_refusal(&self) -> bool {
        matches!(self, StoreError::LeaseLost { .. } | StoreError::Held { .. })
    }
}

impl From<String> for StoreError {
    fn from(text: String) -> StoreError {
        StoreError::Failed(text)
    }
}

/// The error of a write the store's writer can no longer take.
fn stopped() -> StoreError {
    StoreError::Failed("the store's writer has stopped".into())
}

/// A table as stored: what it was created with, and who holds its seats.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableRecord {
    /// Its id (16 hex digits, random).
    pub id: String,
    /// The game's name.
    pub game: String,
    /// Its rules as JSON (the table's full rules, not only the changes).
    pub rules: String,
    /// How many seats.
    pub seats: usize,
    /// The seed of its chance and bot streams.
    pub seed: u64,
    /// The difficulty of the bot at each seat a bot plays.
    pub bots: Vec<Option<Difficulty>>,
    /// The token of each joined seat.
    pub tokens: Vec<Option<String>>,
    /// The host's token.
    pub host_token: String,
    /// Whether the game is over.
    pub finished: bool,
    /// When it was made, in milliseconds since the Unix epoch; `None` for a
    /// table stored by a server before the time was kept.
    pub created_ms: Option<i64>,
}

/// Who asked for an action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ActionKind {
    /// A seat played it (by text or by id; stored as text).
    Play,
    /// A bot chose it from the table's bot stream. Replayed as stored, with
    /// the bot stream set to the position stored with it
    /// ([`ActionRecord::bot_stream`]); a record stored without one (by a
    /// server before the position was kept) is replayed by asking the bot
    /// again, which moves the stream as it moved then, and playing the
    /// stored move.
    Bot(Difficulty),
    /// A host operation, for a seat or from the host.
    Host,
}

/// One accepted action, in the order the table took them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionRecord {
    /// The table's id.
    pub table: String,
    /// Its number among the table's actions, from 0.
    pub seq: u64,
    /// The seat that acted (none for the host).
    pub seat: Option<usize>,
    /// Who asked.
    pub kind: ActionKind,
    /// The action's (or operation's) canonical text.
    pub text: String,
    /// A 64-bit hash of the table's state after it: a reload checks it.
    pub hash: u64,
    /// For a bot's move: where the table's bot stream stood after it (its
    /// word position, `AnyTable::bot_stream_position`), so that a reload
    /// sets the stream there instead of asking the bot again. `None` for a
    /// seat's move and a host operation, and for a bot's move stored by a
    /// server before this was kept (column `bot_stream`, NULL).
    pub bot_stream: Option<u64>,
}

/// One write to the store.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Write {
    /// A new table.
    Create(TableRecord),
    /// A seat joined with this token.
    Join {
        /// The table.
        table: String,
        /// The seat.
        seat: usize,
        /// Its token.
        token: String,
    },
    /// An accepted action.
    Action(ActionRecord),
    /// The game is over.
    Finish {
        /// The table.
        table: String,
    },
}

impl Write {
    /// The id of the table it writes to.
    pub fn table(&self) -> &str {
        match self {
            Write::Create(t) => &t.id,
            Write::Join { table, .. } | Write::Finish { table } => table,
            Write::Action(a) => &a.table,
        }
    }
}

/// Commits `writes` through `backend`, one result a write: when the commit
/// fails because this process lost one table's lease (several processes on
/// PostgreSQL), that table's writes fail and the others are committed again
/// without them; any other failure fails them all.
pub fn commit_batch(backend: &mut dyn Backend, writes: &[Write]) -> Vec<Result<(), StoreError>> {
    let mut results = vec![Ok(()); writes.len()];
    let mut left: Vec<usize> = (0..writes.len()).collect();
    let mut result = backend.commit(writes);
    while let Err(e @ StoreError::LeaseLost { table: lost }) = &result {
        let (gone, keep): (Vec<usize>, Vec<usize>) =
            left.iter().partition(|&&i| writes[i].table() == lost);
        if gone.is_empty() {
            break;
        }
        for i in gone {
            results[i] = Err(e.clone());
        }
        left = keep;
        if left.is_empty() {
            return results;
        }
        let batch: Vec<Write> = left.iter().map(|&i| writes[i].clone()).collect();
        result = backend.commit(&batch);
    }
    for i in left {
        results[i] = result.clone();
    }
    results
}

/// A stored table with its actions, to replay.
#[derive(Clone, Debug)]
pub struct Loaded {
    /// The table.
    pub table: TableRecord,
    /// Its actions in order.
    pub actions: Vec<ActionRecord>,
}

/// A database the store writes to and reads from.
pub trait Backend: Send + 'static {
    /// Writes `batch` in one transaction: all or nothing.
    ///
    /// # Errors
    /// The database's error.
    fn commit(&mut self, batch: &[Write]) -> Result<(), StoreError>;

    /// Every table whose game is not over.
    ///
    /// # Errors
    /// The database's error.
    fn load_open(&mut self) -> Result<Vec<Loaded>, StoreError>;

    /// The table `id`, if stored.
    ///
    /// # Errors
    /// The database's error.
    fn load(&mut self, id: &str) -> Result<Option<Loaded>, StoreError>;

    /// The table `id`, to change: with several processes on one database,
    /// this process takes the table's lease first (an open table another
    /// live process holds is an error). One process alone: `load`.
    ///
    /// # Errors
    /// The database's error, or the table is held by another process.
    fn claim(&mut self, id: &str) -> Result<Option<Loaded>, StoreError> {
        self.load(id)
    }

    /// Extends the leases of the tables `held`; returns those this process
    /// no longer holds. One process alone: none lost.
    ///
    /// # Errors
    /// The database's error.
    fn renew(&mut self, held: &[String]) -> Result<Vec<String>, StoreError> {
        let _ = held;
        Ok(Vec::new())
    }

    /// Takes over every open table whose owner's lease has expired, and
    /// returns them to replay. One process alone: none (the start took all).
    ///
    /// # Errors
    /// The database's error.
    fn claim_expired(&mut self) -> Result<Vec<Loaded>, StoreError> {
        Ok(Vec::new())
    }

    /// Whether a commit is short local I/O, done on the thread of a task
    /// waiting for it (`group`), rather than on a writer thread of its own
    /// (a commit that waits on the network would hold a runtime thread).
    fn commits_in_place(&self) -> bool {
        false
    }
}

type Pending = (Write, oneshot::Sender<Result<(), StoreError>>);

/// The store's handle: queue writes, wait for their commit, read tables.
pub struct Store {
    writer: Writer,
    reader: Arc<Mutex<Box<dyn Backend>>>,
}

/// Who commits the writes.
enum Writer {
    /// A thread of its own, fed through this queue.
    Thread(Mutex<mpsc::Sender<Pending>>),
    /// The waiting tasks, in turn.
    Group(group::Group),
}

impl Store {
    /// A store writing through `writer` (committing up to `max_batch` writes
    /// together, on a thread of its own unless the backend
    /// [commits in place](Backend::commits_in_place)) and reading through
    /// `reader`.
    pub fn new(
        writer: Box<dyn Backend>,
        reader: Box<dyn Backend>,
        max_batch: usize,
        metrics: Arc<crate::metrics::Metrics>,
    ) -> Store {
        let writer = if writer.commits_in_place() {
            Writer::Group(group::Group::new(writer, max_batch, metrics))
        } else {
            let (tx, rx) = mpsc::channel::<Pending>();
            std::thread::Builder::new()
                .name("store-writer".into())
                .spawn(move || write_loop(writer, rx, max_batch.max(1), &metrics))
                .expect("the writer thread starts");
            Writer::Thread(Mutex::new(tx))
        };
        Store {
            writer,
            reader: Arc::new(Mutex::new(reader)),
        }
    }

    /// Writes `write`; resolves once it is committed (or failed).
    pub async fn write(&self, write: Write) -> Result<(), StoreError> {
        let queue = match &self.writer {
            Writer::Group(group) => return group.write(write).await,
            Writer::Thread(queue) => queue,
        };
        let (tx, rx) = oneshot::channel();
        let sent = queue
            .lock()
            .map_err(|_| "the store's queue is poisoned".to_string())?
            .send((write, tx));
        if sent.is_err() {
            return Err(stopped());
        }
        rx.await.unwrap_or_else(|_| Err(stopped()))
    }

    /// Every open table (blocking: call at start or from a blocking task).
    ///
    /// # Errors
    /// The database's error.
    pub fn load_open(&self) -> Result<Vec<Loaded>, StoreError> {
        self.reader
            .lock()
            .map_err(|_| "the store's reader is poisoned".to_string())?
            .load_open()
    }

    /// Runs `read` on the reader, off the async runtime.
    async fn read<T: Send + 'static>(
        &self,
        read: impl FnOnce(&mut dyn Backend) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, StoreError> {
        let reader = self.reader.clone();
        tokio::task::spawn_blocking(move || {
            let mut reader = reader
                .lock()
                .map_err(|_| "the store's reader is poisoned".to_string())?;
            read(reader.as_mut())
        })
        .await
        .map_err(|e| format!("the store's reader failed: {e}"))?
    }

    /// The table `id`, read off the async runtime.
    ///
    /// # Errors
    /// The database's error.
    pub async fn load(&self, id: &str) -> Result<Option<Loaded>, StoreError> {
        let id = id.to_string();
        self.read(move |r| r.load(&id)).await
    }

    /// The table `id` with its lease taken (`Backend::claim`).
    ///
    /// # Errors
    /// The database's error, or another process holds the table.
    pub async fn claim(&self, id: &str) -> Result<Option<Loaded>, StoreError> {
        let id = id.to_string();
        self.read(move |r| r.claim(&id)).await
    }

    /// Extends the leases of `held`; returns those lost (`Backend::renew`).
    ///
    /// # Errors
    /// The database's error.
    pub async fn renew(&self, held: Vec<String>) -> Result<Vec<String>, StoreError> {
        self.read(move |r| r.renew(&held)).await
    }

    /// The open tables taken over from dead owners (`Backend::claim_expired`).
    ///
    /// # Errors
    /// The database's error.
    pub async fn claim_expired(&self) -> Result<Vec<Loaded>, StoreError> {
        self.read(|r| r.claim_expired()).await
    }
}

/// The writer thread: takes the first waiting write, adds whatever else has
/// queued meanwhile, commits them in one transaction and answers them all.
fn write_loop(
    mut backend: Box<dyn Backend>,
    rx: mpsc::Receiver<Pending>,
    max_batch: usize,
    metrics: &crate::metrics::Metrics,
) {
    let mut writes = Vec::new();
    let mut acks = Vec::new();
    while let Ok(first) = rx.recv() {
        let (w, a) = first;
        writes.push(w);
        acks.push(a);
        while writes.len() < max_batch {
            match rx.try_recv() {
                Ok((w, a)) => {
                    writes.push(w);
                    acks.push(a);
                }
                Err(_) => break,
            }
        }
        let results = commit_batch(backend.as_mut(), &writes);
        metrics.commit(writes.len(), results.iter().all(Result::is_ok));
        for (ack, result) in acks.drain(..).zip(results) {
            let _ = ack.send(result);
        }
        writes.clear();
    }
}

/// A 64-bit FNV-1a hash of `text` (stable across builds and platforms).
pub fn fnv64(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}
