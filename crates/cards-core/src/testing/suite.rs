//! [`Suite`]: a game's description for the conformance property tests, and
//! the tests themselves as methods.

use std::fmt::Debug;

use proptest::prelude::{Strategy, any};
use proptest::strategy::BoxedStrategy;
use proptest::test_runner::TestCaseError;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

use super::{fail, run};
use crate::bot::{Bot, RandomBot};
use crate::chance::below;
use crate::conformance::{
    Walk, check_apply_legal, check_choices, check_determinize, check_play_on_after,
    check_playout_shortcut, check_sampler, check_walk, check_walk_with_host,
};
use crate::determinize::Determinize;
use crate::game::{Actor, Game, Redeal};
use crate::log::{Step, StepOf, replay};
use crate::playout::random_playout;
use crate::save::Save;
use crate::table::Table;

/// A game's own check of one step of a walk: the state before, the step
/// taken (a chance outcome, a player's action or a host operation) and the
/// state after. Says what is wrong, if anything (say, a card lost, or lives
/// that rose).
pub type Invariant<G> = fn(&G, &StepOf<G>, &G) -> Result<(), String>;

/// A game's own check of a finished walk (its end state and outcome).
pub type EndCheck<G> = fn(&Walk<G>) -> Result<(), String>;

/// What the conformance tests need to know about a game. Build it with
/// [`Suite::new`] and the setters; hand it to
/// [`conformance_tests!`](crate::conformance_tests).
pub struct Suite<G: Redeal> {
    regressions: &'static str,
    cases: Option<u32>,
    start: BoxedStrategy<G>,
    choice_start: Option<BoxedStrategy<G>>,
    max_choices: usize,
    extras: Vec<G::Action>,
    host_ops: fn(&G) -> Vec<G::HostOp>,
    max_steps: usize,
    reach_steps: usize,
    determinize_every: usize,
    determinize_at_chance: bool,
    invariant: Option<Invariant<G>>,
    end_check: Option<EndCheck<G>>,
}

impl<G: Redeal> Debug for Suite<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Suite")
            .field("regressions", &self.regressions)
            .field("cases", &self.cases)
            .field("extras", &self.extras)
            .field("max_steps", &self.max_steps)
            .finish_non_exhaustive()
    }
}

/// How many steps a property test plays before checking a reached state, at most.
const REACH_STEPS: usize = 400;

/// How many cases [`Suite::play_on`] runs, at most (each plays a whole game on).
const PLAY_ON_CASES: u32 = 40;

/// How many mutated saves [`Suite::mutated_save_census`] tries.
#[cfg(feature = "serde")]
const CENSUS_SAVES: u64 = 400;

/// The log of a random game from `start` (chance by weight, players
/// uniformly) with one of `host_ops` tried at about one state in twelve, as in
/// a conformance walk but without its checks: for the checks that only need
/// the states a walk passes through.
fn random_log<G: Game>(
    start: &G,
    seed: u64,
    max_steps: usize,
    host_ops: &[G::HostOp],
) -> Vec<StepOf<G>> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut legal, mut scratch) = (Vec::new(), Vec::new());
    let mut state = start.clone();
    let mut log = Vec::new();
    while log.len() < max_steps {
        if !host_ops.is_empty() && below(&mut rng, 12) == 0 {
            let op = &host_ops[below(&mut rng, host_ops.len() as u64) as usize];
            if let Ok(next) = state.host(op) {
                log.push(Step::Host(op.clone()));
                state = next;
                continue;
            }
        }
        let action = match state.actor() {
            Actor::Terminal => break,
            Actor::Chance => state.sample_chance(&mut rng, &mut scratch),
            Actor::Player(_) => {
                state.legal_actions(&mut legal);
                let n = legal.len() as u64;
                (n > 0).then(|| legal[below(&mut rng, n) as usize].clone())
            }
        };
        let Some(action) = action else { break };
        let step = Step::of(&state, action.clone());
        if state.apply_mut(&action).is_err() {
            break;
        }
        log.push(step);
    }
    log
}

impl<G: Redeal + Save + 'static> Suite<G> {
    /// A suite drawing its start positions from `start` (a new game under
    /// drawn rules and seat count, say), keeping failures in `regressions`
    /// (`""` to keep none, or a path from the package root, such as
    /// `"tests/mygame/props.proptest-regressions"`). Defaults: proptest's
    /// case count, no nonsense actions, no host operations, 20,000 steps a
    /// walk, choice lists of up to 160 choices, determinization at every
    /// step, no game invariants.
    pub fn new(regressions: &'static str, start: impl Strategy<Value = G> + 'static) -> Self {
        Suite {
            regressions,
            cases: None,
            start: start.boxed(),
            choice_start: None,
            max_choices: 160,
            extras: Vec::new(),
            host_ops: |_| Vec::new(),
            max_steps: 20_000,
            reach_steps: REACH_STEPS,
            determinize_every: 1,
            determinize_at_chance: true,
            invariant: None,
            end_check: None,
        }
    }

    /// Runs `cases` cases a test instead of proptest's default.
    pub fn cases(mut self, cases: u32) -> Self {
        self.cases = Some(cases);
        self
    }

    /// Actions tried at every state besides those seen in the walk: the
    /// never or rarely legal ones, and values no text form parses.
    pub fn extras(mut self, extras: Vec<G::Action>) -> Self {
        self.extras = extras;
        self
    }

    /// The host operations to mix into walks at a position (every seat
    /// leaving, a misdeal, and ones that must be refused, like a seat past
    /// the table). Walks with host operations try a drawn subset of them.
    pub fn host_ops(mut self, host_ops: fn(&G) -> Vec<G::HostOp>) -> Self {
        self.host_ops = host_ops;
        self
    }

    /// The most steps of a walk (chance included): every game must end within it.
    pub fn max_steps(mut self, max_steps: usize) -> Self {
        self.max_steps = max_steps;
        self
    }

    /// Choice walks start from `start` (say, a position deep in a game)
    /// instead of the suite's start, with lists of up to `max_choices` choices.
    pub fn choices_from(
        mut self,
        start: impl Strategy<Value = G> + 'static,
        max_choices: usize,
    ) -> Self {
        self.choice_start = Some(start.boxed());
        self.max_choices = max_choices;
        self
    }

    /// Choice lists of up to `max_choices` choices.
    pub fn max_choices(mut self, max_choices: usize) -> Self {
        self.max_choices = max_choices;
        self
    }

    /// Determinizes every seat's view at one step in `every` of a walk (1: all).
    pub fn determinize_every(mut self, every: usize) -> Self {
        self.determinize_every = every.max(1);
        self
    }

    /// Determinizes views only where a player is to act: for a game whose
    /// views at a chance step cannot be told apart from the step before it
    /// (its determinization refuses them, with a typed error).
    pub fn determinize_at_player_steps_only(mut self) -> Self {
        self.determinize_at_chance = false;
        self
    }

    /// The game's own check of every step of every walk.
    pub fn invariant(mut self, invariant: Invariant<G>) -> Self {
        self.invariant = Some(invariant);
        self
    }

    /// The game's own check of every finished walk.
    pub fn end_check(mut self, end_check: EndCheck<G>) -> Self {
        self.end_check = Some(end_check);
        self
    }

    fn run<S: Strategy>(
        &self,
        name: &'static str,
        strategy: S,
        test: impl Fn(S::Value) -> Result<(), TestCaseError>,
    ) {
        run(name, self.regressions, self.cases, strategy, test);
    }

    /// A start position and a seed.
    fn seeded(&self) -> impl Strategy<Value = (G, u64)> {
        (self.start.clone(), any::<u64>())
    }

    /// A start position, a seed, and the host operations to try (a drawn,
    /// non-empty subset of the game's, when it has any).
    fn with_host_ops(&self) -> impl Strategy<Value = (G, u64, Vec<G::HostOp>)> {
        let host_ops = self.host_ops;
        (self.start.clone(), any::<u64>(), any::<u64>()).prop_map(move |(g, seed, mask)| {
            let all = host_ops(&g);
            let some: Vec<_> = all
                .iter()
                .enumerate()
                .filter(|(i, _)| mask >> (i % 64) & 1 == 1)
                .map(|(_, op)| op.clone())
                .collect();
            let ops = if some.is_empty() { all } else { some };
            (g, seed, ops)
        })
    }

    /// A position reached by a random playout from a start position (at a
    /// drawn step of the game, its end included), and a seed.
    fn reached(&self) -> impl Strategy<Value = (G, u64)> {
        let most = self.reach_steps;
        (self.start.clone(), any::<u64>(), any::<usize>()).prop_map(move |(g, seed, at)| {
            let rng = || ChaCha8Rng::seed_from_u64(seed ^ 0xabc);
            let length = random_playout(&mut g.clone(), &mut rng(), most);
            let mut reached = g;
            random_playout(&mut reached, &mut rng(), at % (length + 1));
            (reached, seed)
        })
    }

    /// Replays `walk` from `start`, running the game's invariant at every step
    /// and its end check at the end.
    fn game_checks(&self, start: &G, walk: &Walk<G>) -> Result<(), TestCaseError> {
        if let Some(invariant) = self.invariant {
            let mut state = start.clone();
            for (i, step) in walk.log.iter().enumerate() {
                let next = replay(&state, std::slice::from_ref(step))
                    .map_err(|e| TestCaseError::fail(format!("step {i}: the log replays: {e}")))?;
                invariant(&state, step, &next).map_err(|e| {
                    TestCaseError::fail(format!("step {i} ({step:?}): {e}: {state:?}"))
                })?;
                state = next;
            }
        }
        if let Some(end_check) = self.end_check {
            end_check(walk)
                .map_err(|e| TestCaseError::fail(format!("at the end: {e}: {:?}", walk.end)))?;
        }
        Ok(())
    }

    /// Random walks from seeds ([`check_walk`]), then the game's invariants
    /// along each walk's log.
    pub fn walks(&self) {
        self.run("conformance_walks", self.seeded(), |(start, seed)| {
            let walk = check_walk(&start, seed, self.max_steps, &self.extras).map_err(fail)?;
            self.game_checks(&start, &walk)
        });
    }

    /// Random walks with host operations mixed in ([`check_walk_with_host`]),
    /// then the game's invariants along each walk's log.
    pub fn walks_with_host_ops(&self) {
        self.run(
            "conformance_walks_with_host_ops",
            self.with_host_ops(),
            |(start, seed, ops)| {
                let walk = check_walk_with_host(&start, seed, self.max_steps, &self.extras, &ops)
                    .map_err(fail)?;
                self.game_checks(&start, &walk)
            },
        );
    }

    /// Walks that follow a list of choices ([`check_choices`]), which proptest
    /// shrinks to a minimal failing walk.
    pub fn choices(&self) {
        let start = self
            .choice_start
            .clone()
            .unwrap_or_else(|| self.start.clone());
        let choices = proptest::collection::vec(any::<u32>(), 0..self.max_choices);
        self.run(
            "conformance_choices",
            (start, choices),
            |(start, choices)| {
                check_choices(&start, &choices, &self.extras).map_err(fail)?;
                Ok(())
            },
        );
    }

    /// The chance sampler returns what the listed sampler returns, with the
    /// same use of the RNG ([`check_sampler`]), at positions reached by random play.
    pub fn sampler(&self) {
        self.run("conformance_sampler", self.reached(), |(g, seed)| {
            check_sampler(&g, seed).map_err(fail)
        });
    }

    /// A [`Table`] of random bots plays the same game twice from the same seed
    /// (the same log, the same end), the game ends, and its log replays from
    /// the table's start to the same end.
    pub fn same_seed_same_game(&self) {
        let max_steps = self.max_steps;
        self.run(
            "conformance_same_seed_same_game",
            self.seeded(),
            |(start, seed)| {
                let play = || -> Result<Table<G>, TestCaseError> {
                    let mut table = Table::<G>::new(start.rules().clone(), start.seats(), seed)
                        .map_err(|e| TestCaseError::fail(format!("a table: {e}")))?;
                    let mut bots: Vec<Box<dyn Bot<G>>> = (0..start.seats())
                        .map(|_| Box::new(RandomBot) as Box<dyn Bot<G>>)
                        .collect();
                    let outcome = table
                        .play_bots(&mut bots, max_steps)
                        .map_err(|e| TestCaseError::fail(format!("random bots: {e}")))?;
                    if outcome.is_none() {
                        return Err(TestCaseError::fail("the game did not end"));
                    }
                    Ok(table)
                };
                let (a, b) = (play()?, play()?);
                if a.log() != b.log() || a.state() != b.state() {
                    return Err(TestCaseError::fail("the same seed gave another game"));
                }
                let replayed = replay(a.start(), a.log())
                    .map_err(|e| TestCaseError::fail(format!("the log replays: {e}")))?;
                if replayed != *a.state() {
                    return Err(TestCaseError::fail("the log replays to another state"));
                }
                Ok(())
            },
        );
    }
}

impl<G: Redeal + Save + 'static> Suite<G> {
    /// A start position, a seed, and a number of steps to play from it (up to
    /// 400, and at most a walk's length).
    fn steps_into(&self) -> impl Strategy<Value = (G, u64, usize)> {
        let most = self.reach_steps.min(self.max_steps).max(1);
        (self.start.clone(), any::<u64>(), 0..most)
    }

    /// From positions reached by random play with the host operations mixed
    /// in, the game plays on, saving and loading back at every step
    /// ([`check_play_on_after`]). Runs at most 40 cases (fewer when the suite's
    /// case count is lower).
    pub fn play_on(&self) {
        let cases = self.cases.map_or(PLAY_ON_CASES, |c| c.min(PLAY_ON_CASES));
        let play = self.reach_steps.min(self.max_steps);
        run(
            "conformance_play_on",
            self.regressions,
            Some(cases),
            self.steps_into(),
            |(start, seed, steps)| {
                let ops = (self.host_ops)(&start);
                check_play_on_after(&start, seed, steps, play, &ops).map_err(fail)?;
                Ok(())
            },
        );
    }
}

impl<G: Determinize + Redeal + Save + 'static> Suite<G> {
    /// Along random games with host operations mixed in, every seat's view
    /// determinizes into positions that load and give it the same view
    /// ([`check_determinize`]), at one step in `determinize_every`; and at
    /// every step a player acts, the playout shortcut agrees with the playout
    /// policy ([`check_playout_shortcut`]); at every step, the searches'
    /// unchecked apply agrees with the checked one ([`check_apply_legal`]).
    pub fn determinize(&self) {
        let every = self.determinize_every;
        let at = |g: &G| self.determinize_at_chance || matches!(g.actor(), Actor::Player(_));
        self.run(
            "conformance_determinize",
            self.with_host_ops(),
            |(start, seed, ops)| {
                let log = random_log(&start, seed, self.max_steps, &ops);
                let mut state = start;
                for (i, step) in log.iter().enumerate() {
                    if i % every == 0 && at(&state) {
                        check_determinize(&state, 1, seed ^ i as u64, i).map_err(fail)?;
                    }
                    if matches!(state.actor(), Actor::Player(_)) {
                        check_playout_shortcut(&state, i).map_err(fail)?;
                    }
                    check_apply_legal(&state, i).map_err(fail)?;
                    state = replay(&state, std::slice::from_ref(step)).map_err(|e| {
                        TestCaseError::fail(format!("step {i}: the log replays: {e}"))
                    })?;
                }
                if !at(&state) {
                    return Ok(());
                }
                check_determinize(&state, 1, seed, log.len()).map_err(fail)
            },
        );
    }
}

#[cfg(feature = "serde")]
impl<G> Suite<G>
where
    G: Redeal + Save + serde::Serialize + serde::de::DeserializeOwned + 'static,
    G::View: serde::Serialize + serde::de::DeserializeOwned,
    G::Rules: serde::Serialize + serde::de::DeserializeOwned,
    G::Action: serde::Serialize + serde::de::DeserializeOwned,
    G::HostOp: serde::Serialize + serde::de::DeserializeOwned,
{
    /// A table played part-way by random bots, written out as a JSON
    /// [`TableSave`](crate::TableSave) and loaded back, then both played on
    /// by random bots: the copy continues move for move as the original
    /// (same log, same end), chance and bots' streams included.
    pub fn table_saves(&self) {
        let max_steps = self.max_steps;
        self.run(
            "conformance_table_saves",
            self.steps_into(),
            |(start, seed, steps)| {
                let seats = start.seats();
                let bots = || -> Vec<Box<dyn Bot<G>>> {
                    (0..seats)
                        .map(|_| Box::new(RandomBot) as Box<dyn Bot<G>>)
                        .collect()
                };
                let mut original = Table::from_state(start, seed);
                original
                    .play_bots(&mut bots(), steps)
                    .map_err(|e| TestCaseError::fail(format!("random bots: {e}")))?;
                let json = serde_json::to_string(&original.to_save())
                    .map_err(|e| TestCaseError::fail(format!("a table saves as JSON: {e}")))?;
                let save = serde_json::from_str::<crate::TableSave<G>>(&json)
                    .map_err(|e| TestCaseError::fail(format!("a table save loads: {e}: {json}")))?;
                let mut copy = Table::from_save(save)
                    .map_err(|e| TestCaseError::fail(format!("a table save replays: {e}")))?;
                if copy.log() != original.log() || copy.state() != original.state() {
                    return Err(TestCaseError::fail("the reloaded table is another table"));
                }
                for table in [&mut original, &mut copy] {
                    table
                        .play_bots(&mut bots(), max_steps)
                        .map_err(|e| TestCaseError::fail(format!("random bots: {e}")))?;
                }
                if copy.log() != original.log() || copy.state() != original.state() {
                    return Err(TestCaseError::fail(
                        "the reloaded table continued differently from the original",
                    ));
                }
                Ok(())
            },
        );
    }

    /// Random games with host operations mixed in, then every state of the
    /// game, and a re-deal of it for every seat, saved as JSON and loaded
    /// back ([`check_json_reloads`](crate::conformance::check_json_reloads)).
    pub fn json_reloads(&self) {
        self.run(
            "conformance_json_reloads",
            self.with_host_ops(),
            |(start, seed, ops)| {
                let log = random_log(&start, seed, self.max_steps, &ops);
                crate::conformance::check_json_reloads(&start, &log, seed).map_err(fail)
            },
        );
    }

    /// At positions reached by random play: the state, its rules and every
    /// viewer's view go to JSON and back unchanged.
    pub fn json_views(&self) {
        fn round_trip<T>(what: &str, value: &T) -> Result<(), TestCaseError>
        where
            T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + Debug,
        {
            let json = serde_json::to_string(value)
                .map_err(|e| TestCaseError::fail(format!("{what} saves as JSON: {e}")))?;
            match serde_json::from_str::<T>(&json) {
                Ok(back) if back == *value => Ok(()),
                Ok(back) => Err(TestCaseError::fail(format!(
                    "{what} came back as {back:?} from {json}"
                ))),
                Err(e) => Err(TestCaseError::fail(format!(
                    "{what} loads from JSON: {e}: {json}"
                ))),
            }
        }
        self.run("conformance_json_views", self.reached(), |(g, _)| {
            round_trip("the state", &g)?;
            round_trip("the rules", g.rules())?;
            for s in 0..g.seats() {
                round_trip(
                    "a seat's view",
                    &g.observe(crate::Viewer::Seat(crate::Seat(s as u8))),
                )?;
            }
            round_trip("the spectator's view", &g.observe(crate::Viewer::Spectator))
        });
    }

    /// Saves changed the way a hostile client might (a field, a card, a flag,
    /// a seat) after random play from a start position with the host
    /// operations mixed in: every one the game accepts plays on and saves at
    /// every step ([`check_mutated_saves_after`](crate::conformance::mutate::check_mutated_saves_after)).
    pub fn mutated_saves(&self) {
        self.run(
            "conformance_mutated_saves",
            self.steps_into(),
            |(start, seed, steps)| {
                let ops = (self.host_ops)(&start);
                crate::conformance::mutate::check_mutated_saves_after(
                    &start, seed, steps, 8, 200, &ops,
                )
                .map_err(fail)
            },
        );
    }

    /// A fixed census of mutated saves from start positions drawn from the
    /// suite's start ([`mutated_save_census`](crate::conformance::mutate::mutated_save_census)),
    /// with the host operations of the first starts drawn: none accepted turns
    /// unsaveable, and some are accepted and some refused (so the mutations
    /// reach both sides of the game's checks).
    pub fn mutated_save_census(&self) {
        use proptest::strategy::ValueTree;
        use proptest::test_runner::{RngAlgorithm, TestRng, TestRunner};
        let mut runner = TestRunner::new_with_rng(
            proptest::test_runner::Config::default(),
            TestRng::deterministic_rng(RngAlgorithm::ChaCha),
        );
        let mut draw = move |_: &mut ChaCha8Rng| match self.start.new_tree(&mut runner) {
            Ok(tree) => tree.current(),
            Err(e) => panic!("conformance_mutated_save_census: a start position: {e}"),
        };
        let mut ops: Vec<G::HostOp> = Vec::new();
        let mut rng = ChaCha8Rng::seed_from_u64(0);
        for _ in 0..32 {
            for op in (self.host_ops)(&draw(&mut rng)) {
                if !ops.contains(&op) {
                    ops.push(op);
                }
            }
        }
        let base = self.reach_steps.min(self.max_steps).min(300);
        let census = crate::conformance::mutate::mutated_save_census(
            draw,
            &ops,
            CENSUS_SAVES,
            22,
            base,
            150,
        );
        assert!(
            census.unsaveable == 0,
            "conformance_mutated_save_census: {census}: {:?}",
            census.failures
        );
        assert!(
            census.accepted > 0 && census.refused > 0,
            "conformance_mutated_save_census: {census}"
        );
    }
}
