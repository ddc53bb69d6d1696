"""The games registered with OpenSpiel: random_sim_test and a bot playing a game."""

import copy
import json
import pickle

import numpy as np
import pyspiel
import pytest
from open_spiel.python import rl_environment
from open_spiel.python.algorithms import ismcts, mcts

import cardrules.bots

import cardrules.openspiel
from conftest import cases, short_rules, spiel_step, table


def load(game, seats):
    rules = short_rules(game)
    params = {"players": seats, "rules": json.dumps(rules) if rules else ""}
    return pyspiel.load_game(cardrules.openspiel.REGISTERED[game], params)


def play_against_random(g, bot, rng):
    """A whole game, ``bot`` at seat 0, random players elsewhere, chance by its
    probabilities; checks the bot's moves are legal and the returns sum to 0."""
    s = g.new_initial_state()
    moves = 0
    while not s.is_terminal():
        if s.is_chance_node():
            actions, probs = zip(*s.chance_outcomes())
            s.apply_action(int(rng.choice(actions, p=probs)))
        elif s.current_player() == 0:
            a = bot.step(s)
            assert a in s.legal_actions()
            s.apply_action(a)
            moves += 1
        else:
            s.apply_action(int(rng.choice(s.legal_actions())))
    assert moves > 0 and abs(sum(s.returns())) < 1e-9


@pytest.mark.parametrize("game,seats", cases())
def test_random_sim(game, seats):
    g = load(game, seats)
    assert g.num_players() == seats
    # Serializing replays the history at every step (quadratic in a game's
    # length), so only the smallest table of each game serializes.
    serialize = seats == min(n for g2, n in cases() if g2 == game)
    pyspiel.random_sim_test(g, num_sims=3, serialize=serialize, verbose=False)


def test_mcts_bot_plays_a_whole_game(game):
    g = load(game, table(game))
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(g, 2.0, 30, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    play_against_random(g, bot, rng)


def test_observation_tensor_is_the_seat_tensor(game):
    g = load(game, table(game))
    s = g.new_initial_state()
    while s.is_chance_node():
        s.apply_action(s.chance_outcomes()[0][0])
    p = s.current_player()
    np.testing.assert_array_equal(np.asarray(s.observation_tensor(p)), s.inner.observation(p))
    assert json.loads(s.observation_string(p))["viewer"] == {"seat": p}


def test_resample_keeps_the_seats_observation_and_deals_the_rest_again(game):
    g = load(game, table(game))
    rng = np.random.RandomState(1)
    s = g.new_initial_state()
    changed = 0
    for _ in range(60):
        while s.is_chance_node():
            actions, probs = zip(*s.chance_outcomes())
            s.apply_action(int(rng.choice(actions, p=probs)))
        if s.is_terminal():
            break
        p = s.current_player()
        for _ in range(3):
            r = s.resample_from_infostate(p, rng.uniform)
            assert r.current_player() == p
            assert r.observation_string(p) == s.observation_string(p)
            # Its information state too (what ISMCTS keys its tree by).
            assert r.information_state_string(p) == s.information_state_string(p)
            assert r.information_state_tensor(p) == s.information_state_tensor(p)
            assert sorted(r.legal_actions()) == sorted(s.legal_actions())
            changed += r.observation_string((p + 1) % 3) != s.observation_string((p + 1) % 3)
        s.apply_action(int(rng.choice(s.legal_actions())))
    assert changed > 0, "a resample never moved another seat's cards"
    with pytest.raises(ValueError):
        s.inner.resample(7, 0)


def test_a_resampled_state_keeps_its_information_state_through_pickle_and_deepcopy(game):
    """The record a resample carries for its seat (what the seat had seen
    before the resample) is part of the pickled state, so an unpickled or
    deep-copied sample gives every player the same information state,
    before and after more steps."""
    g = load(game, table(game))
    rng = np.random.RandomState(5)
    s = g.new_initial_state()
    for _ in range(12):
        if s.is_terminal():
            break
        spiel_step(s, rng)
    while s.is_chance_node():
        spiel_step(s, rng)
    assert not s.is_terminal()
    r = s.resample_from_infostate(s.current_player(), rng.uniform)
    for step in range(3):
        for copied in (pickle.loads(pickle.dumps(r)), copy.deepcopy(r)):
            for p in range(g.num_players()):
                assert copied.information_state_string(p) == r.information_state_string(p), (step, p)
                assert copied.information_state_tensor(p) == r.information_state_tensor(p), (step, p)
            assert copied.inner == r.inner
        if r.is_terminal():
            break
        spiel_step(r, rng)
    # A carried record's seat is checked like any other on unpickling.
    inner = r.inner
    start, history, chance, carried = inner.__reduce__()[1][1:]
    assert carried is not None and carried[1] == inner.seen_text(carried[0])[: len(carried[1])]
    with pytest.raises(ValueError, match="seat 9 is not at this"):
        cardrules._restore_state(game, start, history, chance, (9, carried[1]))


@pytest.mark.parametrize("use_observation_string", [False, True])
def test_openspiel_ismcts_bot_plays_a_whole_game(game, use_observation_string):
    g = load(game, table(game))
    rng = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(
        g,
        mcts.RandomRolloutEvaluator(1, rng),
        uct_c=2.0,
        max_simulations=20,
        random_state=rng,
        use_observation_string=use_observation_string,
    )
    play_against_random(g, bot, rng)


def test_serialized_game_and_state_load_again(game):
    g = load(game, table(game))
    s = g.new_initial_state()
    rng = np.random.RandomState(2)
    for _ in range(30):
        if s.is_terminal():
            break
        spiel_step(s, rng)
    g2, s2 = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(g, s))
    assert str(g2) == str(g) and s2.history() == s.history() and s2.inner == s.inner
    s3 = pickle.loads(pickle.dumps(s))
    assert s3.inner == s.inner and str(s3) == str(s)
    assert str(pickle.loads(pickle.dumps(g))) == str(g)


def test_rl_environment_with_the_full_state(game):
    env = rl_environment.Environment(load(game, table(game)), include_full_state=True)
    ts = env.reset()
    steps = 0
    while not ts.last() and steps < 300:
        p = ts.observations["current_player"]
        assert "serialized_state" in ts.observations
        ts = env.step([ts.observations["legal_actions"][p][0]])
        steps += 1
    assert steps > 0


def test_max_game_length_is_the_rules_bound_and_holds(game):
    g = load(game, table(game))
    bound = g.max_game_length()
    assert 0 < bound < 2**30
    rng = np.random.RandomState(3)
    for _ in range(3):
        s = g.new_initial_state()
        decisions = 0
        while not s.is_terminal():
            decisions += not s.is_chance_node()
            spiel_step(s, rng)
        assert decisions <= bound


def test_library_bots_play_as_pyspiel_bots(game):
    g = load(game, table(game))
    bot = cardrules.bots.spiel_bot(game, 0, "medium", seed=1)
    assert isinstance(bot, pyspiel.Bot)
    play_against_random(g, bot, np.random.RandomState(4))


def test_players_defaults_to_the_games_default_and_openspiels_own():
    """A ``cardrules_<game>`` loaded without ``players`` has the game's default
    table (``cardrules.default_seats``, the game crate's ``DEFAULT_SEATS``);
    for the games OpenSpiel has (Crazy Eights, Hearts) that is OpenSpiel's own
    game's default, 5 and 4 (Crazy Eights once loaded with 4)."""
    for game in cardrules.GAMES:
        g = pyspiel.load_game(cardrules.openspiel.REGISTERED[game])
        assert g.num_players() == cardrules.default_seats(game)
        assert g.get_type().parameter_specification["players"] == cardrules.default_seats(game)
        low, high = cardrules.seat_range(game)
        assert (g.get_type().min_num_players, g.get_type().max_num_players) == (low, high)
    for game, spiel in (("crazy-eights", "crazy_eights"), ("hearts", "hearts")):
        ours = pyspiel.load_game(cardrules.openspiel.REGISTERED[game])
        assert ours.num_players() == pyspiel.load_game(spiel).num_players()
