//! [`Rollout`]: a one-ply improvement of a game's playout policy, a [`Bot`]
//! for every game that can [`Determinize`].
//!
//! For each of a number of positions sampled from the seat's view (weighted by
//! the game's [`plausibility`](Determinize::plausibility), as [`Ismcts`] draws
//! them), every legal action is applied and the game is played on by the
//! game's [`playout_action`](Determinize::playout_action) for every seat (the
//! deciding one included) to the [`horizon`](Determinize::horizon) or the
//! game's end. The action with the best mean reward is chosen. Every action of
//! a sample is played out from the same random stream (common random numbers),
//! so the actions are compared on equal luck.
//!
//! With an anchor, the search can stop playing out the actions that fall
//! clearly behind on the way ([`RolloutBudget::prune`]): most of a decision's
//! playouts then go to the few actions still in contention.
//!
//! When the playout policy is a sound heuristic, this is the classic rollout
//! improvement: it plays at least about as well as the heuristic wherever the
//! samples are plausible, and better wherever looking one move ahead through
//! the heuristic's own continuation shows a better action.
//!
//! [`Ismcts`]: crate::Ismcts

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

use crate::bot::Bot;
use crate::determinize::{Determinize, end_reward, policy_action, sample_weighted};
use crate::game::{Actor, Game};
use crate::playout::Playout;
use crate::seat::Seat;

/// How many samples a [`Rollout`] takes per decision and how far it plays.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RolloutBudget {
    /// Determinized positions per decision; every legal action is played out
    /// once from each.
    pub samples: u32,
    /// Steps (chance included) a playout may take before it is cut and
    /// scored by [`Determinize::cutoff_reward`] (0 where a game gives none).
    pub max_playout_steps: usize,
    /// With an anchor ([`Rollout::anchored`]), how sure the search must be to
    /// leave the anchor's choice: the best action's mean gain over it, paired
    /// sample by sample, must exceed this many standard errors.
    pub confidence: f64,
    /// With an anchor, stop playing out an action once its paired mean loss
    /// to the best action still played out exceeds this many standard
    /// errors, looked at after every [`PRUNE_EVERY`] samples (the anchor's
    /// choice is always played out; when it is the only one left, the
    /// decision ends there). `None` plays every action out from every
    /// sample.
    pub prune: Option<f64>,
}

/// How often a [`Rollout`] with [`RolloutBudget::prune`] looks at the
/// actions it still plays out: after this many samples and every multiple.
pub const PRUNE_EVERY: usize = 4;

impl Default for RolloutBudget {
    /// 200 samples, playouts of up to 100,000 steps, confidence 2, every
    /// action played out from every sample.
    fn default() -> Self {
        RolloutBudget {
            samples: 200,
            max_playout_steps: 100_000,
            confidence: 2.0,
            prune: None,
        }
    }
}

impl RolloutBudget {
    /// `samples` per decision, the other settings as [`Default`].
    pub fn samples(samples: u32) -> RolloutBudget {
        RolloutBudget {
            samples,
            ..RolloutBudget::default()
        }
    }
}

/// The rollout search as a [`Bot`]: deterministic for a given RNG seed, and
/// its buffers are kept between decisions.
///
/// ```
/// # use cards_core::{Bot, Determinize, Game, Table, Rollout, RolloutBudget, RandomBot};
/// # fn demo<G: Determinize + 'static>(rules: G::Rules) -> Result<(), Box<dyn std::error::Error>> where G::SetupError: 'static {
/// let mut table = Table::<G>::new(rules.clone(), 2, 7)?;
/// let mut bots: Vec<Box<dyn Bot<G>>> = vec![
///     Box::new(Rollout::<G>::new(rules, RolloutBudget::samples(100))),
///     Box::new(RandomBot),
/// ];
/// table.play_bots(&mut bots, 100_000)?;
/// # Ok(()) }
/// ```
pub struct Rollout<G: Game> {
    rules: G::Rules,
    budget: RolloutBudget,
    anchor: Option<Box<dyn Bot<G>>>,
    /// The reward of every action in every sample, sample-major (0 for an
    /// action no longer played out).
    rewards: Vec<f64>,
    /// Whether each action is still played out ([`RolloutBudget::prune`]).
    live: Vec<bool>,
    /// Playouts run since the search was made.
    playouts: u64,
    legal: Vec<G::Action>,
    playout: Playout<G>,
}

impl<G: Game> std::fmt::Debug for Rollout<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Rollout")
            .field("budget", &self.budget)
            .field("anchored", &self.anchor.is_some())
            .finish_non_exhaustive()
    }
}

impl<G: Determinize> Rollout<G> {
    /// A searcher for games under `rules` (a view does not carry them).
    pub fn new(rules: G::Rules, budget: RolloutBudget) -> Rollout<G> {
        Rollout {
            rules,
            budget,
            anchor: None,
            rewards: Vec::new(),
            live: Vec::new(),
            playouts: 0,
            legal: Vec::new(),
            playout: Playout::new(),
        }
    }

    /// A searcher that improves on `anchor` (usually the game's heuristic):
    /// it plays the anchor's choice unless another action's mean reward beats
    /// it by more than [`RolloutBudget::confidence`] standard errors of the
    /// paired difference. Uniform samples of the hidden cards are only an
    /// approximation of what the other seats hold, so small gains seen in
    /// them are not worth leaving a sound heuristic for.
    pub fn anchored(rules: G::Rules, budget: RolloutBudget, anchor: Box<dyn Bot<G>>) -> Rollout<G> {
        Rollout {
            anchor: Some(anchor),
            ..Rollout::new(rules, budget)
        }
    }

    /// The budget each decision gets.
    pub fn budget(&self) -> RolloutBudget {
        self.budget
    }

    /// Gives the following decisions `budget` instead.
    pub(crate) fn set_budget(&mut self, budget: RolloutBudget) {
        self.budget = budget;
    }

    /// The bot this search improves on, when it has one.
    pub(crate) fn anchor_mut(&mut self) -> Option<&mut (dyn Bot<G> + 'static)> {
        self.anchor.as_deref_mut()
    }

    /// How many playouts this search has run since it was made: the work its
    /// decisions cost.
    pub fn playouts(&self) -> u64 {
        self.playouts
    }

    /// How many samples a decision at `view` takes: the budget's
    /// [`samples`](RolloutBudget::samples) times the game's
    /// [`samples_factor`](Determinize::samples_factor) there.
    pub fn samples_for(&self, view: &G::View) -> u32 {
        self.budget
            .samples
            .saturating_mul(G::samples_factor(view).max(1))
    }

    /// The mean reward of each action of `legal` over the samples, in the
    /// order of `legal` (all 0 when the view does not determinize; an action
    /// a sample refuses scores -1 there, which a consistent determinization
    /// never does).
    pub fn evaluate(&mut self, view: &G::View, legal: &[G::Action], rng: &mut dyn Rng) -> Vec<f64> {
        let taken = self.sample_rewards(view, legal, None, rng);
        (0..legal.len())
            .map(|i| self.mean(taken, legal.len(), i))
            .collect()
    }

    /// Fills `rewards` with the reward of every action in every sample; with
    /// an anchor whose choice is `base` and [`RolloutBudget::prune`], only of
    /// those not yet clearly behind. Returns how many samples were taken.
    fn sample_rewards(
        &mut self,
        view: &G::View,
        legal: &[G::Action],
        base: Option<usize>,
        rng: &mut dyn Rng,
    ) -> usize {
        let n = legal.len();
        self.rewards.clear();
        self.live.clear();
        self.live.resize(n, true);
        let mut taken = 0;
        for _ in 0..self.samples_for(view) {
            if let (Some(z), Some(base)) = (self.budget.prune, base)
                && taken > 0
                && taken % PRUNE_EVERY == 0
                && self.prune(taken, n, base, z)
            {
                break;
            }
            let Some(state) = sample_weighted::<G>(&self.rules, view, rng) else {
                break;
            };
            let Actor::Player(me) = state.actor() else {
                break;
            };
            let seed = rng.next_u64();
            let horizon = state.horizon();
            for (i, a) in legal.iter().enumerate() {
                let r = if !self.live[i] {
                    0.0
                } else {
                    let mut line = state.clone();
                    if line.apply_legal(a).is_ok() {
                        let mut stream = ChaCha8Rng::seed_from_u64(seed);
                        self.play_out(line, me, horizon, &mut stream)
                    } else {
                        -1.0
                    }
                };
                self.rewards.push(r);
            }
            taken += 1;
        }
        taken
    }

    /// Stops playing out each action (`base` excepted) whose paired mean
    /// loss over the `taken` samples to the best mean still played out
    /// exceeds `z` standard errors; whether `base` is the only one left.
    fn prune(&mut self, taken: usize, n: usize, base: usize, z: f64) -> bool {
        let lead = self.best(taken, n);
        for i in 0..n {
            if i != base && i != lead && self.live[i] {
                let (m, se) = self.paired(taken, n, i, lead);
                self.live[i] = m + z * se >= 0.0;
            }
        }
        self.live.iter().filter(|l| **l).count() == 1
    }

    /// The action of best mean reward over `taken` samples among those still
    /// played out (the first listed on a tie).
    fn best(&self, taken: usize, n: usize) -> usize {
        (0..n)
            .filter(|i| self.live[*i])
            .reduce(|b, i| {
                if self.mean(taken, n, i) > self.mean(taken, n, b) {
                    i
                } else {
                    b
                }
            })
            .unwrap_or(0)
    }

    /// Action `i`'s mean reward over `taken` samples (0 for none).
    fn mean(&self, taken: usize, n: usize, i: usize) -> f64 {
        let sum: f64 = (0..taken).map(|k| self.rewards[k * n + i]).sum();
        if taken == 0 { 0.0 } else { sum / taken as f64 }
    }

    /// The mean and standard error of action `i`'s reward minus `base`'s,
    /// sample by sample, over `taken` samples (at least 2).
    fn paired(&self, taken: usize, n: usize, i: usize, base: usize) -> (f64, f64) {
        let diffs = (0..taken).map(|k| self.rewards[k * n + i] - self.rewards[k * n + base]);
        let m = diffs.clone().sum::<f64>() / taken as f64;
        let var = diffs.map(|d| (d - m) * (d - m)).sum::<f64>() / (taken - 1) as f64;
        (m, (var / taken as f64).sqrt())
    }

    /// The index in `legal` to play: the best mean of the actions still
    /// played out, or with an anchor whose choice is `base`, the best only
    /// when its paired gain over `base` is clear (see [`Rollout::anchored`]).
    fn pick(&self, taken: usize, n: usize, base: Option<usize>) -> usize {
        if taken == 0 {
            return base.unwrap_or(0);
        }
        let best = self.best(taken, n);
        let Some(base) = base else {
            return best;
        };
        if best == base || taken < 2 {
            return base;
        }
        let (m, se) = self.paired(taken, n, best, base);
        if m > self.budget.confidence * se {
            best
        } else {
            base
        }
    }

    /// Plays `state` on by the game's playout policy past `horizon` (the
    /// decision's) or to the end; the reward of `me` there (the cutoff reward
    /// when the step limit is reached).
    fn play_out(&mut self, mut state: G, me: Seat, horizon: u64, rng: &mut ChaCha8Rng) -> f64 {
        self.playouts += 1;
        for _ in 0..self.budget.max_playout_steps {
            if state.horizon() != horizon
                && let Some(r) = state.horizon_reward(me)
            {
                return r;
            }
            match state.actor() {
                Actor::Terminal => break,
                Actor::Chance => {
                    if !self.playout.step(&mut state, rng) {
                        break;
                    }
                }
                Actor::Player(_) => {
                    let Some(action) = policy_action(&state, &mut self.legal, rng) else {
                        break;
                    };
                    if state.apply_legal(&action).is_err() {
                        break;
                    }
                }
            }
        }
        if state.horizon() != horizon
            && let Some(r) = state.horizon_reward(me)
        {
            return r;
        }
        end_reward(&state, me)
    }
}

impl<G: Determinize> Bot<G> for Rollout<G> {
    /// The action of best mean reward (ties go to the one listed first), or
    /// the anchor's choice unless another is clearly better.
    fn choose(&mut self, view: &G::View, legal: &[G::Action], rng: &mut dyn Rng) -> G::Action {
        if legal.len() == 1 {
            return legal[0].clone();
        }
        let base = self.anchor.as_mut().map(|a| a.choose(view, legal, rng));
        let base = base.and_then(|b| legal.iter().position(|a| *a == b));
        let taken = self.sample_rewards(view, legal, base, rng);
        legal[self.pick(taken, legal.len(), base)].clone()
    }
}
