// Times random play of an OpenSpiel C++ game, for the side-by-side tables in
// docs/speed.md. Built by build_bench.sh against the sources in the open-spiel
// wheel, with the games it is given. Each step: list the chance outcomes (and sample one by its
// probability) or the legal actions (and pick one uniformly), then apply it.
//
// The games are timed in several passes (one random sequence running on from
// pass to pass) and the median pass is reported, as criterion reports a median
// for the Rust side: one pass alone swings with whatever else the machine runs.
//
// Usage: bench_openspiel <game, as LoadGame reads it: hearts, crazy_eights(players=5)>
//                       [games per pass] [passes]
// Prints one line per pass, then a last line with the median pass's ns/step.

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "open_spiel/spiel.h"

namespace {

struct Pass {
  long long steps = 0;
  long long checksum = 0;
  double ns = 0.0;
};

// Plays `games` random games, drawing from `rng` (which runs on afterwards).
Pass play(const open_spiel::Game& game, int games, std::mt19937_64& rng) {
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  Pass pass;
  auto t0 = std::chrono::steady_clock::now();
  for (int g = 0; g < games; ++g) {
    std::unique_ptr<open_spiel::State> state = game.NewInitialState();
    while (!state->IsTerminal()) {
      open_spiel::Action chosen;
      if (state->IsChanceNode()) {
        std::vector<std::pair<open_spiel::Action, double>> outcomes =
            state->ChanceOutcomes();
        double r = unit(rng);
        chosen = outcomes.back().first;
        for (const auto& [a, p] : outcomes) {
          if (r < p) {
            chosen = a;
            break;
          }
          r -= p;
        }
      } else {
        std::vector<open_spiel::Action> legal = state->LegalActions();
        chosen = legal[rng() % legal.size()];
      }
      state->ApplyAction(chosen);
      ++pass.steps;
    }
    pass.checksum += static_cast<long long>(state->Returns()[0]);
  }
  pass.ns = std::chrono::duration<double, std::nano>(
                std::chrono::steady_clock::now() - t0)
                .count();
  return pass;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: bench_openspiel <game> [games per pass] [passes]\n");
    return 2;
  }
  std::string name = argv[1];
  int games = argc > 2 ? std::atoi(argv[2]) : 2000;
  int passes = argc > 3 ? std::atoi(argv[3]) : 15;
  if (games < 1 || passes < 1) {
    std::fprintf(stderr, "usage: bench_openspiel <game> [games per pass] [passes]\n");
    return 2;
  }
  std::shared_ptr<const open_spiel::Game> game = open_spiel::LoadGame(name);
  std::mt19937_64 rng(7);
  std::vector<double> per_step;
  long long steps = 0;
  long long checksum = 0;
  for (int p = 0; p < passes; ++p) {
    Pass pass = play(*game, games, rng);
    steps += pass.steps;
    checksum += pass.checksum;
    per_step.push_back(pass.ns / pass.steps);
    std::printf("openspiel_cpp %s pass %d: %d games, %lld steps, %.1f ns/step\n",
                name.c_str(), p + 1, games, pass.steps, pass.ns / pass.steps);
  }
  std::vector<double> sorted = per_step;
  std::sort(sorted.begin(), sorted.end());
  size_t n = sorted.size();
  double median = n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0;
  std::printf(
      "openspiel_cpp %s: %d passes of %d games, %lld steps, "
      "median %.1f ns/step (min %.1f, max %.1f; checksum %lld)\n",
      name.c_str(), passes, games, steps, median, sorted.front(), sorted.back(), checksum);
  return 0;
}
