#!/usr/bin/env bash
# Side-by-side speed of random play, OpenSpiel's C++ crazy_eights against this
# crate, same parameters (OpenSpiel's defaults: 5 players), same machine, one run.
# Usage (from the workspace root): bash crates/crazy-eights/diff/speed.sh [site-packages]
# The site-packages directory must hold the open-spiel wheel (default: .ci/python-env's).
#
# Both sides report a median: OpenSpiel's driver times 15 passes of 2,000 games
# (one seeded sequence running on) and prints the median pass's ns/step;
# criterion's `crazy_eights/random_game` median is divided by the steps of its
# 100 games. The last line gives both medians and their ratio.
set -euo pipefail
cd "$(dirname "$0")/../../.."
if [ $# -ge 1 ]; then
  site=$1
else
  python=$(bash .ci/python-env)
  site=$("$python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
fi
bin=$(bash crates/crazy-eights/diff/build_openspiel_bench.sh "$site" 2>/dev/null | tail -1)
spiel_out=$("$bin" 2000 5 15)
echo "$spiel_out"
spiel_ns=$(echo "$spiel_out" | tail -1 | sed -n 's/.* median \([0-9.]*\) ns\/step.*/\1/p')

bench_out=$(cargo bench -p benches --bench crazy_eights -- crazy_eights/random_game 2>&1)
echo "$bench_out" | grep -E "random_game|time:|thrpt:"
steps=$(echo "$bench_out" | sed -n 's/^crazy_eights\/random_game: [0-9]* games, \([0-9]*\) steps.*/\1/p' | head -1)
estimates=${CARGO_TARGET_DIR:-target}/criterion/crazy_eights/random_game/new/estimates.json
median_ns=$(grep -o '"median":{"confidence_interval":{[^}]*},"point_estimate":[0-9.e+-]*' "$estimates" |
  sed 's/.*"point_estimate"://')
if [ -z "$spiel_ns" ] || [ -z "$steps" ] || [ -z "$median_ns" ]; then
  echo "speed.sh: could not read a median (OpenSpiel '$spiel_ns', steps '$steps', criterion '$median_ns')" >&2
  exit 1
fi
awk -v s="$spiel_ns" -v m="$median_ns" -v n="$steps" 'BEGIN {
  ours = m / n
  printf "crazy_eights random play, median ns/step: OpenSpiel C++ %.1f, this crate %.1f (criterion median %.0f us / %d steps), ratio %.1fx\n", s, ours, m / 1000, n, s / ours
}'
