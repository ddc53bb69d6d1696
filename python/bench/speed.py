"""Per-step speed from Python, in one run
(python bench/speed.py [--seconds S] [--rounds R] [--num-envs N] [--seats GAME=N ...]).

1. The games OpenSpiel has too, Crazy Eights and Hearts, with the same rules
   (OpenSpiel's defaults) at the same table: cardrules' State beside
   pyspiel's ``crazy_eights`` and ``hearts``, in the same Python loop (chance
   sampled in Python from ``chance_outcomes``, a uniformly random legal
   action per player step), and cardrules' State again with chance resolved
   inside Rust (``resolve_chance``). The three loops of a game are timed in
   R rounds, one after the other (this machine's speed drifts from one
   minute to the next): the medians of the rounds' figures, and per game the
   median of the rounds' ratios of each cardrules loop to pyspiel's.
2. The other games (Schwimmen, Trump 21, Shithead), which pyspiel has not:
   their own State loop, chance resolved inside Rust.
3. A Python loop over the PettingZoo AEC env (schwimmen_v0).
4. The batched VecEnv: steps/s for Schwimmen (one call steps every game).

Each game is played at its default table (``cardrules.default_seats``:
Crazy Eights 5 as OpenSpiel's, Hearts 4), or at the one ``--seats`` names
(``--seats crazy-eights=3``; pyspiel's ``crazy_eights`` is loaded with the
same ``players``). A step is one player decision (chance steps are not
counted, but their time is). Prints a table. Needs pyspiel and PettingZoo:
``pip install "./python[test]"``.
"""

import argparse
import json
import random
import statistics
import time

import numpy as np
import pyspiel

import cardrules
from cardrules.pettingzoo import schwimmen_v0

#: The cardrules games OpenSpiel has too, and OpenSpiel's name for each.
SHARED = {"crazy-eights": "crazy_eights", "hearts": "hearts"}


def timed(loop, seconds):
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        steps += loop()
    return steps / (time.perf_counter() - start)


def sample(outcomes, rng):
    """An outcome of ``[(id, probability), ...]`` drawn by its probability
    (a walk over the list: numpy's ``choice`` with ``p`` took 10 us a call,
    most of a step's time in either library)."""
    r = rng.random()
    for action, p in outcomes:
        r -= p
        if r < 0:
            return action
    return outcomes[-1][0]


def python_chance_loop(new_state, apply, seconds):
    """The loop both libraries run alike: chance sampled in Python by its
    probabilities, a uniformly random legal action at each player step."""
    rng = random.Random(0)

    def one_game():
        st = new_state()
        steps = 0
        while not st.is_terminal():
            if st.is_chance_node():
                apply(st, sample(st.chance_outcomes(), rng))
            else:
                legal = st.legal_actions()
                apply(st, legal[rng.randrange(len(legal))])
                steps += 1
        return steps

    return timed(one_game, seconds)


def ours_python_chance(game, seats, seconds):
    seed = [0]

    def new_state():
        seed[0] += 1
        return cardrules.state(game, seats, seed=seed[0])

    return python_chance_loop(new_state, lambda st, a: st.apply(a), seconds)


def pyspiel_loop(game, seconds):
    return python_chance_loop(game.new_initial_state, lambda st, a: st.apply_action(a), seconds)


def ours(game, seats, seconds):
    """cardrules' State loop with chance resolved inside Rust."""
    rng = random.Random(0)
    seed = [0]

    def one_game():
        seed[0] += 1
        st = cardrules.state(game, seats, seed=seed[0])
        steps = 0
        st.resolve_chance()
        while not st.is_terminal():
            legal = st.legal_actions()
            st.apply(legal[rng.randrange(len(legal))])
            st.resolve_chance()
            steps += 1
        return steps

    return timed(one_game, seconds)


def spiel_game(game, seats):
    """pyspiel's game of the same name at ``seats``, checked to have the
    rules cardrules plays by default (OpenSpiel's defaults)."""
    name = SHARED[game]
    params = pyspiel.load_game(name).get_parameters()
    spiel = pyspiel.load_game(name, {"players": seats}) if "players" in params else pyspiel.load_game(name)
    if spiel.num_players() != seats:
        raise SystemExit(f"pyspiel's {name} is played by {spiel.num_players()} players, not {seats}")
    ours_rules = json.loads(cardrules.state(game, seats).rules_json())
    differ = {k: (v, params[k]) for k, v in ours_rules.items() if k in params and params[k] != v}
    if differ:
        raise SystemExit(f"{game}'s default rules differ from pyspiel's {name} (cardrules, pyspiel): {differ}")
    return spiel


def pettingzoo_loop(seats, seconds):
    env = schwimmen_v0.env(seats=seats)
    rng = np.random.default_rng(0)

    def one_game():
        env.reset(seed=int(rng.integers(1 << 30)))
        steps = 0
        for agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[int(rng.integers(len(legal)))]))
            steps += 1
        return steps

    return timed(one_game, seconds)


def batched(num_envs, seats, seconds):
    env = cardrules.vec_env("schwimmen", num_envs, seats)
    env.reset(0)

    # Random legal actions drawn inside Rust (VecEnv.random_actions), so the
    # Python side does no per-game work.
    def one_call():
        env.step(env.random_actions())
        return num_envs

    return timed(one_call, seconds)


def table_arg(text):
    game, _, seats = text.partition("=")
    if game not in cardrules.GAMES or not seats.isdigit():
        raise argparse.ArgumentTypeError(f"{text!r} is not GAME=SEATS with a game of {sorted(cardrules.GAMES)}")
    return game, int(seats)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=2.0, help="time per loop (and per round)")
    ap.add_argument("--rounds", type=int, default=5, help="rounds of the loops of Crazy Eights and Hearts")
    ap.add_argument("--num-envs", type=int, default=1024, help="games of the batched VecEnv")
    ap.add_argument(
        "--seats", type=table_arg, action="append", default=[], metavar="GAME=N",
        help="a game's table (default: the game's own, cardrules.default_seats)",
    )
    args = ap.parse_args()
    s = args.seconds
    seats = {game: cardrules.default_seats(game) for game in cardrules.GAMES}
    seats.update(args.seats)
    rows, ratios = [], []
    for game, name in SHARED.items():
        n = seats[game]
        spiel = spiel_game(game, n)
        rounds = [
            (ours_python_chance(game, n, s), ours(game, n, s), pyspiel_loop(spiel, s)) for _ in range(args.rounds)
        ]
        same, rust, theirs = (statistics.median(r[k] for r in rounds) for k in range(3))
        m = f"median of {args.rounds}"
        rows += [
            (f"cardrules {game} ({n} seats), State loop, chance in Python ({m})", same),
            (f"cardrules {game} ({n} seats), State loop, chance in Rust ({m})", rust),
            (f"pyspiel {name} ({n} players), State loop, chance in Python ({m})", theirs),
        ]
        ratios.append((
            game, n, name,
            statistics.median(a / c for a, _, c in rounds),
            statistics.median(b / c for _, b, c in rounds),
        ))
    for game in cardrules.GAMES:
        if game not in SHARED:
            rows.append((f"cardrules {game} ({seats[game]} seats), State loop, chance in Rust (not in pyspiel)",
                         ours(game, seats[game], s)))
    n = seats["schwimmen"]
    rows += [
        (f"cardrules schwimmen_v0 ({n} seats), PettingZoo AEC loop", pettingzoo_loop(n, s)),
        (f"cardrules SchwimmenVecEnv ({args.num_envs} games, {n} seats), batched", batched(args.num_envs, n, s)),
    ]
    width = max(len(r[0]) for r in rows)
    print(f"{'loop':<{width}}  {'steps/s':>12}  {'us/step':>8}")
    for name, rate in rows:
        print(f"{name:<{width}}  {rate:>12,.0f}  {1e6 / rate:>8.2f}")
    print()
    for game, n, name, same, rust in ratios:
        print(f"{game} at {n} seats, cardrules / pyspiel {name} steps/s (median of the rounds' ratios): "
              f"{same:.2f}x in the same loop, {rust:.2f}x with chance in Rust")


if __name__ == "__main__":
    main()
