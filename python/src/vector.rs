//! [`VecCore`]: many games stepped together in Rust, spread over a pool of
//! threads, for throughput.

use cards_core::{Actor, ChaCha8Rng, Game, Seat, Shape, Viewer};
use rayon::prelude::*;

use crate::core::{PyGame, stream};

/// Games per task handed to a thread: fewer would spend more on scheduling
/// than on the games.
const MIN_GAMES_PER_TASK: usize = 64;

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
    /// The stream `random_actions` draws from.
    policy: ChaCha8Rng,
}

/// A batch of games of one (rules, seat count), each with its own chance
/// stream. Every game is always at a player's decision: chance is resolved
/// inside, and a game that ends is started again at once (auto-reset). A step
/// runs on `threads` threads; each game's result does not depend on how many.
///
/// The outputs are written into buffers the caller zeroed (fresh ones every
/// call, as numpy takes them over): observations and masks only set their
/// nonzero entries.
#[derive(Debug)]
pub struct VecCore<G: Game> {
    rules: G::Rules,
    seats: usize,
    shape: Shape,
    slots: Vec<Slot<G>>,
    pool: rayon::ThreadPool,
    threads: usize,
    /// Games finished since the batch was made or reset.
    pub episodes: u64,
}

/// Outputs of one call, each a flat row-major buffer, all zero on entry.
pub struct Out<'a> {
    /// Observations of the seat to act, `n × observation`.
    pub obs: &'a mut [f32],
    /// Legal masks, `n × actions`.
    pub mask: &'a mut [bool],
    /// The seat to act in each game.
    pub player: &'a mut [i64],
}

/// The outputs of a step beside [`Out`], all zero on entry.
pub struct StepOut<'a> {
    /// Each seat's reward, `n × seats`: its place reward where the game ended.
    pub rewards: &'a mut [f32],
    /// Whether the game ended by its rules' play.
    pub terminated: &'a mut [bool],
    /// Whether the game ended by a limit of its rules (a turn or round cap).
    pub truncated: &'a mut [bool],
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
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|e| e.to_string())?;
        let threads = pool.current_num_threads();
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

    /// Starts every game again, game `i` with the stream `stream(seed, i)`.
    pub fn reset(&mut self, seed: u64, out: Out<'_>) {
        self.episodes = 0;
        let (rules, seats, shape) = (&self.rules, self.seats, self.shape);
        let (o, a) = (shape.observation, shape.actions);
        let slots = &mut self.slots;
        self.pool.install(|| {
            (
                slots.par_iter_mut(),
                out.mask.par_chunks_mut(a),
                out.obs.par_chunks_mut(o),
                out.player.par_iter_mut(),
            )
                .into_par_iter()
                .enumerate()
                .with_min_len(MIN_GAMES_PER_TASK)
                .for_each(|(i, (slot, mask, obs, player))| {
                    slot.rng = stream(seed, i as u64);
                    slot.policy = stream(seed ^ POLICY, i as u64);
                    slot.restart(rules, seats, mask);
                    slot.write(rules, seats, obs);
                    *player = slot.player();
                });
        });
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
        step: StepOut<'_>,
        final_obs: &mut Vec<f32>,
    ) -> Result<(), String> {
        let n = self.slots.len();
        if actions.len() != n {
            return Err(format!("{} actions for {n} games", actions.len()));
        }
        let (o, a, seats) = (self.shape.observation, self.shape.actions, self.seats);
        for (i, (&id, slot)) in actions.iter().zip(&self.slots).enumerate() {
            if !u32::try_from(id).is_ok_and(|id| slot.ids.contains(&id)) {
                return Err(format!("action {id} is not legal in game {i}"));
            }
        }
        let rules = &self.rules;
        let slots = &mut self.slots;
        let failed = self.pool.install(|| {
            (
                slots.par_iter_mut(),
                actions.par_iter(),
                out.mask.par_chunks_mut(a),
                out.obs.par_chunks_mut(o),
                out.player.par_iter_mut(),
                step.rewards.par_chunks_mut(seats),
                step.terminated.par_iter_mut(),
                step.truncated.par_iter_mut(),
            )
                .into_par_iter()
                .with_min_len(MIN_GAMES_PER_TASK)
                .map(|(slot, &id, mask, obs, player, rewards, term, trunc)| {
                    let ended = slot.step(rules, seats, id as usize, mask, rewards)?;
                    *term = ended == Some(false);
                    *trunc = ended == Some(true);
                    slot.write(rules, seats, obs);
                    *player = slot.player();
                    Ok::<u64, String>(u64::from(ended.is_some()))
                })
                .try_reduce(|| 0, |x, y| Ok(x + y))
        });
        self.episodes += failed?;
        final_obs.clear();
        for (i, slot) in self.slots.iter().enumerate() {
            if step.terminated[i] || step.truncated[i] {
                final_obs.extend_from_slice(&slot.fin);
            }
        }
        Ok(())
    }

    /// A uniformly random legal player id for every game, each drawn from
    /// the game's policy stream (seeded by `reset`, apart from its chance
    /// stream), on the batch's threads.
    pub fn random_actions(&mut self, out: &mut [i64]) {
        let slots = &mut self.slots;
        self.pool.install(|| {
            slots
                .par_iter_mut()
                .zip(out.par_iter_mut())
                .with_min_len(MIN_GAMES_PER_TASK)
                .for_each(|(slot, out)| {
                    *out = match slot.ids.len() {
                        0 => -1,
                        len => {
                            let k = cards_core::chance::below(&mut slot.policy, len as u64);
                            i64::from(slot.ids[k as usize])
                        }
                    };
                });
        });
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
