"""One PettingZoo AEC environment class for every cardrules game."""

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

import cardrules


#: Observation bounds by game: Schwimmen's tensor lies in [0, 1] (its layout
#: scales every number); the others hold unscaled counts, so no bound is claimed.
_OBS_BOUNDS = {"schwimmen": (0.0, 1.0)}


class CardGameEnv(AECEnv):
    """A cardrules game as a PettingZoo AEC environment.

    Agents are ``player_0`` ... ``player_{n-1}`` by seat. Chance steps (deals,
    draws) are resolved inside from the seed given to ``reset``. Observations
    are dicts: ``observation`` (the seat's float32 tensor, see the game's
    ``encode`` module docs) and ``action_mask`` (int8, 1 for each legal id; all
    0 for a seat not to act). Rewards are 0 until the game ends, then each
    seat's place reward (1 first down to -1 last, ties averaged); every agent
    terminates together at the end.
    """

    metadata = {"render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, game, seats=4, rules=None, render_mode=None):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r} is not one of {self.metadata['render_modes']}")
        self.metadata = dict(self.metadata, name=f"{game}_v0")
        self.game = game
        self.seats = seats
        self.rules = cardrules._rules_json(rules)
        self.render_mode = render_mode
        probe = cardrules.state(game, seats, self.rules)
        self.num_actions = probe.num_actions
        self.observation_size = probe.observation_size
        self.possible_agents = [f"player_{i}" for i in range(seats)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        low, high = _OBS_BOUNDS.get(game, (-np.inf, np.inf))
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(low, high, (self.observation_size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (self.num_actions,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(self.num_actions) for a in self.possible_agents}
        self._seeds = np.random.default_rng()
        self._state = None
        self._log = []

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed=None, options=None):
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
        game_seed = int(self._seeds.integers(0, 2**63))
        self._state = cardrules.state(self.game, self.seats, self.rules, game_seed)
        self._state.resolve_chance()
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._log = []
        self._select()

    def _select(self):
        p = self._state.current_player()
        if p >= 0:
            self.agent_selection = self.possible_agents[p]

    def observe(self, agent):
        seat = self._seat[agent]
        if self._state.current_player() == seat:
            mask = self._state.legal_mask().astype(np.int8)
        else:
            mask = np.zeros(self.num_actions, np.int8)
        return {"observation": self._state.observation(seat), "action_mask": mask}

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        action = int(action)
        self._log.append(f"{agent}: {self._state.event_text(action)}")
        self._state.apply(action)
        self._state.resolve_chance()
        self._cumulative_rewards[agent] = 0.0
        if self._state.is_terminal():
            for a, r in zip(self.possible_agents, self._state.returns()):
                self.rewards[a] = float(r)
                self.terminations[a] = True
        else:
            self.rewards = {a: 0.0 for a in self.agents}
            self._select()
        self._accumulate_rewards()

    def render(self):
        if self.render_mode is None:
            import gymnasium

            gymnasium.logger.warn("render() was called without a render_mode")
            return None
        s = self._state
        p = s.current_player()
        lines = self._log[-5:]
        if s.is_terminal():
            lines.append(f"game over: places {s.places()}")
        elif p >= 0:
            moves = ", ".join(s.action_to_string(a) for a in s.legal_actions())
            lines.append(f"player_{p} to act: {moves}")
        return "\n".join(lines)

    def close(self):
        pass


def make(game, seats=4, rules=None, render_mode=None):
    """The environment with PettingZoo's usual order-enforcing wrappers."""
    env = CardGameEnv(game, seats=seats, rules=rules, render_mode=render_mode)
    env = wrappers.AssertOutOfBoundsWrapper(env)
    return wrappers.OrderEnforcingWrapper(env)
