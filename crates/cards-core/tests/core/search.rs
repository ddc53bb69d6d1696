//! Determinization, ISMCTS, PIMC and the difficulty levels on the toy game.

use cards_core::conformance::{check_choices, check_determinize};
use cards_core::{
    Actor, Bot, Card, ChaCha8Rng, Game, Ismcts, Pimc, RandomBot, Rank, SearchBudget, SeedableRng,
    Table, Viewer,
};
use proptest::prelude::*;

use crate::common::{every_action, toy};
use crate::playout::Greedy;
use crate::toy::{Bug, Toy, ToyAction, ToyRules};

proptest! {
    #[test]
    fn toy_views_determinize_into_valid_positions_with_the_same_view(
        seed in any::<u64>(), choices in prop::collection::vec(any::<u32>(), 0..30)
    ) {
        let w = check_choices(&toy(3, Bug::None), &choices, &every_action()).unwrap();
        let checked = check_determinize(&w.end, 8, seed, choices.len());
        prop_assert!(checked.is_ok(), "{}", checked.unwrap_err());
    }
}

#[test]
fn determinizing_deals_each_unseen_card_to_each_place_evenly() {
    // Seat 0 holds 3C and sees nothing else: the other 7 cards lie one each with
    // seats 1 and 2 and five in the stock, so each card is with seat 1 one time
    // in seven.
    let mut s = toy(3, Bug::None);
    for c in ["3C", "4C", "5H"] {
        s = s.apply(&ToyAction::Deal(c.parse().unwrap())).unwrap();
    }
    let view = s.observe(Viewer::Seat(cards_core::Seat(0)));
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let n = 7_000;
    let mut with_seat_1 = std::collections::BTreeMap::<Card, u32>::new();
    for _ in 0..n {
        let d = <Toy as cards_core::Determinize>::determinize(s.rules(), &view, &mut rng).unwrap();
        assert_eq!(d.observe(Viewer::Seat(cards_core::Seat(0))), view);
        let seat1 = d
            .observe(Viewer::Seat(cards_core::Seat(1)))
            .own_hidden
            .unwrap();
        *with_seat_1.entry(seat1).or_default() += 1;
    }
    assert_eq!(with_seat_1.len(), 7, "every unseen card can be with seat 1");
    // Chi-square with 6 degrees of freedom: 22.46 is the 0.1% critical value.
    let expected = f64::from(n) / 7.0;
    let chi2: f64 = with_seat_1
        .values()
        .map(|&k| (f64::from(k) - expected).powi(2) / expected)
        .sum();
    assert!(chi2 < 22.46, "chi-square {chi2}: {with_seat_1:?}");
}

#[test]
fn ismcts_samples_by_the_opponent_model() {
    // Seat 0 holds 3C; seat 1's hidden card is one of 7 unseen, a 5 (5C or 5H)
    // 2 times in 7 when dealt uniformly. The toy's model believes seat 1 holds
    // a 5, so the searcher's samples redraw every other deal.
    let mut s = toy(2, Bug::None);
    for c in ["3C", "4C"] {
        s = s.apply(&ToyAction::Deal(c.parse().unwrap())).unwrap();
    }
    let view = s.observe(Viewer::Seat(cards_core::Seat(0)));
    let fives = |believe_fives: bool| {
        let rules = ToyRules {
            believe_fives,
            ..ToyRules::plain()
        };
        let bot = Ismcts::<Toy>::new(rules, SearchBudget::iterations(1));
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        (0..700)
            .filter(|_| {
                let d = bot.sample(&view, &mut rng).unwrap();
                assert_eq!(d.observe(Viewer::Seat(cards_core::Seat(0))), view);
                let c = d.observe(Viewer::Seat(cards_core::Seat(1))).own_hidden;
                c.unwrap().rank() == Rank::Five
            })
            .count()
    };
    // Uniform: 200 expected, 700 × (5/7)^16 ≈ 3 samples keep a non-5 after
    // 16 draws with the model.
    assert!((150..250).contains(&fives(false)), "{}", fives(false));
    assert!(fives(true) >= 690, "{}", fives(true));
}

#[test]
fn ismcts_leaves_modelled_opponents_out_of_its_tree() {
    // Seat 0 to act after the deal of a 2-seat toy: without the model the tree
    // holds seat 1's decisions too; with it, seat 1 acts by playout and the
    // tree branches on seat 0's decisions only.
    let mut s = toy(2, Bug::None);
    for c in ["3C", "4C"] {
        s = s.apply(&ToyAction::Deal(c.parse().unwrap())).unwrap();
    }
    let me = cards_core::Seat(0);
    let view = s.observe(Viewer::Seat(me));
    let mut legal = Vec::new();
    s.legal_actions(&mut legal);
    let nodes = |model_opponents: bool| {
        let rules = ToyRules {
            model_opponents,
            ..ToyRules::plain()
        };
        let mut bot = Ismcts::<Toy>::new(rules, SearchBudget::iterations(400));
        let counts = bot.search(&view, &legal, &mut ChaCha8Rng::seed_from_u64(2));
        assert_eq!(counts.iter().map(|(_, v)| v).sum::<u32>(), 400);
        (bot.nodes_of(me), bot.nodes_of(cards_core::Seat(1)))
    };
    let (mine, theirs) = nodes(false);
    assert!(mine > 0 && theirs > 0, "{mine} {theirs}");
    let (mine, theirs) = nodes(true);
    assert!(mine > 2 && theirs == 0, "{mine} {theirs}");
}

#[test]
fn a_spectator_view_does_not_determinize() {
    let s = Table::<Toy>::new(ToyRules::plain(), 2, 3).unwrap();
    let view = s.spectator_view();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    assert!(
        <Toy as cards_core::Determinize>::determinize(s.state().rules(), &view, &mut rng).is_err()
    );
}

#[test]
fn ismcts_is_deterministic_for_a_seed() {
    let t = Table::<Toy>::new(ToyRules::plain(), 3, 21).unwrap();
    let seat = t.to_act().unwrap();
    let mut legal = Vec::new();
    t.state().legal_actions(&mut legal);
    let search = |seed| {
        let mut bot = Ismcts::<Toy>::new(ToyRules::plain(), SearchBudget::iterations(300));
        bot.search(&t.view(seat), &legal, &mut ChaCha8Rng::seed_from_u64(seed))
    };
    assert_eq!(search(4), search(4));
    let visits: u32 = search(4).iter().map(|(_, v)| v).sum();
    assert_eq!(visits, 300, "every iteration visits one root action");
}

#[test]
fn ismcts_stands_on_a_sure_win_and_draws_when_standing_loses() {
    // Seat 0 holds 5H, seat 1 holds 2C; two open cards at most. Seat 0 moves first.
    let deal = |cards: [&str; 2]| {
        let mut s = toy(2, Bug::None);
        for c in cards {
            s = s.apply(&ToyAction::Deal(c.parse().unwrap())).unwrap();
        }
        s
    };
    let choose = |s: &Toy, seed| {
        let seat = match s.actor() {
            Actor::Player(p) => p,
            a => panic!("{a:?}"),
        };
        let mut legal = Vec::new();
        s.legal_actions(&mut legal);
        let mut bot = Ismcts::<Toy>::new(ToyRules::plain(), SearchBudget::iterations(2_000));
        bot.choose(
            &s.observe(Viewer::Seat(seat)),
            &legal,
            &mut ChaCha8Rng::seed_from_u64(seed),
        )
    };
    // Seat 1 with 2C after seat 0 stood on 5H: standing loses for sure, drawing
    // (any card is 2 or more) ties or wins.
    let mut s = deal(["5H", "2C"]);
    s = s.apply(&ToyAction::Stand).unwrap();
    for seed in 0..5 {
        assert_eq!(choose(&s, seed), ToyAction::Draw, "seed {seed}");
    }
}

#[test]
fn ismcts_and_pimc_beat_random_play() {
    let mut wins = [0u32; 2];
    let games = 150;
    for seed in 0..games {
        for (k, wins) in wins.iter_mut().enumerate() {
            let mut t = Table::<Toy>::new(ToyRules::plain(), 2, seed).unwrap();
            let searcher: Box<dyn Bot<Toy>> = if k == 0 {
                Box::new(Ismcts::<Toy>::new(
                    ToyRules::plain(),
                    SearchBudget::iterations(200),
                ))
            } else {
                Box::new(Pimc::<Toy>::new(ToyRules::plain(), 10, 4))
            };
            let mut bots: Vec<Box<dyn Bot<Toy>>> = vec![searcher, Box::new(RandomBot)];
            let o = t.play_bots(&mut bots, 100).unwrap().unwrap();
            *wins +=
                u32::from(o.place(cards_core::Seat(0)) == 1 && o.place(cards_core::Seat(1)) == 2);
        }
    }
    // The greedy bot above wins 60 % of its games; search should do better.
    assert!(
        wins[0] * 100 > games as u32 * 62,
        "ISMCTS won {} of {games}",
        wins[0]
    );
    assert!(
        wins[1] * 100 > games as u32 * 62,
        "PIMC won {} of {games}",
        wins[1]
    );
}

/// Seat 1, holding 5H, to act after seat 0 stood on its hidden card (2C).
/// The toy scores a cut playout as if every seat stood where it is cut.
fn seat_1_after_seat_0_stood() -> (Toy, Vec<ToyAction>) {
    let mut s = toy(2, Bug::None);
    for c in ["2C", "5H"] {
        s = s.apply(&ToyAction::Deal(c.parse().unwrap())).unwrap();
    }
    s = s.apply(&ToyAction::Stand).unwrap();
    let mut legal = Vec::new();
    s.legal_actions(&mut legal);
    assert_eq!(legal, [ToyAction::Draw, ToyAction::Stand]);
    (s, legal)
}

#[test]
fn ismcts_scores_a_cut_playout_by_the_games_cutoff_reward() {
    // With playouts cut at once, an iteration through the draw stops in the
    // tree just after the card comes and scores the standings there: seat
    // 1's total only grows, so every such line wins, and the draw is visited
    // at least as often as standing (which ties when seat 0 holds 5C). Scored
    // 0, the draw's lines would look worse than standing's until the tree
    // reached their ends.
    let (s, legal) = seat_1_after_seat_0_stood();
    let budget = SearchBudget {
        max_playout_steps: 0,
        ..SearchBudget::iterations(20)
    };
    let view = s.observe(Viewer::Seat(cards_core::Seat(1)));
    for seed in 0..20 {
        let mut bot = Ismcts::<Toy>::new(ToyRules::plain(), budget);
        let visits = bot.search(&view, &legal, &mut ChaCha8Rng::seed_from_u64(seed));
        let of = |a| visits.iter().find(|(b, _)| *b == a).map_or(0, |(_, v)| *v);
        assert!(
            of(ToyAction::Draw) >= of(ToyAction::Stand),
            "seed {seed}: {visits:?}"
        );
    }
}

#[test]
fn pimc_scores_a_cut_playout_by_the_games_cutoff_reward() {
    // Cut before the drawn card comes, drawing scores the standings as they
    // are, exactly what standing scores at the game's end in every sample;
    // PIMC takes the first of equals, the draw. Scored 0, the draw would lose.
    let (s, legal) = seat_1_after_seat_0_stood();
    let view = s.observe(Viewer::Seat(cards_core::Seat(1)));
    for seed in 0..5 {
        let mut bot = Pimc::<Toy>::new(ToyRules::plain(), 20, 2).max_playout_steps(0);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        assert_eq!(
            bot.choose(&view, &legal, &mut rng),
            ToyAction::Draw,
            "seed {seed}"
        );
    }
}

impl cards_core::Opponents for Toy {
    fn heuristic(_: &ToyRules) -> Box<dyn Bot<Toy>> {
        Box::new(Greedy)
    }
}

#[test]
fn every_difficulty_plays_whole_games_and_hard_beats_easy() {
    let mut hard_wins = 0;
    for seed in 0..100 {
        for level in cards_core::Difficulty::ALL {
            let mut t = Table::<Toy>::new(ToyRules::plain(), 2, seed).unwrap();
            let mut bots = vec![
                level.bot::<Toy>(&ToyRules::plain()),
                Box::new(RandomBot) as Box<dyn Bot<Toy>>,
            ];
            assert!(t.play_bots(&mut bots, 100).unwrap().is_some(), "{level}");
        }
        let mut t = Table::<Toy>::new(ToyRules::plain(), 2, seed).unwrap();
        let mut bots = vec![
            cards_core::Difficulty::Hard.bot::<Toy>(&ToyRules::plain()),
            cards_core::Difficulty::Easy.bot::<Toy>(&ToyRules::plain()),
        ];
        let o = t.play_bots(&mut bots, 100).unwrap().unwrap();
        hard_wins += u32::from(o.place(cards_core::Seat(0)) < o.place(cards_core::Seat(1)));
    }
    assert!(hard_wins > 50, "hard won {hard_wins} of 100 against easy");
}
