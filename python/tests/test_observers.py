"""Honest observers: information state, observation and public observer,
strings and tensors, and the tensors' bounds."""

import json

import numpy as np
import pyspiel
import pytest

import cardrules
import cardrules.openspiel
from conftest import short_rules, spiel_step, table


def load(game):
    rules = short_rules(game)
    params = {"players": table(game), "rules": json.dumps(rules) if rules else ""}
    return pyspiel.load_game(cardrules.openspiel.REGISTERED[game], params)


def twins(g, seat, seed):
    """Pairs of states, along a random game, whose histories are the same but
    for the last chance outcome, which ``seat`` sees alike in both (a card
    dealt or drawn elsewhere), and the seats that see the difference."""
    rng = np.random.RandomState(seed)
    s = g.new_initial_state()
    pairs = []
    for _ in range(200):
        if s.is_terminal():
            break
        if s.is_chance_node():
            actions, probs = zip(*s.chance_outcomes())
            x = int(rng.choice(actions, p=probs))
            seen = s.inner.event_text(x, seat)
            others = [y for y in actions if y != x and s.inner.event_text(y, seat) == seen]
            # Alike to the seat: the step shows it the same words and leaves
            # it the same view (who acts next can depend on a hidden card,
            # and then the seat tells the two apart).
            if others and s.child(x).observation_string(seat) == s.child(int(others[0])).observation_string(seat):
                a, b = s.child(x), s.child(int(others[0]))
                knows = [p for p in range(g.num_players()) if s.inner.event_text(x, p) != s.inner.event_text(int(others[0]), p)]
                pairs.append((a, b, knows))
            s.apply_action(x)
        else:
            s.apply_action(int(rng.choice(s.legal_actions())))
    return pairs


def test_histories_a_seat_cannot_tell_apart_give_equal_information_states(game):
    g = load(game)
    seat = 0
    pairs = [p for seed in range(2) for p in twins(g, seat, seed)]
    assert pairs, "no hidden chance outcome to swap"
    told = 0
    for a, b, knows in pairs:
        assert a.information_state_string(seat) == b.information_state_string(seat)
        assert a.information_state_tensor(seat) == b.information_state_tensor(seat)
        assert a.observation_string(seat) == b.observation_string(seat)
        assert a.observation_tensor(seat) == b.observation_tensor(seat)
        assert a.inner != b.inner, "the histories differ"
        for p in knows:
            assert a.information_state_string(p) != b.information_state_string(p)
            told += 1
    assert told > 0, "some seat sees each swapped outcome"


def test_information_state_is_perfect_recall_not_the_current_view(game):
    g = load(game)
    s = g.new_initial_state()
    rng = np.random.RandomState(1)
    for _ in range(40):
        if s.is_terminal():
            break
        before = s.information_state_string(0)
        spiel_step(s, rng)
        assert s.information_state_string(0).startswith(before), "what was seen stays"
    assert s.information_state_string(0) != s.observation_string(0)
    assert s.information_state_string(0).count("\n") == len(s.history())
    assert s.information_state_string(0).endswith(s.observation_string(0))


def test_public_observation_is_the_same_for_every_seat(game):
    g = load(game)
    public = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
    )
    obs = g.make_py_observer(public)
    private = g.make_py_observer(pyspiel.IIGObservationType(perfect_recall=False))
    s = g.new_initial_state()
    rng = np.random.RandomState(2)
    differs = False
    for _ in range(60):
        if s.is_terminal():
            break
        strings, tensors = set(), set()
        for p in range(g.num_players()):
            obs.set_from(s, p)
            tensors.add(obs.tensor.tobytes())
            strings.add(obs.string_from(s, p))
            private.set_from(s, p)
            differs |= not np.array_equal(private.tensor, obs.tensor)
        assert len(strings) == 1 and len(tensors) == 1
        assert json.loads(strings.pop())["viewer"] == "spectator"
        spiel_step(s, rng)
    assert differs, "a seat's own view holds more than the public one"


def test_tensors_lie_in_their_documented_bounds(game):
    """Every tensor lies from 0 to the game's documented bound (the Box the
    environments declare); the games that state [0, 1] are checked at it."""
    high = cardrules.state(game, table(game)).observation_bound
    if high is None:
        pytest.skip(f"{game} states no bound for its tensor")
    for seed in range(4):
        st = cardrules.state(game, table(game), short_rules(game), seed=seed)
        rng = np.random.default_rng(seed)
        while not st.is_terminal():
            st.resolve_chance()
            if st.is_terminal():
                break
            for p in [None, *range(st.num_players)]:
                o = st.observation(p)
                assert o.min() >= 0.0 and o.max() <= high, (game, p)
            st.apply(int(rng.choice(st.legal_actions())))
