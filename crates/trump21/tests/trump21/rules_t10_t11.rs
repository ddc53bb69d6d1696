//! Clauses T10–T11: ranking a round's totals and the exact target (revealing).
//! One test (at least) per clause, named by its ID, with the rules file's test
//! facts.

use cards_core::{Actor, Game, Seat, Viewer};
use trump21::*;

use crate::common::*;

#[test]
fn t10_ranking_facts() {
    let r = Ranking::UnderFirst;
    let beats = |a: u16, b: u16, t: u8| rank_totals(&[a, b], t, r).mask() == 0b01;
    assert!(beats(20, 19, 21));
    assert!(beats(17, 22, 21));
    assert!(beats(22, 25, 21));
    assert_eq!(rank_totals(&[21, 21], 21, r).mask(), 0b11, "21 ties 21");
    assert!(beats(17, 18, 17), "with go for 17, an 18 is over");
    assert!(
        beats(19, 22, 21),
        "the seed's literal reading would rank 22 first"
    );
}

#[test]
fn t10_losers_take_damage_winners_and_full_ties_do_not() {
    let g = run(&load(duel((10, &[9]), (10, &[10]), &[], &[])), &["close"]);
    assert_eq!(lives(&g), vec![8, 10], "19 loses to 20");
    let g = run(&load(duel((10, &[9]), (10, &[9]), &[], &[])), &["close"]);
    assert_eq!(lives(&g), vec![10, 10]);
    // Three players, two share the best rank: only the third loses.
    let mut s = position(&[(9, &[11]), (11, &[9]), (10, &[5])], &[], 0);
    s.seats[1].closed = true;
    s.seats[2].closed = true;
    let g = run(&load(s), &["close"]);
    assert_eq!(lives(&g), vec![10, 10, 8]);
    assert_eq!(g.last_round().unwrap().winners, 0b011);
}

#[test]
fn t10_1_closest_by_distance_option() {
    assert_eq!(rank_totals(&[22, 19], 21, Ranking::Distance).mask(), 0b01);
    assert_eq!(rank_totals(&[22, 20], 21, Ranking::Distance).mask(), 0b11);
    let mut s = duel((11, &[11]), (10, &[9]), &[], &[]);
    s.rules.ranking = Ranking::Distance;
    let g = run(&load(s), &["close"]);
    assert_eq!(lives(&g), vec![10, 8], "22 beats 19 by distance");
}

#[test]
fn t11_revealed_player_still_on_target_ends_the_round_when_the_turn_comes_back() {
    let s = position(&[(10, &[11]), (5, &[3])], &[], 0);
    let g = run(&load(s), &["reveal"]);
    assert!(g.is_revealed(Seat(0)).unwrap());
    assert_eq!(
        g.actor(),
        Actor::Player(Seat(0)),
        "reveal does not end the turn"
    );
    let g = run(&g, &["close", "draw", "card 2", "end"]);
    // Seat 1 at 10 is under and not closed, but the turn passes seat 0: round over.
    assert_eq!(g.round(), 2);
    assert_eq!(lives(&g), vec![10, 8]);
    // Without the reveal the round goes on.
    let s = position(&[(10, &[11]), (5, &[3])], &[], 0);
    let g = run(&load(s), &["close", "draw", "card 2", "end"]);
    assert_eq!(g.round(), 1);
    assert_eq!(g.actor(), Actor::Player(Seat(1)));
}

#[test]
fn t11_1_reveal_only_in_own_turn_on_target_with_a_hidden_card() {
    let g = load(position(&[(10, &[10]), (10, &[11])], &[], 0));
    assert!(!is_legal(&g, "reveal"), "20 is not the target");
    assert_eq!(g.apply(&Action::Reveal), Err(Illegal::CannotReveal));
    // A draw landing on 21 offers reveal or end, nothing else.
    let g = run(&g, &["draw", "card 1"]);
    assert_eq!(g.phase(), Phase::Landed);
    assert_eq!(legal(&g), vec!["reveal", "end"]);
    assert_eq!(g.apply(&Action::Draw), Err(Illegal::LandedChoice));
    let ended = run(&g, &["end"]);
    assert_eq!(ended.actor(), Actor::Player(Seat(1)));
    assert!(!ended.is_revealed(Seat(0)).unwrap());
    let revealed = run(&g, &["reveal"]);
    assert!(revealed.is_revealed(Seat(0)).unwrap());
    assert_eq!(revealed.actor(), Actor::Player(Seat(1)));
    // A draw that misses the target has the same closing step, with only `end` (T15:
    // others cannot tell the two apart).
    let start = load(position(&[(10, &[10]), (10, &[11])], &[], 0));
    let miss = run(&start, &["draw", "card 2"]);
    assert_eq!(miss.phase(), Phase::Landed);
    assert_eq!(legal(&miss), vec!["end"]);
    assert_eq!(miss.apply(&Action::Reveal), Err(Illegal::CannotReveal));
    // Draw x landing on the target also offers it.
    let g = load(position(&[(10, &[8]), (10, &[11])], &[&[Trump::Draw3]], 0));
    assert_eq!(run(&g, &["play draw-3"]).phase(), Phase::Landed);
    // End is not an action outside that choice.
    assert_eq!(g.apply(&Action::End), Err(Illegal::EndNotAllowed));
}

#[test]
fn t11_1_a_card_given_in_another_turn_gives_no_reveal() {
    // Seat 0 loves seat 1 (at 15); seat 1 gets a 6 and lands on 21 in seat 0's turn.
    let mut s = position(&[(2, &[3]), (10, &[5])], &[&[Trump::Love]], 0);
    deck_only(&mut s, &[6, 9]);
    let g = run(&load(s), &["play love-your-enemy @1"]);
    assert_eq!(g.total(Seat(1)), Some(21));
    assert_eq!(g.actor(), Actor::Player(Seat(0)));
    assert!(!is_legal(&g, "reveal"));
}

#[test]
fn t11_2_the_first_revealed_seat_reached_on_target_ends_the_round_even_if_closed() {
    // Seat 1 revealed at 21 and closed; seat 2 still plays. Seat 0 closes: the turn
    // passes seat 1 and the round ends.
    let mut s = position(&[(5, &[5]), (10, &[11]), (5, &[6])], &[], 0);
    s.seats[1].revealed = true;
    s.seats[1].closed = true;
    let g = run(&load(s.clone()), &["close"]);
    assert_eq!(g.round(), 2);
    // A revealed player no longer on the target does not end it.
    s.seats[1].open_cards = vec![10];
    s.deck[11] += 1;
    s.deck[10] -= 1;
    let g = run(&load(s), &["close"]);
    assert_eq!(g.round(), 1);
    assert_eq!(g.actor(), Actor::Player(Seat(2)));
}

#[test]
fn t11_2_returning_to_the_target_needs_no_second_reveal() {
    // Seat 0 revealed earlier, went over to 23, returns to 21 this turn.
    let mut s = position(&[(10, &[11, 2]), (5, &[3])], &[&[Trump::Return]], 0);
    s.seats[0].revealed = true;
    let g = run(&load(s), &["play return"]);
    assert_eq!(g.total(Seat(0)), Some(21));
    assert!(!is_legal(&g, "reveal"));
    let g = run(&g, &["close", "draw", "card 1", "end"]);
    assert_eq!(g.round(), 2, "passing seat 0 on 21 ends the round");
}

#[test]
fn t10_test_fact_at_10_no_draw_goes_over() {
    let g = load(position(&[(4, &[6]), (2, &[3])], &[], 0));
    let v = g.observe(Viewer::Seat(Seat(0)));
    assert_eq!(OddsBot::safe_odds(&v, 10), 1.0);
    assert_eq!(
        best_card(
            10,
            21,
            &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4],
            Ranking::UnderFirst
        ),
        Some(11)
    );
}

#[test]
fn t11_2_the_check_comes_before_the_next_players_gamble() {
    // Seat 1 revealed on 21 and closed; seat 2 would gamble next (the pile is not
    // empty), but passing seat 1 ends the round first.
    let mut s = position(&[(5, &[5]), (10, &[11]), (5, &[6])], &[], 0);
    s.seats[1].revealed = true;
    s.seats[1].closed = true;
    to_pile(&mut s, Trump::Shield);
    let g = run(&load(s), &["close"]);
    assert_eq!(g.round(), 2);
    assert_eq!(g.last_round().unwrap().winners, 0b010);
}

#[test]
fn t11_2_of_several_revealed_players_the_first_seat_reached_decides() {
    // Seat 1 revealed earlier but is on 20 now and has not closed; seat 2 revealed on
    // 21 and closed. Seat 0 closes: the turn reaches seat 1 first, who plays on,
    // although seat 2 is on the target.
    let mut s = position(&[(5, &[5]), (10, &[10]), (10, &[11]), (4, &[6])], &[], 0);
    s.seats[1].revealed = true;
    s.seats[2].revealed = true;
    s.seats[2].closed = true;
    let g = run(&load(s.clone()), &["close"]);
    assert_eq!(g.round(), 1);
    assert_eq!(g.actor(), Actor::Player(Seat(1)), "seat 1 is reached first");
    // Seat 1 closes: now the turn passes seat 2 on the target, and the round ends
    // before seat 3 plays.
    let g = run(&g, &["close"]);
    assert_eq!(g.round(), 2);
    assert_eq!(g.last_round().unwrap().winners, 0b0100);
    // Both revealed on 21: the first reached ends the round, scored by T10, and
    // the other shares the win.
    s.seats[1].open_cards = vec![11];
    s.deck[11] -= 1;
    s.deck[10] += 1;
    s.seats[1].closed = true;
    let g = run(&load(s), &["close"]);
    assert_eq!(g.round(), 2);
    assert_eq!(g.last_round().unwrap().winners, 0b0110);
}

#[test]
fn t11_1_perfect_draw_or_draw_x_landing_on_the_target_offers_reveal() {
    // Seat 0 on 15: Perfect Draw takes the 6 (21), Draw 6 too.
    for play in ["play perfect-draw", "play draw-6"] {
        let mut s = position(
            &[(10, &[5]), (2, &[3])],
            &[&[Trump::PerfectDraw, Trump::Draw6]],
            0,
        );
        deck_only(&mut s, &[6, 9]);
        let g = run(&load(s), &[play]);
        assert_eq!(g.total(Seat(0)), Some(21), "{play}");
        assert_eq!(legal(&g), vec!["reveal", "end"], "{play}");
        let g = run(&g, &["reveal"]);
        assert!(g.is_revealed(Seat(0)).unwrap());
        assert_eq!(g.actor(), Actor::Player(Seat(1)), "{play}: the turn ended");
    }
    // Landing under the target offers only the end.
    let mut s = position(&[(10, &[5]), (2, &[3])], &[&[Trump::PerfectDraw]], 0);
    deck_only(&mut s, &[5, 9]);
    let g = run(&load(s), &["play perfect-draw"]);
    assert_eq!(g.total(Seat(0)), Some(20));
    assert_eq!(legal(&g), vec!["end"]);
}
