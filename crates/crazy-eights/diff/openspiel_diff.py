"""Plays seeded random games of OpenSpiel's crazy_eights and writes a trace
that the `spiel_replay` example of the crazy-eights crate replays move for move.

Usage: python openspiel_diff.py --games-per-set N --out trace.txt

Trace format (one record a line, ids are OpenSpiel action ids):
  game <seed> players=<n> max_draw_cards=<k> max_turns=<t> use_special_cards=<0|1> reshuffle=<0|1>
  chance <chosen> <id>:<probability>,...     (a chance node: its outcomes)
  move <player> <chosen> <id>,<id>,...       (a player node: its legal actions)
  end <return> <return> ...                  (the terminal returns by seat)
"""

import argparse
import random
import sys

import pyspiel

# Parameter sets: OpenSpiel's defaults first, then each parameter moved.
PARAM_SETS = [
    dict(players=5, max_draw_cards=5, max_turns=100, use_special_cards=False, reshuffle=False),
    dict(players=2, max_draw_cards=5, max_turns=100, use_special_cards=False, reshuffle=False),
    dict(players=3, max_draw_cards=1, max_turns=100, use_special_cards=True, reshuffle=False),
    dict(players=4, max_draw_cards=2, max_turns=100, use_special_cards=True, reshuffle=True),
    dict(players=2, max_draw_cards=3, max_turns=1000, use_special_cards=True, reshuffle=True),
    dict(players=6, max_draw_cards=5, max_turns=100, use_special_cards=True, reshuffle=False),
    dict(players=7, max_draw_cards=2, max_turns=500, use_special_cards=False, reshuffle=True),
    dict(players=10, max_draw_cards=5, max_turns=300, use_special_cards=True, reshuffle=True),
    dict(players=3, max_draw_cards=5, max_turns=10, use_special_cards=True, reshuffle=False),
    dict(players=5, max_draw_cards=1, max_turns=1000, use_special_cards=False, reshuffle=False),
]


def play(params, seed, out):
    game = pyspiel.load_game("crazy_eights", params)
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
    ap.add_argument("--games-per-set", type=int, default=100)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    games = steps = 0
    with open(args.out, "w") as out:
        for i, params in enumerate(PARAM_SETS):
            for g in range(args.games_per_set):
                steps += play(params, 1000 * i + g, out)
                games += 1
    print(f"openspiel: {games} games, {steps} steps written to {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
