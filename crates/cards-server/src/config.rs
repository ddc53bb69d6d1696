//! The server's settings (command-line flags of `cards-server`).

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use cards_core::Difficulty;

/// Where tables are stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StoreConfig {
    /// The embedded SQLite file; `full_sync` waits for the disk at each commit.
    Sqlite {
        /// The database file.
        path: PathBuf,
        /// `synchronous=FULL` (survives a machine crash) instead of `NORMAL`
        /// (survives a crash of the process).
        full_sync: bool,
    },
    /// A PostgreSQL database shared by several server processes, each
    /// holding the tables it serves through a lease of `lease`.
    Postgres {
        /// The connection string (`postgres://user@host:port/db`, or
        /// `host=/socket/dir port=5432 user=u dbname=d`).
        url: String,
        /// How long a lease lasts unrenewed: a dead process's tables are
        /// taken over this long after its last renewal.
        lease: Duration,
    },
}

/// Everything the server is told.
#[derive(Clone, Debug)]
pub struct Config {
    /// Where to listen.
    pub addr: SocketAddr,
    /// The store.
    pub store: StoreConfig,
    /// After how long away a joined seat is played by a bot.
    pub away_after: Duration,
    /// How well that bot plays.
    pub away_difficulty: Difficulty,
    /// How often the server looks for away seats to play.
    pub sweep_every: Duration,
    /// Messages a second a connection may send, on average.
    pub rate_per_second: f64,
    /// Messages a connection may send at once.
    pub burst: u32,
    /// The largest WebSocket message taken; a larger one closes the connection.
    pub max_message: usize,
    /// The most writes one store transaction takes.
    pub max_batch: usize,
    /// The built web page served at every path the API does not route (`--web`).
    pub web: Option<PathBuf>,
}

impl Config {
    /// The defaults, storing in SQLite at `path` and listening on `addr`.
    pub fn new(addr: SocketAddr, path: PathBuf) -> Config {
        Config {
            addr,
            store: StoreConfig::Sqlite {
                path,
                full_sync: false,
            },
            away_after: Duration::from_secs(30),
            away_difficulty: Difficulty::Medium,
            sweep_every: Duration::from_millis(200),
            rate_per_second: 50.0,
            burst: 50,
            max_message: 4096,
            max_batch: 1024,
            web: None,
        }
    }
}
