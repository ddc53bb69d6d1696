"""The cardrules games as OpenSpiel games: ``import cardrules.openspiel`` registers
``cardrules_<game>`` for every game (``cardrules_schwimmen``,
``cardrules_crazy_eights``, ...) with ``pyspiel.register_game``; then
``pyspiel.load_game("cardrules_schwimmen", {"players": 3})`` works with
OpenSpiel's algorithms.

Game parameters: ``players`` (seat count; by default the game's own,
``cardrules.default_seats``, which for the games OpenSpiel also has is its
default: 5 as ``crazy_eights``, 4 as ``hearts``) and ``rules`` (the rules as
JSON, "" for the defaults). States are backed by the Rust ``State``: ids, chance
outcomes with their probabilities, returns (1 first down to -1 last, ties
averaged). They pickle (``serialize_game_and_state``, ``random_sim_test`` with
``serialize=True``, ``rl_environment`` with ``include_full_state=True``)
through the Rust state's validated save.

Observers follow the requested ``IIGObservationType``:

- information state (``perfect_recall=True``): the string is everything the
  seat has seen since the start, step by step (``State.seen_text``), so two
  histories give the same string exactly when the seat cannot tell them
  apart; the tensor (``State.information_state_tensor``) is the seat's view
  (what ``Determinize`` deals from: the current position and the memory each
  game's view keeps, discards, won cards...) followed by 64 bits fingerprinting
  that string, so it too is equal exactly when the histories are alike to the
  seat (up to a 2^-64 chance of a collision). A tensor of the whole history
  cannot have a fixed size here: the rules allow hundreds of thousands of
  steps;
- observation (``perfect_recall=False``): the seat's current view, as JSON
  and as the game's tensor;
- public (``private_info=NONE``): a spectator's view (string and tensor), the
  same for every seat; with ``perfect_recall`` the public record of steps
  (and its fingerprint in the tensor);
- ``private_info=ALL_PLAYERS``: every seat's view side by side.

``max_game_length`` is the bound on player decisions the game's rules file
states (``Encode::max_game_length`` in Rust). ``State.resample_from_infostate``
deals the cards a seat cannot see again from its view alone, so OpenSpiel's
``ISMCTSBot`` searches these games. ``cardrules.bots.spiel_bot`` gives the
library's bots as ``pyspiel.Bot``.
"""

import json

from cardrules._extras import need

need("cardrules.openspiel", "openspiel")

import numpy as np  # noqa: E402
import pyspiel  # noqa: E402

import cardrules  # noqa: E402


#: Entries after the view in an information-state tensor (the fingerprint's bits).
FINGERPRINT_BITS = 64


def short_name(game):
    """``crazy-eights`` -> ``cardrules_crazy_eights``."""
    return "cardrules_" + game.replace("-", "_")


def _game_type(name):
    low, high = cardrules.seat_range(name)
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"cardrules {cardrules.TITLES[name]}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": cardrules.default_seats(name), "rules": ""},
    )


def _make_game_class(name):
    game_type = _game_type(name)
    state_class = cardrules.GAMES[name][0]

    class Game(pyspiel.Game):
        def __init__(self, params=None):
            params = dict(params or {})
            self.seats = int(params.get("players", cardrules.default_seats(name)))
            # OpenSpiel's game strings split parameters at commas, so the
            # rules travel with semicolons in their place (JSON rules hold
            # no other commas or semicolons) and serialized games load again.
            rules = params.get("rules") or ""
            params["rules"] = rules.replace(",", ";")
            self.rules = rules.replace(";", ",") or None
            probe = state_class(self.seats, self.rules, 0)
            info = pyspiel.GameInfo(
                num_distinct_actions=probe.num_actions,
                max_chance_outcomes=probe.num_chance_outcomes,
                num_players=self.seats,
                min_utility=-1.0,
                max_utility=1.0,
                utility_sum=0.0,
                max_game_length=int(probe.max_game_length),
            )
            super().__init__(game_type, info, params)
            self.observation_size = probe.observation_size

        def new_initial_state(self):
            return State(self)

        spiel_state_class = None

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
            and its information state kept, every card it cannot see dealt
            again), seeded from ``probability_sampler``: what OpenSpiel's
            ISMCTS samples, with either kind of key."""
            seed = int(probability_sampler() * 2**53)
            state = State(self.get_game())
            state.inner = self.inner.resample(player_id, seed)
            return state

        def __str__(self):
            return self.inner.view_json()

    class Observer:
        """What one seat (or the public) knows, as the requested type asks."""

        def __init__(self, game, iig_obs_type, params):
            if params:
                raise ValueError(f"observation parameters are not supported: {params}")
            t = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
            if not t.public_info:
                raise ValueError("an observer without public information is not offered")
            self.perfect_recall = t.perfect_recall
            self.private = t.private_info
            self.seats = game.seats
            size = game.observation_size + (FINGERPRINT_BITS if self.perfect_recall else 0)
            if self.private == pyspiel.PrivateInfoType.ALL_PLAYERS:
                size *= game.seats
            self.tensor = np.zeros(size, np.float32)
            self.dict = {"observation": self.tensor}

        def _viewers(self, player):
            if self.private == pyspiel.PrivateInfoType.NONE:
                return [None]
            if self.private == pyspiel.PrivateInfoType.ALL_PLAYERS:
                return list(range(self.seats))
            return [player]

        def set_from(self, state, player):
            tensor = state.inner.information_state_tensor if self.perfect_recall else state.inner.observation
            self.tensor[:] = np.concatenate([tensor(v) for v in self._viewers(player)])

        def string_from(self, state, player):
            text = state.inner.seen_text if self.perfect_recall else state.inner.view_json
            parts = [text(v) for v in self._viewers(player)]
            return parts[0] if len(parts) == 1 else json.dumps(parts)

    Game.spiel_state_class = State
    title = "".join(w.capitalize() for w in name.split("-"))
    Game.__name__ = Game.__qualname__ = f"{title}Game"
    State.__name__ = State.__qualname__ = f"{title}State"
    return game_type, Game


#: Registered short names, by game.
REGISTERED = {}
for _name in cardrules.GAMES:
    _type, _cls = _make_game_class(_name)
    # Module-level names, so that pickle finds the classes.
    globals()[_cls.__name__] = _cls
    globals()[_cls.spiel_state_class.__name__] = _cls.spiel_state_class
    if _type.short_name not in pyspiel.registered_names():
        pyspiel.register_game(_type, _cls)
    REGISTERED[_name] = _type.short_name
