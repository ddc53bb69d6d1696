"""PettingZoo's own API, seed and parallel tests on every game, several seat
counts; truncation, the centralised-critic state, rendering, pickling."""

import importlib
import pickle

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test

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
        schwimmen_v0.raw_env(render_mode="rgb_array")


def test_human_render_prints_the_ansi_text(capsys):
    env = schwimmen_v0.env(seats=3, render_mode="human")
    env.reset(seed=1)
    agent = env.agent_selection
    env.step(int(np.flatnonzero(env.observe(agent)["action_mask"])[0]))
    assert "to act" in capsys.readouterr().out


def test_module_names(game):
    env = MODULES[game].raw_env()
    assert env.metadata["name"] == f"{game.replace('-', '_')}_v0" and game in cardrules.GAMES


@pytest.mark.parametrize("game,seats", cases())
def test_parallel_api(game, seats):
    env = MODULES[game].parallel_env(seats=seats, rules=short_rules(game))
    parallel_api_test(env, num_cycles=200)


def test_parallel_seed(game):
    parallel_seed_test(lambda: MODULES[game].parallel_env(seats=table(game), rules=short_rules(game)))


def test_state_holds_every_seat_for_a_centralised_critic(game):
    env = MODULES[game].raw_env(seats=table(game), rules=short_rules(game))
    env.reset(seed=2)
    s = env.state()
    assert env.state_space.contains(s)
    n = env.observation_size
    for i, agent in enumerate(env.possible_agents):
        np.testing.assert_array_equal(s[i * n : (i + 1) * n], env.observe(agent)["observation"])


def test_a_game_limit_terminates_and_says_so():
    """Crazy Eights with a turn limit of one play (C12.2): the first play ends
    the game, by the limit, a rule scored like any other, so every agent
    terminates (none is truncated) and its info says the limit ended it."""
    env = MODULES["crazy-eights"].env(seats=3, rules={"max_turns": 1})
    env.reset(seed=3)
    for agent in env.agent_iter(max_iter=1000):
        obs, _, term, trunc, info = env.last()
        if term or trunc:
            assert term and not trunc and info["ended_by_limit"]
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        plays = [a for a in legal if a < 52]
        env.step(int(plays[0]) if plays else int(legal[0]))
    assert not env.agents


def test_env_pickles_after_reset_and_plays_on_alike(game):
    env = MODULES[game].env(seats=table(game), rules=short_rules(game))
    env.reset(seed=5)
    for _ in range(5):
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(np.flatnonzero(mask)[0]))
    copy = pickle.loads(pickle.dumps(env))
    for e in (env, copy):
        for _ in range(5):
            if not e.agents:
                break
            obs, _, term, trunc, _ = e.last()
            e.step(None if term or trunc else int(np.flatnonzero(obs["action_mask"])[-1]))
    assert copy.unwrapped.game_state == env.unwrapped.game_state


def test_every_observation_lies_in_its_declared_space(game):
    """Whole games (every agent's observation at every step, the state for
    the critic) stay inside the spaces the AEC and parallel envs declare,
    whose observation Box is [0, 1]."""
    env = MODULES[game].env(seats=table(game), rules=short_rules(game))
    rng = np.random.default_rng(6)
    checked = 0
    for seed in range(3):
        env.reset(seed=seed)
        for agent in env.agent_iter(max_iter=100_000):
            box = env.observation_space(agent)["observation"]
            assert box.low.min() == 0.0 and box.high.max() == 1.0
            for a in env.agents:
                assert env.observation_space(a).contains(env.observe(a)), (game, a)
                checked += 1
            assert env.unwrapped.state_space.contains(env.unwrapped.state())
            obs, _, term, trunc, _ = env.last()
            env.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    par = MODULES[game].parallel_env(seats=table(game), rules=short_rules(game))
    obs, _ = par.reset(seed=7)
    while par.agents:
        for a, o in obs.items():
            assert par.observation_space(a).contains(o)
            checked += 1
        actions = {a: int(rng.choice(np.flatnonzero(o["action_mask"]))) if o["action_mask"].any() else 0 for a, o in obs.items()}
        obs, *_ = par.step(actions)
    assert checked > 200


def test_parallel_step_after_the_end_is_refused_and_changes_nothing(game):
    env = MODULES[game].parallel_env(seats=table(game), rules=short_rules(game))
    env.reset(seed=1)
    actor = env.aec.agent_selection
    mask = env.aec.observe(actor)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    _, rewards, terms, _, infos = env.step({a: illegal for a in env.agents})
    assert env.agents == [] and rewards[actor] == -1.0 and infos[actor]["illegal_action"]
    before = env.aec.game_state.history_len
    nxt = env.aec.agent_selection
    legal = int(np.flatnonzero(env.aec.observe(nxt)["action_mask"])[0])
    with pytest.raises(RuntimeError, match="the game is over"):
        env.step({nxt: legal})
    assert env.aec.game_state.history_len == before
    # A game that ended by its play is refused the same way.
    env.reset(seed=2)
    while env.agents:
        a = env.aec.agent_selection
        env.step({a: int(np.flatnonzero(env.aec.observe(a)["action_mask"])[0])})
    with pytest.raises(RuntimeError, match="the game is over"):
        env.step({env.aec.agent_selection: 0})


def test_aec_and_parallel_take_integer_actions_only():
    """{actor: 1.9} was once truncated to 1 and played."""
    raw = MODULES["hearts"].raw_env()
    raw.reset(seed=1)
    legal = int(np.flatnonzero(raw.observe(raw.agent_selection)["action_mask"])[0])
    before = raw.game_state.history_len
    for bad in (legal + 0.9, str(legal)):
        with pytest.raises(TypeError, match="an action is an integer id"):
            raw.step(bad)
    assert raw.game_state.history_len == before
    par = MODULES["hearts"].parallel_env()
    par.reset(seed=1)
    actor = par.aec.agent_selection
    legal = int(np.flatnonzero(par.aec.observe(actor)["action_mask"])[0])
    before = par.aec.game_state.history_len
    with pytest.raises(TypeError, match="an action is an integer id"):
        par.step({a: legal + 0.9 for a in par.agents})
    assert par.aec.game_state.history_len == before and par.agents
    par.step({a: np.int64(legal) for a in par.agents})
    assert par.aec.game_state.history_len > before


def test_module_functions_take_only_their_parameters():
    """env() and raw_env() once advertised **kwargs, and
    env(illegal_action=...) failed inside make()."""
    import inspect

    m = MODULES["hearts"]
    for f in (m.env, m.raw_env):
        assert not any(p.kind is p.VAR_KEYWORD for p in inspect.signature(f).parameters.values())
        with pytest.raises(TypeError, match=rf"{f.__name__}\(\) got an unexpected keyword argument 'illegal_action'"):
            f(illegal_action="raise")
    assert m.parallel_env(illegal_action="raise").illegal_action == "raise"
    with pytest.raises(ValueError, match="illegal_action 'nope'"):
        m.parallel_env(illegal_action="nope")


def test_rules_that_are_not_an_object_are_refused():
    # A JSON array was once read by position.
    for rules in ("[1, 2]", [1], "3", "null"):
        with pytest.raises(ValueError, match="rules are a JSON object"):
            MODULES["hearts"].env(rules=rules)
