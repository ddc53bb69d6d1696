//! R12: points, the moon, the bonus for no tricks, returns and places.

use cards_core::{Game, Seat};
use hearts::{Rules, card_points};

use crate::common::{cards, play, position};

/// The last trick to play: seat 0 leads AC and takes it; `won` fills the
/// twelve tricks before, `tricks` of them each.
fn last_trick(rules: Rules, tricks: [usize; 4], won: [&str; 4]) -> hearts::Hearts {
    let mut g = position(rules, tricks, won, ["AC", "KC", "QC", "JC"], "", 0);
    play(&mut g, &["play AC", "play KC", "play QC", "play JC"]);
    g
}

const ALL_POINTS: &str = "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH QS 2S 3S";

/// Every heart with seat 0, the queen with seat 1.
const SPLIT: [&str; 4] = ["2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH", "QS", "", ""];

#[test]
fn r12_points_are_the_taken_cards_points_as_they_are_taken() {
    let r = Rules::default();
    assert_eq!(card_points(cards("QS 2H AH JD"), &r), 15);
    let jd = Rules {
        jd_bonus: true,
        ..r
    };
    assert_eq!(card_points(cards("QS 2H AH JD"), &jd), 5);
    let g = position(
        r,
        [1, 1, 0, 0],
        ["2H 3H QS 5C", "JD 2C 7C 8C", "", ""],
        ["", "", "", ""],
        "",
        0,
    );
    assert_eq!(g.points(Seat(0)), Some(15));
    assert_eq!(g.points(Seat(1)), Some(0));
    let g = position(
        jd,
        [1, 1, 0, 0],
        ["2H 3H QS 5C", "JD 2C 7C 8C", "", ""],
        ["", "", "", ""],
        "",
        0,
    );
    assert_eq!(g.points(Seat(1)), Some(-10));
    assert_eq!(g.returns(), None, "returns come at the end");
}

#[test]
fn r12_1_taking_every_heart_and_the_queen_shoots_the_moon() {
    let g = last_trick(Rules::default(), [4, 4, 4, 0], [ALL_POINTS, "", "", ""]);
    assert_eq!(g.moon_shooter(), Some(Seat(0)));
    assert_eq!(g.returns().expect("over").as_slice(), [26, 0, 0, 0]);
    let jd = Rules {
        jd_bonus: true,
        ..Rules::default()
    };
    let g = last_trick(jd, [4, 4, 4, 0], [ALL_POINTS, "JD", "", ""]);
    assert_eq!(g.returns().expect("over").as_slice(), [26, 10, 0, 0]);
    let g = last_trick(
        jd,
        [4, 4, 4, 0],
        [
            "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH QS 2S JD",
            "",
            "",
            "",
        ],
    );
    assert_eq!(g.returns().expect("over").as_slice(), [36, 0, 0, 0]);
}

#[test]
fn r12_2_a_seat_without_tricks_gets_five_off_unless_the_moon_was_shot() {
    let bonus = Rules {
        avoid_all_tricks_bonus: true,
        ..Rules::default()
    };
    let g = last_trick(bonus, [4, 4, 4, 0], SPLIT);
    assert_eq!(g.points(Seat(3)), Some(-5));
    assert_eq!(g.returns().expect("over").as_slice(), [13, 13, 26, 31]);
    let g = last_trick(bonus, [4, 4, 4, 0], [ALL_POINTS, "", "", ""]);
    assert_eq!(g.returns().expect("over").as_slice(), [26, 0, 0, 0]);
}

#[test]
fn r12_3_returns_are_26_minus_points_and_add_up_to_78() {
    let g = last_trick(Rules::default(), [4, 4, 4, 0], SPLIT);
    let r = g.returns().expect("over");
    assert_eq!(r.as_slice(), [13, 13, 26, 26]);
    assert_eq!(r.as_slice().iter().sum::<i32>(), 78);
}

#[test]
fn r12_4_places_follow_the_returns_and_ties_share() {
    let g = last_trick(Rules::default(), [4, 4, 4, 0], SPLIT);
    assert_eq!(g.outcome().expect("over").places(), [3, 3, 1, 1]);
}
