//! Clauses T12.0–T12.6: playing trumps, Draw x, Damage+, Go for, Harvest,
//! Perfect draw and Love your enemy. One test (at least) per clause, named by
//! its ID, with the rules file's test facts.

use cards_core::{Actor, Game, Seat};
use trump21::*;

use crate::common::*;

#[test]
fn t12_0_a_played_trump_lies_open_and_a_useless_one_is_used_up() {
    let mut s = position(
        &[(2, &[3]), (2, &[3])],
        &[&[Trump::Draw5, Trump::Shield]],
        0,
    );
    deck_only(&mut s, &[1, 2]);
    let g = load(s);
    let after = run(&g, &["play draw-5"]);
    assert_eq!(
        after.open_trumps(),
        &[OpenTrump {
            kind: Trump::Draw5,
            holder: Seat(0)
        }]
    );
    assert_eq!(
        after.hidden_trumps(Seat(0)).unwrap(),
        trumps_of(&[Trump::Shield])
    );
    assert_eq!(
        after.open_cards(Seat(0)).unwrap(),
        &[3],
        "no 5 in the deck: nothing taken"
    );
    // Not held: refused with the rule.
    assert_eq!(
        g.apply(&"play harvest".parse().unwrap()),
        Err(Illegal::TrumpNotHeld)
    );
    assert!(
        "play shield @1".parse::<Action>().is_err(),
        "shield takes no target"
    );
    assert_eq!(
        g.apply(&Action::Play(Play::Simple(Trump::Love))),
        Err(Illegal::TrumpNotHeld)
    );
}

#[test]
fn t12_0_legality_never_depends_on_hidden_kinds() {
    // Destroy at an opponent's hidden trumps is listed by count only.
    let g = load(position(
        &[(2, &[3]), (2, &[3])],
        &[&[Trump::Destroy], &[Trump::Harvest]],
        0,
    ));
    let h = load(position(
        &[(2, &[3]), (2, &[3])],
        &[&[Trump::Destroy], &[Trump::Shield]],
        0,
    ));
    assert_eq!(legal(&g), legal(&h));
    assert!(is_legal(&g, "play destroy @1 hidden"));
}

#[test]
fn t12_1_draw_x_takes_that_value_from_the_deck_and_ends_the_turn() {
    let g = load(position(&[(2, &[3]), (2, &[3])], &[&[Trump::Draw7]], 0));
    let after = run(&g, &["play draw-7", "end"]);
    assert_eq!(after.open_cards(Seat(0)).unwrap(), &[3, 7]);
    assert_eq!(after.deck()[7], 3);
    assert_eq!(after.actor(), Actor::Player(Seat(1)));
    assert!(!after.is_closed(Seat(0)).unwrap());
    // A 7 only in the discards: nothing (the deck is not empty, so T6 does not apply).
    let mut s = position(&[(2, &[3]), (2, &[3])], &[&[Trump::Draw7]], 0);
    deck_only(&mut s, &[1]);
    let after = run(&load(s.clone()), &["play draw-7"]);
    assert_eq!(after.open_cards(Seat(0)).unwrap(), &[3]);
    // Empty deck: the discards become the deck first, then the 7 is taken.
    deck_only(&mut s, &[]);
    let after = run(&load(s), &["play draw-7", "end"]);
    assert_eq!(after.open_cards(Seat(0)).unwrap(), &[3, 7]);
}

#[test]
fn t12_2_damage_plus_adds_damage_to_the_player_it_lies_at() {
    let s = duel(
        (10, &[5]),
        (10, &[9]),
        &[Trump::Damage1, Trump::Damage2],
        &[],
    );
    let g = run(&load(s.clone()), &["play damage+2 @0", "close"]);
    assert_eq!(lives(&g), vec![6, 10], "2 + 2 at the loser himself");
    let g = run(&load(s.clone()), &["play damage+1 @1", "close"]);
    assert_eq!(lives(&g), vec![8, 10], "damage at a winner does nothing");
    assert!(is_legal(&load(s), "play damage+1 @0"), "yourself included");
}

#[test]
fn t12_3_go_for_sets_the_target_and_reopens_closed_players_under_it() {
    let mut s = position(
        &[(10, &[9]), (10, &[9, 4]), (10, &[11, 5])],
        &[&[Trump::GoFor24, Trump::GoFor17]],
        0,
    );
    s.seats[1].closed = true; // 23
    s.seats[2].closed = true; // 26
    let g = run(&load(s), &["play go-for-24"]);
    assert_eq!(g.target(), 24);
    assert!(!g.is_closed(Seat(1)).unwrap(), "23 ≤ 24: reopened");
    assert!(g.is_closed(Seat(2)).unwrap(), "26 > 24 stays closed");
    let g2 = run(&g, &["play go-for-17"]);
    assert_eq!(g2.target(), 17, "the most recent counts");
    let g3 = run(&g, &["close"]);
    assert_eq!(
        g3.actor(),
        Actor::Player(Seat(1)),
        "reopened player takes turns again"
    );
}

#[test]
fn t12_3_destroyed_go_for_falls_back_and_reopens_nobody() {
    let mut s = position(
        &[(10, &[9]), (10, &[5])],
        &[&[Trump::GoFor17, Trump::GoFor24, Trump::Destroy]],
        0,
    );
    s.seats[1].closed = true;
    let g = run(&load(s), &["play go-for-24", "play go-for-17"]);
    assert_eq!(g.target(), 17);
    let g = run(&g, &["play destroy @0 go-for-17"]);
    assert_eq!(g.target(), 24, "the earlier go for counts again");
    assert!(
        !g.is_closed(Seat(1)).unwrap(),
        "reopened by go for 24 earlier"
    );
}

#[test]
fn t12_4_harvest_makes_every_drawn_trump_bring_one_more() {
    let mut s = position(&[(2, &[3]), (2, &[3])], &[&[Trump::Harvest]], 0);
    for k in [Trump::Shield, Trump::Return, Trump::Destroy] {
        to_pile(&mut s, k);
    }
    let g = run(&load(s), &["play harvest", "draw", "card 1", "end"]);
    assert_eq!(g.open_trumps()[0].kind, Trump::Harvest);
    // Seat 1 has no harvest: one trump.
    let g = run(&g, &["gamble win", "trump shield"]);
    assert_eq!(g.actor(), Actor::Player(Seat(1)));
    let g = run(&g, &["draw", "card 1", "end", "gamble win", "trump return"]);
    assert_eq!(g.phase(), Phase::GambleDraw(1), "one more for seat 0");
    let g = run(&g, &["trump destroy"]);
    assert_eq!(
        g.hidden_trumps(Seat(0)).unwrap(),
        trumps_of(&[Trump::Return, Trump::Destroy])
    );
}

#[test]
fn t12_5_perfect_draw_takes_the_best_card_test_fact() {
    let r = Ranking::UnderFirst;
    let mut deck = [0u8; 12];
    for v in [4, 5, 6, 9] {
        deck[v] = 1;
    }
    assert_eq!(best_card(15, 21, &deck, r), Some(6));
    deck[6] = 0;
    assert_eq!(best_card(15, 21, &deck, r), Some(5));
    deck[5] = 0;
    assert_eq!(best_card(15, 21, &deck, r), Some(4));
    let mut over = [0u8; 12];
    over[9] = 1;
    over[7] = 2;
    assert_eq!(
        best_card(15, 21, &over, r),
        Some(7),
        "only cards over 6: the smallest"
    );
    assert_eq!(best_card(15, 21, &[0; 12], r), None);
    // In play: the card comes from the deck, the turn ends.
    let mut s = position(&[(10, &[5]), (2, &[3])], &[&[Trump::PerfectDraw]], 0);
    deck_only(&mut s, &[4, 5, 9]);
    let g = run(&load(s), &["play perfect-draw", "end"]);
    assert_eq!(g.open_cards(Seat(0)).unwrap(), &[5, 5]);
    assert_eq!(g.actor(), Actor::Player(Seat(1)));
}

#[test]
fn t12_6_love_your_enemy_gives_him_his_best_card_and_lies_at_him() {
    let mut s = position(&[(2, &[3]), (10, &[8])], &[&[Trump::Love]], 0);
    s.seats[1].closed = true;
    deck_only(&mut s, &[1, 3, 4, 11]);
    let g = run(&load(s.clone()), &["play love-your-enemy @1"]);
    assert_eq!(
        g.open_cards(Seat(1)).unwrap(),
        &[8, 3],
        "18 + 3 = 21 is his best"
    );
    assert_eq!(
        g.open_trumps(),
        &[OpenTrump {
            kind: Trump::Love,
            holder: Seat(1)
        }]
    );
    assert_eq!(g.actor(), Actor::Player(Seat(0)), "the turn goes on");
    assert!(g.is_closed(Seat(1)).unwrap(), "not reopened");
    assert!(
        !is_legal(&load(s.clone()), "play love-your-enemy @0"),
        "an opponent only"
    );
    // Option: a random card instead, as a chance step.
    s.rules.love = LoveCard::Random;
    let g = run(&load(s), &["play love-your-enemy @1"]);
    assert_eq!(g.actor(), Actor::Chance);
    assert_eq!(chance(&g).len(), 4);
    let g = run(&g, &["card 11"]);
    assert_eq!(g.open_cards(Seat(1)).unwrap(), &[8, 11]);
    assert_eq!(g.actor(), Actor::Player(Seat(0)));
}

#[test]
fn t12_6_love_your_enemy_at_a_seat_that_is_no_active_opponent_is_refused_naming_t12_6() {
    let g = load(position(&[(2, &[3]), (10, &[8])], &[&[Trump::Love]], 0));
    // Himself, and a seat that is not at the table.
    for text in ["play love-your-enemy @0", "play love-your-enemy @5"] {
        let err = g.apply(&text.parse().unwrap()).unwrap_err();
        assert_eq!(
            err.to_string(),
            "the seat chosen for Love your enemy must be an active opponent (T12.6)"
        );
    }
}

#[test]
fn t12_3_a_go_for_moved_by_exchange_keeps_its_place_in_time() {
    // Go for 24 then Go for 17 by seat 0; giving the 24 away does not make it the latest.
    let s = position(
        &[(2, &[3]), (2, &[3])],
        &[&[Trump::GoFor24, Trump::GoFor17, Trump::Exchange]],
        0,
    );
    let g = run(
        &load(s),
        &[
            "play go-for-24",
            "play go-for-17",
            "play exchange @1",
            "give open:go-for-24",
            "done",
        ],
    );
    assert_eq!(g.target(), 17);
    assert_eq!(
        g.open_trumps()[0],
        OpenTrump {
            kind: Trump::GoFor24,
            holder: Seat(1)
        }
    );
}

#[test]
fn t12_6_a_player_action_while_love_your_enemy_deals_a_random_card_is_refused_naming_t12_6() {
    let mut s = position(&[(2, &[3]), (10, &[8])], &[&[Trump::Love]], 0);
    s.rules.love = LoveCard::Random;
    let g = run(&load(s), &["play love-your-enemy @1"]);
    assert_eq!(
        g.apply(&Action::Close).unwrap_err().to_string(),
        "a chance step is pending (love your enemy's random card), so no player may act (T12.6)"
    );
}

#[test]
fn t12_5_perfect_draw_with_an_empty_deck_takes_the_discards_first() {
    // Seat 0 on 15, the deck empty: the discards become the deck (T6), and the best
    // card comes from them.
    let mut s = position(&[(10, &[5]), (2, &[3])], &[&[Trump::PerfectDraw]], 0);
    deck_only(&mut s, &[]);
    let g = load(s);
    let before = g.discards();
    assert_eq!(g.deck().total(), 0);
    let g = run(&g, &["play perfect-draw"]);
    assert_eq!(g.open_cards(Seat(0)).unwrap(), &[5, 6]);
    assert_eq!(g.discards().total(), 0, "the discards became the deck");
    assert_eq!(g.deck().total(), before.total() - 1);
    assert_eq!(g.deck()[6], before[6] - 1);
}

#[test]
fn t12_6_love_your_enemy_with_an_empty_deck_takes_the_discards_first() {
    let mut s = position(&[(2, &[3]), (10, &[5])], &[&[Trump::Love]], 0);
    deck_only(&mut s, &[]);
    let g = load(s);
    let before = g.discards();
    let g = run(&g, &["play love-your-enemy @1"]);
    assert_eq!(g.open_cards(Seat(1)).unwrap(), &[5, 6], "15 + 6 = 21");
    assert_eq!(g.discards().total(), 0);
    assert_eq!(g.deck().total(), before.total() - 1);
    assert_eq!(g.actor(), Actor::Player(Seat(0)));
}

#[test]
fn t12_6_love_your_enemy_at_a_player_already_over_gives_him_the_smallest_card() {
    // Seat 1 is on 24: no card keeps him at or under 21, so he gets the smallest.
    let mut s = position(&[(2, &[3]), (10, &[9, 5])], &[&[Trump::Love]], 0);
    deck_only(&mut s, &[3, 4, 8]);
    let g = run(&load(s), &["play love-your-enemy @1"]);
    assert_eq!(g.open_cards(Seat(1)).unwrap(), &[9, 5, 3]);
    assert_eq!(g.total(Seat(1)), Some(27));
    assert_eq!(g.deck()[3], 0);
}
