//! [`EncodingSuite`]: the [`Encode`] checks of
//! [`conformance`](crate::conformance) as property tests a game instantiates.

use std::fmt::Debug;
use std::ops::RangeInclusive;

use proptest::prelude::{Strategy, any};
use proptest::strategy::BoxedStrategy;
use proptest::test_runner::TestCaseError;

use super::{fail, run};
use crate::bot::Bot;
use crate::conformance::{
    check_encoding_along_log, check_encoding_along_random_game, check_id_spaces,
    check_walk_with_host,
};
use crate::difficulty::Difficulty;
use crate::encode::Encode;
use crate::game::Redeal;
use crate::learned::{Learned, MAX_SHIPPED_BYTES};
use crate::mlp::Networks;
use crate::opponents::Opponents;
use crate::save::Save;
use crate::table::Table;
use crate::{Actor, ChaCha8Rng, Seat, SeedableRng};

/// How many player actions [`EncodingSuite::every_level_replays`] plays
/// from a start: a few decisions of seat 0 even at ten seats.
const REPLAY_ACTIONS: usize = 40;

/// How many new cases [`EncodingSuite::every_level_replays`] runs.
const REPLAY_CASES: u32 = 1;

/// What the encoding tests need to know about a game. Build it with
/// [`EncodingSuite::new`] and the setters; hand it to
/// [`encoding_tests!`](crate::encoding_tests).
pub struct EncodingSuite<G: Encode + Redeal> {
    regressions: &'static str,
    cases: Option<u32>,
    walk_cases: Option<u32>,
    start: BoxedStrategy<G>,
    host_ops: fn(&G) -> Vec<G::HostOp>,
    max_steps: usize,
    min_steps_per_seat: usize,
    id_rules: Vec<G::Rules>,
    id_seats: RangeInclusive<usize>,
}

impl<G: Encode + Redeal> Debug for EncodingSuite<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EncodingSuite")
            .field("regressions", &self.regressions)
            .field("cases", &self.cases)
            .field("max_steps", &self.max_steps)
            .field("id_rules", &self.id_rules)
            .field("id_seats", &self.id_seats)
            .finish_non_exhaustive()
    }
}

impl<G: Encode + Redeal + Save + 'static> EncodingSuite<G> {
    /// A suite drawing start positions from `start`, keeping failures in
    /// `regressions` (a path from the package root, or `""` to keep none), checking the id spaces
    /// of every rules value of `id_rules` at every seat count of `id_seats`.
    /// Defaults: proptest's case count, no host operations, 100,000 steps a
    /// game, no least game length.
    pub fn new(
        regressions: &'static str,
        start: impl Strategy<Value = G> + 'static,
        id_rules: Vec<G::Rules>,
        id_seats: RangeInclusive<usize>,
    ) -> Self {
        EncodingSuite {
            regressions,
            cases: None,
            walk_cases: None,
            start: start.boxed(),
            host_ops: |_| Vec::new(),
            max_steps: 100_000,
            min_steps_per_seat: 0,
            id_rules,
            id_seats,
        }
    }

    /// Runs `cases` random games instead of proptest's default case count.
    pub fn cases(mut self, cases: u32) -> Self {
        self.cases = Some(cases);
        self
    }

    /// Runs `cases` walks with host operations instead of proptest's default
    /// case count (they cost more than random games: every state is checked twice).
    pub fn walk_cases(mut self, cases: u32) -> Self {
        self.walk_cases = Some(cases);
        self
    }

    /// The host operations mixed into the walks whose logs are checked (say,
    /// every seat leaving), so that states only they reach are encoded too.
    pub fn host_ops(mut self, host_ops: fn(&G) -> Vec<G::HostOp>) -> Self {
        self.host_ops = host_ops;
        self
    }

    /// The most steps of a game (chance included).
    pub fn max_steps(mut self, max_steps: usize) -> Self {
        self.max_steps = max_steps;
        self
    }

    /// A random game must last more than this many steps a seat (a guard
    /// against a suite that checks only trivially short games).
    pub fn min_steps_per_seat(mut self, steps: usize) -> Self {
        self.min_steps_per_seat = steps;
        self
    }

    /// [`check_encoding_along_random_game`] from drawn starts and seeds.
    pub fn along_random_games(&self) {
        let strategy = (self.start.clone(), any::<u64>());
        run(
            "encoding_along_random_games",
            self.regressions,
            self.cases,
            strategy,
            |(start, seed)| {
                let steps =
                    check_encoding_along_random_game(&start, seed, self.max_steps).map_err(fail)?;
                let least = self.min_steps_per_seat * start.seats();
                if steps <= least {
                    return Err(TestCaseError::fail(format!(
                        "a game of {steps} steps, not more than {least}"
                    )));
                }
                Ok(())
            },
        );
    }

    /// A conformance walk with the host operations mixed in, then
    /// [`check_encoding_along_log`] at every state of its log.
    pub fn along_walks_with_host_ops(&self) {
        let strategy = (self.start.clone(), any::<u64>());
        run(
            "encoding_along_walks_with_host_ops",
            self.regressions,
            self.walk_cases,
            strategy,
            |(start, seed)| {
                let ops = (self.host_ops)(&start);
                let walk =
                    check_walk_with_host(&start, seed, self.max_steps, &[], &ops).map_err(fail)?;
                check_encoding_along_log(&start, &walk.log, seed).map_err(fail)
            },
        );
    }

    /// [`check_id_spaces`] for every listed rules value and seat count.
    pub fn id_spaces(&self) {
        for rules in &self.id_rules {
            for seats in self.id_seats.clone() {
                if let Err(v) = check_id_spaces::<G>(rules, seats) {
                    panic!("{rules:?}, {seats} seats: {v}");
                }
            }
        }
    }
}

impl<G: Opponents + Redeal + Save> EncodingSuite<G> {
    /// The learned level ([`Difficulty::Learned`]) at every seat plays whole
    /// games from the suite's start positions: every choice legal (the table
    /// refuses any other), the game ends, and the same seed gives the same
    /// game. A game that ships a weights file must have it read and fit its
    /// encoding under the default rules ([`Learned::shipped`]), and take at
    /// most [`MAX_SHIPPED_BYTES`] bytes.
    pub fn learned_games(&self) {
        let bytes = G::learned_weights().len();
        assert!(
            bytes <= MAX_SHIPPED_BYTES,
            "the shipped weights file takes {bytes} bytes, over the {MAX_SHIPPED_BYTES} allowed"
        );
        if !G::learned_weights().is_empty()
            && let Err(e) = Learned::<G>::shipped(&G::Rules::default())
        {
            panic!("the shipped weights file: {e}");
        }
        let strategy = (self.start.clone(), any::<u64>());
        let max_steps = self.max_steps;
        run(
            "encoding_learned_games",
            self.regressions,
            self.cases,
            strategy,
            |(start, seed)| {
                let play = || -> Result<Table<G>, TestCaseError> {
                    let mut table = Table::from_state(start.clone(), seed);
                    let mut bots: Vec<Box<dyn Bot<G>>> = (0..start.seats())
                        .map(|_| Difficulty::Learned.bot::<G>(start.rules()))
                        .collect();
                    match table.play_bots(&mut bots, max_steps) {
                        Ok(Some(_)) => Ok(table),
                        Ok(None) => Err(TestCaseError::fail("the game did not end")),
                        Err(e) => Err(TestCaseError::fail(format!("a learned choice: {e}"))),
                    }
                };
                let (a, b) = (play()?, play()?);
                if a.log() != b.log() {
                    return Err(TestCaseError::fail("the same seed gave another game"));
                }
                Ok(())
            },
        );
    }

    /// Every level replays a seeded table alike: from the suite's start
    /// positions, with seat 0 at each level of [`Difficulty::ALL`] in turn
    /// and the other seats at the medium level, a table plays 40 player
    /// actions (or to the end) twice from the same seed, to the same log and
    /// state. A bot drawing from anything but the table's seeded stream (a
    /// clock, a thread, a hash order) fails it. Runs one case (after the
    /// regressions file's): the hard level's searches at ten seats take
    /// seconds in a test build.
    pub fn every_level_replays(&self) {
        run(
            "encoding_every_level_replays",
            self.regressions,
            Some(REPLAY_CASES),
            (self.start.clone(), any::<u64>()),
            |(start, seed)| {
                for level in Difficulty::ALL {
                    let play = || -> Result<Table<G>, TestCaseError> {
                        let mut table = Table::from_state(start.clone(), seed);
                        let mut bots: Vec<Box<dyn Bot<G>>> = (0..start.seats())
                            .map(|s| {
                                let at = if s == 0 { level } else { Difficulty::Medium };
                                at.bot::<G>(start.rules())
                            })
                            .collect();
                        table
                            .play_bots(&mut bots, REPLAY_ACTIONS)
                            .map_err(|e| TestCaseError::fail(format!("the {level} level: {e}")))?;
                        Ok(table)
                    };
                    let (a, b) = (play()?, play()?);
                    if a.log() != b.log() || a.state() != b.state() {
                        return Err(TestCaseError::fail(format!(
                            "the same seed gave another game with seat 0 at the {level} level"
                        )));
                    }
                }
                Ok(())
            },
        );
    }

    /// The learned level is its network wherever the game does not ask for
    /// a check ([`Opponents::learned_check`]): at every seat count the
    /// weights file has a network for, in 20 seeded games of the medium
    /// level at every seat, each of seat 0's decisions with a choice is
    /// also asked of [`Difficulty::Learned`] and of the network
    /// alone ([`Learned::shipped`]), and where the game's `learned_check`
    /// is `None` the two choose alike. A check that leaks into the rest of
    /// the game, costing its time everywhere, fails it.
    pub fn learned_checks_only_where_asked(&self) {
        const GAMES: u64 = 20;
        let rules = G::Rules::default();
        let Ok(nets) = Networks::from_bytes(G::learned_weights()) else {
            return; // no file, or one `learned_games` reports
        };
        let Ok(mut network) = Learned::<G>::shipped(&rules) else {
            return; // `learned_games` reports it
        };
        let mut level = Difficulty::Learned.bot::<G>(&rules);
        let mut legal = Vec::new();
        for seats in nets.seats() {
            let mut bots: Vec<Box<dyn Bot<G>>> = (0..seats)
                .map(|_| Difficulty::Medium.bot::<G>(&rules))
                .collect();
            for seed in 0..GAMES {
                let mut table = match Table::<G>::new(rules.clone(), seats, seed) {
                    Ok(table) => table,
                    Err(e) => panic!("{seats} seats: {e:?}"),
                };
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let mut steps = 0;
                while table.outcome().is_none() && steps < self.max_steps {
                    let g = table.state();
                    g.legal_actions(&mut legal);
                    if g.actor() == Actor::Player(Seat(0)) && legal.len() > 1 {
                        let view = table.view(Seat(0));
                        if G::learned_check(&view).is_none() {
                            let alone = network.choose(&view, &legal, &mut rng);
                            let checked = level.choose(&view, &legal, &mut rng);
                            assert_eq!(
                                checked, alone,
                                "{seats} seats, game {seed}: the learned level left its network \
                                 where the game asks for no check"
                            );
                        }
                    }
                    if let Err(e) = table.play_bots(&mut bots, 1) {
                        panic!("{seats} seats, game {seed}: {e}");
                    }
                    steps += 1;
                }
            }
        }
    }

    /// The shipped networks play like trained ones: at every seat count the
    /// weights file has a network for, the learned level at one seat (seat
    /// `i mod n` in game `i`, dealt from seed `i`) against the medium level
    /// at the others wins at least half its fair share of 200 games under
    /// the default rules. A network left behind by a change to the tensor
    /// still plays legally but loses nearly every game; this catches it.
    pub fn learned_strength(&self) {
        const GAMES: u64 = 200;
        let rules = G::Rules::default();
        let Ok(nets) = Networks::from_bytes(G::learned_weights()) else {
            return; // no file, or one `learned_games` reports
        };
        for seats in nets.seats() {
            let mut wins = 0;
            for i in 0..GAMES {
                let me = (i % seats as u64) as usize;
                let mut table = match Table::<G>::new(rules.clone(), seats, i) {
                    Ok(table) => table,
                    Err(e) => panic!("{seats} seats: {e:?}"),
                };
                let mut bots: Vec<Box<dyn Bot<G>>> = (0..seats)
                    .map(|s| {
                        let level = if s == me {
                            Difficulty::Learned
                        } else {
                            Difficulty::Medium
                        };
                        level.bot::<G>(&rules)
                    })
                    .collect();
                match table.play_bots(&mut bots, self.max_steps) {
                    Ok(Some(outcome)) => wins += u64::from(outcome.places()[me] == 1),
                    Ok(None) => panic!("{seats} seats, game {i} did not end"),
                    Err(e) => panic!("{seats} seats, game {i}: {e}"),
                }
            }
            let floor = GAMES / (2 * seats as u64);
            assert!(
                wins >= floor,
                "the learned level won {wins} of {GAMES} games at {seats} seats against the medium \
                 level, under half its fair share ({floor}): a stale or untrained network"
            );
        }
    }
}
