"""cardrules.vector: the gymnasium.vector API shape, autoreset with the final
observation, EnvPool-style send/recv, any integer actions, and results that
do not depend on the thread count."""

import numpy as np
import pytest

import cardrules
from cardrules.vector import CardVectorEnv
from conftest import short_rules, table


def masked_random(obs, rng):
    return np.array([rng.choice(np.flatnonzero(m)) for m in obs["action_mask"]])


def run(game, threads, seed=3, steps=150, n=70):
    env = CardVectorEnv(game, n, table(game), short_rules(game), threads=threads)
    obs, info = env.reset(seed=seed)
    assert env.observation_space.contains(obs)
    rng = np.random.default_rng(0)
    trace, ended = [], 0
    for _ in range(steps):
        obs, reward, term, trunc, info = env.step(masked_random(obs, rng))
        assert env.observation_space.contains(obs)
        assert reward.shape == (n,) and term.shape == (n,) and trunc.shape == (n,)
        done = term | trunc
        # Every end terminates; the info marks those a limit of the rules made.
        assert not trunc.any() and not (info["ended_by_limit"] & ~term).any()
        assert (info["_final_obs"] == done).all() and not reward[~done].any()
        assert all(f is None for f in info["final_obs"][~done])
        for f in info["final_obs"][done]:
            assert env.single_observation_space.contains(f)
        ended += int(done.sum())
        trace.append((obs["observation"].sum(), reward.sum()))
    env.close()
    return trace, ended


def test_api_shape_autoreset_and_threads_agree(game):
    one, ended = run(game, threads=1)
    two, _ = run(game, threads=2)
    assert one == two, "results do not depend on the thread count"
    assert ended > 0


def test_send_recv_is_step(game):
    a = CardVectorEnv(game, 8, table(game), short_rules(game))
    b = CardVectorEnv(game, 8, table(game), short_rules(game))
    oa, _ = a.reset(seed=1)
    b.reset(seed=1)
    rng = np.random.default_rng(2)
    for _ in range(20):
        act = masked_random(oa, rng)
        b.send(act)
        oa, ra, ta, _, _ = a.step(act)
        ob, rb, tb, _, _ = b.recv()
        np.testing.assert_array_equal(oa["observation"], ob["observation"])
        assert (ra == rb).all() and (ta == tb).all()
    with pytest.raises(RuntimeError):
        b.recv()


@pytest.mark.parametrize("kind", ["int32", "uint8", "list", "tuple"])
def test_any_integer_actions(kind):
    env = cardrules.vec_env("schwimmen", 4, 3)
    _, mask, _ = env.reset(1)
    ids = [int(np.flatnonzero(m)[0]) for m in mask]
    actions = {
        "int32": np.array(ids, np.int32),
        "uint8": np.array(ids, np.uint8),
        "list": ids,
        "tuple": tuple(ids),
    }[kind]
    out = env.step(actions)
    assert len(out) == 7
    with pytest.raises(TypeError):
        env.step(np.array(ids, np.float64))


def test_threads_are_reported():
    assert cardrules.vec_env("hearts", 2, 4, threads=2).threads == 2
    assert cardrules.vec_env("hearts", 2, 4).threads >= 1


def test_zero_games_are_refused_with_value_error():
    # Once IndexError "no game 0" from the adapter's inner.state(0).
    with pytest.raises(ValueError, match="num_envs is 0"):
        CardVectorEnv("hearts", 0)


def test_reset_seed_is_an_integer():
    env = CardVectorEnv("hearts", 2)
    with pytest.raises(TypeError):
        env.reset(seed=1.5)
    env.reset(seed=np.uint32(3))


def test_a_negative_seed_is_a_value_error():
    # Once pyo3's OverflowError ("can't convert negative int to unsigned").
    env = CardVectorEnv("hearts", 2)
    for bad in (-1, 2**64, np.int64(-1)):
        with pytest.raises(ValueError, match=rf"^seed {bad} is not a seed: seeds are 0 to 2\*\*64 - 1$"):
            env.reset(seed=bad)
    env.reset(seed=2**64 - 1)
