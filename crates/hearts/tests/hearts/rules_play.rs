//! R6–R11: the opening lead, following suit, the first trick, leading
//! hearts, taking tricks and the end.

use cards_core::{Actor, ChaCha8Rng, Game, Seat, SeedableRng, random_playout};
use hearts::{Action, Hearts, Illegal, PassDir, Phase, Rules};

use crate::common::{card, cards, dealt, legal, play, position};

fn any_club() -> Rules {
    Rules {
        can_lead_any_club: true,
        ..Rules::default()
    }
}

/// Seat 2 holds 2C 7C 9C and hearts, seat 3 only spades, seat 0 clubs.
const CLUBS_AT_2: [&str; 4] = ["", "", "2C 7C 9C", ""];

#[test]
fn r6_the_holder_of_the_two_of_clubs_leads_it() {
    let g = dealt(Rules::default(), PassDir::NoPass, CLUBS_AT_2);
    assert_eq!(g.actor(), Actor::Player(Seat(2)));
    assert_eq!(legal(&g), ["play 2C"]);
    let e = g.apply(&Action::Play(card("7C"))).expect_err("R6");
    assert_eq!(e, Illegal::OpeningLead);
    assert!(e.to_string().contains("(R6"));
}

#[test]
fn r6_1_with_can_lead_any_club_any_club_opens() {
    let g = dealt(any_club(), PassDir::NoPass, CLUBS_AT_2);
    assert_eq!(legal(&g), ["play 2C", "play 7C", "play 9C"]);
    let mut g = g;
    play(&mut g, &["play 9C"]);
    assert!(g.hand(Seat(2)).expect("seat").contains(card("2C")));
}

#[test]
fn r7_a_player_holding_the_suit_led_follows_it() {
    let mut g = dealt(Rules::default(), PassDir::NoPass, CLUBS_AT_2);
    play(&mut g, &["play 2C", "play 2S"]);
    // Seat 0 holds clubs: only clubs.
    let l = legal(&g);
    assert!(l.iter().all(|a| a.ends_with('C')) && l.len() == 10, "{l:?}");
    let e = g.apply(&Action::Play(card("2D"))).expect_err("R7");
    assert_eq!(e, Illegal::MustFollow);
    assert!(e.to_string().contains("(R7)"));
}

#[test]
fn r8_no_heart_or_queen_in_the_first_trick_while_another_card_can_go() {
    let mut g = dealt(Rules::default(), PassDir::NoPass, CLUBS_AT_2);
    play(&mut g, &["play 2C"]);
    // Seat 3 holds only spades: every spade but the queen.
    let l = legal(&g);
    assert_eq!(l.len(), 12);
    assert!(!l.contains(&"play QS".to_string()));
    let e = g.apply(&Action::Play(card("QS"))).expect_err("R8");
    assert_eq!(e, Illegal::PointsOnFirstTrick);
    assert!(e.to_string().contains("(R8)"));
    let mut free = dealt(
        Rules {
            no_pts_on_first_trick: false,
            ..Rules::default()
        },
        PassDir::NoPass,
        CLUBS_AT_2,
    );
    play(&mut free, &["play 2C", "play QS"]);
    // Only hearts and the queen: any of them, and a heart breaks hearts (R9.1).
    let mut g = dealt(
        Rules::default(),
        PassDir::NoPass,
        ["2C 2H", "3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH QS", "", ""],
    );
    play(&mut g, &["play 2C"]);
    assert_eq!(g.actor(), Actor::Player(Seat(1)));
    assert_eq!(legal(&g).len(), 13);
    assert!(!g.hearts_broken());
    play(&mut g, &["play 5H"]);
    assert!(g.hearts_broken());
}

#[test]
fn r9_hearts_are_not_led_before_they_are_broken() {
    let one = [1, 0, 0, 0];
    let won = ["2C 3C 4C 5C", "", "", ""];
    let g = position(Rules::default(), one, won, ["6C 2H 3H", "", "", ""], "", 0);
    assert!(legal(&g).iter().all(|a| !a.ends_with('H')));
    let e = g.apply(&Action::Play(card("2H"))).expect_err("R9");
    assert_eq!(e, Illegal::HeartsNotBroken);
    assert!(e.to_string().contains("(R9"));
    let free = Rules {
        must_break_hearts: false,
        ..Rules::default()
    };
    let g = position(free, one, won, ["6C 2H 3H", "", "", ""], "", 0);
    assert!(g.hearts_broken());
    assert!(legal(&g).contains(&"play 2H".to_string()));
    let only = ["2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", "", "", ""];
    let g = position(Rules::default(), one, won, only, "", 0);
    assert_eq!(legal(&g).len(), 12, "nothing but hearts: hearts");
}

#[test]
fn r9_1_the_queen_of_spades_breaks_hearts_with_qs_breaks_hearts() {
    let hands = ["", "QS 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS", "", ""];
    for (qs_breaks, broken) in [(true, true), (false, false)] {
        let rules = Rules {
            qs_breaks_hearts: qs_breaks,
            ..Rules::default()
        };
        let mut g = position(
            rules,
            [1, 0, 0, 0],
            ["2C 3C 4C 5C", "", "", ""],
            hands,
            "2D",
            1,
        );
        play(&mut g, &["play QS"]);
        assert_eq!(g.hearts_broken(), broken);
    }
}

#[test]
fn r9_2_hearts_may_be_led_instead_of_the_queen() {
    let hands = ["QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH", "", "", ""];
    let won = ["2C 3C 4C 5C", "", "", ""];
    let g = position(Rules::default(), [1, 0, 0, 0], won, hands, "", 0);
    assert_eq!(legal(&g), ["play QS"]);
    let rules = Rules {
        can_lead_hearts_instead_of_qs: true,
        ..Rules::default()
    };
    let g = position(rules, [1, 0, 0, 0], won, hands, "", 0);
    assert_eq!(legal(&g).len(), 12);
}

#[test]
fn r10_the_highest_card_of_the_suit_led_takes_the_trick() {
    let mut g = position(
        Rules::default(),
        [1, 0, 0, 0],
        ["2C 3C 4C 5C", "", "", ""],
        ["", "", "", "7D"],
        "5D AS 9D",
        3,
    );
    assert_eq!(g.leader(), Some(Seat(0)));
    play(&mut g, &["play 7D"]);
    assert_eq!(g.won(Seat(2)), Some(cards("5D AS 9D 7D")));
    assert_eq!(
        (g.actor(), g.leader()),
        (Actor::Player(Seat(2)), Some(Seat(2)))
    );
    assert!(g.trick().is_empty());
}

#[test]
fn r11_the_game_ends_with_the_thirteenth_trick() {
    let mut g = position(
        Rules::default(),
        [12, 0, 0, 0],
        ["", "", "", ""],
        ["AC", "KC", "QC", "JC"],
        "",
        0,
    );
    play(&mut g, &["play AC", "play KC", "play QC", "play JC"]);
    assert_eq!((g.phase(), g.actor()), (Phase::Over, Actor::Terminal));
    assert!(legal(&g).is_empty());
    let e = g.apply(&Action::Play(card("AC"))).expect_err("R11");
    assert_eq!(e, Illegal::GameOver);
    assert!(e.to_string().contains("(R11)"));
    for (pass, steps) in [(true, 117), (false, 105)] {
        for seed in 0..20 {
            let mut g = Hearts::new(
                Rules {
                    pass_cards: pass,
                    ..Rules::default()
                },
                4,
            )
            .expect("valid");
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            g.apply_mut(&Action::Direction(if pass {
                PassDir::Right
            } else {
                PassDir::NoPass
            }))
            .expect("direction");
            assert_eq!(1 + random_playout(&mut g, &mut rng, 1000), steps);
        }
    }
}
