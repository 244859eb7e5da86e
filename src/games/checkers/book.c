/*
 * games/checkers/book.c — checkers' opening book (see book.h).
 */
#include "games/checkers/book.h"

#include <stdlib.h>
#include <string.h>

#include "core/hash.h"
#include "games/checkers/bits.h"
#include "games/reversi/book.h"
#include "io/atomic.h"

static const char MAGIC[8] = {'P', 'C', 'K', 'B', 'O', 'O', 'K', '1'};
enum { HEADER = 12, CHECK = 8, MAX_ENTRIES = 1 << 20 };

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

static void put(unsigned char *d, uint64_t v, int bytes)
{
	for (int i = 0; i < bytes; i++)
		d[i] = (unsigned char)(v >> (8 * i));
}

static uint64_t get(const unsigned char *d, int bytes)
{
	uint64_t v = 0;
	for (int i = 0; i < bytes; i++)
		v |= (uint64_t)d[i] << (8 * i);
	return v;
}

/* The check of a file's first n bytes. */
static uint64_t check_of(const unsigned char *d, size_t n)
{
	uint64_t h = hash_mix64(n);
	for (size_t i = 0; i < n; i += 8) {
		const size_t k = n - i < 8 ? n - i : 8;
		h = hash_mix64(h ^ get(d + i, (int)k));
	}
	return h;
}

int checkers_book_encode(const struct checkers_book *b, unsigned char **data, size_t *n)
{
	const size_t body = HEADER + b->count * CHECKERS_BOOK_ENTRY_BYTES;
	*n = body + CHECK;
	unsigned char *d = *data = malloc(*n);
	if (!d)
		return -1;
	memcpy(d, MAGIC, sizeof MAGIC);
	put(d + 8, b->count, 4);
	for (size_t i = 0; i < b->count; i++) {
		const struct checkers_book_entry *e = &b->entries[i];
		unsigned char *x = d + HEADER + i * CHECKERS_BOOK_ENTRY_BYTES;
		put(x, e->own, 4);
		put(x + 4, e->opp, 4);
		put(x + 8, e->kings, 4);
		put(x + 12, (uint16_t)e->score, 2);
		x[14] = e->depth;
		x[15] = e->flags;
	}
	put(d + body, check_of(d, body), 8);
	return 0;
}

/* Returns whether e is a position some game could reach, White's men short of its far row. */
static bool sound(const struct checkers_book_entry *e)
{
	const int own = __builtin_popcount(e->own), opp = __builtin_popcount(e->opp);
	return !(e->own & e->opp) && !(e->kings & ~(e->own | e->opp)) && own >= 1 && own <= 12 &&
	       opp >= 1 && opp <= 12 && !(e->own & ~e->kings & BLACK_CROWN) &&
	       !(e->opp & ~e->kings & WHITE_CROWN) && !(e->flags & ~CHECKERS_BOOK_EXPANDED);
}

int checkers_book_read(struct checkers_book *b, const char *path, char *err)
{
	memset(b, 0, sizeof *b);
	char *data = NULL;
	size_t n = 0;
	const int rc =
	    atomic_read(path, &data, &n,
	                HEADER + (size_t)MAX_ENTRIES * CHECKERS_BOOK_ENTRY_BYTES + CHECK, NULL);
	if (rc != 0)
		return game_fail(err, rc, "cannot read the opening book %.100s", path);
	const unsigned char *d = (const unsigned char *)data;
	const size_t count = n >= HEADER ? (size_t)get(d + 8, 4) : 0;
	const size_t body = HEADER + count * CHECKERS_BOOK_ENTRY_BYTES;
	if (n < HEADER || memcmp(d, MAGIC, sizeof MAGIC) != 0 || count > MAX_ENTRIES ||
	    n != body + CHECK || get(d + body, 8) != check_of(d, body)) {
		free(data);
		return game_fail(err, IO_ERR_CORRUPT, "%.100s is not a checkers opening book",
		                 path);
	}
	b->entries = malloc((count ? count : 1) * sizeof *b->entries);
	if (!b->entries) {
		free(data);
		return game_fail(err, IO_ERR_SYSTEM, "out of memory for the opening book");
	}
	for (size_t i = 0; i < count; i++) {
		const unsigned char *x = d + HEADER + i * CHECKERS_BOOK_ENTRY_BYTES;
		b->entries[i] = (struct checkers_book_entry){
		    .own = (uint32_t)get(x, 4),
		    .opp = (uint32_t)get(x + 4, 4),
		    .kings = (uint32_t)get(x + 8, 4),
		    .score = (int16_t)(uint16_t)get(x + 12, 2),
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
	struct book_move m[BOOK_MOVES_MAX];
	const int k = n < BOOK_MOVES_MAX ? n : BOOK_MOVES_MAX;
	for (int i = 0; i < k; i++)
		m[i] = (struct book_move){.square = i, .score = scores[i]};
	const int pick = book_pick(m, k, spread, seed);
	*move = moves[pick];
	*score = scores[pick];
	return true;
}
