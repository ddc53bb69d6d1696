"""Single-agent Gymnasium environments: one seat learns, the others are bots.

``import cardrules.gym`` registers ``cardrules/<game>-v0`` for every game, so
``gymnasium.make("cardrules/schwimmen-v0", opponents="medium")`` works (or,
without the import, ``gymnasium.make("cardrules.gym:cardrules/schwimmen-v0")``).

Parameters: ``seats`` (table size; without it the game's default,
``cardrules.default_seats``), ``rules`` (dict or JSON), ``seat`` (the
learner's seat, 0 by default), ``opponents``: a level for every other seat
(``"random"``, ``"easy"``, ``"medium"``, ``"hard"``), or a list with one entry
per other seat, each a level, a ``cardrules.bots.Bot`` or a function from the
``State`` to an action id. Observations are dicts as in the PettingZoo
environments (``observation`` and ``action_mask``); the reward is
the learner's place reward at the end (1 first down to -1 last). Every end is
``terminated``: a limit of the rules (a cap on turns, rounds or actions) ends
and scores the game like any other rule, and the observation counts towards
it, so there is nothing left to bootstrap; ``info["ended_by_limit"]`` says
which games a limit ended, and ``truncated`` is always False. An illegal action
(``illegal_action="lose"``, the default) ends the episode with reward -1 and
``info["illegal_action"]``, as PettingZoo's classic games do; with ``"raise"``
it raises ValueError naming the rule and changes nothing. The opponents' seeds
come from the environment's ``np_random``, so ``reset(seed=...)`` replays.
An episode starts at the learner's first decision; a game the opponents end
before it is dealt again, and after ``DEALS`` such deals ``reset`` raises
RuntimeError (the rules end the game before the learner's seat can act).
"""

import operator

from cardrules._extras import need

need("cardrules.gym", "gymnasium")

import gymnasium  # noqa: E402
import numpy as np  # noqa: E402
from gymnasium import spaces  # noqa: E402

import cardrules
from cardrules.bots import Bot

#: How many deals ``reset`` tries for a game the learner gets to play.
DEALS = 1000
from cardrules._shared import observation_box, render


class CardGameGymEnv(gymnasium.Env):
    """One seat of a cardrules game against bots."""

    metadata = {"render_modes": ["ansi", "human"]}

    def __init__(
        self,
        game,
        seats=None,
        rules=None,
        opponents="random",
        seat=0,
        render_mode=None,
        illegal_action="lose",
    ):
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r} is not one of {self.metadata['render_modes']}")
        self.game = game
        self.seats = cardrules._seats(game, seats)
        self.rules = cardrules._rules_json(rules)
        # The game refuses a table it is not played at, by its rule's name,
        # before the seat is checked against that table.
        probe = cardrules.state(game, self.seats, self.rules)
        seat = operator.index(seat)
        if not 0 <= seat < self.seats:
            raise ValueError(f"seat {seat} is not at this {self.seats}-seat table")
        if illegal_action not in ("lose", "raise"):
            raise ValueError(f"illegal_action {illegal_action!r} is not 'lose' or 'raise'")
        self.illegal_action = illegal_action
        self._lost = False
        self.seat = seat
        self.render_mode = render_mode
        others = self.seats - 1
        if isinstance(opponents, str) or isinstance(opponents, Bot) or callable(opponents):
            opponents = [opponents] * others
        opponents = list(opponents)
        if len(opponents) != others:
            raise ValueError(f"{len(opponents)} opponents for {others} other seats")
        for o in opponents:
            if not (isinstance(o, (str, Bot)) or callable(o)):
                raise TypeError(
                    f"an opponent is a level, a cardrules.bots.Bot or a function, not {type(o).__name__}"
                )
        self.opponents = [Bot(game, o) if isinstance(o, str) else o for o in opponents]
        self.observation_space = spaces.Dict(
            {
                "observation": observation_box(probe),
                "action_mask": spaces.Box(0, 1, (probe.num_actions,), np.int8),
            }
        )
        self.action_space = spaces.Discrete(probe.num_actions)
        self.game_state = None
        self._log = []

    def _opponent(self, seat):
        return self.opponents[seat if seat < self.seat else seat - 1]

    def _obs(self):
        s = self.game_state
        if s.current_player() == self.seat:
            mask = s.legal_mask().astype(np.int8)
        else:
            mask = np.zeros(s.num_actions, np.int8)
        return {"observation": s.observation(self.seat), "action_mask": mask}

    def _info(self):
        return {"action_mask": self._obs()["action_mask"].astype(bool)}

    def _play_others(self):
        s = self.game_state
        s.resolve_chance()
        while not s.is_terminal() and s.current_player() != self.seat:
            p = s.current_player()
            o = self._opponent(p)
            a = o.act(s) if isinstance(o, Bot) else o(s)
            a = cardrules._action(a)
            self._log.append(f"player_{p}: {s.event_text(a)}")
            s.apply(a)
            s.resolve_chance()

    def reset(self, seed=None, options=None):
        super().reset(seed=seed)
        for o in self.opponents:
            if isinstance(o, Bot):
                o.restart(int(self.np_random.integers(0, 2**63)))
        # An episode starts at the learner's first decision: a game the
        # opponents end before it (a short turn limit) is dealt again.
        for _ in range(DEALS):
            self.game_state = cardrules.state(
                self.game, self.seats, self.rules, int(self.np_random.integers(0, 2**63))
            )
            self._log = []
            self._lost = False
            self._play_others()
            if not self.game_state.is_terminal():
                return self._obs(), self._info()
        raise RuntimeError(
            f"in {DEALS} deals the game never reached seat {self.seat}'s first decision: "
            "the opponents end it first under these rules (a limit too short for this seat?)"
        )

    def step(self, action):
        s = self.game_state
        if s.is_terminal() or self._lost:
            raise RuntimeError("the game is over: call reset()")
        action = cardrules._action(action)
        legal = 0 <= action < s.num_actions and s.legal_mask()[action]
        if not legal and self.illegal_action == "lose":
            self._lost = True
            info = self._info()
            info["illegal_action"] = True
            return self._obs(), -1.0, True, False, info
        self._log.append(f"player_{self.seat}: {s.event_text(action)}")
        s.apply(action)
        self._play_others()
        done = s.is_terminal()
        reward = float(s.returns()[self.seat]) if done else 0.0
        info = self._info()
        if done:
            info["ended_by_limit"] = s.is_truncated()
        if self.render_mode == "human":
            self.render()
        return self._obs(), reward, done, False, info

    def render(self):
        return render(self.render_mode, self.game_state, self._log)


#: Registered ids by game.
IDS = {}
for _game in cardrules.GAMES:
    _id = f"cardrules/{_game}-v0"
    if _id not in gymnasium.registry:
        gymnasium.register(id=_id, entry_point=CardGameGymEnv, kwargs={"game": _game})
    IDS[_game] = _id
