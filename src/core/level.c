/*
 * core/level.c — finding a game's levels (see level.h). The tables themselves are each game's
 * own, in its module (games/<game>/module.c).
 */
#include "core/level.h"

#include "core/hash.h"
#include "core/module.h"

#include <string.h>

/* Returns the level table of `rules`' game, storing its length in *n (NULL, 0: none). */
static const struct level *table(const struct game_rules *rules, int *n)
{
	const struct game_module *m = game_module_of(rules);
	*n = m ? m->level_count : 0;
	return m ? m->levels : NULL;
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
	out->give_up = lv->give_up;
	out->deepen = lv->deepen;
	out->single = lv->single;
	out->behind = lv->behind;
	out->trouble = lv->trouble;
	out->extra = lv->extra;
	out->noise = lv->noise;
	out->seed = seed;
	out->exact = lv->exact;
	out->wld = lv->wld;
	out->deep = lv->deep;
	out->reduce = lv->reduce;
	out->extend = lv->extend;
	out->aspiration = lv->aspiration;
	out->probcut = lv->probcut;
	out->book = lv->book;
	out->spread = lv->book_spread;
}

int level_book_pick(const int *scores, int n, int spread, uint32_t seed)
{
	if (n <= 1 || spread <= 0)
		return 0;
	uint64_t total = 0;
	for (int i = 0; i < n && scores[0] - scores[i] <= spread; i++)
		total += (uint64_t)(spread + 1 - (scores[0] - scores[i]));
	uint64_t r = hash_mix64((uint64_t)seed * 0x9e3779b97f4a7c15ULL + 0x626f6f6bULL) % total;
	for (int i = 0; i < n; i++) {
		const uint64_t w = (uint64_t)(spread + 1 - (scores[0] - scores[i]));
		if (r < w)
			return i;
		r -= w;
	}
	return 0;
}
