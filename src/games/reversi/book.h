/*
 * games/reversi/book.h — Reversi's opening book: positions of the standard 8×8 game near the
 * start, each with a score that Parity's own searches gave it (tools/build-book.c), backed up
 * by negamax through the tree of the lines the builder expanded.
 *
 * A position is kept once for its 8 symmetric images (the smallest (P, O) of the 8 is the
 * key), as the side to move sees it (P: its discs, O: the opponent's). An entry is either
 * expanded — every legal move of it leads to a position that is in the book too — or a leaf
 * whose score comes from one search. The book answers at an expanded position: the score
 * of each move is minus its child's score.
 *
 * The file (assets/reversi-book.bin) is the magic "PRVBOOK1", a 32-bit count, then the
 * entries sorted by (P, O), each 20 bytes little-endian: P, O, score (int16, 1/100 disc),
 * depth (the search depth behind a leaf's score), flags. Like the pattern weights, the
 * caller hands one book to the engine (book_load, through the module's data loader) and the
 * engine only asks book_current(); nothing here prints.
 */
#ifndef PARITY_GAMES_REVERSI_BOOK_H
#define PARITY_GAMES_REVERSI_BOOK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/game.h"

enum {
	BOOK_EXPANDED = 1, /* flags: every move of this position leads into the book */
	BOOK_ENTRY_BYTES = 20,
	BOOK_MOVES_MAX = 32,
};

struct book_entry {
	uint64_t p, o; /* the smallest symmetric image, side to move first */
	int16_t score; /* for the side to move, 1/100 of a disc */
	uint8_t depth; /* the depth of the search behind a leaf's score */
	uint8_t flags; /* BOOK_EXPANDED */
};

struct book {
	struct book_entry *entries; /* sorted by (p, o) */
	size_t count;
};

/* One move of a book position: its square (a1 = 0) and score for the side to move. */
struct book_move {
	int square;
	int score;
};

/* Replaces (*p, *o) by the smallest of its 8 symmetric images. */
void book_canonical(uint64_t *p, uint64_t *o);

/* Returns the entry of (P, O) in any of its symmetric images, or NULL. */
const struct book_entry *book_find(const struct book *b, uint64_t P, uint64_t O);

/* Fills `out` (room for BOOK_MOVES_MAX) with the moves of (P, O), best first, when the
 * position is expanded in the book, and returns how many; 0 when it is not (or has no move). */
int book_moves(const struct book *b, uint64_t P, uint64_t O, struct book_move *out);

/* Sorts b's entries by (p, o) (after building one). */
void book_sort(struct book *b);

/* Encodes b (sorted) in the file format into a new buffer (*data, free it), *n bytes.
 * Returns 0 or -1 when out of memory. */
int book_encode(const struct book *b, unsigned char **data, size_t *n);

/* Reads a book file into b. Returns 0, or an io/atomic.h error code with err (GAME_ERR_MAX
 * bytes, may be NULL) saying why. */
int book_read(struct book *b, const char *path, char *err);

/* Frees b's entries. */
void book_free(struct book *b);

struct reversi_pos;

/* The engine's book moves of a Reversi position, best first (see book_moves): none unless it
 * is the standard game (8×8, not Anti-reversi, no black hole) and a book is loaded. */
int reversi_book_moves(const struct reversi_pos *pos, struct book_move *out);

/* Reversi's game_rules.book: the move of level_book_pick among reversi_book_moves. */
bool reversi_book_move(const void *pos, int spread, uint32_t seed, struct game_move *move,
                       int *score);

/* The engine's book: book_load installs the one at `path` (a failure leaves none and returns
 * the code), book_unload forgets it, book_current returns it or NULL. */
int book_load(const char *path, char *err);
void book_unload(void);
const struct book *book_current(void);

#endif
