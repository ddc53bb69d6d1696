"""Plays seeded games of an OpenSpiel game and writes a trace that a game
crate's `spiel_replay` example replays move for move
(cards_core::openspiel::replay_trace).

Usage: python trace.py <crate's diff/openspiel.json> --games-per-set N --out trace.txt

The JSON file names the OpenSpiel game ("game"), its parameter sets
("param_sets", a list of objects) and the games played per set
("games_per_set", 100 unless given). A set is OpenSpiel's parameters, plus
two keys of this script's, taken out before the game is loaded: "games" (the
set's own count of games) and "policy" (how the players choose, one of
POLICIES; "random", uniform over the legal actions, unless given).
--games-per-set overrides every count. Chance is drawn from OpenSpiel's own
probabilities whatever the policy; game g of set i is seeded 1000 * i + g.
Trace format (one record a line, ids are OpenSpiel action ids):
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


def uniform(state, legal, rng):
    """Any legal action, each equally likely."""
    return rng.choice(legal)


# crazy_eights ids: a card is 4 * rank + suit (two = rank 0), draw 52.
C8_SPECIAL_RANKS = (0, 6, 10, 12)  # two, eight, queen, ace
C8_DRAW = 52


def c8_specials(state, legal, rng):
    """crazy_eights: mostly a two, eight, queen or ace when one may be played,
    else mostly a draw when drawing is allowed, else any legal action: reaches
    stacked twos, reversals, skips, nominations and long draws (C10, C11)
    far more often than uniform play."""
    special = [a for a in legal if a < C8_DRAW and a // 4 in C8_SPECIAL_RANKS]
    if special and rng.random() < 0.8:
        return rng.choice(special)
    if C8_DRAW in legal and rng.random() < 0.6:
        return C8_DRAW
    return rng.choice(legal)


def hearts_seat0_high(state, legal, rng):
    """hearts: seat 0 passes and plays its highest card (by rank, ids are
    4 * rank + suit), the others mostly their lowest, else any legal card:
    seat 0 takes most tricks and others few, so shot moons and tricks
    avoided come up where uniform play seldom reaches them."""
    if state.current_player() == 0:
        return max(legal, key=lambda a: (a // 4, a))
    if rng.random() < 0.8:
        return min(legal, key=lambda a: (a // 4, a))
    return rng.choice(legal)


# hearts ids: suits clubs 0, diamonds 1, hearts 2, spades 3; the queen of
# spades is 4 * 10 + 3. The deal is one chance step for the pass direction
# and 52 for the cards; then 12 passes unless the direction is "no pass" (0).
HEARTS_SUIT = 2
QUEEN_OF_SPADES = 43
HEARTS_DEALT = 53


def hearts_moon(state, legal, rng):
    """hearts: every seat helps seat 0 shoot the moon (R12.1). Seat 0 passes
    its lowest cards and plays its highest; the others pass their highest,
    lead their lowest card that is no point, follow suit as low as they can,
    and when void give a point card to a trick seat 0 wins or has yet to
    play to, else their highest card that is no point. About one deal in
    ten ends in a shot moon, where uniform play gives about one in a
    hundred. Deterministic: `rng` is not used."""
    history = state.history()
    seat = state.current_player()
    passes = 12 if history[0] != 0 else 0
    by_rank = lambda a: (a // 4, a)  # noqa: E731
    if len(history) < HEARTS_DEALT + passes:
        return (min if seat == 0 else max)(legal, key=by_rank)
    if seat == 0:
        return max(legal, key=by_rank)
    is_point = lambda a: a % 4 == HEARTS_SUIT or a == QUEEN_OF_SPADES  # noqa: E731
    no_points = [a for a in legal if not is_point(a)]
    plays = history[HEARTS_DEALT + passes:]
    trick = plays[len(plays) - len(plays) % 4:]
    if not trick:
        return min(no_points or legal, key=by_rank)
    led = trick[0] % 4
    if all(a % 4 == led for a in legal):
        return min(legal, key=by_rank)
    seats = [(seat - len(trick) + i) % 4 for i in range(len(trick))]
    best = max((c for c in trick if c % 4 == led), key=by_rank)
    points = [a for a in legal if is_point(a)]
    if points and (seats[trick.index(best)] == 0 or 0 not in seats):
        return max(points, key=by_rank)
    return max(no_points or legal, key=by_rank)


POLICIES = {
    "random": uniform,
    "c8-specials": c8_specials,
    "hearts-seat0-high": hearts_seat0_high,
    "hearts-moon": hearts_moon,
}


def shot_moon(returns):
    """Whether hearts' returns are a shot moon: three equal and the fourth
    at least 26 above them (R12.1)."""
    low = sorted(returns)
    return low[0] == low[1] == low[2] and low[3] - low[0] >= 26


def play(name, params, seed, out, stats, policy=uniform):
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
            chosen = policy(state, legal, rng)
            out.write(f"move {state.current_player()} {chosen} {','.join(map(str, legal))}\n")
        state.apply_action(chosen)
        steps += 1
    out.write("end " + " ".join(repr(r) for r in state.returns()) + "\n")
    if name == "hearts" and shot_moon(state.returns()):
        stats["moons"] += 1
    return steps


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("spec")
    ap.add_argument("--games-per-set", type=int, default=None)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    with open(args.spec) as f:
        spec = json.load(f)
    default_games = spec.get("games_per_set", 100)
    games = steps = 0
    stats = {"filtered": 0, "moons": 0}
    with open(args.out, "w") as out:
        for i, entry in enumerate(spec["param_sets"]):
            params = dict(entry)
            own = params.pop("games", default_games)
            count = args.games_per_set or own
            name = params.pop("policy", "random")
            if name not in POLICIES:
                sys.exit(f"set {i}: unknown policy {name!r}, not one of {sorted(POLICIES)}")
            policy = POLICIES[name]
            for g in range(count):
                steps += play(spec["game"], params, 1000 * i + g, out, stats, policy)
                games += 1
    print(
        f"openspiel {spec['game']}: {games} games, {steps} steps written to {args.out}; "
        f"{stats['filtered']} chance nodes listed outcomes outside their legal actions"
        + (f"; {stats['moons']} moons shot" if spec["game"] == "hearts" else ""),
        file=sys.stderr,
    )


if __name__ == "__main__":
    main()
