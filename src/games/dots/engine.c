/*
 * games/dots/engine.c — the Dots and Boxes engine's part of the shared search: the game's own
 * search for the bottom of the tree (struct game_deep, core/game.h), built on the solver.
 *
 * A node offered by the shared search is taken:
 *  - exactly, by the solver (solver.h), when the solve is likely cheap — at most
 *    DOTS_DEEP_EXACT_EDGES edges left, or at most DOTS_DEEP_EXACT_SAFE safe edges (edges that
 *    offer no box: once they are gone only the chains are left, and the solver's chain rules
 *    make short work of them) — and the node is either DOTS_DEEP_EXACT_DEPTH turns or more
 *    above the horizon or has no more edges left than the plies the shared search would still
 *    search below it (so nothing is lost); each call may spend at most DOTS_DEEP_EXACT_NODES
 *    solver nodes, past which the node is handed back;
 *  - heuristically, DOTS_DEEP_HEURISTIC_DEPTH turns above the horizon: the solver's chain-rule
 *    search that many turns deep, ending in the long-chain-rule estimate (solver.h), within
 *    DOTS_DEEP_HEURISTIC_NODES nodes.
 * Anything else (and every node of a board with more than 64 edges left) the shared search
 * expands itself, scoring its leaves with rules->evaluate, which counts boxes only. So a level
 * whose whole search is shallower than that (Beginner looks two edges ahead) plays on the box
 * count alone: it takes free boxes, plays safe edges at random and falls for chains.
 *
 * Scores: 1/100 box for heuristics; a proven result is search_win_score(final margin, 0), the
 * margin counting the boxes already owned. The solver's table lives for one search (reset), so the
 * same search always visits the same nodes.
 */
#include "games/dots/engine.h"

#include <stdlib.h>

#include "core/search.h"
#include "games/dots/dots.h"
#include "games/dots/solver.h"

int dots_moves_left(const void *vpos)
{
	const struct dots_pos *pos = vpos;
	return pos->edges - dots_drawn_count(pos);
}

/* Returns the number of undrawn edges of pos that offer no box (neither box beside has two
 * sides drawn). */
static int safe_edges(const struct dots_pos *pos)
{
	int n = 0;
	for (int e = 0; e < pos->edges; e++) {
		if (dots_edge_drawn(pos, e))
			continue;
		int boxes[2], ok = 1;
		const int k = dots_edge_boxes(pos->rows, pos->cols, e, boxes);
		for (int i = 0; i < k; i++)
			ok &= dots_box_drawn_sides(pos, boxes[i]) < 2;
		n += ok;
	}
	return n;
}

/* The engine's context for one search: the solver, and the fewest undrawn edges of a
 * position whose whole solve ran out of nodes in this search (none is tried with as many). */
struct deep_ctx {
	struct dots_solver *solver;
	int failed_at;
};

/* Returns a new context for the searches on pos's board, or NULL. Its solver's table is sized
 * to the board (all its edges, so that every search on it gets the same table whatever
 * position came first): 2^(edges - 6) entries, from 2^10 up to DOTS_DEEP_TT_BITS. Measured on
 * the bench positions (3x3, `parity bench search dots hard`): 2^18 entries cost 7 nodes more
 * in 67 230 than 2^20, 2^16 1%, 2^14 52%; a 3x3 game clears 4 MiB before each search, not
 * 16 MiB. */
static void *deep_create(const void *pos)
{
	struct deep_ctx *c = calloc(1, sizeof *c);
	if (!c)
		return NULL;
	const int edges = ((const struct dots_pos *)pos)->edges;
	const int bits = edges - 6 < 10 ? 10 : edges - 6;
	c->solver = dots_solver_new(bits < DOTS_DEEP_TT_BITS ? bits : DOTS_DEEP_TT_BITS);
	if (!c->solver) {
		free(c);
		return NULL;
	}
	c->failed_at = DOTS_MAX_EDGES + 1;
	return c;
}

/* Frees a context made by deep_create. */
static void deep_destroy(void *ctx)
{
	struct deep_ctx *c = ctx;
	if (!c)
		return;
	dots_solver_free(c->solver);
	free(c);
}

/* Forgets the table: a new search starts. */
static void deep_reset(void *ctx, const void *root)
{
	(void)root;
	struct deep_ctx *c = ctx;
	dots_solver_clear(c->solver);
	c->failed_at = DOTS_MAX_EDGES + 1;
}

/* Returns the score of a finished game won by margin m for the side to move (0: a draw). */
static int proven(int m)
{
	return search_win_score(m, 0);
}

/* Returns the greatest margin m with proven(m) <= alpha (a search score), or one below the
 * smallest possible margin when there is none. */
static int margin_below(int alpha)
{
	int m = DOTS_MAX_BOXES;
	while (m >= -DOTS_MAX_BOXES && proven(m) > alpha)
		m--;
	return m;
}

/* Returns the least margin m with proven(m) >= beta. */
static int margin_above(int beta)
{
	return -margin_below(-beta);
}

/* The positions the solver's last search adds to the shared search's count: those below the
 * node when it settled it (the solver counts the node itself, which the shared search has
 * counted), all of them when it gave up (the shared search then visits the node again). */
static uint64_t solver_count(const struct dots_solver *s)
{
	const uint64_t n = dots_solver_nodes(s);
	return dots_solver_aborted(s) || n == 0 ? n : n - 1;
}

/* Takes the node pos, depth plies above the horizon, if it can (see the file comment). */
static int deep_search(void *ctx, const void *vpos, int depth, int alpha, int beta, int *score,
                       uint64_t *nodes)
{
	struct deep_ctx *c = ctx;
	struct dots_solver *s = c->solver;
	const struct dots_pos *pos = vpos;
	const int left = dots_moves_left(pos);
	if (left == 0 || !dots_solver_fits(pos))
		return GAME_DEEP_NO;
	const int diff = pos->score[pos->side] - pos->score[!pos->side];
	const bool cheap = left <= DOTS_DEEP_EXACT_EDGES || safe_edges(pos) <= DOTS_DEEP_EXACT_SAFE;
	if ((left <= depth || (left <= DOTS_DEEP_WHOLE_EDGES && depth >= DOTS_DEEP_EXACT_DEPTH)) &&
	    left < c->failed_at) {
		/* The search goes to the end below this node anyway, or the node is small enough
		 * that the solver probably settles it at once: the solver takes it whole if it
		 * can within its budget; if not, no node as big is tried again. */
		dots_solver_limit(s, DOTS_DEEP_SOLVE_NODES);
		const int v =
		    dots_solve(s, pos, margin_below(alpha) - diff, margin_above(beta) - diff);
		*nodes += solver_count(s);
		if (!dots_solver_aborted(s)) {
			*score = proven(diff + v);
			return GAME_DEEP_EXACT;
		}
		c->failed_at = left;
	}
	if (cheap && (left <= depth || depth >= DOTS_DEEP_EXACT_DEPTH)) {
		dots_solver_limit(s, DOTS_DEEP_EXACT_NODES);
		const int v =
		    dots_solve(s, pos, margin_below(alpha) - diff, margin_above(beta) - diff);
		*nodes += solver_count(s);
		if (!dots_solver_aborted(s)) {
			*score = proven(diff + v);
			return GAME_DEEP_EXACT;
		}
	}
	if (depth != DOTS_DEEP_HEURISTIC_DEPTH)
		return GAME_DEEP_NO;
	dots_solver_limit(s, DOTS_DEEP_HEURISTIC_NODES);
	const int v = dots_search_heuristic(s, pos, depth, alpha - 100 * diff, beta - 100 * diff);
	*nodes += solver_count(s);
	if (dots_solver_aborted(s))
		return GAME_DEEP_NO;
	*score = 100 * diff + v;
	return GAME_DEEP_SCORE;
}

const struct game_deep dots_deep = {
    .create = deep_create,
    .destroy = deep_destroy,
    .reset = deep_reset,
    .search = deep_search,
};
