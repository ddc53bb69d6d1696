//! [`Ismcts`]: information-set Monte Carlo tree search, a [`Bot`] for every
//! game that can [`Determinize`].
//!
//! Single-observer ISMCTS: one tree for the deciding seat, whose nodes are
//! action sequences. Each iteration samples a full position from the seat's
//! view, walks the tree choosing by UCB among the actions that position allows
//! (each child counts how often it was available), adds one node, plays the
//! rest at random and credits every node with the reward of the seat that chose
//! it. Chance steps are sampled by their true weights and are not nodes: the
//! tree branches on decisions only.
//!
//! Two hooks of [`Determinize`] model the other seats: samples are drawn again
//! by their [`plausibility`](Determinize::plausibility) (what the others were
//! seen to do), and with [`opponents_by_playout`](Determinize::opponents_by_playout)
//! the others act by the playout policy inside the tree too.
//!
//! The tree can outlive a decision: [`Ismcts::advance`] follows the actions
//! played since, and the next search goes on from the subtree they lead to.

use std::time::{Duration, Instant};

use rand_core::Rng;

use crate::bot::Bot;
use crate::chance::below;
use crate::determinize::{Determinize, MAX_DRAWS, policy_action, sample_weighted};
use crate::game::{Actor, Game};
use crate::playout::Playout;
use crate::seat::Seat;

/// How long an [`Ismcts`] search runs and how it explores.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchBudget {
    /// Iterations per decision (one determinization and one playout each).
    pub iterations: u32,
    /// A wall-clock limit per decision, checked every few iterations. `None`
    /// keeps the search a pure function of the seed; with a limit, how many
    /// iterations run depends on the machine.
    pub time_limit: Option<Duration>,
    /// The UCB exploration constant; rewards lie in -1..=1.
    pub exploration: f64,
    /// Steps (chance included) a random playout may take before it is cut and
    /// scored by [`Determinize::cutoff_reward`] (0 where a game gives none).
    pub max_playout_steps: usize,
}

impl Default for SearchBudget {
    /// 1,000 iterations, no time limit, exploration 0.7, playouts of up to 100,000 steps.
    fn default() -> Self {
        SearchBudget {
            iterations: 1_000,
            time_limit: None,
            exploration: 0.7,
            max_playout_steps: 100_000,
        }
    }
}

impl SearchBudget {
    /// `iterations` per decision, the other settings as [`Default`].
    pub fn iterations(iterations: u32) -> SearchBudget {
        SearchBudget {
            iterations,
            ..SearchBudget::default()
        }
    }
}

const NONE: u32 = u32::MAX;

/// One decision in the tree: the action that led here and its statistics.
#[derive(Clone, Debug)]
struct Node<A> {
    /// The edge from the parent (the root has none).
    action: Option<A>,
    /// Who chose `action`.
    chooser: Seat,
    first_child: u32,
    next_sibling: u32,
    visits: u32,
    available: u32,
    reward: f64,
}

/// Information-set MCTS as a [`Bot`]: strong play from a seat's view alone.
///
/// Deterministic for a given RNG seed unless [`SearchBudget::time_limit`] is set.
/// The tree's storage is kept between decisions, so after the first decision
/// an iteration allocates nothing.
///
/// # Keeping the tree between moves
///
/// As a [`Bot`], a searcher sees only views and starts every decision with a
/// fresh tree. A host that sees the players' actions can keep the statistics
/// instead: after a search, it passes each action played to
/// [`advance`](Ismcts::advance) (the seat's own choice first), and the next
/// search starts from the subtree those actions lead to. This is sound only
/// where nothing the seat observes happens outside the tree: a chance step
/// whose outcome the seat sees (its own draw, an open card) or a seat played
/// by the model ([`opponents_by_playout`](Determinize::opponents_by_playout))
/// is not a node, so the host calls [`forget`](Ismcts::forget) there, and
/// `advance` drops the tree itself when an action has no node.
///
/// ```
/// # use cards_core::{Bot, Determinize, Game, Table, Ismcts, SearchBudget, RandomBot};
/// # fn demo<G: Determinize + 'static>(rules: G::Rules) -> Result<(), Box<dyn std::error::Error>> where G::SetupError: 'static {
/// let mut table = Table::<G>::new(rules.clone(), 2, 7)?;
/// let mut bots: Vec<Box<dyn Bot<G>>> = vec![
///     Box::new(Ismcts::<G>::new(rules, SearchBudget::iterations(500))),
///     Box::new(RandomBot),
/// ];
/// table.play_bots(&mut bots, 100_000)?;
/// # Ok(()) }
/// ```
#[derive(Clone, Debug)]
pub struct Ismcts<G: Game> {
    rules: G::Rules,
    budget: SearchBudget,
    nodes: Vec<Node<G::Action>>,
    path: Vec<u32>,
    legal: Vec<G::Action>,
    untried: Vec<G::Action>,
    /// The children of the node being selected from that this sample lists.
    listed: Vec<u32>,
    scratch: Vec<(G::Action, u32)>,
    playout: Playout<G>,
    /// Whether `nodes` holds a tree [`advance`](Ismcts::advance)d to the
    /// position of the next search, rooted at node 0.
    kept: bool,
    /// Spare storage for the subtree `advance` keeps, and each node's new index.
    spare: Vec<Node<G::Action>>,
    renumbered: Vec<u32>,
}

impl<G: Determinize> Ismcts<G> {
    /// The most determinizations drawn for one iteration when the game's
    /// [`plausibility`](Determinize::plausibility) rejects them.
    pub const MAX_DRAWS: u32 = MAX_DRAWS;

    /// A searcher for games under `rules` (a view does not carry them).
    pub fn new(rules: G::Rules, budget: SearchBudget) -> Ismcts<G> {
        Ismcts {
            rules,
            budget,
            nodes: Vec::new(),
            path: Vec::new(),
            legal: Vec::new(),
            untried: Vec::new(),
            listed: Vec::new(),
            scratch: Vec::new(),
            playout: Playout::new(),
            kept: false,
            spare: Vec::new(),
            renumbered: Vec::new(),
        }
    }

    /// How many nodes of the last search's tree are decisions of `seat`
    /// (the root not counted).
    pub fn nodes_of(&self, seat: Seat) -> usize {
        self.nodes
            .iter()
            .skip(1)
            .filter(|n| n.chooser == seat)
            .count()
    }

    /// The budget each decision gets.
    pub fn budget(&self) -> SearchBudget {
        self.budget
    }

    /// Searches from `view` and returns each root action with its visit count,
    /// most visited first (the choice is the first). Empty when `legal` is.
    ///
    /// The search starts from the tree [`advance`](Ismcts::advance) kept, if
    /// any, so the counts then include the visits made before; otherwise from
    /// an empty tree.
    pub fn search(
        &mut self,
        view: &G::View,
        legal: &[G::Action],
        rng: &mut dyn Rng,
    ) -> Vec<(G::Action, u32)> {
        if !std::mem::take(&mut self.kept) {
            self.nodes.clear();
            self.nodes.push(Node {
                action: None,
                chooser: Seat(0),
                first_child: NONE,
                next_sibling: NONE,
                visits: 0,
                available: 0,
                reward: 0.0,
            });
        }
        if legal.is_empty() {
            return Vec::new();
        }
        // The clock is read only under a time limit: without one the search
        // needs no clock at all (WebAssembly in a browser has none in std).
        let clock = self.budget.time_limit.map(|limit| (Instant::now(), limit));
        for i in 0..self.budget.iterations {
            if let Some((started, limit)) = clock
                && i % 16 == 0
                && started.elapsed() >= limit
            {
                break;
            }
            let Some(state) = self.sample(view, rng) else {
                break;
            };
            self.iterate(state, rng);
        }
        let mut counts: Vec<(G::Action, u32)> = Vec::new();
        let mut child = self.nodes[0].first_child;
        while child != NONE {
            let node = &self.nodes[child as usize];
            if let Some(a) = &node.action
                && legal.contains(a)
            {
                counts.push((a.clone(), node.visits));
            }
            child = node.next_sibling;
        }
        for a in legal {
            if !counts.iter().any(|(b, _)| b == a) {
                counts.push((a.clone(), 0));
            }
        }
        // Stable: ties keep the order of the legal list.
        counts.sort_by_key(|&(_, visits)| std::cmp::Reverse(visits));
        counts
    }

    /// Follows `action`, played by `seat`, from the root of the last search's
    /// tree (or of the subtree an earlier `advance` kept), and keeps the
    /// subtree it leads to for the next [`search`](Ismcts::search). Returns
    /// whether the tree had that node; when it did not (an action never
    /// searched, or a seat played by the model), the tree is dropped and the
    /// next search starts afresh.
    ///
    /// ```
    /// # use cards_core::{Actor, Determinize, Game, Ismcts, SearchBudget, Table, Viewer};
    /// # use cards_core::{ChaCha8Rng, SeedableRng};
    /// # fn demo<G: Determinize>(table: &mut Table<G>, rules: G::Rules) -> Result<(), cards_core::TableError<G::Illegal>> {
    /// let mut search = Ismcts::<G>::new(rules, SearchBudget::iterations(500));
    /// let mut rng = ChaCha8Rng::seed_from_u64(1);
    /// let Actor::Player(me) = table.state().actor() else { return Ok(()) };
    /// let mut legal = Vec::new();
    /// table.state().legal_actions(&mut legal);
    /// let (choice, _visits) = search.search(&table.view(me), &legal, &mut rng)[0].clone();
    /// table.play_as(me, &choice)?;
    /// search.advance(me, &choice);
    /// // ... and each public action of the others as it is played, until `me`
    /// // acts again; `search.forget()` on a chance step `me` sees.
    /// # Ok(()) }
    /// ```
    pub fn advance(&mut self, seat: Seat, action: &G::Action) -> bool {
        let mut child = self.nodes.first().map_or(NONE, |root| root.first_child);
        while child != NONE {
            let node = &self.nodes[child as usize];
            if node.chooser == seat && node.action.as_ref() == Some(action) {
                break;
            }
            child = node.next_sibling;
        }
        if child == NONE {
            self.forget();
            return false;
        }
        self.keep_subtree(child);
        true
    }

    /// Drops the tree, so the next [`search`](Ismcts::search) starts afresh.
    pub fn forget(&mut self) {
        self.nodes.clear();
        self.kept = false;
    }

    /// Renumbers the subtree under `top` (`top` becoming the root, 0) into the
    /// spare storage, in breadth-first order, and swaps it in.
    fn keep_subtree(&mut self, top: u32) {
        self.renumbered.clear();
        self.renumbered.resize(self.nodes.len(), NONE);
        self.spare.clear();
        self.renumbered[top as usize] = 0;
        self.spare.push(self.nodes[top as usize].clone());
        let mut next = 0;
        while next < self.spare.len() {
            let mut child = self.spare[next].first_child;
            while child != NONE {
                self.renumbered[child as usize] = self.spare.len() as u32;
                self.spare.push(self.nodes[child as usize].clone());
                child = self.nodes[child as usize].next_sibling;
            }
            next += 1;
        }
        let renumber = |i: u32, to: &[u32]| if i == NONE { NONE } else { to[i as usize] };
        for node in &mut self.spare {
            node.first_child = renumber(node.first_child, &self.renumbered);
            node.next_sibling = renumber(node.next_sibling, &self.renumbered);
        }
        self.spare[0].next_sibling = NONE;
        std::mem::swap(&mut self.nodes, &mut self.spare);
        self.kept = true;
    }

    /// A determinized position, drawn again with probability 1 minus its
    /// [`plausibility`](Determinize::plausibility) (up to [`Ismcts::MAX_DRAWS`]
    /// draws; then the most plausible one drawn): the position an iteration
    /// starts from. `None` when the view does not determinize.
    pub fn sample(&self, view: &G::View, rng: &mut dyn Rng) -> Option<G> {
        sample_weighted(&self.rules, view, rng)
    }

    /// One iteration from a determinized `state`: down the tree, one new node,
    /// a random playout to the game's end or past the game's
    /// [`horizon`](Determinize::horizon), then every node on the path credited.
    fn iterate(&mut self, mut state: G, rng: &mut dyn Rng) {
        self.path.clear();
        self.path.push(0);
        let horizon = state.horizon();
        let searcher = match state.actor() {
            Actor::Player(s) => Some(s),
            _ => None,
        };
        let by_model = state.opponents_by_playout();
        let mut node = 0u32;
        let mut expanded = false;
        loop {
            if state.horizon() != horizon && state.horizon_reward(Seat(0)).is_some() {
                break;
            }
            let seat = match state.actor() {
                Actor::Terminal => break,
                Actor::Chance => match state.sample_chance(rng, &mut self.scratch) {
                    Some(a) if state.apply_legal(&a).is_ok() => continue,
                    _ => return,
                },
                Actor::Player(seat) => seat,
            };
            if expanded {
                break;
            }
            if by_model && Some(seat) != searcher {
                let Some(action) = policy_action(&state, &mut self.legal, rng) else {
                    break;
                };
                if state.apply_legal(&action).is_err() {
                    return;
                }
                continue;
            }
            state.legal_actions(&mut self.legal);
            let Some(next) = self.select_or_expand(node, seat, rng, &mut expanded) else {
                return;
            };
            let Some(action) = self.nodes[next as usize].action.clone() else {
                return;
            };
            if state.apply_legal(&action).is_err() {
                return;
            }
            node = next;
            self.path.push(node);
        }
        for _ in 0..self.budget.max_playout_steps {
            if state.horizon() != horizon && state.horizon_reward(Seat(0)).is_some() {
                break;
            }
            if let Actor::Player(_) = state.actor() {
                let Some(action) = policy_action(&state, &mut self.legal, rng) else {
                    break;
                };
                if state.apply_legal(&action).is_err() {
                    break;
                }
            } else if !self.playout.step(&mut state, rng) {
                break;
            }
        }
        let cut = state.horizon() != horizon && state.horizon_reward(Seat(0)).is_some();
        let outcome = if cut { None } else { state.outcome() };
        for &n in &self.path {
            let node = &mut self.nodes[n as usize];
            node.visits += 1;
            if n == 0 {
                continue;
            }
            node.reward += if cut {
                state.horizon_reward(node.chooser).unwrap_or(0.0)
            } else if let Some(o) = &outcome {
                o.reward(node.chooser)
            } else {
                state.cutoff_reward(node.chooser).unwrap_or(0.0)
            };
        }
    }

    /// The child of `node` to follow: a new one for an action not tried yet in
    /// this position, else the available child with the best UCB score.
    fn select_or_expand(
        &mut self,
        node: u32,
        seat: Seat,
        rng: &mut dyn Rng,
        expanded: &mut bool,
    ) -> Option<u32> {
        self.untried.clear();
        self.untried.extend(self.legal.iter().cloned());
        self.listed.clear();
        let mut child = self.nodes[node as usize].first_child;
        while child != NONE {
            let c = &mut self.nodes[child as usize];
            if let Some(pos) = c
                .action
                .as_ref()
                .and_then(|a| self.untried.iter().position(|u| u == a))
            {
                c.available += 1;
                self.untried.swap_remove(pos);
                self.listed.push(child);
            }
            child = c.next_sibling;
        }
        if !self.untried.is_empty() {
            let pick = below(rng, self.untried.len() as u64) as usize;
            let action = self.untried.swap_remove(pick);
            let id = self.nodes.len() as u32;
            let parent = &mut self.nodes[node as usize];
            let sibling = parent.first_child;
            parent.first_child = id;
            self.nodes.push(Node {
                action: Some(action),
                chooser: seat,
                first_child: NONE,
                next_sibling: sibling,
                visits: 0,
                available: 1,
                reward: 0.0,
            });
            *expanded = true;
            return Some(id);
        }
        let c = self.budget.exploration;
        let mut best = (NONE, f64::NEG_INFINITY);
        for &child in &self.listed {
            let n = &self.nodes[child as usize];
            let visits = f64::from(n.visits.max(1));
            // libm's log, not `f64::ln`: the platform's log (glibc's
            // natively, Rust's libm in WebAssembly) may differ in the last
            // bit, and a seed must give the same search everywhere.
            let available = libm::log(f64::from(n.available.max(1)));
            let score = n.reward / visits + c * (available / visits).sqrt();
            if score > best.1 {
                best = (child, score);
            }
        }
        (best.0 != NONE).then_some(best.0)
    }
}

impl<G: Determinize> Bot<G> for Ismcts<G> {
    fn choose(&mut self, view: &G::View, legal: &[G::Action], rng: &mut dyn Rng) -> G::Action {
        if legal.len() == 1 {
            return legal[0].clone();
        }
        self.search(view, legal, rng)
            .into_iter()
            .next()
            .map_or_else(|| legal[0].clone(), |(a, _)| a)
    }
}
