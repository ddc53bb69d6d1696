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


@pytest.mark.parametrize("recall", [False, True])
def test_public_observation_is_the_same_for_every_seat(game, recall):
    """The public observer (its current view, or with perfect recall the
    public record and its fingerprint) gives every seat the same string and
    tensor: a spectator's."""
    g = load(game)
    public = pyspiel.IIGObservationType(
        perfect_recall=recall, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
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
            differs |= not np.array_equal(private.tensor[: g.observation_tensor_size()], obs.tensor[: g.observation_tensor_size()])
        assert len(strings) == 1 and len(tensors) == 1
        assert strings.pop() == (s.inner.seen_text() if recall else s.inner.view_json())
        np.testing.assert_array_equal(
            obs.tensor, s.inner.information_state_tensor() if recall else s.inner.observation()
        )
        spiel_step(s, rng)
    assert differs, "a seat's own view holds more than the public one"


def test_information_state_tensors_are_equal_exactly_when_the_strings_are(game):
    """Along random games, the children of each node (every legal action or
    chance outcome): for each seat and the public observer, two states give
    the same information-state tensor exactly when they give the same
    information-state string, so different things the seat saw give
    different tensors."""
    g = load(game)
    info = pyspiel.IIGObservationType(perfect_recall=True)
    public = pyspiel.IIGObservationType(
        perfect_recall=True, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
    )
    observers = [(g.make_py_observer(info), p) for p in range(g.num_players())]
    observers.append((g.make_py_observer(public), 0))
    rng = np.random.RandomState(5)
    s = g.new_initial_state()
    seen = [dict() for _ in observers]
    distinct = 0
    for _ in range(80):
        if s.is_terminal():
            break
        moves = [a for a, _ in s.chance_outcomes()] if s.is_chance_node() else s.legal_actions()
        for a in moves[:12]:
            child = s.child(a)
            for (obs, p), known in zip(observers, seen):
                obs.set_from(child, p)
                text = obs.string_from(child, p)
                tensor = obs.tensor.tobytes()
                assert known.setdefault(text, tensor) == tensor, "one string, one tensor"
        spiel_step(s, rng)
    for known in seen:
        tensors = list(known.values())
        assert len(set(tensors)) == len(tensors), "different strings, different tensors"
        distinct += len(tensors)
    assert distinct > 2 * len(observers)
    # The tensor starts with the seat's current view.
    assert s.information_state_tensor(0)[: g.observation_tensor_size()] == s.observation_tensor(0)


def test_information_state_tensor_has_the_documented_layout(game):
    g = load(game)
    s = g.new_initial_state()
    size = g.observation_tensor_size() + cardrules.openspiel.FINGERPRINT_BITS
    assert g.information_state_tensor_size() == size
    t = np.array(s.information_state_tensor(0))
    assert t.shape == (size,) and set(np.unique(t[-64:])) <= {0.0, 1.0}
    assert np.array_equal(t, s.inner.information_state_tensor(0))


def fnv1a(text):
    h = 0xCBF29CE484222325
    for b in text.encode():
        h = ((h ^ b) * 0x100000001B3) % 2**64
    return h


def test_the_fingerprint_is_of_the_seen_text_along_a_game(game):
    """The tensor's 64 bits are FNV-1a of ``seen_text`` (kept step by step
    in Rust, so asked at every step, and after a pickle, it stays the text's)."""
    import pickle

    st = cardrules.state(game, table(game), short_rules(game), seed=3)
    rng = np.random.default_rng(3)
    for step in range(60):
        if st.is_terminal():
            break
        if step % 7 == 0:
            for p in [None, *range(st.num_players)]:
                bits = st.information_state_tensor(p)[-64:].astype(np.uint64)
                assert int((bits << np.arange(64, dtype=np.uint64)).sum()) == fnv1a(st.seen_text(p))
        if step == 30:
            st = pickle.loads(pickle.dumps(st))
        if st.is_chance_node():
            st.apply_chance()
        else:
            st.apply(int(rng.choice(st.legal_actions())))


def test_tensors_lie_in_zero_to_one(game):
    """Every tensor entry lies in [0, 1] (the Box every environment
    declares), for every seat and the public view, along whole games."""
    for seed in range(4):
        st = cardrules.state(game, table(game), short_rules(game), seed=seed)
        rng = np.random.default_rng(seed)
        while not st.is_terminal():
            st.resolve_chance()
            if st.is_terminal():
                break
            for p in [None, *range(st.num_players)]:
                o = st.observation(p)
                assert o.dtype == np.float32 and o.min() >= 0.0 and o.max() <= 1.0, (game, p)
                # Now and then: the fingerprint replays the whole history.
                if st.history_len % 16 == 0:
                    i = st.information_state_tensor(p)
                    assert i.min() >= 0.0 and i.max() <= 1.0, (game, p)
            st.apply(int(rng.choice(st.legal_actions())))
