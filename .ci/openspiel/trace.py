"""Plays seeded random games of an OpenSpiel game and writes a trace that a
game crate's `spiel_replay` example replays move for move
(cards_core::openspiel::replay_trace).

Usage: python trace.py <crate's diff/openspiel.json> --games-per-set N --out trace.txt

The JSON file names the OpenSpiel game ("game"), its parameter sets
("param_sets", a list of objects) and the games played per set
("games_per_set", 100 unless given; --games-per-set overrides it). Trace format (one record a line, ids are
OpenSpiel action ids):
  game <seed> <name>=<value> ...             (booleans as 0/1)
  chance <chosen> <id>:<probability>,...     (a chance node: its outcomes)
  move <player> <chosen> <id>,<id>,...       (a player node: its legal actions)
  end <return> <return> ...                  (the terminal returns by seat)

Where OpenSpiel lists chance outcomes that its own legal actions leave out
(hearts without pass_cards lists four pass directions, but only "no pass" is
legal), the outcomes written are the legal ones, renormalised, and the chosen
one is drawn from them; the number of such nodes is printed.
"""

import argparse
import json
import random
import sys

import pyspiel


def play(name, params, seed, out, stats):
    game = pyspiel.load_game(name, params)
    rng = random.Random(seed)
    state = game.new_initial_state()
    flags = " ".join(
        f"{k}={int(v) if isinstance(v, bool) else v}" for k, v in params.items()
    )
    out.write(f"game {seed} {flags}\n")
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            legal = set(state.legal_actions())
            if any(a not in legal for a, _ in outcomes):
                stats["filtered"] += 1
                kept = [(a, p) for a, p in outcomes if a in legal]
                total = sum(p for _, p in kept)
                outcomes = [(a, p / total) for a, p in kept]
            ids = [a for a, _ in outcomes]
            chosen = rng.choices(ids, weights=[p for _, p in outcomes])[0]
            listed = ",".join(f"{a}:{p!r}" for a, p in outcomes)
            out.write(f"chance {chosen} {listed}\n")
        else:
            legal = state.legal_actions()
            chosen = rng.choice(legal)
            out.write(f"move {state.current_player()} {chosen} {','.join(map(str, legal))}\n")
        state.apply_action(chosen)
        steps += 1
    out.write("end " + " ".join(repr(r) for r in state.returns()) + "\n")
    return steps


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("spec")
    ap.add_argument("--games-per-set", type=int, default=None)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    with open(args.spec) as f:
        spec = json.load(f)
    per_set = args.games_per_set or spec.get("games_per_set", 100)
    games = steps = 0
    stats = {"filtered": 0}
    with open(args.out, "w") as out:
        for i, params in enumerate(spec["param_sets"]):
            for g in range(per_set):
                steps += play(spec["game"], params, 1000 * i + g, out, stats)
                games += 1
    print(
        f"openspiel {spec['game']}: {games} games, {steps} steps written to {args.out}; "
        f"{stats['filtered']} chance nodes listed outcomes outside their legal actions",
        file=sys.stderr,
    )


if __name__ == "__main__":
    main()
