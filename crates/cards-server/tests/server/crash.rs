//! The crash loop, short: the server binary killed with SIGKILL twice under
//! play and restarted on the same database. Nothing acknowledged is lost,
//! every table reloads, every client reconnects and finishes its game.
//! (`.ci/server-check` runs 3 rounds; docs/server.md the 20-round command.)

use std::path::Path;

use cards_server::load::{ServerProcess, crash_rounds};
use cards_server::store::sqlite::Sqlite;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn killed_twice_the_server_loses_no_acknowledged_action() {
    let db = std::env::temp_dir().join(format!(
        "cards-crash-test-{:x}.db",
        cards_server::token::random_u64()
    ));
    let binary = Path::new(env!("CARGO_BIN_EXE_cards-server"));
    let mut server = ServerProcess::start(binary, &db, "127.0.0.1:0".parse().unwrap(), &[])
        .await
        .unwrap();
    let report = crash_rounds(&mut server, binary, &db, "hearts", 4, &[3], 6, 2)
        .await
        .unwrap();
    server.kill().await;
    Sqlite::remove(&db);
    assert!(report.passed(), "{report}");
    assert!(report.acked > 0 && report.reconnects > 0, "{report}");
}
