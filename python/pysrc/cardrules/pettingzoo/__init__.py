"""PettingZoo environments, one module ``<game>_v0`` per game of the package
(``schwimmen_v0``, ``crazy_eights_v0``, ...), made here from ``cardrules.GAMES``
so that a game added to the Rust list gets its module without a new file.

Each module has ``env(seats=None, rules=None, render_mode=None)`` (the AEC
environment with PettingZoo's usual wrappers; ``seats=None`` is the game's
default table, ``cardrules.default_seats``), ``raw_env(...)`` (without them)
and ``parallel_env(..., illegal_action="lose")`` (the parallel API: only the
acting seat's action is used each step, see ``_parallel``).
"""

import sys
import types

import cardrules
from cardrules._extras import need

need("cardrules.pettingzoo", "pettingzoo")

from ._aec import CardGameEnv, make  # noqa: E402
from ._parallel import CardParallelEnv  # noqa: E402

__all__ = ["CardGameEnv", "CardParallelEnv", "make", "module_name"]


def module_name(game):
    """The module of a game: ``crazy-eights`` -> ``crazy_eights_v0``."""
    return f"{game.replace('-', '_')}_v0"


def _module(game):
    name = module_name(game)
    module = types.ModuleType(f"{__name__}.{name}", f"{game} as a PettingZoo environment.")

    # Only the parameters each environment takes: a ``**kwargs`` here once
    # advertised more, and env(illegal_action=...) failed inside make().
    def env(seats=None, rules=None, render_mode=None):
        """The wrapped AEC environment (what PettingZoo's tests and most trainers use)."""
        return make(game, seats=seats, rules=rules, render_mode=render_mode)

    def raw_env(seats=None, rules=None, render_mode=None):
        """The AEC environment without wrappers."""
        return CardGameEnv(game, seats=seats, rules=rules, render_mode=render_mode)

    def parallel_env(seats=None, rules=None, render_mode=None, illegal_action="lose"):
        """The parallel environment (``illegal_action``: ``"lose"`` or ``"raise"``)."""
        return CardParallelEnv(
            game, seats=seats, rules=rules, render_mode=render_mode, illegal_action=illegal_action
        )

    module.env, module.raw_env, module.parallel_env = env, raw_env, parallel_env
    return name, module


for _game in cardrules.GAMES:
    _name, _mod = _module(_game)
    globals()[_name] = _mod
    sys.modules[_mod.__name__] = _mod
    __all__.append(_name)
