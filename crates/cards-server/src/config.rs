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
    /// After how long a seat nobody has joined is played by a bot: the
    /// table's age, from its stored creation time (from its reload for a
    /// table an older server stored without one). A player may still join
    /// the seat and take it back.
    pub empty_seat_after: Duration,
    /// How well the bot of an away or empty seat plays.
    pub away_difficulty: Difficulty,
    /// How often the server looks for away seats to play.
    pub sweep_every: Duration,
    /// Messages a second a connection may send, on average.
    pub rate_per_second: f64,
    /// Messages a connection may send at once.
    pub burst: u32,
    /// Tables a client address may create a minute, on average (`POST
    /// /tables`, made or refused; an IPv6 address counts by its /64).
    pub tables_per_minute: f64,
    /// Tables a client address may create at once.
    pub table_burst: u32,
    /// WebSockets a client address may hold open at once (seats and
    /// spectators; an IPv6 address counts by its /64).
    pub connections_per_address: usize,
    /// The request header that names the client's address, set by a reverse
    /// proxy in front (`X-Real-IP`), for the per-address limits; `None`: the
    /// TCP peer's address. Only behind a proxy that always sets it: a
    /// client could otherwise send any address.
    pub client_ip_header: Option<axum::http::HeaderName>,
    /// Which entry of that header's chain names the client, counted from
    /// the last (1): the number of proxies in front that append to it.
    pub client_ip_hops: usize,
    /// The largest WebSocket message taken; a larger one closes the connection.
    pub max_message: usize,
    /// The most writes one store transaction takes.
    pub max_batch: usize,
    /// The built web page served at every path the API does not route (`--web`).
    pub web: Option<PathBuf>,
    /// The most open tables held in memory: a new table beyond them is
    /// refused (`unavailable`). Tables reloaded or taken over are not refused.
    pub max_tables: usize,
    /// The most bot moves chosen at once, across every table (`--bot-threads`):
    /// more wait their turn, first come first served, so tables full of hard
    /// bots share the cores with every other table's bots instead of taking
    /// the whole blocking pool.
    pub bot_threads: usize,
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
            empty_seat_after: Duration::from_secs(DEFAULT_EMPTY_SEAT_AFTER),
            away_difficulty: Difficulty::Medium,
            sweep_every: Duration::from_millis(200),
            rate_per_second: 50.0,
            burst: 50,
            tables_per_minute: DEFAULT_TABLES_PER_MINUTE,
            table_burst: DEFAULT_TABLE_BURST,
            connections_per_address: DEFAULT_CONNECTIONS_PER_ADDRESS,
            client_ip_header: None,
            client_ip_hops: 1,
            max_message: 4096,
            max_batch: 1024,
            web: None,
            max_tables: DEFAULT_MAX_TABLES,
            bot_threads: default_bot_threads(),
        }
    }

    /// Checks every setting against the range its flag takes, so a `Config`
    /// built in code is held to what the command line is: [`start`](crate::start)
    /// calls it first.
    ///
    /// # Errors
    /// The first setting out of range, named as the field.
    pub fn check(&self) -> Result<(), String> {
        let seconds = |field: &str, d: Duration, min: f64, max: f64| {
            let s = d.as_secs_f64();
            within(field, s, min, max, "seconds", &s.to_string())
        };
        seconds("away_after", self.away_after, 0.0, MAX_AWAY_AFTER)?;
        seconds(
            "empty_seat_after",
            self.empty_seat_after,
            0.0,
            MAX_AWAY_AFTER,
        )?;
        seconds("sweep_every", self.sweep_every, MIN_SWEEP, MAX_AWAY_AFTER)?;
        if let StoreConfig::Postgres { lease, .. } = &self.store {
            seconds("lease", *lease, MIN_LEASE, MAX_LEASE)?;
        }
        for (field, r) in [
            ("rate_per_second", self.rate_per_second),
            ("tables_per_minute", self.tables_per_minute),
        ] {
            if !(r > 0.0 && r <= MAX_RATE) {
                return Err(format!(
                    "{field} takes more than 0 and at most {MAX_RATE}, not {r}"
                ));
            }
        }
        if !(1..=MAX_BOT_THREADS).contains(&(self.bot_threads as u64)) {
            return Err(format!(
                "bot_threads takes 1 to {MAX_BOT_THREADS}, not {}",
                self.bot_threads
            ));
        }
        let at_least_one = [
            ("burst", self.burst as usize),
            ("table_burst", self.table_burst as usize),
            ("connections_per_address", self.connections_per_address),
            ("max_message", self.max_message),
            ("max_batch", self.max_batch),
            ("max_tables", self.max_tables),
        ];
        match at_least_one.into_iter().find(|&(_, n)| n == 0) {
            Some((field, _)) => Err(format!("{field} takes at least 1, not 0")),
            None => Ok(()),
        }
    }
}

/// The longest `--away-after` and `--empty-seat-after` taken: a day (a
/// longer wait is no wait).
pub const MAX_AWAY_AFTER: f64 = 86_400.0;
/// The default of `--empty-seat-after`, in seconds: an hour. A table that
/// waits for a player who never comes would otherwise stay open, and in
/// memory, for ever, and enough of them fill `--max-tables`.
pub const DEFAULT_EMPTY_SEAT_AFTER: u64 = 3_600;
/// The shortest `--lease` taken: shorter leases would expire between two
/// renewals (every third of a lease) on a busy machine.
pub const MIN_LEASE: f64 = 0.3;
/// The longest `--lease` taken: a day (a dead process's tables wait this long).
pub const MAX_LEASE: f64 = 86_400.0;
/// The shortest `sweep_every` taken: a millisecond (0 would be no timer).
pub const MIN_SWEEP: f64 = 0.001;
/// The highest `--rate` (messages a second) and `--table-rate` (tables a
/// minute) taken.
pub const MAX_RATE: f64 = 1_000_000.0;
/// The default of `--table-rate`: tables an address may create a minute.
/// One address (a script) would otherwise fill `--max-tables` in seconds,
/// and nobody else could open a table until those games end.
pub const DEFAULT_TABLES_PER_MINUTE: f64 = 20.0;
/// The default of `--table-burst`: tables an address may create at once.
pub const DEFAULT_TABLE_BURST: u32 = 20;
/// The default of `--connections-per-address`: a household or a classroom
/// behind one address plays at many tables at once, and one client cannot
/// hold thousands of sockets (each with its buffers and its updates).
pub const DEFAULT_CONNECTIONS_PER_ADDRESS: usize = 100;
/// The default of `--max-tables`: an open table holds about 113 KB (the
/// load run of docs/server.md), so about 1.1 GB of tables.
pub const DEFAULT_MAX_TABLES: usize = 10_000;

/// The default of `--bot-threads`: one a core (at least one, at most
/// [`MAX_BOT_THREADS`]).
pub fn default_bot_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().min(MAX_BOT_THREADS as usize))
}

/// A number of seconds given to `flag`, from `min` to `max` inclusive, as a
/// duration: NaN, infinities and values out of that range are refused with
/// a message naming the flag.
///
/// # Errors
/// The message for a value that is not a number in range.
pub fn seconds(flag: &str, text: &str, min: f64, max: f64) -> Result<Duration, String> {
    let value = number(flag, text, min, max, "seconds")?;
    Ok(Duration::from_secs_f64(value))
}

/// A finite number given to `flag`, from `min` to `max` inclusive.
fn number(flag: &str, text: &str, min: f64, max: f64, unit: &str) -> Result<f64, String> {
    let value: f64 = text.trim().parse().map_err(|_| {
        format!(
            "{flag} takes a number of {unit}, not {}",
            cards_core::text::echo(text)
        )
    })?;
    within(
        flag,
        value,
        min,
        max,
        unit,
        &cards_core::text::echo(text).to_string(),
    )
}

/// `value`, given to `name`, when it is finite and from `min` to `max`
/// inclusive; else the message naming `name`, the range and the value as
/// `shown`.
fn within(
    name: &str,
    value: f64,
    min: f64,
    max: f64,
    unit: &str,
    shown: &str,
) -> Result<f64, String> {
    if value.is_finite() && (min..=max).contains(&value) {
        Ok(value)
    } else {
        Err(format!("{name} takes {min} to {max} {unit}, not {shown}"))
    }
}

/// `--away-after`: 0 (a bot plays at once) to a day.
///
/// # Errors
/// As [`seconds`].
pub fn away_after(text: &str) -> Result<Duration, String> {
    seconds("--away-after", text, 0.0, MAX_AWAY_AFTER)
}

/// `--empty-seat-after`: 0 (a bot plays at once) to a day.
///
/// # Errors
/// As [`seconds`].
pub fn empty_seat_after(text: &str) -> Result<Duration, String> {
    seconds("--empty-seat-after", text, 0.0, MAX_AWAY_AFTER)
}

/// `--lease`: 0.3 seconds to a day.
///
/// # Errors
/// As [`seconds`].
pub fn lease(text: &str) -> Result<Duration, String> {
    seconds("--lease", text, MIN_LEASE, MAX_LEASE)
}

/// `--rate`: messages a second, more than 0 and at most a million.
///
/// # Errors
/// The message for NaN, an infinity, 0, a negative or a value past the bound.
pub fn rate(text: &str) -> Result<f64, String> {
    positive("--rate", "messages a second", text)
}

/// `--table-rate`: tables an address may create a minute, more than 0 and
/// at most a million.
///
/// # Errors
/// As [`rate`].
pub fn table_rate(text: &str) -> Result<f64, String> {
    positive("--table-rate", "tables a minute", text)
}

/// A number of `unit` more than 0 and at most [`MAX_RATE`], given to `flag`.
fn positive(flag: &str, unit: &str, text: &str) -> Result<f64, String> {
    let value = number(flag, text, 0.0, MAX_RATE, unit)?;
    if value == 0.0 {
        return Err(format!(
            "{flag} takes more than 0 {unit} (at most {MAX_RATE}), not {}",
            cards_core::text::echo(text)
        ));
    }
    Ok(value)
}

/// `--burst`: messages at once, at least 1 (with 0, every message would be
/// refused).
///
/// # Errors
/// The message for a value that is not a whole number from 1.
pub fn burst(text: &str) -> Result<u32, String> {
    from_one("--burst", "messages", u64::from(u32::MAX), text)
}

/// `--table-burst`: tables an address may create at once, at least 1.
///
/// # Errors
/// The message for a value that is not a whole number from 1.
pub fn table_burst(text: &str) -> Result<u32, String> {
    from_one("--table-burst", "tables", u64::from(u32::MAX), text)
}

/// `--connections-per-address`: WebSockets an address may hold open, at
/// least 1.
///
/// # Errors
/// The message for a value that is not a whole number from 1.
pub fn connections_per_address(text: &str) -> Result<usize, String> {
    from_one(
        "--connections-per-address",
        "connections",
        usize::MAX as u64,
        text,
    )
}

/// `--client-ip-header`: an HTTP header's name.
///
/// # Errors
/// The message for text that is not a header name.
pub fn client_ip_header(text: &str) -> Result<axum::http::HeaderName, String> {
    text.trim().parse().map_err(|_| {
        format!(
            "--client-ip-header takes an HTTP header's name (X-Real-IP), not {}",
            cards_core::text::echo(text)
        )
    })
}

/// `--client-ip-hops`: the proxies in front that append to the chain, at
/// least 1 and at most 16.
///
/// # Errors
/// The message for a value that is not a whole number from 1 to 16.
pub fn client_ip_hops(text: &str) -> Result<usize, String> {
    from_one("--client-ip-hops", "proxies", 16, text)
}

/// `--max-tables`: open tables held, at least 1.
///
/// # Errors
/// The message for a value that is not a whole number from 1.
pub fn max_tables(text: &str) -> Result<usize, String> {
    from_one("--max-tables", "tables", usize::MAX as u64, text)
}

/// `--bot-threads`: bot moves chosen at once, at least 1.
///
/// # Errors
/// The message for a value that is not a whole number from 1.
pub fn bot_threads(text: &str) -> Result<usize, String> {
    from_one("--bot-threads", "threads", MAX_BOT_THREADS, text)
}

/// The highest `--bot-threads` taken: tokio's blocking pool holds 512
/// threads, and the server's file reads need some of them.
pub const MAX_BOT_THREADS: u64 = 256;

/// A whole number of `what` from 1 to `most`, given to `flag`.
fn from_one<N: TryFrom<u64>>(flag: &str, what: &str, most: u64, text: &str) -> Result<N, String> {
    (text.trim().parse::<u64>().ok())
        .filter(|n| (1..=most).contains(n))
        .and_then(|n| N::try_from(n).ok())
        .ok_or_else(|| {
            format!(
                "{flag} takes a whole number of {what} from 1 to {most}, not {}",
                cards_core::text::echo(text)
            )
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_are_finite_and_in_range() {
        assert_eq!(away_after("30"), Ok(Duration::from_secs(30)));
        assert_eq!(away_after("0"), Ok(Duration::ZERO));
        assert_eq!(away_after("0.5"), Ok(Duration::from_millis(500)));
        assert_eq!(lease("10"), Ok(Duration::from_secs(10)));
        for bad in [
            "inf", "-inf", "NaN", "nan", "1e30", "-1", "-0.1", "86401", "", "x",
        ] {
            let e = away_after(bad).unwrap_err();
            assert!(e.starts_with("--away-after takes"), "{bad}: {e}");
        }
        for bad in ["inf", "1e300", "NaN", "0", "0.2", "-5", "x"] {
            let e = lease(bad).unwrap_err();
            assert!(e.starts_with("--lease takes"), "{bad}: {e}");
        }
    }

    #[test]
    fn a_config_built_in_code_is_held_to_the_flags_ranges() {
        let ok = Config::new("127.0.0.1:0".parse().unwrap(), "t.db".into());
        assert_eq!(ok.check(), Ok(()));
        type Spoil = fn(&mut Config);
        let bad: [(&str, Spoil); 16] = [
            ("away_after", |c| c.away_after = Duration::from_secs(86_401)),
            ("empty_seat_after", |c| {
                c.empty_seat_after = Duration::from_secs(86_401)
            }),
            ("sweep_every", |c| c.sweep_every = Duration::ZERO),
            ("rate_per_second", |c| c.rate_per_second = f64::NAN),
            ("rate_per_second", |c| c.rate_per_second = 0.0),
            ("rate_per_second", |c| c.rate_per_second = f64::INFINITY),
            ("burst", |c| c.burst = 0),
            ("tables_per_minute", |c| c.tables_per_minute = 0.0),
            ("tables_per_minute", |c| c.tables_per_minute = f64::NAN),
            ("table_burst", |c| c.table_burst = 0),
            ("connections_per_address", |c| c.connections_per_address = 0),
            ("max_message", |c| c.max_message = 0),
            ("max_batch", |c| c.max_batch = 0),
            ("bot_threads", |c| c.bot_threads = 0),
            ("bot_threads", |c| c.bot_threads = 257),
            ("lease", |c| {
                c.store = StoreConfig::Postgres {
                    url: String::new(),
                    lease: Duration::ZERO,
                }
            }),
        ];
        for (field, spoil) in bad {
            let mut c = ok.clone();
            spoil(&mut c);
            let e = c.check().unwrap_err();
            assert!(e.starts_with(&format!("{field} takes")), "{field}: {e}");
        }
    }

    #[test]
    fn rates_are_finite_and_positive_and_bursts_at_least_one() {
        assert_eq!(rate("50"), Ok(50.0));
        assert_eq!(rate("0.5"), Ok(0.5));
        for bad in ["NaN", "inf", "-1", "0", "-0", "1e7", "", "x"] {
            let e = rate(bad).unwrap_err();
            assert!(e.starts_with("--rate takes"), "{bad}: {e}");
            let e = table_rate(bad).unwrap_err();
            assert!(e.starts_with("--table-rate takes"), "{bad}: {e}");
        }
        assert_eq!(table_rate("20"), Ok(20.0));
        assert_eq!(table_burst("1"), Ok(1));
        assert!(
            table_burst("0")
                .unwrap_err()
                .starts_with("--table-burst takes")
        );
        assert_eq!(burst("1"), Ok(1));
        assert_eq!(burst("50"), Ok(50));
        for bad in ["0", "-1", "1.5", "", "x", "99999999999"] {
            let e = burst(bad).unwrap_err();
            assert!(e.starts_with("--burst takes"), "{bad}: {e}");
        }
    }
}
