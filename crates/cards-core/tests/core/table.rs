//! The `Table` driver and the log: seeded games, restarts, replays with host
//! operations, events per viewer, acting and leaving for a seat.

use cards_core::{
    Actor, Bot, Card, ChaCha8Rng, Game, Leave, RandomBot, Rank, ReplayError, Rng, SeedableRng,
    Step, Suit, Table, TableError, Viewer, replay,
};

use crate::toy::{self, Toy, ToyAction, ToyError, ToyRules};

#[test]
fn a_seeded_game_is_pinned() {
    let mut table = Table::<Toy>::new(ToyRules::plain(), 2, 7).unwrap();
    let mut bots: Vec<Box<dyn Bot<Toy>>> = vec![Box::new(RandomBot), Box::new(RandomBot)];
    let outcome = table
        .play_bots(&mut bots, 100)
        .unwrap()
        .expect("the toy ends");
    let log: Vec<String> = table.log().iter().map(ToString::to_string).collect();
    assert_eq!(
        log.join(" | "),
        "chance: deal 3C | chance: deal 4C | seat 0: stand | seat 1: draw | chance: deal 4H | seat 1: stand",
    );
    assert_eq!(outcome.to_string(), "2 1", "seat 1 has 4 + 4 against 3");
}

#[test]
fn same_seed_same_game_other_seed_other_game() {
    let play = |seed| {
        let mut t = Table::<Toy>::new(ToyRules::plain(), 3, seed).unwrap();
        let mut bots: Vec<Box<dyn Bot<Toy>>> = (0..3)
            .map(|_| Box::new(RandomBot) as Box<dyn Bot<Toy>>)
            .collect();
        t.play_bots(&mut bots, 100).unwrap();
        t.log().to_vec()
    };
    assert_eq!(play(1), play(1));
    assert!((2..10).any(|s| play(s) != play(1)));
}

/// Picks like [`RandomBot`] but only through `choose`, so the table builds
/// its view: the slow path the two fast ones must match.
struct RandomWithView;
impl Bot<Toy> for RandomWithView {
    fn choose(&mut self, view: &toy::ToyView, legal: &[ToyAction], rng: &mut dyn Rng) -> ToyAction {
        assert!(view.me.is_some(), "a seat's view");
        Bot::<Toy>::choose(&mut RandomBot, view, legal, rng)
    }
}

/// Picks like [`RandomBot`] through `choose_without_view`, without declaring
/// itself uniform: the table asks it through the trait object.
struct RandomViewFree;
impl Bot<Toy> for RandomViewFree {
    fn choose(&mut self, _: &toy::ToyView, _: &[ToyAction], _: &mut dyn Rng) -> ToyAction {
        panic!("the table takes the view-free path first")
    }
    fn choose_without_view(&mut self, legal: &[ToyAction], rng: &mut dyn Rng) -> Option<ToyAction> {
        Bot::<Toy>::choose_without_view(&mut RandomBot, legal, rng)
    }
}

#[test]
fn uniform_view_free_and_view_reading_random_bots_play_the_same_games() {
    assert!(Bot::<Toy>::is_uniform_random(&RandomBot));
    assert!(!Bot::<Toy>::is_uniform_random(&RandomViewFree));
    assert!(!Bot::<Toy>::is_uniform_random(&RandomWithView));
    // Kind k at seat s: every path alone, and mixed tables, where the table
    // draws for the uniform seats only.
    let tables: [[u8; 3]; 5] = [[0, 0, 0], [1, 1, 1], [2, 2, 2], [0, 1, 2], [2, 0, 1]];
    for seed in 0..50 {
        let logs: Vec<_> = tables
            .iter()
            .map(|kinds| {
                let mut bots: Vec<Box<dyn Bot<Toy>>> = kinds
                    .iter()
                    .map(|k| match k {
                        0 => Box::new(RandomBot) as Box<dyn Bot<Toy>>,
                        1 => Box::new(RandomViewFree),
                        _ => Box::new(RandomWithView),
                    })
                    .collect();
                let mut t = Table::<Toy>::new(ToyRules::plain(), 3, seed).unwrap();
                t.play_bots(&mut bots, 100).unwrap();
                t.log().to_vec()
            })
            .collect();
        for (kinds, log) in tables.iter().zip(&logs) {
            assert_eq!(log, &logs[0], "seed {seed}, bots {kinds:?}");
        }
    }
}

#[test]
fn a_restarted_table_is_the_table_a_new_one_would_be() {
    let mut bots: Vec<Box<dyn Bot<Toy>>> = (0..3)
        .map(|_| Box::new(RandomBot) as Box<dyn Bot<Toy>>)
        .collect();
    let mut reused = Table::<Toy>::new(ToyRules::plain(), 3, 0).unwrap();
    for seed in 0..30 {
        // Two or three seats, so the start differs from the last game's.
        let seats = 2 + seed as usize % 2;
        let mut fresh = Table::<Toy>::new(ToyRules::plain(), seats, seed).unwrap();
        reused.restart(Toy::new(ToyRules::plain(), seats).unwrap(), seed);
        assert_eq!(reused.start(), fresh.start(), "seed {seed}");
        assert_eq!(reused.log(), fresh.log(), "seed {seed}: the deal");
        let a = reused.play_bots(&mut bots, 100).unwrap();
        let b = fresh.play_bots(&mut bots, 100).unwrap();
        assert_eq!((a, reused.log()), (b, fresh.log()), "seed {seed}");
        assert_eq!(
            replay(reused.start(), reused.log()).as_ref(),
            Ok(reused.state())
        );
    }
}

#[test]
fn the_log_replays_with_host_operations() {
    let mut t = Table::<Toy>::new(ToyRules::plain(), 3, 9).unwrap();
    assert!(
        matches!(t.actor(), Actor::Player(_)),
        "the table resolves the deal"
    );
    t.play(&ToyAction::Draw).unwrap();
    t.host(&Leave(cards_core::Seat(2))).unwrap();
    assert!(
        t.host(&Leave(cards_core::Seat(2))).is_err(),
        "cannot leave twice"
    );
    let before = t.state().clone();
    assert!(
        t.play(&ToyAction::Deal(Card::new(Rank::Ace, Suit::Spades)))
            .is_err()
    );
    assert_eq!(t.state(), &before, "a refused play changes nothing");
    assert!(t.log().iter().any(|s| matches!(s, Step::Host(_))));
    assert_eq!(replay(t.start(), t.log()).as_ref(), Ok(t.state()));
}

#[test]
fn events_since_show_each_seat_only_its_own_cards() {
    let t = Table::<Toy>::new(ToyRules::plain(), 2, 7).unwrap();
    // The deal: chance gave seat 0 the 3C and seat 1 the 4C.
    let seat0 = t.events_since(Viewer::Seat(cards_core::Seat(0)), 0);
    let seat1 = t.events_since(Viewer::Seat(cards_core::Seat(1)), 0);
    let crowd = t.events_since(Viewer::Spectator, 1);
    assert_eq!(seat0, ["you were dealt 3C", "seat 1 was dealt a card"]);
    assert_eq!(seat1, ["seat 0 was dealt a card", "you were dealt 4C"]);
    assert_eq!(crowd, ["seat 1 was dealt a card"]);
}

#[test]
fn play_as_refuses_a_seat_that_is_not_to_act_and_changes_nothing() {
    let mut t = Table::<Toy>::new(ToyRules::plain(), 2, 7).unwrap();
    assert_eq!(t.to_act(), Some(cards_core::Seat(0)));
    let before = t.state().clone();
    let err = t
        .play_as(cards_core::Seat(1), &ToyAction::Stand)
        .unwrap_err();
    assert_eq!(
        err,
        TableError::NotYourTurn {
            seat: cards_core::Seat(1),
            to_act: cards_core::Seat(0)
        }
    );
    assert_eq!(
        err.to_string(),
        "seat 1 may not act now: it is seat 0's turn"
    );
    assert_eq!(t.state(), &before);
    assert!(matches!(
        t.play_as(
            cards_core::Seat(0),
            &ToyAction::Deal(Card::new(Rank::Ace, Suit::Spades))
        ),
        Err(TableError::Illegal(_))
    ));
    t.play_as(cards_core::Seat(0), &ToyAction::Stand).unwrap();
    t.play_as(cards_core::Seat(1), &ToyAction::Stand).unwrap();
    assert_eq!(t.to_act(), None);
    let over = t
        .play_as(cards_core::Seat(0), &ToyAction::Stand)
        .unwrap_err();
    assert_eq!(
        over,
        TableError::GameOver {
            seat: cards_core::Seat(0),
            why: Some(ToyError::Over)
        }
    );
    assert_eq!(
        over.to_string(),
        "seat 0 may not act now: the toy game is over"
    );
    assert_eq!(t.check_turn(cards_core::Seat(0)), Err(over));
}

#[test]
fn host_as_lets_a_seat_leave_only_for_itself() {
    let mut t = Table::<Toy>::new(ToyRules::plain(), 3, 7).unwrap();
    let before = t.log().len();
    let err = t
        .host_as(cards_core::Seat(0), &Leave(cards_core::Seat(2)))
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "seat 0 may not ask for leave 2: only the host or the seat it names may"
    );
    assert_eq!(t.log().len(), before, "nothing changed");
    t.host_as(cards_core::Seat(2), &Leave(cards_core::Seat(2)))
        .unwrap();
    assert!(matches!(
        t.host_as(cards_core::Seat(2), &Leave(cards_core::Seat(2))),
        Err(TableError::Illegal(_))
    ));
}

#[test]
fn play_bots_with_too_few_bots_is_an_error_not_a_panic() {
    let mut t = Table::<Toy>::new(ToyRules::plain(), 3, 7).unwrap();
    let mut bots: Vec<Box<dyn Bot<Toy>>> = vec![Box::new(RandomBot), Box::new(RandomBot)];
    let before = t.log().len();
    assert_eq!(
        t.play_bots(&mut bots, 100),
        Err(TableError::MissingBot { bots: 2, seats: 3 })
    );
    assert_eq!(t.log().len(), before, "nothing was played");
}

#[test]
fn a_cursor_streams_each_entry_once_as_its_viewer_sees_it() {
    let mut t = Table::<Toy>::new(ToyRules::plain(), 3, 11).unwrap();
    let viewers = [
        Viewer::Seat(cards_core::Seat(0)),
        Viewer::Seat(cards_core::Seat(2)),
        Viewer::Spectator,
    ];
    let mut cursors: Vec<_> = viewers.iter().map(|&v| t.cursor(v)).collect();
    let mut streamed: Vec<Vec<String>> = vec![Vec::new(); viewers.len()];
    let mut bot_rng = ChaCha8Rng::seed_from_u64(3);
    let mut host_done = false;
    while let Some(seat) = t.to_act() {
        for (c, out) in cursors.iter_mut().zip(&mut streamed) {
            out.extend(t.events(c).iter().map(ToString::to_string));
            assert_eq!(c.position(), t.log().len());
        }
        if !host_done && seat == cards_core::Seat(1) {
            t.host(&Leave(cards_core::Seat(1))).unwrap();
            host_done = true;
            continue;
        }
        let mut legal = Vec::new();
        t.state().legal_actions(&mut legal);
        let a = Bot::<Toy>::choose(&mut RandomBot, &t.view(seat), &legal, &mut bot_rng);
        t.play_as(seat, &a).unwrap();
    }
    for ((c, out), &v) in cursors.iter_mut().zip(&mut streamed).zip(&viewers) {
        out.extend(t.events(c).iter().map(ToString::to_string));
        assert!(t.events(c).is_empty(), "nothing new after the end");
        assert_eq!(*out, t.events_since(v, 0), "{v:?}");
    }
    assert!(streamed[2].contains(&"host: leave 1".to_string()));
    assert_eq!(t.spectator_view(), t.state().observe(Viewer::Spectator));
}

#[test]
fn replay_names_the_entry_that_does_not_fit() {
    let t = Table::<Toy>::new(ToyRules::plain(), 2, 4).unwrap();
    let mut log = t.log().to_vec();
    let start = t.start().clone();
    // A player step where chance is to act.
    log.insert(0, Step::Player(cards_core::Seat(0), ToyAction::Stand));
    assert!(matches!(
        replay(&start, &log),
        Err(ReplayError::WrongActor { index: 0, .. })
    ));
    // A chance outcome that is not in the stock any more.
    let mut log = t.log().to_vec();
    log[1] = log[0].clone();
    assert!(matches!(
        replay(&start, &log),
        Err(ReplayError::Refused { index: 1, .. })
    ));
}
