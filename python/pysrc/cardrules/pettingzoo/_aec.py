"""One PettingZoo AEC environment class for every cardrules game."""

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

import cardrules
from cardrules._shared import observation_box, render


class CardGameEnv(AECEnv):
    """A cardrules game as a PettingZoo AEC environment.

    Agents are ``player_0`` ... ``player_{n-1}`` by seat. Chance steps (deals,
    draws) are resolved inside from the seed given to ``reset``. Observations
    are dicts: ``observation`` (the seat's float32 tensor, every entry from 0
    to 1, see the game's ``encode`` docs) and ``action_mask`` (int8, 1 for each legal
    id; all 0 for a seat not to act). Rewards are 0 until the game ends, then
    each seat's place reward (1 first down to -1 last, ties averaged). At the
    end every agent terminates, also when a limit of the rules (a cap on
    turns, rounds or actions) ended the game: the limit is a rule, scored like
    any other, so no agent is ever truncated; ``infos[agent]["ended_by_limit"]``
    says which it was. ``state()`` is every seat's tensor
    side by side (hidden cards included), for a centralised critic.
    """

    metadata = {"render_modes": ["ansi", "human"], "is_parallelizable": True}

    def __init__(self, game, seats=None, rules=None, render_mode=None):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r} is not one of {self.metadata['render_modes']}")
        self.metadata = dict(self.metadata, name=f"{game.replace('-', '_')}_v0")
        self.game = game
        self.seats = cardrules._seats(game, seats)
        self.rules = cardrules._rules_json(rules)
        self.render_mode = render_mode
        probe = cardrules.state(game, self.seats, self.rules)
        self.num_actions = probe.num_actions
        self.observation_size = probe.observation_size
        self.possible_agents = [f"player_{i}" for i in range(self.seats)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": observation_box(probe),
                    "action_mask": spaces.Box(0, 1, (self.num_actions,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(self.num_actions) for a in self.possible_agents}
        self.state_space = spaces.Box(0.0, 1.0, (self.seats * self.observation_size,), np.float32)
        self._seeds = np.random.default_rng()
        self.game_state = None
        self._log = []

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed=None, options=None):
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
        game_seed = int(self._seeds.integers(0, 2**63))
        self.game_state = cardrules.state(self.game, self.seats, self.rules, game_seed)
        self.game_state.resolve_chance()
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._log = []
        self._select()

    def _select(self):
        p = self.game_state.current_player()
        if p >= 0:
            self.agent_selection = self.possible_agents[p]

    def observe(self, agent):
        seat = self._seat[agent]
        if self.game_state.current_player() == seat:
            mask = self.game_state.legal_mask().astype(np.int8)
        else:
            mask = np.zeros(self.num_actions, np.int8)
        return {"observation": self.game_state.observation(seat), "action_mask": mask}

    def state(self):
        """Every seat's observation tensor, side by side, for a centralised
        critic: what the seats know between them (every hand), not what no
        seat sees (the stock's order, face-down cards, Trump 21's deck)."""
        return np.concatenate([self.game_state.observation(s) for s in range(self.seats)])

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        action = cardrules._action(action)
        self._log.append(f"{agent}: {self.game_state.event_text(action)}")
        self.game_state.apply(action)
        self.game_state.resolve_chance()
        self._cumulative_rewards[agent] = 0.0
        if self.game_state.is_terminal():
            by_limit = self.game_state.is_truncated()
            for a, r in zip(self.possible_agents, self.game_state.returns()):
                self.rewards[a] = float(r)
                self.terminations[a] = True
                self.infos[a]["ended_by_limit"] = by_limit
        else:
            self.rewards = {a: 0.0 for a in self.agents}
            self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self):
        return render(self.render_mode, self.game_state, self._log)

    def close(self):
        pass


def make(game, seats=None, rules=None, render_mode=None):
    """The environment with PettingZoo's usual order-enforcing wrappers."""
    env = CardGameEnv(game, seats=seats, rules=rules, render_mode=render_mode)
    env = wrappers.AssertOutOfBoundsWrapper(env)
    return wrappers.OrderEnforcingWrapper(env)
