/*
 * io/ggf.c — reading and writing Othello game records in GGF (see ggf.h). The reader is a
 * small hand-written scanner over "(;" TAG[value]... ";)"; only GM, BO, B and W mean anything
 * to it, every other tag is skipped.
 */
#include "io/ggf.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* Returns p advanced past any white space. */
static const char *skip_space(const char *p)
{
	while (isspace((unsigned char)*p))
		p++;
	return p;
}

/* Returns whether the `len` characters at `text` are `word`, ignoring case. */
static bool same_word(const char *text, size_t len, const char *word)
{
	if (strlen(word) != len)
		return false;
	for (size_t i = 0; i < len; i++)
		if (tolower((unsigned char)text[i]) != tolower((unsigned char)word[i]))
			return false;
	return true;
}

/* Reads the BO value "<size> <squares> <side>" into *pos. Returns GAME_OK or an error. */
static int read_board(const char *value, size_t len, struct reversi_pos *pos, char *err)
{
	char text[GAME_TEXT_MAX];
	size_t i = 0, out = 0;
	int size = 0;
	while (i < len && isspace((unsigned char)value[i]))
		i++;
	while (i < len && isdigit((unsigned char)value[i]) && size < 100)
		size = size * 10 + (value[i++] - '0');
	if (size != 6 && size != 8 && size != 10)
		return game_fail(err, GAME_ERR_SYNTAX, "BO: the board size must be 6, 8 or 10");
	for (int sq = 0; sq < size * size; sq++) {
		while (i < len && isspace((unsigned char)value[i]))
			i++;
		if (i == len)
			return game_fail(err, GAME_ERR_SYNTAX, "BO: %d squares, want %d", sq,
			                 size * size);
		const char c = value[i++];
		if (c == '*' || c == 'X' || c == 'x')
			text[out++] = 'X';
		else if (c == 'O' || c == 'o')
			text[out++] = 'O';
		else if (c == '-' || c == '.' || c == '_')
			text[out++] = '-';
		else if (c == '#')
			text[out++] = '#';
		else
			return game_fail(err, GAME_ERR_SYNTAX, "BO: unexpected '%c' on the board",
			                 c);
	}
	while (i < len && isspace((unsigned char)value[i]))
		i++;
	const char side = i < len ? value[i++] : '\0';
	text[out++] = ' ';
	if (side == '*' || side == 'X' || side == 'x' || side == 'B' || side == 'b')
		text[out++] = 'X';
	else if (side == 'O' || side == 'o' || side == 'W' || side == 'w')
		text[out++] = 'O';
	else
		return game_fail(err, GAME_ERR_SYNTAX, "BO: the side to move (* or O) is missing");
	while (i < len && isspace((unsigned char)value[i]))
		i++;
	if (i != len)
		return game_fail(err, GAME_ERR_SYNTAX,
		                 "BO: unexpected text after the side to move");
	text[out] = '\0';
	const struct game_options opt = reversi_options(size, false, false, 0);
	char why[GAME_ERR_MAX];
	if (reversi_rules.pos_parse(pos, text, &opt, why) != GAME_OK)
		return game_fail(err, GAME_ERR_ILLEGAL, "BO: %s", why);
	return GAME_OK;
}

/* Plays the move record `value` ("f5", "F5/1.25/0.3", "PA") of `colour` on g->end.
 * Returns GAME_OK or an error. */
static int read_move(struct ggf_game *g, int colour, const char *value, size_t len, char *err)
{
	size_t end = 0;
	while (end < len && value[end] != '/')
		end++;
	char text[16];
	size_t start = 0;
	while (start < end && isspace((unsigned char)value[start]))
		start++;
	while (end > start && isspace((unsigned char)value[end - 1]))
		end--;
	if (end - start >= sizeof text)
		return game_fail(err, GAME_ERR_SYNTAX, "not a move: \"%.20s\"", value + start);
	memcpy(text, value + start, end - start);
	text[end - start] = '\0';
	struct game_move moves[GAME_MOVES_MAX];
	/* A record may leave out a forced pass: put it back. */
	if (reversi_rules.to_move(&g->end) != colour) {
		const int n = reversi_rules.generate(&g->end, moves);
		if (n != 1 || moves[0].code != REVERSI_PASS || same_word(text, strlen(text), "pa"))
			return game_fail(err, GAME_ERR_ILLEGAL, "%s[%s] but %s is to move",
			                 colour ? "W" : "B", text,
			                 reversi_rules.side_name[!colour]);
		if (g->count >= GGF_MOVES_MAX)
			return game_fail(err, GAME_ERR_SPACE, "more than %d moves", GGF_MOVES_MAX);
		reversi_rules.play(&g->end, &moves[0]);
		g->moves[g->count++] = moves[0];
	}
	struct game_move m;
	char why[GAME_ERR_MAX];
	if (reversi_rules.move_parse(&g->end, text, &m, why) != GAME_OK)
		return game_fail(err, GAME_ERR_ILLEGAL, "move %d: %s", g->count + 1, why);
	if (g->count >= GGF_MOVES_MAX)
		return game_fail(err, GAME_ERR_SPACE, "more than %d moves", GGF_MOVES_MAX);
	reversi_rules.play(&g->end, &m);
	g->moves[g->count++] = m;
	return GAME_OK;
}

int ggf_read(const char *text, struct ggf_game *game, char *err)
{
	struct ggf_game g;
	memset(&g, 0, sizeof g);
	reversi_rules.start(&g.start, NULL);
	g.end = g.start;
	const char *p = skip_space(text);
	if (p[0] != '(' || skip_space(p + 1)[0] != ';')
		return game_fail(err, GAME_ERR_SYNTAX, "a GGF record starts with \"(;\"");
	p = skip_space(p + 1) + 1;
	for (;;) {
		p = skip_space(p);
		if (*p == ';') {
			if (*skip_space(p + 1) != ')')
				return game_fail(err, GAME_ERR_SYNTAX,
				                 "expected \")\" after \";\"");
			break;
		}
		if (!isupper((unsigned char)*p)) {
			if (!*p)
				return game_fail(err, GAME_ERR_SYNTAX,
				                 "the record ends before \";)\"");
			return game_fail(err, GAME_ERR_SYNTAX, "unexpected '%c' in the record", *p);
		}
		const char *name = p;
		while (isupper((unsigned char)*p))
			p++;
		const size_t name_len = (size_t)(p - name);
		if (*p != '[')
			return game_fail(err, GAME_ERR_SYNTAX, "tag %.*s has no [value]",
			                 (int)(name_len > 8 ? 8 : name_len), name);
		const char *value = ++p;
		while (*p && *p != ']')
			p += p[0] == '\\' && p[1] ? 2 : 1;
		if (!*p)
			return game_fail(err, GAME_ERR_SYNTAX, "tag %.*s has no closing ']'",
			                 (int)(name_len > 8 ? 8 : name_len), name);
		const size_t len = (size_t)(p - value);
		p++;
		int rc = GAME_OK;
		if (same_word(name, name_len, "GM")) {
			if (!same_word(value, len, "othello"))
				return game_fail(err, GAME_ERR_OPTIONS,
				                 "not an Othello game: GM[%.*s]",
				                 (int)(len > 20 ? 20 : len), value);
		} else if (same_word(name, name_len, "BO")) {
			if (g.count)
				return game_fail(err, GAME_ERR_SYNTAX, "BO after the first move");
			rc = read_board(value, len, &g.start, err);
			g.end = g.start;
		} else if (name_len == 1 && (*name == 'B' || *name == 'W')) {
			rc = read_move(&g, *name == 'W', value, len, err);
		}
		if (rc != GAME_OK)
			return rc;
	}
	*game = g;
	return GAME_OK;
}

/* Appends the formatted text to buf at *len, failing once it does not fit. */
static bool append(char *buf, size_t n, size_t *len, const char *text)
{
	const size_t add = strlen(text);
	if (*len + add + 1 > n)
		return false;
	memcpy(buf + *len, text, add + 1);
	*len += add;
	return true;
}

int ggf_write(const struct reversi_pos *start, const struct game_move *moves, int count, char *buf,
              size_t n)
{
	size_t len = 0;
	char piece[GAME_TEXT_MAX];
	const int size = start->size;
	snprintf(piece, sizeof piece, "(;GM[Othello]PC[Parity]TY[%d]BO[%d ", size, size);
	if (!append(buf, n, &len, piece))
		return GAME_ERR_SPACE;
	int k = 0;
	for (int sq = 0; sq < size * size; sq++) {
		const reversi_bits bit = (reversi_bits)1 << sq;
		piece[k++] = start->disc[0] & bit   ? '*'
		             : start->disc[1] & bit ? 'O'
		             : start->hole & bit    ? '#'
		                                    : '-';
	}
	piece[k++] = ' ';
	piece[k++] = start->side == REVERSI_BLACK ? '*' : 'O';
	piece[k++] = ']';
	piece[k] = '\0';
	if (!append(buf, n, &len, piece))
		return GAME_ERR_SPACE;
	struct reversi_pos pos = *start;
	for (int i = 0; i < count; i++) {
		char move[16] = "PA"; /* "pass" or a square */
		if (moves[i].code != REVERSI_PASS &&
		    reversi_rules.move_to_text(&pos, &moves[i], move, sizeof move) < 0)
			return GAME_ERR_SPACE;
		snprintf(piece, sizeof piece, "%c[%s]", pos.side == REVERSI_BLACK ? 'B' : 'W',
		         move);
		if (!append(buf, n, &len, piece))
			return GAME_ERR_SPACE;
		reversi_rules.play(&pos, &moves[i]);
	}
	if (!append(buf, n, &len, ";)"))
		return GAME_ERR_SPACE;
	return (int)len;
}
