"""Card games for learning agents: Schwimmen (31), Trump 21, Shithead and Hearts.

These are the games of the library's list that have action ids and observation
tensors (Rust's ``Encode``); Crazy Eights has none yet, so it is not offered
here. ``GAMES`` lists what this build has.

Each game has a low-level ``State`` (OpenSpiel-style: action ids, legal masks,
observation tensors, seeded chance) and a batched ``VecEnv`` that steps many
games inside Rust per call. Adapters: ``cardrules.pettingzoo`` (AEC
environments) and ``cardrules.openspiel`` (games registered with pyspiel).
"""

from . import _core

#: Game name -> (State class, VecEnv class), from the list the extension was built with.
GAMES = {}
for _name, _title, _state, _vec in _core.GAMES:
    GAMES[_name] = (_state, _vec)
    globals()[_state.__name__] = _state
    globals()[_vec.__name__] = _vec

#: OpenSpiel's player ids for chance and for a finished game.
CHANCE = -1
TERMINAL = -4


def state(game, seats, rules=None, seed=0):
    """A new ``State`` of ``game`` ("schwimmen", ...); ``rules`` is a dict or JSON text."""
    return GAMES[game][0](seats, _rules_json(rules), seed)


def vec_env(game, num_envs, seats, rules=None):
    """A batched ``VecEnv`` of ``num_envs`` games of ``game``."""
    return GAMES[game][1](num_envs, seats, _rules_json(rules))


def _rules_json(rules):
    if rules is None or isinstance(rules, str):
        return rules
    import json

    return json.dumps(rules)
