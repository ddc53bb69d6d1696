//! [`VecCore`]: many games stepped together in Rust, for throughput.

use cards_core::{Actor, ChaCha8Rng, Game, Seat, Shape, Viewer, legal_mask};

use crate::core::{PyGame, stream};

/// A batch of games of one (rules, seat count), each with its own chance
/// stream. Every game is always at a player's decision: chance is resolved
/// inside, and a game that ends is started again at once (auto-reset).
#[derive(Debug)]
pub struct VecCore<G: Game> {
    rules: G::Rules,
    seats: usize,
    shape: Shape,
    games: Vec<G>,
    rngs: Vec<ChaCha8Rng>,
    /// The legal mask of every game, `games.len() × shape.actions`.
    mask: Vec<bool>,
    legal: Vec<G::Action>,
    scratch: Vec<(G::Action, u32)>,
    /// Games finished since the batch was made or reset.
    pub episodes: u64,
}

/// Outputs of one call, each a flat row-major buffer.
pub struct Out<'a> {
    /// Observations of the seat to act, `n × observation`.
    pub obs: &'a mut [f32],
    /// Legal masks, `n × actions`.
    pub mask: &'a mut [bool],
    /// The seat to act in each game.
    pub player: &'a mut [i64],
}

impl<G: PyGame> VecCore<G> {
    /// `n` new games; `rules` is JSON (`None` for the defaults).
    pub fn new(n: usize, seats: usize, rules: Option<&str>) -> Result<VecCore<G>, String> {
        let rules = match rules {
            Some(json) => G::rules_from_json(json)?,
            None => G::Rules::default(),
        };
        let start = G::new(rules.clone(), seats).map_err(|e| e.to_string())?;
        let shape = G::shape(&rules, seats);
        Ok(VecCore {
            rules,
            seats,
            shape,
            games: vec![start; n],
            rngs: (0..n as u64).map(|i| stream(0, i)).collect(),
            mask: vec![false; n * shape.actions],
            legal: Vec::with_capacity(64),
            scratch: Vec::with_capacity(64),
            episodes: 0,
        })
    }

    /// The number of games.
    pub fn len(&self) -> usize {
        self.games.len()
    }

    /// The encoding's sizes.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The seat count.
    pub fn seats(&self) -> usize {
        self.seats
    }

    /// The games themselves.
    pub fn games(&self) -> &[G] {
        &self.games
    }

    /// Starts every game again, game `i` with the stream `stream(seed, i)`.
    pub fn reset(&mut self, seed: u64, out: Out<'_>) {
        self.episodes = 0;
        for i in 0..self.games.len() {
            self.rngs[i] = stream(seed, i as u64);
            self.restart(i);
            self.write(
                i,
                &mut out.obs[i * self.shape.observation..][..self.shape.observation],
            );
            out.player[i] = self.player(i);
        }
        out.mask.copy_from_slice(&self.mask);
    }

    /// Plays `actions[i]` (a player action id) in game `i`, then resolves chance.
    /// A game that ends gets its seats' rewards in `rewards` (`n × seats`, 0
    /// elsewhere), `dones[i]` true, and is started again.
    ///
    /// # Errors
    /// When an id is not legal in its game; then no game changes.
    pub fn step(
        &mut self,
        actions: &[i64],
        rewards: &mut [f32],
        dones: &mut [bool],
        out: Out<'_>,
    ) -> Result<(), String> {
        let n = self.games.len();
        if actions.len() != n {
            return Err(format!("{} actions for {n} games", actions.len()));
        }
        let a = self.shape.actions;
        for (i, &id) in actions.iter().enumerate() {
            if !(0..a as i64).contains(&id) || !self.mask[i * a + id as usize] {
                return Err(format!("action {id} is not legal in game {i}"));
            }
        }
        let (obs_len, seats) = (self.shape.observation, self.seats);
        rewards.fill(0.0);
        for (i, &id) in actions.iter().enumerate() {
            let action = G::action_from_id(&self.rules, seats, id as usize, false)
                .ok_or_else(|| format!("action {id} has no meaning"))?;
            self.games[i]
                .apply_mut(&action)
                .map_err(|e| format!("game {i}: {e}"))?;
            self.resolve(i);
            dones[i] = false;
            if let Some(o) = self.games[i].outcome() {
                for s in 0..seats {
                    rewards[i * seats + s] = o.reward(Seat(s as u8)) as f32;
                }
                dones[i] = true;
                self.episodes += 1;
                self.restart(i);
            } else {
                self.fill_mask(i);
            }
            self.write(i, &mut out.obs[i * obs_len..][..obs_len]);
            out.player[i] = self.player(i);
        }
        out.mask.copy_from_slice(&self.mask);
        Ok(())
    }

    /// A uniformly random legal player id for every game, drawn from `rng`
    /// (a stream of the caller's, not the games' chance streams).
    pub fn random_actions(&mut self, rng: &mut ChaCha8Rng, out: &mut [i64]) {
        for (i, slot) in out.iter_mut().enumerate() {
            let g = &self.games[i];
            g.legal_actions(&mut self.legal);
            *slot = match self.legal.len() {
                0 => -1,
                len => {
                    let k = cards_core::chance::below(rng, len as u64) as usize;
                    G::action_id(&self.rules, self.seats, &self.legal[k], false)
                        .map_or(-1, |id| id as i64)
                }
            };
        }
    }

    fn player(&self, i: usize) -> i64 {
        match self.games[i].actor() {
            Actor::Player(s) => i64::from(s.0),
            Actor::Chance => -1,
            Actor::Terminal => -4,
        }
    }

    /// Game `i` from the start, at its first decision.
    fn restart(&mut self, i: usize) {
        // Rules and seats were accepted when the batch was made.
        if let Ok(g) = G::new(self.rules.clone(), self.seats) {
            self.games[i] = g;
        }
        self.resolve(i);
        self.fill_mask(i);
    }

    fn resolve(&mut self, i: usize) {
        let (g, rng) = (&mut self.games[i], &mut self.rngs[i]);
        while g.actor() == Actor::Chance {
            match g.sample_chance(rng, &mut self.scratch) {
                Some(c) if g.apply_mut(&c).is_ok() => {}
                _ => break,
            }
        }
    }

    fn fill_mask(&mut self, i: usize) {
        let a = self.shape.actions;
        legal_mask(
            &self.games[i],
            &mut self.legal,
            &mut self.mask[i * a..][..a],
        );
    }

    fn write(&self, i: usize, out: &mut [f32]) {
        let g = &self.games[i];
        match g.actor() {
            Actor::Player(s) => {
                G::encode_view(&self.rules, self.seats, &g.observe(Viewer::Seat(s)), out);
            }
            _ => out.fill(0.0),
        }
    }
}
