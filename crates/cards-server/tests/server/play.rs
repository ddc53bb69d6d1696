//! Whole games over the WebSocket, reconnection from an event index, bots of
//! away and empty seats, reloading every open table from the store, finished tables
//! served from the store without coming back into memory, and the
//! spectators' update made once a change.

use std::time::Duration;

use crate::common::*;
use cards_server::client::{Incoming, Socket, http};
use cards_server::store::sqlite::Sqlite;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_with_a_bot_plays_to_its_end_and_reconnects_lose_nothing() {
    let db = temp_db("play");
    let server = start(config(&db)).await;
    let addr = server.addr;
    let (id, _) = create(
        addr,
        r#"{"game":"trump21","seats":3,"bots":[{"seat":2,"difficulty":"easy"}]}"#,
    )
    .await;
    let tokens = [join(addr, &id, 0).await, join(addr, &id, 1).await];
    // The listing shows no open seat now.
    let (_, open) = http(addr, "GET", "/tables", None, None).await.unwrap();
    assert!(!open.contains(&id), "{open}");
    let mut seen = [0usize; 2];
    let mut moves_played = 0;
    let mut done = [false; 2];
    // Each round: connect both seats from where they were, play until three
    // more moves are acknowledged, then drop both connections.
    while !done.iter().all(|d| *d) {
        let mut a = Socket::seat(addr, &id, 0, &tokens[0], seen[0])
            .await
            .unwrap();
        let mut b = Socket::seat(addr, &id, 1, &tokens[1], seen[1])
            .await
            .unwrap();
        let mut acks = 0;
        while acks < 3 && !done.iter().all(|d| *d) {
            let (s, message) = tokio::time::timeout(Duration::from_secs(5), async {
                tokio::select! {
                    m = a.next(), if !done[0] => (0, m.unwrap()),
                    m = b.next(), if !done[1] => (1, m.unwrap()),
                }
            })
            .await
            .expect("a message within 5 s");
            let socket = if s == 0 { &mut a } else { &mut b };
            match message {
                Incoming::Ack { next, .. } => {
                    assert!(next > seen[s]);
                    acks += 1;
                    moves_played += 1;
                }
                Incoming::Update(u) => {
                    assert!(
                        u.events.first().is_none_or(|e| e.index == seen[s]),
                        "resumed at {}",
                        seen[s]
                    );
                    assert!(u.events.windows(2).all(|w| w[1].index == w[0].index + 1));
                    assert!(u.next >= seen[s]);
                    seen[s] = u.next;
                    if u.outcome.is_some() {
                        done[s] = true;
                    } else if let Some(moves) = u.moves {
                        assert_eq!(u.to_act, Some(s));
                        let id = moves.last().unwrap().id;
                        socket.send(&format!("{{\"move\":{id}}}")).await.unwrap();
                    } else {
                        assert_ne!(u.to_act, Some(s), "the seat to act gets its moves");
                    }
                }
                other => panic!("{other:?}"),
            }
        }
    }
    let table = summary(addr, &id).await;
    assert!(table["places"].is_array(), "{table}");
    assert!(moves_played > 0);
    assert_eq!(seen[0], table["log_len"].as_u64().unwrap() as usize);
    Sqlite::remove(&db);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_away_seat_is_played_by_a_bot_and_taken_back_on_return() {
    let db = temp_db("away");
    let mut config = config(&db);
    config.away_after = Duration::from_millis(200);
    config.sweep_every = Duration::from_millis(20);
    let server = start(config).await;
    let addr = server.addr;
    let (id, _) = create(addr, r#"{"game":"hearts"}"#).await;
    let tokens: Vec<String> = futures_join(addr, &id, 4).await;
    // Seat 0 stays; seats 1-3 never connect: they are joined and away, so
    // after 200 ms bots play for them whenever they are to act.
    let mut s0 = Socket::seat(addr, &id, 0, &tokens[0], 0).await.unwrap();
    let mut played = 0;
    while played < 6 {
        let u = update_after_acks(&mut s0).await;
        if let Some(moves) = u.moves {
            s0.send(&format!("{{\"move\":{}}}", moves[0].id))
                .await
                .unwrap();
            played += 1;
        }
    }
    let log_before = summary(addr, &id).await["log_len"].as_u64().unwrap();
    assert!(log_before > 6, "bots played for the away seats");
    // Seat 1 comes back: it gets its moves and the bot stops playing for it.
    let mut s1 = Socket::seat(addr, &id, 1, &tokens[1], 0).await.unwrap();
    let mut s1_moves = false;
    for _ in 0..200 {
        tokio::select! {
            m = s0.next() => {
                if let Incoming::Update(u) = m.unwrap()
                    && let Some(moves) = u.moves
                {
                    s0.send(&format!("{{\"move\":{}}}", moves[0].id)).await.unwrap();
                }
            }
            m = s1.next() => {
                if let Incoming::Update(u) = m.unwrap()
                    && u.moves.is_some()
                {
                    s1_moves = true;
                    break;
                }
            }
        }
    }
    assert!(s1_moves, "the returning seat is to act itself");
    tokio::time::sleep(Duration::from_millis(400)).await;
    let t = summary(addr, &id).await;
    assert_eq!(t["to_act"], 1, "no bot played for the returned seat: {t}");
    Sqlite::remove(&db);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_joined_late_has_its_full_away_time() {
    let db = temp_db("away-late");
    let mut config = config(&db);
    config.away_after = Duration::from_millis(1000);
    config.sweep_every = Duration::from_millis(20);
    let server = start(config).await;
    let addr = server.addr;
    let (id, _) = create(addr, r#"{"game":"crazy-eights","seats":2}"#).await;
    // Longer than away_after after the table's start, nobody joined yet.
    tokio::time::sleep(Duration::from_millis(1200)).await;
    let t = summary(addr, &id).await;
    let (to_act, log) = (t["to_act"].as_u64().unwrap(), t["log_len"].clone());
    join(addr, &id, to_act as usize).await;
    // Within its second no bot plays for the seat just joined...
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(
        summary(addr, &id).await["log_len"],
        log,
        "played for at once"
    );
    // ...and after it, with no connection opened, one does.
    tokio::time::sleep(Duration::from_millis(1200)).await;
    assert_ne!(summary(addr, &id).await["log_len"], log, "never played for");
    Sqlite::remove(&db);
}

/// A seat nobody has joined is played by a bot once the table has waited
/// `empty_seat_after` for a player, so a table nobody comes to plays out and
/// leaves memory instead of holding a place under `--max-tables` for ever;
/// a player may still join such a seat and take it from the bot.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn empty_seats_are_played_by_bots_after_their_wait_and_can_still_be_joined() {
    let db = temp_db("empty-seats");
    let mut config = config(&db);
    config.empty_seat_after = Duration::from_millis(600);
    config.sweep_every = Duration::from_millis(20);
    let server = start(config).await;
    let addr = server.addr;
    let (lonely, _) = create(addr, r#"{"game":"crazy-eights","seats":2}"#).await;
    let (id, _) = create(addr, r#"{"game":"hearts"}"#).await;
    let t0 = join(addr, &id, 0).await;
    let mut s0 = Socket::seat(addr, &id, 0, &t0, 0).await.unwrap();
    let log = summary(addr, &lonely).await["log_len"].clone();
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(
        summary(addr, &lonely).await["log_len"],
        log,
        "played at once"
    );
    // After the wait, bots play every seat of the lonely table to the end,
    // and it leaves memory.
    for waited in 0.. {
        if summary(addr, &lonely).await["places"].is_array() {
            break;
        }
        assert!(waited < 500, "the lonely table did not end within 10 s");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(server.hub.len(), 1, "the ended table is still held");
    // At the other table seat 0 plays, and bots play seats 1 to 3 for it.
    let mut played = 0;
    while played < 4 {
        if let Some(moves) = update_after_acks(&mut s0).await.moves {
            s0.send(&format!("{{\"move\":{}}}", moves[0].id))
                .await
                .unwrap();
            played += 1;
        }
    }
    // Seat 2 is still open: a player joins it and is asked for its moves.
    let t2 = join(addr, &id, 2).await;
    let mut s2 = Socket::seat(addr, &id, 2, &t2, 0).await.unwrap();
    let mut asked = false;
    for _ in 0..200 {
        tokio::select! {
            m = s0.next() => {
                if let Incoming::Update(u) = m.unwrap()
                    && let Some(moves) = u.moves
                {
                    s0.send(&format!("{{\"move\":{}}}", moves[0].id)).await.unwrap();
                }
            }
            m = s2.next() => {
                if let Incoming::Update(u) = m.unwrap()
                    && u.moves.is_some()
                {
                    asked = true;
                    break;
                }
            }
        }
    }
    assert!(asked, "the player who joined late is to act himself");
    tokio::time::sleep(Duration::from_millis(300)).await;
    let t = summary(addr, &id).await;
    assert_eq!(t["to_act"], 2, "a bot played for the joined seat: {t}");
    Sqlite::remove(&db);
}

async fn futures_join(addr: std::net::SocketAddr, id: &str, seats: usize) -> Vec<String> {
    let mut out = Vec::new();
    for s in 0..seats {
        out.push(join(addr, id, s).await);
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restarted_server_reloads_every_open_table_exactly() {
    let db = temp_db("reload");
    let first = start(config(&db)).await;
    let addr = first.addr;
    let mut ids = Vec::new();
    for game in cards_games::NAMES {
        let [fewest, _, most] = cards_games::AnyTable::seat_limits(game).unwrap();
        let seats = 3.clamp(fewest, most);
        // Every seat but 0 a bot (an unjoined seat would wait for its player).
        let bots: Vec<String> = (1..seats)
            .map(|s| {
                format!(
                    r#"{{"seat":{s},"difficulty":"{}"}}"#,
                    ["easy", "medium"][s % 2]
                )
            })
            .collect();
        let body = format!(
            r#"{{"game":"{game}","seats":{seats},"bots":[{}]}}"#,
            bots.join(",")
        );
        let (id, _) = create(addr, &body).await;
        let token = join(addr, &id, 0).await;
        let mut s = Socket::seat(addr, &id, 0, &token, 0).await.unwrap();
        let mut acted = 0;
        while acted < 5 {
            let u = update_after_acks(&mut s).await;
            if u.outcome.is_some() {
                break;
            }
            if let Some(moves) = u.moves {
                s.send(&format!("{{\"move\":{}}}", moves[moves.len() / 2].id))
                    .await
                    .unwrap();
                acted += 1;
            }
        }
        ids.push(id);
    }
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut saves = Vec::new();
    for id in &ids {
        let cell = first.hub.table(id).await.unwrap();
        saves.push(cell.live.lock().await.table.save());
    }
    first.task.abort();
    // A second server on the same file replays every table to the same save
    // (chance and bot streams included).
    let second = start(config(&db)).await;
    assert_eq!(second.report.failed, 0);
    assert!(second.report.loaded >= 1);
    // Every bot's move is replayed from the store, none asked again.
    assert_eq!(second.report.bots_asked, 0);
    for (id, save) in ids.iter().zip(&saves) {
        let cell = second.hub.table(id).await.unwrap();
        assert_eq!(&cell.live.lock().await.table.save(), save, "table {id}");
    }
    Sqlite::remove(&db);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn host_operations_come_from_the_host_or_a_seat_for_itself() {
    let db = temp_db("host");
    let server = start(config(&db)).await;
    let addr = server.addr;
    let (id, host_token) = create(addr, r#"{"game":"shithead","seats":4}"#).await;
    let tokens = futures_join(addr, &id, 4).await;
    let before = summary(addr, &id).await["log_len"].as_u64().unwrap();
    // The host removes seat 3.
    let (status, body) = http(
        addr,
        "POST",
        &format!("/tables/{id}/host"),
        Some(r#"{"op":"leave 3"}"#),
        Some(&host_token),
    )
    .await
    .unwrap();
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("\"ok\":true"), "{body}");
    assert!(summary(addr, &id).await["log_len"].as_u64().unwrap() > before);
    // A seat may ask to leave for itself only.
    let mut s1 = Socket::seat(addr, &id, 1, &tokens[1], 0).await.unwrap();
    let _ = update(&mut s1).await;
    s1.send(r#"{"host":"leave 2"}"#).await.unwrap();
    match next(&mut s1).await {
        Incoming::Refused { kind, .. } => assert_eq!(kind, "not_your_turn"),
        other => panic!("{other:?}"),
    }
    s1.send(r#"{"host":"leave 1"}"#).await.unwrap();
    match next(&mut s1).await {
        Incoming::Ack { action, .. } => assert_eq!(action, "leave 1"),
        other => panic!("{other:?}"),
    }
    Sqlite::remove(&db);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_s_summary_gives_its_rules_house_rules_included() {
    let db = temp_db("summary-rules");
    let server = start(config(&db)).await;
    let addr = server.addr;
    let (id, _) = create(addr, r#"{"game":"trump21","rules":{"lives":7}}"#).await;
    let rules = &summary(addr, &id).await["rules"];
    assert_eq!(rules["lives"], 7, "{rules}");
    // Every rule, the defaults too: the same keys as the game's defaults.
    let (_, games) = http(addr, "GET", "/games", None, None).await.unwrap();
    let games: serde_json::Value = serde_json::from_str(&games).unwrap();
    let defaults = games
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["name"] == "trump21")
        .unwrap()["rules"]
        .clone();
    let keys = |v: &serde_json::Value| v.as_object().unwrap().keys().cloned().collect::<Vec<_>>();
    assert_eq!(keys(rules), keys(&defaults));
    Sqlite::remove(&db);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_from_past_the_end_of_the_log_starts_at_its_end() {
    let db = temp_db("from-past-the-end");
    let server = start(config(&db)).await;
    let addr = server.addr;
    let (id, host) = create(addr, r#"{"game":"shithead","seats":3}"#).await;
    let t0 = join(addr, &id, 0).await;
    let len = summary(addr, &id).await["log_len"].as_u64().unwrap() as usize;
    let mut seat = Socket::seat(addr, &id, 0, &t0, len + 1000).await.unwrap();
    let mut spectator = Socket::connect(addr, &format!("/tables/{id}/spectate?from={}", len + 1))
        .await
        .unwrap();
    for socket in [&mut seat, &mut spectator] {
        let first = update(socket).await;
        assert!(first.events.is_empty(), "{:?}", first.events);
        assert_eq!(first.next, len);
    }
    // The next change's events follow on from the log's end, without a gap.
    let (status, body) = http(
        addr,
        "POST",
        &format!("/tables/{id}/host"),
        Some(r#"{"op":"leave 2"}"#),
        Some(&host),
    )
    .await
    .unwrap();
    assert_eq!(status, 200, "{body}");
    for socket in [&mut seat, &mut spectator] {
        let after = update(socket).await;
        assert_eq!(after.events.first().map(|e| e.index), Some(len));
        assert!(after.next > len);
    }
    Sqlite::remove(&db);
}

/// A finished table leaves memory, and asking for it (its summary, a
/// spectator) reads it from the store without keeping it there again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_table_is_served_from_the_store_and_not_kept() {
    let db = temp_db("finished");
    let server = start(config(&db)).await;
    let (id, cell) = hearts_table(&server).await;
    play_out(&server, &cell).await;
    assert_eq!(server.hub.len(), 0, "the finished table stayed in memory");
    for _ in 0..2 {
        let table = summary(server.addr, &id).await;
        assert!(!table["places"].is_null(), "{table}");
        let path = format!("/tables/{id}/spectate?from=0");
        let mut watcher = Socket::connect(server.addr, &path).await.unwrap();
        assert!(update(&mut watcher).await.outcome.is_some());
        assert_eq!(server.hub.len(), 0, "a request kept the finished table");
    }
    server.task.abort();
    Sqlite::remove(&db);
}

/// The task that stores a change writes the spectators' update once, the
/// same one a spectator would write for itself, and the spectators get it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_spectators_update_is_made_once_with_the_seats() {
    use cards_server::live::Command;

    let db = temp_db("spectators");
    let server = start(config(&db)).await;
    let (id, cell) = hearts_table(&server).await;
    let path = format!("/tables/{id}/spectate?from=0");
    let mut watchers = Vec::new();
    for _ in 0..2 {
        let mut watcher = Socket::connect(server.addr, &path).await.unwrap();
        update(&mut watcher).await;
        watchers.push(watcher);
    }
    let (seat, from) = {
        let live = cell.live.lock().await;
        (live.table.to_act().unwrap(), live.table.log_len())
    };
    server.hub.act(&cell, Command::Move(seat, 0)).await.unwrap();
    let made = cell.stored.borrow().ready(None, from).expect("made once");
    let (own, next) = server.hub.update(&cell, None, from).await;
    assert_eq!(made.as_str(), own);
    for watcher in &mut watchers {
        assert_eq!(update(watcher).await.next, next);
    }
    drop(watchers);
    server.task.abort();
    Sqlite::remove(&db);
}
