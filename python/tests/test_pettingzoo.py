"""PettingZoo's own API and seed tests on every game, several seat counts."""

import importlib

import pytest
from pettingzoo.test import api_test, seed_test

import cardrules
from cardrules.pettingzoo import schwimmen_v0
from conftest import GAMES, cases, short_rules, table

#: Every game of the package has its PettingZoo module, ``<game>_v0``.
MODULES = {
    g: importlib.import_module(f"cardrules.pettingzoo.{g.replace('-', '_')}_v0")
    for g in GAMES
}


@pytest.mark.parametrize("game,seats", cases())
def test_api(game, seats):
    env = MODULES[game].env(seats=seats, rules=short_rules(game), render_mode="ansi")
    api_test(env, num_cycles=200)


@pytest.mark.parametrize("game,seats", cases())
def test_seed(game, seats):
    seed_test(lambda: MODULES[game].env(seats=seats, rules=short_rules(game)), num_cycles=200)


def test_whole_game_rewards_and_render(game):
    env = MODULES[game].env(seats=table(game), rules=short_rules(game), render_mode="ansi")
    env.reset(seed=4)
    # reset seeds the deal, not the action spaces' samplers: seeded here so the
    # game is the same on every run (unseeded, about one Schwimmen game in 14
    # ended with every seat tied and so every reward 0).
    for i, a in enumerate(env.possible_agents):
        env.action_space(a).seed(i)
    total = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter(max_iter=1_000_000):
        obs, reward, term, trunc, _ = env.last()
        total[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        mask = obs["action_mask"]
        assert mask.sum() >= 1
        assert isinstance(env.render(), str)
        env.step(env.action_space(agent).sample(mask))
    assert not env.agents
    assert abs(sum(total.values())) < 1e-9 and max(total.values()) > 0


def test_bad_render_mode_refused():
    with pytest.raises(ValueError):
        schwimmen_v0.raw_env(render_mode="human")


def test_module_names(game):
    env = MODULES[game].raw_env()
    assert env.metadata["name"] == f"{game}_v0" and game in cardrules.GAMES
