"""hearts as a PettingZoo AEC environment: `env(seats=4, rules=None, render_mode=None)`."""

from ._aec import CardGameEnv, make


def env(seats=4, rules=None, render_mode=None):
    """The wrapped environment (what PettingZoo's tests and most trainers use)."""
    return make("hearts", seats=seats, rules=rules, render_mode=render_mode)


def raw_env(seats=4, rules=None, render_mode=None):
    """The environment without wrappers."""
    return CardGameEnv("hearts", seats=seats, rules=rules, render_mode=render_mode)
