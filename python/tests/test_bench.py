"""python/bench/speed.py, run for a moment: its comparison with pyspiel is
like for like (the same games, at the same table, in the same loop)."""

import re
import subprocess
import sys
from pathlib import Path

import cardrules

BENCH = Path(__file__).resolve().parent.parent / "bench"


def speed(*args):
    out = subprocess.run(
        [sys.executable, str(BENCH / "speed.py"), "--seconds", "0.01", "--rounds", "1", "--num-envs", "4", *args],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert out.returncode == 0, out.stdout[-2000:] + out.stderr[-2000:]
    return out.stdout


def test_speed_compares_each_pyspiel_game_with_the_same_cardrules_game_and_table():
    # It once timed cardrules' Schwimmen, Trump 21 and Shithead beside
    # pyspiel's crazy_eights and hearts, and divided one by the other.
    out = speed()
    for game, spiel in (("crazy-eights", "crazy_eights"), ("hearts", "hearts")):
        n = cardrules.default_seats(game)
        assert f"cardrules {game} ({n} seats), State loop, chance in Python" in out
        assert f"cardrules {game} ({n} seats), State loop, chance in Rust" in out
        assert f"pyspiel {spiel} ({n} players), State loop, chance in Python" in out
        assert re.search(rf"^{game} at {n} seats, cardrules / pyspiel {spiel} steps/s .*x in the same loop", out, re.M)
    for game in ("schwimmen", "trump21", "shithead"):
        # Each at its own table (Trump 21 was "4 seats" whatever its default).
        n = cardrules.default_seats(game)
        assert f"cardrules {game} ({n} seats), State loop, chance in Rust (not in pyspiel)" in out
    assert "slowest" not in out


def test_speed_takes_a_table_for_both_libraries():
    out = speed("--seats", "crazy-eights=3")
    assert "cardrules crazy-eights (3 seats)" in out and "pyspiel crazy_eights (3 players)" in out
