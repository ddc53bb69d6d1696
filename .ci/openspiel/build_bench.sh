#!/usr/bin/env bash
# Builds bench_openspiel.cc against OpenSpiel's C++ sources shipped in the
# open-spiel wheel (OpenSpiel core, the named games and the abseil sources
# they need), with g++ -O2, into target/openspiel-bench/.
# Usage: bash .ci/openspiel/build_bench.sh <site-packages dir> <game folder>...
#   (a game folder of open_spiel/games/: crazy_eights, hearts)  -> prints the binary's path.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
site=$(cd "${1:?site-packages directory holding open_spiel/}" && pwd)
shift
[ $# -ge 1 ] || { echo "build_bench.sh: name at least one game folder" >&2; exit 2; }
os=$site/open_spiel
absl=$os/abseil-cpp
out=$here/../../target/openspiel-bench
mkdir -p "$out/obj" "$out/include"
# OpenSpiel includes "open_spiel/..." and "open_spiel/abseil-cpp/absl/...";
# abseil includes "absl/...".
ln -sfn "$os" "$out/include/open_spiel"
flags=(-O2 -std=c++17 -DNDEBUG -I"$out/include" -I"$absl" -I"$os/json/include" -w)
srcs=("$here/bench_openspiel.cc" "$os/spiel.cc" "$os/spiel_utils.cc" "$os/game_parameters.cc"
  "$os/observer.cc" "$os/policy.cc" "$os/simultaneous_move_game.cc" "$os/matrix_game.cc"
  "$os/normal_form_game.h" "$os/tensor_game.cc" "$os/action_view.cc" "$os/spiel_bots.cc"
  "$os/utils/status.cc" "$os/utils/usage_logging.cc")
for game in "$@"; do
  srcs+=("$os/games/$game/$game.cc")
done
bin=$out/bench_openspiel_$(IFS=_; echo "$*")
ABSL_DIRS="base base/internal strings strings/internal strings/internal/str_format numeric types
  time time/internal/cctz/src container container/internal hash hash/internal synchronization
  synchronization/internal debugging debugging/internal profiling profiling/internal random
  random/internal crc crc/internal log log/internal"
for d in $ABSL_DIRS; do
  for f in "$absl/absl/$d"/*.cc; do
    case "$f" in *_test.cc | *_benchmark.cc | *test_util* | *mock* | *_testing.cc | *test_helpers* | *gentables* | *print_hash_of* | *_test_common.cc | *fuzz* | *_main.cc | *benchmark* | *test*) continue ;; esac
    srcs+=("$f")
  done
done
objs=()
pids=()
for f in "${srcs[@]}"; do
  case "$f" in *.cc) ;; *) continue ;; esac
  [ -f "$f" ] || continue
  o=$out/obj/$(echo "${f#"$site"/}" | tr '/' '_' | sed 's/\.cc$/.o/')
  objs+=("$o")
  if [ ! -f "$o" ] || [ "$f" -nt "$o" ]; then
    g++ "${flags[@]}" -c "$f" -o "$o" &
    pids+=($!)
    if [ ${#pids[@]} -ge "${JOBS:-2}" ]; then wait "${pids[0]}"; pids=("${pids[@]:1}"); fi
  fi
done
for p in "${pids[@]}"; do wait "$p"; done
# OpenSpiel's objects are linked whole (the game registers itself in a static
# initialiser); abseil's go into an archive, so only what is used is linked.
spiel=() absl_objs=()
for o in "${objs[@]}"; do
  case "$o" in *abseil-cpp*) absl_objs+=("$o") ;; *) spiel+=("$o") ;; esac
done
rm -f "$out/libabsl_bench.a"
ar rcs "$out/libabsl_bench.a" "${absl_objs[@]}"
g++ -O2 -o "$bin" "${spiel[@]}" "$out/libabsl_bench.a" -lpthread
echo "$bin"
