//! The generic JSON server and its clients, over many seeded games of every
//! game of the list (`cards_games`).

use examples::server::{ServedGame, serve_one_game};

fn serve_many<G: examples::server::Served>(
    rules: G::Rules,
    seats: &[usize],
    games: u64,
) -> ServedGame {
    let mut total = ServedGame::default();
    for seed in 0..games {
        let n = seats[(seed % seats.len() as u64) as usize];
        let g = serve_one_game::<G>(rules.clone(), n, seed)
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        total.moves += g.moves;
        total.out_of_turn_refused += g.out_of_turn_refused;
        total.mismatches += g.mismatches;
    }
    total
}

/// The seat counts a served game is tried at: those of 2 to 5 that the game
/// accepts with its default rules (or its smallest, where none of them is).
fn table_sizes<G: examples::server::Served>() -> Vec<usize> {
    let accepted = |n: &usize| G::new(G::Rules::default(), *n).is_ok();
    let sizes: Vec<usize> = (2..=5).filter(accepted).collect();
    if sizes.is_empty() {
        (1..=cards_core::MAX_SEATS)
            .filter(accepted)
            .take(1)
            .collect()
    } else {
        sizes
    }
}

/// Every game of the list is served (docs/protocol.md): over 100 seeded games
/// each, the clients list exactly the server's moves from their JSON views, and
/// every request sent out of turn is refused.
#[test]
fn every_game_is_served_and_clients_list_exactly_the_servers_moves_over_100_games() {
    fn check<G: examples::server::Served>(name: &str) -> usize {
        let sizes = table_sizes::<G>();
        assert!(!sizes.is_empty(), "{name}: no table size");
        let t = serve_many::<G>(G::Rules::default(), &sizes, 100);
        assert_eq!(t.mismatches, 0, "{name}: {t:?}");
        assert!(t.moves > 1_000, "{name}: {t:?}");
        assert_eq!(
            t.out_of_turn_refused, t.moves,
            "{name}: one refused sneak per move"
        );
        1
    }
    macro_rules! every {
        ($($krate:ident::$game:ident, $name:literal, $title:literal;)*) => {
            0 $(+ check::<cards_games::$krate::$game>($name))*
        };
    }
    let served = cards_games::for_each_game!(every);
    assert_eq!(served, cards_games::GAMES.len());
}

#[test]
fn bad_requests_are_refused_by_kind_and_change_nothing() {
    use examples::server::{Reply, Server};
    let mut server = Server::<trump21::Trump21>::new(trump21::Rules::default(), 2, 7).unwrap();
    let before = server.table().log().len();
    let seat = server.table().to_act().unwrap().0;
    let kind = |reply: String| match serde_json::from_str::<Reply>(&reply).unwrap() {
        Reply::Refused { kind, error } => (kind, error),
        Reply::Ok { .. } => ("ok".to_string(), String::new()),
    };
    assert_eq!(kind(server.handle("{not json")).0, "bad_request");
    assert_eq!(
        kind(server.handle(r#"{"seat": 0, "action": "draw", "extra": 1}"#)).0,
        "bad_request",
        "unknown fields are refused"
    );
    let (k, e) = kind(server.handle(r#"{"seat": 9, "action": "draw"}"#));
    assert_eq!(
        (k.as_str(), e.as_str()),
        ("bad_request", "there is no seat 9")
    );
    assert_eq!(
        kind(server.handle(&format!(r#"{{"seat": {seat}, "action": "fly away"}}"#))).0,
        "bad_request"
    );
    assert_eq!(
        kind(server.handle(&format!(r#"{{"seat": {}, "action": "draw"}}"#, 1 - seat))).0,
        "not_your_turn"
    );
    assert_eq!(server.table().log().len(), before);
}

#[test]
fn a_seat_may_leave_for_itself_only_and_a_misdeal_is_the_hosts() {
    use cards_core::{Seat, Table, TableError};
    let mut t = Table::<schwimmen::Schwimmen>::new(schwimmen::Rules::default(), 3, 1).unwrap();
    let misdeal: schwimmen::HostOp = "misdeal".parse().unwrap();
    assert!(matches!(
        t.host_as(Seat(0), &misdeal),
        Err(TableError::NotYourSeat { .. })
    ));
    let leave = |s: u8| format!("leave {s}");
    assert!(matches!(
        t.host_as(Seat(0), &leave(1).parse().unwrap()),
        Err(TableError::NotYourSeat { .. })
    ));
    t.host_as(Seat(1), &leave(1).parse().unwrap()).unwrap();
    let mut t = Table::<trump21::Trump21>::new(trump21::Rules::default(), 3, 1).unwrap();
    assert!(t.host_as(Seat(2), &leave(0).parse().unwrap()).is_err());
    t.host_as(Seat(0), &leave(0).parse().unwrap()).unwrap();
    let mut t = Table::<shithead::Shithead>::new(shithead::Rules::default(), 3, 1).unwrap();
    assert!(t.host_as(Seat(2), &leave(0).parse().unwrap()).is_err());
    t.host_as(Seat(0), &leave(0).parse().unwrap()).unwrap();
}
