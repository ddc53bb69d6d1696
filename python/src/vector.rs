//! [`VecCore`]: many games stepped together in Rust, spread over a pool of
//! threads, for throughput.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use cards_core::{Actor, ChaCha8Rng, Game, Seat, Shape, Viewer};
use cards_games::MAX_THREADS;

use crate::core::{PyGame, stream};

/// The games a thread takes at a time: fewer would spend more on taking
/// them than on the games.
const GAMES_PER_RUN: usize = 16;

/// How long a pool thread stays awake after a call, waiting for the next:
/// a thread asleep takes long to wake on some machines (a tenth of a
/// Schwimmen call of 1,024 games on this one), and a policy that answers
/// at once calls again within this time.
const KEEP_AWAKE: Duration = Duration::from_micros(200);

/// The most games one batch takes. A game holds about 15 KB at most (a
/// Shithead observation is 770 floats, written into three kept arrays, the
/// final observation and the step's outputs, besides its position), so this
/// many are some 16 GB, beyond what a learning run asks of one batch; a
/// count past it (`2**40`) once aborted the interpreter on its allocation,
/// or panicked on the capacity (`2**62`).
pub const MAX_GAMES: usize = 1 << 20;

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
    /// The stream the random actions are drawn from.
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
    /// The legal ids of every game as bits, [`VecCore::words`] words a
    /// game, so that a step checks its ids without visiting the games.
    legal: Vec<u64>,
    /// A uniformly random legal id for every game (-1 where no player
    /// acts), drawn when the game reached its decision.
    drawn: Vec<i64>,
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

    /// The same outputs, borrowed again.
    fn reborrow(&mut self) -> Out<'_> {
        Out {
            obs: self.obs,
            mask: self.mask,
            player: self.player,
            rewards: self.rewards,
            terminated: self.terminated,
            truncated: self.truncated,
        }
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
    /// The games' parts of [`VecCore::legal`] and [`VecCore::drawn`].
    legal: &'a mut [u64],
    drawn: &'a mut [i64],
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
        if n == 0 {
            return Err("num_envs is 0: a vector env needs at least one game".to_string());
        }
        if n > MAX_GAMES {
            return Err(format!(
                "num_envs {n} is more than the {MAX_GAMES} games a vector env takes"
            ));
        }
        if threads > MAX_THREADS {
            return Err(format!(
                "threads {threads} is more than the {MAX_THREADS} a vector env takes \
                 (0: one per core)"
            ));
        }
        let rules = match rules {
            Some(json) => G::rules_from_json(json)?,
            None => G::Rules::default(),
        };
        let start = G::new(rules.clone(), seats).map_err(|e| e.to_string())?;
        let shape = G::shape(&rules, seats);
        let threads = match threads {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get().min(MAX_THREADS)),
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
                    policy: stream(POLICY, i),
                })
                .collect(),
            pool,
            threads,
            calls: Arc::default(),
            legal: vec![0; n * shape.actions.div_ceil(64)],
            drawn: vec![-1; n],
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

    /// The words of [`VecCore::legal`] a game.
    fn words(&self) -> usize {
        self.shape.actions.div_ceil(64)
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
    /// game and counts the games for which it returned `true`; then notes
    /// each game's legal ids in [`VecCore::legal`] and draws its random
    /// action.
    ///
    /// The games are cut into runs of [`GAMES_PER_RUN`], and the runs into
    /// one share a thread; the calling thread and `threads - 1` pool threads
    /// each take the next run not yet taken of their own share, then of the
    /// others', until none is left. The calling thread starts at once, so a
    /// small batch is often done before a woken thread arrives, and a thread
    /// the machine runs slower simply takes fewer runs.
    fn each<F>(&mut self, out: Out<'_>, work: F) -> Result<u64, String>
    where
        F: Fn(&G::Rules, usize, &mut Slot<G>, usize, Out<'_>) -> Result<bool, String> + Sync,
    {
        let words = self.words();
        let VecCore {
            rules,
            seats,
            shape,
            slots,
            pool,
            threads,
            calls,
            legal,
            drawn,
            ..
        } = self;
        let (rules, seats, shape) = (&*rules, *seats, *shape);
        let mut runs = Vec::with_capacity(slots.len().div_ceil(GAMES_PER_RUN));
        let (mut slots, mut out, mut first) = (&mut slots[..], out, 0);
        let (mut legal, mut drawn) = (&mut legal[..], &mut drawn[..]);
        while !slots.is_empty() {
            let games = GAMES_PER_RUN.min(slots.len());
            let (mine, rest) = std::mem::take(&mut slots).split_at_mut(games);
            let (my_out, rest_out) = out.split(games, shape, seats);
            let (my_legal, rest_legal) = std::mem::take(&mut legal).split_at_mut(games * words);
            let (my_drawn, rest_drawn) = std::mem::take(&mut drawn).split_at_mut(games);
            runs.push(Mutex::new(Some(Run {
                first,
                slots: mine,
                out: my_out,
                legal: my_legal,
                drawn: my_drawn,
            })));
            (slots, out, first) = (rest, rest_out, first + games);
            (legal, drawn) = (rest_legal, rest_drawn);
        }
        // Each game is played by the same thread call after call while the
        // threads keep pace, so its data stays in that core's cache: with
        // every run taken by whichever thread came first, a two-thread step
        // was a tenth slower (games moving between the cores' caches).
        let parts = *threads;
        let end = |p: usize| runs.len() * p / parts;
        let next: Vec<AtomicUsize> = (0..parts).map(|p| AtomicUsize::new(end(p))).collect();
        // Takes runs until none is left; each run is taken exactly once.
        let drain = |home: usize| -> Result<u64, String> {
            let mut count = 0;
            for p in (home..parts).chain(0..home) {
                loop {
                    let k = next[p].fetch_add(1, Ordering::Relaxed);
                    if k >= end(p + 1) {
                        break;
                    }
                    let taken = runs[k].lock().unwrap_or_else(|e| e.into_inner()).take();
                    let Some(mut run) = taken else {
                        continue;
                    };
                    let bits = run.legal.chunks_exact_mut(words);
                    for (j, ((slot, bits), drawn)) in run
                        .slots
                        .iter_mut()
                        .zip(bits)
                        .zip(run.drawn.iter_mut())
                        .enumerate()
                    {
                        let (mut row, rest) = run.out.split(1, shape, seats);
                        row.zero();
                        count += u64::from(work(rules, seats, slot, run.first + j, row)?);
                        run.out = rest;
                        bits.fill(0);
                        for &id in &slot.ids {
                            bits[id as usize / 64] |= 1 << (id % 64);
                        }
                        *drawn = slot.draw();
                    }
                }
            }
            Ok(count)
        };
        let drain = &drain;
        let helpers = (*threads - 1).min(runs.len().saturating_sub(1));
        let mut results: Vec<Result<u64, String>> = vec![Ok(0); helpers];
        let call = calls.fetch_add(1, Ordering::Relaxed) + 1;
        let counted = pool.in_place_scope(|scope| {
            for result in &mut results {
                scope.spawn(move |_| {
                    *result = drain(rayon::current_thread_index().map_or(1, |i| i + 1) % parts);
                });
            }
            drain(0)
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
        mut out: Out<'_>,
        final_obs: &mut Vec<f32>,
    ) -> Result<(), String> {
        let (n, words) = (self.slots.len(), self.words());
        if actions.len() != n {
            return Err(format!("{} actions for {n} games", actions.len()));
        }
        let bits = self.legal.chunks_exact(words);
        for (i, (&id, bits)) in actions.iter().zip(bits).enumerate() {
            let legal = usize::try_from(id)
                .ok()
                .and_then(|id| Some(bits.get(id / 64)? >> (id % 64) & 1 == 1));
            if legal != Some(true) {
                return Err(format!(
                    "action {id} is not legal in game {i}: {}",
                    self.refusal(i, id)
                ));
            }
        }
        let ended = self.each(out.reborrow(), |rules, seats, slot, i, out| {
            let ended = slot.step(rules, seats, actions[i] as usize, out.mask, out.rewards)?;
            out.terminated[0] = ended == Some(false);
            out.truncated[0] = ended == Some(true);
            slot.write(rules, seats, out.obs);
            out.player[0] = slot.player();
            Ok(ended.is_some())
        })?;
        self.episodes += ended;
        final_obs.clear();
        if ended > 0 {
            let flags = out.terminated.iter().zip(out.truncated.iter());
            for ((terminated, truncated), slot) in flags.zip(&self.slots) {
                if *terminated || *truncated {
                    final_obs.extend_from_slice(&slot.fin);
                }
            }
        }
        Ok(())
    }

    /// Why game `i` refuses the id `id`, in the words of its rules (the
    /// clause, as `State.apply` says it); only on the error path, so the
    /// copy of the game costs nothing in a step.
    fn refusal(&self, i: usize, id: i64) -> String {
        let slot = &self.slots[i];
        let (rules, seats) = (slot.game.rules(), slot.game.seats());
        let action = usize::try_from(id)
            .ok()
            .and_then(|id| G::action_from_id(rules, seats, id, false));
        let Some(action) = action else {
            return format!(
                "not an id of the player action space (0 to {})",
                self.shape.actions - 1
            );
        };
        match slot.game.clone().apply_mut(&action) {
            Err(e) => e.to_string(),
            Ok(_) => "the game refuses it".to_string(),
        }
    }

    /// A uniformly random legal player id for every game (-1 where no
    /// player acts), the same until the next step or reset: each game's was
    /// drawn from its policy stream (seeded by `reset`, apart from its
    /// chance stream) when the game reached its decision.
    pub fn random_actions(&self) -> &[i64] {
        &self.drawn
    }
}

impl<G: PyGame> Slot<G> {
    /// A uniformly random id of `ids` from the policy stream (-1 when there
    /// is none).
    fn draw(&mut self) -> i64 {
        match self.ids.len() {
            0 => -1,
            len => {
                let k = cards_core::chance::below(&mut self.policy, len as u64);
                i64::from(self.ids[k as usize])
            }
        }
    }

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
