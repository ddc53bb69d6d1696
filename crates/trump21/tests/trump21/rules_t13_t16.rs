//! Clauses T13–T16: damage, lives and elimination, the clean-up, views and
//! leaving. One test (at least) per clause, named by its ID, with the rules
//! file's test facts.

use cards_core::{Actor, Game, NoSuchSeat, Seat, Viewer};
use trump21::*;

use crate::common::*;

#[test]
fn t13_elimination_and_game_end_rank_by_order_of_elimination() {
    let mut s = position(&[(10, &[9]), (10, &[5]), (10, &[4])], &[], 0);
    s.seats[1].lives = 2;
    s.seats[2].lives = 1;
    s.seats[1].closed = true;
    s.seats[2].closed = true;
    let g = run(&load(s.clone()), &["close"]);
    assert_eq!(g.actor(), Actor::Terminal);
    assert_eq!(
        g.outcome().unwrap().places(),
        &[1, 2, 2],
        "same round: shared place"
    );
    assert_eq!(g.status(Seat(1)), Some(Status::Out(1)));
    // Out one round apart: the later ranks better.
    s.seats[1].lives = 3;
    let g = run(&load(s), &["close"]);
    assert_eq!(g.status(Seat(2)), Some(Status::Out(1)));
    assert_eq!(g.actor(), Actor::Chance, "two left: the game goes on");
    assert!(g.outcome().is_none());
}

#[test]
fn t13_1_eliminated_players_trumps_go_back_to_the_trump_deck() {
    let mut s = duel(
        (10, &[9]),
        (10, &[5]),
        &[],
        &[Trump::Shield, Trump::Harvest],
    );
    s.seats[1].lives = 1;
    let before = load(s.clone()).supply();
    let g = run(&load(s), &["close"]);
    assert!(g.hidden_trumps(Seat(1)).unwrap().is_empty());
    assert_eq!(g.supply().get(Trump::Shield), before.get(Trump::Shield) + 1);
    assert_eq!(
        g.supply().get(Trump::Harvest),
        before.get(Trump::Harvest) + 1
    );
}

#[test]
fn t13_2_round_limit_ends_the_game_ranked_by_lives() {
    let mut s = duel((10, &[9]), (10, &[5]), &[], &[]);
    s.rules.round_limit = 3;
    at_round(&mut s, 3);
    s.seats[0].lives = 4;
    let g = run(&load(s.clone()), &["close"]);
    assert_eq!(g.actor(), Actor::Terminal);
    assert_eq!(lives(&g), vec![4, 8]);
    assert_eq!(g.outcome().unwrap().places(), &[2, 1]);
    assert_eq!(
        Trump21::new(
            Rules {
                round_limit: 0,
                ..Rules::default()
            },
            2
        ),
        Err(SetupError::RoundLimit(0u32.into()))
    );
    assert_eq!(Rules::default().round_limit, 1000);
}

#[test]
fn t14_clean_up_discards_number_cards_returns_played_trumps_keeps_hidden_ones() {
    let s = duel(
        (10, &[9]),
        (10, &[5]),
        &[Trump::Shield, Trump::Return],
        &[Trump::Harvest],
    );
    let g = run(&load(s), &["play shield", "close"]);
    assert_eq!(g.round(), 2);
    assert_eq!(g.discards()[10], 2);
    assert_eq!(g.discards()[9], 1);
    assert_eq!(g.discards()[5], 1);
    assert!(g.open_trumps().is_empty());
    assert_eq!(
        g.hidden_trumps(Seat(0)).unwrap(),
        trumps_of(&[Trump::Return])
    );
    assert_eq!(
        g.hidden_trumps(Seat(1)).unwrap(),
        trumps_of(&[Trump::Harvest])
    );
    assert_eq!(
        g.supply().get(Trump::Shield) + g.draw_pile().get(Trump::Shield),
        3
    );
    assert_eq!(g.target(), 21);
}

#[test]
fn t15_views_show_own_hidden_cards_and_trumps_and_only_counts_of_others() {
    let s = position(
        &[(7, &[3]), (9, &[4])],
        &[&[Trump::Shield], &[Trump::Harvest, Trump::Return]],
        0,
    );
    let g = load(s);
    let v = g.observe(Viewer::Seat(Seat(0)));
    assert_eq!(v.seats[0].hidden, Some(7));
    assert_eq!(v.seats[1].hidden, None);
    assert!(v.seats[1].has_hidden);
    assert_eq!(v.seats[1].hidden_trumps, 2);
    assert_eq!(v.my_trumps, trumps_of(&[Trump::Shield]));
    assert_eq!(v.deck, 40);
    let spec = g.observe(Viewer::Spectator);
    assert!(spec.seats.iter().all(|s| s.hidden.is_none()));
    assert!(spec.my_trumps.is_empty());
    // Revealed cards are public.
    let mut s = position(&[(10, &[11]), (9, &[4])], &[], 0);
    s.seats[0].revealed = true;
    assert_eq!(load(s).observe(Viewer::Spectator).seats[0].hidden, Some(10));
}

#[test]
fn t15_3_a_go_for_tells_the_table_which_closed_players_are_at_or_under_it() {
    // Seat 1 is closed on 9 + 4 open; only his hidden card differs.
    let closed_at = |hidden| {
        let mut s = position(&[(10, &[9]), (hidden, &[9, 4])], &[&[Trump::GoFor17]], 0);
        s.seats[1].closed = true;
        load(s)
    };
    let (low, high) = (closed_at(3), closed_at(5));
    let spectator = |g: &Trump21| g.observe(Viewer::Spectator);
    assert_eq!(spectator(&low), spectator(&high), "alike before");
    let (low, high) = (
        run(&low, &["play go-for-17"]),
        run(&high, &["play go-for-17"]),
    );
    assert!(!spectator(&low).seats[1].closed, "16 ≤ 17: reopened");
    assert!(spectator(&high).seats[1].closed, "18 > 17: stays closed");
}

#[test]
fn t15_drawn_trumps_are_seen_only_by_the_drawer() {
    let mut s = position(&[(2, &[3]), (2, &[3])], &[], 0);
    to_pile(&mut s, Trump::Shield);
    s.phase = Phase::GambleDraw(1);
    let g = load(s);
    let a: Action = "trump shield".parse().unwrap();
    assert_eq!(
        g.event(&a, Viewer::Seat(Seat(0))).unwrap().to_string(),
        "you draw the trump Shield"
    );
    assert_eq!(
        g.event(&a, Viewer::Seat(Seat(1))).unwrap().to_string(),
        "seat 0 draws a trump"
    );
}

#[cfg(feature = "serde")]
#[test]
fn t15_view_json_holds_no_card_of_another_hand() {
    let s = position(
        &[(7, &[3]), (9, &[4])],
        &[&[Trump::Shield], &[Trump::Harvest]],
        0,
    );
    let g = load(s);
    let mut v = serde_json::to_value(g.observe(Viewer::Seat(Seat(0)))).unwrap();
    v.as_object_mut().unwrap().remove("rules");
    let json = v.to_string();
    assert!(
        !json.contains("harvest"),
        "seat 1's hidden trump leaked: {json}"
    );
    assert!(json.contains("shield"), "own trumps are shown");
    assert_eq!(v["seats"][1]["hidden"], serde_json::Value::Null);
    assert_eq!(v["seats"][0]["hidden"], 7);
}

#[test]
fn t16_leaving_player_is_out_at_once_and_ranks_behind_everyone() {
    let s = position(
        &[(2, &[3]), (5, &[6]), (2, &[3])],
        &[&[], &[Trump::Shield]],
        0,
    );
    let g = load(s);
    let supply = g.supply();
    let l = g.host(&HostOp::Leave(Seat(1))).unwrap();
    assert_eq!(l.status(Seat(1)), Some(Status::Left(1)));
    assert_eq!(l.discards()[5] + l.discards()[6], 2);
    assert_eq!(l.supply().get(Trump::Shield), supply.get(Trump::Shield) + 1);
    assert_eq!(l.actor(), Actor::Player(Seat(0)), "play goes on");
    let l2 = l.host(&HostOp::Leave(Seat(0))).unwrap();
    assert_eq!(
        l2.outcome().unwrap().places(),
        &[2, 3, 1],
        "the later leaver ranks better"
    );
    assert_eq!(
        l.host(&HostOp::Leave(Seat(1))),
        Err(Illegal::LeaveNotActive)
    );
    assert_eq!(
        g.host(&HostOp::Leave(Seat(7))),
        Err(Illegal::NoSuchSeat(NoSuchSeat {
            seat: Seat(7),
            seats: 3,
            clause: "T4, T16",
        }))
    );
    assert_eq!(
        g.host(&HostOp::Leave(Seat(3))).unwrap_err().to_string(),
        "there is no seat 3: the table has 3 seats (T4, T16)"
    );
}

#[test]
fn t16_1_leaving_mid_round_recomputes_target_moves_turn_and_checks_the_round() {
    let s = position(
        &[(2, &[3]), (5, &[6]), (2, &[3])],
        &[&[Trump::GoFor17, Trump::GoFor24]],
        0,
    );
    let g = run(&load(s), &["play go-for-24", "play go-for-17", "close"]);
    // Seat 1 to act; give the latest Go for to seat 1 by building it directly.
    let mut st = setup_of(&g);
    st.open_trumps[1].holder = Seat(1);
    let g = load(st);
    assert_eq!(g.target(), 17);
    let l = g.host(&HostOp::Leave(Seat(1))).unwrap();
    assert_eq!(l.target(), 24, "recomputed");
    assert!(l.is_closed(Seat(0)).unwrap(), "nobody reopened");
    assert_eq!(
        l.actor(),
        Actor::Player(Seat(2)),
        "his turn: the next player moves"
    );
    // The last opponent leaves: game over without scoring.
    let two = load(position(&[(2, &[3]), (5, &[6])], &[], 0));
    let over = two.host(&HostOp::Leave(Seat(1))).unwrap();
    assert_eq!(over.outcome().unwrap().places(), &[1, 2]);
    assert!(over.last_round().is_none());
    // T9 checked: the only player not closed leaves, the round is scored.
    let mut s = position(&[(2, &[3]), (5, &[6]), (10, &[9])], &[], 1);
    s.seats[0].closed = true;
    s.seats[2].closed = true;
    let l = load(s).host(&HostOp::Leave(Seat(1))).unwrap();
    assert_eq!(l.round(), 2);
    assert_eq!(lives(&l), vec![8, 10, 10]);
}

#[test]
fn t15_spectators_see_sizes_of_every_stack_and_nothing_hidden() {
    let mut s = position(&[(7, &[3]), (9, &[4])], &[&[Trump::Shield]], 0);
    to_pile(&mut s, Trump::Harvest);
    deck_only(&mut s, &[1, 2, 3]);
    let v = load(s).observe(Viewer::Spectator);
    assert_eq!((v.deck, v.draw_pile, v.supply), (3, 1, 30));
    assert_eq!(v.discards, 44 - 4 - 3);
    assert_eq!(v.seats[0].hidden_trumps, 1);
    assert!(v.my_trumps.is_empty());
    let mut legal = Vec::new();
    cards_core::SeatView::legal_actions(&v, &mut legal);
    assert!(legal.is_empty(), "a spectator has no actions");
}

#[test]
fn t15_a_landing_on_the_target_is_not_visible_to_others() {
    // Seat 0 at 20 or at 19 (his hidden card is 10 or 9) draws a 1: at 21 he may reveal,
    // at 20 not. Seat 1 and spectators must not tell the two apart: the same views and the
    // same events, step by step, until seat 0 chooses.
    let landed = load(position(&[(10, &[10]), (2, &[3])], &[], 0));
    let missed = load(position(&[(9, &[10]), (2, &[3])], &[], 0));
    let mut a = landed;
    let mut b = missed;
    for step in ["draw", "card 1", "end"] {
        let act: Action = step.parse().unwrap();
        for v in [Viewer::Seat(Seat(1)), Viewer::Spectator] {
            assert_eq!(a.observe(v), b.observe(v), "before {step}: {v:?}");
            assert_eq!(
                a.event(&act, v).unwrap(),
                b.event(&act, v).unwrap(),
                "{step}: {v:?}"
            );
        }
        a = run(&a, &[step]);
        b = run(&b, &[step]);
    }
    assert_eq!(
        a.observe(Viewer::Seat(Seat(1))),
        b.observe(Viewer::Seat(Seat(1)))
    );
    assert_eq!(a.actor(), Actor::Player(Seat(1)));
}

/// The text of the refusals of `close` and of a leave in a game that is over.
fn over_refusals(g: &Trump21) -> [String; 2] {
    assert_eq!(g.actor(), Actor::Terminal);
    [
        g.apply(&Action::Close).unwrap_err().to_string(),
        g.host(&HostOp::Leave(Seat(0))).unwrap_err().to_string(),
    ]
}

#[test]
fn t13_an_action_after_the_last_elimination_names_t13() {
    let mut s = duel((10, &[9]), (10, &[5]), &[], &[]);
    s.seats[1].lives = 2;
    let g = run(&load(s), &["close"]);
    for e in over_refusals(&g) {
        assert_eq!(
            e,
            "the game is over: at most one player has lives left (T13)"
        );
    }
}

#[test]
fn t13_2_an_action_after_the_round_limit_names_t13_2() {
    let mut s = duel((10, &[9]), (10, &[5]), &[], &[]);
    s.rules.round_limit = 3;
    at_round(&mut s, 3);
    let g = run(&load(s), &["close"]);
    for e in over_refusals(&g) {
        assert_eq!(e, "the game is over: the round limit was reached (T13.2)");
    }
}

#[test]
fn t16_1_an_action_after_a_leave_ended_the_game_names_t16_1() {
    let g = load(position(&[(2, &[3]), (5, &[6])], &[], 0));
    let g = g.host(&HostOp::Leave(Seat(1))).unwrap();
    for e in over_refusals(&g) {
        assert_eq!(e, "the game is over: a leave left one player (T16.1)");
    }
    // A leave whose T9 check scores the round, and the scoring eliminates: T13 ended it.
    let mut s = position(&[(2, &[3]), (5, &[6]), (10, &[9])], &[], 1);
    s.seats[0].closed = true;
    s.seats[2].closed = true;
    s.seats[0].lives = 2;
    let g = load(s).host(&HostOp::Leave(Seat(1))).unwrap();
    assert_eq!(g.status(Seat(0)), Some(Status::Out(2)));
    assert!(over_refusals(&g)[0].ends_with("(T13)"));
}

#[test]
fn t15_3_the_round_end_check_tells_the_table_whether_a_player_is_over() {
    // Seat 1 has not closed and shows 10 and 9; only his hidden card differs.
    let with_hidden = |hidden| load(position(&[(5, &[5]), (hidden, &[10, 9])], &[], 0));
    let (two, three) = (with_hidden(2), with_hidden(3));
    let spectator = |g: &Trump21| g.observe(Viewer::Spectator);
    assert_eq!(spectator(&two), spectator(&three), "alike before");
    let (two, three) = (run(&two, &["close"]), run(&three, &["close"]));
    assert_eq!(two.round(), 1, "21: the round goes on");
    assert_eq!(two.actor(), Actor::Player(Seat(1)));
    assert_eq!(three.round(), 2, "22 is over: the round ends (T9)");
    assert_eq!(three.last_round().unwrap().totals[1], 22);
}

#[test]
fn t13_four_players_out_in_two_rounds_rank_1_2_2_4() {
    // Round 2: seat 3 went out in round 1. Seats 1 and 2, with 2 lives each, lose
    // to seat 0 and go out together: they share the 2nd place, seat 3 is 4th.
    let mut s = position(&[(10, &[9]), (10, &[5]), (10, &[4]), (2, &[3])], &[], 0);
    for v in [2, 3] {
        s.discards[v] += 1;
    }
    s.seats[3] = SeatSetup {
        status: Status::Out(1),
        lives: 0,
        hidden: 0,
        revealed: false,
        closed: false,
        open_cards: vec![],
        trumps: TrumpCounts::EMPTY,
    };
    s.exits = 1;
    at_round(&mut s, 2);
    for i in [1, 2] {
        s.seats[i].lives = 2;
        s.seats[i].closed = true;
    }
    let g = run(&load(s), &["close"]);
    assert_eq!(g.actor(), Actor::Terminal);
    assert_eq!(g.status(Seat(1)), Some(Status::Out(2)));
    assert_eq!(g.status(Seat(2)), Some(Status::Out(2)));
    assert_eq!(g.outcome().unwrap().places(), &[1, 2, 2, 4]);
}

#[test]
fn t16_a_leavers_open_trumps_go_back_to_the_supply_and_those_he_laid_elsewhere_stay() {
    // Seat 1 has a Shield of his own and seat 0's Damage+1 lying at him, and laid a
    // Damage+2 at seat 0. He leaves in his turn.
    let s = position(
        &[(2, &[3]), (5, &[6]), (4, &[4])],
        &[&[Trump::Damage1], &[Trump::Shield, Trump::Damage2]],
        0,
    );
    let g = run(
        &load(s),
        &[
            "play damage+1 @1",
            "close",
            "play shield",
            "play damage+2 @0",
        ],
    );
    assert_eq!(g.open_trumps().len(), 3);
    let supply = g.supply();
    let l = g.host(&HostOp::Leave(Seat(1))).unwrap();
    assert_eq!(l.supply().get(Trump::Shield), supply.get(Trump::Shield) + 1);
    assert_eq!(
        l.supply().get(Trump::Damage1),
        supply.get(Trump::Damage1) + 1
    );
    assert_eq!(l.supply().get(Trump::Damage2), supply.get(Trump::Damage2));
    assert_eq!(
        l.open_trumps(),
        &[OpenTrump {
            kind: Trump::Damage2,
            holder: Seat(0)
        }]
    );
    assert_eq!(l.actor(), Actor::Player(Seat(2)));
}
