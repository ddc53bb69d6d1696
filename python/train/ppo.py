"""Improves a learned level by its own games: PPO with legal-action masks,
starting from a weights file `learned.py` wrote, against bots of a fixed
level (the medium one by default), one seat a game learning: game slot `i`
at seat `i mod seats` (or every game at `--seat`).

    python3 python/train/ppo.py --game trump21 --seats 2 \
        --init crates/trump21/learned.crlw --updates 300 --snapshots target/learned/ppo \
        --curve docs/learned/trump21-2-ppo

The policy is the weights file's network for the table's seat count; a value
network of the same hidden widths learns the expected reward (the place
reward at the game's end, 1 first down to -1 last, or with `--reward win`
1 for a win and 0 otherwise) and is trained alone for
the first `--warmup` updates, so the first policy steps do not follow an
untrained critic. Every `--every` updates the policy is written as a weights
file (the other seat counts' networks of `--init` kept), to choose one by
deterministic play (`learned_data --teacher medium --player learned
--weights`), as for the distilled networks; `--curve` writes the share of
games won by the sampled policy, update by update, as JSON and PNG. Seeds
fixed (the run is the same for the same arguments); the games come from
`cardrules.gym` (`pip install ./python gymnasium`).
"""

import argparse
import copy
import sys
import time
from pathlib import Path

import numpy as np
import torch

sys.path.insert(0, str(Path(__file__).resolve().parent))
from learned import linears, masked, network, read_weights, weights_bytes  # noqa: E402


def masked_logits(net, obs, mask, temperature=1.0):
    return masked(net(obs) / temperature, mask)


class Games:
    """`n` single-seat environments stepped in turn; an ended game is dealt
    again at once, its reward recorded."""

    def __init__(self, game, seats, opponents, n, seed, win_only, seat=None):
        from cardrules.gym import CardGameGymEnv

        self.envs = [CardGameGymEnv(game, seats=seats, opponents=opponents, seat=i % seats if seat is None else seat)
                     for i in range(n)]
        self.obs = [e.reset(seed=seed + i)[0] for i, e in enumerate(self.envs)]
        self.finished = []
        self.win_only = win_only

    def current(self):
        obs = np.stack([o["observation"] for o in self.obs]).astype(np.float32)
        mask = np.stack([o["action_mask"] for o in self.obs]).astype(bool)
        return torch.from_numpy(obs), torch.from_numpy(mask)

    def step(self, actions):
        rewards, dones = np.zeros(len(self.envs), np.float32), np.zeros(len(self.envs), np.float32)
        for i, (env, a) in enumerate(zip(self.envs, actions)):
            obs, r, term, trunc, info = env.step(int(a))
            assert not info.get("illegal_action"), "a masked policy played an illegal action"
            if term or trunc:
                self.finished.append(r)
                rewards[i], dones[i] = (float(r > 0.99) if self.win_only else r), 1.0
                obs = env.reset()[0]
            self.obs[i] = obs
        return rewards, dones


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", required=True)
    ap.add_argument("--seats", type=int, required=True)
    ap.add_argument("--init", required=True, help="the weights file to start from")
    ap.add_argument("--opponents", default="medium")
    ap.add_argument("--seat", type=int,
                    help="the learner's seat in every game (default: game slot i learns at seat i mod seats, so "
                    "the network does not tune one seat at the others' cost)")
    ap.add_argument("--envs", type=int, default=64)
    ap.add_argument("--steps", type=int, default=64, help="decisions a game slot per update")
    ap.add_argument("--updates", type=int, default=300)
    ap.add_argument("--lr", type=float, default=1e-5)
    ap.add_argument("--reward", choices=["place", "win"], default="place",
                    help="learn the place reward (1 first down to -1 last) or 1 for a win, 0 otherwise")
    ap.add_argument("--value-lr", type=float, default=3e-4)
    ap.add_argument("--temperature", type=float, default=1.0,
                    help="sample the policy's logits divided by this: below 1 the policy learned is closer to "
                    "the highest-logit play the learned level plays")
    ap.add_argument("--clip", type=float, default=0.1)
    ap.add_argument("--entropy", type=float, default=0.0)
    ap.add_argument("--lam", type=float, default=0.95, help="GAE lambda (no discount: the reward is the game's)")
    ap.add_argument("--epochs", type=int, default=4)
    ap.add_argument("--minibatch", type=int, default=1024)
    ap.add_argument("--warmup", type=int, default=10, help="updates that train the value network only")
    ap.add_argument("--every", type=int, default=10, help="updates between snapshots")
    ap.add_argument("--seed", type=int, default=27)
    ap.add_argument("--threads", type=int, default=2,
                    help="PyTorch's CPU threads (the same run on one thread or two; 1 when sharing the cores)")
    ap.add_argument("--snapshots", required=True)
    ap.add_argument("--curve", help="write the learning curve to this path's .json and .png")
    args = ap.parse_args()
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    init = read_weights(Path(args.init).read_bytes())
    policy = init[args.seats]
    sizes = [policy[0].in_features] + [m.out_features for m in linears(policy)][:-1] + [1]
    value = network(sizes)
    popt = torch.optim.Adam(policy.parameters(), lr=args.lr)
    vopt = torch.optim.Adam(value.parameters(), lr=args.value_lr)
    games = Games(args.game, args.seats, args.opponents, args.envs, args.seed, args.reward == "win",
                  args.seat)
    out = Path(args.snapshots)
    out.mkdir(parents=True, exist_ok=True)
    start, curve = time.time(), []
    for update in range(1, args.updates + 1):
        O, M, A, LP, V, R, D = [], [], [], [], [], [], []
        with torch.no_grad():
            for _ in range(args.steps):
                obs, mask = games.current()
                dist = torch.distributions.Categorical(logits=masked_logits(policy, obs, mask, args.temperature))
                a = dist.sample()
                r, d = games.step(a.numpy())
                O.append(obs), M.append(mask), A.append(a), LP.append(dist.log_prob(a))
                V.append(value(obs).squeeze(1)), R.append(torch.from_numpy(r)), D.append(torch.from_numpy(d))
            last = value(games.current()[0]).squeeze(1)
        # GAE over each slot's decisions; a finished game cuts the chain
        adv, gae = torch.zeros(args.steps, args.envs), torch.zeros(args.envs)
        for t in reversed(range(args.steps)):
            nxt = last if t == args.steps - 1 else V[t + 1]
            delta = R[t] + (1 - D[t]) * nxt - V[t]
            gae = delta + args.lam * (1 - D[t]) * gae
            adv[t] = gae
        ret = adv + torch.stack(V)
        obs, mask, act = torch.cat(O), torch.cat(M), torch.cat(A)
        old_lp, adv, ret = torch.cat(LP), adv.reshape(-1), ret.reshape(-1)
        n = len(act)
        for _ in range(args.epochs):
            for idx in torch.randperm(n).split(args.minibatch):
                vloss = ((value(obs[idx]).squeeze(1) - ret[idx]) ** 2).mean()
                vopt.zero_grad()
                vloss.backward()
                vopt.step()
                if update <= args.warmup:
                    continue
                a = adv[idx]
                a = (a - a.mean()) / (a.std() + 1e-8)
                dist = torch.distributions.Categorical(logits=masked_logits(policy, obs[idx], mask[idx], args.temperature))
                ratio = (dist.log_prob(act[idx]) - old_lp[idx]).exp()
                ploss = -torch.min(ratio * a, ratio.clamp(1 - args.clip, 1 + args.clip) * a).mean()
                loss = ploss - args.entropy * dist.entropy().mean()
                popt.zero_grad()
                loss.backward()
                popt.step()
        recent = games.finished[-2000:]
        wins = sum(1 for r in recent if r > 0.99)
        curve.append([update, len(games.finished), wins / max(len(recent), 1), round(time.time() - start, 1)])
        print(f"update {update}: {len(games.finished)} games, last {len(recent)} won {wins} "
              f"(mean reward {np.mean(recent) if recent else 0:.3f}), value loss {vloss.item():.4f}, "
              f"{time.time() - start:.0f} s", flush=True)
        if update % args.every == 0:
            nets = dict(init)
            nets[args.seats] = copy.deepcopy(policy)
            (out / f"{args.seats}-{update}.crlw").write_bytes(weights_bytes(sorted(nets.items(), reverse=True)))
            if args.curve:
                write_curve(Path(args.curve), curve, args)


def write_curve(path, curve, args):
    import json

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    report = {"game": args.game, "seats": args.seats, "init": str(args.init), "opponents": args.opponents,
              "settings": {k: v for k, v in vars(args).items() if k not in ("game", "seats", "init", "snapshots", "curve")},
              "curve": curve}
    path.with_suffix(".json").write_text(json.dumps(report, indent=1) + "\n")
    fig, ax = plt.subplots(figsize=(6, 3.5))
    ax.plot([c[1] for c in curve], [c[2] for c in curve])
    ax.axhline(1 / args.seats, color="grey", ls=":", label="fair share")
    ax.set(xlabel="games played", ylabel="won (last 2,000 games, sampled policy)")
    ax.axvline(curve[args.warmup - 1][1] if len(curve) >= args.warmup else 0, color="k", ls="--", label="policy updates begin")
    ax.legend(fontsize=8)
    ax.grid(alpha=0.3)
    fig.suptitle(f"{args.game}, {args.seats} seats: PPO against {args.opponents} bots")
    fig.tight_layout()
    fig.savefig(path.with_suffix(".png"), dpi=90)


if __name__ == "__main__":
    sys.exit(main())
