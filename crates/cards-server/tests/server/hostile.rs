//! Hostile clients: each refused with the documented error, nothing changes,
//! and the server stays up.

use crate::common::*;
use cards_server::client::{Incoming, Socket, http};
use cards_server::store::sqlite::Sqlite;
use tokio_tungstenite::tungstenite::Message;

async fn log_len(addr: std::net::SocketAddr, id: &str) -> u64 {
    summary(addr, id).await["log_len"].as_u64().unwrap()
}

async fn refused(socket: &mut Socket, kind: &str) {
    match next(socket).await {
        Incoming::Refused { kind: k, error } => assert_eq!(k, kind, "{error}"),
        other => panic!("expected a {kind} refusal, got {other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_clients_are_refused_and_change_nothing() {
    let db = temp_db("hostile");
    let mut config = config(&db);
    config.burst = 10;
    config.rate_per_second = 5.0;
    let server = start(config).await;
    let addr = server.addr;
    let (a, host_a) = create(addr, r#"{"game":"trump21","seats":2}"#).await;
    let (b, _) = create(addr, r#"{"game":"trump21","seats":2}"#).await;
    let ta = [join(addr, &a, 0).await, join(addr, &a, 1).await];
    let tb0 = join(addr, &b, 0).await;

    // Tokens: none, wrong, another seat's, another table's.
    for path in [
        format!("/tables/{a}/seats/0/ws"),
        format!("/tables/{a}/seats/0/ws?token=00000000000000000000000000000000"),
        format!("/tables/{a}/seats/0/ws?token={}", ta[1]),
        format!("/tables/{b}/seats/1/ws?token={}", ta[1]),
    ] {
        let e = Socket::connect(addr, &path).await.err().expect("refused");
        assert!(e.contains("401"), "{path}: {e}");
    }
    let _ = tb0;
    // The same over HTTP, with the documented JSON body.
    let (status, body) = http(
        addr,
        "GET",
        &format!("/tables/{a}/seats/0/ws?token=x"),
        None,
        None,
    )
    .await
    .unwrap();
    assert!(status == 401 || status == 400, "{status} {body}");
    // Joining a taken seat, a seat past the table, a table that is not there.
    let (s, body) = http(addr, "POST", &format!("/tables/{a}/seats/0"), None, None)
        .await
        .unwrap();
    assert_eq!(s, 409, "{body}");
    assert!(body.contains("\"kind\":\"conflict\""), "{body}");
    let (s, _) = http(addr, "POST", &format!("/tables/{a}/seats/7"), None, None)
        .await
        .unwrap();
    assert_eq!(s, 400);
    let (s, body) = http(addr, "POST", "/tables/0123456789abcdef/seats/0", None, None)
        .await
        .unwrap();
    assert_eq!(s, 404, "{body}");
    // Bad bodies.
    for body in [
        "",
        "{",
        "[]",
        r#"{"game":"poker"}"#,
        r#"{"game":"hearts","seats":99}"#,
        r#"{"game":"hearts","extra":1}"#,
    ] {
        let (s, text) = http(addr, "POST", "/tables", Some(body), None)
            .await
            .unwrap();
        assert_eq!(s, 400, "{body}: {text}");
        assert!(text.contains("\"kind\":\"bad_request\""), "{text}");
    }
    // A game not in the list is refused naming the games, a count asked
    // for or not.
    for body in [r#"{"game":"poker"}"#, r#"{"game":"poker","seats":2}"#] {
        let (s, text) = http(addr, "POST", "/tables", Some(body), None)
            .await
            .unwrap();
        assert_eq!(s, 400, "{text}");
        let no_game = format!(
            "there is no game \\\"poker\\\": the games are {}",
            cards_games::names_in_words()
        );
        assert!(text.contains(&no_game), "{text}");
    }
    // A seat count the game does not take is refused in the game's words.
    let (s, text) = http(
        addr,
        "POST",
        "/tables",
        Some(r#"{"game":"hearts","seats":3}"#),
        None,
    )
    .await
    .unwrap();
    assert_eq!(s, 400, "{text}");
    assert!(
        text.contains("hearts is played by exactly 4 players, not 3 (R1)"),
        "{text}"
    );
    // The host's operation needs the host's token.
    let (s, _) = http(
        addr,
        "POST",
        &format!("/tables/{a}/host"),
        Some(r#"{"op":"leave 1"}"#),
        Some(&ta[0]),
    )
    .await
    .unwrap();
    assert_eq!(s, 401);
    let _ = host_a;

    let mut s0 = Socket::seat(addr, &a, 0, &ta[0], 0).await.unwrap();
    let mut s1 = Socket::seat(addr, &a, 1, &ta[1], 0).await.unwrap();
    let u0 = update(&mut s0).await;
    let u1 = update(&mut s1).await;
    let to_act = u0.to_act.unwrap();
    let (actor, idle, legal) = if to_act == 0 {
        (&mut s0, &mut s1, u0.moves.unwrap())
    } else {
        (&mut s1, &mut s0, u1.moves.unwrap())
    };
    let before = log_len(addr, &a).await;
    // Out of turn, by text and by id.
    idle.send(&format!("{{\"action\":\"{}\"}}", legal[0].text))
        .await
        .unwrap();
    refused(idle, "not_your_turn").await;
    idle.send(r#"{"move":0}"#).await.unwrap();
    refused(idle, "not_your_turn").await;
    // Malformed, truncated, two actions in one message, unknown fields, binary, not an action, no such move.
    for text in [
        "hello",
        r#"{"action":"st"#,
        r#"{"action":"stand","move":1}"#,
        r#"{"seat":0,"action":"stand"}"#,
        r#"["move",1]"#,
        r#"{"action":"dance"}"#,
        r#"{"move":4000}"#,
    ] {
        actor.send(text).await.unwrap();
        refused(actor, "bad_request").await;
    }
    actor
        .send_raw(Message::Binary(vec![1, 2, 3].into()))
        .await
        .unwrap();
    refused(actor, "bad_request").await;
    assert_eq!(log_len(addr, &a).await, before, "nothing changed");
    // A flood: refused as rate_limited, then the connection is closed.
    let mut flood = Socket::seat(addr, &b, 0, &tb0, 0).await.unwrap();
    let _ = update(&mut flood).await;
    let mut limited = 0;
    let closed;
    for _ in 0..200 {
        if flood.send("{}").await.is_err() {
            break;
        }
    }
    loop {
        match next(&mut flood).await {
            Incoming::Refused { kind, .. } if kind == "rate_limited" => limited += 1,
            Incoming::Refused { kind, .. } => assert_eq!(kind, "bad_request"),
            Incoming::Closed(code) => {
                closed = code;
                break;
            }
            other => panic!("{other:?}"),
        }
    }
    assert!(limited > 0);
    assert_eq!(closed, Some(1008), "a flood closes the connection (policy)");
    // An oversized message closes the connection (message too big).
    let mut big = Socket::seat(addr, &b, 0, &tb0, 0).await.unwrap();
    let _ = update(&mut big).await;
    big.send(&format!("{{\"action\":\"{}\"}}", "x".repeat(5000)))
        .await
        .unwrap();
    match next(&mut big).await {
        Incoming::Closed(code) => assert_eq!(code, Some(1009)),
        other => panic!("an oversized message closes the connection, got {other:?}"),
    }
    // Nothing changed anywhere, the server is up, and the honest seat still plays.
    assert_eq!(log_len(addr, &a).await, before);
    let (s, _) = http(addr, "GET", "/health", None, None).await.unwrap();
    assert_eq!(s, 200);
    actor
        .send(&format!("{{\"move\":{}}}", legal[0].id))
        .await
        .unwrap();
    match next(actor).await {
        Incoming::Ack { action, .. } => assert_eq!(action, legal[0].text),
        other => panic!("{other:?}"),
    }
    Sqlite::remove(&db);
}

/// Sends one text message as `count` fragments of `size` bytes.
async fn fragmented(socket: &mut Socket, count: usize, size: usize) {
    use tokio_tungstenite::tungstenite::protocol::frame::Frame;
    use tokio_tungstenite::tungstenite::protocol::frame::coding::{Data, OpCode};
    for k in 0..count {
        let opcode = OpCode::Data(if k == 0 { Data::Text } else { Data::Continue });
        let frame = Frame::message(vec![b'x'; size], opcode, k + 1 == count);
        if socket.send_raw(Message::Frame(frame)).await.is_err() {
            break;
        }
        if k % 10 == 9 {
            // The rest arrives after the server has seen the message is too large.
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_message_over_the_limit_closes_with_1009_however_fragmented() {
    let db = temp_db("fragments");
    let server = start(config(&db)).await;
    let addr = server.addr;
    let (id, _) = create(addr, r#"{"game":"trump21","seats":2}"#).await;
    let token = join(addr, &id, 0).await;
    for (count, size) in [
        (2, 3000),
        (100, 1024),
        (1000, 64),
        (100, 1024),
        (100, 1024),
        (400, 1024),
        (100, 1000),
    ] {
        let mut socket = Socket::seat(addr, &id, 0, &token, 0).await.unwrap();
        let _ = update(&mut socket).await;
        fragmented(&mut socket, count, size).await;
        match next(&mut socket).await {
            Incoming::Closed(code) => assert_eq!(code, Some(1009), "{count} x {size}"),
            other => panic!("{count} x {size}: {other:?}"),
        }
    }
    Sqlite::remove(&db);
}

/// A flood of new tables stops at `max_tables` open ones: the next is
/// refused (503, naming the flag) and not stored, and a game that ends
/// makes room again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn new_tables_stop_at_the_most_the_server_holds() {
    let db = temp_db("hostile-tables");
    let mut config = config(&db);
    config.max_tables = 2;
    let server = start(config).await;
    let (first, _) = create(server.addr, r#"{"game":"hearts"}"#).await;
    create(server.addr, r#"{"game":"hearts"}"#).await;
    let body = r#"{"game":"hearts"}"#;
    let (status, text) = http(server.addr, "POST", "/tables", Some(body), None)
        .await
        .unwrap();
    assert_eq!(status, 503, "{text}");
    assert!(text.contains("--max-tables"), "{text}");
    assert_eq!(server.hub.len(), 2);
    let cell = server.hub.table(&first).await.unwrap();
    play_out(&server, &cell).await;
    create(server.addr, r#"{"game":"hearts"}"#).await;
    assert_eq!(server.hub.len(), 2);
    let stored = rusqlite::Connection::open(&db).unwrap();
    let count: i64 = stored
        .query_row("SELECT COUNT(*) FROM tables", [], |r| r.get(0))
        .unwrap();
    assert_eq!(count, 3, "the refused table was stored");
    server.task.abort();
    Sqlite::remove(&db);
}

/// A connection to `addr` from `from`, a loopback address (the whole of
/// 127/8 is this machine's), so that one test can be several clients.
async fn connect_from(from: std::net::IpAddr, addr: std::net::SocketAddr) -> tokio::net::TcpStream {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.bind(std::net::SocketAddr::new(from, 0)).unwrap();
    socket.connect(addr).await.unwrap()
}

/// `POST /tables` from `from`: the status, the head and the body.
async fn create_from(
    from: std::net::IpAddr,
    addr: std::net::SocketAddr,
    body: &str,
) -> (u16, String, String) {
    create_with(from, addr, "", body).await
}

/// The same with `headers`, header lines each ending in CRLF.
async fn create_with(
    from: std::net::IpAddr,
    addr: std::net::SocketAddr,
    headers: &str,
    body: &str,
) -> (u16, String, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = connect_from(from, addr).await;
    let request = format!(
        "POST /tables HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n{headers}\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut raw = String::new();
    stream.read_to_string(&mut raw).await.unwrap();
    let (head, rest) = raw.split_once("\r\n\r\n").unwrap();
    let status = head.split_whitespace().nth(1).unwrap().parse().unwrap();
    (status, head.to_ascii_lowercase(), rest.to_string())
}

/// One address may make `--table-burst` tables at once, then one each
/// `--table-rate`th of a minute: past that it gets 429 (`rate_limited`,
/// naming the flags, with `Retry-After`) and no table; bad requests count
/// too; another address has its own allowance.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_may_make_only_so_many_tables_a_minute() {
    let db = temp_db("hostile-rate");
    let mut config = config(&db);
    config.table_burst = 3;
    config.tables_per_minute = 1.0;
    let server = start(config).await;
    let addr = server.addr;
    let ip = |s: &str| s.parse::<std::net::IpAddr>().unwrap();
    let good = r#"{"game":"trump21","seats":2}"#;
    for _ in 0..3 {
        let (status, _, body) = create_from(ip("127.0.0.1"), addr, good).await;
        assert_eq!(status, 201, "{body}");
    }
    let (status, head, body) = create_from(ip("127.0.0.1"), addr, good).await;
    assert_eq!(status, 429, "{body}");
    assert!(body.contains("\"kind\":\"rate_limited\""), "{body}");
    assert!(body.contains("--table-rate"), "{body}");
    let wait: u64 = head
        .lines()
        .find_map(|l| l.strip_prefix("retry-after: "))
        .expect("a Retry-After header")
        .trim()
        .parse()
        .unwrap();
    // One table a minute: the next comes within a minute.
    assert!((1..=60).contains(&wait), "{wait}");
    assert_eq!(server.hub.len(), 3, "the refused request made a table");
    // Another address has its own allowance.
    let (status, _, body) = create_from(ip("127.0.0.2"), addr, good).await;
    assert_eq!(status, 201, "{body}");
    // Requests that are refused for what they ask count as well.
    for _ in 0..3 {
        let (status, _, _) = create_from(ip("127.0.0.3"), addr, "{").await;
        assert_eq!(status, 400);
    }
    let (status, _, body) = create_from(ip("127.0.0.3"), addr, good).await;
    assert_eq!(status, 429, "{body}");
    assert_eq!(server.hub.len(), 4);
    // Counted under its kind.
    let (_, metrics) = http(addr, "GET", "/metrics", None, None).await.unwrap();
    assert!(
        metrics
            .lines()
            .any(|l| l.contains("rate_limited") && l.ends_with(" 2")),
        "{metrics}"
    );
    server.task.abort();
    Sqlite::remove(&db);
}

/// Behind a proxy that names the client in a header (`--client-ip-header`),
/// the limits count by that address; a request without it, or with one
/// that is not an address, counts by the TCP peer's.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn behind_a_proxy_the_limits_count_the_address_it_names() {
    let db = temp_db("hostile-proxy");
    let mut config = config(&db);
    config.table_burst = 1;
    config.tables_per_minute = 1.0;
    config.client_ip_header = Some("x-real-ip".parse().unwrap());
    let server = start(config).await;
    let proxy: std::net::IpAddr = "127.0.0.1".parse().unwrap();
    let good = r#"{"game":"trump21","seats":2}"#;
    let status = |headers: &'static str| {
        let addr = server.addr;
        async move { create_with(proxy, addr, headers, good).await.0 }
    };
    assert_eq!(status("X-Real-IP: 203.0.113.5\r\n").await, 201);
    assert_eq!(status("X-Real-IP: 203.0.113.5\r\n").await, 429);
    assert_eq!(status("x-real-ip: 203.0.113.6\r\n").await, 201);
    // A chain: the client's own claim first is not read, the last entry is.
    assert_eq!(
        status("X-Real-IP: 198.51.100.9, 203.0.113.6\r\n").await,
        429
    );
    // Two lines: the last one, which the nearest proxy wrote.
    assert_eq!(
        status("X-Real-IP: 203.0.113.6\r\nX-Real-IP: 203.0.113.7:4711\r\n").await,
        201
    );
    assert_eq!(status("X-Real-IP: 2001:db8::1\r\n").await, 201);
    assert_eq!(
        status("X-Real-IP: 2001:db8::2\r\n").await,
        429,
        "the same /64"
    );
    // The proxy's own address, for a request it did not name.
    assert_eq!(status("").await, 201);
    assert_eq!(status("X-Real-IP: nonsense\r\n").await, 429);
    assert_eq!(server.hub.len(), 5);
    server.task.abort();
    Sqlite::remove(&db);
}

/// Behind two proxies that both append to `X-Forwarded-For`
/// (`--client-ip-hops 2`), the client is the second entry from the end; the
/// lines of a repeated header count as one chain.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn behind_two_proxies_the_client_is_the_second_entry_from_the_end() {
    let db = temp_db("hostile-hops");
    let mut config = config(&db);
    config.table_burst = 1;
    config.tables_per_minute = 1.0;
    config.client_ip_header = Some("x-forwarded-for".parse().unwrap());
    config.client_ip_hops = 2;
    let server = start(config).await;
    let proxy: std::net::IpAddr = "127.0.0.1".parse().unwrap();
    let good = r#"{"game":"trump21","seats":2}"#;
    let status = |headers: String| {
        let addr = server.addr;
        async move { create_with(proxy, addr, &headers, good).await.0 }
    };
    let xff = |chain: &str| format!("X-Forwarded-For: {chain}\r\n");
    assert_eq!(status(xff("203.0.113.5, 10.0.0.1")).await, 201);
    // Another inner proxy, the same client; the client's claim is not read.
    assert_eq!(
        status(xff("198.51.100.9, 203.0.113.5, 10.0.0.2")).await,
        429
    );
    assert_eq!(status(xff("203.0.113.6") + &xff("10.0.0.1")).await, 201);
    // A chain too short for two proxies counts by the peer.
    assert_eq!(status(xff("10.0.0.1")).await, 201);
    assert_eq!(status(xff("10.0.0.1")).await, 429);
    assert_eq!(server.hub.len(), 3);
    server.task.abort();
    Sqlite::remove(&db);
}

/// A spectator's WebSocket to `id` opened from `from`, or the handshake's
/// error.
async fn spectate_from(
    from: std::net::IpAddr,
    addr: std::net::SocketAddr,
    id: &str,
) -> Result<impl Sized, String> {
    let stream = connect_from(from, addr).await;
    let url = format!("ws://{addr}/tables/{id}/spectate?from=0");
    tokio_tungstenite::client_async(url, stream)
        .await
        .map_err(|e| e.to_string())
}

/// One address may hold `--connections-per-address` WebSockets open, seats
/// and spectators together: the next handshake is refused with 429 until
/// one closes; another address has its own.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_may_hold_only_so_many_connections() {
    let db = temp_db("hostile-connections");
    let mut config = config(&db);
    config.connections_per_address = 2;
    let server = start(config).await;
    let addr = server.addr;
    let (id, _) = create(addr, r#"{"game":"trump21","seats":2}"#).await;
    let token = join(addr, &id, 0).await;
    let ip = |s: &str| s.parse::<std::net::IpAddr>().unwrap();
    let seat = Socket::seat(addr, &id, 0, &token, 0).await.unwrap();
    let watching = spectate_from(ip("127.0.0.1"), addr, &id).await.unwrap();
    let e = spectate_from(ip("127.0.0.1"), addr, &id)
        .await
        .err()
        .expect("refused");
    assert!(e.contains("429"), "{e}");
    let (status, body) = http(addr, "GET", &format!("/tables/{id}/spectate"), None, None)
        .await
        .unwrap();
    assert_eq!(
        status, 400,
        "a plain GET is told of the handshake first: {body}"
    );
    // Another address has its own.
    let other = spectate_from(ip("127.0.0.2"), addr, &id).await.unwrap();
    assert_eq!(server.hub.connections.of(ip("127.0.0.1")), 2);
    // A closed connection makes room, once the server sees it close.
    drop(seat);
    let mut again = None;
    for _ in 0..200 {
        if let Ok(s) = spectate_from(ip("127.0.0.1"), addr, &id).await {
            again = Some(s);
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    assert!(
        again.is_some(),
        "the closed seat's connection was not let go"
    );
    let (_, metrics) = http(addr, "GET", "/metrics", None, None).await.unwrap();
    assert!(
        metrics
            .lines()
            .any(|l| l.contains("rate_limited") && !l.ends_with(" 0")),
        "{metrics}"
    );
    drop((watching, other, again));
    server.task.abort();
    Sqlite::remove(&db);
}

/// The highest `cards_bots_choosing` and `cards_bots_waiting` read from
/// `GET /metrics` over about a second, while three tables of four hard
/// Shithead bots play, with `--bot-threads` at `threads`.
async fn bots_at_once(threads: usize) -> (i64, i64) {
    let db = temp_db("hostile-bots");
    let mut config = config(&db);
    config.bot_threads = threads;
    let server = start(config).await;
    let hard = r#"{"difficulty":"hard","seat":"#;
    let bots: Vec<String> = (0..4).map(|s| format!("{hard}{s}}}")).collect();
    let body = format!(r#"{{"game":"shithead","bots":[{}]}}"#, bots.join(","));
    for _ in 0..3 {
        create(server.addr, &body).await;
    }
    let gauge = |text: &str, name: &str| -> i64 {
        let line = text.lines().find(|l| l.starts_with(&format!("{name} ")));
        line.and_then(|l| l.split_once(' ')?.1.parse().ok())
            .unwrap_or_else(|| panic!("{name} is not in the metrics"))
    };
    let (mut choosing, mut waiting) = (0, 0);
    for _ in 0..200 {
        let (_, text) = http(server.addr, "GET", "/metrics", None, None)
            .await
            .unwrap();
        choosing = choosing.max(gauge(&text, "cards_bots_choosing"));
        waiting = waiting.max(gauge(&text, "cards_bots_waiting"));
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
    server.task.abort();
    Sqlite::remove(&db);
    (choosing, waiting)
}

/// Tables full of hard bots (a host can open as many as `--max-tables`)
/// take turns for `--bot-threads` threads instead of taking the blocking
/// pool: with one, one move is chosen at a time and the other tables wait;
/// with three, the three tables choose side by side.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tables_of_hard_bots_take_turns_for_the_bot_threads() {
    let (choosing, waiting) = bots_at_once(1).await;
    assert_eq!(choosing, 1, "moves chosen at once with one bot thread");
    assert!(
        waiting >= 2,
        "{waiting} tables at most seen waiting for the one bot thread"
    );
    let (choosing, _) = bots_at_once(3).await;
    assert!(
        choosing > 1,
        "three bot threads chose {choosing} at once at most"
    );
}
