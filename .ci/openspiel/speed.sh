#!/usr/bin/env bash
# Side-by-side speed of random play: an OpenSpiel C++ game against the game
# crate built to its rules, same parameters, same machine, one run.
# Usage (from anywhere): bash .ci/openspiel/speed.sh <crate> [site-packages]
# The crate's diff/openspiel.json names the OpenSpiel game string and the
# criterion bench group ("speed": {"game": ..., "bench": ...}); the
# site-packages directory must hold the open-spiel wheel (default: .ci/python-env's).
#
# Both sides play games never played before in the run and report a median:
# OpenSpiel's driver times 15 passes of 2,000 games (one seeded sequence
# running on) and prints the median pass's ns/step; criterion's median time a
# game of `<bench>/random_game_fresh` (one game an iteration, each from a new
# seed) is divided by the mean steps a game the bench prints. (A replayed
# `random_game` bench plays the same games every iteration, which the branch
# predictor learns, so it is not the like-for-like figure.) The last two lines
# give the medians and their ratio, with our side drawing from ChaCha8
# (cards-core's seeded generator) and from rand's SmallRng (Xoshiro256++, a
# fast generator like the driver's mt19937_64).
set -euo pipefail
cd "$(dirname "$0")/../.."
crate=${1:?usage: speed.sh <crate> [site-packages]}
python=$(bash .ci/python-env)
if [ $# -ge 2 ]; then
  site=$2
else
  site=$("$python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
fi
read -r spiel_game group < <("$python" -c '
import json, sys
s = json.load(open(sys.argv[1]))
print(s["speed"]["game"], s["speed"]["bench"])' "crates/$crate/diff/openspiel.json")
folder=${spiel_game%%(*}
bin=$(bash .ci/openspiel/build_bench.sh "$site" "$folder" 2>/dev/null | tail -1)
spiel_out=$("$bin" "$spiel_game" 2000 15)
echo "$spiel_out"
spiel_ns=$(echo "$spiel_out" | tail -1 | sed -n 's/.* median \([0-9.]*\) ns\/step.*/\1/p')

bench_out=$(cargo bench -p benches --bench "$group" -- "$group/random_game(_small_rng)?_fresh\$" 2>&1)
echo "$bench_out" | grep -E "random_game|time:|thrpt:"
# Criterion's median of one bench, in ns a game.
median() {
  local estimates=${CARGO_TARGET_DIR:-target}/criterion/$group/$1/new/estimates.json
  grep -o '"median":{"confidence_interval":{[^}]*},"point_estimate":[0-9.e+-]*' "$estimates" |
    sed 's/.*"point_estimate"://'
}
steps_of() {
  echo "$bench_out" | sed -n "s/^$group\/$1: \([0-9.]*\) steps a game.*/\1/p" | head -1
}
for bench in random_game_fresh random_game_small_rng_fresh; do
  steps=$(steps_of "$bench")
  median_ns=$(median "$bench")
  if [ -z "$spiel_ns" ] || [ -z "$steps" ] || [ -z "$median_ns" ]; then
    echo "speed.sh: could not read a median (OpenSpiel '$spiel_ns', $bench: steps '$steps', criterion '$median_ns')" >&2
    exit 1
  fi
  rng=ChaCha8
  [ "$bench" = random_game_small_rng_fresh ] && rng="SmallRng (Xoshiro256++)"
  awk -v s="$spiel_ns" -v m="$median_ns" -v n="$steps" -v rng="$rng" -v g="$spiel_game" 'BEGIN {
    ours = m / n
    printf "%s random play (fresh games), median ns/step: OpenSpiel C++ (mt19937_64) %.1f, this crate (%s) %.1f (criterion median %.0f ns a game / %.2f steps), ratio %.1fx\n", g, s, rng, ours, m, n, s / ours
  }'
done
