// Uses include/cards.hpp as a C++ engine would: every game of the list played
// to its end by bots (a copy, a saved-and-loaded table and the original end
// the same; learned bots too), moves as JSON and as ids (each id played on a
// copy is the move of its text), the default rules made into a table, the
// rules, the position and the log's length read back, the library's version
// (the crate's: .ci/ffi-check passes it as CARDS_EXPECTED_VERSION), refusals
// thrown as cards::Error with the library's status, and the tables freed by
// their destructors (.ci/ffi-check runs this under valgrind). Exits 1 on the
// first failure.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "cards.hpp"

#ifndef CARDS_EXPECTED_VERSION
#error "compile with -DCARDS_EXPECTED_VERSION='\"x.y.z\"', the crate's version (.ci/ffi-check does)"
#endif

namespace {

int failures = 0;

void expect(bool ok, const std::string &what) {
    if (!ok) {
        std::fprintf(stderr, "FAILED: %s\n", what.c_str());
        failures++;
    }
}

/// Plays `table` to its end with medium bots; returns the moves played.
std::vector<std::string> play_out(cards::Table &table) {
    std::vector<std::string> played;
    while (auto seat = table.to_act()) played.push_back(table.play_bot(*seat, cards::Difficulty::Medium));
    return played;
}

/// The status a call threw, or CARDS_STATUS_OK when it did not throw.
template <typename Call> CardsStatus thrown(Call call) {
    try {
        call();
    } catch (const cards::Error &e) {
        return e.status();
    }
    return CARDS_STATUS_OK;
}

} // namespace

int main() {
    auto games = cards::games();
    expect(!games.empty(), "the list has games");
    for (const auto &game : games) {
        cards::Table table = cards::Table::create(game.name, game.seats, 3);
        expect(table.game() == game.name && table.seats() == game.seats, game.name + ": made");
        int32_t first = *table.to_act();
        auto moves = table.legal_moves(first);
        expect(!moves.empty(), game.name + ": legal moves");
        int32_t other = (first + 1) % static_cast<int32_t>(game.seats);
        expect(thrown([&] { table.play(other, moves.front()); }) == CARDS_STATUS_NOT_YOUR_TURN,
               game.name + ": out of turn");
        expect(thrown([&] { table.play(first, std::string("dance")); }) == CARDS_STATUS_BAD_REQUEST,
               game.name + ": not an action");
        std::string legal = table.legal_json(first);
        expect(legal.rfind("[{\"id\":0,\"text\":\"" + moves.front() + "\"}", 0) == 0,
               game.name + ": moves as JSON");
        size_t ids = 0;
        for (size_t at = legal.find("\"id\":"); at != std::string::npos; at = legal.find("\"id\":", at + 1))
            ids++;
        expect(ids == moves.size(), game.name + ": every move in the JSON");
        expect(table.legal_json(other) == "[]", game.name + ": no moves for a seat not to act");
        expect(thrown([&] { table.legal_json(static_cast<int32_t>(game.seats)); }) ==
                   CARDS_STATUS_BAD_REQUEST,
               game.name + ": no seat past the table");
        // The ids: one per move that cards_legal_count counts (legal_moves
        // reads that many texts), numbered from 0, and each one played (on a
        // copy) is the move of its text.
        auto id_list = table.legal_ids(first);
        bool numbered = id_list.size() == moves.size();
        for (size_t i = 0; numbered && i < id_list.size(); i++) numbered = id_list[i] == i;
        expect(numbered, game.name + ": the legal ids are 0 to count - 1");
        for (uint32_t id : id_list) {
            cards::Table trial = table.clone();
            expect(trial.play(first, id) == moves[id],
                   game.name + ": id " + std::to_string(id) + " plays its move");
        }
        expect(table.legal_ids(other).empty(), game.name + ": no ids for a seat not to act");
        expect(thrown([&] { table.legal_ids(static_cast<int32_t>(game.seats)); }) ==
                   CARDS_STATUS_BAD_REQUEST,
               game.name + ": no ids for a seat past the table");
        // The default rules are the rules of a table made with "{}", and a
        // table made under them is that table.
        std::string defaults = cards::default_rules(game.name);
        expect(defaults.front() == '{' && table.rules() == defaults,
               game.name + ": the rules are the defaults");
        cards::Table under_defaults = cards::Table::create(game.name, game.seats, 3, defaults);
        expect(under_defaults.rules() == defaults && under_defaults.state() == table.state(),
               game.name + ": the default rules load back");
        expect(table.play(first, moves.back()) == moves.back(), game.name + ": played by text");
        std::string save = table.save();
        cards::Table copy = table.clone();
        cards::Table loaded = cards::Table::load(save);
        size_t cursor = 0;
        std::string events = table.events(CARDS_SPECTATOR, cursor);
        expect(events.front() == '[' && cursor > 0 && cursor == table.log_len(), game.name + ": events");
        expect(table.state().front() == '{' && loaded.state() == table.state(),
               game.name + ": the loaded table's position");
        expect(table.view(0).front() == '{', game.name + ": a view");
        auto played = play_out(table);
        expect(play_out(copy) == played, game.name + ": the copy plays the same");
        expect(play_out(loaded) == played, game.name + ": the loaded table plays the same");
        auto places = table.outcome();
        // The learned level plays a whole game too (the heuristic where the
        // game ships no network for the seat count).
        cards::Table learned = cards::Table::create(game.name, game.seats, 4);
        while (auto seat = learned.to_act()) learned.play_bot(*seat, cards::Difficulty::Learned);
        expect(learned.outcome().size() == game.seats, game.name + ": learned bots play to the end");
        expect(places.size() == game.seats && places == loaded.outcome(), game.name + ": outcome");
        expect(!table.to_act(), game.name + ": over");
        // A moved-from table is empty; the moved-to one frees the table.
        cards::Table moved = std::move(copy);
        expect(moved.outcome() == places, game.name + ": moved");
        std::printf("%s:", game.name.c_str());
        for (auto p : places) std::printf(" %u", static_cast<unsigned>(p));
        std::printf(" (%zu moves)\n", played.size());
    }
    expect(thrown([] { cards::Table::create("chess", 2, 1); }) == CARDS_STATUS_BAD_REQUEST,
           "no such game");
    expect(thrown([] { cards::Table::load("{}"); }) == CARDS_STATUS_BAD_REQUEST, "no save");
    expect(thrown([] { cards::default_rules("chess"); }) == CARDS_STATUS_BAD_REQUEST,
           "no default rules of no game");
    expect(cards::version() == CARDS_EXPECTED_VERSION,
           "the version is the crate's: " + cards::version() + ", not " + CARDS_EXPECTED_VERSION);
    if (failures > 0) return 1;
    std::printf("cards.hpp: ok\n");
    return 0;
}
