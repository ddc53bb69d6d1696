//! `cards-server`: an online game server for every game of the card-rules
//! list (`cards_games::AnyTable`), over HTTP and WebSocket, storing every
//! accepted action durably before it answers.
//!
//! docs/protocol.md describes the messages; docs/openapi.json the HTTP API.

pub mod client;
pub mod config;
pub mod http;
pub mod hub;
pub mod limit;
pub mod live;
pub mod load;
pub mod messages;
pub mod metrics;
pub mod static_files;
pub mod store;
pub mod token;
pub mod ws;

use std::net::SocketAddr;
use std::sync::Arc;

pub use config::{Config, StoreConfig};
pub use hub::{Hub, LoadReport};

/// A running server: where it listens and what it reloaded.
pub struct Running {
    /// The address it listens on.
    pub addr: SocketAddr,
    /// What it found in the store at start.
    pub report: LoadReport,
    /// The hub (for tests).
    pub hub: Arc<Hub>,
    /// The task serving requests.
    pub task: tokio::task::JoinHandle<()>,
}

/// The runtime of the server and of the load tool: tokio's multi-thread
/// runtime with `workers` threads (default: one a core), I/O and timers on.
///
/// # Errors
/// When the runtime's threads do not start.
pub fn runtime(workers: Option<usize>) -> std::io::Result<tokio::runtime::Runtime> {
    let mut runtime = tokio::runtime::Builder::new_multi_thread();
    if let Some(n) = workers {
        runtime.worker_threads(n.max(1));
    }
    runtime.enable_all().build()
}

/// Opens the store, reloads every open table, and serves on `config.addr`
/// (port 0: any free port) on the current tokio runtime.
///
/// # Errors
/// A setting out of range ([`Config::check`]), or the store does not open,
/// or the address cannot be bound.
pub async fn start(config: Config) -> Result<Running, String> {
    config.check()?;
    let metrics = Arc::new(metrics::Metrics::new());
    let web = config.web.clone();
    let (writer, reader): (Box<dyn store::Backend>, Box<dyn store::Backend>) = match &config.store {
        StoreConfig::Sqlite { path, full_sync } => (
            Box::new(store::sqlite::Sqlite::open_writer(path, *full_sync)?),
            Box::new(store::sqlite::Sqlite::open(path, *full_sync)?),
        ),
        StoreConfig::Postgres { url, lease } => {
            // This process's name in the tables' `owner` column.
            let owner = format!("{:016x}", token::random_u64());
            (
                Box::new(store::postgres::Postgres::connect(url, &owner, *lease).await?),
                Box::new(store::postgres::Postgres::connect(url, &owner, *lease).await?),
            )
        }
    };
    let store = store::Store::new(writer, reader, config.max_batch, metrics.clone());
    let listener = tokio::net::TcpListener::bind(config.addr)
        .await
        .map_err(|e| format!("cannot listen on {}: {e}", config.addr))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    let (hub, report) = tokio::task::block_in_place(|| Hub::new(config, store, metrics));
    tokio::spawn(hub.clone().sweep());
    if let StoreConfig::Postgres { lease, .. } = &hub.config.store {
        tokio::spawn(hub.clone().keep_leases(*lease));
    }
    for cell in hub.cells() {
        hub.mark_over(&cell).await;
        hub.drive(&cell);
    }
    let app = http::counting_refusals(
        static_files::with_page(http::router(hub.clone()), web),
        hub.metrics.clone(),
    );
    // Updates are small and latency matters: no Nagle delay.
    let listener = axum::serve::ListenerExt::tap_io(listener, |tcp| {
        let _ = tcp.set_nodelay(true);
    });
    let task = tokio::spawn(async move {
        // Each request knows its client's address (the per-address limits).
        let app = app.into_make_service_with_connect_info::<SocketAddr>();
        let _ = axum::serve(listener, app).await;
    });
    Ok(Running {
        addr,
        report,
        hub,
        task,
    })
}
