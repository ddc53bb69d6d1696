"""The single-agent Gymnasium environments ``cardrules/<game>-v0``."""

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import cardrules.gym
from cardrules.bots import Bot
from conftest import short_rules, table


def make(game, **kw):
    return gymnasium.make(
        f"cardrules/{game}-v0", seats=table(game), rules=short_rules(game), **kw
    )


def test_check_env_passes(game):
    env = make(game, opponents="random")
    check_env(env.unwrapped, skip_render_check=True)
    check_env(make(game, opponents="medium").unwrapped, skip_render_check=True)


def test_every_game_is_registered():
    for game, env_id in cardrules.gym.IDS.items():
        assert env_id == f"cardrules/{game}-v0" and env_id in gymnasium.registry


def test_episodes_end_with_the_learners_place_reward_and_replay(game):
    def episode(seed):
        env = make(game, opponents=["medium", "easy", "random"][: table(game) - 1])
        obs, info = env.reset(seed=seed)
        rng = np.random.default_rng(0)
        rewards, steps = [], 0
        while True:
            a = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            obs, r, term, trunc, info = env.step(a)
            rewards.append(r)
            steps += 1
            if term or trunc:
                break
        assert -1.0 <= rewards[-1] <= 1.0 and not any(rewards[:-1])
        return rewards, steps

    assert episode(1) == episode(1)


def test_opponents_may_be_bots_or_functions():
    env = make("crazy-eights", opponents=[Bot("crazy-eights", "easy", 1), lambda s: s.legal_actions()[0]])
    obs, _ = env.reset(seed=0)
    assert obs["action_mask"].any()
    with pytest.raises(ValueError):
        make("crazy-eights", opponents=["random"] * 5)


def test_human_render_prints(capsys):
    env = make("schwimmen", render_mode="human")
    obs, _ = env.reset(seed=2)
    env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert capsys.readouterr().out


def test_a_game_limit_terminates_and_says_so():
    """The limit (C12.2) is a rule that ends and scores the game: terminated,
    never truncated (a learner would bootstrap past a scored end)."""
    env = gymnasium.make("cardrules/crazy-eights-v0", seats=3, rules={"max_turns": 1})
    obs, _ = env.reset(seed=3)
    done = False
    while not done:
        legal = np.flatnonzero(obs["action_mask"])
        plays = [a for a in legal if a < 52]
        obs, r, term, trunc, info = env.step(int(plays[0]) if plays else int(legal[0]))
        done = term or trunc
    assert term and not trunc and info["ended_by_limit"]
    assert env.unwrapped.game_state.is_truncated()


def test_env_pickles_after_reset_and_plays_on_alike():
    import pickle

    env = make("hearts", opponents="easy")
    obs, _ = env.reset(seed=4)
    copy = pickle.loads(pickle.dumps(env.unwrapped))
    a = int(np.flatnonzero(obs["action_mask"])[0])
    first = env.unwrapped.step(a)
    second = copy.step(a)
    np.testing.assert_array_equal(first[0]["observation"], second[0]["observation"])
    assert first[1:4] == second[1:4]


def test_every_observation_lies_in_its_declared_space(game):
    env = make(game, opponents="random")
    box = env.observation_space["observation"]
    assert box.low.min() == 0.0 and box.high.max() == 1.0
    rng = np.random.default_rng(8)
    steps = 0
    for seed in range(5):
        obs, _ = env.reset(seed=seed)
        done = False
        while not done:
            assert env.observation_space.contains(obs), game
            obs, _, term, trunc, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            done = term or trunc
            steps += 1
        assert env.observation_space.contains(obs)
    assert steps > 20


def test_seats_zero_and_negative_are_the_games_refusal(game):
    """seats=0 once fell back to the default table (``seats or default``);
    -1 gave 'seat 0 is not at this -1-seat table'."""
    from cardrules.gym import CardGameGymEnv

    with pytest.raises(ValueError, match=r"not 0 \(\w+\)$"):
        CardGameGymEnv(game, seats=0)
    with pytest.raises(ValueError, match="seats -1 is not a seat count"):
        CardGameGymEnv(game, seats=-1)


def test_bad_seat_and_opponents_are_refused_at_construction():
    from cardrules.gym import CardGameGymEnv

    with pytest.raises(TypeError):
        CardGameGymEnv("hearts", seat=1.5)
    with pytest.raises(TypeError, match="an opponent is a level"):
        CardGameGymEnv("hearts", opponents=[None] * 3)
    with pytest.raises(TypeError, match="an opponent is a level"):
        CardGameGymEnv("hearts", opponents=["easy", 3, "hard"])
    assert CardGameGymEnv("hearts", seat=np.int64(2)).seat == 2


def test_step_takes_integer_actions_only():
    """step(2.7) once played 2 and step("3") played 3."""
    env = gymnasium.make(cardrules.gym.IDS["hearts"]).unwrapped
    obs, _ = env.reset(seed=1)
    before = env.game_state.history_len
    legal = int(np.flatnonzero(obs["action_mask"])[0])
    for bad in (legal + 0.7, float(legal), str(legal), np.float64(legal), None):
        with pytest.raises(TypeError, match="an action is an integer id"):
            env.step(bad)
        assert env.game_state.history_len == before
    env.step(np.int16(legal))
    assert env.game_state.history_len > before


def test_a_seat_the_game_never_reaches_is_refused_at_reset():
    """Seat 8 of nine never acts before a three-turn limit ends the game:
    reset says so instead of handing out a finished game."""
    env = gymnasium.make(
        "cardrules/schwimmen-v0",
        seats=9,
        seat=8,
        rules={"turn_limit": 3, "round_limit": 2},
        opponents="random",
    )
    with pytest.raises(RuntimeError, match="seat 8's first decision"):
        env.reset(seed=9)
