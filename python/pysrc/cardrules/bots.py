"""Bots for every game: ``random`` and the library's ``easy``, ``medium``,
``hard`` and ``learned`` (``cards_core::Difficulty``; ``learned`` plays the
game's shipped network, docs/learned.md), seeded and deterministic.

A ``Bot(game, level, seed)`` picks from a seat's view only (the hard level
searches over deals consistent with it). Each decision draws its own seed from
the bot's seeded stream, so a bot replays the same choices for the same
positions. Use it on a ``State`` (``bot.act(state)``), as a PettingZoo
opponent (``bot.pettingzoo_action(env)``), in the Gymnasium environments
(``opponents=[...]``) or as an OpenSpiel bot (``spiel_bot(...)``).
"""

import numpy as np

import cardrules

#: The levels: the first four weakest first, then the network.
LEVELS = ("random", "easy", "medium", "hard", "learned")


class Bot:
    """A seeded player of ``game`` at ``level`` (one of ``LEVELS``)."""

    def __init__(self, game, level="medium", seed=0):
        if game not in cardrules.GAMES:
            raise ValueError(f"{game!r} is not a game of this build: {sorted(cardrules.GAMES)}")
        if level not in LEVELS:
            raise ValueError(f"{level!r} is not a bot level: {', '.join(LEVELS)}")
        self.game, self.level, self.seed = game, level, seed
        self.restart(seed)

    def restart(self, seed=None):
        """Starts the bot's stream again (from ``seed`` when given)."""
        if seed is not None:
            self.seed = seed
        self._seeds = np.random.default_rng(self.seed)

    def act(self, state):
        """The action id this bot picks for the seat to act in a cardrules ``State``."""
        a = state.bot_action(self.level, int(self._seeds.integers(0, 2**63)))
        if a is None:
            raise ValueError("no player acts in this state")
        return a

    def pettingzoo_action(self, env):
        """The action for the agent to act in a cardrules PettingZoo env."""
        return self.act(env.unwrapped.game_state)

    def __repr__(self):
        return f"Bot({self.game!r}, {self.level!r}, seed={self.seed})"


def spiel_bot(game, player_id, level="medium", seed=0):
    """A ``pyspiel.Bot`` playing ``player_id`` in a ``cardrules_<game>`` OpenSpiel game."""
    from cardrules._extras import need

    need("cardrules.bots.spiel_bot", "openspiel")
    import pyspiel

    class SpielBot(pyspiel.Bot):
        def __init__(self):
            pyspiel.Bot.__init__(self)
            self.player_id = player_id
            self.bot = Bot(game, level, seed)

        def step(self, state):
            return self.bot.act(state.inner)

        def restart_at(self, state):
            self.bot.restart()

        def provides_policy(self):
            return False

        def is_clone_implemented(self):
            return False

    return SpielBot()
