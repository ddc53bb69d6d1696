//! Events in plain words (T15, issue 9): "you" for the viewer's own seat, chance steps
//! told by what they did, reveals and round ends named; serialisable under `serde`.

use cards_core::{Game, Seat, Table, Viewer};
use trump21::{Phase, Rules, Trump, Trump21};

use crate::common::*;

fn said(g: &Trump21, a: &str, v: Viewer) -> String {
    g.event(&a.parse().unwrap(), v).unwrap().to_string()
}

#[test]
fn t15_events_say_you_and_name_chance_steps_in_words() {
    let mut s = position(&[(2, &[3]), (9, &[4])], &[], 0);
    s.phase = Phase::Draw {
        to: Seat(0),
        love: false,
    };
    let g = load(s);
    assert_eq!(said(&g, "card 5", Viewer::Seat(Seat(0))), "you draw a 5");
    assert_eq!(
        said(&g, "card 5", Viewer::Seat(Seat(1))),
        "seat 0 draws a 5"
    );
    let mut s = position(&[(2, &[3]), (9, &[4])], &[], 1);
    to_pile(&mut s, Trump::Shield);
    s.phase = Phase::Gamble;
    let g = load(s);
    assert_eq!(
        said(&g, "gamble win", Viewer::Seat(Seat(0))),
        "seat 1 wins the gamble"
    );
    assert_eq!(
        said(&g, "gamble lose", Viewer::Seat(Seat(1))),
        "you lose the gamble"
    );
}

#[test]
fn t11_1_a_reveal_names_the_card_and_t9_a_round_end_its_result() {
    // Seat 0 on 21 reveals his hidden 10, then closes; seat 1 (19) is closed: the round ends.
    let mut s = position(&[(10, &[11]), (9, &[10])], &[], 0);
    s.seats[1].closed = true;
    let g = load(s);
    assert_eq!(
        said(&g, "reveal", Viewer::Seat(Seat(1))),
        "seat 0 reveals his hidden 10"
    );
    let g = run(&g, &["reveal"]);
    let you = said(&g, "close", Viewer::Seat(Seat(0)));
    assert_eq!(
        you,
        "you close; round 1 ends (target 21): you win with 21; seat 1 loses 2 lives with 19"
    );
    let spectator = said(&g, "close", Viewer::Spectator);
    assert!(
        spectator.starts_with("seat 0 closes; round 1 ends"),
        "{spectator}"
    );
}

#[test]
fn t15_no_event_text_uses_log_jargon() {
    let mut table = Table::<Trump21>::new(Rules::default(), 3, 11).unwrap();
    let mut bots: Vec<Box<dyn cards_core::Bot<Trump21>>> = (0..3)
        .map(|_| Box::new(trump21::OddsBot::default()) as Box<dyn cards_core::Bot<Trump21>>)
        .collect();
    table.play_bots(&mut bots, 100_000).unwrap();
    let mut g = table.start().clone();
    let mut texts = 0;
    for step in table.log() {
        if let cards_core::Step::Chance(a) | cards_core::Step::Player(_, a) = step {
            for v in [Viewer::Seat(Seat(0)), Viewer::Spectator] {
                let t = g.event(a, v).unwrap().to_string();
                // No "chance: card 5", no "seat 1: play shield", no action notation.
                let log_line = t.split_once(": ").is_some_and(|(head, _)| {
                    head.starts_with("seat ") && head.len() <= "seat 7".len()
                });
                assert!(
                    !t.contains("chance") && !t.contains("card ") && !log_line && !t.contains('@'),
                    "{t}"
                );
                texts += 1;
            }
            g = g.apply(a).unwrap();
        } else if let cards_core::Step::Host(op) = step {
            g = g.host(op).unwrap();
        }
    }
    assert!(texts > 100);
}

#[cfg(feature = "serde")]
#[test]
fn events_round_trip_through_json() {
    let g = run(&load(position(&[(2, &[3]), (9, &[4])], &[], 0)), &[]);
    for v in [
        Viewer::Seat(Seat(0)),
        Viewer::Seat(Seat(1)),
        Viewer::Spectator,
    ] {
        let e = g.event(&trump21::Action::Close, v).unwrap();
        let json = serde_json::to_string(&e).unwrap();
        assert_eq!(serde_json::from_str::<trump21::Event>(&json).unwrap(), e);
    }
}

#[test]
fn t12_events_name_the_card_draw_x_perfect_draw_and_love_your_enemy_put_down() {
    // Seat 0 at 9 + 2 = 11, seat 1 at 7 + 10 = 17; the deck holds 5, 3 and 11.
    let g = trump21::Position::new(Rules::default(), 2)
        .hand(Seat(0), 9, &[2])
        .hand(Seat(1), 7, &[10])
        .trumps(
            Seat(0),
            &[Trump::Draw5, Trump::Draw4, Trump::PerfectDraw, Trump::Love],
        )
        .deck(&[5, 3, 11])
        .build()
        .unwrap();
    let me = Viewer::Seat(Seat(0));
    assert_eq!(said(&g, "play draw-5", me), "you play Draw 5 and take a 5");
    assert_eq!(
        said(&g, "play draw-4", Viewer::Spectator),
        "seat 0 plays Draw 4, but no 4 is left"
    );
    // At 11 with target 21 the best card is the largest that fits: the 5 (T12.5).
    assert_eq!(
        said(&g, "play perfect-draw", Viewer::Seat(Seat(1))),
        "seat 0 plays Perfect Draw and takes a 5"
    );
    // Love your enemy gives seat 1 (at 17) the best card for him: the 3.
    assert_eq!(
        said(&g, "play love-your-enemy @1", Viewer::Seat(Seat(1))),
        "seat 0 plays Love your enemy on you: you get a 3"
    );
    #[cfg(feature = "serde")]
    {
        let e = g.event(&"play draw-5".parse().unwrap(), me).unwrap();
        let json = serde_json::to_value(&e).unwrap();
        assert_eq!(json["seen"]["played"]["took"], 5, "{json}");
    }
}
