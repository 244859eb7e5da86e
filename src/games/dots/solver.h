/*
 * games/dots/solver.h — the exact Dots and Boxes solver: the value of a position under
 * perfect play, and every optimal edge.
 *
 * The value of a position is the net number of boxes the side to move will take from the
 * boxes still unclaimed, under perfect play by both sides. It depends on the drawn edges alone
 * (not on the score so far, nor on who is to move), so the solver's transposition table is
 * keyed by the set of undrawn edges, brought to a canonical form under the board's symmetries
 * (8 on square boards, 4 on other rectangles).
 *
 * The solver works on the board as a strings-and-coins graph (a box is a coin, an undrawn edge
 * a string to a neighbouring coin or to the ground) of at most 64 strings. A board of at most
 * 64 edges (up to 5×5) is solved whole, with its symmetries; on a larger board the undrawn
 * edges of the position, when there are at most 64, form the graph.
 *
 * Alpha-beta (fail-soft) with the table, and chain rules that prune captures: a box whose
 * capture opens nothing is taken at once; in a chain being offered only "take" and, at its
 * last two boxes, the double-dealing decline are searched; in a loop, the decline leaving the
 * last four. One move per chain or loop is searched, and a move that opens a long chain or a
 * loop is bounded without a search when the bound cannot matter. Safe edges are tried first
 * (centre out), edges that offer boxes last; the children's table entries are looked at
 * before any child is searched (enhanced transposition cut-offs). The table is sized by the caller
 * (dots_solver_bits_for fits it to the position and a memory limit) and shared by the
 * threads of dots_solve_value and dots_solve_best (dots_solver_threads).
 */
#ifndef PARITY_GAMES_DOTS_SOLVER_H
#define PARITY_GAMES_DOTS_SOLVER_H

#include <stdbool.h>
#include <stdint.h>

#include "games/dots/dots.h"

enum {
	DOTS_SOLVER_STRINGS = 64, /* the most undrawn edges the solver takes */
	DOTS_SOLVER_TT_BITS = 22, /* the table of dots_solver_new(0): 2^22 entries of 16 bytes */
	DOTS_SOLVER_MAX_THREADS = 64,
};

/* What a long solve reports now and then (dots_solver_progress). */
struct dots_progress {
	uint64_t nodes;    /* visited so far by all the threads */
	uint64_t filled;   /* table entries written into empty slots so far */
	uint64_t entries;  /* the table's entries */
	int ply;           /* depth below the solved position of the first thread's node */
	const char *phase; /* "value", or "move K/N" while the first moves are checked */
};

typedef void (*dots_progress_fn)(void *arg, const struct dots_progress *p);

struct dots_solver;

/* Returns a new solver with a table of 2^tt_bits entries (0: the default), or NULL. */
struct dots_solver *dots_solver_new(int tt_bits);

/* Returns the table size, as a power of two of entries, that fits pos (the more undrawn edges,
 * the bigger) within `memory` bytes (0: no limit). */
int dots_solver_bits_for(const struct dots_pos *pos, uint64_t memory);

/* Returns the solver's table size as a power of two of entries (16 bytes each). */
int dots_solver_table_bits(const struct dots_solver *s);

/* Sets the threads dots_solve_value and dots_solve_best use (1 by default, up to
 * DOTS_SOLVER_MAX_THREADS). With one the node count is the same on every run. */
void dots_solver_threads(struct dots_solver *s, int threads);

/* Sets a function that the long solves of dots_solve_value and dots_solve_best call every
 * 2^24 nodes of their first thread (NULL: none). */
void dots_solver_progress(struct dots_solver *s, dots_progress_fn fn, void *arg);

/* Techniques that can be turned off, to measure them and to hold the reduced search against
 * a plain one (the tests). */
enum {
	DOTS_SOLVER_NO_SYMMETRY = 1, /* the board's symmetries in the table's key */
	DOTS_SOLVER_NO_CORNER = 2,   /* the rim strings of a coin counted, not named, in the key */
	DOTS_SOLVER_NO_CHAIN = 4,    /* one move per chain or loop (implies NO_LOONY) */
	DOTS_SOLVER_NO_LOONY = 8,    /* the bound on a move that opens a long chain or loop */
	DOTS_SOLVER_NO_ETC = 16,     /* the children's table entries looked at before searching */
	DOTS_SOLVER_NO_ALL = 31,
};

/* Turns off the techniques in `off` (0: all on, the default). */
void dots_solver_without(struct dots_solver *s, unsigned off);

/* Frees a solver (NULL is fine). */
void dots_solver_free(struct dots_solver *s);

/* Forgets everything in the table and zeroes the node count. */
void dots_solver_clear(struct dots_solver *s);

/* Returns whether the solver can take pos (at most 64 undrawn edges). */
bool dots_solver_fits(const struct dots_pos *pos);

/* Sets the most nodes the following dots_solve calls may visit in all (0: no limit); past it
 * they give up and dots_solver_aborted says so. Also zeroes the node count. */
void dots_solver_limit(struct dots_solver *s, uint64_t nodes);

/* Returns whether a call since dots_solver_limit ran out of nodes (its answer is void). */
bool dots_solver_aborted(const struct dots_solver *s);

/* Returns the positions visited since the solver was made, cleared or limited. */
uint64_t dots_solver_nodes(const struct dots_solver *s);

/* Returns the value of pos (which must fit) for its side to move, fail-soft in the window
 * (alpha, beta): a value <= alpha is an upper bound, >= beta a lower bound, else exact. */
int dots_solve(struct dots_solver *s, const struct dots_pos *pos, int alpha, int beta);

/* Returns the exact value of pos (which must fit) for its side to move. */
int dots_solve_value(struct dots_solver *s, const struct dots_pos *pos);

/* Returns the exact value of pos (which must fit) and stores every optimal edge, ascending, in
 * best (room for DOTS_MAX_EDGES), their number in *nbest (0 when the game is over). */
int dots_solve_best(struct dots_solver *s, const struct dots_pos *pos, int *best, int *nbest);

/* Returns the exact value of pos (which must fit, on the solver's threads) and stores in
 * values[e] the exact value of drawing each undrawn edge e (the boxes it completes counted):
 * the book of a board's first moves. Costs more than dots_solve_best, which only tells the
 * optimal edges from the others. */
int dots_solve_first(struct dots_solver *s, const struct dots_pos *pos, int *values);

/* Returns a heuristic value of pos (which must fit) in 1/100 box for its side to move, counting
 * only the boxes to come: a search `depth` turns deep with the same chain rules (captures do
 * not use up depth), ending in an estimate built on Berlekamp's long-chain rule (who gets
 * control, and what the long chains and loops hold). Fail-soft in (alpha, beta). Counts and
 * obeys the node limit like dots_solve. */
int dots_search_heuristic(struct dots_solver *s, const struct dots_pos *pos, int depth, int alpha,
                          int beta);

#endif
