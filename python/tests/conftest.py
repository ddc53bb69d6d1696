"""Shared parameters: every game built into the package, with short rules."""

import pytest

import cardrules

#: Rules that keep games short, by game (None: the defaults).
SHORT_RULES = {
    "schwimmen": {"lives": 1, "round_limit": 3, "turn_limit": 20},
}

#: Seat counts to test, by game.
SEATS = {"schwimmen": (2, 3, 5), "trump21": (2, 3, 4), "shithead": (2, 3, 5), "hearts": (4,)}

GAMES = sorted(cardrules.GAMES)


@pytest.fixture(params=GAMES)
def game(request):
    return request.param


def short_rules(game):
    return SHORT_RULES.get(game)


def cases():
    """(game, seats) pairs."""
    return [(g, n) for g in GAMES for n in SEATS[g]]


def table(game):
    """A seat count for tests that need one table: three where the game
    takes three, else its first tested count (Hearts: four)."""
    return 3 if 3 in SEATS[game] else SEATS[game][0]
