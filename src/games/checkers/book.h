/*
 * games/checkers/book.h — checkers' opening book: positions near the start and after the ACF
 * ballot openings, each with a score that Parity's own searches gave it
 * (tools/checkers-book.c), backed up by negamax through the tree of the lines the builder
 * expanded.
 *
 * A position is kept as its side to move sees it: White to move is the board turned round
 * with the colours swapped, so that the mover always plays up the board like Black (`own`:
 * its pieces, `opp`: the opponent's, `kings`: the kings of both). An entry is either
 * expanded — every legal move of it leads to a position that is in the book too — or a leaf
 * whose score comes from one search. The book answers at an expanded position: the score of
 * each move is minus its child's score.
 *
 * The file (assets/checkers-book.bin) is the magic "PCKBOOK1", a 32-bit count, the entries sorted
 * by (own, opp, kings), each 16 bytes little-endian: own, opp, kings (32 bits each), score (int16,
 * 1/100 of a man), depth (the search depth behind a leaf's score), flags (1: expanded; 2: expanded
 * by the builder's deep stage, with 1 too); then a 64-bit check of everything before it. A file
 * whose check, order or positions are wrong is refused whole. As with the evaluation weights, the
 * module's loader installs one book and the engine only asks checkers_book_current(); nothing here
 * prints.
 */
#ifndef PARITY_GAMES_CHECKERS_BOOK_H
#define PARITY_GAMES_CHECKERS_BOOK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/game.h"
#include "games/checkers/checkers.h"

#define CHECKERS_BOOK_FILE "checkers-book.bin" /* in the data directory */

enum {
	CHECKERS_BOOK_EXPANDED = 1, /* flags: every move of this position leads into the book */
	CHECKERS_BOOK_DEEP = 2,     /* ... expanded by the builder's deep stage (tools/checkers-book
	                               --deep-nodes): on a hard side's turn, its moves were searched
	                               deeper than the rest of the book */
	CHECKERS_BOOK_ENTRY_BYTES = 16,
};

struct checkers_book_entry {
	uint32_t own, opp, kings; /* the position as its side to move sees it */
	int16_t score;            /* for the side to move, 1/100 of a man */
	uint8_t depth;            /* the depth of the search behind a leaf's score */
	uint8_t flags;            /* CHECKERS_BOOK_EXPANDED, CHECKERS_BOOK_DEEP */
};

struct checkers_book {
	struct checkers_book_entry *entries; /* sorted by (own, opp, kings) */
	size_t count;
};

/* Fills the position fields (own, opp, kings) of *key from pos; the rest is zeroed. */
void checkers_book_key(const struct checkers_pos *pos, struct checkers_book_entry *key);

/* Returns the entry of pos, or NULL. */
const struct checkers_book_entry *checkers_book_find(const struct checkers_book *b,
                                                     const struct checkers_pos *pos);

/* Fills moves (room for GAME_MOVES_MAX) and scores with the moves of pos and their book
 * scores for the side to move, best first (ties in the order of the generator), when pos is
 * expanded in the book, and returns how many; 0 when it is not. */
int checkers_book_moves(const struct checkers_book *b, const struct checkers_pos *pos,
                        struct game_move *moves, int *scores);

/* Sorts b's entries by (own, opp, kings) (after building one). */
void checkers_book_sort(struct checkers_book *b);

/* Encodes b (sorted) in the file format into a new buffer (*data, free it), *n bytes.
 * Returns 0 or -1 when out of memory. */
int checkers_book_encode(const struct checkers_book *b, unsigned char **data, size_t *n);

/* Reads a book file into b. Returns 0, or an io/atomic.h error code with err (GAME_ERR_MAX
 * bytes, may be NULL) saying why. */
int checkers_book_read(struct checkers_book *b, const char *path, char *err);

/* Frees b's entries. */
void checkers_book_free(struct checkers_book *b);

/* The engine's book: checkers_book_load installs the one at `path` (a failure leaves none
 * and returns the code), checkers_book_unload forgets it, checkers_book_current returns it or
 * NULL. */
int checkers_book_load(const char *path, char *err);
void checkers_book_unload(void);
const struct checkers_book *checkers_book_current(void);

/* checkers_rules.book: from the installed book, the best move when spread is 0, else one of
 * those within `spread` of the best, weighted toward the best (level_book_pick of
 * core/level.h), drawn from `seed`. */
bool checkers_book_move(const void *pos, int spread, uint32_t seed, struct game_move *move,
                        int *score);

#endif
