//! [`VecCore`]: many games stepped together in Rust, spread over a pool of
//! threads, for throughput.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use cards_core::{Actor, ChaCha8Rng, Game, Seat, Shape, Viewer};

use crate::core::{PyGame, stream};

/// The games a thread takes at a time: fewer would spend more on taking
/// them than on the games.
const GAMES_PER_RUN: usize = 16;

/// How long a pool thread stays awake after a call, waiting for the next:
/// a thread asleep takes long to wake on some machines (a tenth of a
/// Schwimmen call of 1,024 games on this one), and a policy that answers
/// at once calls again within this time.
const KEEP_AWAKE: Duration = Duration::from_micros(200);

/// Mixed into the seed of the policy streams, so that they differ from the
/// chance streams of the same seed.
const POLICY: u64 = 0x5eed_0f90_11c1_e500;

/// One game of a batch with its chance stream and buffers.
#[derive(Debug)]
struct Slot<G: Game> {
    game: G,
    rng: ChaCha8Rng,
    legal: Vec<G::Action>,
    /// The ids of `legal`, in its order (empty when no player acts).
    ids: Vec<u32>,
    scratch: Vec<(G::Action, u32)>,
    /// The last ended game as the seat that acted saw it.
    fin: Vec<f32>,
    /// Whether the last step ended a game (the one `fin` holds).
    ended: bool,
    /// The stream `random_actions` draws from.
    policy: ChaCha8Rng,
}

/// A batch of games of one (rules, seat count), each with its own chance
/// stream. Every game is always at a player's decision: chance is resolved
/// inside, and a game that ends is started again at once (auto-reset). A step
/// runs on `threads` threads; each game's result does not depend on how many.
///
/// Each call writes its outputs whole, whatever they held: a game's rows
/// are zeroed, then their nonzero entries set, one game after another, so
/// the rows are in the cache while they are written.
#[derive(Debug)]
pub struct VecCore<G: Game> {
    rules: G::Rules,
    seats: usize,
    shape: Shape,
    slots: Vec<Slot<G>>,
    /// The `threads - 1` threads that play a call's games beside the
    /// calling thread (one idle thread when `threads` is 1).
    pool: rayon::ThreadPool,
    threads: usize,
    /// Calls made so far: a pool thread kept awake after a call waits for
    /// it to change.
    calls: Arc<AtomicU64>,
    /// Games finished since the batch was made or reset.
    pub episodes: u64,
}

/// The outputs of one call for a run of games, each a flat row-major
/// buffer. `reset` sets only the first three (and zeroes the others).
pub struct Out<'a> {
    /// Observations of the seat to act, `n × observation`.
    pub obs: &'a mut [f32],
    /// Legal masks, `n × actions`.
    pub mask: &'a mut [bool],
    /// The seat to act in each game.
    pub player: &'a mut [i64],
    /// Each seat's reward, `n × seats`: its place reward where the game ended.
    pub rewards: &'a mut [f32],
    /// Whether the game ended by its rules' play.
    pub terminated: &'a mut [bool],
    /// Whether the game ended by a limit of its rules (a turn or round cap).
    pub truncated: &'a mut [bool],
}

impl<'a> Out<'a> {
    /// Sets every entry to zero.
    fn zero(&mut self) {
        self.obs.fill(0.0);
        self.mask.fill(false);
        self.player.fill(0);
        self.rewards.fill(0.0);
        self.terminated.fill(false);
        self.truncated.fill(false);
    }

    /// The outputs of the first `games` games, and those of the rest.
    fn split(self, games: usize, shape: Shape, seats: usize) -> (Out<'a>, Out<'a>) {
        let (obs, obs2) = self.obs.split_at_mut(games * shape.observation);
        let (mask, mask2) = self.mask.split_at_mut(games * shape.actions);
        let (player, player2) = self.player.split_at_mut(games);
        let (rewards, rewards2) = self.rewards.split_at_mut(games * seats);
        let (terminated, terminated2) = self.terminated.split_at_mut(games);
        let (truncated, truncated2) = self.truncated.split_at_mut(games);
        (
            Out {
                obs,
                mask,
                player,
                rewards,
                terminated,
                truncated,
            },
            Out {
                obs: obs2,
                mask: mask2,
                player: player2,
                rewards: rewards2,
                terminated: terminated2,
                truncated: truncated2,
            },
        )
    }
}

/// A run of consecutive games with their outputs, which one thread plays.
struct Run<'a, G: Game> {
    /// The index of the first game.
    first: usize,
    slots: &'a mut [Slot<G>],
    out: Out<'a>,
}

impl<G: PyGame> VecCore<G> {
    /// `n` new games stepped on `threads` threads (0: one per core); `rules`
    /// is JSON (`None` for the defaults).
    pub fn new(
        n: usize,
        seats: usize,
        rules: Option<&str>,
        threads: usize,
    ) -> Result<VecCore<G>, String> {
        let rules = match rules {
            Some(json) => G::rules_from_json(json)?,
            None => G::Rules::default(),
        };
        let start = G::new(rules.clone(), seats).map_err(|e| e.to_string())?;
        let shape = G::shape(&rules, seats);
        let threads = match threads {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            t => t,
        };
        // The calling thread is one of the `threads`. A pool thread more
        // would wake with the others and spin looking for work, taking a
        // core from the ones playing.
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads((threads - 1).max(1))
            .build()
            .map_err(|e| e.to_string())?;
        Ok(VecCore {
            rules,
            seats,
            shape,
            slots: (0..n as u64)
                .map(|i| Slot {
                    game: start.clone(),
                    rng: stream(0, i),
                    legal: Vec::with_capacity(64),
                    ids: Vec::with_capacity(64),
                    scratch: Vec::with_capacity(64),
                    fin: vec![0.0; shape.observation],
                    ended: false,
                    policy: stream(POLICY, i),
                })
                .collect(),
            pool,
            threads,
            calls: Arc::default(),
            episodes: 0,
        })
    }

    /// The number of games.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// The number of threads a step runs on.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The encoding's sizes.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The seat count.
    pub fn seats(&self) -> usize {
        self.seats
    }

    /// Game `i`.
    pub fn game(&self, i: usize) -> Option<&G> {
        self.slots.get(i).map(|s| &s.game)
    }

    /// Runs `work(rules, seats, slot, game index, its zeroed outputs)` on every
    /// game and counts the games for which it returned `true`.
    ///
    /// The games are cut into runs of [`GAMES_PER_RUN`]; the calling thread
    /// and `threads - 1` pool threads each take the next run not yet taken
    /// until none is left. The calling thread starts at once, so a small
    /// batch is often done before a woken thread arrives, and a thread the
    /// machine runs slower simply takes fewer runs.
    fn each<F>(&mut self, out: Out<'_>, work: F) -> Result<u64, String>
    where
        F: Fn(&G::Rules, usize, &mut Slot<G>, usize, Out<'_>) -> Result<bool, String> + Sync,
    {
        let VecCore {
            rules,
            seats,
            shape,
            slots,
            pool,
            threads,
            calls,
            ..
        } = self;
        let (rules, seats, shape) = (&*rules, *seats, *shape);
        let mut runs = Vec::with_capacity(slots.len().div_ceil(GAMES_PER_RUN));
        let (mut slots, mut out, mut first) = (&mut slots[..], out, 0);
        while !slots.is_empty() {
            let games = GAMES_PER_RUN.min(slots.len());
            let (mine, rest) = std::mem::take(&mut slots).split_at_mut(games);
            let (my_out, rest_out) = out.split(games, shape, seats);
            runs.push(Mutex::new(Some(Run {
                first,
                slots: mine,
                out: my_out,
            })));
            (slots, out, first) = (rest, rest_out, first + games);
        }
        let next = AtomicUsize::new(0);
        // Takes runs until none is left; each run is taken exactly once.
        let drain = || -> Result<u64, String> {
            let mut count = 0;
            loop {
                let k = next.fetch_add(1, Ordering::Relaxed);
                let Some(run) = runs.get(k) else {
                    return Ok(count);
                };
                let taken = run.lock().unwrap_or_else(|e| e.into_inner()).take();
                let Some(Run {
                    first,
                    slots,
                    mut out,
                }) = taken
                else {
                    continue;
                };
                for (j, slot) in slots.iter_mut().enumerate() {
                    let (mut row, rest) = out.split(1, shape, seats);
                    row.zero();
                    count += u64::from(work(rules, seats, slot, first + j, row)?);
                    out = rest;
                }
            }
        };
        let drain = &drain;
        let helpers = (*threads - 1).min(runs.len().saturating_sub(1));
        let mut results: Vec<Result<u64, String>> = vec![Ok(0); helpers];
        let call = calls.fetch_add(1, Ordering::Relaxed) + 1;
        let counted = pool.in_place_scope(|scope| {
            for result in &mut results {
                scope.spawn(move |_| *result = drain());
            }
            drain()
        });
        for _ in 0..helpers {
            let calls = calls.clone();
            pool.spawn(move || {
                let start = Instant::now();
                while calls.load(Ordering::Relaxed) == call && start.elapsed() < KEEP_AWAKE {
                    std::hint::spin_loop();
                }
            });
        }
        results.into_iter().chain([counted]).sum()
    }

    /// Starts every game again, game `i` with the stream `stream(seed, i)`.
    pub fn reset(&mut self, seed: u64, out: Out<'_>) {
        self.episodes = 0;
        let restarted = self.each(out, |rules, seats, slot, i, out| {
            slot.rng = stream(seed, i as u64);
            slot.policy = stream(seed ^ POLICY, i as u64);
            slot.restart(rules, seats, out.mask);
            slot.write(rules, seats, out.obs);
            out.player[0] = slot.player();
            Ok(false)
        });
        debug_assert_eq!(restarted, Ok(0));
    }

    /// Plays `actions[i]` (a player action id) in game `i`, then resolves chance.
    /// A game that ends gets its seats' rewards and its flags, and is started
    /// again; `final_obs` receives, for each ended game in order, the ended
    /// game as the seat that acted saw it (`observation` entries each).
    ///
    /// # Errors
    /// When an id is not legal in its game; then no game changes.
    pub fn step(
        &mut self,
        actions: &[i64],
        out: Out<'_>,
        final_obs: &mut Vec<f32>,
    ) -> Result<(), String> {
        let n = self.slots.len();
        if actions.len() != n {
            return Err(format!("{} actions for {n} games", actions.len()));
        }
        for (i, (&id, slot)) in actions.iter().zip(&self.slots).enumerate() {
            if !u32::try_from(id).is_ok_and(|id| slot.ids.contains(&id)) {
                return Err(format!("action {id} is not legal in game {i}"));
            }
        }
        let ended = self.each(out, |rules, seats, slot, i, out| {
            let ended = slot.step(rules, seats, actions[i] as usize, out.mask, out.rewards)?;
            slot.ended = ended.is_some();
            out.terminated[0] = ended == Some(false);
            out.truncated[0] = ended == Some(true);
            slot.write(rules, seats, out.obs);
            out.player[0] = slot.player();
            Ok(ended.is_some())
        })?;
        self.episodes += ended;
        final_obs.clear();
        if ended > 0 {
            for slot in self.slots.iter().filter(|s| s.ended) {
                final_obs.extend_from_slice(&slot.fin);
            }
        }
        Ok(())
    }

    /// A uniformly random legal player id for every game, each drawn from
    /// the game's policy stream (seeded by `reset`, apart from its chance
    /// stream), on the calling thread: a draw costs less than waking another.
    pub fn random_actions(&mut self, out: &mut [i64]) {
        for (slot, out) in self.slots.iter_mut().zip(out) {
            *out = match slot.ids.len() {
                0 => -1,
                len => {
                    let k = cards_core::chance::below(&mut slot.policy, len as u64);
                    i64::from(slot.ids[k as usize])
                }
            };
        }
    }
}

impl<G: PyGame> Slot<G> {
    fn player(&self) -> i64 {
        match self.game.actor() {
            Actor::Player(s) => i64::from(s.0),
            Actor::Chance => -1,
            Actor::Terminal => -4,
        }
    }

    /// The game from the start, at its first decision.
    fn restart(&mut self, rules: &G::Rules, seats: usize, mask: &mut [bool]) {
        // Rules and seats were accepted when the batch was made.
        if let Ok(g) = G::new(rules.clone(), seats) {
            self.game = g;
        }
        self.resolve();
        self.mark_legal(mask);
    }

    /// Sets the legal ids' entries of the zeroed `mask` and keeps the ids.
    fn mark_legal(&mut self, mask: &mut [bool]) {
        self.ids.clear();
        if !matches!(self.game.actor(), Actor::Player(_)) {
            return;
        }
        self.game.legal_actions(&mut self.legal);
        let (rules, seats) = (self.game.rules(), self.game.seats());
        for a in &self.legal {
            if let Some(id) = G::action_id(rules, seats, a, false) {
                mask[id] = true;
                self.ids.push(id as u32);
            }
        }
    }

    fn resolve(&mut self) {
        while self.game.actor() == Actor::Chance {
            match self.game.sample_chance(&mut self.rng, &mut self.scratch) {
                Some(c) if self.game.apply_mut(&c).is_ok() => {}
                _ => break,
            }
        }
    }

    /// Plays `id`; `Some(truncated)` when the game ended (then the rewards and
    /// the acting seat's final observation are written and the game restarts).
    fn step(
        &mut self,
        rules: &G::Rules,
        seats: usize,
        id: usize,
        mask: &mut [bool],
        rewards: &mut [f32],
    ) -> Result<Option<bool>, String> {
        let seat = match self.game.actor() {
            Actor::Player(s) => s,
            _ => return Err("no player acts".to_string()),
        };
        let action = G::action_from_id(rules, seats, id, false)
            .ok_or_else(|| format!("action {id} has no meaning"))?;
        self.game.apply_mut(&action).map_err(|e| e.to_string())?;
        self.resolve();
        let Some(o) = self.game.outcome() else {
            self.mark_legal(mask);
            return Ok(None);
        };
        for (s, r) in rewards.iter_mut().enumerate() {
            *r = o.reward(Seat(s as u8)) as f32;
        }
        G::encode_view(
            rules,
            seats,
            &self.game.observe(Viewer::Seat(seat)),
            &mut self.fin,
        );
        let truncated = self.game.ended_by_limit();
        self.restart(rules, seats, mask);
        Ok(Some(truncated))
    }

    /// The observation of the seat to act into the zeroed `out` (all zeros
    /// when no player acts).
    fn write(&self, rules: &G::Rules, seats: usize, out: &mut [f32]) {
        if let Actor::Player(s) = self.game.actor() {
            G::write_view(rules, seats, &self.game.observe(Viewer::Seat(s)), out);
        }
    }
}
