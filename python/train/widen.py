"""Makes a weights file fit an observation that gained entries: each new
input gets a column of zero weights in its network's first layer, so the
network computes exactly the logits it did before (and the learned level
plays the same games) until training teaches it to use them.

    python3 python/train/widen.py --weights crates/shithead/learned.crlw \
        --seats 4 --at 282 --count 52

inserts 52 inputs before input 282 of the four-seat network (Shithead's
burned-card plane, at `4·seats + 2 + 264`) and rewrites the file in place
(or to `--out`).
"""

import argparse
import sys
from pathlib import Path

import torch
from torch import nn

sys.path.insert(0, str(Path(__file__).resolve().parent))
from learned import linears, read_weights, weights_bytes  # noqa: E402


def widen(net, at, count):
    """The network `net` with `count` zero-weight inputs inserted before input `at`."""
    first = linears(net)[0]
    if not 0 <= at <= first.in_features:
        raise ValueError(f"input {at} is outside the first layer's {first.in_features} inputs")
    wider = nn.Linear(first.in_features + count, first.out_features)
    with torch.no_grad():
        zeros = torch.zeros(first.out_features, count)
        wider.weight.copy_(torch.cat([first.weight[:, :at], zeros, first.weight[:, at:]], dim=1))
        wider.bias.copy_(first.bias)
    layers = list(net)
    layers[layers.index(first)] = wider
    return nn.Sequential(*layers)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--weights", required=True, help="the weights file")
    ap.add_argument("--seats", type=int, required=True, help="the seat count whose network to widen")
    ap.add_argument("--at", type=int, required=True, help="the index of the first new input")
    ap.add_argument("--count", type=int, required=True, help="how many inputs the observation gained")
    ap.add_argument("--out", help="where to write (default: the file itself)")
    args = ap.parse_args()
    nets = read_weights(Path(args.weights).read_bytes())
    if args.seats not in nets:
        sys.exit(f"widen.py: {args.weights} has no network for {args.seats} seats (only {sorted(nets)})")
    try:
        nets[args.seats] = widen(nets[args.seats], args.at, args.count)
    except ValueError as e:
        sys.exit(f"widen.py: {e}")
    Path(args.out or args.weights).write_bytes(weights_bytes(sorted(nets.items(), reverse=True)))


if __name__ == "__main__":
    main()
