/*
 * games/reversi/deep.h — Reversi's own search for the bottom of the shared search's tree
 * (struct game_deep in core/game.h): exact endgames and shallow pattern-evaluated subtrees on
 * the 8×8 board. See deep.c.
 */
#ifndef PARITY_GAMES_REVERSI_DEEP_H
#define PARITY_GAMES_REVERSI_DEEP_H

#include "core/game.h"
#include "games/reversi/reversi.h"

enum {
	DEEP_EXACT_MAX = 12, /* solve exactly from this many empty squares down */
	DEEP_MID_MAX = 4,    /* take midgame subtrees up to this many plies */
};

extern const struct game_deep reversi_deep;

/* Returns the pattern evaluation of an 8×8 position for its side to move, in 1/100 of a
 * disc (the weights must be loaded: pattern_load_default). */
int reversi_deep_evaluate(const struct reversi_pos *pos);

#endif
