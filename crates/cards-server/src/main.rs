//! `cards-server`: serves tables of every game of the card-rules list over
//! HTTP and WebSocket (docs/protocol.md), storing them in SQLite, or in
//! PostgreSQL shared with other processes.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use cards_server::{Config, StoreConfig};
use clap::Parser;

/// The card-rules game server.
#[derive(Parser, Debug)]
#[command(version, about)]
struct Args {
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// The SQLite database file (created when missing).
    #[arg(long, default_value = "cards-server.db")]
    db: PathBuf,
    /// Store in this PostgreSQL database instead of SQLite, beside other
    /// server processes on the same database (`postgres://user@host/db`).
    #[arg(long)]
    postgres: Option<String>,
    /// Seconds a process's lease on its tables lasts unrenewed (PostgreSQL):
    /// another process takes over a dead one's tables this long after.
    /// From 0.3 to 86400.
    #[arg(long, default_value = "10", value_parser = cards_server::config::lease)]
    lease: Duration,
    /// Wait for the disk at every commit (survives a machine crash, not only a process crash).
    #[arg(long)]
    full_sync: bool,
    /// Seconds a joined seat may be away before a bot plays for it (0 to 86400).
    #[arg(long, default_value = "30", value_parser = cards_server::config::away_after)]
    away_after: Duration,
    /// Seconds a seat nobody has joined waits for a player before a bot
    /// plays it (0 to 86400); a player may still join it later.
    #[arg(long, default_value = "3600", value_parser = cards_server::config::empty_seat_after)]
    empty_seat_after: Duration,
    /// How well the bot of an away or empty seat plays: easy, medium, hard or learned.
    #[arg(long, default_value = "medium")]
    away_difficulty: cards_core::Difficulty,
    /// Messages a second a connection may send, on average (more than 0).
    #[arg(long, default_value = "50", value_parser = cards_server::config::rate)]
    rate: f64,
    /// Messages a connection may send at once (at least 1).
    #[arg(long, default_value = "50", value_parser = cards_server::config::burst)]
    burst: u32,
    /// Tables a client address may create a minute, on average (more than
    /// 0; every `POST /tables` counts, made or refused; an IPv6 address
    /// counts by its /64).
    #[arg(long, default_value = "20", value_parser = cards_server::config::table_rate)]
    table_rate: f64,
    /// Tables a client address may create at once (at least 1).
    #[arg(long, default_value = "20", value_parser = cards_server::config::table_burst)]
    table_burst: u32,
    /// WebSockets a client address may hold open at once, seats and
    /// spectators (at least 1; an IPv6 address counts by its /64).
    #[arg(long, default_value = "100", value_parser = cards_server::config::connections_per_address)]
    connections_per_address: usize,
    /// Behind a reverse proxy: the request header it sets to the client's
    /// address (X-Real-IP; in a chain such as X-Forwarded-For or Forwarded,
    /// the last entry), which the per-address limits then count by. Only
    /// where the proxy always sets it: a client can send any header.
    #[arg(long, value_parser = cards_server::config::client_ip_header)]
    client_ip_header: Option<axum::http::HeaderName>,
    /// With --client-ip-header naming a chain that several proxies append
    /// to: how many (1 to 16). The client is that many entries from the end.
    #[arg(long, default_value = "1", requires = "client_ip_header", value_parser = cards_server::config::client_ip_hops)]
    client_ip_hops: usize,
    /// The most open tables held at once (at least 1): a new table beyond
    /// them is refused with 503 until a game ends. About 113 KB a table.
    #[arg(long, default_value = "10000", value_parser = cards_server::config::max_tables)]
    max_tables: usize,
    /// The most bot moves chosen at once, across every table (1 to 256;
    /// default: one a core): more wait their turn.
    #[arg(long, value_parser = cards_server::config::bot_threads)]
    bot_threads: Option<usize>,
    /// Serve the built web page (web/dist) from this directory, on the API's origin.
    #[arg(long)]
    web: Option<PathBuf>,
    /// Threads running the connections (default: one a core).
    #[arg(long)]
    workers: Option<usize>,
    /// Print the OpenAPI document and exit.
    #[arg(long)]
    openapi: bool,
}

/// mimalloc instead of the system's allocator: under load the server makes and
/// drops many small strings and buffers a message, where glibc's `malloc`
/// and `free` took about a tenth of its time.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    let args = Args::parse();
    if args.openapi {
        println!("{}", cards_server::http::openapi_json());
        return std::process::ExitCode::SUCCESS;
    }
    let mut config = Config::new(args.addr, args.db.clone());
    config.store = match args.postgres {
        Some(url) => StoreConfig::Postgres {
            url,
            lease: args.lease,
        },
        None => StoreConfig::Sqlite {
            path: args.db,
            full_sync: args.full_sync,
        },
    };
    config.away_after = args.away_after;
    config.empty_seat_after = args.empty_seat_after;
    config.away_difficulty = args.away_difficulty;
    config.rate_per_second = args.rate;
    config.burst = args.burst;
    config.tables_per_minute = args.table_rate;
    config.table_burst = args.table_burst;
    config.connections_per_address = args.connections_per_address;
    config.client_ip_header = args.client_ip_header;
    config.client_ip_hops = args.client_ip_hops;
    config.max_tables = args.max_tables;
    config.web = args.web;
    if let Some(n) = args.bot_threads {
        config.bot_threads = n;
    }
    let runtime = cards_server::runtime(args.workers).expect("the runtime starts");
    runtime.block_on(async move {
        match cards_server::start(config).await {
            Err(e) => {
                eprintln!("cards-server: {e}");
                std::process::ExitCode::FAILURE
            }
            Ok(running) => {
                let r = &running.report;
                println!(
                    "cards-server: listening on {} ({} open tables reloaded with {} actions, {} failed; {} bot moves asked again)",
                    running.addr, r.loaded, r.actions, r.failed, r.bots_asked
                );
                let _ = running.task.await;
                std::process::ExitCode::SUCCESS
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(args: &[&str]) -> String {
        let mut argv = vec!["cards-server"];
        argv.extend_from_slice(args);
        Args::try_parse_from(argv).unwrap_err().to_string()
    }

    #[test]
    fn the_flags_refuse_numbers_that_make_no_setting() {
        for (flag, value) in [
            ("--away-after", "inf"),
            ("--away-after", "1e30"),
            ("--away-after", "NaN"),
            ("--empty-seat-after", "inf"),
            ("--empty-seat-after", "86401"),
            ("--lease", "inf"),
            ("--lease", "1e300"),
            ("--rate", "NaN"),
            ("--rate", "-1"),
            ("--burst", "0"),
            ("--table-rate", "0"),
            ("--table-rate", "inf"),
            ("--table-burst", "0"),
            ("--connections-per-address", "0"),
            ("--client-ip-header", "bad header"),
            ("--client-ip-hops", "0"),
            ("--client-ip-hops", "17"),
            ("--max-tables", "0"),
            ("--max-tables", "-5"),
            ("--bot-threads", "0"),
            ("--bot-threads", "257"),
        ] {
            let e = refused(&[&format!("{flag}={value}")]);
            assert!(e.contains(&format!("{flag} takes")), "{flag} {value}: {e}");
        }
        // The hops count only with the header whose chain they count.
        let e = refused(&["--client-ip-hops=2"]);
        assert!(e.contains("--client-ip-header"), "{e}");
        let args = Args::try_parse_from([
            "cards-server",
            "--client-ip-header=X-Forwarded-For",
            "--client-ip-hops=2",
        ])
        .unwrap();
        assert_eq!(args.client_ip_hops, 2);
        let args = Args::try_parse_from(["cards-server"]).unwrap();
        assert_eq!(args.client_ip_hops, 1);
        assert_eq!(args.away_after, Duration::from_secs(30));
        assert_eq!(
            args.empty_seat_after.as_secs(),
            cards_server::config::DEFAULT_EMPTY_SEAT_AFTER
        );
        assert_eq!(args.lease, Duration::from_secs(10));
        assert_eq!((args.rate, args.burst), (50.0, 50));
        let defaults = Config::new(args.addr, args.db.clone());
        assert_eq!(
            (args.table_rate, args.table_burst),
            (defaults.tables_per_minute, defaults.table_burst)
        );
        assert_eq!(
            args.connections_per_address,
            defaults.connections_per_address
        );
        assert_eq!(args.max_tables, cards_server::config::DEFAULT_MAX_TABLES);
    }
}
