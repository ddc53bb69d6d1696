//! The load and crash drivers behind `cards-load` (and the crash test): many
//! WebSocket seats playing whole games against a server process, counting
//! actions, action-to-update latency, lost or repeated events, and what a
//! `kill -9` of the server costs.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::{Child, Command};

use crate::client::{Glance, Socket, http};

/// A server process started by the tools.
pub struct ServerProcess {
    child: Child,
    /// Where it listens.
    pub addr: SocketAddr,
    /// Its start line's counts: open tables reloaded, and failed.
    pub reloaded: (usize, usize),
}

impl ServerProcess {
    /// Starts `binary` on `db`, listening on `addr` (port 0: any), with `extra`
    /// flags and no practical limit on new tables or connections; waits for its start line.
    ///
    /// # Errors
    /// When it does not start or prints no start line.
    pub async fn start(
        binary: &Path,
        db: &Path,
        addr: SocketAddr,
        extra: &[&str],
    ) -> Result<ServerProcess, String> {
        let mut child = Command::new(binary)
            .arg("--db")
            .arg(db)
            .arg("--addr")
            .arg(addr.to_string())
            // Every table and client comes from this one address, with more
            // of both than the defaults let one address have.
            .args(["--table-rate", "1000000", "--table-burst", "1000000"])
            .args(["--connections-per-address", "1000000"])
            .args(extra)
            .stdout(Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", binary.display()))?;
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let mut lines = BufReader::new(stdout).lines();
        let line = tokio::time::timeout(Duration::from_secs(120), lines.next_line())
            .await
            .map_err(|_| "the server did not start within 120 s")?
            .map_err(|e| e.to_string())?
            .ok_or("the server exited before listening")?;
        // "cards-server: listening on ADDR (N open tables reloaded with M actions, F failed; K bot moves asked again)"
        let words: Vec<&str> = line.split_whitespace().collect();
        let addr = words
            .get(3)
            .and_then(|a| a.parse().ok())
            .ok_or_else(|| format!("not a start line: {line}"))?;
        let number = |i: usize| {
            words
                .get(i)
                .and_then(|w| w.trim_start_matches('(').parse().ok())
                .unwrap_or(usize::MAX)
        };
        let reloaded = (number(4), number(11));
        tokio::spawn(async move { while let Ok(Some(_)) = lines.next_line().await {} });
        Ok(ServerProcess {
            child,
            addr,
            reloaded,
        })
    }

    /// `kill -9`, and waits for the process to be gone.
    pub async fn kill(&mut self) {
        let _ = self.child.kill().await;
    }

    /// The process id, while it runs (to send it signals).
    pub fn id(&self) -> Option<u32> {
        self.child.id()
    }
}

/// The `cards-server` binary beside the running one (the tools are built
/// into the same directory).
pub fn sibling_server() -> PathBuf {
    let exe = std::env::current_exe().unwrap_or_default();
    exe.with_file_name("cards-server")
}

/// Counts shared by every seat.
#[derive(Default)]
pub struct Stats {
    /// Actions acknowledged.
    pub acks: AtomicU64,
    /// Refusals received (a listed move should never be refused).
    pub refusals: AtomicU64,
    /// Updates whose events did not start at the index the seat expected,
    /// or whose `next` went backwards: lost or repeated events.
    pub gaps: AtomicU64,
    /// Games seen to their end (counted by seat 0).
    pub finished: AtomicU64,
    /// Reconnections.
    pub reconnects: AtomicU64,
    /// Action-to-update latencies in microseconds.
    pub latencies: Mutex<Vec<u32>>,
}

/// A seat to play: where, with which token.
#[derive(Clone, Debug)]
pub struct SeatTicket {
    /// The table.
    pub table: String,
    /// The seat.
    pub seat: usize,
    /// Its token.
    pub token: String,
}

/// A small xorshift stream for the seats' choices.
struct Pick(u64);
impl Pick {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Creates a table of `game` with `seats` (bots at `bots`, medium) and joins
/// every other seat.
///
/// # Errors
/// When the server refuses.
pub async fn make_table(
    addr: SocketAddr,
    game: &str,
    seats: usize,
    bot_seats: &[usize],
) -> Result<Vec<SeatTicket>, String> {
    let bots: Vec<String> = bot_seats
        .iter()
        .map(|s| format!("{{\"seat\":{s},\"difficulty\":\"medium\"}}"))
        .collect();
    let body = format!(
        "{{\"game\":\"{game}\",\"seats\":{seats},\"bots\":[{}]}}",
        bots.join(",")
    );
    let (status, created) = http(addr, "POST", "/tables", Some(&body), None).await?;
    if status != 201 {
        return Err(format!("create: {status} {created}"));
    }
    let created: serde_json::Value = serde_json::from_str(&created).map_err(|e| e.to_string())?;
    let id = created["id"].as_str().ok_or("no id")?.to_string();
    let mut tickets = Vec::new();
    for seat in (0..seats).filter(|s| !bot_seats.contains(s)) {
        let (status, joined) = http(
            addr,
            "POST",
            &format!("/tables/{id}/seats/{seat}"),
            None,
            None,
        )
        .await?;
        if status != 200 {
            return Err(format!("join: {status} {joined}"));
        }
        let joined: serde_json::Value = serde_json::from_str(&joined).map_err(|e| e.to_string())?;
        tickets.push(SeatTicket {
            table: id.clone(),
            seat,
            token: joined["token"].as_str().ok_or("no token")?.to_string(),
        });
    }
    Ok(tickets)
}

/// How the seats of a run play.
#[derive(Clone)]
pub struct Playing {
    /// The server's address, read at each connection.
    pub addr: Arc<Mutex<SocketAddr>>,
    /// The counts.
    pub stats: Arc<Stats>,
    /// Each table's last acknowledged log length.
    pub acked: Arc<Mutex<std::collections::HashMap<String, usize>>>,
    /// Whether a closed connection is opened again.
    pub reconnect: bool,
    /// When to stop trying.
    pub give_up: Instant,
    /// How long a seat waits before each move.
    pub think: Duration,
}

/// Plays `ticket`'s seat to the end of its game, choosing random legal moves
/// by id after `think`. With `reconnect`, a closed connection is opened again (from the
/// next event the seat has not seen) until `give_up`. Records each
/// acknowledged table log length in `acked`.
pub async fn play_seat(ticket: SeatTicket, playing: Playing) -> Result<bool, String> {
    let Playing {
        addr,
        stats,
        acked,
        reconnect,
        give_up,
        think,
    } = playing;
    let mut seen = 0usize;
    let mut pick = Pick(0x9e37_79b9_7f4a_7c15 ^ (ticket.seat as u64 + 1) ^ seen as u64);
    for b in ticket.table.bytes() {
        pick.0 = pick.0.rotate_left(5) ^ u64::from(b);
    }
    pick.0 |= 1;
    let mut first = true;
    loop {
        if Instant::now() > give_up {
            return Ok(false);
        }
        let at = *addr.lock().expect("not poisoned");
        let socket = Socket::seat(at, &ticket.table, ticket.seat, &ticket.token, seen).await;
        let mut socket = match socket {
            Ok(s) => s,
            Err(e) if reconnect => {
                let _ = e;
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
            Err(e) => return Err(e),
        };
        if !first {
            stats.reconnects.fetch_add(1, Ordering::Relaxed);
        }
        first = false;
        let mut sent_at: Option<Instant> = None;
        loop {
            match socket.glance().await? {
                Glance::Closed(_) => break,
                Glance::Ack { next } => {
                    stats.acks.fetch_add(1, Ordering::Relaxed);
                    let mut acked = acked.lock().expect("not poisoned");
                    match acked.get_mut(&ticket.table) {
                        Some(e) => *e = (*e).max(next),
                        None => {
                            acked.insert(ticket.table.clone(), next);
                        }
                    }
                }
                Glance::Refused { .. } => {
                    stats.refusals.fetch_add(1, Ordering::Relaxed);
                    sent_at = None;
                }
                Glance::Update {
                    events,
                    next,
                    moves,
                    over,
                } => {
                    let starts_right = events.first().is_none_or(|&i| i == seen);
                    let contiguous = events.windows(2).all(|w| w[1] == w[0] + 1);
                    if !starts_right || !contiguous || next < seen {
                        stats.gaps.fetch_add(1, Ordering::Relaxed);
                    }
                    seen = next;
                    if let Some(t) = sent_at.take() {
                        let micros = t.elapsed().as_micros().min(u128::from(u32::MAX)) as u32;
                        stats.latencies.lock().expect("not poisoned").push(micros);
                    }
                    if over {
                        if ticket.seat == 0 {
                            stats.finished.fetch_add(1, Ordering::Relaxed);
                        }
                        return Ok(true);
                    }
                    if let Some(moves) = moves.filter(|m| !m.is_empty()) {
                        if !think.is_zero() {
                            tokio::time::sleep(think).await;
                        }
                        let id = moves[pick.below(moves.len())];
                        sent_at = Some(Instant::now());
                        if socket.send(&format!("{{\"move\":{id}}}")).await.is_err() {
                            break;
                        }
                    }
                }
            }
        }
        if !reconnect {
            return Err("the connection closed before the game ended".into());
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// The `p`-th percentile (0 to 100) of `values`, sorted in place.
pub fn percentile(values: &mut [u32], p: f64) -> u32 {
    if values.is_empty() {
        return 0;
    }
    values.sort_unstable();
    let i = ((p / 100.0) * (values.len() - 1) as f64).round() as usize;
    values[i.min(values.len() - 1)]
}

/// The upper bound of the histogram bucket of `/metrics` text `metrics`
/// named `name` that holds its `q`-quantile (0 to 1): the quantile is at
/// most this. `None` without such a histogram or past its last finite bucket.
pub fn bucket_quantile(metrics: &str, name: &str, q: f64) -> Option<f64> {
    let prefix = format!("{name}_bucket{{le=\"");
    let buckets: Vec<(f64, f64)> = metrics
        .lines()
        .filter_map(|l| {
            let (le, count) = l.strip_prefix(&prefix)?.split_once("\"} ")?;
            let le = if le == "+Inf" {
                f64::INFINITY
            } else {
                le.parse().ok()?
            };
            Some((le, count.trim().parse().ok()?))
        })
        .collect();
    let total = buckets.iter().map(|b| b.1).fold(0.0, f64::max);
    if total == 0.0 {
        return None;
    }
    buckets
        .iter()
        .find(|(_, count)| *count >= q * total)
        .map(|b| b.0)
        .filter(|le| le.is_finite())
}

/// The server's resident memory, from its `/metrics`.
pub async fn server_memory(addr: SocketAddr) -> u64 {
    let Ok((_, text)) = http(addr, "GET", "/metrics", None, None).await else {
        return 0;
    };
    text.lines()
        .find_map(|l| l.strip_prefix("process_resident_memory_bytes "))
        .and_then(|v| v.trim().parse::<f64>().ok())
        .map_or(0, |v| v as u64)
}

/// What a crash run found.
#[derive(Clone, Debug, Default)]
pub struct CrashReport {
    /// Kills and restarts.
    pub rounds: usize,
    /// Tables played.
    pub tables: usize,
    /// Actions acknowledged to the clients.
    pub acked: u64,
    /// Table checks (one a table a round) that found the table short of its
    /// last acknowledged action.
    pub lost: usize,
    /// Open tables the restarted server reloaded (summed over the rounds).
    pub reloaded: usize,
    /// Open tables the server reloaded after the last kill.
    pub open_at_last_kill: usize,
    /// Open tables it failed to reload.
    pub failed: usize,
    /// Tables whose game ended.
    pub finished: usize,
    /// Updates with lost or repeated events.
    pub gaps: u64,
    /// Client reconnections.
    pub reconnects: u64,
    /// Refusals of listed moves.
    pub refusals: u64,
}

impl CrashReport {
    /// A report of `rounds` kills on `tables` tables, and the stream that
    /// picks the moments of the kills.
    fn start(rounds: usize, tables: usize) -> (CrashReport, Pick) {
        let report = CrashReport {
            rounds,
            tables,
            ..CrashReport::default()
        };
        (
            report,
            Pick(0x2545_f491_4f6c_dd1d ^ u64::from(std::process::id())),
        )
    }

    /// Nothing acknowledged lost, every table reloaded and finished, no event lost or repeated.
    pub fn passed(&self) -> bool {
        self.lost == 0 && self.failed == 0 && self.finished == self.tables && self.gaps == 0
    }
}

impl std::fmt::Display for CrashReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "crash rounds: {}, tables: {}, actions acknowledged: {}, acknowledged actions lost: {}, \
             tables reloaded: {} ({} after the last kill), tables failed to load: {}, games finished: {}/{}, \
             event gaps: {}, reconnects: {}, refusals: {}",
            self.rounds,
            self.tables,
            self.acked,
            self.lost,
            self.reloaded,
            self.open_at_last_kill,
            self.failed,
            self.finished,
            self.tables,
            self.gaps,
            self.reconnects,
            self.refusals
        )
    }
}

/// Plays `tables` tables with reconnecting clients, kills the server with
/// SIGKILL `rounds` times at random moments and restarts it on the same
/// port and database, checking after each restart that every table holds
/// at least its last acknowledged action; then lets the games finish.
///
/// # Errors
/// When the server does not start or a table cannot be made.
#[allow(clippy::too_many_arguments)]
pub async fn crash_rounds(
    server: &mut ServerProcess,
    binary: &Path,
    db: &Path,
    game: &str,
    seats: usize,
    bots: &[usize],
    tables: usize,
    rounds: usize,
) -> Result<CrashReport, String> {
    let addr = server.addr;
    let think = Duration::from_millis(10 + 18 * rounds as u64);
    let (run, players) = start_players(addr, game, seats, bots, tables, think).await?;
    let acked = &run.acked;
    let (mut report, mut pick) = CrashReport::start(rounds, tables);
    for _ in 0..rounds {
        tokio::time::sleep(Duration::from_millis(200 + pick.below(600) as u64)).await;
        server.kill().await;
        let before = acked.lock().expect("not poisoned").clone();
        let mut tries = 0;
        *server = loop {
            match ServerProcess::start(binary, db, addr, &[]).await {
                Ok(s) => break s,
                Err(e) if tries < 20 => {
                    tries += 1;
                    let _ = e;
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
                Err(e) => return Err(e),
            }
        };
        report.reloaded += server.reloaded.0;
        report.open_at_last_kill = server.reloaded.0;
        report.failed += server.reloaded.1;
        for (table, at_least) in before {
            let (_, body) = http(addr, "GET", &format!("/tables/{table}"), None, None).await?;
            let v: serde_json::Value =
                serde_json::from_str(&body).map_err(|e| format!("{e}: {body}"))?;
            if v["log_len"].as_u64().unwrap_or(0) < at_least as u64 {
                report.lost += 1;
            }
        }
    }
    finish(&run, players, addr, &mut report).await?;
    Ok(report)
}

/// The clients of a crash run: its tables, counts, and where they connect.
pub struct Run {
    /// The tables' ids.
    pub ids: Vec<String>,
    /// The counts.
    pub stats: Arc<Stats>,
    /// Each table's last acknowledged log length.
    pub acked: Arc<Mutex<std::collections::HashMap<String, usize>>>,
    /// The address the clients connect to (changed to move them).
    pub addr: Arc<Mutex<SocketAddr>>,
}

type Players = Vec<tokio::task::JoinHandle<Result<bool, String>>>;

/// Makes `tables` tables on the server at `addr` and starts a reconnecting
/// client for each joined seat, waiting `think` before each move (slow
/// enough that the games outlast the kills: a Hearts deal is about 56
/// actions).
async fn start_players(
    addr: SocketAddr,
    game: &str,
    seats: usize,
    bots: &[usize],
    tables: usize,
    think: Duration,
) -> Result<(Run, Players), String> {
    let mut tickets = Vec::new();
    let mut ids = Vec::new();
    for _ in 0..tables {
        let t = make_table(addr, game, seats, bots).await?;
        ids.push(t[0].table.clone());
        tickets.extend(t);
    }
    let run = Run {
        ids,
        stats: Arc::new(Stats::default()),
        acked: Arc::new(Mutex::new(std::collections::HashMap::new())),
        addr: Arc::new(Mutex::new(addr)),
    };
    let playing = Playing {
        addr: run.addr.clone(),
        stats: run.stats.clone(),
        acked: run.acked.clone(),
        reconnect: true,
        give_up: Instant::now() + Duration::from_secs(240),
        think,
    };
    let players = tickets
        .into_iter()
        .map(|t| tokio::spawn(play_seat(t, playing.clone())))
        .collect();
    Ok((run, players))
}

/// Waits for the clients, then counts the finished games (asking `addr`)
/// and the clients' counts into `report`.
async fn finish(
    run: &Run,
    players: Players,
    addr: SocketAddr,
    report: &mut CrashReport,
) -> Result<(), String> {
    for p in players {
        let _ = p.await;
    }
    for id in &run.ids {
        let (_, body) = http(addr, "GET", &format!("/tables/{id}"), None, None).await?;
        let v: serde_json::Value =
            serde_json::from_str(&body).map_err(|e| format!("{e}: {body}"))?;
        report.finished += usize::from(!v["places"].is_null());
    }
    report.acked = run.stats.acks.load(Ordering::Relaxed);
    report.gaps = run.stats.gaps.load(Ordering::Relaxed);
    report.reconnects = run.stats.reconnects.load(Ordering::Relaxed);
    report.refusals = run.stats.refusals.load(Ordering::Relaxed);
    Ok(())
}

/// Several processes on one PostgreSQL database (`flags` name it with
/// `--postgres`): plays `tables` tables made on a first process beside a
/// second; each round kills the process the clients use (the owner of every
/// open table) with SIGKILL, points the clients at the other, waits until
/// that one serves every table (after the lease expires) at least at its
/// last acknowledged action, and starts a new process in place of the
/// killed one; then lets the games finish.
///
/// # Errors
/// When a process does not start, a table cannot be made, or a table is
/// not taken over within 60 s.
pub async fn takeover_rounds(
    binary: &Path,
    flags: &[&str],
    game: &str,
    seats: usize,
    bots: &[usize],
    tables: usize,
    rounds: usize,
) -> Result<CrashReport, String> {
    let unused = std::env::temp_dir().join("cards-server-unused.db");
    let any: SocketAddr = "127.0.0.1:0".parse().expect("an address");
    let mut serving = ServerProcess::start(binary, &unused, any, flags).await?;
    let mut spare = ServerProcess::start(binary, &unused, any, flags).await?;
    let think = Duration::from_millis(30 + 40 * rounds as u64);
    let (run, players) = start_players(serving.addr, game, seats, bots, tables, think).await?;
    let (mut report, mut pick) = CrashReport::start(rounds, tables);
    for _ in 0..rounds {
        tokio::time::sleep(Duration::from_millis(500 + pick.below(1000) as u64)).await;
        serving.kill().await;
        let before = run.acked.lock().expect("not poisoned").clone();
        std::mem::swap(&mut serving, &mut spare);
        *run.addr.lock().expect("not poisoned") = serving.addr;
        let mut open = 0;
        for id in &run.ids {
            let deadline = Instant::now() + Duration::from_secs(60);
            let body = loop {
                let (status, body) =
                    http(serving.addr, "GET", &format!("/tables/{id}"), None, None).await?;
                if status == 200 {
                    break body;
                }
                if Instant::now() > deadline {
                    return Err(format!("table {id} was not taken over: {status} {body}"));
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
            };
            let v: serde_json::Value =
                serde_json::from_str(&body).map_err(|e| format!("{e}: {body}"))?;
            let len = v["log_len"].as_u64().unwrap_or(0);
            report.lost += usize::from(len < before.get(id).copied().unwrap_or(0) as u64);
            open += usize::from(v["places"].is_null());
        }
        report.reloaded += open;
        report.open_at_last_kill = open;
        // Only now: a new process started earlier could take the tables
        // first, away from the process the clients were sent to.
        spare = ServerProcess::start(binary, &unused, any, flags).await?;
        report.failed += spare.reloaded.1;
    }
    finish(&run, players, serving.addr, &mut report).await?;
    serving.kill().await;
    spare.kill().await;
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bucket_quantile_is_the_first_bucket_holding_that_share() {
        let text = "# HELP x_seconds x\n\
                    x_seconds_sum 1.5\n\
                    x_seconds_count 100\n\
                    x_seconds_bucket{le=\"0.001\"} 50\n\
                    x_seconds_bucket{le=\"0.002\"} 98\n\
                    x_seconds_bucket{le=\"0.004\"} 99\n\
                    x_seconds_bucket{le=\"+Inf\"} 100\n";
        assert_eq!(bucket_quantile(text, "x_seconds", 0.5), Some(0.001));
        assert_eq!(bucket_quantile(text, "x_seconds", 0.9), Some(0.002));
        assert_eq!(bucket_quantile(text, "x_seconds", 0.99), Some(0.004));
        assert_eq!(bucket_quantile(text, "x_seconds", 1.0), None);
        assert_eq!(bucket_quantile(text, "y_seconds", 0.5), None);
    }
}
