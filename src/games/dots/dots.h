/*
 * games/dots/dots.h — Dots and Boxes positions on grids of 1×1 to 9×9 boxes.
 *
 * Edges are numbered as in ../shared/data/dots-boxes-positions.txt (see docs/dots-notation.md):
 * on a board of R rows and C columns of boxes, the horizontal edges come first, row-major,
 * h(r, c) = r*C + c for dot rows r = 0..R; then the vertical edges, row-major,
 * v(r, c) = (R+1)*C + r*(C+1) + c for box rows r = 0..R-1 and dot columns c = 0..C.
 * Box (r, c) has index r*C + c and sides h(r, c), h(r+1, c), v(r, c), v(r, c+1).
 *
 * A position keeps the drawn edges as a bit set of up to 180 edges and each player's boxes
 * as a bit set of up to 81 boxes. The rules table `dots_rules` is built on these
 * functions. A move's `code` is its edge; `extra` is the number of boxes it completes (0: the
 * turn passes to the other player); data[0] holds the completed boxes' indices, the first in
 * bits 0-7 and the second in bits 8-15.
 */
#ifndef PARITY_GAMES_DOTS_DOTS_H
#define PARITY_GAMES_DOTS_DOTS_H

#include <stdbool.h>
#include <stdint.h>

#include "core/game.h"

enum {
	DOTS_A = 0,        /* moves first; A in position text */
	DOTS_B = 1,        /* B in position text */
	DOTS_MAX_SIZE = 9, /* rows and columns of boxes, at most */
	DOTS_DEFAULT_SIZE = 3,
	DOTS_MAX_EDGES = 180, /* on 9×9 */
	DOTS_MAX_BOXES = 81,
};

/* The option slots of game_options (games/dots/module.c lists the options). */
enum {
	DOTS_OPT_ROWS = 0, /* boxes down, 1..9 (0: 3) */
	DOTS_OPT_COLS = 1, /* boxes across, 1..9 (0: 3) */
};

extern const struct game_rules dots_rules;

/* Returns the options of a board of `rows` × `cols` boxes (0: 3). */
struct game_options dots_options(int rows, int cols);

/* One position: 64 bytes, every byte defined, so equal positions compare equal with memcmp. */
struct dots_pos {
	uint64_t edge[3];   /* bit e (of 192): edge e is drawn */
	uint64_t box[2][2]; /* bit b (of 128) of box[p]: player p owns box b */
	uint8_t rows, cols; /* boxes down and across, 1..9 */
	uint8_t edges;      /* the number of edges, (rows+1)*cols + rows*(cols+1) */
	uint8_t side;       /* DOTS_A or DOTS_B to move */
	uint8_t score[2];   /* boxes owned by A and by B */
	uint8_t pad[2];     /* always zero */
};

/* Returns the number of edges of a board of rows × cols boxes. */
static inline int dots_edge_count(int rows, int cols)
{
	return (rows + 1) * cols + rows * (cols + 1);
}

/* Returns whether edge e of the position is drawn. */
static inline bool dots_edge_drawn(const struct dots_pos *pos, int e)
{
	return (pos->edge[e >> 6] >> (e & 63)) & 1;
}

/* Returns the number of drawn edges. */
static inline int dots_drawn_count(const struct dots_pos *pos)
{
	return __builtin_popcountll(pos->edge[0]) + __builtin_popcountll(pos->edge[1]) +
	       __builtin_popcountll(pos->edge[2]);
}

/* Sets up the empty board of rows × cols boxes, A to move. Returns GAME_OK, or
 * GAME_ERR_OPTIONS (leaving pos untouched) unless both are within 1..9. */
int dots_setup(struct dots_pos *pos, int rows, int cols);

/* Stores the four sides of box b (top, bottom, left, right) of a rows × cols board in out. */
void dots_box_sides(int rows, int cols, int b, int out[4]);

/* Stores in out the boxes that edge e borders (one or two) and returns how many. */
int dots_edge_boxes(int rows, int cols, int e, int out[2]);

/* Returns how many of box b's four sides are drawn. */
int dots_box_drawn_sides(const struct dots_pos *pos, int b);

/* Returns who owns box b: DOTS_A, DOTS_B, or -1 if nobody does yet. */
int dots_box_owner(const struct dots_pos *pos, int b);

/* Fills *move for drawing the undrawn edge e (whole struct written; nothing is checked). */
void dots_make_move(const struct dots_pos *pos, int e, struct game_move *move);

/* Returns whether the position is sound: sizes in range, no edge or box off the board, no box
 * owned twice, exactly the complete boxes owned, scores equal to the owned counts, padding
 * zero. Tests call it after every change. */
bool dots_valid(const struct dots_pos *pos);

/* Returns the number of leaves `depth` edges deep, a game that ends sooner counting as one
 * leaf (as game_perft_generic counts), walking the tree with bulk counting at depth 1. */
uint64_t dots_perft(const struct dots_pos *pos, int depth);

#endif
