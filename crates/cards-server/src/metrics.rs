//! The server's metrics, in Prometheus' text format (`GET /metrics`).

use prometheus_client::encoding::text::encode;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::Registry;

type Labels = Vec<(String, String)>;

/// Every metric the server keeps.
pub struct Metrics {
    registry: Registry,
    actions: Counter,
    bot_actions: Counter,
    refusals: Family<Labels, Counter>,
    commits: Counter,
    committed_writes: Counter,
    commit_failures: Counter,
    connections: Gauge,
    tables: Gauge,
    action_seconds: Histogram,
    bots_choosing: Gauge,
    bots_waiting: Gauge,
    resident: Gauge,
}

impl Default for Metrics {
    fn default() -> Self {
        Metrics::new()
    }
}

impl Metrics {
    /// Every metric at zero, registered.
    pub fn new() -> Metrics {
        let mut registry = Registry::default();
        let m = Metrics {
            actions: Counter::default(),
            bot_actions: Counter::default(),
            refusals: Family::default(),
            commits: Counter::default(),
            committed_writes: Counter::default(),
            commit_failures: Counter::default(),
            connections: Gauge::default(),
            tables: Gauge::default(),
            action_seconds: Histogram::new(exponential_buckets(0.000_1, 2.0, 16)),
            bots_choosing: Gauge::default(),
            bots_waiting: Gauge::default(),
            resident: Gauge::default(),
            registry: Registry::default(),
        };
        registry.register(
            "cards_actions",
            "Actions accepted and stored",
            m.actions.clone(),
        );
        registry.register(
            "cards_bot_actions",
            "Actions bots played",
            m.bot_actions.clone(),
        );
        registry.register(
            "cards_refusals",
            "Requests refused, by kind",
            m.refusals.clone(),
        );
        registry.register(
            "cards_commits",
            "Store transactions committed",
            m.commits.clone(),
        );
        registry.register(
            "cards_committed_writes",
            "Writes in committed store transactions",
            m.committed_writes.clone(),
        );
        registry.register(
            "cards_commit_failures",
            "Store transactions that failed",
            m.commit_failures.clone(),
        );
        registry.register(
            "cards_connections",
            "Open WebSocket connections",
            m.connections.clone(),
        );
        registry.register("cards_tables", "Tables held in memory", m.tables.clone());
        registry.register(
            "cards_action_seconds",
            "From an action's arrival to its commit",
            m.action_seconds.clone(),
        );
        registry.register(
            "cards_bots_choosing",
            "Bot moves being chosen now (at most --bot-threads)",
            m.bots_choosing.clone(),
        );
        registry.register(
            "cards_bots_waiting",
            "Tables whose bots wait for a bot thread",
            m.bots_waiting.clone(),
        );
        registry.register(
            "process_resident_memory_bytes",
            "Resident memory of the server process",
            m.resident.clone(),
        );
        Metrics { registry, ..m }
    }

    /// An accepted action (`bot`: a bot's), `seconds` from arrival to commit.
    pub fn action(&self, bot: bool, seconds: f64) {
        self.actions.inc();
        if bot {
            self.bot_actions.inc();
        }
        self.action_seconds.observe(seconds);
    }

    /// A refusal of `kind`, answered to a client: counted once, where it is
    /// answered (the HTTP layer of `http::counting_refusals`, or the
    /// WebSocket session that sends it).
    pub fn refusal(&self, kind: crate::messages::ErrorKind) {
        let name = serde_json::to_value(kind)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default();
        self.refusals
            .get_or_create(&vec![("kind".into(), name)])
            .inc();
    }

    /// A store transaction of `writes` writes.
    pub fn commit(&self, writes: usize, ok: bool) {
        if ok {
            self.commits.inc();
            self.committed_writes.inc_by(writes as u64);
        } else {
            self.commit_failures.inc();
        }
    }

    /// A WebSocket opened (`+1`) or closed (`-1`).
    pub fn connections(&self, delta: i64) {
        self.connections.inc_by(delta);
    }

    /// A bot move started (`+1`) or finished (`-1`) being chosen.
    pub fn bots_choosing(&self, delta: i64) {
        self.bots_choosing.inc_by(delta);
    }

    /// A table's bots started (`+1`) or stopped (`-1`) waiting for a bot thread.
    pub fn bots_waiting(&self, delta: i64) {
        self.bots_waiting.inc_by(delta);
    }

    /// How many tables are held in memory.
    pub fn tables(&self, n: usize) {
        self.tables.set(n as i64);
    }

    /// Everything in Prometheus' text format.
    pub fn render(&self) -> String {
        self.resident.set(resident_bytes() as i64);
        let mut out = String::new();
        encode(&mut out, &self.registry).expect("writing to a String succeeds");
        out
    }
}

/// The process's resident memory in bytes (Linux; 0 elsewhere).
pub fn resident_bytes() -> u64 {
    std::fs::read_to_string("/proc/self/statm")
        .ok()
        .and_then(|s| s.split_whitespace().nth(1)?.parse::<u64>().ok())
        .map_or(0, |pages| pages * 4096)
}
