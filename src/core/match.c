/*
 * core/match.c — the history of one game (see match.h).
 */
#include "core/match.h"

#include <stdio.h>
#include <stdlib.h>

/* Returns position slot i (before move i). */
static unsigned char *slot(const struct match *m, int i)
{
	return m->positions + (size_t)i * m->rules->pos_size;
}

/* Makes room for `moves` moves. Returns false when out of memory. */
static bool reserve(struct match *m, int moves)
{
	if (moves <= m->capacity)
		return true;
	int cap = m->capacity ? m->capacity : 64;
	while (cap < moves)
		cap *= 2;
	unsigned char *p = realloc(m->positions, (size_t)(cap + 1) * m->rules->pos_size);
	if (!p)
		return false;
	m->positions = p;
	struct game_move *mv = realloc(m->moves, (size_t)cap * sizeof *mv);
	if (!mv)
		return false;
	m->moves = mv;
	uint64_t *h = realloc(m->hashes, (size_t)(cap + 1) * sizeof *h);
	if (!h)
		return false;
	m->hashes = h;
	m->capacity = cap;
	return true;
}

int match_init_at(struct match *m, const struct game_rules *rules, const struct game_options *opt,
                  const void *start)
{
	memset(m, 0, sizeof *m);
	m->rules = rules;
	if (opt)
		m->options = *opt;
	if (!reserve(m, 64)) {
		match_free(m);
		return GAME_ERR_SPACE;
	}
	memcpy(slot(m, 0), start, rules->pos_size);
	m->hashes[0] = rules->hash(start);
	return GAME_OK;
}

int match_init(struct match *m, const struct game_rules *rules, const struct game_options *opt)
{
	void *start = game_pos_new(rules);
	if (!start)
		return GAME_ERR_SPACE;
	int rc = rules->start(start, opt);
	if (rc == GAME_OK)
		rc = match_init_at(m, rules, opt, start);
	free(start);
	return rc;
}

int match_init_moves(struct match *m, const struct game_rules *rules,
                     const struct game_options *opt, const void *start,
                     const struct game_move *moves, int count)
{
	if (match_init_at(m, rules, opt, start) != GAME_OK)
		return GAME_ERR_SPACE;
	for (int i = 0; i < count; i++)
		if (match_play(m, &moves[i]) != GAME_OK) {
			match_free(m);
			return GAME_ERR_SPACE;
		}
	return GAME_OK;
}

void match_free(struct match *m)
{
	free(m->positions);
	free(m->moves);
	free(m->hashes);
	memset(m, 0, sizeof *m);
}

const void *match_pos(const struct match *m)
{
	return slot(m, m->cursor);
}

const void *match_pos_at(const struct match *m, int i)
{
	return slot(m, i);
}

int match_play(struct match *m, const struct game_move *move)
{
	if (!reserve(m, m->cursor + 1))
		return GAME_ERR_SPACE;
	const size_t size = m->rules->pos_size;
	unsigned char *next = slot(m, m->cursor + 1);
	memcpy(next, slot(m, m->cursor), size);
	m->rules->play(next, move);
	m->moves[m->cursor] = *move;
	m->cursor++;
	m->count = m->cursor; /* a new move drops the redo tail */
	m->hashes[m->cursor] = m->rules->hash(next);
	return GAME_OK;
}

int match_play_text(struct match *m, const char *text, char *err)
{
	struct game_move move;
	const int rc = m->rules->move_parse(match_pos(m), text, &move, err);
	if (rc != GAME_OK)
		return rc;
	if (match_over(m))
		return game_fail(err, GAME_ERR_ILLEGAL, "the game is over");
	return match_play(m, &move);
}

bool match_undo(struct match *m)
{
	if (m->cursor == 0)
		return false;
	m->cursor--;
	return true;
}

bool match_redo(struct match *m)
{
	if (m->cursor == m->count)
		return false;
	m->cursor++;
	return true;
}

const struct game_move *match_last_move(const struct match *m)
{
	return m->cursor ? &m->moves[m->cursor - 1] : NULL;
}

int match_to_move(const struct match *m)
{
	return m->rules->to_move(match_pos(m));
}

bool match_repetition(const struct match *m)
{
	const int limit = m->rules->repetition_draw;
	if (limit <= 0)
		return false;
	const uint64_t now = m->hashes[m->cursor];
	int seen = 0;
	for (int i = m->cursor; i >= 0; i--)
		if (m->hashes[i] == now) /* the hash leaves out move counters */
			seen++;
	return seen >= limit;
}

int match_legal(const struct match *m, struct game_move *moves)
{
	if (match_repetition(m))
		return 0;
	return m->rules->generate(match_pos(m), moves);
}

bool match_over(const struct match *m)
{
	struct game_move moves[GAME_MOVES_MAX];
	return match_legal(m, moves) == 0;
}

int match_result(const struct match *m)
{
	return match_repetition(m) ? 0 : m->rules->result(match_pos(m));
}

int match_record(const struct match *m, char *buf, size_t n)
{
	size_t len = 0;
	if (n == 0)
		return GAME_ERR_SPACE;
	buf[0] = '\0';
	for (int i = 0; i < m->cursor; i++) {
		char word[GAME_TEXT_MAX];
		if (m->rules->move_to_text(slot(m, i), &m->moves[i], word, sizeof word) < 0)
			return GAME_ERR_SPACE;
		const size_t w = strlen(word);
		if (len + w + 2 > n)
			return GAME_ERR_SPACE;
		if (i)
			buf[len++] = ' ';
		memcpy(buf + len, word, w + 1);
		len += w;
	}
	return (int)len;
}
