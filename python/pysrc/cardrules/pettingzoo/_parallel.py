"""The PettingZoo parallel API over the AEC environment.

The games are turn-based: each ``step`` takes an action from every live agent,
but only the acting seat's is played (its ``action_mask`` is the only non-zero
one; the others' actions are ignored). Rewards, terminations and truncations
are those of the AEC environment after the step. An illegal action of the
acting seat (``illegal_action="lose"``, the default, as PettingZoo's
``TerminateIllegalWrapper``) ends the game: that seat gets -1, the others 0,
and its info says ``illegal_action``; with ``"raise"`` it raises ValueError
naming the rule and changes nothing. A ``step`` once no agent is left (the
game over) raises RuntimeError and changes nothing.
"""

from pettingzoo import ParallelEnv

import cardrules

from ._aec import CardGameEnv


class CardParallelEnv(ParallelEnv):
    """A cardrules game as a PettingZoo parallel environment."""

    metadata = {"render_modes": ["ansi", "human"], "is_parallelizable": True}

    def __init__(self, game, seats=None, rules=None, render_mode=None, illegal_action="lose"):
        if illegal_action not in ("lose", "raise"):
            raise ValueError(f"illegal_action {illegal_action!r} is not 'lose' or 'raise'")
        self.illegal_action = illegal_action
        self.aec = CardGameEnv(game, seats=seats, rules=rules, render_mode=render_mode)
        self.metadata = dict(self.aec.metadata)
        self.possible_agents = self.aec.possible_agents
        self.render_mode = render_mode
        self.observation_spaces = self.aec.observation_spaces
        self.action_spaces = self.aec.action_spaces
        self.state_space = self.aec.state_space

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed=None, options=None):
        self.aec.reset(seed=seed, options=options)
        self.agents = self.aec.agents[:]
        return self._observations(), {a: {} for a in self.agents}

    def _observations(self):
        return {a: self.aec.observe(a) for a in self.agents}

    def state(self):
        return self.aec.state()

    def step(self, actions):
        # After the end (or an illegal action's loss) no agent is left;
        # playing on would change a finished game.
        if not getattr(self, "agents", None):
            raise RuntimeError("the game is over: call reset()")
        actor = self.aec.agent_selection
        action = cardrules._action(actions[actor])
        mask = self.aec.observe(actor)["action_mask"]
        if self.illegal_action == "lose" and not (0 <= action < len(mask) and mask[action]):
            obs = self._observations()
            rewards = {a: -1.0 if a == actor else 0.0 for a in self.agents}
            done = {a: True for a in self.agents}
            infos = {a: {"illegal_action": a == actor} for a in self.agents}
            self.agents = []
            return obs, rewards, done, {a: False for a in done}, infos
        self.aec.step(action)
        obs = self._observations()
        rewards = {a: float(self.aec.rewards[a]) for a in self.agents}
        terms = {a: self.aec.terminations[a] for a in self.agents}
        truncs = {a: self.aec.truncations[a] for a in self.agents}
        infos = {a: {} for a in self.agents}
        if any(terms.values()) or any(truncs.values()):
            self.agents = []
        return obs, rewards, terms, truncs, infos

    def render(self):
        return self.aec.render()

    def close(self):
        self.aec.close()
