//! The search benches every game runs, written once: one decision of the hard
//! level and ISMCTS iterations per second, from a fixed position of the game's
//! choosing.

use std::hint::black_box;

use cards_core::{
    Actor, Bot, ChaCha8Rng, Difficulty, Ismcts, Learned, Opponents, Seat, SeedableRng, Table,
    Viewer,
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

/// The positions where seat 0, the learned level (`Difficulty::Learned`),
/// has a choice in `games` seeded games at `seats` seats (seeds 0, 1, …),
/// the medium level at the other seats: a game's decisions as the learned
/// level meets them, for [`bench_learned_games`].
///
/// # Panics
/// When the game refuses `seats` or a bot's choice.
pub fn learned_positions<G: Opponents>(rules: &G::Rules, seats: usize, games: u64) -> Vec<G> {
    let mut bots: Vec<Box<dyn Bot<G>>> = (0..seats)
        .map(|s| {
            let level = if s == 0 {
                Difficulty::Learned
            } else {
                Difficulty::Medium
            };
            level.bot::<G>(rules)
        })
        .collect();
    let (mut positions, mut legal) = (Vec::new(), Vec::new());
    for seed in 0..games {
        let mut table = Table::<G>::new(rules.clone(), seats, seed).expect("a table of `seats`");
        while table.outcome().is_none() {
            let g = table.state();
            g.legal_actions(&mut legal);
            if g.actor() == Actor::Player(Seat(0)) && legal.len() > 1 {
                positions.push(g.clone());
            }
            table.play_bots(&mut bots, 1).expect("legal play");
        }
    }
    positions
}

/// Two benches in `group` of the learned level (`Difficulty::Learned`)
/// deciding from the view of the seat to act, given the positions of whole
/// games ([`learned_positions`]):
///
/// - `learned_game_decisions`: a decision at every one of `positions`, with
///   its throughput in decisions, so the time per decision is the mean over
///   a game's decisions, the checked ones (`Opponents::learned_check`)
///   among them;
/// - `learned_checked_decision`, where the game checks its network: one
///   decision at the first of `positions` it checks, the search's cost.
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
    let checked: Vec<_> = decisions
        .iter()
        .filter(|(view, _)| G::learned_check(view).is_some())
        .collect();
    println!(
        "{group}/learned_game_decisions: {} decisions, {} of them checked",
        decisions.len(),
        checked.len()
    );
    let mut learned = Difficulty::Learned.bot::<G>(first.rules());
    let mut g = c.benchmark_group(group);
    if let Some((view, legal)) = checked.first() {
        bench_decision(
            &mut g,
            "learned_checked_decision",
            learned.as_mut(),
            view,
            legal,
            7,
        );
    }
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
