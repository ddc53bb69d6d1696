/*
 * The first sample of docs/engines.md ("The interface in short"), whole: the
 * guide quotes play_a_game below, from its #include lines to its end, and a
 * test (crates/cards-ffi/tests/ffi/guide.rs) fails when the guide's code is
 * not in this file word for word. .ci/ffi-check compiles it with -Wall
 * -Wextra -Werror, runs it (it must end, and print the places) and runs it
 * under valgrind memcheck.
 *
 * Seat 0 stands for a player who always asks to draw: once a turn's draws
 * are used up, the draw is refused, the player is told the rule, and the
 * sample plays the medium bot's move for them so that the game goes on.
 */
#include <stdio.h>
#include "cards.h"

/* One game of Crazy Eights: seat 0 is the player, seats 1 and 2 are bots. */
static int play_a_game(void) {
    CardsTable *table = NULL;
    if (cards_table_new("crazy-eights", "{}", 3, /*seed*/ 42, &table) != CARDS_STATUS_OK) {
        fprintf(stderr, "%s\n", cards_last_error());
        return 1;
    }
    CardsStatus s;
    int32_t seat;
    while ((s = cards_to_act(table, &seat)) == CARDS_STATUS_OK && seat != CARDS_NO_SEAT) {
        if (seat == 0) {
            char *view = NULL;
            if (cards_view(table, 0, &view) == CARDS_STATUS_OK) {
                /* ... show the player their cards (the JSON of docs/protocol.md) */
            }
            cards_string_free(view);
            /* ... read a move from the player (this one always asks to draw): */
            s = cards_play_text(table, 0, "draw", NULL);
            if (s == CARDS_STATUS_ILLEGAL || s == CARDS_STATUS_BAD_REQUEST) {
                /* Refused, and nothing changed: tell the player why (the
                 * message names the rule), then ask again. This sample plays
                 * the medium bot's move for them instead. */
                printf("seat 0 may not draw: %s\n", cards_last_error());
                s = cards_play_bot(table, 0, CARDS_DIFFICULTY_MEDIUM, NULL);
            }
        } else {
            s = cards_play_bot(table, seat, CARDS_DIFFICULTY_MEDIUM, NULL);
        }
        if (s != CARDS_STATUS_OK) break;
    }
    uint8_t places[8];
    size_t n = 0;
    if (s == CARDS_STATUS_OK) s = cards_outcome(table, places, sizeof places, &n);
    if (s != CARDS_STATUS_OK) {
        fprintf(stderr, "%s: %s\n", cards_status_name((int32_t)s), cards_last_error());
        cards_table_free(table);
        return 1;
    }
    printf("the game is over; places by seat:");
    for (size_t i = 0; i < n; i++) printf(" %u", (unsigned)places[i]);
    printf("\n");
    cards_table_free(table);
    table = NULL; /* a freed handle is never used again */
    return 0;
}

int main(void) {
    return play_a_game();
}
