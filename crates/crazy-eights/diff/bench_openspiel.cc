// Times random play of OpenSpiel's C++ crazy_eights, for the side-by-side table
// in docs/speed.md. Built by build_openspiel_bench.sh against the sources in the
// open-spiel wheel. Each step: list the chance outcomes (and sample one by its
// probability) or the legal actions (and pick one uniformly), then apply it.
//
// Usage: bench_openspiel [games] [players]

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <random>
#include <vector>

#include "open_spiel/spiel.h"

int main(int argc, char** argv) {
  int games = argc > 1 ? std::atoi(argv[1]) : 2000;
  int players = argc > 2 ? std::atoi(argv[2]) : 5;
  open_spiel::GameParameters params;
  params["players"] = open_spiel::GameParameter(players);
  std::shared_ptr<const open_spiel::Game> game =
      open_spiel::LoadGame("crazy_eights", params);
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  long long steps = 0;
  long long checksum = 0;
  auto t0 = std::chrono::steady_clock::now();
  for (int g = 0; g < games; ++g) {
    std::unique_ptr<open_spiel::State> state = game->NewInitialState();
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
      ++steps;
    }
    checksum += static_cast<long long>(state->Returns()[0]);
  }
  double ns = std::chrono::duration<double, std::nano>(
                  std::chrono::steady_clock::now() - t0)
                  .count();
  std::printf(
      "openspiel_cpp crazy_eights players=%d: %d games, %lld steps, %.1f ns/step, "
      "%.2f us/game (checksum %lld)\n",
      players, games, steps, ns / steps, ns / games / 1000.0, checksum);
  return 0;
}
