// cards.hpp: a C++17 wrapper of cards.h (the C interface of the card-rules
// games, crates/cards-ffi). Header only. Tables free themselves (RAII, move
// only), strings come back as std::string (the library's copies are freed at
// once), and a refused call throws cards::Error with its status and the
// library's message (which names the rule's clause where a rule refused).
//
// Threads: as cards.h. A cards::Table may move to another thread, but must
// not be used from two threads at once without the caller's lock. A hard bot
// takes milliseconds to a second a move (CARDS_DIFFICULTY_HARD): play it on a
// worker thread, not on a thread that draws frames.
#ifndef CARDS_HPP
#define CARDS_HPP

#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "cards.h"

namespace cards {

/// A refused call: its status and the library's message.
class Error : public std::runtime_error {
  public:
    Error(CardsStatus status, const char *message)
        : std::runtime_error(std::string(cards_status_name(static_cast<int32_t>(status))) + ": " +
                             message),
          status_(status) {}
    /// Why the call was refused (CARDS_STATUS_ILLEGAL, ...).
    CardsStatus status() const noexcept { return status_; }

  private:
    CardsStatus status_;
};

namespace detail {
/// Throws unless `status` is CARDS_STATUS_OK.
inline void check(CardsStatus status) {
    if (status != CARDS_STATUS_OK) throw Error(status, cards_last_error());
}

/// Copies a string the library handed out, and frees it.
inline std::string take(char *text) {
    std::string copy = text ? text : "";
    cards_string_free(text);
    return copy;
}

/// Calls `call` with a string output and returns what it wrote.
template <typename Call> std::string string(Call call) {
    char *out = nullptr;
    check(call(&out));
    return take(out);
}
} // namespace detail

/// Bots' levels.
enum class Difficulty : uint32_t {
    Easy = CARDS_DIFFICULTY_EASY,
    Medium = CARDS_DIFFICULTY_MEDIUM,
    Hard = CARDS_DIFFICULTY_HARD,
    Learned = CARDS_DIFFICULTY_LEARNED,
};

/// The library's version, such as "0.1.0" (the crate's; cards_version's
/// static text, copied and never freed).
inline std::string version() { return cards_version(); }

/// The default rules of the game called `game` as JSON: the form
/// Table::create's `rules_json` takes. Throws cards::Error
/// (CARDS_STATUS_BAD_REQUEST) for no such game.
inline std::string default_rules(const std::string &game) {
    return detail::string([&](char **s) { return cards_default_rules(game.c_str(), s); });
}

/// A game of the list.
struct Game {
    std::string name;   ///< What Table::create takes ("crazy-eights").
    std::string title;  ///< Its name for people ("Crazy Eights").
    size_t min_seats;   ///< The fewest players.
    size_t seats;       ///< The usual number of players.
    size_t max_seats;   ///< The most players.
};

/// Every game of the list, in its order.
inline std::vector<Game> games() {
    size_t count = 0;
    detail::check(cards_game_count(&count));
    std::vector<Game> out;
    for (size_t i = 0; i < count; i++) {
        Game g;
        g.name = detail::string([&](char **s) { return cards_game_name(i, s); });
        g.title = detail::string([&](char **s) { return cards_game_title(i, s); });
        detail::check(cards_seat_limits(g.name.c_str(), &g.min_seats, &g.seats, &g.max_seats));
        out.push_back(std::move(g));
    }
    return out;
}

/// A table of one game: freed when it goes out of scope.
class Table {
  public:
    /// A table of `game` under `rules_json` ("{}": the defaults) for `seats`
    /// players, dealt from `seed`.
    static Table create(const std::string &game, size_t seats, uint64_t seed,
                        const std::string &rules_json = "{}") {
        CardsTable *t = nullptr;
        detail::check(cards_table_new(game.c_str(), rules_json.c_str(), seats, seed, &t));
        return Table(t);
    }
    /// The table a save() wrote, continuing exactly where it stood.
    static Table load(const std::string &save_json) {
        CardsTable *t = nullptr;
        detail::check(cards_table_load(save_json.c_str(), &t));
        return Table(t);
    }

    Table(Table &&other) noexcept : table_(std::exchange(other.table_, nullptr)) {}
    Table &operator=(Table &&other) noexcept {
        if (this != &other) {
            cards_table_free(table_);
            table_ = std::exchange(other.table_, nullptr);
        }
        return *this;
    }
    Table(const Table &) = delete;
    Table &operator=(const Table &) = delete;
    ~Table() { cards_table_free(table_); }

    /// An independent copy.
    Table clone() const {
        CardsTable *t = nullptr;
        detail::check(cards_table_clone(table_, &t));
        return Table(t);
    }

    /// The game's name.
    std::string game() const {
        return detail::string([&](char **s) { return cards_table_game(table_, s); });
    }
    /// The number of seats.
    size_t seats() const {
        size_t n = 0;
        detail::check(cards_table_seats(table_, &n));
        return n;
    }
    /// The seat to act, or nothing once the game is over.
    std::optional<int32_t> to_act() const {
        int32_t seat = CARDS_NO_SEAT;
        detail::check(cards_to_act(table_, &seat));
        if (seat == CARDS_NO_SEAT) return std::nullopt;
        return seat;
    }
    /// The texts of `seat`'s legal moves; a move's id is its index here.
    std::vector<std::string> legal_moves(int32_t seat) const {
        size_t count = 0;
        detail::check(cards_legal_count(table_, seat, &count));
        std::vector<std::string> out;
        for (size_t id = 0; id < count; id++)
            out.push_back(detail::string([&](char **s) {
                return cards_legal_text(table_, seat, static_cast<uint32_t>(id), s);
            }));
        return out;
    }
    /// The ids of `seat`'s legal moves (0, 1, 2, ...: what play(seat, id)
    /// takes, valid for this position only); empty unless `seat` is to act.
    std::vector<uint32_t> legal_ids(int32_t seat) const {
        // The length first (a short buffer is refused with the length
        // written), then the ids.
        size_t len = 0;
        CardsStatus status = cards_legal_ids(table_, seat, nullptr, 0, &len);
        if (status != CARDS_STATUS_BUFFER_TOO_SMALL) detail::check(status);
        std::vector<uint32_t> ids(len);
        if (len > 0) detail::check(cards_legal_ids(table_, seat, ids.data(), len, &len));
        return ids;
    }
    /// `seat`'s legal moves as JSON, `[{"id": 0, "text": "draw"}, ...]` (`[]`
    /// unless `seat` is to act).
    std::string legal_json(int32_t seat) const {
        return detail::string([&](char **s) { return cards_legal_json(table_, seat, s); });
    }
    /// Plays `seat`'s legal move `id`; returns its text.
    std::string play(int32_t seat, uint32_t id) {
        return detail::string([&](char **s) { return cards_play_id(table_, seat, id, s); });
    }
    /// Plays `action` (its text) for `seat`; returns it as the table wrote it.
    std::string play(int32_t seat, const std::string &action) {
        return detail::string(
            [&](char **s) { return cards_play_text(table_, seat, action.c_str(), s); });
    }
    /// A host operation ("leave 2") asked by `seat`, or by the host.
    void host(const std::string &op, int32_t seat = CARDS_HOST) {
        detail::check(cards_host(table_, seat, op.c_str()));
    }
    /// What a bot would play for `seat`, not played.
    std::string bot_choice(int32_t seat, Difficulty level) {
        return detail::string([&](char **s) {
            return cards_bot_choice(table_, seat, static_cast<uint32_t>(level), s);
        });
    }
    /// Lets a bot play for `seat`; returns what it played.
    std::string play_bot(int32_t seat, Difficulty level) {
        return detail::string([&](char **s) {
            return cards_play_bot(table_, seat, static_cast<uint32_t>(level), s);
        });
    }
    /// What `seat` (or CARDS_SPECTATOR) sees, as the protocol's view JSON.
    std::string view(int32_t seat) const {
        return detail::string([&](char **s) { return cards_view(table_, seat, s); });
    }
    /// The events from `cursor` on as `seat` sees them (a JSON list); moves
    /// `cursor` past them.
    std::string events(int32_t seat, size_t &cursor) {
        return detail::string(
            [&](char **s) { return cards_events(table_, seat, cursor, s, &cursor); });
    }
    /// The number of log entries: the cursor events() reaches at the end.
    size_t log_len() const {
        size_t n = 0;
        detail::check(cards_log_len(table_, &n));
        return n;
    }
    /// The table's rules, every one, as JSON.
    std::string rules() const {
        return detail::string([&](char **s) { return cards_table_rules(table_, s); });
    }
    /// The whole position as JSON, every hidden card included: for the host
    /// (a debugger, a replay), never to show a player.
    std::string state() const {
        return detail::string([&](char **s) { return cards_table_state(table_, s); });
    }
    /// The whole table as JSON, for load().
    std::string save() const {
        return detail::string([&](char **s) { return cards_table_save(table_, s); });
    }
    /// Each seat's place once the game is over (1 for the winners); empty
    /// while it is not.
    std::vector<uint8_t> outcome() const {
        size_t len = 0;
        CardsStatus status = cards_outcome(table_, nullptr, 0, &len);
        if (status != CARDS_STATUS_BUFFER_TOO_SMALL) detail::check(status);
        std::vector<uint8_t> places(len);
        if (len > 0) detail::check(cards_outcome(table_, places.data(), len, &len));
        return places;
    }
    /// The C handle, for calls this wrapper does not cover.
    CardsTable *handle() noexcept { return table_; }

  private:
    explicit Table(CardsTable *table) : table_(table) {}
    CardsTable *table_;
};

} // namespace cards

#endif // CARDS_HPP
