//! Clauses T12.7–T12.12: Destroy, Exchange, Shield, Return, Trump switch and
//! Harvest bonuses. One test (at least) per clause, named by its ID, with the
//! rules file's test facts.

use cards_core::{Actor, Game, Seat, Viewer};
use trump21::*;

use crate::common::*;

#[test]
fn t12_7_destroy_open_latest_of_a_kind_own_hidden_and_opponents_hidden() {
    let mut s = position(
        &[(2, &[3]), (2, &[9])],
        &[
            &[
                Trump::Destroy,
                Trump::Destroy,
                Trump::Destroy,
                Trump::Damage1,
                Trump::Damage1,
                Trump::Shield,
            ],
            &[Trump::Harvest, Trump::Return],
        ],
        0,
    );
    s.seats[1].closed = true;
    let g = run(
        &load(s),
        &["play damage+1 @1", "play shield", "play damage+1 @1"],
    );
    // Open, by kind, the latest played.
    let d = run(&g, &["play destroy @1 damage+1"]);
    let kinds: Vec<_> = d
        .open_trumps()
        .iter()
        .map(|o| (o.kind, o.holder.0))
        .collect();
    assert_eq!(
        kinds,
        vec![(Trump::Damage1, 1), (Trump::Shield, 0), (Trump::Destroy, 0)]
    );
    assert_eq!(
        d.supply().get(Trump::Damage1),
        g.supply().get(Trump::Damage1) + 1
    );
    // Own hidden, by kind (another Destroy counts).
    let d = run(&g, &["play destroy mine destroy"]);
    assert_eq!(
        d.hidden_trumps(Seat(0)).unwrap().get(Trump::Destroy),
        1,
        "3 − played − destroyed"
    );
    // Opponent's hidden: a chance step weighted by his counts; the kind goes to the supply.
    let d = run(&g, &["play destroy @1 hidden"]);
    assert_eq!(
        chance(&d),
        vec![("trump return".into(), 1), ("trump harvest".into(), 1)]
    );
    let d = run(&d, &["trump harvest"]);
    assert_eq!(
        d.hidden_trumps(Seat(1)).unwrap(),
        trumps_of(&[Trump::Return])
    );
    assert_eq!(d.actor(), Actor::Player(Seat(0)));
    // Shield destroyed: its effect ends.
    let d = run(&g, &["play destroy @0 shield", "close"]);
    assert_eq!(
        d.last_round().unwrap().damage[0],
        2,
        "no shield left: full damage"
    );
    let d = run(&g, &["close"]);
    assert_eq!(d.last_round().unwrap().damage[0], 0, "with the shield");
}

#[test]
fn t12_7_destroy_can_hit_an_earlier_destroy_but_not_itself() {
    let s = position(
        &[(2, &[3]), (2, &[3])],
        &[&[Trump::Destroy, Trump::Destroy, Trump::Shield]],
        0,
    );
    let g = run(&load(s), &["play destroy mine shield"]);
    assert_eq!(legal(&g), vec!["draw", "close", "play destroy @0 destroy"]);
    let g = run(&g, &["play destroy @0 destroy"]);
    assert_eq!(
        g.open_trumps(),
        &[OpenTrump {
            kind: Trump::Destroy,
            holder: Seat(0)
        }]
    );
    assert_eq!(g.supply().get(Trump::Destroy), 2);
}

#[test]
fn t12_7_destroy_with_no_target_is_still_played() {
    let g = load(position(&[(2, &[3]), (2, &[3])], &[&[Trump::Destroy]], 0));
    assert_eq!(legal(&g), vec!["draw", "close", "play destroy none"]);
    let d = run(&g, &["play destroy none"]);
    assert_eq!(d.open_trumps().len(), 1);
    let g = load(position(
        &[(2, &[3]), (2, &[3])],
        &[&[Trump::Destroy, Trump::Shield]],
        0,
    ));
    assert_eq!(
        g.apply(&"play destroy none".parse().unwrap()),
        Err(Illegal::DestroyMustTarget)
    );
}

#[test]
fn t12_7_destroy_of_a_hidden_trump_at_himself_is_refused_naming_t12_7() {
    let g = load(position(
        &[(2, &[3]), (2, &[3])],
        &[&[Trump::Destroy, Trump::Shield], &[Trump::Return]],
        0,
    ));
    let err = g
        .apply(&"play destroy @0 hidden".parse().unwrap())
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "the seat chosen for Destroy must be an active opponent (T12.7)"
    );
}

#[test]
fn t12_8_exchange_with_a_seat_that_is_no_active_opponent_is_refused_naming_t12_8() {
    let g = load(position(
        &[(2, &[3]), (2, &[3])],
        &[&[Trump::Exchange], &[Trump::Return]],
        0,
    ));
    // Himself, and a seat that is not at the table.
    for text in ["play exchange @0", "play exchange @5"] {
        let err = g.apply(&text.parse().unwrap()).unwrap_err();
        assert_eq!(
            err.to_string(),
            "the seat chosen for Exchange must be an active opponent (T12.8)"
        );
    }
}

#[test]
fn t12_8_a_hidden_give_before_the_open_one_is_refused_for_its_order() {
    // Seat 0 holds Exchange and Shield; seat 1 has an open Harvest and a hidden Return.
    let g = Position::new(Rules::default(), 2)
        .hand(Seat(0), 2, &[3])
        .hand(Seat(1), 2, &[3])
        .trumps(Seat(0), &[Trump::Exchange, Trump::Shield])
        .trumps(Seat(1), &[Trump::Return])
        .played(Trump::Harvest, Seat(1))
        .turn(Seat(0))
        .build()
        .unwrap();
    let g = run(
        &g,
        &["play exchange @1", "take open:harvest", "take hidden"],
    );
    // Two takes need two gives: the open Exchange card, then the hidden Shield.
    assert_eq!(legal(&g), vec!["give open:exchange"]);
    let err = g.apply(&"give hidden:shield".parse().unwrap()).unwrap_err();
    assert_eq!(err, Illegal::ExchangeOrder);
    assert!(
        err.to_string()
            .contains("open trumps before hidden ones, kinds in T2 order (T12.8)"),
        "{err}"
    );
    // In that order the same items are accepted.
    let d = run(&g, &["give open:exchange", "give hidden:shield", "done"]);
    assert_eq!(d.actor(), Actor::Chance);
    // A give of a trump he does not hold is still refused for its items.
    assert_eq!(
        g.apply(&"give hidden:destroy".parse().unwrap()),
        Err(Illegal::ExchangeItems)
    );
}

#[test]
fn t12_8_exchange_joins_open_trumps_then_swaps_simultaneously() {
    let s = position(
        &[(2, &[3]), (2, &[3])],
        &[
            &[Trump::Exchange, Trump::Shield, Trump::Damage2],
            &[Trump::Return, Trump::Harvest],
        ],
        0,
    );
    let g = run(&load(s), &["play damage+2 @0"]);
    // (0, 0) is a legal play with no effect.
    let e = run(&g, &["play exchange @1", "done"]);
    assert_eq!(
        e.open_trumps().last(),
        Some(&OpenTrump {
            kind: Trump::Exchange,
            holder: Seat(0)
        })
    );
    // Give the open Damage+2 (it now hits him) and the Exchange card itself; take one hidden.
    let e = run(
        &g,
        &[
            "play exchange @1",
            "take hidden",
            "give open:damage+2",
            "give open:exchange",
            "done",
        ],
    );
    let holders: Vec<_> = e
        .open_trumps()
        .iter()
        .map(|o| (o.kind, o.holder.0))
        .collect();
    assert_eq!(holders, vec![(Trump::Damage2, 1), (Trump::Exchange, 1)]);
    assert_eq!(e.actor(), Actor::Chance);
    assert_eq!(
        chance(&e),
        vec![("trump return".into(), 1), ("trump harvest".into(), 1)]
    );
    let e = run(&e, &["trump return"]);
    assert_eq!(
        e.hidden_trumps(Seat(0)).unwrap(),
        trumps_of(&[Trump::Shield, Trump::Return])
    );
    // Takes ≤ gives ≤ 2.
    assert_eq!(
        run(&g, &["play exchange @1", "take hidden"]).apply(&Action::Done),
        Err(Illegal::ExchangeCounts)
    );
    // Hidden gives arrive after the takes: he cannot get his own trump back.
    let e = run(
        &g,
        &[
            "play exchange @1",
            "take hidden",
            "take hidden",
            "give open:exchange",
            "give hidden:shield",
            "done",
        ],
    );
    let e = run(&e, &["trump return", "trump harvest"]);
    assert_eq!(
        e.hidden_trumps(Seat(1)).unwrap(),
        trumps_of(&[Trump::Shield])
    );
    assert_eq!(
        e.hidden_trumps(Seat(0)).unwrap(),
        trumps_of(&[Trump::Return, Trump::Harvest])
    );
}

#[test]
fn t12_8_exchange_hidden_gives_are_seen_only_by_the_two_players() {
    let s = position(
        &[(2, &[3]), (2, &[3]), (2, &[3])],
        &[&[Trump::Exchange, Trump::Shield]],
        0,
    );
    let g = run(&load(s), &["play exchange @1"]);
    // Choosing the hidden give: only the player sees its kind, even the partner waits.
    let a: Action = "give hidden:shield".parse().unwrap();
    let text = |g: &Trump21, a: &Action, v: Viewer| g.event(a, v).unwrap().to_string();
    assert!(text(&g, &a, Viewer::Seat(Seat(0))).contains("Shield"));
    for v in [
        Viewer::Seat(Seat(1)),
        Viewer::Seat(Seat(2)),
        Viewer::Spectator,
    ] {
        let t = text(&g, &a, v);
        assert!(!t.contains("Shield") && t.contains("hidden trump"), "{t}");
    }
    // At `done` the two players see the kind that changes hands; nobody else does.
    let g = run(&g, &["give hidden:shield"]);
    assert!(text(&g, &Action::Done, Viewer::Seat(Seat(1))).contains("Shield"));
    assert!(text(&g, &Action::Done, Viewer::Seat(Seat(0))).contains("Shield"));
    for v in [Viewer::Seat(Seat(2)), Viewer::Spectator] {
        assert!(!text(&g, &Action::Done, v).contains("Shield"));
    }
}

#[test]
fn t12_9_shield_takes_2_less_damage_where_it_lies() {
    let s = duel(
        (10, &[5]),
        (10, &[9]),
        &[Trump::Shield, Trump::Damage2],
        &[],
    );
    let g = run(
        &load(s.clone()),
        &["play shield", "play damage+2 @0", "close"],
    );
    assert_eq!(lives(&g), vec![8, 10], "test fact: 2 + 2 − 2 = 2");
    let mut s2 = duel((10, &[5]), (10, &[9]), &[Trump::Shield, Trump::Shield], &[]);
    s2.round = 1;
    let g = run(&load(s2), &["play shield", "play shield", "close"]);
    assert_eq!(lives(&g), vec![10, 10], "test fact: two shields = 0");
    assert_eq!(loser_damage(2, 0, 1, 1), 2);
    assert_eq!(loser_damage(2, 0, 0, 2), 0);
}

#[test]
fn t12_10_return_puts_the_top_open_card_on_the_discards() {
    let g = load(position(
        &[(10, &[5, 8, 9]), (2, &[3])],
        &[&[Trump::Return, Trump::Return, Trump::Return]],
        0,
    ));
    let r = run(&g, &["play return"]);
    assert_eq!(r.open_cards(Seat(0)).unwrap(), &[5, 8]);
    assert_eq!(r.discards()[9], 1);
    let r = run(&r, &["play return", "play return"]);
    assert_eq!(r.open_cards(Seat(0)).unwrap(), &[] as &[u8]);
    assert_eq!(
        r.hidden_card(Seat(0)),
        Some(Some(10)),
        "never the hidden card"
    );
    let r2 = run(
        &load(position(&[(10, &[]), (2, &[3])], &[&[Trump::Return]], 0)),
        &["play return"],
    );
    assert_eq!(r2.total(Seat(0)), Some(10), "no open card: no effect");
    assert_eq!(r2.open_trumps().len(), 1);
}

#[test]
fn t12_11_trump_switch_sets_aside_x_draws_x_plus_1_then_returns_them_to_the_pile() {
    let mut s = position(
        &[(2, &[3]), (2, &[3])],
        &[&[Trump::Switch, Trump::Shield, Trump::Return]],
        0,
    );
    for k in [Trump::Destroy, Trump::Harvest, Trump::Love] {
        to_pile(&mut s, k);
    }
    let g = load(s.clone());
    assert!(is_legal(&g, "play trump-switch 2") && !is_legal(&g, "play trump-switch 3"));
    assert_eq!(
        g.apply(&"play trump-switch 3".parse().unwrap()),
        Err(Illegal::SwitchTooMany)
    );
    let g = run(&g, &["play trump-switch 1"]);
    assert_eq!(
        chance(&g),
        vec![("trump shield".into(), 1), ("trump return".into(), 1)]
    );
    let g = run(&g, &["trump shield"]);
    // The set-aside shield is not drawn back: the pile still holds the other three only.
    assert_eq!(chance(&g).len(), 3);
    let g = run(&g, &["trump destroy", "trump love-your-enemy"]);
    assert_eq!(
        g.hidden_trumps(Seat(0)).unwrap(),
        trumps_of(&[Trump::Return, Trump::Destroy, Trump::Love])
    );
    assert_eq!(g.draw_pile(), trumps_of(&[Trump::Harvest, Trump::Shield]));
    assert_eq!(g.actor(), Actor::Player(Seat(0)));
    // Empty pile: nothing drawn, the set-aside ones still go to the pile.
    let mut e = s.clone();
    e.supply.add_all(&e.draw_pile);
    e.draw_pile = TrumpCounts::EMPTY;
    let g = run(
        &load(e),
        &["play trump-switch 2", "trump shield", "trump return"],
    );
    assert_eq!(g.draw_pile(), trumps_of(&[Trump::Shield, Trump::Return]));
    assert!(g.hidden_trumps(Seat(0)).unwrap().is_empty());
}

#[test]
fn t12_12_harvest_bonuses_only_for_pile_draws_and_no_chains() {
    // Trump Switch with Harvest: 1 draw + 1 bonus (no bonus for the bonus).
    let mut s = position(
        &[(2, &[3]), (2, &[3])],
        &[&[Trump::Harvest, Trump::Switch], &[Trump::Exchange]],
        0,
    );
    for k in [Trump::Destroy, Trump::Shield, Trump::Love, Trump::Return] {
        to_pile(&mut s, k);
    }
    let g = run(
        &load(s.clone()),
        &["play harvest", "play trump-switch 0", "trump destroy"],
    );
    assert_eq!(g.phase(), Phase::SwitchBonus(1));
    let g = run(&g, &["trump shield"]);
    assert_eq!(g.phase(), Phase::Play);
    assert_eq!(g.hidden_trumps(Seat(0)).unwrap().total(), 2);
    // Draws before the harvest was played bring nothing; an exchange brings no bonus.
    let mut x = s.clone();
    x.seats[0].trumps.add(Trump::Exchange);
    x.supply.remove(Trump::Exchange);
    let g = run(
        &load(x),
        &[
            "play harvest",
            "play exchange @1",
            "take hidden",
            "give open:exchange",
            "done",
            "trump exchange",
        ],
    );
    assert_eq!(g.phase(), Phase::Play);
    assert_eq!(g.draw_pile().total(), 4);
    // Two Harvests (custom deck): two bonuses per drawn trump.
    let mut two = s;
    two.rules.trumps.0[Trump::Harvest.index()] = 2;
    two.seats[0].trumps.add(Trump::Harvest);
    let g = run(
        &load(two),
        &[
            "play harvest",
            "play harvest",
            "draw",
            "card 1",
            "end",
            "gamble lose",
            "close",
        ],
    );
    let g = run(&g, &["gamble win"]);
    assert_eq!(g.phase(), Phase::GambleDraw(3));
}

#[test]
fn t12_8_a_passed_on_damage_plus_hits_the_new_holder() {
    // Seat 0 (winning, 20) gives the Damage+2 lying at him to seat 1 (losing, 15).
    let mut s = duel(
        (10, &[10]),
        (10, &[5]),
        &[Trump::Exchange, Trump::Damage2],
        &[],
    );
    s.seats[1].closed = true;
    let g = run(
        &load(s),
        &[
            "play damage+2 @0",
            "play exchange @1",
            "give open:damage+2",
            "done",
            "close",
        ],
    );
    assert_eq!(lives(&g), vec![10, 6], "2 + 2 at seat 1 now");
}

#[test]
fn t12_8_open_takes_by_kind_take_the_latest_played() {
    let s = position(
        &[(2, &[3]), (2, &[3])],
        &[&[
            Trump::Exchange,
            Trump::Damage1,
            Trump::Damage1,
            Trump::Shield,
        ]],
        0,
    );
    // Two Damage+1 lie at seat 1 with a Shield of seat 0 played between them.
    let g = run(
        &load(s),
        &["play damage+1 @1", "play shield", "play damage+1 @1"],
    );
    let g = run(
        &g,
        &[
            "play exchange @1",
            "take open:damage+1",
            "give open:exchange",
            "done",
        ],
    );
    let order: Vec<_> = g
        .open_trumps()
        .iter()
        .map(|o| (o.kind, o.holder.0))
        .collect();
    assert_eq!(
        order,
        vec![
            (Trump::Damage1, 1),
            (Trump::Shield, 0),
            (Trump::Damage1, 0),
            (Trump::Exchange, 1)
        ]
    );
}

#[test]
fn t12_12_a_gamble_bonus_draw_brings_no_further_bonus() {
    // One Harvest, four trumps in the pile: the gamble draws one, the bonus one more, and
    // then the trump step starts with two still in the pile (no chain).
    let mut s = position(&[(2, &[3]), (2, &[3])], &[&[Trump::Harvest]], 1);
    for k in [Trump::Shield, Trump::Return, Trump::Destroy, Trump::Love] {
        to_pile(&mut s, k);
    }
    s.open_trumps.push(OpenTrump {
        kind: Trump::Harvest,
        holder: Seat(0),
    });
    s.seats[0].trumps = TrumpCounts::EMPTY;
    let g = run(&load(s), &["close"]);
    assert_eq!(g.phase(), Phase::Gamble);
    let g = run(&g, &["gamble win", "trump shield"]);
    assert_eq!(g.phase(), Phase::GambleDraw(1), "one bonus");
    let g = run(&g, &["trump return"]);
    assert_eq!(g.phase(), Phase::Play, "the bonus brings no bonus");
    assert_eq!(g.draw_pile().total(), 2);
    assert_eq!(
        g.hidden_trumps(Seat(0)).unwrap(),
        trumps_of(&[Trump::Shield, Trump::Return])
    );
}

#[test]
fn t12_11_switch_with_harvest_gives_one_bonus_per_drawn_trump_after_the_draws() {
    // x = 1: one set aside, two drawn, then two bonuses; the set-aside one joins the pile
    // only after the bonuses, so it cannot be drawn back.
    let mut s = position(
        &[(2, &[3]), (2, &[3])],
        &[&[Trump::Switch, Trump::Harvest, Trump::Shield]],
        0,
    );
    for k in [Trump::Destroy, Trump::Return, Trump::Love, Trump::Damage1] {
        to_pile(&mut s, k);
    }
    let g = run(
        &load(s),
        &["play harvest", "play trump-switch 1", "trump shield"],
    );
    assert!(matches!(g.phase(), Phase::SwitchDraw { left: 2, .. }));
    let g = run(&g, &["trump destroy", "trump return"]);
    assert_eq!(g.phase(), Phase::SwitchBonus(2), "2 drawn × 1 harvest");
    assert!(
        chance(&g).iter().all(|(a, _)| a != "trump shield"),
        "the set-aside shield is not in the pile yet"
    );
    let g = run(&g, &["trump love-your-enemy", "trump damage+1"]);
    assert_eq!(g.phase(), Phase::Play);
    assert_eq!(g.draw_pile(), trumps_of(&[Trump::Shield]));
    assert_eq!(g.hidden_trumps(Seat(0)).unwrap().total(), 4);
}

#[test]
fn t12_7_destroyed_harvest_and_damage_plus_stop_working() {
    // A destroyed Harvest brings no bonus at the next gamble.
    let mut s = position(
        &[(2, &[3]), (2, &[3])],
        &[&[Trump::Harvest, Trump::Destroy]],
        0,
    );
    for k in [Trump::Shield, Trump::Return, Trump::Love] {
        to_pile(&mut s, k);
    }
    let g = run(
        &load(s),
        &[
            "play harvest",
            "play destroy @0 harvest",
            "draw",
            "card 1",
            "end",
        ],
    );
    let g = run(&g, &["gamble lose", "close", "gamble win", "trump shield"]);
    assert_eq!(g.phase(), Phase::Play, "no harvest: no bonus");
    // A destroyed Damage+2 adds nothing when its holder loses.
    let s = duel(
        (10, &[5]),
        (10, &[9]),
        &[Trump::Damage2, Trump::Destroy],
        &[],
    );
    let g = run(
        &load(s.clone()),
        &["play damage+2 @0", "play destroy @0 damage+2", "close"],
    );
    assert_eq!(lives(&g), vec![8, 10]);
    let g = run(&load(s), &["play damage+2 @0", "close"]);
    assert_eq!(lives(&g), vec![6, 10]);
}

/// The text of the refusal of `action` in `g`.
fn refusal(g: &Trump21, action: &str) -> String {
    g.apply(&action.parse().unwrap()).unwrap_err().to_string()
}

#[test]
fn t12_7_a_player_action_while_destroy_picks_a_hidden_trump_is_refused_naming_t12_7() {
    let s = position(
        &[(2, &[3]), (2, &[9])],
        &[&[Trump::Destroy], &[Trump::Harvest]],
        0,
    );
    let g = run(&load(s), &["play destroy @1 hidden"]);
    assert_eq!(
        refusal(&g, "close"),
        "a chance step is pending (destroy's pick of a hidden trump), so no player may act (T12.7)"
    );
    assert!(refusal(&g, "trump shield").ends_with("its count is zero (T12.7)"));
    assert!(refusal(&g, "card 4").ends_with("hidden trump (T12.7)"));
}

#[test]
fn t12_8_a_player_action_while_an_exchange_picks_a_hidden_trump_is_refused_naming_t12_8() {
    let s = position(
        &[(2, &[3]), (2, &[9])],
        &[&[Trump::Exchange, Trump::Shield], &[Trump::Harvest]],
        0,
    );
    let g = run(
        &load(s),
        &[
            "play exchange @1",
            "take hidden",
            "give hidden:shield",
            "done",
        ],
    );
    assert_eq!(g.actor(), Actor::Chance);
    assert!(refusal(&g, "close").ends_with("so no player may act (T12.8)"));
}

#[test]
fn t12_11_and_t12_12_player_actions_during_trump_switch_are_refused_naming_them() {
    let mut s = position(
        &[(2, &[3]), (2, &[3])],
        &[&[Trump::Switch, Trump::Shield, Trump::Harvest]],
        0,
    );
    for k in [Trump::Destroy, Trump::Love, Trump::Return] {
        to_pile(&mut s, k);
    }
    let g = run(&load(s), &["play harvest", "play trump-switch 1"]);
    assert!(refusal(&g, "close").ends_with("setting trumps aside), so no player may act (T12.11)"));
    let g = run(&g, &["trump shield"]);
    assert!(refusal(&g, "close").ends_with("(T12.11)"));
    let g = run(&g, &["trump destroy", "trump love-your-enemy"]);
    assert_eq!(
        refusal(&g, "draw"),
        "a chance step is pending (harvest's bonus draws), so no player may act (T12.12)"
    );
}

#[test]
fn t12_7_effects_already_done_stay_when_their_trump_is_destroyed() {
    // Seat 0 gives seat 1 a card by Love your enemy and discards his own top card by
    // Return, then destroys both trumps: the card stays with seat 1 and the returned
    // card stays on the discards.
    let mut s = position(
        &[(2, &[3, 9]), (10, &[5])],
        &[&[Trump::Love, Trump::Return, Trump::Destroy, Trump::Destroy]],
        0,
    );
    deck_only(&mut s, &[6, 8]);
    let g = run(&load(s), &["play love-your-enemy @1", "play return"]);
    assert_eq!(g.open_cards(Seat(1)).unwrap(), &[5, 6]);
    assert_eq!(g.open_cards(Seat(0)).unwrap(), &[3]);
    let discards = g.discards();
    let g = run(
        &g,
        &["play destroy @1 love-your-enemy", "play destroy @0 return"],
    );
    assert!(
        g.open_trumps().iter().all(|o| o.kind == Trump::Destroy),
        "both destroyed"
    );
    assert_eq!(g.open_cards(Seat(1)).unwrap(), &[5, 6], "the card stays");
    assert_eq!(
        g.open_cards(Seat(0)).unwrap(),
        &[3],
        "the 9 is not given back"
    );
    assert_eq!(g.discards(), discards);
    // A Draw x destroyed in a later turn: the card it drew stays.
    let mut s = position(
        &[(2, &[3]), (10, &[5])],
        &[&[Trump::Draw4], &[Trump::Destroy]],
        0,
    );
    deck_only(&mut s, &[4, 8]);
    let g = run(&load(s), &["play draw-4", "end", "play destroy @0 draw-4"]);
    assert!(g.open_trumps().iter().all(|o| o.kind != Trump::Draw4));
    assert_eq!(g.open_cards(Seat(0)).unwrap(), &[3, 4]);
}

#[test]
fn t12_10_return_takes_back_cards_from_draw_x_perfect_draw_and_love_your_enemy() {
    // Seat 0 (2 + 1) takes a 4 by Draw 4, a 6 from seat 1's Love your enemy and a 5
    // by Perfect Draw; three Returns discard them from the top: 5, 6, 4.
    let mut s = position(
        &[(2, &[1]), (10, &[8])],
        &[
            &[
                Trump::Draw4,
                Trump::PerfectDraw,
                Trump::Return,
                Trump::Return,
                Trump::Return,
            ],
            &[Trump::Love],
        ],
        0,
    );
    deck_only(&mut s, &[4, 5, 6]);
    let g = run(
        &load(s),
        &[
            "play draw-4",
            "end",
            "play love-your-enemy @0",
            "close",
            "play perfect-draw",
            "end",
        ],
    );
    assert_eq!(g.open_cards(Seat(0)).unwrap(), &[1, 4, 6, 5]);
    assert_eq!(g.actor(), Actor::Player(Seat(0)));
    let discards = g.discards();
    let mut g = g;
    for (value, left) in [(5, &[1, 4, 6][..]), (6, &[1, 4]), (4, &[1])] {
        g = run(&g, &["play return"]);
        assert_eq!(
            g.open_cards(Seat(0)).unwrap(),
            left,
            "after returning the {value}"
        );
        assert_eq!(g.discards()[value], discards[value] + 1);
    }
    assert_eq!(g.total(Seat(0)), Some(3));
}
