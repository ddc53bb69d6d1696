//! The search benches every game runs, written once: one decision of the hard
//! level and ISMCTS iterations per second, from a fixed position of the game's
//! choosing.

use std::hint::black_box;

use cards_core::{
    Actor, Bot, ChaCha8Rng, Difficulty, Ismcts, Learned, Opponents, SeedableRng, Viewer,
};
use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, Throughput};

/// Three benches in `group` from the view of the seat to act in `position`:
///
/// - `hard_decision`: one decision of the game's hard level
///   (`Difficulty::Hard`: ISMCTS or the rollout search, as the game's
///   `Opponents::hard_search` says, at its default budget, no time limit);
/// - `learned_decision`: one decision of the learned level (the game's
///   network over the seat's tensor; the bench fails where the game ships
///   none for the position's seat count, as a heuristic's time would be
///   reported as the network's);
/// - `ismcts_iterations`: one ISMCTS decision at `Opponents::hard_budget`,
///   with its throughput in iterations (its time is the ISMCTS decision time).
///
/// # Panics
/// When no player is to act in `position`.
pub fn bench_search<G: Opponents>(c: &mut Criterion, group: &str, position: &G) {
    let Actor::Player(me) = position.actor() else {
        panic!("{group}: the search benches need a player decision");
    };
    let view = position.observe(Viewer::Seat(me));
    let mut legal = Vec::new();
    position.legal_actions(&mut legal);
    let rules = position.rules().clone();
    let mut g = c.benchmark_group(group);
    g.sample_size(20);
    let mut hard = Difficulty::Hard.bot::<G>(&rules);
    bench_decision(&mut g, "hard_decision", hard.as_mut(), &view, &legal, 5);
    let mut learned = Learned::<G>::shipped(&rules).expect("the game ships its networks");
    assert!(
        learned.logits(&view, &legal).is_some(),
        "{group}: a network for the position's seat count"
    );
    bench_decision(&mut g, "learned_decision", &mut learned, &view, &legal, 7);
    let budget = G::hard_budget();
    let mut search = Ismcts::<G>::new(rules, budget);
    g.throughput(Throughput::Elements(u64::from(budget.iterations)));
    g.bench_function("ismcts_iterations", |b| {
        let mut rng = ChaCha8Rng::seed_from_u64(6);
        b.iter(|| {
            let counts = search.search(black_box(&view), &legal, &mut rng);
            let visits: u32 = counts.iter().map(|(_, v)| v).sum();
            assert_eq!(visits, budget.iterations, "every iteration visits the root");
            visits
        })
    });
    g.finish();
}

/// `learned_checked_decision` in `group`: one decision of the learned level
/// (`Difficulty::Learned`) from the view of the seat to act in `position`,
/// where the game has its network's choice checked by a rollout search
/// (`Opponents::learned_check`).
///
/// # Panics
/// When no player is to act in `position` or the game does not check there.
pub fn bench_learned_checked<G: Opponents>(c: &mut Criterion, group: &str, position: &G) {
    let Actor::Player(me) = position.actor() else {
        panic!("{group}: the learned bench needs a player decision");
    };
    let view = position.observe(Viewer::Seat(me));
    assert!(
        G::learned_check(&view).is_some(),
        "{group}: a position where the learned level checks its network"
    );
    let mut legal = Vec::new();
    position.legal_actions(&mut legal);
    let mut g = c.benchmark_group(group);
    let mut learned = Difficulty::Learned.bot::<G>(position.rules());
    bench_decision(
        &mut g,
        "learned_checked_decision",
        learned.as_mut(),
        &view,
        &legal,
        7,
    );
    g.finish();
}

/// `learned_game_decisions` in `group`: the learned level
/// (`Difficulty::Learned`) deciding at every one of `positions`, from the
/// view of the seat to act, with its throughput in decisions. Given the
/// positions of whole games, the time per decision is the mean over a
/// game's decisions, the checked ones (`Opponents::learned_check`) among
/// them.
///
/// # Panics
/// When `positions` is empty or no player is to act in one of them.
pub fn bench_learned_games<G: Opponents>(c: &mut Criterion, group: &str, positions: &[G]) {
    let Some(first) = positions.first() else {
        panic!("{group}: positions to decide at");
    };
    let decisions: Vec<(G::View, Vec<G::Action>)> = crate::encoding::views(positions)
        .into_iter()
        .zip(positions)
        .map(|(view, p)| {
            let mut legal = Vec::new();
            p.legal_actions(&mut legal);
            (view, legal)
        })
        .collect();
    let checked = decisions
        .iter()
        .filter(|(view, _)| G::learned_check(view).is_some())
        .count();
    println!(
        "{group}/learned_game_decisions: {} decisions, {checked} of them checked",
        decisions.len()
    );
    let mut learned = Difficulty::Learned.bot::<G>(first.rules());
    let mut g = c.benchmark_group(group);
    g.throughput(Throughput::Elements(decisions.len() as u64));
    g.bench_function("learned_game_decisions", |b| {
        let mut rng = ChaCha8Rng::seed_from_u64(8);
        b.iter(|| {
            for (view, legal) in &decisions {
                let a = learned.choose(black_box(view), legal, &mut rng);
                assert!(legal.contains(&a), "learned_game_decisions: a legal action");
            }
        })
    });
    g.finish();
}

/// The bench `name` in `g`: one decision of `bot` from `view`, its rng
/// seeded with `seed`; every decision is checked legal.
fn bench_decision<G: Opponents>(
    g: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    bot: &mut dyn Bot<G>,
    view: &G::View,
    legal: &[G::Action],
    seed: u64,
) {
    g.bench_function(name, |b| {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        b.iter(|| {
            let a = bot.choose(black_box(view), legal, &mut rng);
            assert!(legal.contains(&a), "{name}: a legal action");
            a
        })
    });
}
