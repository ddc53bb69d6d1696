//! The rollout search ([`Rollout`]) on the toy game: seeded determinism, a
//! sure loss avoided, the anchor kept unless another action is clearly
//! better, and actions clearly behind no longer played out when asked.
#![allow(dead_code)]

#[path = "core/toy.rs"]
mod toy;

use cards_core::{
    Actor, Bot, ChaCha8Rng, Game, PRUNE_EVERY, Rng, Rollout, RolloutBudget, SeedableRng, Table,
    Viewer,
};
use toy::{Toy, ToyAction, ToyRules};

/// Plays one action where it is legal: `Always(Stand)` is a poor anchor
/// where standing loses, `Always(Draw)` the right one.
struct Always(ToyAction);
impl Bot<Toy> for Always {
    fn choose(&mut self, _: &toy::ToyView, legal: &[ToyAction], _: &mut dyn Rng) -> ToyAction {
        if legal.contains(&self.0) {
            self.0
        } else {
            legal[0]
        }
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
        // Standing as the anchor is overruled: the gain is clear.
        let mut anchored = Rollout::<Toy>::anchored(
            ToyRules::plain(),
            RolloutBudget::samples(40),
            Box::new(Always(ToyAction::Stand)),
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
    let mut bot = Rollout::<Toy>::anchored(
        ToyRules::plain(),
        budget,
        Box::new(Always(ToyAction::Stand)),
    );
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

#[test]
fn rollout_stops_playing_out_what_is_clearly_behind() {
    let s = standing_loses();
    let pruning = RolloutBudget {
        prune: Some(2.0),
        ..RolloutBudget::samples(40)
    };
    let anchored =
        |budget, anchor: Box<dyn Bot<Toy>>| Rollout::anchored(ToyRules::plain(), budget, anchor);
    for seed in 0..5 {
        // Standing loses in every sample, so at the first look it is dropped;
        // the anchor's draw is left alone and the decision ends there.
        let mut pruned = anchored(pruning, Box::new(Always(ToyAction::Draw)));
        assert_eq!(
            decide(&s, &mut pruned, seed),
            ToyAction::Draw,
            "seed {seed}"
        );
        assert_eq!(pruned.playouts(), 2 * PRUNE_EVERY as u64, "seed {seed}");
        // Without the option both actions are played out from all 40 samples.
        let mut full = anchored(
            RolloutBudget::samples(40),
            Box::new(Always(ToyAction::Draw)),
        );
        assert_eq!(decide(&s, &mut full, seed), ToyAction::Draw, "seed {seed}");
        assert_eq!(full.playouts(), 80, "seed {seed}");
        // The anchor's own choice is never dropped, however far behind: a
        // stander is still overruled on all 40 samples.
        let mut stander = anchored(pruning, Box::new(Always(ToyAction::Stand)));
        assert_eq!(
            decide(&s, &mut stander, seed),
            ToyAction::Draw,
            "seed {seed}"
        );
        assert_eq!(stander.playouts(), 80, "seed {seed}");
        // Without an anchor there is nothing to prune against.
        let mut plain = Rollout::<Toy>::new(ToyRules::plain(), pruning);
        assert_eq!(decide(&s, &mut plain, seed), ToyAction::Draw, "seed {seed}");
        assert_eq!(plain.playouts(), 80, "seed {seed}");
    }
    // Means are over every sample whatever the budget says.
    let Actor::Player(seat) = s.actor() else {
        panic!("a player moves")
    };
    let mut legal = Vec::new();
    s.legal_actions(&mut legal);
    let means = |budget| {
        anchored(budget, Box::new(Always(ToyAction::Draw))).evaluate(
            &s.observe(Viewer::Seat(seat)),
            &legal,
            &mut ChaCha8Rng::seed_from_u64(3),
        )
    };
    assert_eq!(means(pruning), means(RolloutBudget::samples(40)));
}
