"""The low-level State: ids, masks, tensors, chance, returns, JSON."""

import json
import re

import numpy as np
import pytest

import cardrules
from conftest import cases, short_rules, table


def play_random(st, rng, limit=100_000):
    """Plays to the end (chance from the state's stream, players uniformly); checks each step."""
    steps = 0
    while not st.is_terminal() and steps < limit:
        if st.is_chance_node():
            outcomes = st.chance_outcomes()
            assert outcomes and abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
            assert sorted(a for a, _ in outcomes) == sorted(st.legal_actions())
            assert st.apply_chance() in dict(outcomes)
        else:
            p = st.current_player()
            legal = st.legal_actions()
            mask = st.legal_mask()
            assert mask.dtype == np.bool_ and mask.shape == (st.num_actions,)
            assert sorted(np.flatnonzero(mask).tolist()) == sorted(legal)
            obs = st.observation(p)
            assert obs.dtype == np.float32 and obs.shape == (st.observation_size,)
            st.apply(int(rng.choice(legal)))
        steps += 1
    return steps


@pytest.mark.parametrize("game,seats", cases())
def test_random_games_end_with_zero_sum_returns(game, seats):
    rng = np.random.default_rng(seats)
    st = cardrules.state(game, seats, short_rules(game), seed=3)
    assert st.current_player() == cardrules.CHANCE and st.returns() == [0.0] * seats
    play_random(st, rng)
    assert st.is_terminal() and st.current_player() == cardrules.TERMINAL
    r = st.returns()
    assert len(r) == seats and abs(sum(r)) < 1e-9
    places = st.places()
    assert isinstance(places, list) and all(type(p) is int for p in places), places
    # 1 for first down to -1 for last, ties sharing the average of their slots.
    for i in range(seats):
        tied = places.count(places[i])
        slots = range(places[i] - 1, places[i] - 1 + tied)
        want = sum(1 - 2 * k / (seats - 1) for k in slots) / tied
        assert abs(r[i] - want) < 1e-9, (places, r)
    assert st.legal_actions() == [] and not st.legal_mask().any()


def test_seeded_chance_replays(game):
    def run(seed):
        st = cardrules.state(game, table(game), short_rules(game), seed=seed)
        rng = np.random.default_rng(0)
        play_random(st, rng)
        return st.to_json()

    assert run(11) == run(11)
    assert run(11) != run(12)


def test_illegal_action_raises_and_leaves_state(game):
    st = cardrules.state(game, table(game), short_rules(game), seed=1)
    st.resolve_chance()
    before = st.to_json()
    illegal = int(np.flatnonzero(~st.legal_mask())[0])
    with pytest.raises(ValueError):
        st.apply(illegal)
    with pytest.raises(ValueError):
        st.apply(st.num_actions + 5)
    assert st.to_json() == before


def test_clone_is_independent_and_json_round_trips(game):
    st = cardrules.state(game, 4, short_rules(game), seed=5)
    st.resolve_chance()
    copy = st.clone()
    assert copy == st
    copy.apply(copy.legal_actions()[0])
    assert copy != st
    back = type(st).from_json(st.to_json())
    assert back == st and back.to_json() == st.to_json()
    with pytest.raises(ValueError):
        type(st).from_json(json.dumps({"not": "a state"}))


def test_action_text_round_trips(game):
    st = cardrules.state(game, table(game), short_rules(game), seed=2)
    st.resolve_chance()
    for a in st.legal_actions():
        assert st.string_to_action(st.action_to_string(a)) == a


def test_observation_is_the_seats_view(game):
    # The Rust tests check that tensors never change when hidden cards are
    # re-dealt (check_encoding); here: the tensor follows the seat's view, so
    # two states with equal views for seat 0 give seat 0 equal tensors, and a
    # seat outside the table is refused.
    n = table(game)
    st = cardrules.state(game, n, short_rules(game), seed=9)
    st.resolve_chance()
    view = json.loads(st.view_json(0))
    assert view["viewer"] == {"seat": 0}
    other = type(st).from_json(st.to_json())
    np.testing.assert_array_equal(other.observation(0), st.observation(0))
    tensors = {tuple(st.observation(s).tolist()) for s in range(n)}
    assert len(tensors) == n, "each seat sees its own tensor"
    with pytest.raises(ValueError):
        st.observation(n)


def test_event_text_refuses_a_seat_outside_the_table(game):
    # Seat 256 once wrapped to seat 0 (and showed its private text); seats
    # past the table answered as a spectator. None is the spectator.
    n = table(game)
    st = cardrules.state(game, n, short_rules(game), seed=9)
    st.resolve_chance()
    a = st.legal_actions()[0]
    for seat in (n, n + 1, 11, 255, 256, 256 + n):
        with pytest.raises(ValueError, match=f"seat {seat} is not at this {n}-seat table"):
            st.event_text(a, seat)
    assert st.event_text(a, None) == st.event_text(a)
    assert all(isinstance(st.event_text(a, s), str) for s in range(n))


#: Numbers no id or seat can be: pyo3 once refused them for a ``usize``
#: with OverflowError ("can't convert negative int to unsigned").
OUTSIDE = (-1, -(2**70), 2**64, 2**70)


def test_negative_and_huge_ids_and_seats_are_refused_like_any_other(game):
    """Every method that takes an id or a seat refuses a negative one, or one
    past 64 bits, with the ValueError and words it gives any id or seat out
    of range, and changes nothing."""
    n = table(game)
    st = cardrules.state(game, n, short_rules(game), seed=3)
    st.resolve_chance()
    before = st.to_json()
    a = st.legal_actions()[0]
    for bad in OUTSIDE + (np.int64(-1),):
        not_an_id = rf"^{bad} is not an id of the player action space$"
        not_a_seat = rf"^seat {bad} is not at this {n}-seat table$"
        with pytest.raises(ValueError, match=not_an_id):
            st.apply(bad)
        with pytest.raises(ValueError, match=not_an_id):
            st.event_text(bad)
        with pytest.raises(ValueError, match=rf"^{bad} is not an action id$"):
            st.action_to_string(bad)
        with pytest.raises(ValueError, match=not_a_seat):
            st.event_text(a, bad)
        for method in (st.observation, st.information_state_tensor, st.view_json, st.seen_text, st.resample):
            with pytest.raises(ValueError, match=not_a_seat):
                method(bad)
        low, high = cardrules.seat_range(game)
        players = f"exactly {low}" if low == high else f"{low} to {high}"
        not_a_count = rf"^seats {bad} is not a seat count: {game} is played by {players} players$"
        with pytest.raises(ValueError, match=not_a_count):
            type(st)(bad)
        with pytest.raises(ValueError, match=not_a_count):
            cardrules.state(game, bad)
    start, history, chance, _ = st.__reduce__()[1][1:]
    with pytest.raises(ValueError, match=rf"^the carried record's seat -1 is not at this {n}-seat table$"):
        cardrules._restore_state(game, start, history, chance, (-1, ""))
    assert st.to_json() == before
    with pytest.raises(TypeError):
        st.apply(-1.0)


def test_negative_and_huge_seeds_are_refused_like_any_other_number(game):
    """A seed is 0 to 2**64 - 1: pyo3 refused a negative one, or one past 64
    bits, with OverflowError ("can't convert negative int to unsigned");
    every method that takes a seed now says ValueError in the package's
    words, and changes nothing."""
    n = table(game)
    st = cardrules.state(game, n, short_rules(game), seed=3)
    st.resolve_chance()
    before = st.to_json()
    for bad in (-1, -(2**70), 2**64, 2**70, np.int64(-1)):
        not_a_seed = rf"^seed {bad} is not a seed: seeds are 0 to 2\*\*64 - 1$"
        with pytest.raises(ValueError, match=not_a_seed):
            cardrules.state(game, n, seed=bad)
        with pytest.raises(ValueError, match=not_a_seed):
            type(st)(n, None, bad)
        with pytest.raises(ValueError, match=not_a_seed):
            st.bot_action("easy", bad)
        with pytest.raises(ValueError, match=not_a_seed):
            st.resample(st.current_player(), bad)
        with pytest.raises(ValueError, match=not_a_seed):
            type(st).from_json(before, bad)
        with pytest.raises(ValueError, match=not_a_seed):
            cardrules.vec_env(game, 2, n).reset(bad)
    assert st.to_json() == before
    # The largest seed is a seed.
    assert cardrules.state(game, n, seed=2**64 - 1).num_players == n
    with pytest.raises(TypeError):
        cardrules.state(game, n, seed=1.0)


def test_a_seat_count_is_refused_in_the_game_s_own_words_before_the_table_is_made(game):
    """cardrules.state, vec_env and the classes refuse a count the game is
    not played by in one sentence, the game's own with its clause, which is
    the server's (cards_games::AnyTable::check_seats)."""
    low, high = cardrules.seat_range(game)
    cls, vec = cardrules.GAMES[game]
    for n in (0, 1, low - 1, high + 1, high + 2):
        if low <= n <= high:
            continue
        with pytest.raises(ValueError) as made:
            cls(n)
        words = str(made.value)
        assert re.search(rf"{high} players( here)?, not {n} \([A-Z]\d+\)$", words), words
        for refuse in (
            lambda: cardrules._core.check_seats(game, n),
            lambda: cardrules.state(game, n),
            lambda: cardrules.vec_env(game, 2, n),
            lambda: vec(2, n),
        ):
            with pytest.raises(ValueError, match=f"^{re.escape(words)}$"):
                refuse()
    for n in range(low, high + 1):
        assert cardrules._core.check_seats(game, n) is None
    with pytest.raises(ValueError, match=r"^seats -1 is not a seat count: "):
        cardrules._core.check_seats(game, -1)


def test_schwimmen_known_ids():
    st = cardrules.state("schwimmen", 2, seed=0)
    assert (st.num_actions, st.num_chance_outcomes, st.observation_size) == (1029, 64, 144 + 76 * 2)
    st.resolve_chance()
    assert sorted(st.legal_actions()) == [0, 1]
    assert st.action_to_string(0) == "keep" and st.action_to_string(1) == "take other"
    assert st.action_to_string(5 + 32 * 16 + 31, False) == "swap 7H AS"
    assert st.action_to_string(32, True) == "refill 7C"


def test_bad_rules_are_refused_naming_the_rule():
    with pytest.raises(ValueError, match=r"lives: every player starts with 1 to 100 lives, not 300 \(S3\)"):
        cardrules.state("schwimmen", 3, {"lives": 300}, seed=1)
    with pytest.raises(ValueError, match="lives: invalid type"):
        cardrules.state("schwimmen", 3, {"lives": "three"}, seed=1)
    with pytest.raises(ValueError, match='unknown rule "lifes"'):
        cardrules.state("schwimmen", 3, {"lifes": 3}, seed=1)


def test_zero_seats_reach_the_games_own_refusal(game):
    # ``seats or default`` once turned 0 into the default table.
    from cardrules.pettingzoo._aec import CardGameEnv

    for make in (
        lambda: cardrules.state(game, 0),
        lambda: cardrules.vec_env(game, 2, 0),
        lambda: CardGameEnv(game, seats=0),
    ):
        with pytest.raises(ValueError, match=r"not 0 \(\w+\)$"):
            make()
    with pytest.raises(ValueError, match="seats -1 is not a seat count"):
        cardrules.state(game, -1)
    with pytest.raises(TypeError):
        cardrules.state(game, 2.0)


def test_every_game_is_tested_at_its_smallest_and_largest_table(game):
    """The seat counts the tests take come from the package's own limits
    (``cardrules.seat_range``), not a list of games beside the package's:
    each game's smallest and largest tables, which its state takes, while it
    refuses one seat fewer or more."""
    low, high = cardrules.seat_range(game)
    tested = [n for g, n in cases() if g == game]
    assert (min(tested), max(tested)) == (low, high)
    assert len(tested) == len({low, (low + high) // 2, high})
    for seats in tested:
        assert cardrules.state(game, seats).num_players == seats
    for seats in (low - 1, high + 1):
        with pytest.raises(ValueError):
            cardrules.state(game, seats)


#: Each game crate's documented seat limits (``MIN_SEATS``, ``DEFAULT_SEATS``,
#: ``MAX_SEATS`` in ``crates/<game>/src/rules.rs``), written out here so that
#: the package's limits are checked against something other than themselves.
#: A game missing from this table is checked by the tests after it only.
DOCUMENTED_SEATS = {
    "schwimmen": (2, 4, 9),
    "trump21": (2, 3, 8),
    "shithead": (2, 4, 10),
    "crazy-eights": (2, 5, 10),
    "hearts": (4, 4, 4),
}


@pytest.mark.parametrize("game", sorted(DOCUMENTED_SEATS))
def test_seat_limits_are_the_game_crates_own(game):
    """``seat_range`` and ``default_seats`` are the game crate's limits (its
    default too: once "four, or the nearest", Trump 21's 3 and Crazy Eights'
    5 were not), and every adapter's table without ``seats`` is that default."""
    from cardrules.gym import CardGameGymEnv
    from cardrules.pettingzoo import CardGameEnv, CardParallelEnv
    from cardrules.vector import CardVectorEnv

    low, usual, high = DOCUMENTED_SEATS[game]
    assert cardrules.seat_range(game) == (low, high)
    assert cardrules.default_seats(game) == usual
    assert cardrules.state(game).num_players == usual
    assert cardrules.vec_env(game, 2, threads=1).num_players == usual
    assert CardVectorEnv(game, 2, threads=1).seats == usual
    assert CardGameEnv(game).seats == usual
    assert len(CardParallelEnv(game).possible_agents) == usual
    assert CardGameGymEnv(game).seats == usual
    assert cardrules.SEAT_LIMITS[game] == (low, usual, high)


def test_the_seat_limits_are_read_not_found_by_trying_tables(game, monkeypatch):
    """The limits come from the list (``cards_games::AnyTable::seat_limits``):
    no state is created to find them, and the game takes a table at both ends
    while refusing one seat past either."""
    (low, high), usual = cardrules.seat_range(game), cardrules.default_seats(game)
    assert low <= usual <= high
    state_class = cardrules.GAMES[game][0]
    for seats in (low, usual, high):
        assert state_class(seats, None, 0).num_players == seats
    for seats in (low - 1, high + 1):
        with pytest.raises(ValueError):
            state_class(seats, None, 0)

    def refuse(*_):
        raise AssertionError("a state was created to find the seat limits")

    monkeypatch.setitem(cardrules.GAMES, game, (refuse, refuse))
    assert cardrules.seat_range(game) == (low, high)
    assert cardrules.default_seats(game) == usual
    assert cardrules.SEAT_LIMITS[game] == (low, usual, high)


def test_unknown_game_names_are_value_errors_listing_the_games():
    # Once a bare KeyError: 'nope'.
    from cardrules.gym import CardGameGymEnv
    from cardrules.pettingzoo import CardGameEnv
    from cardrules.vector import CardVectorEnv

    for make in (
        lambda: cardrules.state("nope"),
        lambda: cardrules.state("nope", 4),
        lambda: cardrules.vec_env("nope", 2),
        lambda: cardrules.default_seats("nope"),
        lambda: CardGameGymEnv("nope"),
        lambda: CardGameEnv("nope"),
        lambda: CardVectorEnv("nope", 2),
    ):
        with pytest.raises(ValueError, match=r"'nope' is not a game of this build: \[.*'hearts'"):
            make()
