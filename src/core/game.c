/*
 * core/game.c — what every game shares behind the rules interface: position allocation, error messages and the generic (interface-only) perft.
 */
#include "core/game.h"

#include <errno.h>
#include <math.h>
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
#ifdef PARITY_CHECK
	unsigned char before[GAME_POS_MAX_BYTES];
	GAME_CHECK(rules->name, rules->pos_size <= sizeof before);
	memcpy(before, pos, rules->pos_size);
	const uint64_t hash = rules->hash(pos);
#endif
	for (int i = 0; i < n; i++) {
		rules->play(pos, &moves[i]);
		total += game_perft_generic(rules, pos, depth - 1);
		rules->undo(pos, &moves[i]);
		/* An undo restores the position exactly, its hash with it. */
		GAME_CHECK(rules->name, memcmp(before, pos, rules->pos_size) == 0);
		GAME_CHECK(rules->name, rules->hash(pos) == hash);
	}
	return total;
}

#ifdef PARITY_CHECK
void game_check_failed(const char *game, const char *what, const char *file, int line)
{
	fprintf(stderr, "parity: %s: invariant broken: %s (%s:%d)\n", game, what, file, line);
	abort();
}
#endif

bool game_checks_enabled(void)
{
#ifdef PARITY_CHECK
	return true;
#else
	return false;
#endif
}

bool game_parse_long(const char *text, long lo, long hi, long *out)
{
	if (!text || !(*text == '-' || (*text >= '0' && *text <= '9')))
		return false; /* no blank, no '+': strtol would take them */
	char *end;
	errno = 0;
	const long v = strtol(text, &end, 10);
	if (errno || end == text || *end || v < lo || v > hi)
		return false;
	*out = v;
	return true;
}

bool game_parse_real(const char *text, double lo, double hi, double *out)
{
	if (!text || !(*text == '-' || *text == '.' || (*text >= '0' && *text <= '9')))
		return false; /* no blank, no sign but '-', no "nan" or "inf" */
	char *end;
	errno = 0;
	const double v = strtod(text, &end);
	if (errno || end == text || *end || !isfinite(v) || v < lo || v > hi)
		return false;
	*out = v;
	return true;
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
