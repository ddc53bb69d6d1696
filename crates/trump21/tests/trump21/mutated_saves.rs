//! Saves a client wrote (issue 22): the positions play never reaches are refused
//! naming their clause. That every save the game accepts, however it was
//! changed, plays on and stays saveable is checked by the conformance suite
//! (props.rs).

use cards_core::conformance::play_random;
use cards_core::{ChaCha8Rng, Game, Save, Seat, SeedableRng};
use trump21::*;

fn leaves() -> Vec<HostOp> {
    (0..8).map(|s| HostOp::Leave(Seat(s))).collect()
}

/// A state `steps` random steps into a game of `seats` seats (leaves mixed in).
fn reach(seats: usize, seed: u64, steps: usize) -> Trump21 {
    let g = Trump21::new(Rules::default(), seats).expect("2–8 seats");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    play_random(&g, &mut rng, steps, &leaves(), |_, _| Ok(()))
        .expect("random play keeps the contract")
        .0
}

fn refusal(setup: Setup) -> String {
    match Trump21::load(setup) {
        Ok(g) => panic!("loaded an unreachable position: {g:?}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn t5_1_a_seat_closed_before_the_deal_is_refused() {
    // The case: it loaded, and 4 top-up steps later its own save was refused.
    let g = Trump21::new(Rules::default(), 3).unwrap();
    assert_eq!(g.phase(), Phase::TopUp);
    let mut s = Setup::from(g.clone());
    s.seats[2].closed = true;
    assert!(refusal(s).contains("(T5.1)"));
    let mut s = Setup::from(g);
    s.seats[0].revealed = true;
    s.seats[0].hidden = 0;
    assert!(Trump21::load(s).is_err());
}

/// A state at a turn's start (its gamble, or a trump step with nothing open)
/// whose player to act is over the target by his open cards alone, which every
/// seat sees: closing everyone else ends the round.
fn turn_start_with_the_actor_over() -> Trump21 {
    for seed in 0..20_000u64 {
        let g = reach(2, seed, (seed % 97) as usize + 8);
        let start = matches!(g.phase(), Phase::Gamble)
            || (g.phase() == Phase::Play && g.open_trumps().is_empty());
        let open: u32 = g
            .open_cards(g.turn())
            .unwrap_or(&[])
            .iter()
            .map(|&v| u32::from(v))
            .sum();
        if start && open >= u32::from(g.target()) {
            return g;
        }
    }
    panic!("no turn start with the player to act over the target")
}

#[test]
fn t9_1_a_round_that_is_over_is_not_still_in_play() {
    let g = turn_start_with_the_actor_over();
    let mut s = Setup::from(g.clone());
    for (i, seat) in s.seats.iter_mut().enumerate() {
        if i != g.turn().index() && seat.status == Status::Active {
            seat.closed = true;
        }
    }
    assert!(refusal(s).contains("(T9, T9.1)"));
}

#[test]
fn t11_2_a_revealed_player_on_the_target_reached_by_the_turn_is_refused() {
    for seed in 0..5_000u64 {
        let g = reach(3, seed, (seed % 89) as usize + 8);
        if g.phase() == Phase::Gamble && g.total(g.turn()) == Some(u16::from(g.target())) {
            let mut s = Setup::from(g);
            let turn = s.turn.index();
            s.seats[turn].revealed = true;
            assert!(refusal(s).contains("(T11, T11.2)"));
            return;
        }
    }
    panic!("no gamble with the player to act on the target");
}
