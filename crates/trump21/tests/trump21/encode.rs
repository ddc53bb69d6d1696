//! The encodings for learning agents (`cards_core::Encode`): action ids, legal
//! masks, observation tensors and rewards, checked over random games of every
//! seat count and several rule variants, and against the documented layout.

use cards_core::testing::EncodingSuite;
use cards_core::{ChaCha8Rng, Encode, Game, Redeal, Seat, SeedableRng, Viewer, random_playout};
use proptest::prelude::*;
use trump21::*;

fn variant(i: u8) -> Rules {
    // Three lives and one damage a round: games of several rounds.
    let base = Rules {
        lives: 3,
        damage: RoundDamage::Fixed(1),
        ..Rules::default()
    };
    match i % 4 {
        0 => base,
        1 => Rules {
            damage: RoundDamage::Growing,
            ranking: Ranking::Distance,
            love: LoveCard::Random,
            copies: 2,
            ..base
        },
        2 => Rules {
            trumps: trumps_of(&[
                Trump::Harvest,
                Trump::Switch,
                Trump::Switch,
                Trump::Exchange,
                Trump::Exchange,
                Trump::Exchange,
                Trump::Destroy,
                Trump::Destroy,
                Trump::Love,
                Trump::GoFor24,
            ]),
            ..base
        },
        _ => Rules {
            trumps: TrumpCounts([3; KINDS]),
            gamble_lose: 0,
            ..base
        },
    }
}

/// cards-core's encoding checks: at every state of random games (ids, the
/// legal mask, the shape and re-dealt tensors), along conformance walks with
/// players leaving at random moments (so the states only leaving reaches are
/// covered), and over both id spaces whole for every variant and seat count.
fn encoding_suite() -> EncodingSuite<Trump21> {
    let start =
        (0u8..4, 2..=8usize).prop_map(|(v, seats)| Trump21::new(variant(v), seats).unwrap());
    EncodingSuite::new(
        "tests/trump21/encode.proptest-regressions",
        start,
        (0..4).map(variant).collect(),
        2..=8,
    )
    .cases(64)
    .walk_cases(32)
    .max_steps(50_000)
    .min_steps_per_seat(4)
    .host_ops(|g| {
        (0..g.seats())
            .map(|s| HostOp::Leave(Seat(s as u8)))
            .collect()
    })
}

cards_core::encoding_tests!(encoding_suite());

#[test]
fn the_spaces_have_the_documented_sizes() {
    let d = Trump21::shape(&Rules::default(), 2);
    assert_eq!(
        (d.actions, d.chance_outcomes, d.observation),
        (176, 32, 244)
    );
    let mut trumps = TrumpCounts([3; KINDS]);
    for k in &Trump::ALL[..7] {
        trumps.add(*k);
    }
    let largest = Rules {
        trumps,
        ..Rules::default()
    };
    assert_eq!(largest.trumps.total(), 64);
    let l = Trump21::shape(&largest, 8);
    assert_eq!((l.actions, l.observation), (352, 658));
}

#[test]
fn t12_ids_of_targeted_plays_name_absolute_seats() {
    let (rules, n) = (Rules::default(), 3);
    let id = |t: &str| Trump21::action_id(&rules, n, &t.parse().unwrap(), false);
    assert_eq!(id("draw"), Some(0));
    assert_eq!(id("done"), Some(4));
    assert_eq!(id("play draw-2"), Some(5));
    assert_eq!(id("play harvest"), Some(17));
    assert_eq!(id("play damage+1 @2"), Some(20));
    assert_eq!(id("play damage+2 @0"), Some(21));
    assert_eq!(id("play destroy @1 shield"), Some(18 + 12 + 19 + 11));
    assert_eq!(id("play trump-switch 0"), Some(38 + 72));
    assert_eq!(id("play trump-switch 31"), Some(38 + 72 + 31));
    // Seats and counts outside this table and deck have no id.
    assert_eq!(id("play damage+1 @3"), None);
    assert_eq!(id("play trump-switch 32"), None);
    assert_eq!(id("card 5"), None);
    let chance = |t: &str| Trump21::action_id(&rules, n, &t.parse().unwrap(), true);
    assert_eq!(chance("card 1"), Some(0));
    assert_eq!(chance("trump harvest"), Some(29));
    assert_eq!(chance("gamble lose"), Some(31));
    assert_eq!(chance("draw"), None);
}

/// Seat 0 holds hidden 9 and open 5 then 3, a Shield; seat 1 hidden 7, open 10;
/// a Damage+1 lies at seat 1.
fn known_position() -> Trump21 {
    Position::new(Rules::default(), 2)
        .hand(Seat(0), 9, &[5, 3])
        .hand(Seat(1), 7, &[10])
        .trumps(Seat(0), &[Trump::Shield, Trump::Shield])
        .trumps(Seat(1), &[Trump::Return])
        .played(Trump::Damage1, Seat(1))
        .build()
        .unwrap()
}

#[test]
fn t15_the_tensor_has_the_documented_layout() {
    let g = known_position();
    let (rules, n) = (*g.rules(), 2);
    let mut t = vec![f32::NAN; Trump21::shape(&rules, n).observation];
    Trump21::encode_view(&rules, n, &g.observe(Viewer::Seat(Seat(0))), &mut t);
    let seat = |s: usize| 106 + 5 * n + SEAT_BLOCK * s;
    let on: Vec<usize> = (0..t.len()).filter(|&i| t[i] == 1.0).collect();
    // Viewer seat 0; seat 0 to act, its turn, the opener; target 21.
    assert_eq!(t[0], 1.0);
    assert_eq!(t[n], 1.0, "seat 0 acts");
    assert_eq!(t[2 * n + 2], 1.0);
    assert_eq!(t[4 * n + 4], 1.0, "target 21");
    // Counts over the most the rules allow: two of the three shields (T2).
    assert_eq!(
        t[4 * n + 14 + Trump::Shield.index()],
        2.0 / 3.0,
        "my two shields"
    );
    // Seat 0: active, hidden 9 known, open 5 and 3 with 3 on top, total 17.
    let s0 = seat(0);
    assert_eq!(t[s0], 1.0);
    assert_eq!(t[s0 + 5 + 8], 1.0, "own hidden 9");
    let copy = 1.0 / f32::from(rules.copies);
    assert_eq!(
        (t[s0 + 18 + 4], t[s0 + 18 + 2]),
        (copy, copy),
        "open 5 and 3"
    );
    assert_eq!(t[s0 + 29 + 2], 1.0, "3 on top");
    let most = 66.0 * f32::from(rules.copies);
    assert_eq!(t[s0 + 40], 17.0 / most);
    assert_eq!(t[s0 + 41], 2.0 / 32.0, "two of the 32 trumps");
    // Seat 1: his hidden 7 is not there, his open 10 and the Damage+1 at him are.
    let s1 = seat(1);
    assert_eq!(t[s1 + 4], 1.0, "he holds a hidden card");
    assert!(t[s1 + 5..s1 + 16].iter().all(|&x| x == 0.0), "unseen");
    assert_eq!(t[s1 + 18 + 9], copy);
    assert_eq!(t[s1 + 40], 10.0 / most);
    assert_eq!(t[s1 + 41], 1.0 / 32.0, "one hidden trump");
    assert_eq!(
        t[s1 + 42 + Trump::Damage1.index()],
        1.0 / 3.0,
        "one of three"
    );
    // Nothing else in his block is 1.0: active, full lives, a hidden card, his
    // top card (the open 10).
    let s1_on: Vec<usize> = on.iter().filter(|&&i| i >= s1).map(|i| i - s1).collect();
    assert_eq!(s1_on, [0, 3, 4, 29 + 9]);
    assert!(
        t.iter().all(|x| (0.0..=1.0).contains(x)),
        "every entry in [0, 1]"
    );

    // Seat 1's own view shows him his 7.
    Trump21::encode_view(&rules, n, &g.observe(Viewer::Seat(Seat(1))), &mut t);
    assert_eq!(t[s1 + 5 + 6], 1.0);
    assert!(t[s0 + 5..s0 + 16].iter().all(|&x| x == 0.0));
}

#[test]
fn t15_2_seen_discards_are_in_every_seat_tensor() {
    let g = Position::new(Rules::default(), 2)
        .hand(Seat(0), 9, &[2])
        .hand(Seat(1), 7, &[10])
        .discards(&[5, 5, 11])
        .build()
        .unwrap();
    let (rules, n) = (*g.rules(), 2);
    let block = 5 * n + 95;
    let mut t = vec![f32::NAN; Trump21::shape(&rules, n).observation];
    for viewer in [
        Viewer::Seat(Seat(0)),
        Viewer::Seat(Seat(1)),
        Viewer::Spectator,
    ] {
        Trump21::encode_view(&rules, n, &g.observe(viewer), &mut t);
        let copies = f32::from(rules.copies);
        let seen: Vec<(usize, f32)> = (0..11)
            .filter(|&i| t[block + i] != 0.0)
            .map(|i| (i + 1, t[block + i]))
            .collect();
        assert_eq!(seen, [(5, 2.0 / copies), (11, 1.0 / copies)], "{viewer:?}");
    }
}

#[test]
fn t15_a_seat_tensor_ignores_what_a_redeal_changes() {
    // Many re-deals of one position: others' hidden cards and trumps, the deck.
    let g = known_position();
    let (rules, n) = (*g.rules(), 2);
    let len = Trump21::shape(&rules, n).observation;
    let (mut a, mut b) = (vec![0.0; len], vec![0.0; len]);
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut changed = 0;
    for _ in 0..200 {
        let r = g.redeal_hidden(Seat(0), &mut rng);
        changed += usize::from(r.hidden_card(Seat(1)) != g.hidden_card(Seat(1)));
        Trump21::encode_view(&rules, n, &g.observe(Viewer::Seat(Seat(0))), &mut a);
        Trump21::encode_view(&rules, n, &r.observe(Viewer::Seat(Seat(0))), &mut b);
        assert_eq!(a, b);
    }
    assert!(
        changed > 50,
        "the re-deal moved seat 1's card only {changed} times"
    );
}

#[test]
fn t12_8_an_exchange_in_progress_shows_hidden_gives_to_the_player_only() {
    let g = Position::new(Rules::default(), 2)
        .hand(Seat(0), 9, &[5])
        .hand(Seat(1), 7, &[10])
        .trumps(Seat(0), &[Trump::Exchange, Trump::Shield])
        .trumps(Seat(1), &[Trump::Return])
        .build()
        .unwrap();
    let mut g = g;
    for a in ["play exchange @1", "take hidden", "give hidden:shield"] {
        g = g.apply(&a.parse().unwrap()).unwrap();
    }
    let (rules, n) = (*g.rules(), 2);
    let mut t = vec![0.0; Trump21::shape(&rules, n).observation];
    let x = 4 * n + 35;
    let mine = 5 * n + 76 + Trump::Shield.index();
    Trump21::encode_view(&rules, n, &g.observe(Viewer::Seat(Seat(0))), &mut t);
    assert_eq!((t[x], t[x + 1 + 1]), (1.0, 1.0), "exchanging with seat 1");
    // Each of at most two takes and two gives (T12.8) counts a half.
    assert_eq!(t[5 * n + 55], 0.5, "one hidden take");
    assert_eq!(t[5 * n + 75], 0.5, "one hidden give");
    assert_eq!(t[mine], 0.5, "the player sees its kind");
    Trump21::encode_view(&rules, n, &g.observe(Viewer::Seat(Seat(1))), &mut t);
    assert_eq!(t[5 * n + 75], 0.5);
    assert_eq!(t[mine], 0.0, "the partner does not");
}

#[test]
fn a_spectator_tensor_names_no_viewer_and_no_hidden_card() {
    let g = known_position();
    let (rules, n) = (*g.rules(), 2);
    let mut t = vec![0.0; Trump21::shape(&rules, n).observation];
    Trump21::encode_view(&rules, n, &g.observe(Viewer::Spectator), &mut t);
    assert!(t[..n].iter().all(|&x| x == 0.0));
    for s in 0..n {
        let b = 106 + 5 * n + SEAT_BLOCK * s;
        assert!(t[b + 5..b + 16].iter().all(|&x| x == 0.0));
    }
    assert!(
        t[4 * n + 14..4 * n + 33].iter().all(|&x| x == 0.0),
        "no own trumps"
    );
}

#[test]
fn t13_rewards_are_zero_sum_from_one_for_first_to_minus_one_for_last() {
    for seed in 0..40u64 {
        let seats = 2 + (seed % 5) as usize;
        let mut end = Trump21::new(variant(seed as u8), seats).unwrap();
        random_playout(&mut end, &mut ChaCha8Rng::seed_from_u64(seed), 50_000);
        let o = end.outcome().expect("over");
        let r: Vec<f64> = (0..seats).map(|s| o.reward(Seat(s as u8))).collect();
        assert!(r.iter().sum::<f64>().abs() < 1e-9, "{r:?}");
        let best = (0..seats).min_by_key(|&s| o.places()[s]).unwrap();
        let worst = (0..seats).max_by_key(|&s| o.places()[s]).unwrap();
        let winners = o.winners().count();
        if winners == 1 {
            assert_eq!(r[best], 1.0, "{o}");
        }
        if o.places()
            .iter()
            .filter(|&&p| p == o.places()[worst])
            .count()
            == 1
        {
            assert_eq!(r[worst], -1.0, "{o}");
        }
    }
}
