"""Trains a game's learned level: a small policy network distilled from the
hard level's decisions, written as the weights file the game crate ships.

One stage of training (python/train/train.py runs every stage of a game in
turn; the data comes from examples/examples/learned_data.rs):

    python3 python/train/learned.py --game schwimmen \
        --data target/learned/schwimmen-4 --minutes 15

writes crates/<game>/learned.crlw (one network per seat count; folders of
the same seat count, e.g. the first data and the positions the network then
reached itself, are trained on together) and docs/learned/<game>.png (the
learning curve), and prints the held-out accuracy against the hard level's
labels. With `--soft` the target is the search's whole preference (each
legal id's share of the root visits, `visits.u32`) instead of its choice
alone. `--fixture DIR` writes instead the small fixture the Rust
forward-pass test reads.

The network is an MLP in PyTorch on the CPU (observation -> hidden layers
(`--hidden`, two of 128 by default) -> one logit per action id,
torch.nn.Linear layers with ReLU between them), trained with Adam on the cross-entropy of the softmax over the legal
ids only (illegal logits masked out), seeds fixed. The file format is
documented in crates/cards-core/src/mlp.rs; a layer's `weight` is already
its `out x in` rows.
"""

import argparse
import json
import struct
import sys
import time
from pathlib import Path

import numpy as np
import torch
from torch import nn

ROOT = Path(__file__).resolve().parents[2]
MAGIC = b"CRLW"
# Values below this in magnitude are read as 0 (mlp::NEGLIGIBLE).
NEGLIGIBLE = 1e-30
VERSION = 1


def load(folder, soft=False):
    """The rows of one learned_data folder: (meta, obs, legal mask, label,
    target); with `soft` the target is each legal id's share of the search's
    root visits (rows x actions), otherwise None."""
    folder = Path(folder)
    meta = json.loads((folder / "meta.json").read_text())
    n, obs_len, actions = meta["rows"], meta["observation"], meta["actions"]
    obs = np.fromfile(folder / "obs.f32", dtype="<f4").reshape(n, obs_len)
    bits = np.fromfile(folder / "legal.bits", dtype=np.uint8).reshape(n, -1)
    legal = np.unpackbits(bits, axis=1, bitorder="little")[:, :actions].astype(bool)
    label = np.fromfile(folder / "label.u32", dtype="<u4").astype(np.int64)
    assert legal[np.arange(n), label].all(), "a label that is not legal"
    target = None
    if soft:
        visits = np.fromfile(folder / "visits.u32", dtype="<u4").astype(np.float32)
        assert len(visits) == legal.sum(), "visits.u32 does not match legal.bits"
        target = np.zeros(legal.shape, dtype=np.float32)
        target[legal] = visits  # row-major: each row's legal ids in ascending order
        target /= np.maximum(target.sum(1, keepdims=True), 1.0)
    return meta, obs, legal, label, target


def network(sizes):
    """Linear layers of `sizes` with a ReLU after every one but the last."""
    layers = []
    for k, (i, o) in enumerate(zip(sizes[:-1], sizes[1:])):
        layers.append(nn.Linear(i, o))
        if k < len(sizes) - 2:
            layers.append(nn.ReLU())
    return nn.Sequential(*layers)


def linears(net):
    return [m for m in net if isinstance(m, nn.Linear)]


def masked(logits, legal):
    """Logits with every illegal id at -inf."""
    return logits.masked_fill(~legal, float("-inf"))


def accuracy(net, obs, legal, label):
    with torch.no_grad():
        hits = sum(
            int((masked(net(obs[s : s + 4096]), legal[s : s + 4096]).argmax(1) == label[s : s + 4096]).sum())
            for s in range(0, len(label), 4096)
        )
    return hits / max(1, len(label))


def loss_of(logits, legal, label, target):
    """Cross-entropy of the softmax over the legal ids against the label, or
    against the visit shares `target` when given."""
    if target is None:
        return nn.functional.cross_entropy(masked(logits, legal), label)
    logp = torch.log_softmax(masked(logits, legal), 1)
    return -(target * torch.where(legal, logp, torch.zeros_like(logp))).sum(1).mean()


def train(obs, legal, label, hidden, minutes, epochs, seed, log, decay=1e-4, init=None, snapshot=None,
          target=None, lr=1e-3):
    """A network trained on 90 % of the rows (the epoch with the best held-out
    accuracy kept), its curve, that accuracy and its epoch. `init` is a
    network to start from (e.g. the one shipped) instead of a fresh one;
    `snapshot(epoch, net)` is called after every epoch; `target` (visit
    shares) replaces the labels as what is learned; `lr` is the learning
    rate of the first half of the epochs (0.3 times it after)."""
    torch.manual_seed(seed)
    rng = np.random.default_rng(seed)
    order = rng.permutation(len(label))
    held = max(1, len(label) // 10)
    val, tr = order[:held], order[held:]
    obs, legal, label = torch.from_numpy(obs), torch.from_numpy(legal), torch.from_numpy(label)
    target = None if target is None else torch.from_numpy(target)
    net = init if init is not None else network([obs.shape[1], *hidden, legal.shape[1]])
    opt = torch.optim.Adam(net.parameters(), lr=lr, weight_decay=decay)
    curve, start, best, batch = [], time.time(), None, 256
    vo, vl, vy = obs[val], legal[val], label[val]
    if init is not None:
        # logged, not kept: rows the init network was trained on may be held out here
        log(f"start: held-out accuracy {accuracy(net, vo, vl, vy):.4f}")
    for epoch in range(epochs):
        for group in opt.param_groups:
            group["lr"] = lr if epoch < epochs // 2 else 0.3 * lr
        perm = torch.from_numpy(rng.permutation(tr))
        losses = []
        for s in range(0, len(perm), batch):
            idx = perm[s : s + batch]
            loss = loss_of(net(obs[idx]), legal[idx], label[idx], None if target is None else target[idx])
            opt.zero_grad()
            loss.backward()
            opt.step()
            losses.append(loss.item())
        acc = accuracy(net, vo, vl, vy)
        curve.append((epoch + 1, float(np.mean(losses)), acc, time.time() - start))
        if best is None or acc > best[0]:
            best = (acc, epoch + 1, [p.detach().clone() for p in net.parameters()])
        if snapshot:
            snapshot(epoch + 1, net)
        log(f"epoch {epoch + 1}: loss {np.mean(losses):.4f}, held-out accuracy {acc:.4f}, {time.time() - start:.0f} s")
        if time.time() - start > minutes * 60:
            break
    log(f"kept epoch {best[1]}: held-out accuracy {best[0]:.4f}")
    with torch.no_grad():
        for p, q in zip(net.parameters(), best[2]):
            p.copy_(q)
    return net, curve, best[0], best[1]


def weights_bytes(nets):
    """The weights file (format: crates/cards-core/src/mlp.rs) of [(seats, network)]."""
    out = bytearray(MAGIC + struct.pack("<II", VERSION, len(nets)))
    for seats, net in nets:
        layers = linears(net)
        sizes = [layers[0].in_features] + [l.out_features for l in layers]
        out += struct.pack("<II", seats, len(layers))
        out += struct.pack(f"<{len(sizes)}I", *sizes)
        for l in layers:
            out += negligible_as_zero(l.weight).tobytes()
            out += negligible_as_zero(l.bias).tobytes()
    return bytes(out)


def negligible_as_zero(values):
    """`values` (a tensor or an array) as little-endian f32s, each below NEGLIGIBLE in magnitude as 0:
    the rule of the Rust reader (crates/cards-core/src/mlp.rs, W5), which this module writes and reads by,
    so a file holds what is run and PyTorch runs what Rust runs."""
    a = (values.detach().numpy() if isinstance(values, torch.Tensor) else values).astype("<f4", copy=False)
    return np.where(np.abs(a) < NEGLIGIBLE, np.float32(0), a).astype("<f4", copy=False)


def read_weights(data):
    """The networks of a weights file, {seats: network}: the inverse of `weights_bytes`."""
    (magic, version, count), at = struct.unpack_from("<4sII", data), 12
    assert magic == MAGIC and version == VERSION, "not a version 1 weights file"
    nets = {}
    for _ in range(count):
        seats, n = struct.unpack_from("<II", data, at)
        sizes = struct.unpack_from(f"<{n + 1}I", data, at + 8)
        at += 8 + 4 * (n + 1)
        net = network(list(sizes))
        with torch.no_grad():
            for l in linears(net):
                w = negligible_as_zero(np.frombuffer(data, "<f4", l.in_features * l.out_features, at))
                at += 4 * w.size
                b = negligible_as_zero(np.frombuffer(data, "<f4", l.out_features, at))
                at += 4 * b.size
                l.weight.copy_(torch.from_numpy(w.reshape(l.out_features, l.in_features)))
                l.bias.copy_(torch.from_numpy(b))
        nets[seats] = net
    return nets


def snap(folder, seats, epoch, net):
    Path(folder).mkdir(parents=True, exist_ok=True)
    (Path(folder) / f"{seats}-{epoch}.crlw").write_bytes(weights_bytes([(seats, net)]))


def plot(curves, path, title):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(1, 2, figsize=(9, 3.5))
    for seats, curve in curves:
        e = [c[0] for c in curve]
        ax[0].plot(e, [c[1] for c in curve], label=f"{seats} seats")
        ax[1].plot(e, [c[2] for c in curve], label=f"{seats} seats")
    ax[0].set(xlabel="epoch", ylabel="training loss (masked cross-entropy)")
    ax[1].set(xlabel="epoch", ylabel="held-out agreement with the teacher")
    for a in ax:
        a.legend()
        a.grid(alpha=0.3)
    fig.suptitle(title)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=90)


def fixture(folder, seed):
    """A small network trained a few epochs on random data, its weights file,
    fixed inputs and PyTorch's outputs: what the Rust forward pass must give."""
    rng = np.random.default_rng(seed)
    n, inputs, actions = 512, 24, 7
    obs = (rng.random((n, inputs)) < 0.3).astype(np.float32) * rng.random((n, inputs)).astype(np.float32)
    legal = rng.random((n, actions)) < 0.6
    legal[np.arange(n), rng.integers(0, actions, n)] = True
    label = np.array([rng.choice(np.flatnonzero(row)) for row in legal])
    net, _, _, _ = train(obs, legal, label, [16, 16], 1.0, 3, seed, lambda _: None)
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "mlp.crlw").write_bytes(weights_bytes([(3, net)]))
    x = obs[:8]
    with torch.no_grad():
        logits = net(torch.from_numpy(x)).numpy()
    (folder / "mlp.json").write_text(
        json.dumps({"inputs": x.tolist(), "logits": logits.astype(np.float64).tolist()}) + "\n"
    )
    print(f"fixture: {folder}/mlp.crlw, mlp.json")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", help="the game's name (its crate under crates/)")
    ap.add_argument("--data", action="append", default=[], help="a learned_data folder (repeatable)")
    ap.add_argument("--hidden", default="128,128", help="hidden layer widths, comma-separated")
    ap.add_argument("--minutes", type=float, default=15.0, help="training time per network")
    ap.add_argument("--epochs", type=int, default=60)
    ap.add_argument("--seed", type=int, default=27)
    ap.add_argument("--threads", type=int, default=2, help="PyTorch's CPU threads (1 when sharing the cores)")
    ap.add_argument("--lr", type=float, default=1e-3, help="Adam's learning rate (0.3 times it in the second half)")
    ap.add_argument("--soft", action="store_true",
                    help="learn the search's visit shares (visits.u32) instead of its choices")
    ap.add_argument("--init", help="a weights file whose networks training starts from")
    ap.add_argument("--out", help="weights file (default crates/<game>/learned.crlw)")
    ap.add_argument("--snapshots", help="write every epoch's network to this folder as <seats>-<epoch>.crlw, "
                    "to choose one by play (learned_data --player learned --weights) rather than by agreement")
    ap.add_argument("--fixture", help="write the forward-pass fixture into this folder and stop")
    args = ap.parse_args()
    torch.set_num_threads(args.threads)
    if args.fixture:
        fixture(args.fixture, args.seed)
        return
    if not args.game or not args.data:
        ap.error("--game and at least one --data are needed")
    by_seats = {}
    for folder in args.data:
        meta, *rows = load(folder, args.soft)
        print(f"{folder}: {meta['rows']} rows, {meta['observation']} inputs, {meta['actions']} actions", flush=True)
        by_seats.setdefault(meta["seats"], []).append((meta, rows))
    init = read_weights(Path(args.init).read_bytes()) if args.init else {}
    nets, curves, report = [], [], {"game": args.game, "target": "visits" if args.soft else "choices", "networks": []}
    for seats, parts in sorted(by_seats.items(), reverse=True):
        obs, legal, label = (np.concatenate([rows[k] for _, rows in parts]) for k in range(3))
        target = np.concatenate([rows[3] for _, rows in parts]) if args.soft else None
        start = time.time()
        hidden = [int(w) for w in args.hidden.split(",")]
        net, curve, acc, kept = train(obs, legal, label, hidden, args.minutes, args.epochs, args.seed,
                                      lambda m: print(m, flush=True), init=init.get(seats),
                                      snapshot=args.snapshots and (lambda e, n, s=seats: snap(args.snapshots, s, e, n)),
                                      target=target, lr=args.lr)
        seconds = time.time() - start
        nets.append((seats, net))
        curves.append((seats, curve))
        report["networks"].append({
            "seats": seats, "data": [
                {"teacher": m.get("teacher", "hard"), "player": m.get("player", m.get("teacher", "hard")),
                 "rows": m["rows"], "games": m.get("games"), "seconds": round(m["seconds"], 1)} for m, _ in parts],
            "rows": len(label), "data_seconds": round(sum(m["seconds"] for m, _ in parts), 1),
            "train_seconds": round(seconds, 1), "epochs": len(curve), "kept_epoch": kept,
            "held_out_accuracy": round(acc, 4), "curve": [[e, round(l, 4), round(a, 4), round(t, 1)] for e, l, a, t in curve],
        })
    for seats in sorted(set(init) - set(by_seats), reverse=True):
        print(f"{seats} seats: no data, the --init network kept as it is", flush=True)
        nets.append((seats, init[seats]))
        report["networks"].append({"seats": seats, "kept_from": str(args.init)})
    out = Path(args.out) if args.out else ROOT / "crates" / args.game / "learned.crlw"
    data = weights_bytes(nets)
    out.write_bytes(data)
    report["bytes"] = len(data)
    # the curve and numbers go to docs/learned/ for the shipped file, beside --out otherwise
    docs = ROOT / "docs" / "learned" / args.game if not args.out else out
    plot(curves, docs.with_suffix(".png"), f"{args.game}: distilling the hard level")
    docs.with_suffix(".json").write_text(json.dumps(report, indent=1) + "\n")
    print(json.dumps(report), flush=True)


if __name__ == "__main__":
    sys.exit(main())
