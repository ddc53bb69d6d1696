//! Search from a seat's side (S23.2): determinized positions and ISMCTS.

use cards_core::{
    Actor, Bot, CardSet, ChaCha8Rng, Determinize, Difficulty, Game, Ismcts, Learned, Opponents,
    SearchBudget, Seat, SeedableRng, Table, Viewer, deck,
};
use schwimmen::{Action, Fate, Rules, Schwimmen};

use crate::common::{set, setup};

/// Both players swimming (a loss drowns): seat 0 to move with AH KH 7C, the
/// middle QH 8S 9D; seat 1 took 9S face up earlier and still holds it.
fn last_life() -> Schwimmen {
    let rules = Rules {
        lives: 1,
        ..Rules::default()
    };
    let mut s = setup(
        rules,
        &["AH KH 7C", "7D 8C 9S"],
        "QH 8S 9D",
        0,
        None,
        &[0, 0],
    );
    s.taken = vec![CardSet::EMPTY, set("9S")];
    Schwimmen::from_setup(&s).expect("valid position")
}

#[test]
fn s23_2_determinize_keeps_taken_cards_and_deals_the_rest_with_exact_frequencies() {
    let g = last_life();
    let view = g.observe(Viewer::Seat(Seat(0)));
    assert_eq!(view.taken[Seat(1)], set("9S"), "everyone saw 9S taken");
    // The exact law: seat 1's two unknown cards are a uniform pair of the unseen
    // cards among the pairs that with 9S make no 31 or three aces (S14 b).
    let unseen: Vec<_> = (deck::CARDS_32 - set("AH KH 7C QH 8S 9D 9S"))
        .iter()
        .collect();
    let mut pairs = 0u64;
    let mut holding = vec![0u64; 52];
    for (i, &a) in unseen.iter().enumerate() {
        for &b in &unseen[i + 1..] {
            let hand = set("9S") | CardSet::single(a) | CardSet::single(b);
            if schwimmen::hand_value(hand)
                .expect("three cards")
                .ends_round()
            {
                continue;
            }
            pairs += 1;
            holding[a.index()] += 1;
            holding[b.index()] += 1;
        }
    }
    let samples = 20_000u64;
    let mut seen = vec![0u64; 52];
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    for _ in 0..samples {
        let d = Schwimmen::determinize(g.rules(), &view, &mut rng).expect("determinizes");
        assert_eq!(d.observe(Viewer::Seat(Seat(0))), view);
        let theirs = d.hand(Seat(1)).expect("a seat at the table");
        assert!(theirs.contains("9S".parse().expect("card")));
        for c in theirs - set("9S") {
            seen[c.index()] += 1;
        }
    }
    for &c in &unseen {
        let p = holding[c.index()] as f64 / pairs as f64;
        let expected = p * samples as f64;
        let sd = (expected * (1.0 - p)).sqrt();
        let got = seen[c.index()] as f64;
        assert!(
            (got - expected).abs() < 5.0 * sd,
            "{c}: {got} in seat 1's hand, expected {expected:.0} ± {sd:.0}"
        );
    }
}

#[test]
fn s23_5_ismcts_finds_the_forced_31_swap() {
    let g = last_life();
    let view = g.observe(Viewer::Seat(Seat(0)));
    let mut legal = Vec::new();
    view.legal_actions(&mut legal);
    let win: Action = "swap 7C QH".parse().expect("action");
    assert!(legal.contains(&win) && legal.len() > 3);
    for seed in 0..3 {
        let mut bot = Ismcts::<Schwimmen>::new(*g.rules(), SearchBudget::iterations(400));
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        assert_eq!(bot.choose(&view, &legal, &mut rng), win, "seed {seed}");
    }
    // The hard level (the rollout search of StrongBot) finds it too.
    let mut hard = Difficulty::Hard.bot::<Schwimmen>(g.rules());
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    assert_eq!(hard.choose(&view, &legal, &mut rng), win);
}

#[test]
fn s23_a_spectator_view_does_not_determinize() {
    let g = last_life();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    assert!(Schwimmen::determinize(g.rules(), &g.observe(Viewer::Spectator), &mut rng).is_err());
}

/// The learned level checks its network once two seats are left (the
/// others drowned, S3, or left, S21), where one hand is hidden (S23.2),
/// and nowhere else (`Opponents::learned_check`; that it then plays the
/// network alone, every game's `encoding_learned_checks_only_where_asked`
/// checks): in seeded games of four medium bots, at every decision with a
/// choice. In the duel the check overrules the network somewhere.
#[test]
fn s23_2_the_learned_level_checks_its_network_once_two_seats_are_left() {
    let rules = Rules::default();
    let mut network = Learned::<Schwimmen>::shipped(&rules).expect("the shipped networks");
    let mut learned = Difficulty::Learned.bot::<Schwimmen>(&rules);
    let mut medium: Vec<Box<dyn Bot<Schwimmen>>> = (0..4)
        .map(|_| Difficulty::Medium.bot::<Schwimmen>(&rules))
        .collect();
    let (mut checked, mut overruled) = (0, 0);
    let mut legal = Vec::new();
    for seed in 0..6 {
        let mut table = Table::<Schwimmen>::new(rules, 4, seed).expect("4 seats");
        while table.outcome().is_none() {
            let g = table.state();
            g.legal_actions(&mut legal);
            if let Actor::Player(seat) = g.actor()
                && legal.len() > 1
            {
                let view = table.view(seat);
                let left = view
                    .fates
                    .iter()
                    .filter(|(_, f)| **f == Fate::Active)
                    .count();
                assert_eq!(
                    Schwimmen::learned_check(&view).is_some(),
                    left == 2,
                    "{left} left"
                );
                if left == 2 {
                    let mut rng = ChaCha8Rng::seed_from_u64(seed);
                    let by_network = network.choose(&view, &legal, &mut rng);
                    let by_level = learned.choose(&view, &legal, &mut rng);
                    checked += 1;
                    overruled += usize::from(by_level != by_network);
                }
            }
            table.play_bots(&mut medium, 1).expect("legal play");
        }
    }
    assert!(
        overruled > 0,
        "the check kept the network's choice in all {checked}"
    );
}
