//! Clauses T1–T9: the number and trump decks, seats and lives, the deal and the
//! turn order, drawing, gambling, closing and the end of a round. One test (at
//! least) per clause, named by its ID, with the rules file's test facts.

use cards_core::{Actor, Game, Seat};
use trump21::*;

use crate::common::*;

#[test]
fn t1_number_deck_has_four_copies_of_1_to_11() {
    let g = game(2);
    assert_eq!(g.deck(), NumberCounts::full(4));
    assert_eq!(g.deck().get(0), 0, "no value 0 (T1)");
    // Draws are weighted by the copies left: deal weights after one 7 is gone.
    let mut g = g;
    while g.phase() == Phase::TopUp {
        g = run(&g, &["trump shield"]);
    }
    let g = run(&g, &["card 7"]);
    let w = chance(&g);
    assert_eq!(w.len(), 11);
    assert!(w.contains(&("card 7".into(), 3)) && w.contains(&("card 8".into(), 4)));
}

#[test]
fn t1_copies_per_value_is_an_option() {
    let g = Trump21::new(
        Rules {
            copies: 2,
            ..Rules::default()
        },
        2,
    )
    .unwrap();
    assert_eq!(g.deck(), NumberCounts::full(2));
    assert_eq!(
        Trump21::new(
            Rules {
                copies: 0,
                ..Rules::default()
            },
            2
        ),
        Err(SetupError::Copies(0u8.into()))
    );
    assert_eq!(
        Trump21::new(
            Rules {
                copies: 5,
                ..Rules::default()
            },
            2
        ),
        Err(SetupError::Copies(5u8.into()))
    );
    // One copy of each value is 11 cards: too few to deal 2 cards to 8 players.
    assert_eq!(
        Trump21::new(
            Rules {
                copies: 1,
                ..Rules::default()
            },
            8
        ),
        Err(SetupError::DeckTooSmall)
    );
}

#[test]
fn t2_standard_trump_deck_has_32_cards_with_the_listed_counts() {
    let d = TrumpCounts::STANDARD;
    assert_eq!(d.total(), 32);
    for (k, n) in [
        (Trump::Draw2, 1),
        (Trump::Draw7, 1),
        (Trump::GoFor17, 1),
        (Trump::GoFor27, 1),
        (Trump::Damage1, 3),
        (Trump::Damage2, 2),
        (Trump::Shield, 3),
        (Trump::PerfectDraw, 2),
        (Trump::Love, 2),
        (Trump::Destroy, 3),
        (Trump::Exchange, 2),
        (Trump::Return, 3),
        (Trump::Switch, 2),
        (Trump::Harvest, 1),
    ] {
        assert_eq!(d.get(k), n, "{k}");
    }
    assert_eq!(game(2).supply(), d);
}

#[test]
fn t2_trump_counts_are_an_option() {
    let rules = Rules {
        trumps: trumps_of(&[Trump::Shield, Trump::Shield, Trump::Harvest]),
        ..Rules::default()
    };
    let g = Trump21::new(rules, 2).unwrap();
    assert_eq!(g.supply().total(), 3);
    let too_many = Rules {
        trumps: TrumpCounts([4; KINDS]),
        ..Rules::default()
    };
    assert_eq!(
        Trump21::new(too_many, 2),
        Err(SetupError::TrumpDeck(76u32.into()))
    );
}

#[test]
fn t3_draw_pile_is_topped_up_from_the_supply_to_active_plus_one() {
    let mut g = game(4);
    let mut steps = 0;
    while g.phase() == Phase::TopUp {
        // Weighted by the supply's counts.
        let w = chance(&g);
        let total: u32 = w.iter().map(|(_, x)| x).sum();
        assert_eq!(total, g.supply().total());
        assert!(
            w.iter()
                .all(|(a, x)| *x == u32::from(g.supply().get(a[6..].parse().unwrap())))
        );
        let first = w[0].0.clone();
        g = run(&g, &[first.as_str()]);
        steps += 1;
    }
    assert_eq!(
        steps, 5,
        "test fact: with 4 active players the pile is topped up to 5"
    );
    assert_eq!(g.draw_pile().total(), 5);
    assert_eq!(g.supply().total(), 27);
}

#[test]
fn t3_top_up_stops_when_the_supply_is_empty() {
    let rules = Rules {
        trumps: trumps_of(&[Trump::Shield]),
        ..Rules::default()
    };
    let g = run(&Trump21::new(rules, 3).unwrap(), &["trump shield"]);
    assert_eq!(g.phase(), Phase::Deal(0));
    assert_eq!(g.draw_pile().total(), 1);
}

#[test]
fn t4_two_to_eight_players_ten_lives_no_trumps() {
    assert_eq!(Trump21::new(Rules::default(), 1), Err(SetupError::Seats(1)));
    assert_eq!(Trump21::new(Rules::default(), 9), Err(SetupError::Seats(9)));
    let g = game(8);
    assert_eq!(lives(&g), vec![10; 8]);
    assert!((0..8).all(|s| g.hidden_trumps(Seat(s)).unwrap().is_empty()));
    assert_eq!(Rules::default().round_damage(0), 2);
    assert_eq!(Rules::default().round_damage(7), 2);
}

#[test]
fn t4_growing_round_damage_starts_at_1() {
    let rules = Rules {
        damage: RoundDamage::Growing,
        ..Rules::default()
    };
    assert_eq!(rules.round_damage(0), 1);
    assert_eq!(rules.round_damage(1), 2);
    let mut s = duel((10, &[9]), (10, &[5]), &[], &[]);
    s.rules = rules;
    at_round(&mut s, 4);
    let g = run(&load(s), &["close"]);
    assert_eq!(lives(&g), vec![10, 6], "fourth scored round: damage 4");
}

#[test]
fn t4_lives_option() {
    let g = Trump21::new(
        Rules {
            lives: 3,
            ..Rules::default()
        },
        2,
    )
    .unwrap();
    assert_eq!(lives(&g), vec![3, 3]);
    assert_eq!(
        Trump21::new(
            Rules {
                lives: 0,
                ..Rules::default()
            },
            2
        ),
        Err(SetupError::Lives(0u8.into()))
    );
}

/// A position at the start of the deal of round `round` opened by `opener`, pile already full.
fn deal_position(n: usize, opener: u8) -> Trump21 {
    let mut s = setup_of(&game(n));
    for _ in 0..=n {
        let k = s.supply.kinds().next().unwrap();
        to_pile(&mut s, k);
    }
    s.phase = Phase::Deal(0);
    s.opener = Seat(opener);
    at_round(&mut s, 2);
    load(s)
}

#[test]
fn t5_deal_gives_each_active_player_a_hidden_and_an_open_card() {
    let g = deal_position(3, 0);
    let g = run(
        &g,
        &["card 1", "card 2", "card 3", "card 4", "card 5", "card 6"],
    );
    for s in 0..3u8 {
        assert_eq!(g.hidden_card(Seat(s)), Some(Some(s + 1)));
        assert_eq!(g.open_cards(Seat(s)).unwrap(), &[s + 4]);
    }
    assert_eq!(g.target(), 21);
    assert_eq!(g.actor(), Actor::Chance, "the opener's gamble comes first");
    assert_eq!(g.turn(), Seat(0));
}

#[test]
fn t5_first_round_opened_by_seat_0_later_rounds_by_the_next_active_seat() {
    let g = game(3);
    assert_eq!(g.opener(), Seat(0));
    // Round ends: the next round is opened by seat 1; with seat 1 out, by seat 2.
    let mut s = position(&[(10, &[9]), (10, &[5]), (10, &[6])], &[], 0);
    s.seats[1].closed = true;
    s.seats[2].closed = true;
    let g = run(&load(s.clone()), &["close"]);
    assert_eq!((g.round(), g.opener()), (2, Seat(1)));
    s.seats[1] = SeatSetup {
        status: Status::Out(1),
        lives: 0,
        ..SeatSetup::default()
    };
    s.exits = 1;
    s.deck[10] += 1;
    s.deck[5] += 1;
    let g = run(&load(s), &["close"]);
    assert_eq!(g.opener(), Seat(2));
}

#[test]
fn t5_play_passes_to_the_next_seat_number() {
    let s = position(&[(2, &[3]), (2, &[3]), (2, &[3])], &[], 1);
    let g = run(&load(s), &["draw", "card 2", "end"]);
    assert_eq!(g.actor(), Actor::Player(Seat(2)));
    let g = run(&g, &["close"]);
    assert_eq!(g.actor(), Actor::Player(Seat(0)));
}

#[test]
fn t5_1_chance_order_top_up_then_hidden_cards_then_open_cards_from_the_opener() {
    // Round opened by seat 2 of 3: hidden to 2, 0, 1, then open to 2, 0, 1.
    let g = deal_position(3, 2);
    let g = run(
        &g,
        &["card 1", "card 2", "card 3", "card 4", "card 5", "card 6"],
    );
    assert_eq!(g.hidden_card(Seat(2)), Some(Some(1)));
    assert_eq!(g.hidden_card(Seat(0)), Some(Some(2)));
    assert_eq!(g.hidden_card(Seat(1)), Some(Some(3)));
    assert_eq!(g.open_cards(Seat(2)).unwrap(), &[4]);
    assert_eq!(g.open_cards(Seat(0)).unwrap(), &[5]);
    assert_eq!(g.open_cards(Seat(1)).unwrap(), &[6]);
    // A fresh game tops up before dealing.
    let g = game(2);
    assert_eq!(g.phase(), Phase::TopUp);
    assert!(chance(&g).iter().all(|(a, _)| a.starts_with("trump ")));
}

#[test]
fn t6_empty_deck_takes_the_discards_first() {
    let mut s = position(&[(2, &[3]), (2, &[3])], &[], 0);
    deck_only(&mut s, &[]);
    let g = run(&load(s), &["draw"]);
    assert_eq!(g.discards().total(), 0);
    assert!(chance(&g).contains(&("card 11".into(), 4)));
}

/// One copy of each value, every number card in front of the players: none left to draw.
/// Seat 0 holds 1–6 (21), seat 1 holds 7–11 (45, over).
fn nothing_left(ta: &[Trump]) -> Trump21 {
    let mut s = position(&[(1, &[2, 3, 4, 5, 6]), (7, &[8, 9, 10, 11])], &[ta], 0);
    s.rules.copies = 1;
    s.deck = NumberCounts::EMPTY;
    s.discards = NumberCounts::EMPTY;
    load(s)
}

#[test]
fn t6_1_nothing_left_means_only_close_but_draw_x_and_perfect_draw_still_play() {
    let g = nothing_left(&[Trump::Draw3, Trump::PerfectDraw]);
    assert!(!is_legal(&g, "draw"));
    assert!(is_legal(&g, "close"));
    assert_eq!(g.apply(&Action::Draw), Err(Illegal::NothingToDraw));
    let after = run(&g, &["play draw-3"]);
    assert_eq!(
        after.open_cards(Seat(0)).unwrap(),
        g.open_cards(Seat(0)).unwrap(),
        "took nothing"
    );
    assert_eq!(after.actor(), Actor::Player(Seat(1)), "the turn ended");
    assert!(!after.is_closed(Seat(0)).unwrap());
    let after = run(&g, &["play perfect-draw"]);
    assert_eq!(
        after.open_cards(Seat(0)).unwrap(),
        g.open_cards(Seat(0)).unwrap()
    );
    assert_eq!(after.actor(), Actor::Player(Seat(1)));
}

#[test]
fn t7_turn_gamble_then_trumps_then_round_action() {
    let mut s = position(&[(2, &[3]), (2, &[3])], &[], 1);
    to_pile(&mut s, Trump::Shield);
    to_pile(&mut s, Trump::Return);
    s.phase = Phase::Gamble;
    let g = load(s);
    assert_eq!(
        chance(&g),
        vec![("gamble win".into(), 1), ("gamble lose".into(), 1)]
    );
    let won = run(&g, &["gamble win"]);
    assert_eq!(
        chance(&won),
        vec![("trump shield".into(), 1), ("trump return".into(), 1)]
    );
    let won = run(&won, &["trump return"]);
    assert_eq!(won.actor(), Actor::Player(Seat(1)));
    assert_eq!(
        won.hidden_trumps(Seat(1)).unwrap(),
        trumps_of(&[Trump::Return])
    );
    // Trumps, one at a time, then the round action.
    let g2 = run(&won, &["play return"]);
    assert_eq!(g2.actor(), Actor::Player(Seat(1)));
    let g3 = run(&g2, &["close"]);
    assert_eq!(g3.actor(), Actor::Chance, "seat 0's gamble");
    let lost = run(&g, &["gamble lose"]);
    assert!(lost.hidden_trumps(Seat(1)).unwrap().is_empty());
}

#[test]
fn t7_gamble_odds_are_an_option_and_no_gamble_with_an_empty_pile() {
    let mut s = position(&[(2, &[3]), (2, &[3])], &[], 0);
    s.rules.gamble_win = 1;
    s.rules.gamble_lose = 3;
    to_pile(&mut s, Trump::Shield);
    s.phase = Phase::Gamble;
    assert_eq!(
        chance(&load(s)),
        vec![("gamble win".into(), 1), ("gamble lose".into(), 3)]
    );
    // Empty pile: the next player acts at once.
    let s = position(&[(2, &[3]), (2, &[3])], &[], 0);
    let g = run(&load(s), &["close"]);
    assert_eq!(g.actor(), Actor::Player(Seat(1)));
}

#[test]
fn t8_closed_players_are_skipped_and_over_players_still_take_turns() {
    let s = position(
        &[(2, &[3]), (10, &[9, 5]), (2, &[3])],
        &[&[], &[Trump::Return]],
        0,
    );
    let g = run(&load(s), &["close"]);
    // Seat 1 is over 21 but still takes his turn (and may Return).
    assert_eq!(g.actor(), Actor::Player(Seat(1)));
    assert!(is_legal(&g, "play return"));
    let g = run(&g, &["play return"]);
    assert_eq!(g.total(Seat(1)), Some(19));
    let g = run(&g, &["draw", "card 1", "end"]);
    assert_eq!(g.actor(), Actor::Player(Seat(2)));
    // Seat 0 is closed: after seat 2 comes seat 1 again.
    let g = run(&g, &["draw", "card 1", "end"]);
    assert_eq!(g.actor(), Actor::Player(Seat(1)));
}

#[test]
fn t9_round_ends_when_everybody_closed_or_is_over() {
    let s = duel((10, &[9]), (10, &[5]), &[], &[]);
    let g = run(&load(s.clone()), &["close"]);
    assert_eq!(g.round(), 2);
    assert_eq!(g.last_round().unwrap().totals[..2], [19, 15]);
    // Drawing over the target also ends it.
    let g = run(&load(s), &["draw", "card 5", "end"]);
    assert_eq!(g.round(), 2);
    assert_eq!(g.last_round().unwrap().totals[0], 24);
}

#[test]
fn t9_1_round_can_end_right_after_the_deal() {
    let g = deal_position(2, 0);
    let g = run(&g, &["card 11", "card 11", "card 11", "card 11"]);
    let last = g.last_round().expect("scored at once");
    assert_eq!(last.totals[..2], [22, 22]);
    assert_eq!(lives(&g), vec![10, 10], "all tie: nobody loses");
}

#[test]
fn t9_1_a_22_against_a_lower_total_plays_on_after_the_deal() {
    let g = deal_position(2, 0);
    // Hidden cards first (seat 0, seat 1), then open cards: seat 0 has 22, seat 1 has 11.
    let g = run(&g, &["card 11", "card 5", "card 11", "card 6"]);
    assert_eq!(g.round(), 2, "not scored");
    assert_eq!(g.last_round().map(|l| l.round), Some(1));
    assert_ne!(g.actor(), Actor::Terminal);
    assert_eq!(lives(&g), vec![10, 10]);
}

#[test]
fn t9_1_never_checked_in_the_middle_of_a_turn() {
    // Seat 1 is closed; seat 0 goes over with Love your enemy? No: he draws over in
    // the trump step by Go for 17 and still acts until his turn ends.
    let s = duel((10, &[9]), (10, &[8]), &[Trump::GoFor17], &[]);
    let g = run(&load(s), &["play go-for-17"]);
    assert_eq!(g.target(), 17);
    assert_eq!(
        g.actor(),
        Actor::Player(Seat(0)),
        "over the target, still his turn"
    );
    let g = run(&g, &["close"]);
    assert_eq!(g.round(), 2);
}

#[test]
fn t5_1_the_deal_skips_players_who_are_out() {
    let mut s = setup_of(&deal_position(3, 0));
    s.seats[1] = SeatSetup {
        status: Status::Out(1),
        lives: 0,
        ..SeatSetup::default()
    };
    s.exits = 1;
    let g = run(&load(s), &["card 1", "card 2", "card 3", "card 4"]);
    assert_eq!(g.hidden_card(Seat(0)), Some(Some(1)));
    assert_eq!(g.hidden_card(Seat(2)), Some(Some(2)));
    assert_eq!(g.hidden_card(Seat(1)), Some(None), "no hidden card");
    assert_eq!(g.open_cards(Seat(2)).unwrap(), &[4]);
}

#[test]
fn t5_an_eliminated_opener_passes_the_opening_to_the_next_active_seat() {
    // Seat 0 opened round 1 and is eliminated in it: round 2 is opened by seat 1, and
    // the pile is topped up to 2 active + 1 = 3.
    let mut s = position(&[(10, &[5]), (10, &[9]), (10, &[8])], &[], 0);
    s.seats[0].lives = 2;
    s.seats[1].closed = true;
    s.seats[2].closed = true;
    let g = run(&load(s), &["close"]);
    assert_eq!(g.status(Seat(0)), Some(Status::Out(1)));
    assert_eq!((g.round(), g.opener()), (2, Seat(1)));
    let mut g = g;
    let mut tops = 0;
    while g.phase() == Phase::TopUp {
        let first = chance(&g)[0].0.clone();
        g = run(&g, &[first.as_str()]);
        tops += 1;
    }
    assert_eq!((tops, g.draw_pile().total()), (3, 3));
    let g = run(&g, &["card 1", "card 2", "card 3", "card 4"]);
    assert_eq!(g.hidden_card(Seat(1)), Some(Some(1)));
    assert_eq!(g.hidden_card(Seat(2)), Some(Some(2)));
    assert_eq!(g.hidden_card(Seat(0)), Some(None), "no hidden card");
}

/// The text of the refusal of `action` in `g`.
fn refusal(g: &Trump21, action: &str) -> String {
    g.apply(&action.parse().unwrap()).unwrap_err().to_string()
}

#[test]
fn t3_a_player_action_during_the_top_up_is_refused_naming_t3() {
    let g = game(2);
    assert_eq!(g.phase(), Phase::TopUp);
    assert_eq!(
        refusal(&g, "close"),
        "a chance step is pending (the top-up of the trump draw pile), so no player may act (T3)"
    );
}

#[test]
fn t5_1_a_player_action_during_the_deal_is_refused_naming_t5_1() {
    // No trumps at all: the round starts with the deal.
    let rules = Rules {
        trumps: TrumpCounts::EMPTY,
        ..Rules::default()
    };
    let g = Trump21::new(rules, 2).unwrap();
    assert_eq!(g.phase(), Phase::Deal(0));
    assert!(
        refusal(&g, "draw").ends_with("(T5.1)"),
        "{}",
        refusal(&g, "draw")
    );
    assert!(refusal(&g, "trump shield").contains("the deal (T5.1)"));
}

#[test]
fn t7_a_player_action_at_the_gamble_or_its_trump_is_refused_naming_t7() {
    let mut s = position(&[(2, &[3]), (2, &[3])], &[], 0);
    to_pile(&mut s, Trump::Shield);
    s.phase = Phase::Gamble;
    let g = load(s);
    assert_eq!(
        refusal(&g, "close"),
        "a chance step is pending (the gamble roll), so no player may act (T7)"
    );
    assert!(refusal(&g, "card 5").ends_with("the gamble roll (T7)"));
    let won = run(&g, &["gamble win"]);
    assert!(refusal(&won, "close").ends_with("(T7)"));
    assert_eq!(
        refusal(&won, "trump harvest"),
        "this chance outcome cannot happen at the trump the gamble brings: its count is zero (T7)"
    );
    // A chance outcome while the player is to act names his step.
    let play = run(&won, &["trump shield"]);
    assert_eq!(
        refusal(&play, "gamble win"),
        "chance outcomes are applied only at a chance step, not at the player's trumps or round action (T7)"
    );
    let drawn = run(&play, &["draw"]);
    assert!(refusal(&drawn, "close").ends_with("draw brings), so no player may act (T7)"));
    let landed = run(&drawn, &["card 5"]);
    assert!(refusal(&landed, "card 5").ends_with("(T11.1)"));
}
