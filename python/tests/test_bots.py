"""cardrules.bots: every level for every game, seeded and deterministic, as
PettingZoo opponents."""

import numpy as np
import pytest

import cardrules
from cardrules.bots import LEVELS, Bot
from cardrules.pettingzoo import module_name
from conftest import short_rules, table

import importlib


def play(game, levels, seed, max_steps=400):
    """A game between bots; the actions chosen."""
    st = cardrules.state(game, table(game), short_rules(game), seed=seed)
    bots = [Bot(game, levels[i % len(levels)], seed=seed + i) for i in range(st.num_players)]
    chosen = []
    st.resolve_chance()
    while not st.is_terminal() and len(chosen) < max_steps:
        p = st.current_player()
        a = bots[p].act(st)
        assert st.legal_mask()[a]
        st.apply(a)
        st.resolve_chance()
        chosen.append(a)
    return chosen


@pytest.mark.parametrize("level", ["random", "easy", "medium", "learned"])
def test_every_level_plays_legally_and_replays(game, level):
    assert play(game, [level], 1) == play(game, [level], 1)


def test_seeds_change_random_play(game):
    assert play(game, ["random"], 1, 60) != play(game, ["random"], 2, 60)


def test_hard_bot_picks_a_legal_action_deterministically(game):
    st = cardrules.state(game, table(game), short_rules(game), seed=5)
    st.resolve_chance()
    a, b = Bot(game, "hard", seed=3).act(st), Bot(game, "hard", seed=3).act(st)
    assert a == b and st.legal_mask()[a]


def test_bad_level_and_game_refused():
    with pytest.raises(ValueError):
        Bot("schwimmen", "grandmaster")
    with pytest.raises(ValueError):
        Bot("chess")
    assert LEVELS == ("random", "easy", "medium", "hard", "learned")


def test_bots_as_pettingzoo_opponents(game):
    env = importlib.import_module(f"cardrules.pettingzoo.{module_name(game)}").env(
        seats=table(game), rules=short_rules(game)
    )
    env.reset(seed=1)
    bots = {a: Bot(game, "medium", seed=i) for i, a in enumerate(env.possible_agents)}
    rng = np.random.default_rng(0)
    total = 0.0
    for agent in env.agent_iter(max_iter=100_000):
        obs, reward, term, trunc, _ = env.last()
        if agent == "player_0":
            total += reward
        if term or trunc:
            env.step(None)
        elif agent == "player_0":
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        else:
            env.step(bots[agent].pettingzoo_action(env))
    assert not env.agents and -1.0 <= total <= 1.0


def test_state_bot_action_takes_the_levels_bot_takes():
    # State.bot_action once read "HARD" and " hard" while Bot refused them.
    st = cardrules.state("hearts", seed=1)
    st.resolve_chance()
    for level in ("HARD", " hard", "Random", "medium ", ""):
        with pytest.raises(ValueError, match="is not a bot level"):
            Bot("hearts", level)
        with pytest.raises(ValueError, match="is not a bot level"):
            st.bot_action(level)
    for level in LEVELS:
        assert st.bot_action(level) in st.legal_actions()
