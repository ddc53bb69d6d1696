//! The rollout search ([`Rollout`]) on the toy game: seeded determinism, a
//! sure loss avoided, and the anchor kept unless another action is clearly
//! better.
#![allow(dead_code)]

#[path = "core/toy.rs"]
mod toy;

use cards_core::{
    Actor, Bot, ChaCha8Rng, Game, Rng, Rollout, RolloutBudget, SeedableRng, Table, Viewer,
};
use toy::{Toy, ToyAction, ToyRules};

/// Always stands: a poor anchor.
struct Stander;
impl Bot<Toy> for Stander {
    fn choose(&mut self, _: &toy::ToyView, legal: &[ToyAction], _: &mut dyn Rng) -> ToyAction {
        legal
            .iter()
            .copied()
            .find(|a| *a == ToyAction::Stand)
            .unwrap_or(legal[0])
    }
}

/// Seat 1 holding 2C after seat 0 stood on 5H: standing loses for sure,
/// drawing (every card is 2 or more) ties or wins.
fn standing_loses() -> Toy {
    let mut s = Toy::new(ToyRules::plain(), 2).unwrap();
    for c in ["5H", "2C"] {
        s = s.apply(&ToyAction::Deal(c.parse().unwrap())).unwrap();
    }
    s.apply(&ToyAction::Stand).unwrap()
}

fn decide(s: &Toy, bot: &mut Rollout<Toy>, seed: u64) -> ToyAction {
    let Actor::Player(seat) = s.actor() else {
        panic!("a player moves")
    };
    let mut legal = Vec::new();
    s.legal_actions(&mut legal);
    bot.choose(
        &s.observe(Viewer::Seat(seat)),
        &legal,
        &mut ChaCha8Rng::seed_from_u64(seed),
    )
}

#[test]
fn rollout_is_deterministic_for_a_seed() {
    let t = Table::<Toy>::new(ToyRules::plain(), 3, 21).unwrap();
    let seat = t.to_act().unwrap();
    let mut legal = Vec::new();
    t.state().legal_actions(&mut legal);
    let means = |seed| {
        let mut bot = Rollout::<Toy>::new(ToyRules::plain(), RolloutBudget::samples(50));
        bot.evaluate(&t.view(seat), &legal, &mut ChaCha8Rng::seed_from_u64(seed))
    };
    assert_eq!(means(4), means(4));
    assert_eq!(means(4).len(), legal.len());
    assert!(means(4).iter().all(|m| (-1.0..=1.0).contains(m)));
    // Whole seeded games with a hard (rollout) seat replay alike.
    let game = |seed| {
        let mut t = Table::<Toy>::new(ToyRules::plain(), 2, seed).unwrap();
        let mut bots: Vec<Box<dyn Bot<Toy>>> = vec![
            Box::new(Rollout::<Toy>::new(
                ToyRules::plain(),
                RolloutBudget::samples(20),
            )),
            Box::new(cards_core::RandomBot),
        ];
        t.play_bots(&mut bots, 100).unwrap()
    };
    for seed in 0..5 {
        assert_eq!(game(seed), game(seed), "seed {seed}");
    }
}

#[test]
fn rollout_draws_when_standing_loses() {
    let s = standing_loses();
    for seed in 0..5 {
        let mut plain = Rollout::<Toy>::new(ToyRules::plain(), RolloutBudget::samples(40));
        assert_eq!(decide(&s, &mut plain, seed), ToyAction::Draw, "seed {seed}");
        // A stander as the anchor is overruled: the gain is clear.
        let mut anchored = Rollout::<Toy>::anchored(
            ToyRules::plain(),
            RolloutBudget::samples(40),
            Box::new(Stander),
        );
        assert_eq!(
            decide(&s, &mut anchored, seed),
            ToyAction::Draw,
            "seed {seed}"
        );
    }
}

#[test]
fn rollout_keeps_the_anchor_without_enough_confidence() {
    let s = standing_loses();
    let budget = RolloutBudget {
        confidence: f64::INFINITY,
        ..RolloutBudget::samples(40)
    };
    let mut bot = Rollout::<Toy>::anchored(ToyRules::plain(), budget, Box::new(Stander));
    assert_eq!(decide(&s, &mut bot, 1), ToyAction::Stand);
}

#[test]
fn rollout_takes_the_games_samples_factor_times_its_budget() {
    // The toy game keeps the default factor 1.
    let s = standing_loses();
    let Actor::Player(seat) = s.actor() else {
        panic!("a player moves")
    };
    let bot = Rollout::<Toy>::new(ToyRules::plain(), RolloutBudget::samples(40));
    assert_eq!(bot.samples_for(&s.observe(Viewer::Seat(seat))), 40);
}
