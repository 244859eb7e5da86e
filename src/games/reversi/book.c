/*
 * games/reversi/book.c — the opening book (see book.h).
 */
#include "games/reversi/book.h"

#include <stdlib.h>
#include <string.h>

#include "core/hash.h"
#include "core/level.h"
#include "games/reversi/board8.h"
#include "games/reversi/reversi.h"
#include "io/atomic.h"
#include "io/bookfile.h"

static const struct book_format format = {
    .magic = {'P', 'R', 'V', 'B', 'O', 'O', 'K', '1'},
    .entry_bytes = BOOK_ENTRY_BYTES,
    .max_entries = 1 << 22,
    .checked = false,
    .what = "an opening book",
};

static struct book installed;
static bool have_installed;

void book_canonical(uint64_t *p, uint64_t *o)
{
	uint64_t bp = *p, bo = *o;
	for (int t = 1; t < 8; t++) {
		const uint64_t tp = board8_symmetry(*p, t), to = board8_symmetry(*o, t);
		if (tp < bp || (tp == bp && to < bo))
			bp = tp, bo = to;
	}
	*p = bp;
	*o = bo;
}

const struct book_entry *book_find(const struct book *b, uint64_t P, uint64_t O)
{
	if (!b || b->count == 0)
		return NULL;
	book_canonical(&P, &O);
	size_t lo = 0, hi = b->count;
	while (lo < hi) {
		const size_t mid = lo + (hi - lo) / 2;
		const struct book_entry *e = &b->entries[mid];
		if (e->p == P && e->o == O)
			return e;
		if (e->p < P || (e->p == P && e->o < O))
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

int book_moves(const struct book *b, uint64_t P, uint64_t O, struct book_move *out)
{
	const struct book_entry *e = book_find(b, P, O);
	if (!e || !(e->flags & BOOK_EXPANDED))
		return 0;
	int n = 0;
	for (uint64_t m = board8_moves(P, O); m && n < BOOK_MOVES_MAX; m &= m - 1) {
		const int sq = __builtin_ctzll(m);
		const uint64_t f = board8_flips(sq, P, O);
		const struct book_entry *c = book_find(b, O & ~f, P | f | (1ULL << sq));
		if (!c)
			continue; /* cannot happen in a book the builder made */
		int i = n++;
		for (; i > 0 && out[i - 1].score < -c->score; i--)
			out[i] = out[i - 1];
		out[i] = (struct book_move){.square = sq, .score = -c->score};
	}
	return n;
}

static int compare(const void *a, const void *b)
{
	const struct book_entry *x = a, *y = b;
	if (x->p != y->p)
		return x->p < y->p ? -1 : 1;
	return x->o < y->o ? -1 : x->o > y->o;
}

void book_sort(struct book *b)
{
	qsort(b->entries, b->count, sizeof *b->entries, compare);
}

int book_encode(const struct book *b, unsigned char **data, size_t *n)
{
	unsigned char *d = *data = book_file_new(&format, b->count, n);
	if (!d)
		return -1;
	for (size_t i = 0; i < b->count; i++) {
		const struct book_entry *e = &b->entries[i];
		unsigned char *x = book_file_entry(&format, d, i);
		le_put(x, e->p, 8);
		le_put(x + 8, e->o, 8);
		le_put(x + 16, (uint16_t)e->score, 2);
		x[18] = e->depth;
		x[19] = e->flags;
	}
	return 0;
}

int book_read(struct book *b, const char *path, char *err)
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
		const unsigned char *x = d + i * BOOK_ENTRY_BYTES;
		b->entries[i] = (struct book_entry){
		    .p = le_get(x, 8),
		    .o = le_get(x + 8, 8),
		    .score = (int16_t)(uint16_t)le_get(x + 16, 2),
		    .depth = x[18],
		    .flags = x[19],
		};
		const struct book_entry *e = &b->entries[i];
		if ((e->p & e->o) || (i > 0 && compare(e - 1, e) >= 0)) {
			free(data);
			book_free(b);
			return game_fail(err, IO_ERR_CORRUPT, "%.100s: entry %zu is damaged", path,
			                 i);
		}
	}
	b->count = count;
	free(data);
	return 0;
}

void book_free(struct book *b)
{
	free(b->entries);
	b->entries = NULL;
	b->count = 0;
}

int book_load(const char *path, char *err)
{
	book_unload();
	const int rc = book_read(&installed, path, err);
	have_installed = rc == 0;
	return rc;
}

void book_unload(void)
{
	book_free(&installed);
	have_installed = false;
}

const struct book *book_current(void)
{
	return have_installed ? &installed : NULL;
}

int reversi_book_moves(const struct reversi_pos *pos, struct book_move *out)
{
	const struct book *b = book_current();
	if (!b || pos->size != 8 || pos->anti || pos->hole)
		return 0;
	return book_moves(b, (uint64_t)pos->disc[pos->side], (uint64_t)pos->disc[!pos->side], out);
}

bool reversi_book_move(const void *p, int spread, uint32_t seed, struct game_move *move, int *score)
{
	struct book_move m[BOOK_MOVES_MAX];
	const int n = reversi_book_moves(p, m);
	if (n == 0)
		return false;
	int scores[BOOK_MOVES_MAX];
	for (int i = 0; i < n; i++)
		scores[i] = m[i].score;
	const int pick = level_book_pick(scores, n, spread, seed);
	struct game_move moves[GAME_MOVES_MAX];
	const int count = reversi_rules.generate(p, moves);
	for (int i = 0; i < count; i++)
		if (moves[i].code == (uint32_t)m[pick].square) {
			*move = moves[i];
			*score = m[pick].score;
			return true;
		}
	return false;
}
