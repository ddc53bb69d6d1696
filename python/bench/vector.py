"""Throughput of the threaded vector env, in one run:
``python bench/vector.py [--seconds S] [--rounds R] [--num-envs N]``.

Prints the machine's load (cores, load average) first, then (each figure with
the cores the process used meanwhile, its CPU time / wall time):

1. thread scaling: Schwimmen batched random steps/s on 1 and on 2 threads
   (random legal actions drawn in Rust, ``VecEnv.random_actions``), in R
   rounds of S seconds each, one thread then two: each round's figures, the
   medians, and the median of the rounds' ratios. The speed of a virtual
   machine drifts by a fifth from one minute to the next; a ratio of
   figures taken seconds apart drifts far less;
2. Schwimmen batched random steps/s on every core;
3. for every game, steps/s with a masked-argmax numpy policy in the loop (a
   random score per action, illegal actions masked out, argmax per game),
   through ``cardrules.vector.CardVectorEnv``, every game at four seats (the
   table docs/speed.md's figures were taken at, whatever a game's default).

A step is one player decision in one game.
"""

import argparse
import os
import statistics
import time

# numpy's BLAS threads are not used here (nor by the env) but wake and spin
# beside the env's threads; set before numpy is imported.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np  # noqa: E402

import cardrules
from cardrules.vector import CardVectorEnv


#: The share of cores the last timed loop used (process CPU time / wall time):
#: on a loaded machine a second thread only helps when a core is free.
USED = [0.0]


def timed(call, seconds):
    steps, start, cpu = 0, time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds:
        steps += call()
    wall = time.perf_counter() - start
    USED[0] = (time.process_time() - cpu) / wall
    return steps / wall


def random_env(game, num_envs, threads):
    env = cardrules.vec_env(game, num_envs, None, None, threads)
    env.reset(0)
    env.step(env.random_actions())
    return env


def random_batched(env, seconds):
    def call():
        env.step(env.random_actions())
        return env.num_envs

    return timed(call, seconds)


#: The table of the masked-argmax figures: every game takes four seats.
SEATS = 4


def masked_argmax(game, num_envs, seconds):
    env = CardVectorEnv(game, num_envs, SEATS)
    obs, _ = env.reset(seed=0)
    rng = np.random.default_rng(0)
    state = {"obs": obs}

    def call():
        mask = state["obs"]["action_mask"]
        scores = rng.random(mask.shape, dtype=np.float32)
        actions = np.where(mask == 1, scores, -1.0).argmax(axis=1)
        state["obs"], *_ = env.step(actions)
        return num_envs

    call()
    return timed(call, seconds)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--num-envs", type=int, default=1024)
    args = ap.parse_args()
    s, n = args.seconds, args.num_envs
    load = os.getloadavg()
    print(f"cores {os.cpu_count()}, load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    envs = {t: random_env("schwimmen", n, t) for t in (1, 2, 0)}
    rates = {1: [], 2: []}
    for r in range(args.rounds):
        for t in (1, 2):
            rates[t].append(random_batched(envs[t], s))
            print(
                f"round {r + 1}: schwimmen random, {n} games, {t} thread(s): "
                f"{rates[t][-1]:>12,.0f} steps/s  (cores used {USED[0]:.2f})"
            )
    one, two = statistics.median(rates[1]), statistics.median(rates[2])
    ratio = statistics.median(b / a for a, b in zip(rates[1], rates[2]))
    print(f"schwimmen random, {n} games, 1 thread : {one:>12,.0f} steps/s  (median of {args.rounds})")
    print(f"schwimmen random, {n} games, 2 threads: {two:>12,.0f} steps/s  (median of {args.rounds})")
    print(f"scaling from 1 to 2 threads: {ratio:.2f}x  (median of the rounds' ratios)")
    every = random_batched(envs[0], s)
    print(f"schwimmen random, {n} games, every core: {every:>11,.0f} steps/s  (cores used {USED[0]:.2f})")
    for game in cardrules.GAMES:
        rate = masked_argmax(game, n, s)
        print(
            f"{game:<13} masked-argmax numpy policy, {n} games, {SEATS} seats: "
            f"{rate:>12,.0f} steps/s  (cores used {USED[0]:.2f})"
        )
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
