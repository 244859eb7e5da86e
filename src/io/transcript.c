/*
 * io/transcript.c — reading and writing Reversi transcripts (see transcript.h).
 */
#include "io/transcript.h"

#include <ctype.h>

/* Returns the length of the pass word at the start of `text` ("pass", "PA"), or 0. */
static int pass_word(const char *text)
{
	if (tolower((unsigned char)text[0]) != 'p' || tolower((unsigned char)text[1]) != 'a')
		return 0;
	if (tolower((unsigned char)text[2]) == 's' && tolower((unsigned char)text[3]) == 's')
		return 4;
	return 2;
}

int transcript_read(struct reversi_pos *pos, const char *text, struct game_move *moves, int max,
                    char *err)
{
	const struct game_rules *rules = &reversi_rules;
	int count = 0;
	for (const char *p = text;;) {
		while (isspace((unsigned char)*p) || *p == ',' || *p == ';')
			p++;
		if (!*p)
			return count;
		char word[8];
		int used = pass_word(p);
		if (!used && reversi_square_parse(pos->size, p, &used) < 0)
			return game_fail(err, GAME_ERR_SYNTAX, "move %d: not a square: \"%.8s\"",
			                 count + 1, p);
		memcpy(word, p, (size_t)used);
		word[used] = '\0';
		struct game_move move;
		char why[GAME_ERR_MAX];
		int rc = rules->move_parse(pos, word, &move, why);
		if (rc == GAME_ERR_ILLEGAL && !pass_word(word)) {
			/* A transcript may leave out a forced pass. */
			struct game_move pass;
			if (rules->move_parse(pos, "pass", &pass, NULL) == GAME_OK &&
			    count + 1 < max) {
				rules->play(pos, &pass);
				rc = rules->move_parse(pos, word, &move, why);
				if (rc == GAME_OK)
					moves[count++] = pass;
				else
					rules->undo(pos, &pass);
			}
		}
		if (rc != GAME_OK)
			return game_fail(err, rc, "move %d: %s", count + 1, why);
		if (count >= max)
			return game_fail(err, GAME_ERR_SPACE, "more than %d moves", max);
		rules->play(pos, &move);
		moves[count++] = move;
		p += used;
	}
}

int transcript_write(const struct reversi_pos *start, const struct game_move *moves, int count,
                     char *buf, size_t n)
{
	size_t len = 0;
	if (n == 0)
		return GAME_ERR_SPACE;
	buf[0] = '\0';
	for (int i = 0; i < count; i++) {
		char word[8];
		if (moves[i].code == REVERSI_PASS)
			memcpy(word, "PA", 3);
		else
			reversi_square_name(start->size, (int)moves[i].code, word);
		const size_t w = strlen(word);
		if (len + w + 1 > n)
			return GAME_ERR_SPACE;
		memcpy(buf + len, word, w + 1);
		len += w;
	}
	return (int)len;
}
