/*
 * core/level.c — the level tables of each game (see level.h). Reversi and Dots and Boxes have
 * all four levels (Dots' Hard and Expert: its exact solver takes the last 30 or 40 edges);
 * Hard and Expert of checkers come with its engine work.
 *
 * Noise is in the game's evaluation units. Reversi's Beginner noise (4.5 discs) is well below
 * what a corner is worth to the evaluation (25 discs), so it never gives up a free corner;
 * the Dots Beginner's noise is below a box, so it never leaves a free box.
 */
#include "core/level.h"

#include <string.h>

static const struct level reversi_levels[] = {
    {.name = "beginner",
     .title = "Beginner",
     .depth = 2,
     .nodes = 20000,
     .noise = 450,
     .min_think_ms = 600,
     .summary = "looks two moves ahead and often misjudges, but never misses a free corner"},
    {.name = "medium",
     .title = "Medium",
     .depth = 6,
     .nodes = 300000,
     .noise = 0,
     .min_think_ms = 600,
     .summary = "searches six moves ahead: mobility, corners, edges, stable discs, parity"},
    {.name = "hard",
     .title = "Hard",
     .depth = 30,
     .nodes = 2000000,
     .min_think_ms = 600,
     .deep = true,
     .exact = 18,
     .wld = 20,
     .probcut = 15,
     .summary = "learnt pattern evaluation, selective deep search, perfect from 18 empty squares"},
    {.name = "expert",
     .title = "Expert",
     .depth = 40,
     .nodes = 40000000,
     .min_think_ms = 600,
     .deep = true,
     .exact = 24,
     .wld = 26,
     .probcut = 15,
     .summary = "everything, searching twenty times longer: perfect from 24 empty squares"},
};

static const struct level checkers_levels[] = {
    {.name = "beginner",
     .title = "Beginner",
     .depth = 3,
     .nodes = 20000,
     .noise = 60,
     .min_think_ms = 600,
     .deep = true, /* captures played out at the horizon (games/checkers/engine.c) */
     .summary = "looks three moves ahead and slips now and then"},
    {.name = "medium",
     .title = "Medium",
     .depth = 8,
     .nodes = 300000,
     .noise = 0,
     .min_think_ms = 600,
     .deep = true, /* captures played out at the horizon (games/checkers/engine.c) */
     .summary = "searches eight moves ahead"},
    {.name = "hard",
     .title = "Hard",
     .depth = SEARCH_MAX_DEPTH,
     .nodes = 80000,
     .noise = 0,
     .min_think_ms = 600,
     .deep = true, /* captures played out at the horizon (games/checkers/engine.c) */
     .summary = "searches about twelve moves ahead, every exchange played to the end"},
    {.name = "expert",
     .title = "Expert",
     .depth = SEARCH_MAX_DEPTH,
     .nodes = 1500000,
     .noise = 0,
     .min_think_ms = 600,
     .deep = true, /* captures played out at the horizon (games/checkers/engine.c) */
     .summary = "searches nearly twenty times as many positions as Hard, fifteen moves and more"},
};

static const struct level dots_levels[] = {
    {.name = "beginner",
     .title = "Beginner",
     .depth = 2,
     .nodes = 20000,
     .noise = 60,
     .min_think_ms = 500,
     .deep = true, /* the solver and the chain heuristic, where the depth reaches them */
     .summary = "takes the boxes it is offered, otherwise plays almost at random"},
    {.name = "medium",
     .title = "Medium",
     .depth = 3,
     .nodes = 30000,
     .noise = 0,
     .min_think_ms = 500,
     .deep = true, /* the solver and the chain heuristic, where the depth reaches them */
     .summary = "looks three edges ahead, counts boxes and knows the long-chain rule"},
    {.name = "hard",
     .title = "Hard",
     .depth = 8,
     .nodes = 100000,
     .noise = 0,
     .min_think_ms = 500,
     .exact = 30,
     .deep = true, /* the solver and the chain heuristic, where the depth reaches them */
     .summary = "fights for control of the long chains and solves the last 30 edges exactly"},
    {.name = "expert",
     .title = "Expert",
     .depth = 12,
     .nodes = 2000000,
     .noise = 0,
     .min_think_ms = 500,
     .exact = 40,
     .deep = true, /* the solver and the chain heuristic, where the depth reaches them */
     .summary = "fights for control with a bigger budget and solves the last 40 edges exactly"},
};

/* Returns the level table of `rules`' game, storing its length in *n (NULL, 0: none). */
static const struct level *table(const struct game_rules *rules, int *n)
{
	*n = 0;
	if (!rules || !rules->name)
		return NULL;
	if (strcmp(rules->name, "reversi") == 0) {
		*n = (int)(sizeof reversi_levels / sizeof reversi_levels[0]);
		return reversi_levels;
	}
	if (strcmp(rules->name, "checkers") == 0) {
		*n = (int)(sizeof checkers_levels / sizeof checkers_levels[0]);
		return checkers_levels;
	}
	if (strcmp(rules->name, "dots") == 0) {
		*n = (int)(sizeof dots_levels / sizeof dots_levels[0]);
		return dots_levels;
	}
	return NULL;
}

const struct level *level_find(const struct game_rules *rules, const char *name)
{
	int n;
	const struct level *t = table(rules, &n);
	for (int i = 0; name && i < n; i++)
		if (strcmp(t[i].name, name) == 0)
			return &t[i];
	return NULL;
}

int level_count(const struct game_rules *rules)
{
	int n;
	table(rules, &n);
	return n;
}

const struct level *level_at(const struct game_rules *rules, int i)
{
	int n;
	const struct level *t = table(rules, &n);
	return i >= 0 && i < n ? &t[i] : NULL;
}

void level_limits(const struct level *lv, uint32_t seed, struct search_limits *out)
{
	memset(out, 0, sizeof *out);
	out->depth = lv->depth;
	out->nodes = lv->nodes;
	out->noise = lv->noise;
	out->seed = seed;
	out->exact = lv->exact;
	out->wld = lv->wld;
	out->deep = lv->deep;
	out->aspiration = lv->aspiration;
	out->probcut = lv->probcut;
}
