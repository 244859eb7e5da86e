/*
 * games/dots/engine.c — the Dots and Boxes engine's part of the shared search: the game's own
 * search for the bottom of the tree (struct game_deep, core/game.h), built on the solver.
 *
 * A node offered by the shared search is taken:
 *  - exactly, by the solver (solver.h), when the edges left are no more than the plies the
 *    shared search would still search below it (so nothing is lost), or few enough (at most
 *    DOTS_DEEP_EXACT_EDGES) two turns or more above the horizon; each call may spend at most
 *    DOTS_DEEP_EXACT_NODES solver nodes, past which the node is handed back;
 *  - heuristically, DOTS_DEEP_HEURISTIC_DEPTH turns above the horizon: the solver's chain-rule
 *    search that many turns deep, ending in the long-chain-rule estimate (solver.h), within
 *    DOTS_DEEP_HEURISTIC_NODES nodes.
 * Anything else (and every node of a board with more than 64 edges left) the shared search
 * expands itself, scoring its leaves with rules->evaluate, which counts boxes only. So a level
 * whose whole search is shallower than that (Beginner looks two edges ahead) plays on the box
 * count alone: it takes free boxes, plays safe edges at random and falls for chains.
 *
 * Scores: 1/100 box for heuristics; a proven result is ±(SEARCH_WIN + final margin), the margin
 * counting the boxes already owned. The solver's table lives for one search (reset), so the
 * same search always visits the same nodes.
 */
#include "games/dots/engine.h"

#include "core/search.h"
#include "games/dots/dots.h"
#include "games/dots/solver.h"

int dots_moves_left(const void *vpos)
{
	const struct dots_pos *pos = vpos;
	return pos->edges - dots_drawn_count(pos);
}

/* Returns a new solver for one search, or NULL. */
static void *deep_create(void)
{
	return dots_solver_new(DOTS_DEEP_TT_BITS);
}

/* Frees a context made by deep_create. */
static void deep_destroy(void *ctx)
{
	dots_solver_free(ctx);
}

/* Forgets the table: a new search starts. */
static void deep_reset(void *ctx)
{
	dots_solver_clear(ctx);
}

/* Returns the score of a finished game won by margin m for the side to move (0: a draw). */
static int proven(int m)
{
	return m > 0 ? SEARCH_WIN + m : m < 0 ? -SEARCH_WIN + m : 0;
}

/* Returns the greatest margin m with proven(m) <= alpha (a search score). */
static int margin_below(int alpha)
{
	if (alpha >= SEARCH_PROVEN)
		return alpha - SEARCH_WIN;
	if (alpha >= 0)
		return 0;
	if (alpha > -SEARCH_PROVEN)
		return -1;
	return alpha + SEARCH_WIN;
}

/* Returns the least margin m with proven(m) >= beta. */
static int margin_above(int beta)
{
	return -margin_below(-beta);
}

/* Takes the node pos, depth plies above the horizon, if it can (see the file comment). */
static int deep_search(void *ctx, const void *vpos, int depth, int alpha, int beta, int *score,
		       uint64_t *nodes)
{
	struct dots_solver *s = ctx;
	const struct dots_pos *pos = vpos;
	const int left = dots_moves_left(pos);
	if (left == 0 || !dots_solver_fits(pos))
		return GAME_DEEP_NO;
	const int diff = pos->score[pos->side] - pos->score[!pos->side];
	if (left <= depth || (depth >= DOTS_DEEP_HEURISTIC_DEPTH && left <= DOTS_DEEP_EXACT_EDGES)) {
		dots_solver_limit(s, DOTS_DEEP_EXACT_NODES);
		const int v = dots_solve(s, pos, margin_below(alpha) - diff,
					 margin_above(beta) - diff);
		*nodes += dots_solver_nodes(s);
		if (!dots_solver_aborted(s)) {
			*score = proven(diff + v);
			return GAME_DEEP_EXACT;
		}
	}
	if (depth != DOTS_DEEP_HEURISTIC_DEPTH)
		return GAME_DEEP_NO;
	dots_solver_limit(s, DOTS_DEEP_HEURISTIC_NODES);
	const int v =
	    dots_search_heuristic(s, pos, depth, alpha - 100 * diff, beta - 100 * diff);
	*nodes += dots_solver_nodes(s);
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
