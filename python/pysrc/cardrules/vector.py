"""A ``gymnasium.vector.VectorEnv`` over a cardrules ``VecEnv``: self-play in
batch, stepped in Rust on a pool of threads with the GIL released.

``CardVectorEnv(game, num_envs, seats=None, rules=None, threads=0)`` (no
``seats``: the game's default table, ``cardrules.default_seats``). Every
game is at a player's decision; ``infos["player"]`` says whose (the policy
plays every seat). Observations are dicts (``observation`` float32 [n, obs],
``action_mask`` int8 [n, actions]). ``step(actions)`` takes any integer array
or list; the reward is the place reward of the seat that acted when its game
ended in this step (``infos["rewards"]`` holds every seat's). Every end is
``terminated``, also one by a limit of the rules (a rule, scored like the
others, so nothing is left to bootstrap): ``infos["ended_by_limit"]`` marks
those, and ``truncated`` is always False. Games
reset in the same step (``autoreset_mode`` SAME_STEP): ``infos["final_obs"]``
holds, for each ended game, the ended game as the acting seat saw it (None
elsewhere) and ``infos["_final_obs"]`` marks those games. EnvPool-style ``send(actions)`` starts a step without
waiting and ``recv()`` returns its result.
"""

import operator
from concurrent.futures import ThreadPoolExecutor

from cardrules._extras import need

need("cardrules.vector", "gymnasium")

import numpy as np  # noqa: E402
from gymnasium import spaces  # noqa: E402
from gymnasium.vector import AutoresetMode, VectorEnv  # noqa: E402
from gymnasium.vector.utils import batch_space  # noqa: E402

import cardrules
from cardrules._shared import observation_box


class CardVectorEnv(VectorEnv):
    """``num_envs`` games of ``game`` in one batch."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}

    def __init__(self, game, num_envs, seats=None, rules=None, threads=0):
        self.game = game
        self.num_envs = num_envs
        self.inner = cardrules.vec_env(game, num_envs, seats, rules, threads)
        self.seats = self.inner.num_players
        self.single_observation_space = spaces.Dict(
            {
                "observation": observation_box(self.inner.state(0)),
                "action_mask": spaces.Box(0, 1, (self.inner.num_actions,), np.int8),
            }
        )
        self.single_action_space = spaces.Discrete(self.inner.num_actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._pool = None
        self._pending = None
        self._player = np.zeros(num_envs, np.int64)

    @property
    def threads(self):
        return self.inner.threads

    def reset(self, seed=None, options=None):
        if seed is None:
            seed = int(np.random.default_rng().integers(0, 2**63))
        obs, mask, player = self.inner.reset(operator.index(seed))
        self._player = player
        return _obs(obs, mask), {"player": player}

    def step(self, actions):
        return self._result(self.inner.step(actions))

    def send(self, actions):
        """Starts a step on a background thread (the GIL is released while
        the games step); ``recv()`` returns its result."""
        if self._pending is not None:
            raise RuntimeError("send() twice without recv()")
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=1)
        self._pending = self._pool.submit(self.inner.step, actions)

    def recv(self):
        """The result of the step started by ``send``."""
        if self._pending is None:
            raise RuntimeError("recv() without send()")
        pending, self._pending = self._pending, None
        return self._result(pending.result())

    def _result(self, out):
        obs, mask, rewards, terminated, truncated, player, final_obs = out
        acted = self._player
        reward = rewards[np.arange(self.num_envs), acted]
        self._player = player
        done = terminated | truncated
        final = np.full(self.num_envs, None, dtype=object)
        no_moves = np.zeros(self.single_action_space.n, np.int8)
        for row, i in enumerate(np.flatnonzero(done)):
            final[i] = {"observation": final_obs[row], "action_mask": no_moves}
        infos = {
            "player": player,
            "acted": acted,
            "rewards": rewards,
            "final_obs": final,
            "_final_obs": done,
            "ended_by_limit": truncated,
        }
        return _obs(obs, mask), reward, done, np.zeros_like(truncated), infos

    def random_actions(self):
        """A uniformly random legal action for every game (from Rust)."""
        return self.inner.random_actions()

    def close_extras(self, **kwargs):
        if self._pool is not None:
            self._pool.shutdown(wait=True)
            self._pool = None


def _obs(obs, mask):
    return {"observation": obs, "action_mask": mask.astype(np.int8)}
