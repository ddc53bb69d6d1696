"""Per-step speed from Python, in one run (python bench/speed.py [--seconds S]).

1. A Python loop over a cardrules State (random legal action per step, chance
   resolved inside Rust) for each game, beside the same loop over pyspiel's
   crazy_eights and hearts (chance sampled in Python from chance_outcomes).
2. A Python loop over the PettingZoo AEC env (schwimmen_v0).
3. The batched VecEnv: steps/s for Schwimmen (one call steps every game).

A step is one player decision. Prints a table.
"""

import argparse
import time

import numpy as np
import pyspiel

import cardrules
from cardrules.pettingzoo import schwimmen_v0


def timed(loop, seconds):
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        steps += loop()
    return steps / (time.perf_counter() - start)


def ours(game, seats, seconds):
    rng = np.random.default_rng(0)
    seed = [0]

    def one_game():
        seed[0] += 1
        st = cardrules.state(game, seats, seed=seed[0])
        steps = 0
        st.resolve_chance()
        while not st.is_terminal():
            legal = st.legal_actions()
            st.apply(legal[int(rng.integers(len(legal)))])
            st.resolve_chance()
            steps += 1
        return steps

    return timed(one_game, seconds)


def pyspiel_loop(name, seconds):
    game = pyspiel.load_game(name)
    rng = np.random.default_rng(0)

    def one_game():
        st = game.new_initial_state()
        steps = 0
        while not st.is_terminal():
            if st.is_chance_node():
                outcomes = st.chance_outcomes()
                k = rng.choice(len(outcomes), p=[p for _, p in outcomes])
                st.apply_action(outcomes[k][0])
            else:
                legal = st.legal_actions()
                st.apply_action(legal[int(rng.integers(len(legal)))])
                steps += 1
        return steps

    return timed(one_game, seconds)


def pettingzoo_loop(seconds):
    env = schwimmen_v0.env(seats=4)
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


def batched(num_envs, seconds):
    env = cardrules.vec_env("schwimmen", num_envs, 4)
    env.reset(0)

    # Random legal actions drawn inside Rust (VecEnv.random_actions), so the
    # Python side does no per-game work.
    def one_call():
        env.step(env.random_actions())
        return num_envs

    return timed(one_call, seconds)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--num-envs", type=int, default=1024)
    args = ap.parse_args()
    s = args.seconds
    rows = [
        ("cardrules schwimmen (4 seats), State loop", ours("schwimmen", 4, s)),
        ("cardrules trump21 (4 seats), State loop", ours("trump21", 4, s)),
        ("cardrules shithead (4 seats), State loop", ours("shithead", 4, s)),
        ("pyspiel crazy_eights, State loop", pyspiel_loop("crazy_eights", s)),
        ("pyspiel hearts, State loop", pyspiel_loop("hearts", s)),
        ("cardrules schwimmen_v0 PettingZoo AEC loop", pettingzoo_loop(s)),
        (f"cardrules SchwimmenVecEnv ({args.num_envs} games, 4 seats), batched", batched(args.num_envs, s)),
    ]
    width = max(len(r[0]) for r in rows)
    print(f"{'loop':<{width}}  {'steps/s':>12}  {'us/step':>8}")
    for name, rate in rows:
        print(f"{name:<{width}}  {rate:>12,.0f}  {1e6 / rate:>8.2f}")
    slowest_ours = min(r[1] for r in rows[:3])
    fastest_spiel = max(rows[3][1], rows[4][1])
    print(f"\nslowest cardrules State loop / fastest pyspiel loop: {slowest_ours / fastest_spiel:.1f}x")


if __name__ == "__main__":
    main()
