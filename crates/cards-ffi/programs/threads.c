/*
 * The thread contract of cards.h from C with pthreads: tables played on four
 * threads at once end as when played on one; a table shared between threads
 * is played by one thread per seat behind a mutex; and each thread has its
 * own last error. Exits 1 on the first difference.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cards.h"

#define SEEDS 4
#define MAX_GAMES 16
#define MAX_SEATS 16

static void check(CardsStatus status, const char *call, int line) {
    if (status != CARDS_STATUS_OK) {
        fprintf(stderr, "line %d: %s: %s: %s\n", line, call, cards_status_name((int32_t)status),
                cards_last_error());
        exit(1);
    }
}
#define CHECK(call) check((call), #call, __LINE__)

static size_t game_count;
static char *names[MAX_GAMES];
static size_t seat_counts[MAX_GAMES];

/* The places of game `g` from `seed`, played out by medium bots. */
static void play(size_t g, uint64_t seed, uint8_t places[MAX_SEATS]) {
    CardsTable *table = NULL;
    CHECK(cards_table_new(names[g], "", seat_counts[g], seed, &table));
    for (;;) {
        int32_t seat = 0;
        CHECK(cards_to_act(table, &seat));
        if (seat == CARDS_NO_SEAT) break;
        CHECK(cards_play_bot(table, seat, CARDS_DIFFICULTY_MEDIUM, NULL));
    }
    size_t len = 0;
    memset(places, 0, MAX_SEATS);
    CHECK(cards_outcome(table, places, MAX_SEATS, &len));
    CHECK(cards_table_free(table));
}

static uint8_t alone[SEEDS][MAX_GAMES][MAX_SEATS];
static uint8_t together[SEEDS][MAX_GAMES][MAX_SEATS];

static void *play_seed(void *arg) {
    size_t seed = (size_t)(uintptr_t)arg;
    for (size_t g = 0; g < game_count; g++) play(g, seed, together[seed][g]);
    return NULL;
}

/* A table shared by the threads of its seats, behind a lock; a seat not to
 * act checks it is refused, then sleeps until the next move (spinning would
 * take minutes under valgrind, which runs one thread at a time). */
struct shared {
    pthread_mutex_t lock;
    pthread_cond_t moved;
    CardsTable *table;
    size_t moves;
};
struct player {
    struct shared *shared;
    int32_t seat;
};

static void *play_seat(void *arg) {
    struct player *me = arg;
    struct shared *shared = me->shared;
    pthread_mutex_lock(&shared->lock);
    for (;;) {
        int32_t to_act = 0;
        CHECK(cards_to_act(shared->table, &to_act));
        if (to_act == CARDS_NO_SEAT) break;
        if (to_act == me->seat) {
            CHECK(cards_play_bot(shared->table, me->seat, CARDS_DIFFICULTY_MEDIUM, NULL));
            shared->moves++;
            pthread_cond_broadcast(&shared->moved);
        } else if (cards_play_bot(shared->table, me->seat, CARDS_DIFFICULTY_MEDIUM, NULL) !=
                   CARDS_STATUS_NOT_YOUR_TURN) {
            fprintf(stderr, "seat %d played out of turn\n", me->seat);
            exit(1);
        } else {
            pthread_cond_wait(&shared->moved, &shared->lock);
        }
    }
    pthread_mutex_unlock(&shared->lock);
    return NULL;
}

static void *fail_in_thread(void *arg) {
    char *seen = arg;
    /* A fresh thread has no error, whatever the main thread's is. */
    strncpy(seen, cards_last_error(), 255);
    CardsTable *table = NULL;
    if (cards_table_new("trump21", "{}", 99, 1, &table) != CARDS_STATUS_BAD_REQUEST) exit(1);
    return NULL;
}

int main(void) {
    CHECK(cards_game_count(&game_count));
    if (game_count > MAX_GAMES) return 1;
    for (size_t g = 0; g < game_count; g++) {
        size_t min = 0, max = 0;
        CHECK(cards_game_name(g, &names[g]));
        CHECK(cards_seat_limits(names[g], &min, &seat_counts[g], &max));
    }

    for (size_t seed = 0; seed < SEEDS; seed++)
        for (size_t g = 0; g < game_count; g++) play(g, seed, alone[seed][g]);
    pthread_t threads[SEEDS];
    for (size_t seed = 0; seed < SEEDS; seed++)
        pthread_create(&threads[seed], NULL, play_seed, (void *)(uintptr_t)seed);
    for (size_t seed = 0; seed < SEEDS; seed++) pthread_join(threads[seed], NULL);
    if (memcmp(alone, together, sizeof alone) != 0) {
        fprintf(stderr, "games on four threads ended otherwise than on one\n");
        return 1;
    }

    /* Hearts (four seats, or whatever the last game of the list takes)
     * played by one thread per seat on one table behind a lock. */
    size_t g = game_count - 1;
    struct shared shared = {.table = NULL, .moves = 0};
    pthread_mutex_init(&shared.lock, NULL);
    pthread_cond_init(&shared.moved, NULL);
    CHECK(cards_table_new(names[g], "{}", seat_counts[g], 5, &shared.table));
    struct player players[MAX_SEATS];
    pthread_t seats[MAX_SEATS];
    for (size_t s = 0; s < seat_counts[g]; s++) {
        players[s] = (struct player){.shared = &shared, .seat = (int32_t)s};
        pthread_create(&seats[s], NULL, play_seat, &players[s]);
    }
    for (size_t s = 0; s < seat_counts[g]; s++) pthread_join(seats[s], NULL);
    uint8_t places[MAX_SEATS] = {0}, reference[MAX_SEATS];
    size_t len = 0;
    CHECK(cards_outcome(shared.table, places, MAX_SEATS, &len));
    play(g, 5, reference);
    if (len != seat_counts[g] || memcmp(places, reference, MAX_SEATS) != 0 || shared.moves == 0) {
        fprintf(stderr, "the shared table ended otherwise than one played alone\n");
        return 1;
    }
    CHECK(cards_table_free(shared.table));
    pthread_mutex_destroy(&shared.lock);
    pthread_cond_destroy(&shared.moved);

    /* Each thread's own last error. */
    CardsTable *table = NULL;
    if (cards_table_new("chess", "{}", 2, 1, &table) != CARDS_STATUS_BAD_REQUEST) return 1;
    char here[256], there[256] = "unset";
    strncpy(here, cards_last_error(), 255);
    here[255] = '\0';
    pthread_t other;
    pthread_create(&other, NULL, fail_in_thread, there);
    pthread_join(other, NULL);
    if (strcmp(there, "") != 0 || strcmp(cards_last_error(), here) != 0 ||
        strstr(here, "chess") == NULL) {
        fprintf(stderr, "last errors mixed between threads: '%s' '%s'\n", here, there);
        return 1;
    }

    for (size_t i = 0; i < game_count; i++) CHECK(cards_string_free(names[i]));
    printf("threads: %zu games x %d seeds on %d threads, a shared %s table: ok\n", game_count,
           SEEDS, SEEDS, "locked");
    return 0;
}
