"""Crazy Eights' action ids are OpenSpiel's: seeded random games of pyspiel's
``crazy_eights`` replayed move by move in cardrules (the player to act, the
legal ids, the chance outcomes and the returns agree)."""

import json

import numpy as np
import pyspiel
import pytest

import cardrules
import cardrules.openspiel

PARAMS = [
    {"players": 2},
    {"players": 5, "use_special_cards": True},
    {"players": 7, "reshuffle": True, "max_draw_cards": 2, "max_turns": 40},
]


@pytest.mark.parametrize("params", PARAMS)
def test_crazy_eights_ids_match_openspiel_move_by_move(params):
    rules = {k: v for k, v in params.items() if k != "players"}
    theirs = pyspiel.load_game("crazy_eights", params)
    ours_game = pyspiel.load_game(
        cardrules.openspiel.REGISTERED["crazy-eights"],
        {"players": params["players"], "rules": json.dumps(rules)},
    )
    assert ours_game.num_distinct_actions() == theirs.num_distinct_actions()
    assert ours_game.max_chance_outcomes() == theirs.max_chance_outcomes()
    steps = 0
    for seed in range(4):
        rng = np.random.RandomState(seed)
        a = theirs.new_initial_state()
        b = cardrules.state("crazy-eights", params["players"], rules)
        while not a.is_terminal():
            assert a.current_player() == b.current_player()
            if a.is_chance_node():
                mine = dict(b.chance_outcomes())
                assert sorted(mine) == sorted(x for x, _ in a.chance_outcomes())
                for x, p in a.chance_outcomes():
                    assert abs(mine[x] - p) < 1e-9
                actions, probs = zip(*a.chance_outcomes())
                x = int(rng.choice(actions, p=probs))
            else:
                assert sorted(b.legal_actions()) == a.legal_actions()
                x = int(rng.choice(a.legal_actions()))
            a.apply_action(x)
            b.apply(x)
            steps += 1
        assert b.is_terminal()
        # cardrules rewards places; the places follow OpenSpiel's returns (C13).
        r, places = a.returns(), b.places()
        for i in range(len(r)):
            for j in range(len(r)):
                assert np.sign(r[i] - r[j]) == np.sign(places[j] - places[i])
    assert steps > 100
