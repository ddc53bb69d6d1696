"""Trains a game's learned level: a small policy network distilled from the
hard level's decisions, written as the weights file the game crate ships.

One command per game (the data comes from examples/examples/learned_data.rs):

    python3 python/train/learned.py --game schwimmen \
        --data target/learned/schwimmen-4 --minutes 15

writes crates/<game>/learned.crlw (one network per --data folder, i.e. per
seat count) and docs/learned/<game>.png (the learning curve), and prints
the held-out accuracy against the hard level's labels. `--fixture DIR` writes
instead the small fixture the Rust forward-pass test reads.

The network is an MLP (observation -> hidden -> hidden -> one logit per
action id, ReLU between layers), trained with Adam on the cross-entropy of
the softmax over the legal ids only (illegal logits masked out), in numpy
(float32), seeds fixed. The file format is documented in
crates/cards-core/src/mlp.rs.
"""

import argparse
import json
import struct
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
MAGIC = b"CRLW"
VERSION = 1


def load(folder):
    """The rows of one learned_data folder: (meta, obs, legal mask, label)."""
    folder = Path(folder)
    meta = json.loads((folder / "meta.json").read_text())
    n, obs_len, actions = meta["rows"], meta["observation"], meta["actions"]
    obs = np.fromfile(folder / "obs.f32", dtype="<f4").reshape(n, obs_len)
    bits = np.fromfile(folder / "legal.bits", dtype=np.uint8).reshape(n, -1)
    legal = np.unpackbits(bits, axis=1, bitorder="little")[:, :actions].astype(bool)
    label = np.fromfile(folder / "label.u32", dtype="<u4").astype(np.int64)
    assert legal[np.arange(n), label].all(), "a label that is not legal"
    return meta, obs, legal, label


def init(sizes, rng):
    """He-initialised layers [(W out x in, b out)]."""
    return [
        (
            (rng.standard_normal((o, i)) * np.sqrt(2.0 / i)).astype(np.float32),
            np.zeros(o, dtype=np.float32),
        )
        for i, o in zip(sizes[:-1], sizes[1:])
    ]


def forward(layers, x):
    """Logits and the activations each layer took."""
    acts = [x]
    for k, (w, b) in enumerate(layers):
        x = x @ w.T + b
        if k < len(layers) - 1:
            x = np.maximum(x, 0.0)
        acts.append(x)
    return x, acts


def masked_log_softmax(logits, legal):
    z = np.where(legal, logits, -1e30)
    z = z - z.max(axis=1, keepdims=True)
    e = np.where(legal, np.exp(z), 0.0)
    return z - np.log(e.sum(axis=1, keepdims=True)), e / e.sum(axis=1, keepdims=True)


def step(layers, moments, t, x, legal, label, lr, decay):
    """One Adam step on a batch (with L2 weight decay `decay`); returns its mean loss."""
    logits, acts = forward(layers, x)
    logp, p = masked_log_softmax(logits, legal)
    n = len(label)
    loss = -logp[np.arange(n), label].mean()
    grad = p.astype(np.float32)
    grad[np.arange(n), label] -= 1.0
    grad /= n
    b1, b2, eps = 0.9, 0.999, 1e-8
    for k in range(len(layers) - 1, -1, -1):
        w, b = layers[k]
        gw = grad.T @ acts[k] + decay * w
        gb = grad.sum(axis=0)
        if k > 0:
            grad = (grad @ w) * (acts[k] > 0)
        for j, g in ((0, gw), (1, gb)):
            m, v = moments[k][j]
            m *= b1
            m += (1 - b1) * g
            v *= b2
            v += (1 - b2) * g * g
            mhat = m / (1 - b1**t)
            vhat = v / (1 - b2**t)
            layers[k][j][...] -= (lr * mhat / (np.sqrt(vhat) + eps)).astype(np.float32)
    return float(loss)


def accuracy(layers, obs, legal, label):
    hits = 0
    for s in range(0, len(label), 4096):
        logits, _ = forward(layers, obs[s : s + 4096])
        z = np.where(legal[s : s + 4096], logits, -np.inf)
        hits += int((z.argmax(axis=1) == label[s : s + 4096]).sum())
    return hits / max(1, len(label))


def train(obs, legal, label, hidden, minutes, epochs, seed, log, decay=1e-4):
    """A network trained on 90 % of the rows (the epoch with the best held-out
    accuracy kept), its curve, that accuracy and its epoch."""
    rng = np.random.default_rng(seed)
    order = rng.permutation(len(label))
    held = max(1, len(label) // 10)
    val, tr = order[:held], order[held:]
    sizes = [obs.shape[1]] + [hidden, hidden] + [legal.shape[1]]
    layers = [list(l) for l in init(sizes, rng)]
    moments = [[(np.zeros_like(w), np.zeros_like(w)), (np.zeros_like(b), np.zeros_like(b))] for w, b in layers]
    curve, t, start, best = [], 0, time.time(), None
    batch = 256
    for epoch in range(epochs):
        perm = rng.permutation(tr)
        losses = []
        lr = 1e-3 if epoch < epochs // 2 else 3e-4
        for s in range(0, len(perm), batch):
            idx = np.sort(perm[s : s + batch])
            t += 1
            losses.append(step(layers, moments, t, obs[idx], legal[idx], label[idx], lr, decay))
        acc = accuracy(layers, obs[val], legal[val], label[val])
        curve.append((epoch + 1, float(np.mean(losses)), acc, time.time() - start))
        if best is None or acc > best[0]:
            best = (acc, epoch + 1, [(w.copy(), b.copy()) for w, b in layers])
        log(f"epoch {epoch + 1}: loss {np.mean(losses):.4f}, held-out accuracy {acc:.4f}, {time.time() - start:.0f} s")
        if time.time() - start > minutes * 60:
            break
    log(f"kept epoch {best[1]}: held-out accuracy {best[0]:.4f}")
    return best[2], curve, best[0], best[1]


def weights_bytes(nets):
    """The weights file (format: crates/cards-core/src/mlp.rs) of [(seats, layers)]."""
    out = bytearray(MAGIC + struct.pack("<II", VERSION, len(nets)))
    for seats, layers in nets:
        sizes = [layers[0][0].shape[1]] + [w.shape[0] for w, _ in layers]
        out += struct.pack("<II", seats, len(layers))
        out += struct.pack(f"<{len(sizes)}I", *sizes)
        for w, b in layers:
            out += w.astype("<f4").tobytes()
            out += b.astype("<f4").tobytes()
    return bytes(out)


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
    ax[1].set(xlabel="epoch", ylabel="held-out agreement with hard")
    for a in ax:
        a.legend()
        a.grid(alpha=0.3)
    fig.suptitle(title)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=90)


def fixture(folder, seed):
    """A small network trained a few steps on random data, its weights file,
    fixed inputs and numpy's outputs: what the Rust forward pass must give."""
    rng = np.random.default_rng(seed)
    n, inputs, actions = 512, 24, 7
    obs = (rng.random((n, inputs)) < 0.3).astype(np.float32) * rng.random((n, inputs)).astype(np.float32)
    legal = rng.random((n, actions)) < 0.6
    legal[np.arange(n), rng.integers(0, actions, n)] = True
    label = np.array([rng.choice(np.flatnonzero(row)) for row in legal])
    layers, _, _, _ = train(obs, legal, label, 16, 1.0, 3, seed, lambda _: None)
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "mlp.crlw").write_bytes(weights_bytes([(3, layers)]))
    x = obs[:8]
    logits, _ = forward(layers, x)
    (folder / "mlp.json").write_text(
        json.dumps({"inputs": x.tolist(), "logits": logits.astype(np.float64).tolist()}) + "\n"
    )
    print(f"fixture: {folder}/mlp.crlw, mlp.json")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", help="the game's name (its crate under crates/)")
    ap.add_argument("--data", action="append", default=[], help="a learned_data folder; one per seat count")
    ap.add_argument("--hidden", type=int, default=128)
    ap.add_argument("--minutes", type=float, default=15.0, help="training time per network")
    ap.add_argument("--epochs", type=int, default=60)
    ap.add_argument("--seed", type=int, default=27)
    ap.add_argument("--out", help="weights file (default crates/<game>/learned.crlw)")
    ap.add_argument("--fixture", help="write the forward-pass fixture into this folder and stop")
    args = ap.parse_args()
    if args.fixture:
        fixture(args.fixture, args.seed)
        return
    if not args.game or not args.data:
        ap.error("--game and at least one --data are needed")
    nets, curves, report = [], [], {"game": args.game, "networks": []}
    for folder in args.data:
        meta, obs, legal, label = load(folder)
        print(f"{folder}: {len(label)} rows, {obs.shape[1]} inputs, {legal.shape[1]} actions", flush=True)
        start = time.time()
        layers, curve, acc, kept = train(obs, legal, label, args.hidden, args.minutes, args.epochs, args.seed,
                                 lambda m: print(m, flush=True))
        seconds = time.time() - start
        nets.append((meta["seats"], layers))
        curves.append((meta["seats"], curve))
        report["networks"].append({
            "seats": meta["seats"], "teacher": meta.get("teacher", "hard"), "rows": len(label),
            "data_seconds": meta["seconds"],
            "train_seconds": round(seconds, 1), "epochs": len(curve), "kept_epoch": kept, "held_out_accuracy": round(acc, 4),
        })
    out = Path(args.out) if args.out else ROOT / "crates" / args.game / "learned.crlw"
    data = weights_bytes(nets)
    out.write_bytes(data)
    report["bytes"] = len(data)
    png = ROOT / "docs" / "learned" / f"{args.game}.png"
    plot(curves, png, f"{args.game}: distilling the hard level")
    (ROOT / "docs" / "learned" / f"{args.game}.json").write_text(json.dumps(report, indent=1) + "\n")
    print(json.dumps(report))


if __name__ == "__main__":
    sys.exit(main())
