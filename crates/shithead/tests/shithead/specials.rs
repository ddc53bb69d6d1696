//! One test per clause at least, named by the clause ID: H12–H23 (special
//! cards, the end, views). H1–H11 are in `rules.rs`.

use cards_core::{Actor, Game, NoSuchSeat, Rank, Seat, Viewer};
#[cfg(feature = "serde")]
use cards_core::{Card, Table};
use shithead::{Action, Eights, Illegal, Kings, Phase, Rules, SetupError, Shithead, Stage, Status};

use crate::common::{Pos, act, cards, legal, play};
use crate::rules::seat;

// H12–H18 ---------------------------------------------------------------------

#[test]
fn h12_a_two_is_always_playable_and_resets_the_level() {
    for top in ["7C", "AC", "KC"] {
        let g = Pos {
            hands: &["2C 5D", "4C 4D 4H"],
            down: &["2H", "2D"],
            pile: &[top],
            ..Pos::default()
        }
        .build();
        assert!(legal(&g).contains(&"play 2C".to_string()), "on {top}");
        let g = play(&g, &["play 2C"]);
        assert_eq!(g.level(), Some(Rank::Two));
        assert_eq!(legal(&g).len(), 7, "everything fits on a 2");
    }
}

#[test]
fn h13_a_three_is_transparent_and_copies_no_effect() {
    let g = Pos {
        seats: 3,
        hands: &["3C 5D", "8C 6D", "AC AD"],
        down: &["2C", "2D", "2H"],
        pile: &["7C"],
        ..Pos::default()
    }
    .build();
    let g = play(&g, &["play 3C"]);
    assert_eq!(g.level(), Some(Rank::Seven));
    assert_eq!(legal(&g), ["play 6D"], "3 over 7 keeps the 7 rule");
    // A 3 on an 8 does not skip.
    let h = Pos {
        seats: 3,
        hands: &["3C 5D", "9C 6D", "AC AD"],
        down: &["2C", "2D", "2H"],
        pile: &["8C"],
        ..Pos::default()
    }
    .build();
    assert_eq!(seat(&play(&h, &["play 3C"])), Seat(1));
}

#[test]
fn h14_after_a_seven_only_two_to_seven() {
    let g = Pos {
        hands: &["7C 5D", "2C 3C 4C 5C 6C 7D 8C 9C TC JC QC KC AC"],
        down: &["2H", "2D"],
        ..Pos::default()
    }
    .build();
    let g = play(&g, &["play 7C"]);
    let l = legal(&g);
    assert_eq!(
        l,
        [
            "play 2C", "play 3C", "play 4C", "play 5C", "play 6C", "play 7D"
        ]
    );
    assert!(matches!(
        g.apply(&act("play TC")),
        Err(Illegal::NotPlayable { .. })
    ));
}

#[test]
fn h15_eights_skip_one_player_each() {
    let pos = |n: usize, hand: &'static str, rules| {
        let hands: &'static [&'static str] = Box::leak(
            vec![hand, "4C 4D", "5C 5D", "6C 6D"][..n]
                .to_vec()
                .into_boxed_slice(),
        );
        Pos {
            rules,
            seats: n,
            hands,
            down: &["2C", "2D", "2H", "2S"][..n],
            ..Pos::default()
        }
        .build()
    };
    let d = Rules::default();
    assert_eq!(
        seat(&play(&pos(4, "8C 8D 9C", d), &["play 8C 8D"])),
        Seat(3)
    );
    assert_eq!(
        seat(&play(&pos(3, "8C 8D 9C", d), &["play 8C 8D"])),
        Seat(0)
    );
    assert_eq!(
        seat(&play(&pos(3, "8C 8D 8H 9C", d), &["play 8C 8D 8H"])),
        Seat(1)
    );
    assert_eq!(seat(&play(&pos(2, "8C 9C", d), &["play 8C"])), Seat(0));
    assert_eq!(
        seat(&play(&pos(2, "8C 8D 9C", d), &["play 8C 8D"])),
        Seat(1)
    );
    let one = Rules {
        eights: Eights::OneSkip,
        ..d
    };
    assert_eq!(
        seat(&play(&pos(4, "8C 8D 9C", one), &["play 8C 8D"])),
        Seat(2)
    );
}

#[test]
fn h16_a_ten_is_playable_on_anything_but_a_seven_and_burns() {
    for (top, ok) in [("AC", true), ("KC", true), ("2C", true), ("7C", false)] {
        let g = Pos {
            hands: &["TD 5D", "4C 4D 4H"],
            down: &["2H", "2D"],
            pile: &[top],
            ..Pos::default()
        }
        .build();
        assert_eq!(g.apply(&act("play TD")).is_ok(), ok, "on {top}");
        if ok {
            assert!(play(&g, &["play TD"]).pile().is_empty());
        }
    }
}

#[test]
fn h17_a_queen_must_be_covered_by_the_same_player_with_anything() {
    let g = Pos {
        seats: 3,
        hands: &["QC 4D 9H", "5C 6D KC", "AC AD"],
        down: &["2C", "2D", "2H"],
        pile: &["JC"],
        ..Pos::default()
    }
    .build();
    let g = play(&g, &["play QC"]);
    assert_eq!(seat(&g), Seat(0), "the same player moves again");
    assert_eq!(g.stage(), Stage::Cover);
    assert_eq!(legal(&g), ["play 4D", "play 9H"], "anything is playable");
    assert_eq!(g.apply(&act("pick up")), Err(Illegal::MustCover));
    assert_eq!(g.apply(&act("done")), Err(Illegal::MustCover));
    let g = play(&g, &["play 4D"]);
    assert_eq!(seat(&g), Seat(1));
    // A 3 on a queen leaves the level at queen for the next player.
    let h = Pos {
        seats: 3,
        hands: &["QC 3D 9H", "5C 6D KC", "AC AD"],
        down: &["2C", "2D", "2H"],
        pile: &["JC"],
        ..Pos::default()
    }
    .build();
    let h = play(&h, &["play QC", "play 3D"]);
    assert_eq!(h.level(), Some(Rank::Queen));
    assert_eq!(legal(&h), ["play KC"]);
}

#[test]
fn h18_a_king_reverses_once_per_play() {
    let pos = |hand: &'static str, rules| {
        Pos {
            rules,
            seats: 3,
            hands: Box::leak(Box::new([hand, "AC AD", "AH AS"])),
            down: &["2C", "2D", "2H"],
            ..Pos::default()
        }
        .build()
    };
    let g = play(&pos("KC 9C", Rules::default()), &["play KC"]);
    assert!(g.reversed());
    assert_eq!(seat(&g), Seat(2));
    let g = play(&pos("KC KD 9C", Rules::default()), &["play KC KD"]);
    assert_eq!(seat(&g), Seat(2), "several kings reverse once");
    let each = Rules {
        kings: Kings::EachReverses,
        ..Rules::default()
    };
    let g = play(&pos("KC KD 9C", each), &["play KC KD"]);
    assert!(!g.reversed());
    assert_eq!(seat(&g), Seat(1));
    // With two players it changes nothing.
    let two = Pos {
        hands: &["KC 9C", "AC AD"],
        down: &["2C", "2D"],
        ..Pos::default()
    }
    .build();
    assert_eq!(seat(&play(&two, &["play KC"])), Seat(1));
}

// H19–H22 ---------------------------------------------------------------------

#[test]
fn h19_a_player_without_cards_is_out_and_skipped() {
    let g = Pos {
        seats: 3,
        hands: &["9C", "5C 6D", "AC KD"],
        ..Pos::default()
    }
    .build();
    let g = play(&g, &["play 9C"]);
    assert_eq!(g.status(Seat(0)).unwrap(), Status::Out(0));
    assert_eq!(seat(&g), Seat(1));
    let g = play(&g, &["pick up", "play AC"]);
    assert_eq!(seat(&g), Seat(1), "seat 0 is skipped");
    // A last queen stays uncovered: the next player plays on a queen.
    let q = Pos {
        seats: 3,
        hands: &["QC", "5C KD", "AC AD"],
        ..Pos::default()
    }
    .build();
    let q = play(&q, &["play QC"]);
    assert_eq!(q.status(Seat(0)).unwrap(), Status::Out(0));
    assert_eq!(legal(&q), ["play KD"]);
    // A last eight skips, counting only active players.
    let e = Pos {
        seats: 3,
        hands: &["8C", "5C KD", "AC AD"],
        ..Pos::default()
    }
    .build();
    assert_eq!(seat(&play(&e, &["play 8C"])), Seat(2));
    // A last king reverses.
    let k = Pos {
        seats: 4,
        hands: &["KC", "5C", "AC", "AD"],
        ..Pos::default()
    }
    .build();
    assert_eq!(seat(&play(&k, &["play KC"])), Seat(3));
}

#[test]
fn h20_the_last_player_holding_cards_is_the_shithead() {
    let g = Pos {
        seats: 3,
        hands: &["9C", "AC", "5C 6D"],
        ..Pos::default()
    }
    .build();
    let g = play(&g, &["play 9C", "play AC"]);
    assert_eq!(g.phase(), Phase::Over);
    assert_eq!(g.actor(), Actor::Terminal);
    assert_eq!(g.shithead(), Some(Seat(2)));
    assert_eq!(g.outcome().unwrap().places(), &[1, 2, 3]);
    // Players who left rank below the shithead.
    let h = Pos {
        seats: 3,
        hands: &["9C", "AC", "5C 6D"],
        ..Pos::default()
    }
    .build();
    let h = h.leave(Seat(1)).unwrap();
    let h = play(&h, &["play 9C"]);
    assert_eq!(h.shithead(), Some(Seat(2)));
    assert_eq!(h.outcome().unwrap().places(), &[1, 3, 2]);
}

#[test]
fn h21_leaving_removes_the_cards_and_ranks_the_leaver_last() {
    let g = Pos {
        seats: 4,
        hands: &["9C", "AC", "5C 6D", "7C"],
        ..Pos::default()
    }
    .build();
    let l = g.host(&"leave 2".parse().unwrap()).unwrap();
    assert_eq!(l.status(Seat(2)).unwrap(), Status::Left(0));
    assert_eq!(l.removed(), cards("5C 6D"));
    assert_eq!(seat(&l), Seat(0), "play goes on");
    assert_eq!(l.leave(Seat(2)), Err(Illegal::AlreadyLeft(Seat(2))));
    assert_eq!(
        l.leave(Seat(7)),
        Err(Illegal::NoSuchSeat(NoSuchSeat {
            seat: Seat(7),
            seats: 4,
            clause: "H21",
        }))
    );
    let l = l.leave(Seat(3)).unwrap();
    let l = play(&l, &["play 9C"]);
    assert_eq!(l.phase(), Phase::Over);
    // Out first, then the shithead, then the later leaver, then the earlier one.
    assert_eq!(l.outcome().unwrap().places(), &[1, 2, 4, 3]);
    assert_eq!(l.leave(Seat(1)), Err(Illegal::GameOver));
    let o = play(&g, &["play 9C"]);
    assert_eq!(o.leave(Seat(0)), Err(Illegal::AlreadyOut(Seat(0))));
    // Leaving during the deal: no more cards for him.
    let mut t = Shithead::new(Rules::default(), 3)
        .unwrap()
        .leave(Seat(1))
        .unwrap();
    let mut v = vec![];
    while t.actor() == Actor::Chance {
        t.legal_actions(&mut v);
        t = t.apply(&v[0]).unwrap();
    }
    assert_eq!(t.held(Seat(1)), 0);
    assert_eq!(t.stock_len(), 52 - 18);
}

#[test]
fn h21_1_leaving_with_a_cover_or_a_replay_owed_passes_the_turn() {
    let g = Pos {
        seats: 3,
        hands: &["QC 4D 9H", "5C 6D KC", "AC AD"],
        down: &["2C", "2D", "2H"],
        pile: &["JC"],
        ..Pos::default()
    }
    .build();
    let g = play(&g, &["play QC"]).leave(Seat(0)).unwrap();
    assert_eq!(seat(&g), Seat(1));
    assert_eq!(g.level(), Some(Rank::Queen));
    assert_eq!(legal(&g), ["play KC"]);
    let b = Pos {
        seats: 3,
        hands: &["TC 4D 9H", "5C 6D KC", "AC AD"],
        down: &["2C", "2D", "2H"],
        pile: &["JC"],
        ..Pos::default()
    }
    .build();
    let b = play(&b, &["play TC"]).leave(Seat(0)).unwrap();
    assert_eq!(seat(&b), Seat(1));
    assert!(b.pile().is_empty());
    assert_eq!(
        legal(&b),
        ["play 5C", "play 6D", "play KC"],
        "the next player opens with anything"
    );
}

#[test]
fn h22_the_action_limit_ends_the_game_ranked_by_cards_held() {
    let rules = Rules {
        max_actions: 2,
        ..Rules::default()
    };
    let g = Pos {
        rules,
        seats: 4,
        hands: &["9C 9D", "AC", "5C 6D 7H", "4S 6S"],
        down: &["2C", "2D", "", ""],
        ..Pos::default()
    }
    .build();
    // Seat 0 plays a 9 and ends; seat 1 plays his ace: two actions.
    let g = play(&g, &["play 9C", "done"]);
    assert_eq!(g.phase(), Phase::Over);
    assert!(g.ended_by_limit());
    // Held: seat 0: 9D 2C = 2, seat 1: AC 2D = 2, seat 2: 3, seat 3: 2.
    assert_eq!(g.outcome().unwrap().places(), &[1, 1, 4, 1]);
    assert_eq!(g.shithead(), Some(Seat(2)));
    // Ties for last: the first after the dealer (seat 3) is the shithead.
    let rules = Rules {
        max_actions: 1,
        ..Rules::default()
    };
    let t = Pos {
        rules,
        seats: 4,
        hands: &["9C 9D 2S", "AC 4H", "5C 6D 7H", "4S 6S 8S"],
        ..Pos::default()
    }
    .build();
    let t = play(&t, &["play 9C 9D"]);
    assert_eq!(t.outcome().unwrap().places(), &[1, 2, 3, 3]);
    assert_eq!(t.dealer(), Seat(3));
    assert_eq!(t.shithead(), Some(Seat(2)));
    assert_eq!(
        Shithead::new(
            Rules {
                max_actions: 0,
                ..Rules::default()
            },
            2
        ),
        Err(SetupError::ActionLimit(0u32.into()))
    );
}

// H23 -------------------------------------------------------------------------

#[test]
fn h23_views_show_own_hand_face_up_cards_and_counts_only() {
    let g = Pos {
        seats: 3,
        hands: &["9C 9D 2S", "5H 4H", "5C 6D 7H"],
        up: &["KS", "", "QD"],
        down: &["2C 2D", "2H", "8S"],
        pile: &["4C"],
        ..Pos::default()
    }
    .build();
    let v = g.observe(Viewer::Seat(Seat(1)));
    assert_eq!(v.hand, Some(cards("4H 5H")));
    assert_eq!(v.hand_counts.as_slice(), &[3, 2, 3]);
    assert_eq!(v.face_down_counts.as_slice(), &[2, 1, 1]);
    assert_eq!(v.face_up.as_slice(), &[cards("KS"), cards(""), cards("QD")]);
    assert_eq!(v.pile, cards("4C"));
    let s = g.observe(Viewer::Spectator);
    assert_eq!(s.hand, None);
    // A picked-up pile is just more cards in that hand.
    let p = play(&g, &["play 9C 9D"]);
    let p = play(&p, &["pick up"]);
    let v2 = p.observe(Viewer::Seat(Seat(2)));
    assert_eq!(v2.hand_counts.as_slice(), &[1, 5, 3]);
    // Draws show the card to the drawer only.
    let d = Pos {
        hands: &["5H 9C 9D", "4C 4D 4H"],
        down: &["2C 2H 3C", "2D 2S 3D"],
        up: &["JC JD JH", "QC QD QH"],
        stock: "6C 6D",
        ..Pos::default()
    }
    .build();
    let d = play(&d, &["play 5H"]);
    assert_eq!(
        d.event(&act("draw 6C"), Viewer::Seat(Seat(0)))
            .unwrap()
            .to_string(),
        "you draw 6C"
    );
    assert_eq!(
        d.event(&act("draw 6C"), Viewer::Seat(Seat(1)))
            .unwrap()
            .to_string(),
        "seat 0 draws a card"
    );
    assert_eq!(
        d.event(&act("draw 6C"), Viewer::Spectator)
            .unwrap()
            .to_string(),
        "seat 0 draws a card"
    );
}

#[cfg(feature = "serde")]
#[test]
fn h23_a_serialized_view_holds_no_card_of_another_hand() {
    use cards_core::{Bot, RandomBot};
    let mut checked = 0;
    for seed in 0..20 {
        let mut t = Table::<Shithead>::new(Rules::default(), 4, seed).unwrap();
        let mut bot = RandomBot;
        while t.actor() != Actor::Terminal {
            let g = *t.state();
            // Cards anyone may know: face-up cards, the pile, the announced
            // opener card, the cards seen going into a hand (H23.3) and the
            // face-up picks of the arranging player (H3.1). Burned cards are
            // public too (everyone saw them on the pile).
            let public = |c: Card| {
                (0..4).any(|s| {
                    g.face_up(Seat(s)).unwrap().contains(c) || g.known(Seat(s)).unwrap().contains(c)
                }) || g.pile().contains(c)
                    || g.must_open() == Some(c)
                    || matches!(g.stage(), shithead::Stage::Picking(m) if m.contains(c))
            };
            for me in 0..4u8 {
                let json = serde_json::to_string(&g.observe(Viewer::Seat(Seat(me)))).unwrap();
                let hidden = (0..4u8)
                    .filter(|&o| o != me)
                    .flat_map(|o| g.hand(Seat(o)).unwrap().copies())
                    .chain((0..4u8).flat_map(|o| g.face_down(Seat(o)).unwrap().copies()))
                    .chain(g.stock().copies());
                for c in hidden {
                    if public(c) || g.hand(Seat(me)).unwrap().contains(c) {
                        continue;
                    }
                    assert!(!json.contains(&format!("\"{c}\"")), "seat {me} sees {c}");
                    checked += 1;
                }
            }
            t.play_bot(&mut bot as &mut dyn Bot<Shithead>).unwrap();
        }
    }
    assert!(checked > 10_000, "{checked}");
}

#[test]
fn h5_done_is_refused_when_nothing_could_be_added() {
    let g = Pos {
        hands: &["5C 9D", "4C 4D 4H"],
        down: &["2C", "2D"],
        ..Pos::default()
    }
    .build();
    assert_eq!(g.apply(&act("done")), Err(Illegal::CannotEnd));
    assert_eq!(g.apply(&act("draw 2H")), Err(Illegal::NotChance));
    assert_eq!(
        g.apply(&Action::FaceUp("2H".parse().unwrap())),
        Err(Illegal::NotArranging)
    );
}
