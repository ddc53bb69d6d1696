"""The training command end to end, cut down (`train.py --quick`): run by
.ci/train-check in the training environment, with PyTorch.

    python -m pytest python/train -q
"""

import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import cardrules

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from learned import read_weights  # noqa: E402
from train import RECIPES, ROOT  # noqa: E402


def train(game, out, *extra):
    """A quick run of `game` into `out`: its report and weights file."""
    subprocess.run([sys.executable, HERE / "train.py", "--game", game, "--quick", "--out", out, *extra], check=True)
    return json.loads((out / "report.json").read_text()), (out / "learned.crlw").read_bytes()


# One seat count of Crazy Eights with a recipe of every kind of stage (the
# --seats and --recipe options), cut down by --quick.
ONE_SEAT = [["medium", {"games": 3000, "epochs": 30}], ["hard", {"games": 100, "epochs": 2}],
            ["dagger", {"games": 100, "epochs": 2}], ["ppo", {"updates": 50, "every": 25}]]


@pytest.fixture(scope="module")
def quick_runs(tmp_path_factory):
    """Every game's quick run, and the ONE_SEAT run twice, side by side on
    the machine's cores: {name: (report, weights, folder)}."""
    one_seat = ("crazy-eights", "--seats", "2", "--recipe", json.dumps(ONE_SEAT))
    runs = {"trump21": ("trump21",)} | {game: (game,) for game in RECIPES}  # longest first
    runs |= {"one seat": one_seat, "one seat again": one_seat}
    folders = {name: tmp_path_factory.mktemp(name.replace(" ", "-")) for name in runs}
    with ThreadPoolExecutor(os.cpu_count()) as pool:
        done = {name: pool.submit(train, args[0], folders[name], *args[1:]) for name, args in runs.items()}
        return {name: (*job.result(), folders[name]) for name, job in done.items()}


def test_every_game_has_a_recipe():
    assert sorted(RECIPES) == sorted(cardrules.GAMES)


@pytest.mark.parametrize("game", sorted(RECIPES))
def test_a_quick_run_gives_a_network_of_the_shipped_shape_for_every_seat_count(game, quick_runs):
    report, weights, folder = quick_runs[game]
    shipped = read_weights((ROOT / "crates" / game / "learned.crlw").read_bytes())
    trained = read_weights(weights)
    assert sorted(trained) == sorted(shipped) == sorted(RECIPES[game])
    for seats, net in trained.items():
        # the observation and the action ids are the game's: the same input and output sizes
        assert net[0].in_features == shipped[seats][0].in_features
        assert net[-1].out_features == shipped[seats][-1].out_features
    stages = [(s["seats"], s["stage"]) for s in report["stages"]]
    expected = [(seats, kind) for seats, recipe in sorted(RECIPES[game].items(), reverse=True) for kind, _ in recipe]
    assert stages == expected
    for stage in report["stages"]:
        assert 0 <= stage["wins"] <= stage["of"] == report["select_games"]
        if stage["stage"] != "ppo":
            assert stage["rows"] > 0
        if stage["stage"] != "medium":
            # the stage's start and each snapshot played; the kept one won most
            counts = [w for _, w in stage["candidates"]]
            assert len(counts) >= 2 and stage["wins"] == max(counts)
    assert report["bytes"] == len(weights)
    assert set(report["final_from_seed_1"]) == {str(s) for s in RECIPES[game]}
    # a PPO stage's own settings reached ppo.py (its curve records them)
    for seats, recipe in RECIPES[game].items():
        for index, (kind, settings) in enumerate(recipe):
            if kind == "ppo":
                ran = json.loads((folder / f"{seats}-{index}-ppo-curve.json").read_text())["settings"]
                assert all(ran[key] == settings.get(key, default) for key, default in
                           [("seat", None), ("lr", 1e-5), ("seed", 27)])


def test_ppo_seats_each_game_slot_in_turn_unless_told_one_seat():
    from ppo import Games

    assert [env.seat for env in Games("trump21", 4, "medium", 6, 1, False).envs] == [0, 1, 2, 3, 0, 1]
    assert [env.seat for env in Games("trump21", 4, "medium", 3, 1, False, seat=2).envs] == [2, 2, 2]


def test_the_same_command_gives_the_same_weights(quick_runs):
    # seeds fixed: the two runs give the same bytes though they ran side by side
    assert quick_runs["one seat"][1] == quick_runs["one seat again"][1]


def test_one_seat_count_with_its_own_stages_keeps_the_other_shipped_network(quick_runs):
    report, weights, _ = quick_runs["one seat"]
    assert [(s["seats"], s["stage"]) for s in report["stages"]] == [(2, kind) for kind, _ in ONE_SEAT]
    trained = read_weights(weights)
    shipped = read_weights((ROOT / "crates" / "crazy-eights" / "learned.crlw").read_bytes())
    assert sorted(trained) == [2, 4]
    same = [bool((a == b).all()) for a, b in zip(trained[4].parameters(), shipped[4].parameters())]
    assert same and all(same)
    assert not all((a == b).all() for a, b in zip(trained[2].parameters(), shipped[2].parameters()))


@pytest.mark.parametrize("recipe, message", [
    ('[["medium", {"games": 40, "epochs": 1}], ["hrad", {"games": 4, "epochs": 1}]]', "no stage kind 'hrad'"),
    ('[["ppo", {"updates": 2, "every": 1}]]', "starts with its one medium stage"),
    ('[["medium", {"games": 40}]]', "needs epochs"),
    ('[["medium", {"games": 40, "epochs": 1}], ["ppo", {"updates": 2, "every": 1, "samples": 50}]]',
     "for a hard or dagger stage only"),
    ('[["medium", {"games": 40, "epochs": 1}], ["hard", {"games": 4, "epochs": 1, "samples": 0}]]',
     "samples is a count of at least 1"),
    ('[["medium"', "is not JSON"),
])
def test_a_bad_recipe_is_refused_before_anything_runs(recipe, message, tmp_path):
    done = subprocess.run([sys.executable, HERE / "train.py", "--game", "hearts", "--seats", "4", "--recipe", recipe,
                           "--out", tmp_path / "run"], capture_output=True, text=True)
    assert done.returncode != 0 and message in done.stderr
    assert not (tmp_path / "run").exists()


def test_a_stage_s_samples_reach_the_teacher(tmp_path):
    # Hearts' hard level is information-set MCTS, not a rollout search, so
    # learned_data refuses the option the hard stage passes it.
    recipe = [["medium", {"games": 40, "epochs": 1}], ["hard", {"games": 4, "epochs": 1, "samples": 50}]]
    done = subprocess.run([sys.executable, HERE / "train.py", "--game", "hearts", "--seats", "4", "--quick",
                           "--recipe", json.dumps(recipe), "--out", tmp_path], capture_output=True, text=True)
    assert done.returncode != 0 and "learned_data failed" in done.stderr
    assert "hearts's hard level is not a rollout search" in (tmp_path / "logs" / "data-4-1-hard.log").read_text()


def test_a_widened_network_gives_the_same_logits_and_weighs_the_new_inputs_zero():
    import torch

    from learned import network, weights_bytes
    from widen import widen

    torch.manual_seed(3)
    net = network([10, 6, 5])
    wide = widen(net, 4, 3)
    x = torch.rand(8, 10)
    padded = torch.cat([x[:, :4], torch.zeros(8, 3), x[:, 4:]], dim=1)
    assert torch.allclose(net(x), wide(padded), atol=1e-6)
    assert torch.count_nonzero(wide[0].weight[:, 4:7]) == 0
    again = read_weights(weights_bytes([(4, wide)]))[4]
    assert again[0].in_features == 13 and torch.equal(again(padded), wide(padded))
    with pytest.raises(ValueError, match="outside"):
        widen(net, 11, 3)


def test_a_negligible_weight_is_written_and_read_as_zero_as_the_rust_reader_reads_it():
    import numpy as np
    import torch

    from learned import network, weights_bytes

    net = network([3, 2])
    with torch.no_grad():
        net[0].weight.copy_(torch.tensor([[1e-35, -1e-31, 0.5], [2e-30, 1e-29, -3.0]]))
        net[0].bias.copy_(torch.tensor([-1e-36, 1.0]))
    data = weights_bytes([(2, net)])
    # After the header (12 bytes), the network's seats, layer count and two widths (16): 6 weights, 2 biases.
    written = np.frombuffer(data, "<f4", 8, 28).tolist()
    assert written[:6] == [0.0, 0.0, 0.5, pytest.approx(2e-30), pytest.approx(1e-29), -3.0]
    assert written[6:] == [0.0, 1.0]
    raw = bytearray(data)
    raw[28:32] = np.float32(1e-35).tobytes()  # a file written by another tool
    assert read_weights(bytes(raw))[2][0].weight[0, 0] == 0.0
