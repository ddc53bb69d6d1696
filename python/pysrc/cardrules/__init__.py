"""Card games for learning agents: every game of the library's list
(Schwimmen (31), Trump 21, Shithead, Crazy Eights and Hearts), from one Rust
list (``GAMES`` says what this build has).

Each game has a low-level ``State`` (OpenSpiel-style: action ids, legal masks,
observation tensors, seeded chance, bots, pickling) and a batched ``VecEnv``
that steps many games inside Rust per call on a pool of threads. Adapters:
``cardrules.pettingzoo`` (AEC and parallel environments), ``cardrules.gym``
(single-agent Gymnasium environments ``cardrules/<game>-v0`` against bots),
``cardrules.vector`` (a ``gymnasium.vector.VectorEnv`` with EnvPool-style
``send``/``recv``), ``cardrules.openspiel`` (games registered with pyspiel)
and ``cardrules.bots`` (random, easy, medium, hard and learned players).

The package itself needs numpy only; each adapter needs an extra of
python/pyproject.toml (``gymnasium`` for ``cardrules.gym`` and
``cardrules.vector``, ``pettingzoo``, ``openspiel``), and without it its
import raises ModuleNotFoundError naming the extra.
"""

import operator

from . import _core

#: Game name -> (State class, VecEnv class), from the list the extension was built with.
GAMES = {}
for _name, _title, _state, _vec, _limits in _core.GAMES:
    GAMES[_name] = (_state, _vec)
    globals()[_state.__name__] = _state
    globals()[_vec.__name__] = _vec

#: Game name -> title for people.
TITLES = {name: title for name, title, _, _, _ in _core.GAMES}

#: Game name -> (fewest, default, most) seats: the game crate's ``MIN_SEATS``,
#: ``DEFAULT_SEATS`` and ``MAX_SEATS``, read from the workspace's list of
#: games (``cards_games::AnyTable::seat_limits``) as the ``cards`` command,
#: the server and the WebAssembly catalog read them.
SEAT_LIMITS = {name: tuple(limits) for name, _, _, _, limits in _core.GAMES}

#: The most games one ``VecEnv`` takes, and the most threads it steps on.
MAX_GAMES = _core.MAX_GAMES
MAX_THREADS = _core.MAX_THREADS

#: OpenSpiel's player ids for chance and for a finished game.
CHANCE = -1
TERMINAL = -4


def seat_range(game):
    """The smallest and largest table ``game`` is played at, ``(low, high)``:
    the game crate's ``MIN_SEATS`` and ``MAX_SEATS`` (``SEAT_LIMITS``). A
    house rule may still refuse a table within them, by the rule's name
    (Shithead with one deck seats at most five)."""
    fewest, _, most = _limits(game)
    return fewest, most


def default_seats(game):
    """The table ``game`` is set up at when no seat count is given: the game
    crate's ``DEFAULT_SEATS`` (``SEAT_LIMITS``), which the ``cards`` command's
    ``--seats`` also defaults to (Trump 21 3, Crazy Eights 5 as OpenSpiel's
    ``crazy_eights``, Schwimmen, Shithead and Hearts 4)."""
    return _limits(game)[1]


def state(game, seats=None, rules=None, seed=0):
    """A new ``State`` of ``game`` ("schwimmen", ...) at ``seats`` (None: the
    game's ``default_seats``); ``rules`` is a dict or JSON text."""
    return _classes(game)[0](_seats(game, seats), _rules_json(rules), seed)


def vec_env(game, num_envs, seats=None, rules=None, threads=0):
    """A batched ``VecEnv`` of ``num_envs`` games of ``game`` stepped on
    ``threads`` threads (0: one per core)."""
    return _classes(game)[1](num_envs, _seats(game, seats), _rules_json(rules), threads)


def _classes(game):
    """``GAMES[game]``, or ValueError listing the games (as ``Bot`` says it)."""
    try:
        return GAMES[game]
    except (KeyError, TypeError):
        raise ValueError(f"{game!r} is not a game of this build: {sorted(GAMES)}") from None


def _limits(game):
    """``SEAT_LIMITS[game]``, or ValueError listing the games."""
    _classes(game)
    return SEAT_LIMITS[game]


def _seats(game, seats):
    """The seat count to ask the game for: its default for None, else
    ``seats`` once the game takes it. ValueError otherwise, from
    ``_core.check_seats`` (the check the server makes): in the game's own
    words, naming its clause ("hearts is played by exactly 4 players, not 3
    (R1)"), or for a negative count in the words the ``State`` and ``VecEnv``
    classes use for it."""
    if seats is None:
        return default_seats(game)
    seats = operator.index(seats)
    _core.check_seats(game, seats)
    return seats


def _action(action):
    """An action id as a Python int: ints and numpy integer scalars only, so
    that a float or a string is never quietly truncated or parsed."""
    try:
        return operator.index(action)
    except TypeError:
        raise TypeError(f"an action is an integer id, not {type(action).__name__} {action!r}") from None


def _rules_json(rules):
    if rules is None or isinstance(rules, str):
        return rules
    import json

    return json.dumps(rules)


def _restore_state(game, start, history, rng, carried=None):
    """Unpickles a ``State`` (see ``State.__reduce__``): the start loaded
    through the validated setup, every step applied again by the rules, and
    for a resampled state its seat's record of what it had seen (``carried``,
    absent from pickles made before it was kept)."""
    return GAMES[game][0]._restored(start, history, rng, carried)
