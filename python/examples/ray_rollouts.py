"""Self-play rollouts on Ray: several workers, each stepping a batched cardrules
VecEnv, each writing its trajectories to one .npz file.

    pip install ./python "ray[default]"      # ray is not needed otherwise
    python python/examples/ray_rollouts.py --workers 4 --steps 200 --out rollouts/

This is the way to scale out past one machine: point ``ray.init`` at a cluster
(``ray.init(address="auto")``) instead of starting a local one, and add workers.
Each worker draws its games' chance from its own seed, so a run is reproducible
from ``--seed``. The policy here is uniform over legal actions
(``VecEnv.random_actions``); replace ``Worker.policy`` with a model's.

Files: ``<out>/worker_<k>.npz`` with arrays ``obs`` float32[T, N, obs],
``mask`` bool[T, N, actions], ``player`` int64[T, N] (the seat that acted),
``action`` int64[T, N], ``rewards`` float32[T, N, seats] and ``dones`` bool[T, N]:
T steps of N games; a game that ends is restarted at once (``dones``).

RLlib takes the PettingZoo environment unchanged
(``ray.rllib.env.wrappers.pettingzoo_env.PettingZooEnv(schwimmen_v0.env())``).
"""

import argparse
import os
import time

import numpy as np
import ray

import cardrules


@ray.remote
class Worker:
    """One rollout worker: a VecEnv of ``num_envs`` games at ``seats`` (None:
    the game's default table, ``cardrules.default_seats``)."""

    def __init__(self, game, num_envs, seats, seed):
        # One thread a worker: Ray spreads the workers over the cores.
        self.env = cardrules.vec_env(game, num_envs, seats, threads=1)
        self.obs, self.mask, self.player = self.env.reset(seed)

    def policy(self):
        return self.env.random_actions()

    def rollout(self, steps, path):
        record = {k: [] for k in ("obs", "mask", "player", "action", "rewards", "dones")}
        for _ in range(steps):
            action = self.policy()
            record["obs"].append(self.obs)
            record["mask"].append(self.mask)
            record["player"].append(self.player)
            record["action"].append(action)
            self.obs, self.mask, rewards, terminated, truncated, self.player, _ = self.env.step(action)
            dones = terminated | truncated
            record["rewards"].append(rewards)
            record["dones"].append(dones)
        np.savez_compressed(path, **{k: np.stack(v) for k, v in record.items()})
        return {"path": path, "steps": steps * self.env.num_envs, "games_finished": self.env.episodes}


def arguments(argv=None):
    """The command line (``argv``, or the process's)."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="schwimmen", choices=sorted(cardrules.GAMES))
    ap.add_argument(
        "--seats", type=int, default=None, help="table size (default: the game's own, cardrules.default_seats)"
    )
    ap.add_argument("--workers", type=int, default=4)
    ap.add_argument("--envs", type=int, default=64, help="games per worker")
    ap.add_argument("--steps", type=int, default=200, help="steps per worker (each steps every game)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", default="rollouts")
    return ap.parse_args(argv)


def main():
    args = arguments()
    os.makedirs(args.out, exist_ok=True)
    ray.init()
    start = time.perf_counter()
    workers = [Worker.remote(args.game, args.envs, args.seats, args.seed + k) for k in range(args.workers)]
    paths = [os.path.abspath(os.path.join(args.out, f"worker_{k}.npz")) for k in range(args.workers)]
    results = ray.get([w.rollout.remote(args.steps, p) for w, p in zip(workers, paths)])
    elapsed = time.perf_counter() - start
    total = sum(r["steps"] for r in results)
    for r in results:
        print(f"{r['path']}: {r['steps']} steps, {r['games_finished']} games finished")
    print(f"{total} steps in {elapsed:.1f} s on {args.workers} workers ({total / elapsed:,.0f} steps/s, start-up included)")
    ray.shutdown()


if __name__ == "__main__":
    main()
