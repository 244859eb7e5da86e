/*
 * games/reversi/deep.h — Reversi's own search for the bottom of the shared search's tree
 * (struct game_deep in core/game.h): exact endgames and shallow pattern-evaluated subtrees on
 * the 8×8 board. See deep.c.
 */
#ifndef PARITY_GAMES_REVERSI_DEEP_H
#define PARITY_GAMES_REVERSI_DEEP_H

#include "core/game.h"
#include "games/reversi/reversi.h"

#include <stdint.h>

enum {
	DEEP_EXACT_MAX = 14, /* solve exactly from this many empty squares down */
	DEEP_MID_MAX = 3,    /* take midgame subtrees up to this many plies */
};

extern const struct game_deep reversi_deep;

/* One Multi-ProbCut fit (deep.c): a search `depth` plies deep scores about
 * a/1000 · (the reversi_mpc_shallow(depth) search) + b, give or take sigma. */
struct mpc_fit {
	int depth, a, b, sigma;
};

/* Returns the depth of the shallow search that predicts a search `depth` plies deep. */
int reversi_mpc_shallow(int depth);

/* Returns the depth of the shallow search that predicts the final margin of a position with
 * `empties` empty squares (ProbCut at a node searched to the end: mpc.h's reversi_mpc_end,
 * whose `depth` is the empty squares). */
int reversi_mpc_end_shallow(int empties);

/* Returns the score of (P, O) for P searched `depth` plies deep by the code the shared
 * search's leaves use (pattern evaluation; the weights must be loaded), for calibration. */
int reversi_deep_shallow_score(uint64_t P, uint64_t O, int depth);

/* Returns the pattern evaluation of an 8×8 position for its side to move, in 1/100 of a
 * disc (the weights must be loaded: pattern_load). */
int reversi_deep_evaluate(const struct reversi_pos *pos);

#endif
