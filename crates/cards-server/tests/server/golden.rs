//! The wire forms pinned: docs/openapi.json is the document the code
//! generates, and tests/golden/ holds one of each WebSocket message of
//! docs/protocol.md. `CARDS_BLESS=1` rewrites them after a deliberate change.

use std::path::PathBuf;

use cards_core::testing::golden_text;

use cards_server::hub::update_json;
use cards_server::live::{Command, Live};
use cards_server::messages::{Ack, ErrorKind, ErrorReply};
use cards_server::store::TableRecord;

fn here(rel: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(rel)
}

#[test]
fn the_committed_openapi_document_is_the_generated_one() {
    golden_text(
        &here("../../docs/openapi.json"),
        &cards_server::http::openapi_json(),
    );
}

fn pretty(json: &str) -> String {
    let v: serde_json::Value = serde_json::from_str(json).unwrap();
    serde_json::to_string_pretty(&v).unwrap()
}

#[test]
fn the_websocket_messages_keep_their_form() {
    let record = TableRecord {
        id: "00000000000000aa".into(),
        game: "trump21".into(),
        rules: "{}".into(),
        seats: 2,
        seed: 7,
        bots: vec![None, None],
        tokens: vec![None, None],
        host_token: "h".into(),
        finished: false,
        created_ms: None,
    };
    let mut live = Live::create(record).unwrap();
    let seat = live.table.to_act().unwrap();
    let (to_act, _) = update_json(&mut live, Some(seat), 0);
    golden_text(&here("tests/golden/update-to-act.json"), &pretty(&to_act));
    let record = live.apply(&Command::Move(seat, 0)).unwrap();
    let ack = Ack {
        ok: true,
        action: record.text,
        next: live.table.log_len(),
    };
    golden_text(
        &here("tests/golden/ack.json"),
        &serde_json::to_string_pretty(&ack).unwrap(),
    );
    let (spectator, _) = update_json(&mut live, None, 0);
    golden_text(
        &here("tests/golden/update-spectator.json"),
        &pretty(&spectator),
    );
    let refusal: ErrorReply = live
        .table
        .play(1 - seat.min(1), "dance")
        .unwrap_err()
        .into();
    golden_text(
        &here("tests/golden/refusal.json"),
        &serde_json::to_string_pretty(&refusal).unwrap(),
    );
    let limited = ErrorReply::new(
        ErrorKind::RateLimited,
        "more than 50 messages a second (the rate limit)",
    );
    golden_text(
        &here("tests/golden/rate-limited.json"),
        &serde_json::to_string_pretty(&limited).unwrap(),
    );
}
