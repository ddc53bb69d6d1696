"""The batched VecEnv: shapes, seeding, auto-reset, rewards, refusals."""

import numpy as np
import pytest

import cardrules
from conftest import short_rules, table


def random_actions(mask, rng):
    return np.array([rng.choice(np.flatnonzero(m)) for m in mask], dtype=np.int64)


def run(game, seed, steps=300, n=8, seats=None):
    seats = seats or table(game)
    env = cardrules.vec_env(game, n, seats, short_rules(game))
    obs, mask, player = env.reset(seed)
    rng = np.random.default_rng(0)
    trace = []
    total = np.zeros(seats)
    finished = 0
    for _ in range(steps):
        obs, mask, rewards, terminated, truncated, player, final_obs = env.step(
            random_actions(mask, rng)
        )
        dones = terminated | truncated
        assert not (terminated & truncated).any()
        assert final_obs.shape == (int(dones.sum()), env.observation_size)
        assert obs.shape == (n, env.observation_size) and obs.dtype == np.float32
        assert mask.shape == (n, env.num_actions) and mask.any(axis=1).all()
        assert rewards.shape == (n, seats) and dones.shape == (n,)
        assert ((player >= 0) & (player < seats)).all()
        assert not rewards[~dones].any(), "rewards only when a game ends"
        assert np.allclose(rewards[dones].sum(axis=1), 0.0, atol=1e-6), "zero-sum (float32 thirds)"
        total += rewards.sum(axis=0)
        finished += int(dones.sum())
        trace.append(obs.sum())
    assert env.episodes == finished
    return trace, finished


def test_seeded_and_auto_resetting(game):
    a, finished = run(game, 7)
    b, _ = run(game, 7)
    c, _ = run(game, 8)
    assert a == b and a != c
    assert finished > 0, "games end and start again"


def test_observation_matches_the_state(game):
    env = cardrules.vec_env(game, 4, table(game), short_rules(game))
    obs, mask, player = env.reset(1)
    for i in range(4):
        st = env.state(i)
        assert st.current_player() == player[i]
        np.testing.assert_array_equal(obs[i], st.observation(int(player[i])))
        np.testing.assert_array_equal(mask[i], st.legal_mask())


def test_illegal_action_refused_without_change(game):
    env = cardrules.vec_env(game, 3, table(game), short_rules(game))
    obs, mask, _ = env.reset(2)
    before = [env.state(i).to_json() for i in range(3)]
    actions = random_actions(mask, np.random.default_rng(1))
    actions[2] = int(np.flatnonzero(~mask[2])[0])
    with pytest.raises(ValueError, match="game 2"):
        env.step(actions)
    for bad in (-1, env.num_actions, 64 * (env.num_actions // 64 + 1), 2**40):
        actions[2] = bad
        with pytest.raises(ValueError, match=f"action {bad} is not legal in game 2"):
            env.step(actions)
    with pytest.raises(ValueError):
        env.step(actions[:2])
    assert [env.state(i).to_json() for i in range(3)] == before


def test_random_actions_are_legal_and_seeded(game):
    def run(seed):
        env = cardrules.vec_env(game, 6, table(game), short_rules(game))
        _, mask, _ = env.reset(seed)
        chosen = []
        for _ in range(200):
            a = env.random_actions()
            assert a.dtype == np.int64 and mask[np.arange(6), a].all()
            # The same actions until the next step.
            assert (env.random_actions() == a).all()
            chosen.append(a.tolist())
            _, mask, *_ = env.step(a)
        return chosen, env.episodes

    assert run(3) == run(3)
    assert run(3) != run(4)


def test_arrays_python_holds_are_never_written_again(game):
    """A step writes into an earlier call's arrays only once Python holds
    no reference to them: held arrays (and views of them) keep their values,
    reused ones hold exactly the new step's outputs, and a loop that drops
    its arrays gets the same few back."""
    n = 4
    env = cardrules.vec_env(game, n, table(game), short_rules(game))
    obs, mask, _ = env.reset(1)
    held = [(obs, mask, obs.copy(), mask.copy())]
    row = obs[1]
    row_then = row.copy()
    rng = np.random.default_rng(0)
    addresses = set()
    for k in range(40):
        out = env.step(random_actions(mask, rng))
        obs, mask, player = out[0], out[1], out[5]
        del out
        for i in range(n):
            state = env.state(i)
            np.testing.assert_array_equal(obs[i], state.observation(int(player[i])))
            np.testing.assert_array_equal(mask[i], state.legal_mask())
        if k % 8 == 0:
            held.append((obs, mask, obs.copy(), mask.copy()))
        elif k > 30:
            addresses.add(obs.__array_interface__["data"][0])
    for o, m, o_then, m_then in held:
        np.testing.assert_array_equal(o, o_then)
        np.testing.assert_array_equal(m, m_then)
    np.testing.assert_array_equal(row, row_then)
    assert len(addresses) <= 3, "dropped arrays are written again"


@pytest.mark.parametrize(
    "keep",
    [
        lambda a: a[0],
        lambda a: a[1:3],
        lambda a: a[:, 1],
        lambda a: np.asarray(a)[2],
        lambda a: a.reshape(-1),
        lambda a: memoryview(a),
    ],
    ids=["row", "slice", "column", "asarray", "reshape", "memoryview"],
)
def test_a_view_alone_keeps_its_array(game, keep):
    """A view of an obs or mask array (the array itself dropped) keeps its
    values: the views' base is the array the reuse check counts."""
    env = cardrules.vec_env(game, 8, table(game), short_rules(game))
    obs, mask, _ = env.reset(1)
    views = [keep(obs), keep(mask)]
    then = [np.array(v, copy=True) for v in views]
    del obs, mask
    for _ in range(8):
        env.step(env.random_actions())
    for v, t in zip(views, then):
        np.testing.assert_array_equal(np.asarray(v), t)


def test_num_envs_and_threads_are_bounded():
    """0 games, more than MAX_GAMES (2**40 once aborted the interpreter,
    2**62 panicked) and more than MAX_THREADS threads (10,000 took two
    minutes) are refused with ValueError naming the limit."""
    assert cardrules.MAX_GAMES == 2**20 and cardrules.MAX_THREADS == 256
    with pytest.raises(ValueError, match="num_envs is 0"):
        cardrules.vec_env("hearts", 0)
    for n in (2**20 + 1, 2**40, 2**62):
        with pytest.raises(ValueError, match=f"num_envs {n} is more than the 1048576 games"):
            cardrules.vec_env("hearts", n)
    for t in (257, 10_000, 2**63):
        with pytest.raises(ValueError, match=f"threads {t} is more than the 256"):
            cardrules.vec_env("crazy-eights", 4, None, None, t)
    assert cardrules.vec_env("crazy-eights", 2, None, None, 256).threads == 256


def test_negative_and_huge_counts_and_game_indexes_are_refused_by_name():
    """pyo3 once refused a negative (or a past-64-bit) count of games,
    seats or threads, and a negative game index, with OverflowError."""
    for bad in (-1, -(2**70), 2**70):
        with pytest.raises(ValueError, match=rf"^num_envs {bad} is not a number of games: a vector env takes 1 to 1048576$"):
            cardrules.vec_env("hearts", bad)
        with pytest.raises(ValueError, match=rf"^seats {bad} is not a seat count: hearts is played by exactly 4 players$"):
            cardrules.HeartsVecEnv(2, bad)
        with pytest.raises(ValueError, match=rf"^threads {bad} is not a thread count: a vector env takes 0 \(one per core\) to 256$"):
            cardrules.vec_env("hearts", 2, None, None, bad)
    env = cardrules.vec_env("hearts", 2)
    for bad in (-1, 2, 2**70):
        with pytest.raises(IndexError, match=rf"^no game {bad}: the games are numbered 0 to 1$"):
            env.state(bad)


def test_refused_ids_are_reported_as_given_with_the_reason(game):
    """A uint64 id past i64 once wrapped ('action -9223372036854775808');
    a refusal now says why, in the rules' words as State.apply does."""
    env = cardrules.vec_env(game, 2, table(game), short_rules(game))
    _, mask, _ = env.reset(1)
    before = [env.state(i).to_json() for i in range(2)]
    with pytest.raises(ValueError, match=r"^action 9223372036854775808 is not legal in game 0: not an id"):
        env.step(np.array([2**63] * 2, np.uint64))
    with pytest.raises(ValueError, match=r"^action 18446744073709551615 is not legal in game 1"):
        env.step(np.array([int(np.flatnonzero(mask[0])[0]), 2**64 - 1], np.uint64))
    with pytest.raises(ValueError, match=rf"^action {env.num_actions} is not legal in game 0: not an id"):
        env.step([env.num_actions, 0])
    illegal = np.flatnonzero(~mask[0])
    if illegal.size:
        st = env.state(0)
        with pytest.raises(ValueError) as why:
            st.apply(int(illegal[0]))
        actions = env.random_actions().copy()
        actions[0] = illegal[0]
        with pytest.raises(ValueError, match=rf"^action {illegal[0]} is not legal in game 0: ") as refused:
            env.step(actions)
        assert str(refused.value).endswith(str(why.value))
    assert [env.state(i).to_json() for i in range(2)] == before
