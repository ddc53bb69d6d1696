//! No frame sent to a seat names a card that seat may not see.
//!
//! Every seat of each table is a client; after each action every seat's
//! frame is read, and each card it names (in its events or its view) is
//! checked: a card that another seat holds privately (in that seat's view
//! but not in the spectator's), before or after the action, must be in this
//! seat's own view or public (in the spectator's view) before or after.
//!
//! `CARDS_LEAK_GAMES` sets the games a game of the list (default 1); the
//! documented run plays 1,000 games:
//! `CARDS_LEAK_GAMES=200 cargo test --release -p cards-server --test server leaks`.

use std::collections::HashSet;

use crate::common::*;
use cards_server::client::{Incoming, Socket, parse};
use cards_server::store::sqlite::Sqlite;

/// The cards a JSON or text names: two-character words of a rank and a suit.
fn cards(text: &str) -> HashSet<String> {
    text.split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| {
            let b = w.as_bytes();
            b.len() == 2 && b"23456789TJQKA".contains(&b[0]) && b"CDHS".contains(&b[1])
        })
        .map(str::to_string)
        .collect()
}

struct Sight {
    /// Each seat's view's cards.
    seats: Vec<HashSet<String>>,
    /// The spectator's.
    public: HashSet<String>,
}

impl Sight {
    async fn now(server: &cards_server::Running, id: &str, seats: usize) -> Sight {
        let cell = server.hub.table(id).await.unwrap();
        let live = cell.live.lock().await;
        Sight {
            seats: (0..seats)
                .map(|s| cards(&live.table.view_json(Some(s)).unwrap()))
                .collect(),
            public: cards(&live.table.view_json(None).unwrap()),
        }
    }

    fn private_to_others(&self, seat: usize) -> HashSet<String> {
        let mut out = HashSet::new();
        for (t, cards) in self.seats.iter().enumerate() {
            if t != seat {
                out.extend(cards.difference(&self.public).cloned());
            }
        }
        out
    }
}

/// The cards of `frame` that `seat` may not see: held privately by another
/// seat before or after the step, and neither in this seat's own view (before
/// or after) nor public (in the spectator's view, or named by the spectator's
/// frame of the same step, such as a showdown).
fn leaked(frame: &str, seat: usize, before: &Sight, after: &Sight, spectator: &str) -> Vec<String> {
    let mut hidden = before.private_to_others(seat);
    hidden.extend(after.private_to_others(seat));
    let public = cards(spectator);
    cards(frame)
        .into_iter()
        .filter(|c| {
            hidden.contains(c)
                && !public.contains(c)
                && !after.seats[seat].contains(c)
                && !before.seats[seat].contains(c)
                && !before.public.contains(c)
                && !after.public.contains(c)
        })
        .collect()
}

type Leak = (&'static str, usize, String);

/// Reads one frame a seat, checks each for leaks (against the sights before
/// and after the step and the spectator's frame); returns the seat to act
/// and its moves.
async fn read_frames(
    sockets: &mut [Socket],
    (before, after, public): (&Sight, &Sight, &str),
    game: &'static str,
    frames: &mut usize,
    leaks: &mut Vec<Leak>,
) -> Option<(usize, Vec<cards_server::client::MoveIn>)> {
    let mut to_act = None;
    for (s, socket) in sockets.iter_mut().enumerate() {
        let frame = socket.next_text().await.unwrap();
        *frames += 1;
        leaks.extend(
            leaked(&frame, s, before, after, public)
                .into_iter()
                .map(|c| (game, s, c)),
        );
        if let Incoming::Update(u) = parse(&frame).unwrap()
            && let Some(m) = u.moves
        {
            to_act = Some((s, m));
        }
    }
    to_act
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_frame_names_a_card_its_seat_may_not_see() {
    let games: usize = std::env::var("CARDS_LEAK_GAMES")
        .ok()
        .and_then(|g| g.parse().ok())
        .unwrap_or(1);
    let db = temp_db("leaks");
    let mut config = config(&db);
    config.rate_per_second = 1e6;
    config.burst = 1_000_000;
    config.tables_per_minute = 1e6;
    config.table_burst = 1_000_000;
    let server = start(config).await;
    let addr = server.addr;
    let mut frames = 0usize;
    let mut leaks = Vec::new();
    for game in cards_games::NAMES {
        let [_, seats, _] = cards_games::AnyTable::seat_limits(game).unwrap();
        for g in 0..games {
            let (id, _) = create(addr, &format!(r#"{{"game":"{game}","seats":{seats}}}"#)).await;
            let mut sockets = Vec::new();
            for s in 0..seats {
                let token = join(addr, &id, s).await;
                sockets.push(Socket::seat(addr, &id, s, &token, 0).await.unwrap());
            }
            let mut spectator = Socket::connect(addr, &format!("/tables/{id}/spectate?from=0"))
                .await
                .unwrap();
            let mut before = Sight::now(&server, &id, seats).await;
            let public = spectator.next_text().await.unwrap();
            let mut to_act_moves = read_frames(
                &mut sockets,
                (&before, &before, &public),
                game,
                &mut frames,
                &mut leaks,
            )
            .await;
            let mut step = g;
            while let Some((actor, moves)) = to_act_moves.take() {
                step = step
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let id_ = moves[(step >> 33) % moves.len()].id;
                sockets[actor]
                    .send(&format!("{{\"move\":{id_}}}"))
                    .await
                    .unwrap();
                match next(&mut sockets[actor]).await {
                    Incoming::Ack { .. } => {}
                    other => panic!("{other:?}"),
                }
                let after = Sight::now(&server, &id, seats).await;
                let public = spectator.next_text().await.unwrap();
                assert!(!public.contains("\"moves\""), "a spectator gets no moves");
                to_act_moves = read_frames(
                    &mut sockets,
                    (&before, &after, &public),
                    game,
                    &mut frames,
                    &mut leaks,
                )
                .await;
                before = after;
            }
            assert!(summary(addr, &id).await["places"].is_array());
        }
    }
    assert!(frames > 0);
    assert!(
        leaks.is_empty(),
        "{} leaks in {frames} frames, the first: {:?}",
        leaks.len(),
        &leaks[..leaks.len().min(5)]
    );
    Sqlite::remove(&db);
}

/// A stored table that no longer replays (its store spoilt, or a server
/// whose state's form changed) is refused to whoever asks, with or without
/// a token, and the refusal names neither the stored moves (a card passed
/// in Hearts is hidden from the other seats) nor the state's hash: those
/// go to the server's log only.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_that_does_not_replay_is_refused_without_its_moves() {
    use cards_server::client::http;
    use cards_server::live::{Command, Live};
    use cards_server::store::{Backend, TableRecord, Write};

    let db = temp_db("leaks-replay");
    let mut record = TableRecord {
        id: "00000000000abcde".into(),
        game: "hearts".into(),
        rules: cards_games::AnyTable::default_rules("hearts").unwrap(),
        seats: 4,
        seed: 12345,
        bots: vec![None; 4],
        tokens: (0..4).map(|s| Some(format!("{s}").repeat(32))).collect(),
        host_token: "h".repeat(32),
        finished: false,
        created_ms: None,
    };
    // A seed whose deal passes (the direction is dealt too): a pass is
    // hidden from the other seats.
    let mut live = Live::create(record.clone()).unwrap();
    let first_move = |live: &Live| {
        let seat = live.table.to_act().unwrap();
        live.table.legal_moves(seat).unwrap()[0].text.clone()
    };
    while !first_move(&live).starts_with("pass ") {
        record.seed += 1;
        live = Live::create(record.clone()).unwrap();
    }
    let seat = live.table.to_act().unwrap();
    let mut pass = live.apply(&Command::Move(seat, 0)).unwrap();
    assert!(pass.text.starts_with("pass "), "{}", pass.text);
    let passed = cards(&pass.text);
    assert_eq!(passed.len(), 1);
    pass.hash ^= 1;
    let spoilt = format!("{}", pass.hash);
    let mut store = Sqlite::open(&db, false).unwrap();
    store
        .commit(&[Write::Create(record.clone()), Write::Action(pass)])
        .unwrap();
    drop(store);

    let server = start(config(&db)).await;
    let id = &record.id;
    // Seat 1's token, for its socket: a seat is refused as anyone is.
    let token = "1".repeat(32);
    for (method, path) in [
        ("GET", format!("/tables/{id}")),
        ("GET", format!("/tables/{id}/spectate")),
        ("POST", format!("/tables/{id}/seats/1")),
        ("GET", format!("/tables/{id}/seats/1/ws?token={token}")),
    ] {
        let (status, body) = http(server.addr, method, &path, None, None).await.unwrap();
        assert_eq!(status, 503, "{method} {path}: {body}");
        assert!(body.contains("\"kind\":\"unavailable\""), "{body}");
        assert!(body.contains("does not replay"), "{body}");
        assert!(
            cards(&body).is_empty() && !body.contains(&spoilt) && !body.contains("hash"),
            "{method} {path} tells {passed:?} or the hash: {body}"
        );
    }
    server.task.abort();
    Sqlite::remove(&db);
}
