#!/usr/bin/env bash
# Side-by-side speed of random play, OpenSpiel's C++ crazy_eights against this
# crate, same parameters (OpenSpiel's defaults: 5 players), same machine, one run.
# Usage (from the workspace root): bash crates/crazy-eights/diff/speed.sh [site-packages]
# The site-packages directory must hold the open-spiel wheel (default: .ci/python-env's).
set -euo pipefail
cd "$(dirname "$0")/../../.."
if [ $# -ge 1 ]; then
  site=$1
else
  python=$(bash .ci/python-env)
  site=$("$python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
fi
bin=$(bash crates/crazy-eights/diff/build_openspiel_bench.sh "$site" 2>/dev/null | tail -1)
"$bin" 20000 5
cargo bench -p benches --bench crazy_eights -- crazy_eights/random_game 2>&1 |
  grep -E "random_game|time:|thrpt:"
