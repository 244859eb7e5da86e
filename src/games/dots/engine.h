/*
 * games/dots/engine.h — what the Dots and Boxes engine adds to the shared search
 * (core/search.h): how many edges are left, and its own search for the bottom of the tree.
 */
#ifndef PARITY_GAMES_DOTS_ENGINE_H
#define PARITY_GAMES_DOTS_ENGINE_H

#include "core/game.h"

enum {
	DOTS_DEEP_EXACT_EDGES = 16,        /* solved exactly at most this many undrawn edges, */
	DOTS_DEEP_EXACT_SAFE = 1,          /* or at most this many safe edges (the endgame), ... */
	DOTS_DEEP_EXACT_DEPTH = 3,         /* ... at least this many turns above the horizon, */
	DOTS_DEEP_EXACT_NODES = 20000,     /* ... within this many solver nodes a call */
	DOTS_DEEP_HEURISTIC_DEPTH = 2,     /* nodes this many turns above the horizon: own search */
	DOTS_DEEP_HEURISTIC_NODES = 20000, /* ... within this many nodes a call */
	DOTS_DEEP_MAX_NODES = DOTS_DEEP_EXACT_NODES + DOTS_DEEP_HEURISTIC_NODES, /* per call */
	DOTS_DEEP_SOLVE_NODES = 300000, /* a node the search goes to the end below, or one of
					   at most DOTS_DEEP_WHOLE_EDGES edges left at least
					   DOTS_DEEP_EXACT_DEPTH turns above the horizon: solved
					   whole within this many solver nodes a call */
	DOTS_DEEP_WHOLE_EDGES = 28,
	DOTS_DEEP_TT_BITS = 20, /* the solver's table in the engine: 16 MiB */
};

/* Returns the number of undrawn edges of a dots_pos: the most moves before the game ends. */
int dots_moves_left(const void *pos);

/* The game's own search for the shared search (rules->deep). */
extern const struct game_deep dots_deep;

#endif
