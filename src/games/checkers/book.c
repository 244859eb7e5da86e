/*
 * games/checkers/book.c — checkers' opening book (see book.h).
 */
#include "games/checkers/book.h"

#include <stdlib.h>
#include <string.h>

#include "core/level.h"
#include "games/checkers/bits.h"
#include "io/atomic.h"
#include "io/bookfile.h"

static const struct book_format format = {
    .magic = {'P', 'C', 'K', 'B', 'O', 'O', 'K', '1'},
    .entry_bytes = CHECKERS_BOOK_ENTRY_BYTES,
    .max_entries = 1 << 20,
    .checked = true,
    .what = "a checkers opening book",
};

static struct checkers_book installed;
static bool have_installed;

void checkers_book_key(const struct checkers_pos *pos, struct checkers_book_entry *key)
{
	memset(key, 0, sizeof *key);
	const int s = pos->side;
	if (s == CHECKERS_BLACK) {
		key->own = pos->piece[s];
		key->opp = pos->piece[!s];
		key->kings = pos->kings;
	} else {
		key->own = turn_round(pos->piece[s]);
		key->opp = turn_round(pos->piece[!s]);
		key->kings = turn_round(pos->kings);
	}
}

static int compare(const void *a, const void *b)
{
	const struct checkers_book_entry *x = a, *y = b;
	if (x->own != y->own)
		return x->own < y->own ? -1 : 1;
	if (x->opp != y->opp)
		return x->opp < y->opp ? -1 : 1;
	return x->kings < y->kings ? -1 : x->kings > y->kings;
}

const struct checkers_book_entry *checkers_book_find(const struct checkers_book *b,
                                                     const struct checkers_pos *pos)
{
	if (!b || b->count == 0)
		return NULL;
	struct checkers_book_entry key;
	checkers_book_key(pos, &key);
	size_t lo = 0, hi = b->count;
	while (lo < hi) {
		const size_t mid = lo + (hi - lo) / 2;
		const int c = compare(&b->entries[mid], &key);
		if (c == 0)
			return &b->entries[mid];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

int checkers_book_moves(const struct checkers_book *b, const struct checkers_pos *pos,
                        struct game_move *moves, int *scores)
{
	const struct checkers_book_entry *e = checkers_book_find(b, pos);
	if (!e || !(e->flags & CHECKERS_BOOK_EXPANDED))
		return 0;
	struct game_move all[GAME_MOVES_MAX];
	const int count = checkers_rules.generate(pos, all);
	int n = 0;
	for (int k = 0; k < count; k++) {
		struct checkers_pos child = *pos;
		checkers_rules.play(&child, &all[k]);
		const struct checkers_book_entry *c = checkers_book_find(b, &child);
		if (!c)
			return 0; /* not expanded after all: cannot happen in a book the builder made */
		int i = n++;
		for (; i > 0 && scores[i - 1] < -c->score; i--) {
			moves[i] = moves[i - 1];
			scores[i] = scores[i - 1];
		}
		moves[i] = all[k];
		scores[i] = -c->score;
	}
	return n;
}

void checkers_book_sort(struct checkers_book *b)
{
	qsort(b->entries, b->count, sizeof *b->entries, compare);
}

int checkers_book_encode(const struct checkers_book *b, unsigned char **data, size_t *n)
{
	unsigned char *d = *data = book_file_new(&format, b->count, n);
	if (!d)
		return -1;
	for (size_t i = 0; i < b->count; i++) {
		const struct checkers_book_entry *e = &b->entries[i];
		unsigned char *x = book_file_entry(&format, d, i);
		le_put(x, e->own, 4);
		le_put(x + 4, e->opp, 4);
		le_put(x + 8, e->kings, 4);
		le_put(x + 12, (uint16_t)e->score, 2);
		x[14] = e->depth;
		x[15] = e->flags;
	}
	book_file_seal(&format, d, *n);
	return 0;
}

/* Returns whether e is a position some game could reach, White's men short of its far row. */
static bool sound(const struct checkers_book_entry *e)
{
	const int own = __builtin_popcount(e->own), opp = __builtin_popcount(e->opp);
	return !(e->own & e->opp) && !(e->kings & ~(e->own | e->opp)) && own >= 1 && own <= 12 &&
	       opp >= 1 && opp <= 12 && !(e->own & ~e->kings & BLACK_CROWN) &&
	       !(e->opp & ~e->kings & WHITE_CROWN) &&
	       !(e->flags & ~(CHECKERS_BOOK_EXPANDED | CHECKERS_BOOK_DEEP)) &&
	       (!(e->flags & CHECKERS_BOOK_DEEP) || (e->flags & CHECKERS_BOOK_EXPANDED));
}

int checkers_book_read(struct checkers_book *b, const char *path, char *err)
{
	memset(b, 0, sizeof *b);
	char *data;
	const unsigned char *d;
	size_t count;
	const int rc = book_file_read(&format, path, &data, &d, &count, err);
	if (rc != 0)
		return rc;
	b->entries = malloc((count ? count : 1) * sizeof *b->entries);
	if (!b->entries) {
		free(data);
		return game_fail(err, IO_ERR_SYSTEM, "out of memory for the opening book");
	}
	for (size_t i = 0; i < count; i++) {
		const unsigned char *x = d + i * CHECKERS_BOOK_ENTRY_BYTES;
		b->entries[i] = (struct checkers_book_entry){
		    .own = (uint32_t)le_get(x, 4),
		    .opp = (uint32_t)le_get(x + 4, 4),
		    .kings = (uint32_t)le_get(x + 8, 4),
		    .score = (int16_t)(uint16_t)le_get(x + 12, 2),
		    .depth = x[14],
		    .flags = x[15],
		};
		const struct checkers_book_entry *e = &b->entries[i];
		if (!sound(e) || (i > 0 && compare(e - 1, e) >= 0)) {
			free(data);
			checkers_book_free(b);
			return game_fail(err, IO_ERR_CORRUPT, "%.100s: entry %zu is damaged", path,
			                 i);
		}
	}
	b->count = count;
	free(data);
	return 0;
}

void checkers_book_free(struct checkers_book *b)
{
	free(b->entries);
	b->entries = NULL;
	b->count = 0;
}

int checkers_book_load(const char *path, char *err)
{
	checkers_book_unload();
	const int rc = checkers_book_read(&installed, path, err);
	have_installed = rc == 0;
	return rc;
}

void checkers_book_unload(void)
{
	checkers_book_free(&installed);
	have_installed = false;
}

const struct checkers_book *checkers_book_current(void)
{
	return have_installed ? &installed : NULL;
}

bool checkers_book_move(const void *p, int spread, uint32_t seed, struct game_move *move,
                        int *score)
{
	struct game_move moves[GAME_MOVES_MAX];
	int scores[GAME_MOVES_MAX];
	const int n = checkers_book_moves(checkers_book_current(), p, moves, scores);
	if (n == 0)
		return false;
	const int pick = level_book_pick(scores, n, spread, seed);
	*move = moves[pick];
	*score = scores[pick];
	return true;
}
