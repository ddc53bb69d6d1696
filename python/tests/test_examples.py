"""The example scripts in python/examples, run here without their large
dependencies: a stand-in ``ray`` module (``ray.remote`` leaves the class as
it is) lets ray_rollouts.py be imported and its worker run in this process."""

import importlib.util
import sys
import types
from pathlib import Path

import numpy as np
import pytest

import cardrules

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


@pytest.fixture
def ray_rollouts(monkeypatch):
    ray = types.ModuleType("ray")
    ray.remote = lambda cls: cls
    monkeypatch.setitem(sys.modules, "ray", ray)
    spec = importlib.util.spec_from_file_location("ray_rollouts", EXAMPLES / "ray_rollouts.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_ray_rollouts_play_the_games_own_table_by_default(ray_rollouts, game, tmp_path):
    # --seats was 4 for every game (Trump 21's default is 3, Crazy Eights' 5).
    args = ray_rollouts.arguments(["--game", game])
    worker = ray_rollouts.Worker(args.game, 2, args.seats, args.seed)
    seats = cardrules.default_seats(game)
    assert worker.env.num_players == seats
    worker.rollout(3, str(tmp_path / "worker_0.npz"))
    with np.load(tmp_path / "worker_0.npz") as saved:
        assert saved["rewards"].shape == (3, 2, seats)


def test_ray_rollouts_take_an_explicit_table(ray_rollouts):
    args = ray_rollouts.arguments(["--game", "crazy-eights", "--seats", "2"])
    assert ray_rollouts.Worker(args.game, 2, args.seats, args.seed).env.num_players == 2
