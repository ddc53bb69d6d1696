//! The encodings for learning agents (`cards_core::Encode`): action ids, legal
//! masks, observation tensors and rewards, checked over random games of every
//! seat count and several rule variants, and against the documented layout.

use cards_core::testing::EncodingSuite;
use cards_core::{
    Card, CardMultiset, ChaCha8Rng, Encode, Game, Rank, Redeal, Seat, SeedableRng, Viewer,
    random_playout,
};
use proptest::prelude::*;
use shithead::*;

fn variant(i: u8) -> Rules {
    match i % 4 {
        0 => Rules::default(),
        1 => Rules {
            decks: Decks::Fixed(2),
            pick_up: PickUp::Voluntary,
            max_actions: 400,
            ..Rules::default()
        },
        2 => Rules {
            decks: Decks::Fixed(3),
            eights: Eights::OneSkip,
            kings: Kings::EachReverses,
            max_actions: 300,
            ..Rules::default()
        },
        _ => Rules {
            pick_up: PickUp::Voluntary,
            max_actions: 600,
            ..Rules::default()
        },
    }
}

fn card(s: &str) -> Card {
    s.parse().unwrap()
}

fn cards(s: &str) -> CardMultiset {
    s.parse().unwrap()
}

/// cards-core's encoding checks: at every state of random games (ids, the
/// legal mask, the shape and re-dealt tensors), along conformance walks with
/// players leaving at random moments (so the states only leaving reaches are
/// covered), and over both id spaces whole for every variant and seat count.
fn encoding_suite() -> EncodingSuite<Shithead> {
    let start =
        (0u8..4, 2..=10usize).prop_map(|(v, seats)| Shithead::new(variant(v), seats).unwrap());
    EncodingSuite::new(
        "tests/shithead/encode.proptest-regressions",
        start,
        (0..4).map(variant).collect(),
        2..=10,
    )
    .cases(48)
    .walk_cases(32)
    .max_steps(500_000)
    .min_steps_per_seat(9)
    .host_ops(|g| (0..g.seats()).map(|s| Leave(Seat(s as u8))).collect())
}

cards_core::encoding_tests!(encoding_suite());

#[test]
fn h1_the_spaces_have_the_documented_sizes() {
    for (seats, actions) in [
        (2, 432),
        (4, 432),
        (5, 1_485),
        (8, 1_485),
        (9, 3_812),
        (10, 3_812),
    ] {
        let s = Shithead::shape(&Rules::default(), seats);
        assert_eq!(
            (s.actions, s.chance_outcomes, s.observation),
            (actions, 104, 318 + 113 * seats),
            "{seats} seats"
        );
    }
}

/// H5, H10: every group a play or a face-up pick-up can name with `d` decks
/// has its own id; pick-ups of more than three cards (never legal) have none.
#[test]
fn h5_h10_every_group_of_the_decks_has_its_own_id() {
    for (d, seats) in [(1u8, 4usize), (2, 8), (3, 10)] {
        let rules = Rules::default();
        assert_eq!(rules.decks_for(seats), Some(d));
        let mut ids = std::collections::BTreeSet::new();
        for r in 0..13 {
            for lanes in 1u8..=255 {
                let counts: Vec<u8> = (0..4).map(|s| (lanes >> (2 * s)) & 3).collect();
                let g = Group::new(Rank::from_index(r), lanes).unwrap();
                let fits = counts.iter().all(|&c| c <= d);
                let play = Shithead::action_id(&rules, seats, &Action::Play(g), false);
                assert_eq!(play.is_some(), fits, "play {g}");
                let with = Shithead::action_id(&rules, seats, &Action::PickUpWith(g), false);
                assert_eq!(with.is_some(), fits && g.len() <= 3, "pick up with {g}");
                for id in play.into_iter().chain(with) {
                    assert!(ids.insert(id), "{g}: id {id} twice");
                }
            }
        }
        let shape = Shithead::shape(&rules, seats);
        assert_eq!(ids.len() + 55, shape.actions, "{d} decks");
    }
}

#[test]
fn card_numbers_run_rank_first() {
    assert_eq!(card_index(card("2C")), 0);
    assert_eq!(card_index(card("2S")), 3);
    assert_eq!(card_index(card("3C")), 4);
    assert_eq!(card_index(card("AS")), 51);
    let rules = Rules::default();
    let id = |t: &str| Shithead::action_id(&rules, 4, &t.parse().unwrap(), false);
    assert_eq!(id("blind"), Some(0));
    assert_eq!(id("done"), Some(2));
    assert_eq!(id("up 2C"), Some(3));
    assert_eq!(id("up AS"), Some(54));
    assert_eq!(id("play 2C"), Some(55));
    // One deck: 15 groups a rank; 7H 7S is c♥ = 1, c♠ = 1: 4 + 8 − 1 = 11.
    assert_eq!(id("play 7H 7S"), Some(55 + 15 * 5 + 11));
    assert_eq!(id("play 7H 7H"), None, "two copies need two decks");
    assert_eq!(id("pick up with 2C"), Some(55 + 195));
    let chance = |t: &str| Shithead::action_id(&rules, 4, &t.parse().unwrap(), true);
    assert_eq!(chance("draw 2C"), Some(0));
    assert_eq!(chance("turn AS"), Some(103));
    assert_eq!(chance("blind"), None);
}

/// Seat 0 holds 5C 9D and the face-up 7H, seat 1 holds 4C 4D 4H; the pile is
/// 6S then 3C; seat 0 to act.
fn known_position() -> Shithead {
    Position::new(Rules::default(), 2)
        .to_act(Seat(0))
        .hand(Seat(0), "5C 9D")
        .face_up(Seat(0), "7H")
        .face_down(Seat(0), "2C")
        .hand(Seat(1), "4C 4D 4H")
        .face_down(Seat(1), "2D KS")
        .pile("6S 3C")
        .build()
        .unwrap()
}

#[test]
fn h23_the_tensor_has_the_documented_layout() {
    let g = known_position();
    let (rules, n) = (*g.rules(), 2);
    let mut t = vec![f32::NAN; Shithead::shape(&rules, n).observation];
    Shithead::encode_view(&rules, n, &g.observe(Viewer::Seat(Seat(0))), &mut t);
    let b = 4 * n + 2;
    let seat = |s: usize| 318 + 4 * n + SEAT_BLOCK * s;
    let c = |s: &str| card_index(card(s));
    assert_eq!((t[0], t[1]), (1.0, 0.0), "viewer seat 0");
    assert_eq!(t[n], 1.0, "seat 0 acts");
    assert_eq!(t[b + 2], 1.0, "playing");
    assert_eq!(t[b + 4], 1.0, "stage start");
    assert_eq!(t[b + 11 + Rank::Three as usize], 1.0, "3 on top");
    assert_eq!(t[b + 24 + Rank::Six as usize], 1.0, "level 6 (H13)");
    // Numbers over the most the rules allow (one deck: four of a rank).
    assert_eq!(t[b + 37], 1.0 / 4.0, "a run of one");
    for h in ["5C", "9D"] {
        assert_eq!(t[b + 104 + c(h)], 1.0, "own hand {h}");
    }
    assert_eq!(t[b + 104..b + 156].iter().sum::<f32>(), 2.0);
    assert_eq!((t[b + 156 + c("6S")], t[b + 156 + c("3C")]), (1.0, 1.0));
    // Seat blocks: counts, face-up cards; seat 1's hand is only a count.
    let (s0, s1) = (seat(0), seat(1));
    assert_eq!(&t[s0..s0 + 5], [1.0, 0.0, 0.0, 2.0 / 52.0, 1.0 / 3.0]);
    assert_eq!(t[s0 + 5 + c("7H")], 1.0);
    assert_eq!(&t[s1..s1 + 5], [1.0, 0.0, 0.0, 3.0 / 52.0, 2.0 / 3.0]);
    assert!(
        t.iter().all(|x| (0.0..=1.0).contains(x)),
        "every entry in [0, 1]"
    );
    assert!(t[s1 + 5..s1 + 109].iter().all(|&x| x == 0.0));
    for h in ["4C", "4D", "4H"] {
        assert_eq!(t[b + 104 + c(h)], 0.0, "seat 1's {h} is hidden from seat 0");
    }
    // Seat 1's own view shows his hand, not seat 0's.
    Shithead::encode_view(&rules, n, &g.observe(Viewer::Seat(Seat(1))), &mut t);
    assert_eq!(t[b + 104 + c("4D")], 1.0);
    assert_eq!(t[b + 104 + c("5C")], 0.0);
}

#[test]
fn h23_3_known_cards_and_h3_1_picks_are_in_every_seat_tensor() {
    let mut t = cards_core::Table::<Shithead>::new(Rules::default(), 3, 5).unwrap();
    let mut legal = Vec::new();
    t.state().legal_actions(&mut legal);
    let pick = legal[4];
    t.play(&pick).unwrap();
    let g = *t.state();
    let Action::FaceUp(picked) = pick else {
        panic!("{pick}")
    };
    let (rules, n) = (*g.rules(), 3);
    let b = 4 * n + 2;
    let mut out = vec![0.0; Shithead::shape(&rules, n).observation];
    for s in 0..3 {
        Shithead::encode_view(&rules, n, &g.observe(Viewer::Seat(Seat(s))), &mut out);
        assert_eq!(out[b + 9], 1.0, "stage picking");
        assert_eq!(
            out[b + 208 + card_index(picked)],
            1.0,
            "seat {s} sees the pick"
        );
        assert_eq!(out[b + 208..b + 260].iter().sum::<f32>(), 1.0);
    }
    // A pile picked up is known to be in that hand (H23.3).
    let g = Position::new(Rules::default(), 2)
        .to_act(Seat(1))
        .hand(Seat(0), "AC AD")
        .hand(Seat(1), "4C 5D")
        .face_down(Seat(0), "2C")
        .face_down(Seat(1), "2D")
        .pile("KS")
        .build()
        .unwrap();
    let g = g.apply(&"pick up".parse().unwrap()).unwrap();
    Shithead::encode_view(&rules, 2, &g.observe(Viewer::Seat(Seat(0))), &mut out);
    let known = 318 + 8 + SEAT_BLOCK + 57;
    assert_eq!(
        out[known + card_index(card("KS"))],
        1.0,
        "seat 0 saw KS go to seat 1"
    );
    assert_eq!(out[known + card_index(card("4C"))], 0.0, "but not his 4C");
}

/// H8, H23: the burned cards left the game face up, so every seat's tensor
/// names them (a plane), not only their count: two positions that differ in
/// which cards burned are told apart. (The position builder burns every
/// card it does not place.)
#[test]
fn h8_h23_burned_cards_are_a_plane_in_every_seat_tensor() {
    let before = Position::new(Rules::default(), 2)
        .to_act(Seat(0))
        .hand(Seat(0), "TC 5D")
        .hand(Seat(1), "4C 6D")
        .face_down(Seat(0), "2C")
        .face_down(Seat(1), "2D")
        .pile("KS 9H")
        .build()
        .unwrap();
    let after = before.apply(&"play TC".parse().unwrap()).unwrap();
    let (rules, n) = (*before.rules(), 2);
    let burned = 4 * n + 2 + 264;
    let mut out = vec![0.0; Shithead::shape(&rules, n).observation];
    for (g, count) in [(before, 44.0), (after, 47.0)] {
        for s in 0..2 {
            Shithead::encode_view(&rules, n, &g.observe(Viewer::Seat(Seat(s))), &mut out);
            let plane = &out[burned..burned + 52];
            for c in (0..52).filter_map(Card::from_index) {
                let copies = f32::from(g.burned().count(c));
                assert_eq!(plane[card_index(c)], copies, "seat {s}, {c}");
            }
            assert_eq!(plane.iter().sum::<f32>(), count, "seat {s}");
            assert_eq!(out[burned - 3], count / 52.0, "the count beside the plane");
        }
    }
    for c in ["KS", "9H", "TC"] {
        assert_eq!(
            out[burned + card_index(card(c))],
            1.0,
            "{c} burned by the ten"
        );
    }
}

#[test]
fn h23_a_seat_tensor_ignores_what_a_redeal_changes() {
    let g = known_position();
    let (rules, n) = (*g.rules(), 2);
    let len = Shithead::shape(&rules, n).observation;
    let (mut a, mut b) = (vec![0.0; len], vec![0.0; len]);
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let mut moved = 0;
    Shithead::encode_view(&rules, n, &g.observe(Viewer::Seat(Seat(0))), &mut a);
    for _ in 0..200 {
        let r = g.redeal_hidden(Seat(0), &mut rng);
        moved += usize::from(r.hand(Seat(1)) != Some(cards("4C 4D 4H")));
        Shithead::encode_view(&rules, n, &r.observe(Viewer::Seat(Seat(0))), &mut b);
        assert_eq!(a, b);
    }
    assert!(
        moved > 100,
        "the re-deal moved seat 1's hand only {moved} times"
    );
}

#[test]
fn h20_h22_rewards_are_zero_sum_from_one_for_first_to_minus_one_for_last() {
    for seed in 0..30u64 {
        let seats = 2 + (seed % 6) as usize;
        let mut end = Shithead::new(variant(seed as u8), seats).unwrap();
        random_playout(&mut end, &mut ChaCha8Rng::seed_from_u64(seed), 500_000);
        let o = end.outcome().expect("over");
        let r: Vec<f64> = (0..seats).map(|s| o.reward(Seat(s as u8))).collect();
        assert!(r.iter().sum::<f64>().abs() < 1e-9, "{r:?}");
        if o.winners().count() == 1 {
            let w = o.winners().next().unwrap();
            assert_eq!(r[w.index()], 1.0, "{o}");
        }
        if let Some(s) = end.shithead()
            && o.places().iter().filter(|&&p| p == o.place(s)).count() == 1
            && o.place(s) as usize == seats
        {
            assert_eq!(r[s.index()], -1.0, "{o}");
        }
    }
}
