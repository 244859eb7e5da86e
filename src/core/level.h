/*
 * core/level.h — the engine's levels as data: how deep it searches, how many nodes it may
 * spend, how much deliberate imperfection it adds, and how long a move takes to appear.
 * One table per game, easiest first; no level is a code path of its own.
 */
#ifndef PARITY_CORE_LEVEL_H
#define PARITY_CORE_LEVEL_H

#include <stdint.h>

#include "core/game.h"
#include "core/search.h"

struct level {
	const char *name;    /* "beginner", as in settings and on the command line */
	const char *title;   /* "Beginner", for people */
	int depth;           /* iterative deepening stops after this many plies */
	uint64_t nodes;      /* ... or after the iteration in which this many nodes are spent */
	int give_up;         /* ... given up past this percent of nodes (search_limits; 0: 400) */
	int deepen;          /* no iteration starts past this percent of nodes (0: 100) */
	int single;          /* a lone move is searched to this percent of nodes (0: 100) */
	int behind;          /* this far below zero, no time past nodes (search_limits; 0: never) */
	int trouble;         /* this far below zero, deepen up to extra percent (search_limits) */
	int extra;           /* ... of nodes (search_limits) */
	int noise;           /* up to this much (evaluation units) added to each root move */
	int min_think_ms;    /* a computer move takes at least this long to appear */
	int aspiration;      /* aspiration window (search_limits) */
	int probcut;         /* forward pruning confidence (search_limits) */
	bool deep;           /* uses the game's own fast search and evaluation (search_limits) */
	bool reduce;         /* late-move reductions (search_limits) */
	bool extend;         /* forced moves extended (search_limits) */
	int exact;           /* searches to the end once this few moves are left (0: never) */
	int wld;             /* ... only for a win, a draw or a loss from this many (0: never) */
	bool book;           /* plays from the game's opening book while it lasts (search_limits) */
	int book_spread;     /* ... a random move this close to the book's best (0: the best) */
	const char *summary; /* one line for the help screen */
};

/* Returns the level of `rules`' game named `name`, or NULL (also for a NULL argument). */
const struct level *level_find(const struct game_rules *rules, const char *name);

/* Returns how many levels `rules`' game has (0 for NULL or an unknown game). */
int level_count(const struct game_rules *rules);

/* Returns level i of `rules`' game, easiest first, or NULL when i is out of range. */
const struct level *level_at(const struct game_rules *rules, int i);

/* Fills `out` with the search limits of level `lv` and the noise seed `seed`. */
void level_limits(const struct level *lv, uint32_t seed, struct search_limits *out);

/* A book move for a level's book_spread, whatever the game: returns the index of the move to
 * play among n moves whose scores are sorted best first, 0 when spread is 0, otherwise a
 * random one of those within `spread` of the best, weighted toward the best (weight
 * spread + 1 − loss), drawn from `seed`. */
int level_book_pick(const int *scores, int n, int spread, uint32_t seed);

#endif
