//! [`py_game!`]: the Python classes of one game, delegating to the generic
//! [`Core`](crate::core::Core) and [`VecCore`](crate::vector::VecCore).

/// Defines `$state` (one game, OpenSpiel-style) and `$vec` (a batch stepped in
/// Rust) for the game type `$game`.
macro_rules! py_game {
    ($state:ident, $vec:ident, $game:ty, $name:literal) => {
        /// One game: action ids, masks and observation tensors, seeded chance.
        ///
        /// `State(seats, rules=None, seed=0)`: `rules` is the game's rules as
        /// JSON (None for the defaults); `seed` seeds the chance stream used by
        /// `apply_chance` and `resolve_chance`.
        #[pyo3::pyclass(module = "cardrules._core", from_py_object)]
        #[derive(Clone)]
        pub struct $state($crate::core::Core<$game>);

        #[pyo3::pymethods]
        impl $state {
            #[new]
            #[pyo3(signature = (seats, rules = None, seed = $crate::args::Whole::Fits(0)))]
            #[pyo3(text_signature = "(seats, rules=None, seed=0)")]
            fn new(
                seats: $crate::args::Whole,
                rules: Option<&str>,
                seed: $crate::args::Whole<u64>,
            ) -> pyo3::PyResult<Self> {
                let seats = seats.or_refuse(|n| $crate::args::not_a_seat_count($name, n))?;
                let seed = $crate::args::seed(seed)?;
                $crate::core::Core::new(seats, rules, seed)
                    .map($state)
                    .map_err(pyo3::exceptions::PyValueError::new_err)
            }

            /// The number of seats.
            #[getter]
            fn num_players(&self) -> usize {
                cards_core::Game::seats(&self.0.game)
            }

            /// The size of the player action space.
            #[getter]
            fn num_actions(&self) -> usize {
                self.0.shape().actions
            }

            /// The size of the chance outcome space.
            #[getter]
            fn num_chance_outcomes(&self) -> usize {
                self.0.shape().chance_outcomes
            }

            /// The length of an observation tensor.
            #[getter]
            fn observation_size(&self) -> usize {
                self.0.shape().observation
            }

            /// An upper bound on the player decisions of a game (the
            /// game's rules file states it), None where it states none.
            #[getter]
            fn max_game_length(&self) -> Option<u64> {
                <$game as cards_core::Encode>::max_game_length(
                    cards_core::Game::rules(&self.0.game),
                    cards_core::Game::seats(&self.0.game),
                )
            }

            /// Whether the game is over because a limit of its rules (a cap on
            /// turns or rounds) ended it. The limit is a rule that scores the
            /// game, so the Gymnasium and PettingZoo environments report that end
            /// as terminated and put this in their infos (`ended_by_limit`).
            fn is_truncated(&self) -> bool {
                cards_core::Game::outcome(&self.0.game).is_some()
                    && <$game as cards_core::Encode>::ended_by_limit(&self.0.game)
            }

            /// The rules as JSON.
            fn rules_json(&self) -> String {
                <$game as $crate::core::PyGame>::rules_to_json(cards_core::Game::rules(
                    &self.0.game,
                ))
            }

            /// The seat to act, -1 at a chance node, -4 once the game is over.
            fn current_player(&self) -> i64 {
                self.0.current_player()
            }

            /// Whether chance acts now.
            fn is_chance_node(&self) -> bool {
                self.0.current_player() == $crate::core::CHANCE
            }

            /// Whether the game is over.
            fn is_terminal(&self) -> bool {
                self.0.current_player() == $crate::core::TERMINAL
            }

            /// The legal ids, ascending order not promised: chance ids at a
            /// chance node, player ids otherwise, none at the end.
            fn legal_actions(&mut self) -> Vec<usize> {
                self.0.legal_ids()
            }

            /// The legal player ids as a boolean numpy array of `num_actions`.
            fn legal_mask<'py>(
                &mut self,
                py: pyo3::Python<'py>,
            ) -> pyo3::Bound<'py, numpy::PyArray1<bool>> {
                let mut mask = vec![false; self.0.shape().actions];
                self.0.mask_into(&mut mask);
                numpy::PyArray1::from_vec(py, mask)
            }

            /// Chance outcomes as (id, probability) pairs (empty elsewhere).
            fn chance_outcomes(&mut self) -> Vec<(usize, f64)> {
                self.0.chance_outcomes()
            }

            /// Applies the action with id `action` (a chance id at a chance
            /// node); an illegal one raises ValueError naming the rule and
            /// leaves the state as it was.
            fn apply(&mut self, action: $crate::args::Whole) -> pyo3::PyResult<()> {
                let action = action.or_refuse(|n| self.0.not_an_id(n))?;
                self.0
                    .apply_id(action)
                    .map_err(pyo3::exceptions::PyValueError::new_err)
            }

            /// At a chance node, draws an outcome from the seeded stream and
            /// applies it; its id (None elsewhere).
            fn apply_chance(&mut self) -> Option<usize> {
                self.0.chance_step()
            }

            /// Resolves chance until a player acts or the game ends; how many steps.
            fn resolve_chance(&mut self) -> usize {
                self.0.resolve_chance()
            }

            /// `seat`'s observation tensor (float32 numpy array); for None a
            /// spectator's, which holds public information only.
            #[pyo3(signature = (seat = None))]
            fn observation<'py>(
                &self,
                py: pyo3::Python<'py>,
                seat: Option<$crate::args::Whole>,
            ) -> pyo3::PyResult<pyo3::Bound<'py, numpy::PyArray1<f32>>> {
                let seat = self.seat(seat)?;
                let mut out = vec![0f32; self.0.shape().observation];
                self.0
                    .observation_into(seat, &mut out)
                    .map_err(pyo3::exceptions::PyValueError::new_err)?;
                Ok(numpy::PyArray1::from_vec(py, out))
            }

            /// The length of an information-state tensor: the observation's
            /// and 64 fingerprint bits.
            #[getter]
            fn information_state_size(&self) -> usize {
                self.0.shape().observation + $crate::core::FINGERPRINT_BITS
            }

            /// `seat`'s perfect-recall information-state tensor (float32
            /// numpy array; the public one for None): its observation tensor,
            /// then the 64 bits (0 or 1) of a fingerprint of `seen_text`, so
            /// two histories give equal tensors exactly when the seat cannot
            /// tell them apart (up to a 2^-64 chance of a collision).
            #[pyo3(signature = (seat = None))]
            fn information_state_tensor<'py>(
                &mut self,
                py: pyo3::Python<'py>,
                seat: Option<$crate::args::Whole>,
            ) -> pyo3::PyResult<pyo3::Bound<'py, numpy::PyArray1<f32>>> {
                let seat = self.seat(seat)?;
                let mut out =
                    vec![0f32; self.0.shape().observation + $crate::core::FINGERPRINT_BITS];
                self.0
                    .information_state_into(seat, &mut out)
                    .map_err(pyo3::exceptions::PyValueError::new_err)?;
                Ok(numpy::PyArray1::from_vec(py, out))
            }

            /// `seat`'s view as JSON (a spectator's for None): what it may know.
            #[pyo3(signature = (seat = None))]
            fn view_json(&self, seat: Option<$crate::args::Whole>) -> pyo3::PyResult<String> {
                let seat = self.seat(seat)?;
                self.0
                    .view_json(seat)
                    .map_err(pyo3::exceptions::PyValueError::new_err)
            }

            /// Everything `seat` has seen since the start (the public record
            /// for None): the start as it saw it, then one line per step in
            /// the words of `event_text`. Equal for two histories exactly
            /// when the seat cannot tell them apart (perfect recall).
            #[pyo3(signature = (seat = None))]
            fn seen_text(&mut self, seat: Option<$crate::args::Whole>) -> pyo3::PyResult<String> {
                let seat = self.seat(seat)?;
                self.0
                    .seen_text(seat)
                    .map_err(pyo3::exceptions::PyValueError::new_err)
            }

            /// The number of steps (chance included) since the start.
            #[getter]
            fn history_len(&self) -> usize {
                self.0.history.len()
            }

            /// The action id the bot of `level` (`random`, `easy`, `medium`,
            /// `hard`) picks for the seat to act, from the seat's view only,
            /// its random draws seeded by `seed`; None unless a player acts.
            #[pyo3(signature = (level, seed = $crate::args::Whole::Fits(0)))]
            #[pyo3(text_signature = "($self, level, seed=0)")]
            fn bot_action(
                &mut self,
                py: pyo3::Python<'_>,
                level: &str,
                seed: $crate::args::Whole<u64>,
            ) -> pyo3::PyResult<Option<usize>> {
                let seed = $crate::args::seed(seed)?;
                let core = &mut self.0;
                py.detach(|| core.bot_action(level, seed))
                    .map_err(pyo3::exceptions::PyValueError::new_err)
            }

            /// Pickling: the start position as JSON, the steps as action
            /// texts, the chance stream and, for a state made by `resample`,
            /// the record of what its seat had seen (so `seen_text` and the
            /// information-state tensor come back the same); unpickling loads
            /// the start through the validated setup and applies every step
            /// again.
            fn __reduce__<'py>(
                &self,
                py: pyo3::Python<'py>,
            ) -> pyo3::PyResult<(
                pyo3::Bound<'py, pyo3::PyAny>,
                pyo3::Bound<'py, pyo3::types::PyTuple>,
            )> {
                use pyo3::types::PyAnyMethods;
                let (start, history, rng, carried) = self
                    .0
                    .saved()
                    .map_err(pyo3::exceptions::PyValueError::new_err)?;
                let restore = py.import("cardrules")?.getattr("_restore_state")?;
                let args = pyo3::types::PyTuple::new(
                    py,
                    [
                        pyo3::IntoPyObjectExt::into_bound_py_any($name, py)?,
                        pyo3::IntoPyObjectExt::into_bound_py_any(start, py)?,
                        pyo3::IntoPyObjectExt::into_bound_py_any(history, py)?,
                        pyo3::IntoPyObjectExt::into_bound_py_any(rng, py)?,
                        pyo3::IntoPyObjectExt::into_bound_py_any(carried, py)?,
                    ],
                )?;
                Ok((restore, args))
            }

            /// The inverse of `__reduce__` (see there); `carried` is None
            /// for a state not made by `resample` (and in pickles made
            /// before it was kept).
            #[staticmethod]
            #[pyo3(signature = (start, history, rng, carried = None))]
            fn _restored(
                start: &str,
                history: Vec<String>,
                rng: (Vec<u8>, u64, u128),
                carried: Option<($crate::args::Whole, String)>,
            ) -> pyo3::PyResult<Self> {
                let value_error = pyo3::exceptions::PyValueError::new_err;
                let carried = match carried {
                    Some(($crate::args::Whole::Fits(seat), text)) => Some((seat, text)),
                    // Refused in the words of a seat past the table, which
                    // needs the table: the start loaded without the record.
                    Some((outside, _)) => {
                        let core = $crate::core::Core::<$game>::restored(start, &history, rng, None)
                            .map_err(value_error)?;
                        let refusal = core.not_a_seat(outside);
                        return Err(value_error(format!("the carried record's {refusal}")));
                    }
                    None => None,
                };
                $crate::core::Core::restored(start, &history, rng, carried)
                    .map($state)
                    .map_err(value_error)
            }

            /// Each seat's return: its reward for its place (1 first down to
            /// -1 last, ties averaged) once the game is over, 0 before.
            fn returns(&self) -> Vec<f64> {
                self.0.returns()
            }

            /// The places (1 = first) once the game is over, as a list of ints
            /// (a `Vec<u8>` would reach Python as `bytes`).
            fn places(&self) -> Option<Vec<u32>> {
                self.0
                    .places()
                    .map(|p| p.into_iter().map(u32::from).collect())
            }

            /// The text of an action id (of the chance space when `chance`,
            /// else of the current node's space).
            #[pyo3(signature = (action, chance = None))]
            fn action_to_string(
                &self,
                action: $crate::args::Whole,
                chance: Option<bool>,
            ) -> pyo3::PyResult<String> {
                let not_an_id = |action: &$crate::args::Whole| format!("{action} is not an action id");
                let action = action.or_refuse(not_an_id)?;
                let chance = chance.unwrap_or(self.0.current_player() == $crate::core::CHANCE);
                self.0.action_text(action, chance).ok_or_else(|| {
                    pyo3::exceptions::PyValueError::new_err(not_an_id(&$crate::args::Whole::Fits(action)))
                })
            }

            /// The id of an action written as text, in the current node's space.
            fn string_to_action(&self, text: &str) -> pyo3::PyResult<usize> {
                self.0
                    .id_of_text(text)
                    .map_err(pyo3::exceptions::PyValueError::new_err)
            }

            /// What applying `action` shows `seat` (a spectator for None), in words.
            #[pyo3(signature = (action, seat = None))]
            fn event_text(
                &self,
                action: $crate::args::Whole,
                seat: Option<$crate::args::Whole>,
            ) -> pyo3::PyResult<String> {
                // The seat is checked first, as `Core::event_text` checks it.
                let seat = self.seat(seat)?;
                let action = action.or_refuse(|n| self.0.not_an_id(n))?;
                self.0
                    .event_text(action, seat)
                    .map_err(pyo3::exceptions::PyValueError::new_err)
            }

            /// A copy with its own chance stream in the same place.
            fn clone(&self) -> Self {
                self.clone_ref()
            }

            fn __copy__(&self) -> Self {
                self.clone_ref()
            }

            fn __deepcopy__(&self, _memo: &pyo3::Bound<'_, pyo3::PyAny>) -> Self {
                self.clone_ref()
            }

            fn __eq__(&self, other: pyo3::PyRef<'_, Self>) -> bool {
                self.0.game == other.0.game
            }

            /// A position `seat` cannot tell from this one: same view, every card
            /// it cannot see dealt again at random from what the view allows
            /// (seeded by `seed`): the sample an information-set search draws.
            #[pyo3(signature = (seat, seed = $crate::args::Whole::Fits(0)))]
            #[pyo3(text_signature = "($self, seat, seed=0)")]
            fn resample(
                &mut self,
                seat: $crate::args::Whole,
                seed: $crate::args::Whole<u64>,
            ) -> pyo3::PyResult<Self> {
                let seat = seat.or_refuse(|n| self.0.not_a_seat(n))?;
                let seed = $crate::args::seed(seed)?;
                self.0
                    .resample(seat, seed)
                    .map($state)
                    .map_err(pyo3::exceptions::PyValueError::new_err)
            }

            /// The position as JSON (its validated setup); the chance stream is not saved.
            fn to_json(&self) -> pyo3::PyResult<String> {
                self.0
                    .to_json()
                    .map_err(pyo3::exceptions::PyValueError::new_err)
            }

            /// A position from JSON, checked like any setup (ValueError naming
            /// the rule otherwise), with a chance stream seeded by `seed`.
            #[staticmethod]
            #[pyo3(signature = (json, seed = $crate::args::Whole::Fits(0)))]
            #[pyo3(text_signature = "(json, seed=0)")]
            fn from_json(json: &str, seed: $crate::args::Whole<u64>) -> pyo3::PyResult<Self> {
                $crate::core::Core::from_json(json, $crate::args::seed(seed)?)
                    .map($state)
                    .map_err(pyo3::exceptions::PyValueError::new_err)
            }

            fn __repr__(&self) -> String {
                format!(
                    "{}(player={}, json={})",
                    stringify!($state),
                    self.0.current_player(),
                    self.0.view_json(None).unwrap_or_default()
                )
            }
        }

        impl $state {
            fn clone_ref(&self) -> Self {
                $state(self.0.clone())
            }

            /// A seat from Python (`None`: a spectator); a negative or huge
            /// one is refused as a seat past the table is.
            fn seat(&self, seat: Option<$crate::args::Whole>) -> pyo3::PyResult<Option<usize>> {
                $crate::args::Whole::seat(seat, |n| self.0.not_a_seat(n))
            }
        }

        /// Many games stepped inside Rust per call, spread over a pool of
        /// threads with the GIL released: always at a player's decision
        /// (chance resolved inside), auto-reset when a game ends.
        ///
        /// `VecEnv(num_envs, seats, rules=None, threads=0)` (0 threads: one
        /// per core): 1 to `MAX_GAMES` (2**20) games on at most
        /// `MAX_THREADS` (256) threads, ValueError otherwise; `reset(seed)` returns `(obs, mask, player)`,
        /// `step(actions)` (any integer array or list) returns `(obs, mask,
        /// rewards, terminated, truncated, player, final_obs)`: obs
        /// `float32[n, obs]` of the seat to act, mask `bool[n, actions]`,
        /// rewards `float32[n, seats]` (each seat's place reward when its game
        /// ended in this step, else 0), terminated / truncated `bool[n]` (a game
        /// ended by its play / by a limit of its rules: `CardVectorEnv` reports
        /// both as terminated, the second in `infos["ended_by_limit"]`), player `int64[n]`,
        /// final_obs `float32[k, obs]`: for each of the `k` games that ended,
        /// in order, the ended game as the seat that acted saw it. Game `i` draws chance from its
        /// own stream of `seed`, whatever the thread count.
        ///
        /// The obs and mask arrays of the last three calls are written again
        /// by a later call once no Python reference to them is left (no
        /// variable, view or buffer export): keep the array, or a copy, as
        /// long as you need it. After a call, the pool's threads wait for the
        /// next one for up to 200 µs, spinning.
        #[pyo3::pyclass(module = "cardrules._core")]
        pub struct $vec($crate::vector::VecCore<$game>, $crate::outputs::Kept);

        #[pyo3::pymethods]
        impl $vec {
            #[new]
            #[pyo3(signature = (num_envs, seats, rules = None, threads = $crate::args::Whole::Fits(0)))]
            #[pyo3(text_signature = "(num_envs, seats, rules=None, threads=0)")]
            fn new(
                num_envs: $crate::args::Whole,
                seats: $crate::args::Whole,
                rules: Option<&str>,
                threads: $crate::args::Whole,
            ) -> pyo3::PyResult<Self> {
                let num_envs = num_envs.or_refuse(|n| {
                    format!(
                        "num_envs {n} is not a number of games: a vector env takes 1 to {}",
                        $crate::vector::MAX_GAMES
                    )
                })?;
                let seats = seats.or_refuse(|n| $crate::args::not_a_seat_count($name, n))?;
                let threads = threads.or_refuse(|n| {
                    format!(
                        "threads {n} is not a thread count: a vector env takes 0 (one per core) to {}",
                        cards_games::MAX_THREADS
                    )
                })?;
                $crate::vector::VecCore::new(num_envs, seats, rules, threads)
                    .map(|core| $vec(core, Default::default()))
                    .map_err(pyo3::exceptions::PyValueError::new_err)
            }

            /// The number of games.
            #[getter]
            fn num_envs(&self) -> usize {
                self.0.len()
            }

            /// The number of threads a step runs on.
            #[getter]
            fn threads(&self) -> usize {
                self.0.threads()
            }

            /// The number of seats.
            #[getter]
            fn num_players(&self) -> usize {
                self.0.seats()
            }

            /// The size of the player action space.
            #[getter]
            fn num_actions(&self) -> usize {
                self.0.shape().actions
            }

            /// The length of an observation tensor.
            #[getter]
            fn observation_size(&self) -> usize {
                self.0.shape().observation
            }

            /// Games finished since the last reset.
            #[getter]
            fn episodes(&self) -> u64 {
                self.0.episodes
            }

            /// Game `i` as a State (a copy), for inspection; IndexError for a
            /// number that is not a game's (a negative one included).
            fn state(&self, i: $crate::args::Whole) -> pyo3::PyResult<$state> {
                let no_game = |i: &dyn std::fmt::Display| {
                    pyo3::exceptions::PyIndexError::new_err(format!(
                        "no game {i}: the games are numbered 0 to {}",
                        self.0.len().saturating_sub(1)
                    ))
                };
                let g = match &i {
                    $crate::args::Whole::Fits(n) => self.0.game(*n).ok_or_else(|| no_game(&i))?,
                    $crate::args::Whole::Outside(_) => return Err(no_game(&i)),
                };
                Ok($state($crate::core::Core::of(
                    g.clone(),
                    <cards_core::ChaCha8Rng as cards_core::SeedableRng>::seed_from_u64(0),
                )))
            }

            /// A uniformly random legal action id for every game (int64 numpy
            /// array; -1 where no player acts), the same until the next
            /// step or reset: each game's is drawn from its own policy
            /// stream (seeded by `reset`, apart from the games' chance
            /// streams) when it reaches its decision. A baseline policy
            /// with no Python loop.
            fn random_actions<'py>(
                &self,
                py: pyo3::Python<'py>,
            ) -> pyo3::Bound<'py, numpy::PyArray1<i64>> {
                numpy::PyArray1::from_slice(py, self.0.random_actions())
            }

            /// Starts every game again; returns `(obs, mask, player)`.
            #[pyo3(signature = (seed = $crate::args::Whole::Fits(0)))]
            #[pyo3(text_signature = "($self, seed=0)")]
            fn reset<'py>(
                &mut self,
                py: pyo3::Python<'py>,
                seed: $crate::args::Whole<u64>,
            ) -> pyo3::PyResult<$crate::outputs::Batch<'py>> {
                let seed = $crate::args::seed(seed)?;
                let mut bufs = $crate::outputs::Buffers::new(py, &self.0, &mut self.1)?;
                let (out, _) = bufs.out()?;
                let core = &mut self.0;
                py.detach(|| core.reset(seed, out));
                bufs.into_py(py, &mut self.1, false)
            }

            /// Plays one action per game (any integer numpy array or
            /// sequence); returns `(obs, mask, rewards, terminated, truncated,
            /// player, final_obs)`. An illegal id raises ValueError and no
            /// game changes.
            fn step<'py>(
                &mut self,
                py: pyo3::Python<'py>,
                actions: &pyo3::Bound<'py, pyo3::PyAny>,
            ) -> pyo3::PyResult<$crate::outputs::Batch<'py>> {
                let actions = $crate::game::action_ids(actions)?;
                let mut bufs = $crate::outputs::Buffers::new(py, &self.0, &mut self.1)?;
                let (out, fin) = bufs.out()?;
                let core = &mut self.0;
                py.detach(|| core.step(&actions, out, fin))
                    .map_err(pyo3::exceptions::PyValueError::new_err)?;
                bufs.into_py(py, &mut self.1, true)
            }
        }
    };
}

pub(crate) use py_game;

use numpy::PyReadonlyArray1;
use pyo3::prelude::*;

/// Action ids from any integer numpy array (int64 read in place, other
/// integer types converted) or any sequence of integers.
pub fn action_ids(actions: &Bound<'_, PyAny>) -> PyResult<Vec<i64>> {
    if let Ok(a) = actions.extract::<PyReadonlyArray1<'_, i64>>() {
        return Ok(a.as_array().to_vec());
    }
    let np = actions.py().import("numpy")?;
    let arr = np.call_method1("asarray", (actions,))?;
    let kind: String = arr.getattr("dtype")?.getattr("kind")?.extract()?;
    if !matches!(kind.as_str(), "i" | "u") {
        return Err(pyo3::exceptions::PyTypeError::new_err(format!(
            "actions must be integers, not an array of dtype kind {kind:?}"
        )));
    }
    if kind == "u" {
        // An id past i64 would wrap to a negative one in the cast below;
        // it is reported as given.
        let arr = arr.call_method1("astype", ("uint64",))?;
        let a: PyReadonlyArray1<'_, u64> = arr.extract()?;
        let ids = a.as_array();
        if let Some((i, id)) = ids
            .iter()
            .enumerate()
            .find(|(_, id)| i64::try_from(**id).is_err())
        {
            return Err(pyo3::exceptions::PyValueError::new_err(format!(
                "action {id} is not legal in game {i}: not an id of the player action space"
            )));
        }
        return Ok(ids.iter().map(|&id| id as i64).collect());
    }
    let arr = arr.call_method1("astype", ("int64",))?;
    let a: PyReadonlyArray1<'_, i64> = arr.extract()?;
    Ok(a.as_array().to_vec())
}
