//! docs/openapi.json lists, for each operation, exactly the statuses the
//! server answers: each is reached here by calling the operation, and the
//! document lists no other (but the 503 of `POST /tables`, a store that
//! fails a write, which this test does not make). The statuses that are
//! hard to reach, the 503s of a table whose stored log does not replay,
//! are reached by spoiling a stored action's hash.

use std::collections::{BTreeMap, BTreeSet};

use crate::common::*;
use cards_server::client::http;
use cards_server::store::sqlite::Sqlite;

/// The document's statuses by operation (`"GET /tables/{id}"`).
fn documented() -> BTreeMap<String, BTreeSet<u16>> {
    let doc: serde_json::Value = serde_json::from_str(&cards_server::http::openapi_json()).unwrap();
    let mut out = BTreeMap::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            let statuses = op["responses"]
                .as_object()
                .unwrap()
                .keys()
                .map(|s| s.parse().unwrap())
                .collect();
            out.insert(format!("{} {path}", method.to_uppercase()), statuses);
        }
    }
    out
}

/// A request and the status it gets: the operation, the method, the path,
/// the body, the bearer token, the status.
type Call<'a> = (
    &'a str,
    &'a str,
    String,
    Option<&'a str>,
    Option<&'a str>,
    u16,
);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_status_an_operation_answers_is_in_the_document() {
    let db = temp_db("documented");
    let server = start(config(&db)).await;
    let addr = server.addr;
    let big = format!(
        r#"{{"op":"{}"}}"#,
        "x".repeat(cards_server::http::BODY_LIMIT)
    );
    let none = "0123456789abcdef";
    let (id, host) = create(addr, r#"{"game":"trump21","seats":2}"#).await;
    let t0 = join(addr, &id, 0).await;
    let host_path = format!("/tables/{id}/host");
    let calls: Vec<Call> = vec![
        ("GET /games", "GET", "/games".into(), None, None, 200),
        ("GET /tables", "GET", "/tables".into(), None, None, 200),
        ("GET /health", "GET", "/health".into(), None, None, 200),
        ("GET /metrics", "GET", "/metrics".into(), None, None, 200),
        (
            "POST /tables",
            "POST",
            "/tables".into(),
            Some(r#"{"game":"trump21"}"#),
            None,
            201,
        ),
        (
            "POST /tables",
            "POST",
            "/tables".into(),
            Some("{"),
            None,
            400,
        ),
        (
            "POST /tables",
            "POST",
            "/tables".into(),
            Some(&big),
            None,
            413,
        ),
        (
            "GET /tables/{id}",
            "GET",
            format!("/tables/{id}"),
            None,
            None,
            200,
        ),
        (
            "GET /tables/{id}",
            "GET",
            "/tables/%ff".into(),
            None,
            None,
            400,
        ),
        (
            "GET /tables/{id}",
            "GET",
            format!("/tables/{none}"),
            None,
            None,
            404,
        ),
        (
            "POST /tables/{id}/seats/{seat}",
            "POST",
            format!("/tables/{id}/seats/9"),
            None,
            None,
            400,
        ),
        (
            "POST /tables/{id}/seats/{seat}",
            "POST",
            format!("/tables/{none}/seats/0"),
            None,
            None,
            404,
        ),
        (
            "POST /tables/{id}/seats/{seat}",
            "POST",
            format!("/tables/{id}/seats/0"),
            None,
            None,
            409,
        ),
        (
            "POST /tables/{id}/host",
            "POST",
            host_path.clone(),
            Some("{"),
            Some(&host),
            400,
        ),
        (
            "POST /tables/{id}/host",
            "POST",
            host_path.clone(),
            Some(r#"{"op":"leave 1"}"#),
            Some(&t0),
            401,
        ),
        (
            "POST /tables/{id}/host",
            "POST",
            format!("/tables/{none}/host"),
            Some("{}"),
            Some(&host),
            404,
        ),
        (
            "POST /tables/{id}/host",
            "POST",
            host_path.clone(),
            Some(&big),
            Some(&host),
            413,
        ),
        (
            "POST /tables/{id}/host",
            "POST",
            host_path.clone(),
            Some(r#"{"op":"leave 5"}"#),
            Some(&host),
            422,
        ),
        (
            "POST /tables/{id}/seats/{seat}",
            "POST",
            format!("/tables/{id}/seats/1"),
            None,
            None,
            200,
        ),
        // The last: seat 0 leaves, the game is over.
        (
            "POST /tables/{id}/host",
            "POST",
            host_path.clone(),
            Some(r#"{"op":"leave 0"}"#),
            Some(&host),
            200,
        ),
    ];
    let mut reached: BTreeMap<String, BTreeSet<u16>> = BTreeMap::new();
    for (op, method, path, body, bearer, status) in calls {
        let (got, text) = http(addr, method, &path, body, bearer).await.unwrap();
        assert_eq!(got, status, "{method} {path}: {text}");
        reached.entry(op.into()).or_default().insert(status);
    }

    // Past this address's allowance of new tables (`--table-burst`).
    let mut limited = None;
    for _ in 0..=cards_server::config::DEFAULT_TABLE_BURST {
        let (got, text) = http(addr, "POST", "/tables", Some(r#"{"game":"trump21"}"#), None)
            .await
            .unwrap();
        if got != 201 {
            limited = Some((got, text));
            break;
        }
    }
    let (got, text) = limited.expect("the allowance runs out");
    assert_eq!(got, 429, "{text}");
    reached
        .entry("POST /tables".into())
        .or_default()
        .insert(429);

    // The game is over, so the table has left memory; its stored log is
    // spoilt before anything reads it back: it no longer replays.
    let spoil = rusqlite::Connection::open(&db).unwrap();
    spoil
        .busy_timeout(std::time::Duration::from_secs(5))
        .unwrap();
    let changed = spoil
        .execute(
            "UPDATE actions SET hash = hash + 1 WHERE table_id = ?1",
            [&id],
        )
        .unwrap();
    assert!(changed > 0);
    for (op, method, path, body, bearer) in [
        (
            "GET /tables/{id}",
            "GET",
            format!("/tables/{id}"),
            None,
            None,
        ),
        (
            "POST /tables/{id}/seats/{seat}",
            "POST",
            format!("/tables/{id}/seats/1"),
            None,
            None,
        ),
        (
            "POST /tables/{id}/host",
            "POST",
            host_path.clone(),
            Some(r#"{"op":"leave 1"}"#),
            Some(host.as_str()),
        ),
    ] {
        let (got, text) = http(addr, method, &path, body, bearer).await.unwrap();
        assert_eq!(got, 503, "{method} {path}: {text}");
        assert!(text.contains("\"kind\":\"unavailable\""), "{text}");
        reached.entry(op.into()).or_default().insert(503);
    }
    // Not reached here: a store that fails to write a new table.
    reached
        .entry("POST /tables".into())
        .or_default()
        .insert(503);
    assert_eq!(reached, documented());
    Sqlite::remove(&db);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_method_a_path_does_not_list_is_405_as_the_document_says() {
    let db = temp_db("documented-405");
    let server = start(config(&db)).await;
    let addr = server.addr;
    let (id, _) = create(addr, r#"{"game":"trump21","seats":2}"#).await;
    let doc: serde_json::Value = serde_json::from_str(&cards_server::http::openapi_json()).unwrap();
    let response = &doc["components"]["responses"]["MethodNotAllowed"];
    assert_eq!(
        response["content"]["application/json"]["schema"]["$ref"],
        "#/components/schemas/ErrorReply"
    );
    let mut asked = 0;
    for (path, item) in doc["paths"].as_object().unwrap() {
        let real = path.replace("{id}", &id).replace("{seat}", "1");
        for method in ["get", "post", "put", "delete", "patch"] {
            if item.get(method).is_some() {
                continue;
            }
            let m = method.to_uppercase();
            let (status, text) = http(addr, &m, &real, None, None).await.unwrap();
            assert_eq!(status, 405, "{m} {real}: {text}");
            assert!(text.contains("\"kind\":\"method_not_allowed\""), "{text}");
            asked += 1;
        }
    }
    assert!(asked > 20, "{asked}");
    Sqlite::remove(&db);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_summary_sends_every_field_its_schema_requires_and_no_other() {
    let db = temp_db("documented-summary");
    let server = start(config(&db)).await;
    let addr = server.addr;
    let (id, _) = create(addr, r#"{"game":"trump21","seats":2}"#).await;
    let summary = summary(addr, &id).await;
    assert!(summary["places"].is_null(), "{summary}");
    let sent: BTreeSet<String> = summary.as_object().unwrap().keys().cloned().collect();
    let doc: serde_json::Value = serde_json::from_str(&cards_server::http::openapi_json()).unwrap();
    let schema = &doc["components"]["schemas"]["TableSummary"];
    let required: BTreeSet<String> = schema["required"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| k.as_str().unwrap().to_string())
        .collect();
    let properties: BTreeSet<String> = schema["properties"]
        .as_object()
        .unwrap()
        .keys()
        .cloned()
        .collect();
    assert_eq!(sent, required);
    assert_eq!(sent, properties);
    // What may be null says so.
    for key in ["to_act", "places"] {
        let types = &schema["properties"][key]["type"];
        assert!(
            types.as_array().unwrap().contains(&"null".into()),
            "{key}: {types}"
        );
    }
    Sqlite::remove(&db);
}
