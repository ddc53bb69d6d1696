/*
 * Plays seeded games of every game of the list with bots through cards.h and
 * prints one line a game, "<game> <seed> <places...>", as
 * examples/examples/bot_outcomes.rs prints them straight from Rust;
 * .ci/ffi-check compares the two. Even seats play the easy bot, odd seats
 * the medium one. Along the way every game also lists its legal moves, is
 * refused a move out of turn, shows views and events, and is saved and
 * loaded back (which must not change how it ends). Then the refusals of bad arguments are checked once.
 *
 *   play_games [GAMES PER GAME]      (100 when not given)
 *
 * Exits 1 at the first unexpected answer, naming the call and the library's
 * last error.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cards.h"

static void expect_status(CardsStatus got, CardsStatus want, const char *call, int line) {
    if (got != want) {
        fprintf(stderr, "line %d: %s: got %s, wanted %s: %s\n", line, call,
                cards_status_name((int32_t)got), cards_status_name((int32_t)want),
                cards_last_error());
        exit(1);
    }
}
#define CHECK(call) expect_status((call), CARDS_STATUS_OK, #call, __LINE__)
#define REFUSED(want, call) expect_status((call), (want), #call, __LINE__)

static void fail(const char *what, const char *game, unsigned long long seed) {
    fprintf(stderr, "%s (%s, seed %llu)\n", what, game, seed);
    exit(1);
}

static uint32_t level(int32_t seat) {
    return seat % 2 == 0 ? CARDS_DIFFICULTY_EASY : CARDS_DIFFICULTY_MEDIUM;
}

/* Plays one game of `game` at `seats` seats from `seed` and prints its line. */
static void play_one(const char *game, size_t seats, unsigned long long seed) {
    CardsTable *table = NULL;
    CHECK(cards_table_new(game, "{}", seats, seed, &table));
    size_t moves = 0, cursor = 0;
    for (;;) {
        int32_t seat = 0;
        CHECK(cards_to_act(table, &seat));
        if (seat == CARDS_NO_SEAT) break;
        size_t count = 0;
        CHECK(cards_legal_count(table, seat, &count));
        if (count == 0) fail("a seat to act has no legal move", game, seed);
        char *last = NULL;
        CHECK(cards_legal_text(table, seat, (uint32_t)(count - 1), &last));
        if (last[0] == '\0') fail("a move with no text", game, seed);
        CHECK(cards_string_free(last));
        int32_t other = (seat + 1) % (int32_t)seats;
        REFUSED(CARDS_STATUS_NOT_YOUR_TURN, cards_play_id(table, other, 0, NULL));
        char *played = NULL;
        CHECK(cards_play_bot(table, seat, level(seat), &played));
        if (played[0] == '\0') fail("a bot played no text", game, seed);
        CHECK(cards_string_free(played));
        moves++;
        if (moves % 16 == 0) {
            char *view = NULL, *events = NULL;
            CHECK(cards_view(table, seat, &view));
            if (view[0] != '{') fail("a view that is no JSON object", game, seed);
            CHECK(cards_events(table, CARDS_SPECTATOR, cursor, &events, &cursor));
            if (events[0] != '[') fail("events that are no JSON list", game, seed);
            CHECK(cards_string_free(view));
            CHECK(cards_string_free(events));
        }
        if (moves == 7) {
            /* Continue on a table loaded from a save: it must end the same. */
            char *save = NULL;
            CardsTable *loaded = NULL;
            CHECK(cards_table_save(table, &save));
            CHECK(cards_table_load(save, &loaded));
            CHECK(cards_string_free(save));
            CHECK(cards_table_free(table));
            table = loaded;
        }
    }
    uint8_t places[16];
    size_t len = 0;
    CHECK(cards_outcome(table, places, sizeof places, &len));
    if (len != seats) fail("an outcome without a place for every seat", game, seed);
    printf("%s %llu", game, seed);
    for (size_t i = 0; i < len; i++) printf(" %u", (unsigned)places[i]);
    printf("\n");
    CHECK(cards_table_free(table));
}

/* Bad arguments are refused with their statuses and change nothing. */
static void refusals(void) {
    CardsTable *table = NULL;
    REFUSED(CARDS_STATUS_BAD_REQUEST, cards_table_new("chess", "{}", 2, 1, &table));
    if (table != NULL || strstr(cards_last_error(), "no game") == NULL) {
        fprintf(stderr, "a refused table: %p, %s\n", (void *)table, cards_last_error());
        exit(1);
    }
    REFUSED(CARDS_STATUS_NULL_ARGUMENT, cards_table_new(NULL, "{}", 2, 1, &table));
    REFUSED(CARDS_STATUS_NULL_ARGUMENT, cards_table_new("trump21", "{}", 2, 1, NULL));
    REFUSED(CARDS_STATUS_BAD_UTF8, cards_table_new("tr\xffmp21", "{}", 2, 1, &table));
    CHECK(cards_table_new("trump21", "{}", 2, 1, &table));
    int32_t seat = 0;
    CHECK(cards_to_act(table, &seat));
    size_t count = 0, len = 0;
    CHECK(cards_legal_count(table, seat, &count));
    uint32_t ids[64];
    REFUSED(CARDS_STATUS_BUFFER_TOO_SMALL, cards_legal_ids(table, seat, NULL, 0, &len));
    if (len != count) {
        fprintf(stderr, "the length asked for is %zu, not %zu\n", len, count);
        exit(1);
    }
    CHECK(cards_legal_ids(table, seat, ids, 64, &len));
    for (size_t i = 0; i < len; i++) {
        if (ids[i] != i) {
            fprintf(stderr, "legal ids are not 0, 1, 2...\n");
            exit(1);
        }
    }
    REFUSED(CARDS_STATUS_BAD_REQUEST, cards_play_text(table, seat, "dance", NULL));
    REFUSED(CARDS_STATUS_BAD_REQUEST, cards_play_id(table, seat, (uint32_t)count, NULL));
    REFUSED(CARDS_STATUS_BAD_REQUEST, cards_play_bot(table, seat, 7, NULL));
    REFUSED(CARDS_STATUS_NULL_ARGUMENT, cards_play_text(table, seat, NULL, NULL));
    REFUSED(CARDS_STATUS_NULL_ARGUMENT, cards_legal_count(NULL, seat, &count));
    REFUSED(CARDS_STATUS_NULL_ARGUMENT, cards_view(table, seat, NULL));
    char *hint = NULL;
    CHECK(cards_bot_choice(table, seat, CARDS_DIFFICULTY_MEDIUM, &hint));
    CHECK(cards_play_text(table, seat, hint, NULL));
    CHECK(cards_string_free(hint));
    CHECK(cards_table_free(table));
    CHECK(cards_table_free(NULL));
    CHECK(cards_string_free(NULL));
    if (strcmp(cards_last_error(), "") != 0) {
        fprintf(stderr, "a success left an error: %s\n", cards_last_error());
        exit(1);
    }
}

int main(int argc, char **argv) {
    long games = argc > 1 ? strtol(argv[1], NULL, 10) : 100;
    if (games < 0) {
        fprintf(stderr, "usage: play_games [GAMES PER GAME]\n");
        return 2;
    }
    refusals();
    size_t count = 0;
    CHECK(cards_game_count(&count));
    for (size_t g = 0; g < count; g++) {
        char *name = NULL;
        size_t min = 0, usual = 0, max = 0;
        CHECK(cards_game_name(g, &name));
        CHECK(cards_seat_limits(name, &min, &usual, &max));
        for (long seed = 0; seed < games; seed++) play_one(name, usual, (unsigned long long)seed);
        CHECK(cards_string_free(name));
    }
    return 0;
}
