//! Every refusal of the HTTP side is the documented JSON `{"error", "kind"}`
//! with its kind's status, also where axum itself refuses (no route, a
//! method a path does not take, a body over the limit, a path that does not
//! read, a WebSocket path without a handshake).

use crate::common::*;
use cards_server::client::http;
use cards_server::store::sqlite::Sqlite;

/// Asserts `(status, body)` is a refusal of `kind` with `status`; returns its message.
fn refusal(answer: &(u16, String), status: u16, kind: &str) -> String {
    let (s, body) = answer;
    assert_eq!(*s, status, "{body}");
    let v: serde_json::Value =
        serde_json::from_str(body).unwrap_or_else(|e| panic!("not JSON ({e}): {body:?}"));
    assert_eq!(v["kind"], kind, "{body}");
    assert_eq!(v.as_object().unwrap().len(), 2, "{body}");
    v["error"].as_str().expect("an error message").to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_refusal_is_the_documented_json() {
    let db = temp_db("refusals");
    let server = start(config(&db)).await;
    let addr = server.addr;
    let (id, host) = create(addr, r#"{"game":"trump21","seats":2}"#).await;

    // No route: 404 not_found, naming the path.
    let e = refusal(
        &http(addr, "GET", "/nowhere", None, None).await.unwrap(),
        404,
        "not_found",
    );
    assert!(e.contains("nowhere"), "{e}");
    refusal(
        &http(addr, "POST", "/tables/x/y/z", Some("{}"), None)
            .await
            .unwrap(),
        404,
        "not_found",
    );
    // A method the path does not take: 405 method_not_allowed.
    for (method, path) in [
        ("DELETE", "/tables".to_string()),
        ("PUT", format!("/tables/{id}")),
        ("POST", "/health".into()),
    ] {
        let e = refusal(
            &http(addr, method, &path, None, None).await.unwrap(),
            405,
            "method_not_allowed",
        );
        assert!(e.contains(method), "{e}");
    }
    // A body over the limit: 413 too_large.
    let limit = cards_server::http::BODY_LIMIT;
    let big = format!(r#"{{"game":"{}"}}"#, "x".repeat(limit));
    refusal(
        &http(addr, "POST", "/tables", Some(&big), None)
            .await
            .unwrap(),
        413,
        "too_large",
    );
    refusal(
        &http(
            addr,
            "POST",
            &format!("/tables/{id}/host"),
            Some(&big),
            Some(&host),
        )
        .await
        .unwrap(),
        413,
        "too_large",
    );
    // A path that is not UTF-8: 400 bad_request.
    for path in [format!("/tables/{id}/seats/%ff"), "/tables/%ff".into()] {
        let method = if path.contains("seats") {
            "POST"
        } else {
            "GET"
        };
        refusal(
            &http(addr, method, &path, None, None).await.unwrap(),
            400,
            "bad_request",
        );
    }
    refusal(
        &http(addr, "POST", "/tables/%ff/host", Some("{}"), None)
            .await
            .unwrap(),
        400,
        "bad_request",
    );
    // A seat is plain digits.
    for seat in ["+0", "-0", "%200", "0x1", ""] {
        let answer = http(
            addr,
            "POST",
            &format!("/tables/{id}/seats/{seat}"),
            None,
            None,
        )
        .await
        .unwrap();
        if seat.is_empty() {
            refusal(&answer, 404, "not_found");
        } else {
            let e = refusal(&answer, 400, "bad_request");
            assert!(e.contains("is not a seat number"), "{seat}: {e}");
        }
    }
    // A WebSocket path without the handshake: 400 bad_request (when the
    // table, seat and token are right: a_plain_get_to_a_socket_is_told_of_its_seat_and_token_first).
    let t0 = join(addr, &id, 0).await;
    for path in [
        format!("/tables/{id}/seats/0/ws?token={t0}"),
        format!("/tables/{id}/spectate"),
    ] {
        let e = refusal(
            &http(addr, "GET", &path, None, None).await.unwrap(),
            400,
            "bad_request",
        );
        assert!(e.contains("WebSocket"), "{e}");
    }
    Sqlite::remove(&db);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_plain_get_to_a_socket_is_told_of_its_seat_and_token_first() {
    let db = temp_db("refusals-plain-get");
    let server = start(config(&db)).await;
    let addr = server.addr;
    let (id, _) = create(addr, r#"{"game":"trump21","seats":2}"#).await;
    let t0 = join(addr, &id, 0).await;
    let none = "0123456789abcdef";
    // Without a handshake, each answer is the one a handshake would get.
    for (path, status, kind, says) in [
        (
            format!("/tables/{none}/seats/0/ws?token={t0}"),
            404,
            "not_found",
            "there is no table",
        ),
        (
            format!("/tables/{id}/seats/9/ws?token={t0}"),
            400,
            "bad_request",
            "there is no seat 9",
        ),
        (
            format!("/tables/{id}/seats/0/ws?token={t0}&from=x"),
            400,
            "bad_request",
            "from is",
        ),
        (
            format!("/tables/{id}/seats/0/ws?token=wrong"),
            401,
            "unauthorized",
            "the token",
        ),
        (
            format!("/tables/{id}/seats/0/ws"),
            401,
            "unauthorized",
            "the token",
        ),
        (
            format!("/tables/{id}/seats/1/ws?token={t0}"),
            401,
            "unauthorized",
            "seat 1's",
        ),
        (
            format!("/tables/{none}/spectate"),
            404,
            "not_found",
            "there is no table",
        ),
        (
            format!("/tables/{id}/spectate?from=x"),
            400,
            "bad_request",
            "from is",
        ),
        // Only when all is right, the missing handshake.
        (
            format!("/tables/{id}/seats/0/ws?token={t0}"),
            400,
            "bad_request",
            "WebSocket",
        ),
        (
            format!("/tables/{id}/spectate"),
            400,
            "bad_request",
            "WebSocket",
        ),
    ] {
        let e = refusal(
            &http(addr, "GET", &path, None, None).await.unwrap(),
            status,
            kind,
        );
        assert!(e.contains(says), "{path}: {e}");
    }
    Sqlite::remove(&db);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_past_the_table_and_a_finished_game_are_refused() {
    let db = temp_db("refusals-seats");
    let server = start(config(&db)).await;
    let addr = server.addr;
    let (id, host) = create(addr, r#"{"game":"trump21","seats":2}"#).await;
    let t0 = join(addr, &id, 0).await;
    // The socket of a seat past the table says so before the token.
    let path = format!("/tables/{id}/seats/9/ws?token={t0}");
    let e = cards_server::client::Socket::connect(addr, &path)
        .await
        .err()
        .expect("refused");
    assert!(e.contains("400"), "{e}");
    // The host's leave of a seat past the table: the game names the table's
    // seats; a number past every table is no seat in the text form (T4).
    for (op, status, kind, says) in [
        ("leave 5", 422, "illegal", "the table has 2 seats"),
        ("leave 99", 400, "bad_request", "0 to 7"),
    ] {
        let body = format!(r#"{{"op":"{op}"}}"#);
        let answer = http(
            addr,
            "POST",
            &format!("/tables/{id}/host"),
            Some(&body),
            Some(&host),
        )
        .await
        .unwrap();
        let e = refusal(&answer, status, kind);
        assert!(e.contains(says), "{op}: {e}");
    }
    // A finished game's open seat can no longer be taken.
    let answer = http(
        addr,
        "POST",
        &format!("/tables/{id}/host"),
        Some(r#"{"op":"leave 0"}"#),
        Some(&host),
    )
    .await
    .unwrap();
    assert_eq!(answer.0, 200, "{}", answer.1);
    assert!(
        !summary(addr, &id).await["places"].is_null(),
        "the game is over"
    );
    let e = refusal(
        &http(addr, "POST", &format!("/tables/{id}/seats/1"), None, None)
            .await
            .unwrap(),
        409,
        "conflict",
    );
    assert!(e.contains("the game is over"), "{e}");
    assert!(summary(addr, &id).await["open_seats"] == serde_json::json!([1]));
    Sqlite::remove(&db);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_config_out_of_range_does_not_start() {
    let db = temp_db("refusals-config");
    let mut c = config(&db);
    c.sweep_every = std::time::Duration::ZERO;
    let e = cards_server::start(c).await.err().expect("refused");
    assert!(e.starts_with("sweep_every takes"), "{e}");
    Sqlite::remove(&db);
}
