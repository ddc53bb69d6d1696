//! `cards-load`: drives a `cards-server` process with many WebSocket seats.
//!
//! - load (default): `--tables` tables of `--game`, every seat a client, games
//!   played to the end and new tables made until `--seconds` pass; reports
//!   actions a second, action-to-update latency and memory per table.
//! - crash (`--crash-rounds N`): the same clients, the server killed with
//!   SIGKILL and restarted N times; reports acknowledged actions lost, tables
//!   that failed to reload, events lost or repeated, and games finished.
//! - takeover (`--postgres URL --crash-rounds N`): two server processes on
//!   one PostgreSQL database; each round kills the one the clients use and
//!   the other takes its tables over; the same counts.
//! - load on PostgreSQL (`--postgres URL` alone): the load mode against one
//!   server process on that database.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use cards_server::client::http;
use cards_server::load::{
    Playing, ServerProcess, Stats, make_table, percentile, play_seat, server_memory, sibling_server,
};
use cards_server::store::sqlite::Sqlite;
use clap::Parser;

/// Load and crash figures for cards-server.
#[derive(Parser, Debug)]
#[command(about)]
struct Args {
    /// Tables played at once.
    #[arg(long, default_value_t = 250)]
    tables: usize,
    /// The game.
    #[arg(long, default_value = "hearts")]
    game: String,
    /// Seats a table (every one a client, except `--bots`).
    #[arg(long, default_value_t = 4)]
    seats: usize,
    /// How many of each table's last seats bots play.
    #[arg(long, default_value_t = 0)]
    bots: usize,
    /// Seconds of load.
    #[arg(long, default_value_t = 20)]
    seconds: u64,
    /// Kill the server with SIGKILL and restart it this many times (crash mode).
    #[arg(long, default_value_t = 0)]
    crash_rounds: usize,
    /// The server binary (default: cards-server beside this one).
    #[arg(long)]
    server: Option<PathBuf>,
    /// The database (default: a new file in the temporary directory).
    #[arg(long)]
    db: Option<PathBuf>,
    /// The server on this PostgreSQL database instead of SQLite. In crash
    /// mode: two server processes on it; each round kills the one the
    /// clients use, and the other takes over.
    #[arg(long)]
    postgres: Option<String>,
    /// Milliseconds each client waits before it moves (load mode): below the
    /// server's limit, the latency at a given rate rather than at saturation.
    #[arg(long, default_value_t = 0)]
    think_ms: u64,
    /// Threads running this tool's clients (default: one a core).
    #[arg(long)]
    workers: Option<usize>,
    /// Threads running the server's connections (its `--workers`; default:
    /// one a core).
    #[arg(long)]
    server_workers: Option<usize>,
    /// The servers' lease in seconds (with `--postgres`).
    #[arg(long, default_value_t = 2.0)]
    lease: f64,
}

/// mimalloc instead of the system's allocator: under load the tool (a thousand clients) makes and
/// drops many small strings and buffers a message, where glibc's `malloc`
/// and `free` took about a tenth of its time.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    let args = Args::parse();
    let runtime = cards_server::runtime(args.workers).expect("the runtime starts");
    match runtime.block_on(run(args)) {
        Ok(true) => std::process::ExitCode::SUCCESS,
        Ok(false) => std::process::ExitCode::FAILURE,
        Err(e) => {
            eprintln!("cards-load: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}

async fn run(args: Args) -> Result<bool, String> {
    let binary = args.server.clone().unwrap_or_else(sibling_server);
    let lease = args.lease.to_string();
    let mut flags = match &args.postgres {
        Some(url) => vec!["--postgres", url.as_str(), "--lease", lease.as_str()],
        None => Vec::new(),
    };
    let workers = args.server_workers.map(|n| n.to_string());
    if let Some(n) = &workers {
        flags.extend(["--workers", n.as_str()]);
    }
    if args.postgres.is_some() && args.crash_rounds > 0 {
        let report = cards_server::load::takeover_rounds(
            &binary,
            &flags,
            &args.game,
            args.seats,
            &bot_seats(&args),
            args.tables,
            args.crash_rounds,
        )
        .await?;
        println!("on PostgreSQL, {report}");
        return Ok(report.passed());
    }
    let db = args.db.clone().unwrap_or_else(|| {
        std::env::temp_dir().join(format!("cards-load-{}.db", std::process::id()))
    });
    let start_addr: SocketAddr = "127.0.0.1:0".parse().expect("an address");
    let server = ServerProcess::start(&binary, &db, start_addr, &flags).await?;
    let result = if args.crash_rounds > 0 {
        crash(&args, server, &binary, &db).await
    } else {
        load(&args, server).await
    };
    Sqlite::remove(&db);
    result
}

fn bot_seats(args: &Args) -> Vec<usize> {
    (args.seats.saturating_sub(args.bots)..args.seats).collect()
}

async fn load(args: &Args, mut server: ServerProcess) -> Result<bool, String> {
    let addr = server.addr;
    let base = server_memory(addr).await;
    let stats = Arc::new(Stats::default());
    let acked = Arc::new(Mutex::new(HashMap::new()));
    let shared = Arc::new(Mutex::new(addr));
    let started = Instant::now();
    let end = started + Duration::from_secs(args.seconds);
    let peak = Arc::new(Mutex::new((0u64, 0usize)));
    let mut drivers = Vec::new();
    let bots = bot_seats(args);
    let think = Duration::from_millis(args.think_ms);
    for _ in 0..args.tables {
        let (stats, acked, shared, bots, game, seats) = (
            stats.clone(),
            acked.clone(),
            shared.clone(),
            bots.clone(),
            args.game.clone(),
            args.seats,
        );
        drivers.push(tokio::spawn(async move {
            let mut games = 0usize;
            while Instant::now() < end {
                let tickets = make_table(addr, &game, seats, &bots).await?;
                let playing = Playing {
                    addr: shared.clone(),
                    stats: stats.clone(),
                    acked: acked.clone(),
                    reconnect: false,
                    give_up: end + Duration::from_secs(60),
                    think,
                };
                let seats: Vec<_> = tickets
                    .into_iter()
                    .map(|t| tokio::spawn(play_seat(t, playing.clone())))
                    .collect();
                for s in seats {
                    s.await.map_err(|e| e.to_string())??;
                }
                games += 1;
            }
            Ok::<usize, String>(games)
        }));
    }
    // Memory with every table open and every client connected.
    tokio::time::sleep(Duration::from_secs(args.seconds.min(10) / 2 + 1)).await;
    *peak.lock().expect("not poisoned") = (server_memory(addr).await, args.tables);
    let acks_then = stats.acks.load(Ordering::Relaxed);
    let t_then = Instant::now();
    let server_pid = server.id();
    let cpu_then = (
        cpu_seconds(server_pid),
        cpu_seconds(Some(std::process::id())),
    );
    let mut errors = 0;
    for d in drivers {
        match d.await.map_err(|e| e.to_string())? {
            Ok(_) => {}
            Err(e) => {
                errors += 1;
                if errors < 4 {
                    eprintln!("cards-load: a table failed: {e}");
                }
            }
        }
    }
    let cpu_now = (
        cpu_seconds(server_pid),
        cpu_seconds(Some(std::process::id())),
    );
    let elapsed = started.elapsed().as_secs_f64();
    let acks = stats.acks.load(Ordering::Relaxed);
    let steady = (acks - acks_then) as f64 / t_then.elapsed().as_secs_f64().max(1e-9);
    let mut lat = std::mem::take(&mut *stats.latencies.lock().expect("not poisoned"));
    let (mem, tables) = *peak.lock().expect("not poisoned");
    let (_, health) = http(addr, "GET", "/health", None, None)
        .await
        .unwrap_or_default();
    println!(
        "game {} seats {} (bots {}), {} tables at once, {} clients, store {}",
        args.game,
        args.seats,
        args.bots,
        args.tables,
        args.tables * (args.seats - args.bots),
        if args.postgres.is_some() {
            "PostgreSQL"
        } else {
            "SQLite"
        }
    );
    println!(
        "actions acknowledged: {acks} in {elapsed:.1} s: {:.0}/s overall, {steady:.0}/s after the start",
        acks as f64 / elapsed
    );
    println!(
        "action-to-update latency: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms ({} samples)",
        f64::from(percentile(&mut lat, 50.0)) / 1000.0,
        f64::from(percentile(&mut lat, 99.0)) / 1000.0,
        f64::from(percentile(&mut lat, 100.0)) / 1000.0,
        lat.len()
    );
    println!(
        "server memory: {:.1} MB at start, {:.1} MB with {tables} tables open: {:.1} KB a table (clients connected)",
        base as f64 / 1e6,
        mem as f64 / 1e6,
        mem.saturating_sub(base) as f64 / 1e3 / tables.max(1) as f64
    );
    println!(
        "games finished: {}, refusals: {}, event gaps: {}, failed tables: {errors}, health: {health}",
        stats.finished.load(Ordering::Relaxed),
        stats.refusals.load(Ordering::Relaxed),
        stats.gaps.load(Ordering::Relaxed),
    );
    let (_, metrics) = http(addr, "GET", "/metrics", None, None)
        .await
        .unwrap_or_default();
    let metric = |name: &str| {
        metrics
            .lines()
            .find_map(|l| l.strip_prefix(name)?.strip_prefix(' ')?.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    let (sum, count) = (
        metric("cards_action_seconds_sum"),
        metric("cards_action_seconds_count"),
    );
    let (commits, writes) = (
        metric("cards_commits_total"),
        metric("cards_committed_writes_total"),
    );
    let p99 = cards_server::load::bucket_quantile(&metrics, "cards_action_seconds", 0.99)
        .map_or("?".to_string(), |s| format!("{:.1}", s * 1e3));
    println!(
        "server side: {:.2} ms from an action's arrival to its commit on average (p99 at most {p99} ms), {:.1} writes a commit",
        sum / count.max(1.0) * 1e3,
        writes / commits.max(1.0)
    );
    if let ((Some(s0), Some(t0)), (Some(s1), Some(t1))) = (cpu_then, cpu_now) {
        let per = |a: f64, b: f64| (b - a) * 1e6 / (acks - acks_then).max(1) as f64;
        println!(
            "CPU time an action after the start: server {:.0} us, this tool {:.0} us",
            per(s0, s1),
            per(t0, t1)
        );
    }
    server.kill().await;
    Ok(errors == 0
        && stats.gaps.load(Ordering::Relaxed) == 0
        && stats.refusals.load(Ordering::Relaxed) == 0)
}

/// The CPU time (user and system, all threads) process `pid` has used, in
/// seconds, from Linux's `/proc` (none elsewhere).
fn cpu_seconds(pid: Option<u32>) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{}/stat", pid?)).ok()?;
    // The fields after the command's name, which is in parentheses.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks = |i: usize| fields.get(i)?.parse::<f64>().ok();
    // utime and stime (the 14th and 15th fields), in USER_HZ (100) ticks.
    Some((ticks(11)? + ticks(12)?) / 100.0)
}

async fn crash(
    args: &Args,
    mut server: ServerProcess,
    binary: &std::path::Path,
    db: &std::path::Path,
) -> Result<bool, String> {
    let report = cards_server::load::crash_rounds(
        &mut server,
        binary,
        db,
        &args.game,
        args.seats,
        &bot_seats(args),
        args.tables,
        args.crash_rounds,
    )
    .await?;
    println!("{report}");
    server.kill().await;
    Ok(report.passed())
}
