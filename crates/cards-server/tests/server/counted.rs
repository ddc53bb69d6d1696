//! Every refusal the server answers is counted under its kind in
//! `cards_refusals_total`, once: over HTTP (the handlers' own and axum's)
//! and over a WebSocket.

use std::collections::BTreeMap;

use crate::common::*;
use cards_server::client::{Incoming, Socket, http};
use cards_server::store::sqlite::Sqlite;

/// `cards_refusals_total` by kind, as `GET /metrics` gives it.
async fn refusals(addr: std::net::SocketAddr) -> BTreeMap<String, u64> {
    let (status, text) = http(addr, "GET", "/metrics", None, None).await.unwrap();
    assert_eq!(status, 200, "{text}");
    text.lines()
        .filter_map(|line| {
            let rest = line.strip_prefix("cards_refusals_total{kind=\"")?;
            let (kind, count) = rest.split_once("\"} ")?;
            Some((kind.to_string(), count.parse().ok()?))
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_refusal_is_counted_once_under_its_kind() {
    let db = temp_db("counted");
    let server = start(config(&db)).await;
    let addr = server.addr;
    let (id, host) = create(addr, r#"{"game":"trump21","seats":2}"#).await;
    let t0 = join(addr, &id, 0).await;
    assert_eq!(refusals(addr).await, BTreeMap::new());

    let answers = [
        // A taken seat: 409 conflict.
        http(addr, "POST", &format!("/tables/{id}/seats/0"), None, None).await,
        // The host's endpoint with a seat's token: 401 unauthorized.
        http(
            addr,
            "POST",
            &format!("/tables/{id}/host"),
            Some(r#"{"op":"leave 1"}"#),
            Some(&t0),
        )
        .await,
        // A host operation the game refuses: 422 illegal.
        http(
            addr,
            "POST",
            &format!("/tables/{id}/host"),
            Some(r#"{"op":"leave 5"}"#),
            Some(&host),
        )
        .await,
        // axum's own: no route, a method the path does not take.
        http(addr, "GET", "/nowhere", None, None).await,
        http(addr, "DELETE", "/tables", None, None).await,
        // A body and a path that do not read.
        http(addr, "POST", "/tables", Some("{"), None).await,
        http(addr, "GET", "/tables/%ff", None, None).await,
    ];
    let statuses: Vec<u16> = answers.iter().map(|a| a.as_ref().unwrap().0).collect();
    assert_eq!(statuses, [409, 401, 422, 404, 405, 400, 400]);
    // A seat's socket with another seat's token: 401 before the upgrade.
    let e = Socket::seat(addr, &id, 1, &t0, 0)
        .await
        .err()
        .expect("refused");
    assert!(e.contains("401"), "{e}");
    // A message that is not one, over the seat's own socket.
    let mut s0 = Socket::seat(addr, &id, 0, &t0, 0).await.unwrap();
    let _ = update(&mut s0).await;
    s0.send("hello").await.unwrap();
    match next(&mut s0).await {
        Incoming::Refused { kind, .. } => assert_eq!(kind, "bad_request"),
        other => panic!("{other:?}"),
    }

    let expected: BTreeMap<String, u64> = [
        ("bad_request", 3),
        ("conflict", 1),
        ("illegal", 1),
        ("method_not_allowed", 1),
        ("not_found", 1),
        ("unauthorized", 2),
    ]
    .into_iter()
    .map(|(k, n)| (k.to_string(), n))
    .collect();
    assert_eq!(refusals(addr).await, expected);
    Sqlite::remove(&db);
}
