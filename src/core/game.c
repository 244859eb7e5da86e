/*
 * core/game.c — what every game shares behind the rules interface: position allocation, error messages and the generic (interface-only) perft.
 */
#include "core/game.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

void *game_pos_new(const struct game_rules *rules)
{
	return calloc(1, rules->pos_size);
}

uint64_t game_perft_generic(const struct game_rules *rules, void *pos, int depth)
{
	if (depth == 0)
		return 1;
	struct game_move moves[GAME_MOVES_MAX];
	int n = rules->generate(pos, moves);
	if (n == 0)
		return rules->finished_is_leaf ? 1 : 0;
	uint64_t total = 0;
	for (int i = 0; i < n; i++) {
		rules->play(pos, &moves[i]);
		total += game_perft_generic(rules, pos, depth - 1);
		rules->undo(pos, &moves[i]);
	}
	return total;
}

int game_fail(char *err, int code, const char *fmt, ...)
{
	if (err) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(err, GAME_ERR_MAX, fmt, ap);
		va_end(ap);
	}
	return code;
}
