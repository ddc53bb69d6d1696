"""Shared parameters: every game built into the package, with short rules."""

import pytest

import cardrules

#: Rules that keep games short, by game (None: the defaults).
SHORT_RULES = {
    "schwimmen": {"lives": 1, "round_limit": 3, "turn_limit": 20},
}

#: Seat counts to test, by game.
SEATS = {
    "schwimmen": (2, 3, 5),
    "trump21": (2, 3, 4),
    "shithead": (2, 3, 5),
    "crazy-eights": (2, 3, 6),
    "hearts": (4,),
}

GAMES = sorted(cardrules.GAMES)


@pytest.fixture(params=GAMES)
def game(request):
    return request.param


def short_rules(game):
    return SHORT_RULES.get(game)


def cases():
    """(game, seats) pairs."""
    return [(g, n) for g in GAMES for n in SEATS[g]]


def spiel_step(s, rng):
    """One step of an OpenSpiel state: chance by its probabilities, a player
    uniformly among the legal actions (``rng`` a numpy RandomState)."""
    if s.is_chance_node():
        actions, probs = zip(*s.chance_outcomes())
        s.apply_action(int(rng.choice(actions, p=probs)))
    else:
        s.apply_action(int(rng.choice(s.legal_actions())))


def table(game):
    """A seat count for tests that need one table: three where the game
    takes three, else its first tested count (Hearts: four)."""
    return 3 if 3 in SEATS[game] else SEATS[game][0]
