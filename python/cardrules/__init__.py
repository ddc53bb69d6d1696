"""Schwimmen (and, when built with them, Trump 21 and Shithead) for learning agents.

Each game has a low-level ``State`` (OpenSpiel-style: action ids, legal masks,
observation tensors, seeded chance) and a batched ``VecEnv`` that steps many
games inside Rust per call. Adapters: ``cardrules.pettingzoo`` (AEC
environments) and ``cardrules.openspiel`` (games registered with pyspiel).
"""

from . import _core

#: Game name -> (State class, VecEnv class).
GAMES = {}
for _name, _prefix in (("schwimmen", "Schwimmen"), ("trump21", "Trump21"), ("shithead", "Shithead")):
    if hasattr(_core, _prefix + "State"):
        GAMES[_name] = (getattr(_core, _prefix + "State"), getattr(_core, _prefix + "VecEnv"))
        globals()[_prefix + "State"] = GAMES[_name][0]
        globals()[_prefix + "VecEnv"] = GAMES[_name][1]

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
