"""Shared parameters: every game built into the package, with short rules."""

import pytest

import cardrules

#: Rules that keep games short, by game (None: the defaults).
SHORT_RULES = {
    "schwimmen": {"lives": 1, "round_limit": 3, "turn_limit": 20},
}

GAMES = sorted(cardrules.GAMES)


def seat_counts(game):
    """The seat counts to test: the smallest table the game takes, one in the
    middle and the largest, from the package's own limits
    (``cardrules.seat_range``), so a new game needs no line here (Hearts,
    four seats only, has one)."""
    low, high = cardrules.seat_range(game)
    return tuple(sorted({low, (low + high) // 2, high}))


#: Seat counts to test, by game.
SEATS = {g: seat_counts(g) for g in GAMES}


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
    takes three, else its smallest (Hearts: four)."""
    low, high = cardrules.seat_range(game)
    return 3 if low <= 3 <= high else low
