/*
 * games/checkers/egdb.c — the endgame databases (see egdb.h): indexing, the retrograde
 * solver, probing, and the file format.
 *
 * Only positions with Black to move are stored: a position with White to move is the same
 * as the board turned round (square n becomes 33 - n, a reversal of the 32 bits) with the
 * colours swapped. A table ("slice") holds one material: Black's men and kings, White's men
 * and kings (bm, bk, wm, wk), each side at least one piece. Its index is, from the most
 * significant digit: the set of Black's men among squares 1-28 (a black man on 29-32 would
 * be a king), White's men among 5-32, Black's kings among the squares the men leave free and
 * White's kings among those left after that, each set ranked as a combination (colex order).
 * Placements where a black and a white man share a square are holes (EGDB_HOLE).
 *
 * The solver takes the materials in an order where every capture and every crowning leads to
 * a material already solved: fewer pieces first, and for as many pieces, fewer men. A
 * material and its mirror (the colours swapped, bm bk wm wk -> wm wk bm bk) are solved
 * together, as a move of one leads to the other. Pass p finds every position whose distance
 * is p: a win if a move leads to a loss of distance p - 1 (a loss anywhere in a material
 * solved before counts as distance 0), a loss if every move leads to a win of distance below
 * p. Positions no pass settles are draws. A position with no move is lost, at distance 0.
 *
 * An entry is one byte: 0 a draw, d (1..126) a win in d plies, 128 + d a loss in d.
 */
#include "games/checkers/egdb.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/game.h"
#include "core/hash.h"
#include "games/checkers/bits.h"
#include "io/le.h"

enum {
	EGDB_HOLE = 255,   /* no position has this index */
	LOSS_BIT = 128,    /* entry: a loss, the distance in the low bits */
	MEN_SQUARES = 28,  /* squares a man can stand on */
	MAGIC_LENGTH = 8,  /* "PCEGDB1\n" */
	RUN_ESCAPE = 0xfe, /* run-length code: ESCAPE, value, count (1..255) */
};

static const char magic[MAGIC_LENGTH + 1] = "PCEGDB1\n";

struct slice {
	uint8_t *value; /* NULL until built or read */
	uint64_t size;
};

static struct {
	uint8_t *map; /* the block file (see "the block files"), mapped; NULL: none */
	size_t length;
	int pieces;
	struct block_table {
		const uint8_t *index; /* a table's blocks + 1 offsets into code, 4 bytes each */
		const uint8_t *code;
	} table[EGDB_PIECES_MAX + 1][EGDB_PIECES_MAX + 1][EGDB_PIECES_MAX + 1][EGDB_PIECES_MAX + 1];
} big;

static struct slice slices[EGDB_PIECES_MAX + 1][EGDB_PIECES_MAX + 1][EGDB_PIECES_MAX + 1]
                          [EGDB_PIECES_MAX + 1];
static uint32_t binom[33][33];
static int complete; /* every table of up to this many pieces is there */

static void binom_init(void)
{
	if (binom[0][0])
		return;
	for (int n = 0; n <= 32; n++) {
		binom[n][0] = 1;
		for (int k = 1; k <= n; k++)
			binom[n][k] = binom[n - 1][k - 1] + (k <= n - 1 ? binom[n - 1][k] : 0);
	}
}

/* Returns the colex rank of the set x (bits 0..31) among the sets of as many bits. */
static uint32_t rank(uint32_t x)
{
	uint32_t r = 0;
	for (int i = 1; x; i++, x &= x - 1)
		r += binom[__builtin_ctz(x)][i];
	return r;
}

/* Returns the set of k bits among the lowest n whose colex rank is r. */
static uint32_t unrank(uint32_t r, int k, int n)
{
	uint32_t x = 0;
	for (int i = k, p = n - 1; i > 0; i--) {
		while (binom[p][i] > r)
			p--;
		r -= binom[p][i];
		x |= 1u << p;
		p--;
	}
	return x;
}

/* Returns x's bits packed down to the positions of the set bits of `mask` (a software pext). */
static uint32_t pack(uint32_t x, uint32_t mask)
{
	uint32_t r = 0;
	for (uint32_t bit = 1; mask; mask &= mask - 1, bit <<= 1)
		if (x & mask & -mask)
			r |= bit;
	return r;
}

/* Returns the bits of x spread onto the set bits of `mask` (a software pdep). */
static uint32_t spread(uint32_t x, uint32_t mask)
{
	uint32_t r = 0;
	for (; x && mask; mask &= mask - 1, x >>= 1)
		if (x & 1)
			r |= mask & -mask;
	return r;
}

/* The sizes of the digits of a material's index. */
struct shape {
	int bm, bk, wm, wk;
	uint64_t n_bm, n_wm, n_bk, n_wk;
};

static void shape_of(struct shape *s, int bm, int bk, int wm, int wk)
{
	s->bm = bm;
	s->bk = bk;
	s->wm = wm;
	s->wk = wk;
	s->n_bm = binom[MEN_SQUARES][bm];
	s->n_wm = binom[MEN_SQUARES][wm];
	s->n_bk = binom[32 - bm - wm][bk];
	s->n_wk = binom[32 - bm - wm - bk][wk];
}

static uint64_t shape_size(const struct shape *s)
{
	return s->n_bm * s->n_wm * s->n_bk * s->n_wk;
}

/* Black to move: the four sets of pieces. */
struct board {
	uint32_t bm, bk, wm, wk;
};

/* Returns the index of a board in its material's table. */
static uint64_t index_of(const struct shape *s, const struct board *b)
{
	const uint32_t free1 = ~(b->bm | b->wm), free2 = free1 & ~b->bk;
	uint64_t i = rank(b->bm);
	i = i * s->n_wm + rank(b->wm >> 4);
	i = i * s->n_bk + rank(pack(b->bk, free1));
	return i * s->n_wk + rank(pack(b->wk, free2));
}

/* Fills *b with the board of index i; returns false for a hole. */
static bool board_at(const struct shape *s, uint64_t i, struct board *b)
{
	const uint32_t r_wk = (uint32_t)(i % s->n_wk);
	i /= s->n_wk;
	const uint32_t r_bk = (uint32_t)(i % s->n_bk);
	i /= s->n_bk;
	const uint32_t r_wm = (uint32_t)(i % s->n_wm);
	const uint32_t r_bm = (uint32_t)(i / s->n_wm);
	b->bm = unrank(r_bm, s->bm, MEN_SQUARES);
	b->wm = unrank(r_wm, s->wm, MEN_SQUARES) << 4;
	if (b->bm & b->wm)
		return false;
	const uint32_t free1 = ~(b->bm | b->wm);
	b->bk = spread(unrank(r_bk, s->bk, 32 - s->bm - s->wm), free1);
	b->wk = spread(unrank(r_wk, s->wk, 32 - s->bm - s->wm - s->bk), free1 & ~b->bk);
	return true;
}

/* Returns the board of pos seen from its side to move (turned round when White moves). */
static void board_of(const struct checkers_pos *pos, struct board *b)
{
	uint32_t own = pos->piece[pos->side], opp = pos->piece[!pos->side], k = pos->kings;
	if (pos->side == CHECKERS_WHITE) {
		own = turn_round(own);
		opp = turn_round(opp);
		k = turn_round(k);
	}
	b->bm = own & ~k;
	b->bk = own & k;
	b->wm = opp & ~k;
	b->wk = opp & k;
}

/* Returns the table entry of a board (Black to move), or -1 when no table holds it; *s_out
 * (may be NULL) gets its material. */
static const struct slice *slice_of(const struct board *b, struct shape *s)
{
	const int bm = __builtin_popcount(b->bm), bk = __builtin_popcount(b->bk);
	const int wm = __builtin_popcount(b->wm), wk = __builtin_popcount(b->wk);
	if (bm + bk == 0 || wm + wk == 0 || bm + bk + wm + wk > EGDB_PIECES_MAX)
		return NULL;
	const struct slice *sl = &slices[bm][bk][wm][wk];
	if (!sl->value)
		return NULL;
	shape_of(s, bm, bk, wm, wk);
	return sl;
}

/* Returns the entry of a board: -1 for none. A side without pieces has lost (distance 0). */
static int entry_of(const struct board *b)
{
	if (!(b->bm | b->bk))
		return LOSS_BIT;
	if (!(b->wm | b->wk))
		return 1; /* not reached by a legal move: the side to move has already won */
	struct shape s;
	const struct slice *sl = slice_of(b, &s);
	return sl ? sl->value[index_of(&s, b)] : -1;
}

static enum egdb_result block_probe(const struct board *b, int *distance);

enum egdb_result checkers_egdb_probe(const struct checkers_pos *pos, int *distance)
{
	struct board b;
	board_of(pos, &b);
	if (!(b.bm | b.bk) || !(b.wm | b.wk))
		return EGDB_UNKNOWN;
	const int e = entry_of(&b);
	if (e < 0 && big.map) {
		int d;
		const enum egdb_result r = block_probe(&b, &d);
		if (distance)
			*distance = d;
		return r;
	}
	if (e < 0 || e == EGDB_HOLE)
		return EGDB_UNKNOWN;
	if (distance)
		*distance = e & (LOSS_BIT - 1);
	return e == 0 ? EGDB_DRAW : e & LOSS_BIT ? EGDB_LOSS : EGDB_WIN;
}

/* ---- the solver ------------------------------------------------------------------------- */

/* Returns the position (Black to move) of a board. */
static void pos_of(const struct board *b, struct checkers_pos *pos)
{
	memset(pos, 0, sizeof *pos);
	pos->piece[CHECKERS_BLACK] = b->bm | b->bk;
	pos->piece[CHECKERS_WHITE] = b->wm | b->wk;
	pos->kings = b->bk | b->wk;
	pos->side = CHECKERS_BLACK;
}

/* A material: Black's men and kings, White's men and kings. */
struct material {
	int bm, bk, wm, wk;
};

enum { MATERIALS_MAX = 1024 };

/* Fills list with every material of 2..pieces pieces (each side with one at least) in the
 * solver's order: fewer pieces first, and for as many pieces fewer men (a capture or a
 * crowning leads to a material listed earlier). Returns how many. */
static int materials(int pieces, struct material *list)
{
	int count = 0;
	for (int n = 2; n <= pieces; n++)
		for (int men = 0; men <= n; men++)
			for (int bm = 0; bm <= men; bm++)
				for (int bk = 0; bk <= n - men; bk++) {
					const int wm = men - bm, wk = n - men - bk;
					if (bm + bk > 0 && wm + wk > 0)
						list[count++] = (struct material){bm, bk, wm, wk};
				}
	return count;
}

/* One material being solved with its mirror (a move of one leads to the other). */
struct group {
	struct slice *a, *b; /* b == a when the material is its own mirror */
	struct shape sa, sb; /* ... their shapes */
	uint8_t *count[2];   /* per position of a and b: its moves not settled yet, and */
};                           /* DRAWN_CHILD when one leads to a draw elsewhere */

enum { DRAWN_CHILD = 128 };

/* Returns the side (0: a, 1: b) of the group a board of material (bm bk wm wk) is in, or -1. */
static int group_side(const struct group *g, const struct board *c)
{
	const int bm = __builtin_popcount(c->bm), bk = __builtin_popcount(c->bk);
	const int wm = __builtin_popcount(c->wm), wk = __builtin_popcount(c->wk);
	if (bm == g->sa.bm && bk == g->sa.bk && wm == g->sa.wm && wk == g->sa.wk)
		return 0;
	if (bm == g->sb.bm && bk == g->sb.bk && wm == g->sb.wm && wk == g->sb.wk)
		return 1;
	return -1;
}

/* Allocates a material's table and its counts, holes marked. Returns false when out of
 * memory. */
static bool slice_alloc(struct slice *sl, const struct shape *s, uint8_t **count)
{
	sl->size = shape_size(s);
	sl->value = malloc(sl->size ? sl->size : 1);
	*count = calloc(sl->size ? sl->size : 1, 1);
	if (!sl->value || !*count)
		return false;
	for (uint64_t i = 0; i < sl->size; i++) {
		struct board b;
		sl->value[i] = board_at(s, i, &b) ? 0 : EGDB_HOLE;
	}
	return true;
}

/* Looks at every move of position i of side k once: a move that leaves the material decides
 * at once (a win in 1 if it leads to a loss; a loss in 1 if every move leaves it for a win of
 * the opponent's); the moves that stay are counted. */
static void first_look(struct group *g, int k, uint64_t i)
{
	struct slice *sl = k ? g->b : g->a;
	struct board b;
	board_at(k ? &g->sb : &g->sa, i, &b);
	struct checkers_pos pos;
	pos_of(&b, &pos);
	struct game_move moves[GAME_MOVES_MAX];
	const int n = checkers_rules.generate(&pos, moves);
	if (n == 0) {
		sl->value[i] = LOSS_BIT; /* lost now */
		return;
	}
	int stay = 0;
	bool drawn = false;
	for (int m = 0; m < n; m++) {
		struct checkers_pos child = pos;
		checkers_rules.play(&child, &moves[m]);
		struct board c;
		board_of(&child, &c);
		if (group_side(g, &c) >= 0) {
			stay++;
			continue;
		}
		const int e = entry_of(&c);
		if (e & LOSS_BIT) {
			sl->value[i] = 1; /* a win in 1 */
			return;
		}
		drawn |= e == 0;
	}
	if (stay == 0 && !drawn)
		sl->value[i] = LOSS_BIT + 1;
	g->count[k][i] = (uint8_t)(stay | (drawn ? DRAWN_CHILD : 0));
}

/* Settles the positions from which the opponent moved to board c (side k of the group, just
 * settled with entry e): the moves that stay in the material are simple moves, so they are
 * taken back one step, and the position before must have had no capture. */
static int take_back(struct group *g, const struct board *c, uint8_t e, int *longest)
{
	const int d = e & (LOSS_BIT - 1);
	const uint32_t empty = ~(c->bm | c->bk | c->wm | c->wk);
	int settled = 0;
	/* White (in this view) moved last: a man came from the row below, a king from anywhere. */
	for (uint32_t rest = c->wm | c->wk; rest; rest &= rest - 1) {
		const uint32_t to = rest & -rest;
		const bool king = (c->wk & to) != 0;
		uint32_t from = (step_down_left(to) | step_down_right(to)) & empty;
		if (king)
			from |= (step_up_left(to) | step_up_right(to)) & empty;
		for (; from; from &= from - 1) {
			const uint32_t f = from & -from;
			const uint32_t wm = king ? c->wm : (c->wm ^ to) | f;
			const uint32_t wk = king ? (c->wk ^ to) | f : c->wk;
			if (jumpers_of(CHECKERS_WHITE, wm | wk, c->bm | c->bk, wk))
				continue; /* White had to capture there */
			const struct board p = {.bm = turn_round(wm),
			                        .bk = turn_round(wk),
			                        .wm = turn_round(c->bm),
			                        .wk = turn_round(c->bk)};
			const int side = group_side(g, &p);
			struct slice *sl = side ? g->b : g->a;
			const uint64_t i = index_of(side ? &g->sb : &g->sa, &p);
			if (sl->value[i] != 0)
				continue;
			if (e & LOSS_BIT) {
				sl->value[i] = (uint8_t)(d + 1);
			} else {
				uint8_t *n = &g->count[side][i];
				if (--*n != 0) /* DRAWN_CHILD stays above zero */
					continue;
				sl->value[i] = (uint8_t)(LOSS_BIT + d + 1);
			}
			settled++;
			if (d + 1 > *longest)
				*longest = d + 1;
		}
	}
	return settled;
}

/* Returns whether one of the eight entries at v may have distance d (a word-wide test: the
 * distance bits of some byte equal d; a false yes only costs the byte-wise look). */
static bool any_at(const uint8_t *v, int d)
{
	uint64_t x;
	memcpy(&x, v, sizeof x);
	const uint64_t ones = 0x0101010101010101u;
	x = (x & (0x7f * ones)) ^ ((uint64_t)d * ones);
	return ((x - ones) & ~x & (0x80 * ones)) != 0; /* a zero byte */
}

/* Solves a material and its mirror. Returns false when out of memory. */
static bool solve_group(int bm, int bk, int wm, int wk, FILE *progress)
{
	struct group g;
	g.a = &slices[bm][bk][wm][wk];
	g.b = &slices[wm][wk][bm][bk];
	shape_of(&g.sa, bm, bk, wm, wk);
	shape_of(&g.sb, wm, wk, bm, bk);
	g.count[0] = g.count[1] = NULL;
	const int sides = g.b == g.a ? 1 : 2;
	bool ok = slice_alloc(g.a, &g.sa, &g.count[0]) &&
	          (sides == 1 || slice_alloc(g.b, &g.sb, &g.count[1]));
	if (sides == 1)
		g.count[1] = g.count[0];
	int longest = 1;
	for (int k = 0; ok && k < sides; k++) {
		const struct slice *sl = k ? g.b : g.a;
		for (uint64_t i = 0; i < sl->size; i++)
			if (sl->value[i] == 0)
				first_look(&g, k, i);
	}
	/* Distance by distance: what is settled at d settles its predecessors at d + 1. */
	for (int d = 0; ok && d <= longest; d++) {
		if (d >= EGDB_DISTANCE_MAX) {
			ok = false; /* never seen: distances fit well within a byte */
			break;
		}
		for (int k = 0; k < sides; k++) {
			const struct slice *sl = k ? g.b : g.a;
			for (uint64_t i = 0; i < sl->size; i++) {
				if ((i & 7) == 0 && i + 8 <= sl->size &&
				    !any_at(sl->value + i, d)) {
					i += 7; /* none of these eight entries has distance d */
					continue;
				}
				const uint8_t e = sl->value[i];
				if (e == 0 || e == EGDB_HOLE || (e & (LOSS_BIT - 1)) != d)
					continue;
				struct board c;
				board_at(k ? &g.sb : &g.sa, i, &c);
				take_back(&g, &c, e, &longest);
			}
		}
	}
	free(g.count[0]);
	if (sides == 2)
		free(g.count[1]);
	if (ok && progress)
		fprintf(progress, "egdb: %dm%dk v %dm%dk: %llu + %llu entries, longest %d plies\n",
		        bm, bk, wm, wk, (unsigned long long)g.a->size,
		        (unsigned long long)(sides == 1 ? 0 : g.b->size), longest);
	return ok;
}

int checkers_egdb_build(int pieces, FILE *progress)
{
	binom_init();
	if (pieces > EGDB_PIECES_MAX)
		pieces = EGDB_PIECES_MAX;
	static struct material list[MATERIALS_MAX];
	const int count = materials(pieces, list);
	for (int i = 0; i < count; i++) {
		const struct material *m = &list[i];
		if (!slices[m->bm][m->bk][m->wm][m->wk].value &&
		    !solve_group(m->bm, m->bk, m->wm, m->wk, progress))
			return -1;
	}
	if (pieces > complete)
		complete = pieces;
	return 0;
}

static int limit = EGDB_PIECES_MAX; /* checkers_egdb_limit */

int checkers_egdb_pieces(void)
{
	const int pieces = big.map ? big.pieces : complete;
	return pieces < limit ? pieces : limit;
}

void checkers_egdb_limit(int pieces)
{
	limit = pieces;
}

bool checkers_egdb_random(uint64_t *seed, int pieces, struct checkers_pos *pos)
{
	memset(pos, 0, sizeof *pos);
	for (int i = 0; i < pieces; i++) {
		hash_lcg_next(seed);
		const int sq = (int)(*seed >> 59), colour = i < 2 ? i : (int)(*seed >> 40 & 1);
		const bool king = *seed >> 41 & 1;
		const uint32_t bit = 1u << sq;
		if ((pos->piece[0] | pos->piece[1]) & bit ||
		    (!king && (colour == CHECKERS_BLACK ? sq >= 28 : sq < 4)))
			return false;
		pos->piece[colour] |= bit;
		if (king)
			pos->kings |= bit;
	}
	pos->side = (uint8_t)(*seed >> 42 & 1);
	return true;
}

/* ---- statistics ------------------------------------------------------------------------- */

void checkers_egdb_count(int pieces, uint64_t *positions, uint64_t *wins, uint64_t *draws,
                         uint64_t *losses)
{
	*positions = *wins = *draws = *losses = 0;
	for (int bm = 0; bm <= pieces; bm++)
		for (int bk = 0; bm + bk <= pieces; bk++)
			for (int wm = 0; bm + bk + wm <= pieces; wm++) {
				const int wk = pieces - bm - bk - wm;
				const struct slice *sl = &slices[bm][bk][wm][wk];
				if (!sl->value)
					continue;
				for (uint64_t i = 0; i < sl->size; i++) {
					const uint8_t e = sl->value[i];
					if (e == EGDB_HOLE)
						continue;
					++*positions;
					if (e == 0)
						++*draws;
					else if (e & LOSS_BIT)
						++*losses;
					else
						++*wins;
				}
			}
}

int checkers_egdb_longest(int pieces)
{
	int longest = 0;
	for (int bm = 0; bm <= pieces; bm++)
		for (int bk = 0; bm + bk <= pieces; bk++)
			for (int wm = 0; bm + bk + wm <= pieces; wm++) {
				const struct slice *sl = &slices[bm][bk][wm][pieces - bm - bk - wm];
				for (uint64_t i = 0; sl->value && i < sl->size; i++)
					if (sl->value[i] != EGDB_HOLE &&
					    (sl->value[i] & (LOSS_BIT - 1)) > longest)
						longest = sl->value[i] & (LOSS_BIT - 1);
			}
	return longest;
}

/* ---- the file --------------------------------------------------------------------------- */

/* The file: the magic, the number of pieces (one byte), then for every material of 2 to that
 * many pieces in the solver's order its four counts (bm bk wm wk, a byte each), its size in
 * entries and in bytes of code (8 bytes each, little-endian), then the code: a byte stands
 * for itself, except RUN_ESCAPE v n, which stands for n times v. */

static bool put64(FILE *f, uint64_t v)
{
	unsigned char b[8];
	le_put(b, v, 8);
	return fwrite(b, 1, 8, f) == 8;
}

static bool get64(FILE *f, uint64_t *v)
{
	unsigned char b[8];
	if (fread(b, 1, 8, f) != 8)
		return false;
	*v = le_get(b, 8);
	return true;
}

/* Encodes a table into *out (allocated); returns the code's length, or 0 when out of memory. */
static uint64_t encode(const uint8_t *v, uint64_t n, uint8_t **out)
{
	uint8_t *code = malloc(n + n / 2 + 16);
	uint64_t len = 0;
	if (!code)
		return 0;
	for (uint64_t i = 0; i < n;) {
		uint64_t run = 1;
		while (i + run < n && v[i + run] == v[i] && run < 255)
			run++;
		if (run >= 3 || v[i] == RUN_ESCAPE) {
			code[len++] = RUN_ESCAPE;
			code[len++] = v[i];
			code[len++] = (uint8_t)run;
		} else {
			for (uint64_t k = 0; k < run; k++)
				code[len++] = v[i];
		}
		i += run;
	}
	*out = code;
	return len;
}

int checkers_egdb_write(FILE *f, int pieces)
{
	if (fwrite(magic, 1, MAGIC_LENGTH, f) != MAGIC_LENGTH || fputc(pieces, f) == EOF)
		return -1;
	static struct material list[MATERIALS_MAX];
	const int count = materials(pieces, list);
	for (int i = 0; i < count; i++) {
		const int bm = list[i].bm, bk = list[i].bk, wm = list[i].wm, wk = list[i].wk;
		const struct slice *sl = &slices[bm][bk][wm][wk];
		uint8_t *code = NULL;
		const uint64_t len = sl->value ? encode(sl->value, sl->size, &code) : 0;
		const unsigned char m[4] = {(unsigned char)bm, (unsigned char)bk, (unsigned char)wm,
		                            (unsigned char)wk};
		const bool ok = len > 0 && fwrite(m, 1, 4, f) == 4 && put64(f, sl->size) &&
		                put64(f, len) && fwrite(code, 1, len, f) == len;
		free(code);
		if (!ok)
			return -1;
	}
	return fflush(f) == 0 ? 0 : -1;
}

/* Decodes `len` bytes of code into the n entries of v; returns false if they do not match. */
static bool decode(const uint8_t *code, uint64_t len, uint8_t *v, uint64_t n)
{
	uint64_t at = 0;
	for (uint64_t i = 0; i < len;) {
		if (code[i] == RUN_ESCAPE) {
			if (i + 2 >= len || at + code[i + 2] > n)
				return false;
			memset(v + at, code[i + 1], code[i + 2]);
			at += code[i + 2];
			i += 3;
		} else {
			if (at >= n)
				return false;
			v[at++] = code[i++];
		}
	}
	return at == n;
}

int checkers_egdb_read(FILE *f, char *err)
{
	binom_init();
	char head[MAGIC_LENGTH];
	const int pieces = fread(head, 1, MAGIC_LENGTH, f) == MAGIC_LENGTH ? fgetc(f) : EOF;
	if (pieces == EOF || memcmp(head, magic, MAGIC_LENGTH) != 0 || pieces < 2 ||
	    pieces > EGDB_PIECES_MAX)
		return game_fail(err, -1, "not a checkers endgame database");
	static struct material list[MATERIALS_MAX];
	const int count = materials(pieces, list);
	for (int i = 0; i < count; i++) {
		const int bm = list[i].bm, bk = list[i].bk, wm = list[i].wm, wk = list[i].wk;
		unsigned char m[4];
		uint64_t size, len;
		struct shape s;
		shape_of(&s, bm, bk, wm, wk);
		if (fread(m, 1, 4, f) != 4 || m[0] != bm || m[1] != bk || m[2] != wm ||
		    m[3] != wk || !get64(f, &size) || !get64(f, &len) || size != shape_size(&s) ||
		    len > 2 * size)
			return game_fail(err, -1, "the endgame database is damaged");
		uint8_t *code = malloc(len ? len : 1);
		uint8_t *v = malloc(size ? size : 1);
		const bool ok =
		    code && v && fread(code, 1, len, f) == len && decode(code, len, v, size);
		free(code);
		if (!ok) {
			free(v);
			return game_fail(err, -1, "the endgame database is damaged or too large");
		}
		struct slice *sl = &slices[bm][bk][wm][wk];
		if (sl->value) { /* already built: the same values */
			free(v);
			continue;
		}
		sl->value = v;
		sl->size = size;
	}
	if (pieces > complete)
		complete = pieces;
	return pieces;
}

void checkers_egdb_unload(void)
{
	for (int bm = 0; bm <= EGDB_PIECES_MAX; bm++)
		for (int bk = 0; bk <= EGDB_PIECES_MAX; bk++)
			for (int wm = 0; wm <= EGDB_PIECES_MAX; wm++)
				for (int wk = 0; wk <= EGDB_PIECES_MAX; wk++) {
					free(slices[bm][bk][wm][wk].value);
					slices[bm][bk][wm][wk].value = NULL;
				}
	complete = 0;
	checkers_egdb_detach();
}

int checkers_egdb_load(const char *dir, char *err)
{
	static const char *const names[] = {CHECKERS_EGDB_FILE_BIG, CHECKERS_EGDB_FILE};
	checkers_egdb_unload(); /* none from another directory stays in use */
	for (int i = 0; i < 2; i++) {
		char path[4200];
		snprintf(path, sizeof path, "%.4000s/%s", dir, names[i]);
		FILE *f = fopen(path, "rb");
		if (!f) {
			if (i == 0)
				continue; /* the bigger tables are optional */
			return game_fail(err, -1, "cannot open %s", path);
		}
		const int pieces = checkers_egdb_read(f, err);
		fclose(f);
		if (pieces < 0) {
			checkers_egdb_unload();
			return -1;
		}
		snprintf(path, sizeof path, "%.4000s/%s", dir, CHECKERS_EGDB_FILE_SIX);
		FILE *six = pieces == EGDB_PIECES_MAX - 1 ? fopen(path, "rb") : NULL;
		if (six) { /* optional: when damaged, said, and the smaller tables used alone */
			fclose(six);
			if (checkers_egdb_attach(path, err) != 0)
				return -1;
		}
		return 0;
	}
	return -1;
}

/* ---- the block files -------------------------------------------------------------------- */

/* The tables of the most pieces (6: 2.4 billion positions) are not held in memory: they are
 * solved material by material, each written out once no material still to solve needs it (a
 * crowning leads from m + 1 men to m), and probed from the file, mapped, block by block.
 *
 * They keep only win, draw or loss (the distances, which the engine needs to play a win out,
 * are in the smaller tables a capture leads to). A position where the side to move can
 * capture is not stored ("don't care", as in KingsRow's and Chinook's databases): the probe
 * plays its captures and looks the results up in the smaller tables; holes are don't-cares
 * too. Each table is cut into blocks of BLOCK_ENTRIES entries; a block's code is a string of
 * bytes, each either a run (0..191: value b / 64, b % 64 + 1 entries; a don't-care joins the
 * run it falls in) or three entries (192 + v0 + 3 v1 + 9 v2).
 *
 * The file: the magic, the pieces and the number of materials (4 bytes each, little-endian),
 * then per material in the solver's order bm bk wm wk (a byte each), 4 zero bytes, its size
 * in entries, the offset of its block index and the length of its code (8 bytes each); then
 * per material its block index (one 4-byte offset into its code per block, and the code's
 * length) and the code. */

enum {
	BLOCK_ENTRIES = 2048,
	WLD_DRAW = 0,
	WLD_WIN = 1,
	WLD_LOSS = 2,
	WLD_ANY = 3, /* don't care: a hole, or the side to move can capture */
	RUN_CODES = 192,
	RUN_MAX = 64,
	BLOCK_HEAD = 16,
	BLOCK_DIR = 32,
};

static const char block_magic[MAGIC_LENGTH + 1] = "PCEGDBB\n";

/* Returns the stored value of entry i of a table (WLD_ANY for a hole or a capture position). */
static int wld_entry(const struct shape *s, const uint8_t *value, uint64_t i)
{
	const uint8_t e = value[i];
	struct board b;
	if (e == EGDB_HOLE || !board_at(s, i, &b) ||
	    jumpers_of(CHECKERS_BLACK, b.bm | b.bk, b.wm | b.wk, b.bk))
		return WLD_ANY;
	return e == 0 ? WLD_DRAW : e & LOSS_BIT ? WLD_LOSS : WLD_WIN;
}

/* Encodes n values (n <= BLOCK_ENTRIES) into code; returns the code's length. */
static int block_encode(const uint8_t *w, int n, uint8_t *code)
{
	int len = 0;
	for (int i = 0; i < n;) {
		int v = WLD_DRAW;
		for (int j = i; j < n; j++)
			if (w[j] != WLD_ANY) {
				v = w[j];
				break;
			}
		int run = 0;
		while (i + run < n && run < RUN_MAX && (w[i + run] == v || w[i + run] == WLD_ANY))
			run++;
		if (run >= 3 || i + run == n) {
			code[len++] = (uint8_t)(v * RUN_MAX + run - 1);
			i += run;
			continue;
		}
		int t = 0;
		for (int k = 2; k >= 0; k--)
			t = 3 * t + (i + k < n && w[i + k] != WLD_ANY ? w[i + k] : v);
		code[len++] = (uint8_t)(RUN_CODES + t);
		i += 3;
	}
	return len;
}

/* Returns value `at` of the block coded in code[0..len), or -1 when the code ends before. */
static int block_value(const uint8_t *code, uint64_t len, int at)
{
	int first = 0;
	for (uint64_t i = 0; i < len; i++) {
		const int b = code[i];
		if (b < RUN_CODES) {
			first += b % RUN_MAX + 1;
			if (at < first)
				return b / RUN_MAX;
		} else {
			if (at < first + 3) {
				int t = b - RUN_CODES;
				for (int k = at - first; k > 0; k--)
					t /= 3;
				return t % 3;
			}
			first += 3;
		}
	}
	return -1;
}

/* Writes one table (material m, built) in the block format at the end of f; fills its
 * directory entry and adds its results to *st. Returns false on a write error or when out of
 * memory. */
static bool block_write_table(FILE *f, const struct material *m, uint8_t dir[BLOCK_DIR],
                              struct egdb_stats *st)
{
	const struct slice *sl = &slices[m->bm][m->bk][m->wm][m->wk];
	struct shape s;
	shape_of(&s, m->bm, m->bk, m->wm, m->wk);
	const uint64_t blocks = (sl->size + BLOCK_ENTRIES - 1) / BLOCK_ENTRIES;
	uint32_t *index = malloc((blocks + 1) * sizeof *index);
	uint8_t *code = malloc(sl->size + 16);
	if (!index || !code) {
		free(index);
		free(code);
		return false;
	}
	uint64_t len = 0;
	for (uint64_t b = 0; b < blocks; b++) {
		uint8_t w[BLOCK_ENTRIES];
		const uint64_t first = b * BLOCK_ENTRIES;
		const int n =
		    (int)(sl->size - first < BLOCK_ENTRIES ? sl->size - first : BLOCK_ENTRIES);
		for (int k = 0; k < n; k++) {
			w[k] = (uint8_t)wld_entry(&s, sl->value, first + (uint64_t)k);
			const uint8_t e = sl->value[first + (uint64_t)k];
			if (e == EGDB_HOLE)
				continue;
			st->positions++;
			if (e == 0)
				st->draws++;
			else if (e & LOSS_BIT)
				st->losses++;
			else
				st->wins++;
			if ((e & (LOSS_BIT - 1)) > st->longest)
				st->longest = e & (LOSS_BIT - 1);
		}
		index[b] = (uint32_t)len;
		len += (uint64_t)block_encode(w, n, code + len);
	}
	index[blocks] = (uint32_t)len;
	const long at = ftell(f);
	bool ok = at >= 0;
	for (uint64_t b = 0; ok && b <= blocks; b++) {
		uint8_t le[4];
		le_put(le, index[b], 4);
		ok = fwrite(le, 1, 4, f) == 4;
	}
	ok = ok && fwrite(code, 1, len, f) == len;
	free(index);
	free(code);
	memset(dir, 0, BLOCK_DIR);
	dir[0] = (uint8_t)m->bm;
	dir[1] = (uint8_t)m->bk;
	dir[2] = (uint8_t)m->wm;
	dir[3] = (uint8_t)m->wk;
	le_put(dir + 8, sl->size, 8);
	le_put(dir + 16, (uint64_t)at, 8);
	le_put(dir + 24, len, 8);
	st->bytes += (blocks + 1) * 4 + len;
	return ok;
}

int checkers_egdb_build_blocks(int pieces, FILE *f, struct egdb_stats *st, FILE *progress)
{
	memset(st, 0, sizeof *st);
	if (pieces < 3 || pieces > EGDB_PIECES_MAX || checkers_egdb_build(pieces - 1, progress))
		return -1;
	static struct material all[MATERIALS_MAX];
	struct material list[MATERIALS_MAX];
	const int total = materials(pieces, all);
	int count = 0;
	for (int i = 0; i < total; i++)
		if (all[i].bm + all[i].bk + all[i].wm + all[i].wk == pieces)
			list[count++] = all[i];
	uint8_t head[BLOCK_HEAD];
	memcpy(head, block_magic, MAGIC_LENGTH);
	le_put(head + 8, (uint64_t)pieces, 4);
	le_put(head + 12, (uint64_t)count, 4);
	uint8_t *dir = calloc((size_t)count, BLOCK_DIR);
	bool ok = dir && fwrite(head, 1, BLOCK_HEAD, f) == BLOCK_HEAD &&
	          fwrite(dir, BLOCK_DIR, (size_t)count, f) == (size_t)count;
	int written = 0;
	for (int i = 0; ok && i <= count; i++) {
		/* A table of m men is needed while tables of m + 1 men are solved, no longer. */
		const int men = i < count ? list[i].bm + list[i].wm : pieces + 2;
		for (; ok && written < count && list[written].bm + list[written].wm < men - 1;
		     written++) {
			const struct material *m = &list[written];
			ok = block_write_table(f, m, dir + (size_t)written * BLOCK_DIR, st);
			struct slice *sl = &slices[m->bm][m->bk][m->wm][m->wk];
			free(sl->value);
			sl->value = NULL;
		}
		if (ok && i < count &&
		    !slices[list[i].bm][list[i].bk][list[i].wm][list[i].wk].value)
			ok = solve_group(list[i].bm, list[i].bk, list[i].wm, list[i].wk, progress);
	}
	ok = ok && fseek(f, BLOCK_HEAD, SEEK_SET) == 0 &&
	     fwrite(dir, BLOCK_DIR, (size_t)count, f) == (size_t)count && fflush(f) == 0;
	free(dir);
	return ok ? 0 : -1;
}

/* ---- probing a block file ------------------------------------------------------------- */

/* Returns the stored value (WLD_*) of board b (Black to move, no capture) in the mapped file,
 * or -1 when the file does not hold it. */
static int block_lookup(const struct board *b)
{
	const int bm = __builtin_popcount(b->bm), bk = __builtin_popcount(b->bk);
	const int wm = __builtin_popcount(b->wm), wk = __builtin_popcount(b->wk);
	if (bm + bk + wm + wk != big.pieces)
		return -1;
	const struct block_table *t = &big.table[bm][bk][wm][wk];
	if (!t->code)
		return -1;
	struct shape s;
	shape_of(&s, bm, bk, wm, wk);
	const uint64_t i = index_of(&s, b), blk = i / BLOCK_ENTRIES;
	const uint64_t from = le_get(t->index + 4 * blk, 4), to = le_get(t->index + 4 * blk + 4, 4);
	return block_value(t->code + from, to - from, (int)(i % BLOCK_ENTRIES));
}

/* Probes board b (Black to move) in the mapped file: a position with a capture by its
 * captures (every one leaves for a smaller table: a distance of 1), any other by its entry
 * (no distance: -1). */
static enum egdb_result block_probe(const struct board *b, int *distance)
{
	if (!jumpers_of(CHECKERS_BLACK, b->bm | b->bk, b->wm | b->wk, b->bk)) {
		const int v = block_lookup(b);
		*distance = -1;
		return v == WLD_DRAW   ? EGDB_DRAW
		       : v == WLD_WIN  ? EGDB_WIN
		       : v == WLD_LOSS ? EGDB_LOSS
		                       : EGDB_UNKNOWN;
	}
	struct checkers_pos pos;
	pos_of(b, &pos);
	struct game_move moves[GAME_MOVES_MAX];
	const int n = checkers_rules.generate(&pos, moves);
	enum egdb_result best = EGDB_LOSS;
	for (int m = 0; m < n && best != EGDB_WIN; m++) {
		struct checkers_pos child = pos;
		checkers_rules.play(&child, &moves[m]);
		struct board c;
		board_of(&child, &c);
		const int e = !(c.bm | c.bk) ? LOSS_BIT : entry_of(&c);
		if (e < 0 || e == EGDB_HOLE)
			return EGDB_UNKNOWN;
		const enum egdb_result r = e == 0 ? EGDB_DRAW : e & LOSS_BIT ? EGDB_WIN : EGDB_LOSS;
		if (r > best)
			best = r;
	}
	*distance = best == EGDB_DRAW ? 0 : 1;
	return best;
}

void checkers_egdb_detach(void)
{
	if (big.map)
		munmap(big.map, big.length);
	memset(&big, 0, sizeof big);
}

int checkers_egdb_attach(const char *path, char *err)
{
	binom_init();
	checkers_egdb_detach();
	const int fd = open(path, O_RDONLY);
	if (fd < 0)
		return game_fail(err, -1, "cannot open %s", path);
	struct stat st;
	void *map = MAP_FAILED;
	if (fstat(fd, &st) == 0 && st.st_size >= BLOCK_HEAD)
		map = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_SHARED, fd, 0);
	close(fd);
	if (map == MAP_FAILED)
		return game_fail(err, -1, "cannot read %s", path);
	big.map = map;
	big.length = (size_t)st.st_size;
	const uint8_t *p = big.map;
	const int pieces = (int)le_get(p + 8, 4);
	static struct material all[MATERIALS_MAX];
	const int total = memcmp(p, block_magic, MAGIC_LENGTH) == 0 && pieces >= 3 &&
	                          pieces <= EGDB_PIECES_MAX && pieces == complete + 1
	                      ? materials(pieces, all)
	                      : 0;
	const uint64_t count = le_get(p + 12, 4);
	uint64_t k = 0;
	bool ok = total > 0 && BLOCK_HEAD + count * BLOCK_DIR <= big.length;
	for (int i = 0; ok && i < total; i++) {
		const struct material *m = &all[i];
		if (m->bm + m->bk + m->wm + m->wk != pieces)
			continue;
		const uint8_t *d = p + BLOCK_HEAD + k++ * BLOCK_DIR;
		struct shape s;
		shape_of(&s, m->bm, m->bk, m->wm, m->wk);
		const uint64_t size = le_get(d + 8, 8), at = le_get(d + 16, 8),
		               len = le_get(d + 24, 8);
		const uint64_t blocks = (size + BLOCK_ENTRIES - 1) / BLOCK_ENTRIES;
		ok = k <= count && d[0] == m->bm && d[1] == m->bk && d[2] == m->wm &&
		     d[3] == m->wk && size == shape_size(&s) && at <= big.length &&
		     (blocks + 1) * 4 <= big.length - at &&
		     len <= big.length - at - (blocks + 1) * 4;
		/* The offsets rise and end at the code's length: a probe stays inside the file. */
		for (uint64_t b = 0; ok && b < blocks; b++)
			ok = le_get(p + at + 4 * b, 4) <= le_get(p + at + 4 * b + 4, 4);
		ok = ok && le_get(p + at + 4 * blocks, 4) == len;
		if (ok)
			big.table[m->bm][m->bk][m->wm][m->wk] = (struct block_table){
			    .index = p + at, .code = p + at + (blocks + 1) * 4};
	}
	if (!ok || k != count) {
		checkers_egdb_detach();
		return game_fail(err, -1, "%s is not a checkers endgame database for %d pieces",
		                 path, complete + 1);
	}
	big.pieces = pieces;
	return 0;
}
