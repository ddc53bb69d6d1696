"""The cardrules games as OpenSpiel games: ``import cardrules.openspiel`` registers
``cardrules_schwimmen`` (and ``cardrules_trump21``, ``cardrules_shithead`` when
built) with ``pyspiel.register_game``; then
``pyspiel.load_game("cardrules_schwimmen", {"players": 3})`` works with
OpenSpiel's algorithms.

Game parameters: ``players`` (seat count) and ``rules`` (the rules as JSON, ""
for the defaults). ``State.resample_from_infostate`` deals the cards a seat
cannot see again from its view alone, so OpenSpiel's ``ISMCTSBot`` (with
``use_observation_string=True``) searches these games. States are backed by the Rust ``State``: ids, chance
outcomes with their probabilities, returns (1 first down to -1 last, ties
averaged). Observation tensors and strings are the seat's view (the tensor
layout is the game's ``encode`` module docs; the string is the view as JSON).
"""

import numpy as np
import pyspiel

import cardrules

_DEFAULT_SEATS = 4


def _seat_range(name):
    """The smallest and largest table the game's default rules accept, asked of
    the Rust state itself (the library's seat limits, never a copy of them)."""
    state_class = cardrules.GAMES[name][0]
    accepted = []
    for seats in range(1, 11):
        try:
            state_class(seats, None, 0)
        except Exception:  # the Rust setup error for a table the rules refuse
            continue
        accepted.append(seats)
    return min(accepted), max(accepted)
#: Not a tight bound: every game ends (each rules file names its limits).
_MAX_GAME_LENGTH = 2**30


def _game_type(name):
    low, high = _seat_range(name)
    return pyspiel.GameType(
        short_name=f"cardrules_{name}",
        long_name=f"cardrules {name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": _DEFAULT_SEATS, "rules": ""},
    )


def _make_game_class(name):
    game_type = _game_type(name)
    state_class = cardrules.GAMES[name][0]

    class Game(pyspiel.Game):
        def __init__(self, params=None):
            params = dict(params or {})
            self.seats = int(params.get("players", _DEFAULT_SEATS))
            self.rules = params.get("rules") or None
            probe = state_class(self.seats, self.rules, 0)
            info = pyspiel.GameInfo(
                num_distinct_actions=probe.num_actions,
                max_chance_outcomes=probe.num_chance_outcomes,
                num_players=self.seats,
                min_utility=-1.0,
                max_utility=1.0,
                utility_sum=0.0,
                max_game_length=_MAX_GAME_LENGTH,
            )
            super().__init__(game_type, info, params)
            self.observation_size = probe.observation_size

        def new_initial_state(self):
            return State(self)

        def make_py_observer(self, iig_obs_type=None, params=None):
            return Observer(self, iig_obs_type, params)

    class State(pyspiel.State):
        def __init__(self, game):
            super().__init__(game)
            self.inner = state_class(game.seats, game.rules, 0)

        def current_player(self):
            p = self.inner.current_player()
            if p == cardrules.CHANCE:
                return pyspiel.PlayerId.CHANCE
            if p == cardrules.TERMINAL:
                return pyspiel.PlayerId.TERMINAL
            return p

        def _legal_actions(self, player):
            return sorted(self.inner.legal_actions()) if player == self.inner.current_player() else []

        def chance_outcomes(self):
            return sorted(self.inner.chance_outcomes())

        def _apply_action(self, action):
            self.inner.apply(int(action))

        def _action_to_string(self, player, action):
            return self.inner.action_to_string(int(action), player == pyspiel.PlayerId.CHANCE)

        def is_terminal(self):
            return self.inner.is_terminal()

        def returns(self):
            return list(self.inner.returns())

        def resample_from_infostate(self, player_id, probability_sampler):
            """A state ``player_id`` cannot tell from this one (its observation
            kept, every card it cannot see dealt again), seeded from
            ``probability_sampler``: what OpenSpiel's ISMCTS samples."""
            seed = int(probability_sampler() * 2**53)
            state = State(self.get_game())
            state.inner = self.inner.resample(player_id, seed)
            return state

        def __str__(self):
            return self.inner.view_json()

    class Observer:
        def __init__(self, game, iig_obs_type, params):
            if params:
                raise ValueError(f"observation parameters are not supported: {params}")
            self.tensor = np.zeros(game.observation_size, np.float32)
            self.dict = {"observation": self.tensor}

        def set_from(self, state, player):
            self.tensor[:] = state.inner.observation(player)

        def string_from(self, state, player):
            return state.inner.view_json(player)

    Game.__name__ = Game.__qualname__ = f"{name.capitalize()}Game"
    State.__name__ = State.__qualname__ = f"{name.capitalize()}State"
    return game_type, Game


#: Registered short names, by game.
REGISTERED = {}
for _name in cardrules.GAMES:
    _type, _cls = _make_game_class(_name)
    if _type.short_name not in pyspiel.registered_names():
        pyspiel.register_game(_type, _cls)
    REGISTERED[_name] = _type.short_name
