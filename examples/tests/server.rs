//! The generic JSON server and its clients, over many seeded games of each game.

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

#[test]
fn trump21_clients_list_exactly_the_servers_moves_over_100_games() {
    let t = serve_many::<trump21::Trump21>(trump21::Rules::default(), &[2, 3, 4], 100);
    assert_eq!(t.mismatches, 0);
    assert!(t.moves > 1_000, "{t:?}");
    assert_eq!(t.out_of_turn_refused, t.moves, "one refused sneak per move");
}

#[test]
fn schwimmen_clients_list_exactly_the_servers_moves_over_100_games() {
    let t = serve_many::<schwimmen::Schwimmen>(schwimmen::Rules::default(), &[2, 4, 9], 100);
    assert_eq!(t.mismatches, 0);
    assert!(t.moves > 1_000, "{t:?}");
    assert_eq!(t.out_of_turn_refused, t.moves, "one refused sneak per move");
}

#[test]
fn shithead_clients_list_exactly_the_servers_moves_over_100_games() {
    let t = serve_many::<shithead::Shithead>(shithead::Rules::default(), &[2, 3, 5], 100);
    assert_eq!(t.mismatches, 0);
    assert!(t.moves > 1_000, "{t:?}");
    assert_eq!(t.out_of_turn_refused, t.moves);
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
