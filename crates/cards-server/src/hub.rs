//! The hub: every table in memory, each behind its own lock, and the paths
//! that change them. Every change is applied, written to the store and
//! committed before anyone hears of it: the acting client's answer and every
//! connection's update wait for the commit (the table's lock is held across
//! it, so a table's changes are stored in the order they were made).

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, RwLock};
use std::time::Instant;

use axum::extract::ws::Utf8Bytes;
use tokio::sync::{Mutex, Semaphore, watch};

use crate::config::Config;
use crate::limit::{Connections, PerAddress};
use crate::live::{Command, Live};
use crate::messages::{
    Ack, CreateTable, Created, ErrorKind, ErrorReply, GameInfo, Joined, TableSummary,
};
use crate::metrics::Metrics;
use crate::store::{ActionRecord, Loaded, Store, StoreError, TableRecord, Write};
use crate::token;

/// One table: its state behind a lock, and a signal of its stored log length.
pub struct Cell {
    /// The table's id.
    pub id: String,
    /// The table.
    pub live: Arc<Mutex<Live>>,
    /// The log length of the table as stored, with the updates of its last
    /// change; connections wait on it.
    pub stored: watch::Sender<Stored>,
    /// Whether a task is playing its bots' moves. A task that meets a
    /// failure (the store's) stops; the sweeper starts another later.
    pub driving: AtomicBool,
    /// Whether this process let the table go from memory (another process
    /// took it over, or the store failed and did not read): its connections
    /// to it close.
    pub gone: AtomicBool,
    /// Whether a bot may have to act: the table has bot seats, or a joined
    /// seat has no connection (kept up to date under the table's lock).
    may_need_bot: AtomicBool,
    /// How many spectators' connections are open.
    pub spectators: AtomicUsize,
}

impl Cell {
    fn note_presence(&self, live: &Live) {
        self.may_need_bot
            .store(live.may_need_bot(), Ordering::Release);
    }
}

/// What a table's connections are told when its stored log grows.
#[derive(Clone, Debug, Default)]
pub struct Stored {
    /// The log length as stored.
    pub len: usize,
    /// The updates of the change that made it `len`, when it was made by an
    /// action (none at the start).
    pub updates: Option<Arc<Updates>>,
}

/// Each seat's update of one change, and the spectators', made once by the
/// task that stored it (with the table's lock already held) instead of by
/// every connection taking the lock in turn. A connection sends its update
/// when it has sent the table's events up to `from`; one that lags behind
/// makes its own.
#[derive(Debug)]
pub struct Updates {
    /// The log length the updates start from.
    pub from: usize,
    /// The update of each seat that had a connection, by seat.
    pub seats: Vec<Option<Utf8Bytes>>,
    /// The spectators' update, when the table had a spectator.
    pub spectator: Option<Utf8Bytes>,
}

impl Stored {
    /// The update `seat` (a spectator for `None`) gets for this change when
    /// it has sent the events up to `sent`; `None` when it must make its own.
    pub fn ready(&self, seat: Option<usize>, sent: usize) -> Option<Utf8Bytes> {
        let updates = self.updates.as_deref().filter(|u| u.from == sent)?;
        match seat {
            Some(s) => updates.seats.get(s)?.clone(),
            None => updates.spectator.clone(),
        }
    }
}

/// What the server found when it reloaded the store.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LoadReport {
    /// Open tables replayed and checked.
    pub loaded: usize,
    /// Open tables whose replay failed (named on stderr).
    pub failed: usize,
    /// Actions replayed.
    pub actions: usize,
    /// Bot moves among them whose bot was asked again: those stored without
    /// the bot stream's position, by a server before it was kept (every
    /// other bot move is replayed as stored, [`Live::replay`]).
    pub bots_asked: usize,
}

/// Every table, the store and the settings.
pub struct Hub {
    /// The settings.
    pub config: Config,
    /// The store.
    pub store: Store,
    /// The metrics.
    pub metrics: Arc<Metrics>,
    tables: RwLock<HashMap<String, Arc<Cell>>>,
    /// Each client address's new tables (`Config::tables_per_minute`).
    pub new_tables: PerAddress,
    /// Each client address's open WebSockets (`Config::connections_per_address`).
    pub connections: Arc<Connections>,
    /// One permit a bot move chosen at once (`Config::bot_threads`); tokio's
    /// semaphore is fair, so the tables waiting are served in turn.
    bot_threads: Semaphore,
}

/// The refusal of a request the store could not serve. The lease's own
/// refusals name only the table and are passed on; any other store error
/// quotes the database (its tables, its columns, its host) and goes to the
/// server's log only: the client gets a plain sentence.
fn unavailable(e: StoreError) -> ErrorReply {
    if e.is_lease_refusal() {
        return ErrorReply::new(ErrorKind::Unavailable, format!("the store failed: {e}"));
    }
    eprintln!("cards-server: the store failed: {e}");
    ErrorReply::new(
        ErrorKind::Unavailable,
        "the store failed (the server's log says why)",
    )
}

/// The refusal of a stored table that does not replay. The reason, which
/// can quote stored moves that are hidden from some seats (a card passed)
/// and the hash of the whole state, goes to the server's log only: the
/// request may come from anyone who knows the table's id.
fn does_not_replay(id: &str, why: String) -> ErrorReply {
    eprintln!("cards-server: a table does not reload: {why}");
    ErrorReply::new(
        ErrorKind::Unavailable,
        format!("table {id} is stored but does not replay on this server (its log says why)"),
    )
}

/// The refusal of a move at a table this process let go (another process
/// took it, or the store failed): its connections close, and the next
/// request reads the table from the store.
fn let_go(id: &str) -> ErrorReply {
    ErrorReply::new(
        ErrorKind::Unavailable,
        format!("table {id} left this server's memory: connect again"),
    )
}

fn not_found(id: &str) -> ErrorReply {
    ErrorReply::new(
        ErrorKind::NotFound,
        format!("there is no table {}", cards_core::text::echo(id)),
    )
}

fn no_such_seat(live: &Live, seat: usize) -> Result<(), ErrorReply> {
    live.table.seat(seat)?;
    Ok(())
}

impl Hub {
    /// A hub over `store`, holding every open table the store has (each
    /// replayed from its log and checked against the stored hashes).
    pub fn new(config: Config, store: Store, metrics: Arc<Metrics>) -> (Arc<Hub>, LoadReport) {
        let hub = Arc::new(Hub {
            bot_threads: Semaphore::new(config.bot_threads),
            new_tables: PerAddress::new(config.tables_per_minute / 60.0, config.table_burst),
            connections: Arc::new(Connections::new(config.connections_per_address)),
            config,
            store,
            metrics,
            tables: RwLock::new(HashMap::new()),
        });
        let mut report = LoadReport::default();
        match hub.store.load_open() {
            Err(e) => {
                eprintln!("cards-server: the store does not read: {e}");
                report.failed += 1;
            }
            Ok(all) => {
                hub.adopt(all, &mut report);
            }
        }
        (hub, report)
    }

    /// Replays each of `all` from its log (checked against the stored
    /// hashes) into memory, counting in `report`; returns the tables that
    /// reloaded.
    fn adopt(&self, all: Vec<Loaded>, report: &mut LoadReport) -> Vec<Arc<Cell>> {
        let mut cells = Vec::with_capacity(all.len());
        for loaded in all {
            let n = loaded.actions.len();
            match Live::replay(loaded) {
                Ok(live) => {
                    report.loaded += 1;
                    report.actions += n;
                    report.bots_asked += live.bots_asked_in_replay;
                    cells.push(self.insert(live));
                }
                Err(e) => {
                    report.failed += 1;
                    eprintln!("cards-server: a table does not reload: {e}");
                }
            }
        }
        cells
    }

    /// The table's handle, kept in memory unless the game is finished: a
    /// finished table is read from the store for each request that asks
    /// for it, and leaves memory with the request's (and its connections')
    /// last handle.
    fn insert(&self, live: Live) -> Arc<Cell> {
        let id = live.record.id.clone();
        let finished = live.record.finished;
        let cell = Arc::new(Cell {
            id: id.clone(),
            stored: watch::Sender::new(Stored {
                len: live.table.log_len(),
                updates: None,
            }),
            may_need_bot: AtomicBool::new(live.may_need_bot()),
            live: Arc::new(Mutex::new(live)),
            driving: AtomicBool::new(false),
            gone: AtomicBool::new(false),
            spectators: AtomicUsize::new(0),
        });
        if finished {
            return cell;
        }
        let mut tables = self.tables.write().expect("the table map is not poisoned");
        let cell = tables.entry(id).or_insert(cell).clone();
        self.metrics.tables(tables.len());
        cell
    }

    /// Every table in memory.
    pub fn cells(&self) -> Vec<Arc<Cell>> {
        let tables = self.tables.read().expect("the table map is not poisoned");
        tables.values().cloned().collect()
    }

    /// How many tables are in memory.
    pub fn len(&self) -> usize {
        self.tables.read().map(|t| t.len()).unwrap_or(0)
    }

    /// Whether no table is in memory.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The games the server hosts: the one list, with seat limits and rules.
    pub fn games() -> Vec<GameInfo> {
        cards_games::NAMES
            .iter()
            .filter_map(|&name| {
                let [min, default, max] = cards_games::AnyTable::seat_limits(name)?;
                let rules = cards_games::AnyTable::default_rules(name)?;
                Some(GameInfo {
                    name: name.to_string(),
                    min_seats: min,
                    default_seats: default,
                    max_seats: max,
                    rules: serde_json::from_str(&rules).unwrap_or_default(),
                })
            })
            .collect()
    }

    /// Creates a table, stores it, and starts its bots.
    ///
    /// # Errors
    /// `bad_request` for a game, rules, seats or bots the server refuses;
    /// `unavailable` when the server holds `max_tables` open tables or the
    /// store fails.
    pub async fn create(self: &Arc<Self>, req: CreateTable) -> Result<Created, ErrorReply> {
        let bad = |m: String| ErrorReply::new(ErrorKind::BadRequest, m);
        let most = self.config.max_tables;
        if self.len() >= most {
            return Err(ErrorReply::new(
                ErrorKind::Unavailable,
                format!(
                    "the server holds its most open tables ({most}, --max-tables): try again when a game ends, or at another server"
                ),
            ));
        }
        // The game's usual table unless a count is asked for (a game not in
        // the list has none, and is refused by name below).
        let usual = cards_games::AnyTable::seat_limits(&req.game).map(|[_, usual, _]| usual);
        let seats = req.seats.or(usual).unwrap_or_default();
        // No such game (the message lists the games), or the game's own
        // refusal of the count, which names its clause.
        cards_games::AnyTable::check_seats(&req.game, seats)?;
        let mut bots = vec![None; seats];
        for b in &req.bots {
            match bots.get_mut(b.seat) {
                None => return Err(bad(format!("there is no seat {} for a bot", b.seat))),
                Some(Some(_)) => return Err(bad(format!("seat {} is named twice", b.seat))),
                Some(slot) => *slot = Some(b.difficulty),
            }
        }
        let rules = match &req.rules {
            None => "{}".to_string(),
            Some(r @ serde_json::Value::Object(_)) => r.to_string(),
            Some(_) => {
                return Err(bad(
                    "rules are a JSON object of rule names and values".into()
                ));
            }
        };
        let mut record = TableRecord {
            id: format!("{:016x}", token::random_u64()),
            game: req.game.clone(),
            rules,
            seats,
            seed: token::random_u64(),
            bots,
            tokens: vec![None; seats],
            host_token: token::new_token(),
            finished: false,
            created_ms: Some(crate::live::now_ms()),
        };
        let mut live = Live::create(record.clone()).map_err(ErrorReply::from)?;
        // The full rules are stored, so a later change of a default cannot
        // change how a stored table replays.
        record.rules = live.table.rules_json();
        live.record.rules = record.rules.clone();
        self.store
            .write(Write::Create(record.clone()))
            .await
            .map_err(unavailable)?;
        let summary = summary(&mut live);
        let cell = self.insert(live);
        self.drive(&cell);
        Ok(Created {
            id: record.id,
            host_token: record.host_token,
            table: summary,
        })
    }

    /// The table `id`: in memory, or read from the store and replayed.
    ///
    /// # Errors
    /// `not_found`; `unavailable` when the store fails or the table does not replay.
    pub async fn table(self: &Arc<Self>, id: &str) -> Result<Arc<Cell>, ErrorReply> {
        if let Some(cell) = self.tables.read().expect("not poisoned").get(id) {
            return Ok(cell.clone());
        }
        if id.len() != 16 || !id.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(not_found(id));
        }
        let loaded = self.store.claim(id).await.map_err(unavailable)?;
        let loaded = loaded.ok_or_else(|| not_found(id))?;
        let live = Live::replay(loaded).map_err(|why| does_not_replay(id, why))?;
        let cell = self.insert(live);
        self.mark_over(&cell).await;
        Ok(cell)
    }

    /// Stores the end of a table in memory whose game is over but whose end
    /// was not stored (its last move was, and the write of its end failed,
    /// `commit`), and lets it leave memory. Called on every table reloaded
    /// or taken over; nothing where the game goes on or its end is stored.
    pub async fn mark_over(&self, cell: &Cell) {
        let mut live = cell.live.lock().await;
        if live.record.finished || live.table.to_act().is_some() {
            return;
        }
        if self.store_end(cell, &mut live).await.is_ok() {
            self.let_finished_go(&cell.id);
        }
    }

    /// The table's public facts.
    pub async fn summary(&self, cell: &Cell) -> TableSummary {
        summary(&mut *cell.live.lock().await)
    }

    /// The tables with a seat to join whose game is not over.
    pub async fn open_tables(&self) -> Vec<TableSummary> {
        let mut out = Vec::new();
        for cell in self.cells() {
            let mut live = cell.live.lock().await;
            if live.table.to_act().is_some() && !live.open_seats().is_empty() {
                out.push(summary(&mut live));
            }
        }
        out.sort_by(|a, b| a.id.cmp(&b.id));
        out
    }

    /// Gives `seat` of table `id` to a new player: returns its token.
    ///
    /// # Errors
    /// `not_found`, `bad_request` (no such seat), `conflict` (taken, a bot's,
    /// or the game is over), `unavailable`.
    pub async fn join(self: &Arc<Self>, id: &str, seat: usize) -> Result<Joined, ErrorReply> {
        let cell = self.table(id).await?;
        let mut live = cell.live.lock().await;
        no_such_seat(&live, seat)?;
        if live.table.outcome().is_some() {
            return Err(ErrorReply::new(
                ErrorKind::Conflict,
                format!("the game is over: seat {seat} of a finished table can no longer be taken"),
            ));
        }
        if live.record.bots[seat].is_some() || live.record.tokens[seat].is_some() {
            return Err(ErrorReply::new(
                ErrorKind::Conflict,
                format!("seat {seat} is taken"),
            ));
        }
        let token = token::new_token();
        let write = Write::Join {
            table: cell.id.clone(),
            seat,
            token: token.clone(),
        };
        self.store.write(write).await.map_err(unavailable)?;
        live.record.tokens[seat] = Some(token.clone());
        // The seat is away from its joining on, not from the table's start:
        // its player has `away_after` to open a connection.
        if let Some(p) = live.presence.get_mut(seat)
            && p.connections == 0
        {
            p.away_since = Some(Instant::now());
        }
        cell.note_presence(&live);
        Ok(Joined {
            token,
            seat,
            ws: format!("/tables/{}/seats/{seat}/ws", cell.id),
        })
    }

    /// The refusal of a seat past the table (as joining it answers).
    ///
    /// # Errors
    /// `bad_request` naming the table's seat count.
    pub async fn seat_exists(&self, cell: &Cell, seat: usize) -> Result<(), ErrorReply> {
        no_such_seat(&*cell.live.lock().await, seat)
    }

    /// Whether `token` is the token of `seat` at this table.
    pub async fn authorize(&self, cell: &Cell, seat: usize, token: &str) -> bool {
        let live = cell.live.lock().await;
        let expected = live.record.tokens.get(seat).cloned().flatten();
        expected.is_some_and(|t| token::same(token, &t))
    }

    /// Whether `token` is the table's host token.
    pub async fn authorize_host(&self, cell: &Cell, token: &str) -> bool {
        token::same(token, &cell.live.lock().await.record.host_token)
    }

    /// A connection for `seat` opened (`true`) or closed.
    pub async fn presence(self: &Arc<Self>, cell: &Arc<Cell>, seat: usize, open: bool) {
        let mut live = cell.live.lock().await;
        if let Some(p) = live.presence.get_mut(seat) {
            if open {
                p.connections += 1;
                p.away_since = None;
            } else {
                p.connections = p.connections.saturating_sub(1);
                if p.connections == 0 {
                    p.away_since = Some(Instant::now());
                }
            }
        }
        cell.note_presence(&live);
    }

    /// Applies `command` to the table, stores it, and only then answers.
    ///
    /// # Errors
    /// The table's refusal (nothing changed), or `unavailable` when the store
    /// failed (the table is put back as stored).
    pub async fn act(
        self: &Arc<Self>,
        cell: &Arc<Cell>,
        command: Command,
    ) -> Result<Ack, ErrorReply> {
        let started = Instant::now();
        let mut live = cell.live.lock().await;
        if cell.gone.load(Ordering::Acquire) {
            return Err(let_go(&cell.id));
        }
        let record = live.apply(&command).map_err(ErrorReply::from)?;
        let action = record.text.clone();
        let next = self.commit(cell, &mut live, record, started, false).await?;
        drop(live);
        self.drive(cell);
        Ok(Ack {
            ok: true,
            action,
            next,
        })
    }

    /// Stores `record` (just applied to `live`), then tells the connections.
    async fn commit(
        &self,
        cell: &Cell,
        live: &mut Live,
        record: ActionRecord,
        started: Instant,
        bot: bool,
    ) -> Result<usize, ErrorReply> {
        if let Err(e) = self.store.write(Write::Action(record)).await {
            self.put_back(cell, live, &e).await;
            return Err(unavailable(e));
        }
        // The move is stored, so it is acknowledged even where the end's
        // write fails: the table stays in memory, over, and its end is
        // stored when it is next reloaded (`mark_over`).
        if live.table.to_act().is_none()
            && let Err(e) = self.store_end(cell, live).await
            && matches!(e, StoreError::LeaseLost { .. })
        {
            self.forget(std::slice::from_ref(&cell.id));
        }
        self.publish(cell, live);
        self.metrics.action(bot, started.elapsed().as_secs_f64());
        Ok(live.table.log_len())
    }

    /// After a failed write, where the table in memory is ahead of the
    /// store: puts it back as stored (telling the connections of any move
    /// the store holds that they were not told: a commit whose answer was
    /// lost), or, where the store does not read either or another process
    /// took the table, lets it go from memory, so that the next request
    /// reads it from the store again.
    async fn put_back(&self, cell: &Cell, live: &mut Live, e: &StoreError) {
        if !matches!(e, StoreError::LeaseLost { .. })
            && let Ok(Some(loaded)) = self.store.load(&cell.id).await
            && let Ok(mut again) = Live::replay(loaded)
        {
            again.presence = live.presence.clone();
            *live = again;
            if live.table.log_len() > cell.stored.borrow().len {
                self.publish(cell, live);
            }
            return;
        }
        self.forget(std::slice::from_ref(&cell.id));
    }

    /// Tells the connections that the table's log grew to what is stored;
    /// a finished table leaves memory.
    fn publish(&self, cell: &Cell, live: &mut Live) {
        let len = live.table.log_len();
        let from = cell.stored.borrow().len;
        let seats = (0..live.record.seats)
            .map(|s| {
                let connected = live.presence.get(s).is_some_and(|p| p.connections > 0);
                connected.then(|| update_json(live, Some(s), from).0.into())
            })
            .collect();
        let watched = cell.spectators.load(Ordering::Acquire) > 0;
        let spectator = watched.then(|| update_json(live, None, from).0.into());
        cell.stored.send_replace(Stored {
            len,
            updates: Some(Arc::new(Updates {
                from,
                seats,
                spectator,
            })),
        });
        if live.record.finished {
            self.let_finished_go(&cell.id);
        }
    }

    /// Stores the end of the game of `live` (over) and marks it finished;
    /// a failure is logged and returned.
    async fn store_end(&self, cell: &Cell, live: &mut Live) -> Result<(), StoreError> {
        let finish = Write::Finish {
            table: cell.id.clone(),
        };
        let stored = self.store.write(finish).await;
        match &stored {
            Ok(()) => live.record.finished = true,
            Err(e) => eprintln!(
                "cards-server: table {} is over but not marked so: {e}",
                cell.id
            ),
        }
        stored
    }

    /// A finished table leaves memory; its open connections keep their
    /// handle, and a later request reads it from the store.
    fn let_finished_go(&self, id: &str) {
        let mut tables = self.tables.write().expect("the table map is not poisoned");
        tables.remove(id);
        self.metrics.tables(tables.len());
    }

    /// Lets bots play while a bot (or the bot of an away seat) is to act,
    /// each choice made on the blocking pool, off the async runtime.
    pub fn drive(self: &Arc<Self>, cell: &Arc<Cell>) {
        if !cell.may_need_bot.load(Ordering::Acquire) || cell.driving.swap(true, Ordering::AcqRel) {
            return;
        }
        let hub = self.clone();
        let cell = cell.clone();
        tokio::spawn(async move {
            loop {
                let failed = !hub.drive_while_bots(&cell).await;
                cell.driving.store(false, Ordering::Release);
                // Not at once again after a failure: the sweeper tries later.
                if failed {
                    break;
                }
                // A change between the last look and the flag's reset would
                // otherwise wait for the sweeper.
                let again = {
                    let live = cell.live.lock().await;
                    live.bot_to_act(&hub.config).is_some()
                };
                if !again || cell.driving.swap(true, Ordering::AcqRel) {
                    break;
                }
            }
        });
    }

    /// Plays the bots' moves until no bot is to act (`true`) or a move
    /// fails (`false`): the table was let go, or the store failed.
    async fn drive_while_bots(&self, cell: &Arc<Cell>) -> bool {
        let to_act = |live: &Live| live.bot_to_act(&self.config);
        loop {
            // A look first, so that only a table whose bot is to act waits
            // for a thread; then the thread, then the table: a table waiting
            // its turn keeps its lock free for its connections.
            if to_act(&*cell.live.lock().await).is_none() {
                return !cell.gone.load(Ordering::Acquire);
            }
            self.metrics.bots_waiting(1);
            let permit = self.bot_threads.acquire().await;
            self.metrics.bots_waiting(-1);
            let Ok(permit) = permit else {
                return false;
            };
            let live = cell.live.clone().lock_owned().await;
            if cell.gone.load(Ordering::Acquire) {
                return false;
            }
            let Some(command) = to_act(&live) else {
                return true;
            };
            let started = Instant::now();
            let metrics = self.metrics.clone();
            let chosen = tokio::task::spawn_blocking(move || {
                metrics.bots_choosing(1);
                let mut live = live;
                let r = live.apply(&command);
                metrics.bots_choosing(-1);
                (live, r)
            })
            .await;
            drop(permit);
            let Ok((mut live, Ok(record))) = chosen else {
                return false;
            };
            if self
                .commit(cell, &mut live, record, started, true)
                .await
                .is_err()
            {
                return false;
            }
        }
    }

    fn forget(&self, ids: &[String]) {
        let mut tables = self.tables.write().expect("the table map is not poisoned");
        for id in ids {
            if let Some(cell) = tables.remove(id) {
                cell.gone.store(true, Ordering::Release);
                // Wakes its connections, which see `gone` and close.
                cell.stored.send_modify(|_| {});
            }
        }
        self.metrics.tables(tables.len());
    }

    /// Forever (several processes on one database): every third of `lease`,
    /// renews the leases of the tables in memory (letting go of those
    /// another process took), and takes over every open table whose
    /// owner's lease has expired, replaying its log as a start does.
    pub async fn keep_leases(self: Arc<Self>, lease: std::time::Duration) {
        let mut tick = tokio::time::interval(lease / 3);
        loop {
            tick.tick().await;
            let held: Vec<String> = self.cells().iter().map(|c| c.id.clone()).collect();
            match self.store.renew(held).await {
                Ok(lost) if !lost.is_empty() => self.forget(&lost),
                Ok(_) => {}
                Err(e) => eprintln!("cards-server: the leases were not renewed: {e}"),
            }
            match self.store.claim_expired().await {
                Ok(all) => {
                    for cell in self.adopt(all, &mut LoadReport::default()) {
                        self.mark_over(&cell).await;
                        self.drive(&cell);
                    }
                }
                Err(e) => eprintln!("cards-server: no table was taken over: {e}"),
            }
        }
    }

    /// Forever: every `sweep_every`, lets bots play for seats away too long.
    pub async fn sweep(self: Arc<Self>) {
        let mut tick = tokio::time::interval(self.config.sweep_every);
        loop {
            tick.tick().await;
            for cell in self.cells() {
                self.drive(&cell);
            }
        }
    }

    /// The update for `seat` (or a spectator): the events from `from` on as it
    /// may see them, its view, and, when it is to act, its legal moves. Also
    /// returns the `next` index it carries.
    pub async fn update(&self, cell: &Cell, seat: Option<usize>, from: usize) -> (String, usize) {
        let mut live = cell.live.lock().await;
        update_json(&mut live, seat, from)
    }
}

/// The JSON update of docs/protocol.md for `seat` from log entry `from`.
///
/// # Panics
/// When `seat` is not a seat of the table: the hub asks only for the seat
/// of an authorized token or for each seat of the record.
pub fn update_json(live: &mut Live, seat: Option<usize>, from: usize) -> (String, usize) {
    const A_SEAT: &str = "an update is for a seat of the table, or a spectator";
    let table = &mut live.table;
    let next = table.log_len();
    let to_act = table.to_act();
    let mut out = String::with_capacity(1024);
    out.push_str("{\"events\":");
    out.push_str(&table.events_json(seat, from.min(next)).expect(A_SEAT));
    out.push_str(",\"view\":");
    out.push_str(&table.view_json(seat).expect(A_SEAT));
    out.push_str(&format!(",\"next\":{next},\"to_act\":"));
    out.push_str(&to_act.map_or("null".to_string(), |s| s.to_string()));
    if let Some(s) = seat
        && to_act == Some(s)
    {
        out.push_str(",\"moves\":");
        let moves = table.legal_moves(s).expect(A_SEAT);
        out.push_str(&serde_json::to_string(&moves).expect("moves are JSON"));
    }
    out.push_str(",\"outcome\":");
    match table.outcome() {
        Some(o) => out.push_str(&serde_json::to_string(&o).expect("outcomes are JSON")),
        None => out.push_str("null"),
    }
    out.push('}');
    (out, next)
}

fn summary(live: &mut Live) -> TableSummary {
    TableSummary {
        id: live.record.id.clone(),
        game: live.record.game.clone(),
        seats: live.record.seats,
        open_seats: live.open_seats(),
        bot_seats: (0..live.record.seats)
            .filter(|&s| live.record.bots[s].is_some())
            .collect(),
        to_act: live.table.to_act(),
        log_len: live.table.log_len(),
        places: live
            .table
            .outcome()
            .map(|o| o.places().iter().map(|&p| usize::from(p)).collect()),
        rules: live.table.rules(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::sqlite::Sqlite;

    #[test]
    fn a_stored_action_carries_each_connected_seat_s_update_made_once() {
        let path = std::env::temp_dir().join(format!("cards-hub-{}.db", std::process::id()));
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async {
            let metrics = Arc::new(Metrics::new());
            let store = Store::new(
                Box::new(Sqlite::open_writer(&path, false).unwrap()),
                Box::new(Sqlite::open(&path, false).unwrap()),
                8,
                metrics.clone(),
            );
            let config = Config::new("127.0.0.1:0".parse().unwrap(), path.clone());
            let (hub, _) = Hub::new(config, store, metrics);
            let created = hub
                .create(CreateTable {
                    game: "crazy-eights".into(),
                    rules: None,
                    seats: Some(2),
                    bots: Vec::new(),
                })
                .await
                .unwrap();
            hub.join(&created.id, 0).await.unwrap();
            hub.join(&created.id, 1).await.unwrap();
            let cell = hub.table(&created.id).await.unwrap();
            // Only seat 0 has a connection.
            hub.presence(&cell, 0, true).await;
            let from = cell.stored.borrow().len;
            let seat = cell.live.lock().await.table.to_act().unwrap();
            hub.act(&cell, Command::Move(seat, 0)).await.unwrap();
            let stored = cell.stored.borrow().clone();
            let updates = stored.updates.clone().unwrap();
            assert_eq!(updates.from, from);
            assert!(stored.len > from);
            let (own, next) = update_json(&mut *cell.live.lock().await, Some(0), from);
            assert_eq!(next, stored.len);
            // Seat 0's update is the one it would have made itself; seat 1
            // (no connection), a spectator and a connection whose events
            // sent do not end at `from` make their own.
            assert_eq!(stored.ready(Some(0), from).as_deref(), Some(own.as_str()));
            assert_eq!(updates.seats[1], None);
            assert_eq!(stored.ready(Some(1), from), None);
            assert_eq!(stored.ready(None, from), None);
            assert_eq!(stored.ready(Some(0), from + 1), None);
        });
        drop(runtime);
        Sqlite::remove(&path);
    }
}
