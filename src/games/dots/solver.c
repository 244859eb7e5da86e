/*
 * games/dots/solver.c — the exact Dots and Boxes solver (see solver.h).
 *
 * The position is turned into a strings-and-coins graph: each unclaimed box is a coin, each
 * undrawn edge a string joining the one or two boxes it borders (an edge of the board's rim
 * joins its box to the ground). A search state is then just the set U of strings still there,
 * one 64-bit word; a coin with one string left is a box that can be taken. Cutting a string
 * takes every coin left with none and keeps the turn if there was one.
 *
 * The search, recursive (the solver is called in one piece), returns the value for the side
 * to move in a fail-soft window:
 *
 *  1. Free boxes: a coin with one string left whose capture leaves no coin with one string
 *     (the string goes to the ground, to a coin with three or more strings, or to a coin that
 *     the same cut takes too) is taken at once, without branching.
 *  2. A coin offered at the end of a chain (its string goes to a coin with two strings) has
 *     two answers at most: take it, or, when exactly two boxes of the chain are left (or four
 *     of a loop), the double-dealing move that hands them over and keeps control. Before
 *     that point the boxes are taken without a node each.
 *  3. Otherwise every string is a move: safe ones (that offer nothing) centre out first, then
 *     those that offer boxes. Of two rim strings of one coin only one is tried (the graphs
 *     after either are the same). Chains (paths of coins with two strings) and loops: both
 *     ends of a chain give the same choices to the opponent (the same strings are cut
 *     whether he takes all or declines), and a cut inside a chain of three or more gives him
 *     those choices and more, so one end is tried, plus the middle of a chain of two (the
 *     hard-hearted handout); of a loop, one string.
 *  4. The loony bound: opening a chain of k >= 3 coins lets the opponent choose between
 *     k + V and k - 4 - V (taking all, or all but two), V the value of the rest, so he gets
 *     at least k - 2 and the move is worth at most -(k - 2); a loop of k >= 4, at most
 *     -(k - 4). A loony move whose bound is no better than what the node already has is
 *     not searched.
 *  5. Enhanced transposition cut-offs: the other children are prepared together (struct
 *     child: captures taken, key made, bucket prefetched, so that their cache misses
 *     overlap) and looked up before any is searched; a child whose entry proves a cut-off
 *     ends the node, one whose entry shows it cannot beat what the node has is skipped.
 *
 * Rule 1 and the two answers of rule 2 are Berlekamp's (The Dots and Boxes Game, 2000): any
 * other capture order gives the same boxes, and the only refusals worth making are the
 * all-but-two and all-but-four. The tests check the rules against plain minimax (every
 * position of the boards up to 2x3) and the reduced search against the plain one (random
 * mid-game positions up to 5x5, dots_solver_without).
 *
 * The table (shared by the threads, without locks: an entry holds its key XOR-ed with its
 * data, so a torn entry matches nothing) stores a lower and an upper bound per state in
 * buckets of four, the entry of the smallest subtree making room. The key is the state with
 * the rim strings of each coin replaced by as many of its highest ones (the corner rule: which
 * of a corner box's two outer sides is drawn does not matter), under the board's symmetry
 * that gives the smallest word, mixed with a salt that names the graph. The state is brought
 * to that form once, at the root (search): the search keeps it so, cutting a coin's lowest
 * rim string first, and the symmetries (build_symmetries) send rim strings lowest to lowest.
 *
 * dots_solve_best runs MTD(f) over the first moves: each test is one null-window search per
 * edge not yet decided (edges alike under a symmetry of the position counted once), handed
 * out to the threads one edge at a time; guess 0 first, then one above the best lower bound
 * while an edge passes, else the best upper bound. dots_solve_value on several threads runs
 * the whole search on each, the helpers starting on other root moves, sharing the table.
 */
/* mmap's MAP_ANONYMOUS and madvise's MADV_HUGEPAGE are not POSIX */
#define _DEFAULT_SOURCE 1

#include "games/dots/solver.h"

#include <pthread.h>
#include <stdio.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "core/hash.h"

enum {
	MAX_COINS = 128,
	GROUND = -1,
	MAX_SYM = 8,
	VALUE_INF = 127,
	SEARCH_SCORE_INF = 1 << 28,
	NO_STRING = 255,
	PROGRESS_SHIFT = 24, /* every 2^24 nodes the first thread of a solve reports */
};

/* The board as strings and coins. */
struct graph {
	int nstr, ncoin;
	int8_t end[DOTS_SOLVER_STRINGS][2];   /* the coins at each end of a string, or GROUND */
	int8_t twin[DOTS_SOLVER_STRINGS];     /* the next lower rim string of its coin, or -1 */
	uint64_t coin[MAX_COINS];             /* the strings of each coin */
	uint8_t order[DOTS_SOLVER_STRINGS];   /* strings, centre out */
	uint8_t edge_of[DOTS_SOLVER_STRINGS]; /* the board edge of each string */
	int nsym;                             /* 1, 4 or 8 */
	uint8_t perm[MAX_SYM][DOTS_SOLVER_STRINGS]; /* string i goes to perm[t][i] under t */
	uint8_t inv[MAX_SYM][DOTS_SOLVER_STRINGS];
	int ngroup;                        /* coins with two or more rim strings */
	uint64_t group[MAX_COINS];         /* the rim strings of such a coin */
	uint64_t group_high[MAX_COINS][5]; /* its k highest rim strings, k = 0..4 */
	uint64_t salt;                     /* names the graph in the table's keys */
	/* what the graph was built from */
	int rows, cols;
	bool whole;
	uint64_t drawn[3];
};

/* A table entry, written and read without locks by every thread: `check` is the key XOR-ed
 * with `data`, so an entry torn by two threads writing at once does not match any key. data:
 * bits 0-7 lo + 128, 8-15 hi + 128, 16-23 the best string in the canonical orientation (or
 * NO_STRING), 24-31 the strings of the state (the bigger subtree stays), bit 63 set. */
struct tt_entry {
	_Atomic uint64_t check, data;
};

/* The table, shared by the threads of one solve. */
struct dots_table {
	struct tt_entry *e;
	uint64_t mask; /* of the first entry of a bucket of TT_WAYS */
	int bits;
	bool mapped; /* by mmap, not malloc */
};

enum { TT_WAYS = 4 }; /* entries in a bucket: 64 bytes, one cache line */

struct dots_solver {
	struct dots_table *tt;
	bool owns_tt;
	_Atomic uint64_t nodes; /* written by its own thread only; read by the progress line */
	uint64_t limit;
	_Atomic uint64_t filled; /* entries this solver wrote into empty slots */
	bool aborted;
	unsigned off;       /* DOTS_SOLVER_NO_... techniques turned off */
	atomic_bool *stop;  /* set by another thread: give up (NULL: none) */
	int ply, root_skew; /* depth of the node searched; rotation of the root's moves */
	int threads;
	dots_progress_fn progress;
	void *progress_arg;
	uint64_t next_progress;
	struct dots_solver *const *team; /* all the threads of a solve, [0] reports */
	int nteam;
	const char *phase;
	void *job; /* the struct team of a solve on several threads */
	struct graph g;
	uint64_t sym_tab[MAX_SYM][8][256]; /* permuted bytes of a state, per symmetry */
};

/* Returns the number of strings in a set. */
static inline int count(uint64_t m)
{
	return __builtin_popcountll(m);
}

/* Returns the bit of string i. */
static inline uint64_t bit(int i)
{
	return 1ULL << i;
}

/* Returns a table of 2^bits entries (bits clamped to 10..34), or NULL. */
static struct dots_table *table_new(int bits)
{
	if (bits < 10)
		bits = 10;
	if (bits > 34)
		bits = 34;
	struct dots_table *t = calloc(1, sizeof *t);
	if (!t)
		return NULL;
	/* Zeroed pages, untouched until used; a table of 2 MiB or more on huge pages where the
	 * system gives them (fewer TLB misses: the probes are random) */
	const size_t bytes = ((size_t)1 << bits) * sizeof *t->e;
	const size_t huge = (size_t)1 << 21;
	if (bytes >= huge) {
		void *p = MAP_FAILED;
		p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (p != MAP_FAILED) {
			madvise(p, bytes, MADV_HUGEPAGE);
			t->e = p;
			t->mapped = true;
		}
	} else {
		t->e = calloc((size_t)1 << bits, sizeof *t->e);
	}
	if (!t->e) {
		free(t);
		return NULL;
	}
	t->bits = bits;
	t->mask = ((uint64_t)1 << bits) - TT_WAYS;
	return t;
}

static void table_free(struct dots_table *t)
{
	if (!t)
		return;
	if (t->mapped)
		munmap(t->e, ((size_t)1 << t->bits) * sizeof *t->e);
	else
		free(t->e);
	free(t);
}

struct dots_solver *dots_solver_new(int tt_bits)
{
	if (tt_bits <= 0)
		tt_bits = DOTS_SOLVER_TT_BITS;
	struct dots_solver *s = calloc(1, sizeof *s);
	if (!s)
		return NULL;
	s->tt = table_new(tt_bits);
	if (!s->tt) {
		free(s);
		return NULL;
	}
	s->owns_tt = true;
	s->threads = 1;
	return s;
}

int dots_solver_bits_for(const struct dots_pos *pos, uint64_t memory)
{
	const int strings = pos->edges - dots_drawn_count(pos);
	int bits = strings - 10; /* measured: more saves few nodes (docs/BENCHMARKS.md) */
	if (bits < 10)
		bits = 10;
	while (bits > 10 && memory && ((uint64_t)1 << bits) * sizeof(struct tt_entry) > memory)
		bits--;
	return bits > 34 ? 34 : bits;
}

int dots_solver_table_bits(const struct dots_solver *s)
{
	return s->tt->bits;
}

void dots_solver_free(struct dots_solver *s)
{
	if (!s)
		return;
	if (s->owns_tt)
		table_free(s->tt);
	free(s);
}

void dots_solver_clear(struct dots_solver *s)
{
	memset(s->tt->e, 0, ((size_t)1 << s->tt->bits) * sizeof *s->tt->e);
	atomic_store_explicit(&s->nodes, 0, memory_order_relaxed);
	atomic_store_explicit(&s->filled, 0, memory_order_relaxed);
	s->next_progress = (uint64_t)1 << PROGRESS_SHIFT;
	s->aborted = false;
}

void dots_solver_threads(struct dots_solver *s, int threads)
{
	s->threads = threads < 1                         ? 1
	             : threads > DOTS_SOLVER_MAX_THREADS ? DOTS_SOLVER_MAX_THREADS
	                                                 : threads;
}

void dots_solver_progress(struct dots_solver *s, dots_progress_fn fn, void *arg)
{
	s->progress = fn;
	s->progress_arg = arg;
	s->next_progress = dots_solver_nodes(s) + ((uint64_t)1 << PROGRESS_SHIFT);
}

bool dots_solver_fits(const struct dots_pos *pos)
{
	return pos->edges - dots_drawn_count(pos) <= DOTS_SOLVER_STRINGS;
}

void dots_solver_limit(struct dots_solver *s, uint64_t nodes)
{
	s->limit = nodes;
	atomic_store_explicit(&s->nodes, 0, memory_order_relaxed);
	s->aborted = false;
}

bool dots_solver_aborted(const struct dots_solver *s)
{
	return s->aborted;
}

uint64_t dots_solver_nodes(const struct dots_solver *s)
{
	return atomic_load_explicit(&s->nodes, memory_order_relaxed);
}

/* ---- building the graph ------------------------------------------------------------- */

/* Returns the edge between dots (r1, c1) and (r2, c2), neighbours on a rows × cols board. */
static int edge_between(int rows, int cols, int r1, int c1, int r2, int c2)
{
	if (r1 == r2)
		return r1 * cols + (c1 < c2 ? c1 : c2);
	return (rows + 1) * cols + (r1 < r2 ? r1 : r2) * (cols + 1) + c1;
}

/* Stores in a and b the two dots of edge e of a rows × cols board (as row * 16 + column). */
static void edge_dots(int rows, int cols, int e, int *a, int *b)
{
	int vbase = (rows + 1) * cols;
	if (e < vbase) {
		int r = e / cols, c = e % cols;
		*a = r * 16 + c;
		*b = r * 16 + c + 1;
	} else {
		int k = e - vbase, r = k / (cols + 1), c = k % (cols + 1);
		*a = r * 16 + c;
		*b = (r + 1) * 16 + c;
	}
}

/* Returns dot d (row * 16 + column) moved by symmetry t of a rows × cols board: bit 0 flips
 * the rows, bit 1 the columns, bit 2 (square boards only) swaps rows and columns. */
static int dot_map(int rows, int cols, int t, int d)
{
	int r = d / 16, c = d % 16;
	if (t & 1)
		r = rows - r;
	if (t & 2)
		c = cols - c;
	if (t & 4) {
		int x = r;
		r = c;
		c = x;
	}
	return r * 16 + c;
}

/* Sets up the symmetry tables of a whole-board graph (string i = edge i). */
static void build_symmetries(struct dots_solver *s)
{
	struct graph *g = &s->g;
	g->nsym = g->rows == g->cols ? 8 : 4;
	for (int t = 0; t < g->nsym; t++) {
		for (int e = 0; e < g->nstr; e++) {
			int a, b;
			edge_dots(g->rows, g->cols, e, &a, &b);
			a = dot_map(g->rows, g->cols, t, a);
			b = dot_map(g->rows, g->cols, t, b);
			int m = edge_between(g->rows, g->cols, a / 16, a % 16, b / 16, b % 16);
			g->perm[t][e] = (uint8_t)m;
		}
		/* The rim strings of a coin with two or more go, lowest to lowest, to those of its
		 * image (a corner swap after the board's symmetry, itself a symmetry of the graph):
		 * then the symmetries keep a normalised state normalised, and one normalise per
		 * node does for all of them. */
		for (int k = 0; k < g->ngroup; k++) {
			const int first = __builtin_ctzll(g->group[k]);
			int to = 0;
			while (!(g->group[to] & bit(g->perm[t][first])))
				to++;
			uint64_t from_left = g->group[k], to_left = g->group[to];
			while (from_left) {
				g->perm[t][__builtin_ctzll(from_left)] =
				    (uint8_t)__builtin_ctzll(to_left);
				from_left &= from_left - 1;
				to_left &= to_left - 1;
			}
		}
		for (int e = 0; e < g->nstr; e++)
			g->inv[t][g->perm[t][e]] = (uint8_t)e;
		for (int k = 0; k < 8; k++)
			for (int v = 0; v < 256; v++) {
				uint64_t out = 0;
				for (int i = 0; i < 8; i++)
					if ((v >> i) & 1 && k * 8 + i < g->nstr)
						out |= bit(g->perm[t][k * 8 + i]);
				s->sym_tab[t][k][v] = out;
			}
	}
}

/* Returns twice the distance of edge e's midpoint from the board's centre (Manhattan, in
 * half-box units), for centre-out ordering. */
static int edge_distance(int rows, int cols, int e)
{
	int a, b;
	edge_dots(rows, cols, e, &a, &b);
	int r2 = a / 16 + b / 16, c2 = a % 16 + b % 16; /* twice the midpoint */
	int dr = r2 - rows, dc = c2 - cols;
	return (dr < 0 ? -dr : dr) + (dc < 0 ? -dc : dc);
}

/* Makes s->g the graph of pos: the whole board when it has at most 64 edges, else the
 * undrawn edges (pos must fit). Keeps the graph when it is already the right one. */
static void graph_for(struct dots_solver *s, const struct dots_pos *pos)
{
	struct graph *g = &s->g;
	const bool whole = pos->edges <= DOTS_SOLVER_STRINGS;
	if (g->nstr && g->whole == whole && g->rows == pos->rows && g->cols == pos->cols &&
	    (whole || memcmp(g->drawn, pos->edge, sizeof g->drawn) == 0))
		return;
	memset(g, 0, sizeof *g);
	g->rows = pos->rows;
	g->cols = pos->cols;
	g->whole = whole;
	if (!whole)
		memcpy(g->drawn, pos->edge, sizeof g->drawn);
	int box_coin[DOTS_MAX_BOXES];
	for (int b = 0; b < DOTS_MAX_BOXES; b++)
		box_coin[b] = -1;
	for (int e = 0; e < pos->edges; e++) {
		if (!whole && dots_edge_drawn(pos, e))
			continue;
		const int i = g->nstr++;
		g->edge_of[i] = (uint8_t)e;
		int boxes[2];
		const int n = dots_edge_boxes(pos->rows, pos->cols, e, boxes);
		g->end[i][0] = g->end[i][1] = GROUND;
		for (int k = 0; k < n; k++) {
			if (box_coin[boxes[k]] < 0)
				box_coin[boxes[k]] = g->ncoin++;
			const int c = box_coin[boxes[k]];
			g->end[i][k] = (int8_t)c;
			g->coin[c] |= bit(i);
		}
	}
	/* Rim strings of one coin: all but the lowest have a twin. */
	for (int i = 0; i < g->nstr; i++) {
		g->twin[i] = -1;
		if (g->end[i][1] != GROUND)
			continue;
		for (int j = i - 1; j >= 0; j--)
			if (g->end[j][1] == GROUND && g->end[j][0] == g->end[i][0]) {
				g->twin[i] = (int8_t)j;
				break;
			}
	}
	/* Coins with two or more rim strings: which of them are left does not matter, only how
	 * many (the corner symmetry), so the table's key keeps the highest ones. */
	for (int c = 0; c < g->ncoin; c++) {
		uint64_t rim = 0;
		for (int i = 0; i < g->nstr; i++)
			if ((g->coin[c] & bit(i)) && g->end[i][1] == GROUND)
				rim |= bit(i);
		if (count(rim) < 2)
			continue;
		const int k = g->ngroup++;
		g->group[k] = rim;
		uint64_t high = 0, left = rim;
		g->group_high[k][0] = 0;
		for (int j = 1; j <= 4; j++) {
			if (left) {
				const uint64_t top = bit(63 - __builtin_clzll(left));
				high |= top;
				left &= ~top;
			}
			g->group_high[k][j] = high;
		}
	}
	/* Centre out, ties by edge number. */
	for (int i = 0; i < g->nstr; i++)
		g->order[i] = (uint8_t)i;
	for (int i = 1; i < g->nstr; i++) {
		const uint8_t x = g->order[i];
		const int dx = edge_distance(g->rows, g->cols, g->edge_of[x]);
		int j = i;
		while (j > 0 && edge_distance(g->rows, g->cols, g->edge_of[g->order[j - 1]]) > dx) {
			g->order[j] = g->order[j - 1];
			j--;
		}
		g->order[j] = x;
	}
	if (whole) {
		build_symmetries(s);
		g->salt =
		    hash_mix64((uint64_t)0x5eed0000 | (uint64_t)g->rows << 8 | (uint64_t)g->cols);
	} else {
		g->nsym = 1;
		for (int i = 0; i < g->nstr; i++)
			g->perm[0][i] = g->inv[0][i] = (uint8_t)i;
		g->salt = hash_mix64(pos->edge[0] ^
		                     hash_mix64(pos->edge[1] ^ hash_mix64(pos->edge[2] ^ 0x51ULL)));
	}
}

/* Returns the set of strings of pos in s->g. */
static uint64_t state_of(const struct dots_solver *s, const struct dots_pos *pos)
{
	const struct graph *g = &s->g;
	uint64_t u = 0;
	for (int i = 0; i < g->nstr; i++)
		if (!dots_edge_drawn(pos, g->edge_of[i]))
			u |= bit(i);
	return u;
}

/* ---- the table ------------------------------------------------------------------------ */

/* Returns state u with the rim strings of each coin replaced by as many of its highest ones
 * (those the search leaves: it cuts the lowest first, the twin rule). */
static inline uint64_t normalise(const struct graph *g, uint64_t u)
{
	for (int k = 0; k < g->ngroup; k++) {
		const uint64_t m = g->group[k];
		u = (u & ~m) | g->group_high[k][count(u & m)];
	}
	return u;
}

/* Returns state u in canonical form, storing the symmetry that makes it in *sym. */
static uint64_t canonical(const struct dots_solver *s, uint64_t u, int *sym)
{
	const struct graph *g = &s->g;
	*sym = 0;
	/* u is normalised already (search), and the symmetries keep it so (build_symmetries) */
	GAME_CHECK("dots", (s->off & DOTS_SOLVER_NO_CORNER) || normalise(g, u) == u);
	uint64_t best = u;
	const int nsym = s->off & DOTS_SOLVER_NO_SYMMETRY ? 1 : g->nsym;
	const int nbytes = (g->nstr + 7) / 8;
	for (int t = 1; t < nsym; t++) {
		const uint64_t(*tab)[256] = s->sym_tab[t];
		uint64_t m = 0;
		for (int k = 0; k < nbytes; k++)
			m |= tab[k][(u >> (8 * k)) & 255];
		if (m < best) {
			best = m;
			*sym = t;
		}
	}
	return best;
}

/* What the table knows of a key. */
struct tt_hit {
	int lo, hi, move; /* move: canonical string or NO_STRING */
};

/* Returns whether the table holds key, filling *hit. */
static bool tt_find(const struct dots_solver *s, uint64_t key, struct tt_hit *hit)
{
	const struct tt_entry *b = &s->tt->e[key & s->tt->mask];
	for (int w = 0; w < TT_WAYS; w++) {
		const uint64_t d = atomic_load_explicit(&b[w].data, memory_order_relaxed);
		const uint64_t c = atomic_load_explicit(&b[w].check, memory_order_relaxed);
		if (d && (c ^ d) == key) {
			hit->lo = (int)(d & 255) - 128;
			hit->hi = (int)((d >> 8) & 255) - 128;
			hit->move = (int)((d >> 16) & 255);
			return true;
		}
	}
	return false;
}

/* Returns the data word of bounds [lo, hi] (within -128..127), a move and a size. */
static inline uint64_t tt_data(int lo, int hi, int move, int size)
{
	return (uint64_t)(lo + 128) | (uint64_t)(hi + 128) << 8 | (uint64_t)move << 16 |
	       (uint64_t)size << 24 | (uint64_t)1 << 63;
}

/* Stores the bounds [lo, hi] and best string (canonical) of key (a state of `size` strings):
 * over the key's own entry (tightening what it knew), else over an empty one, else over the
 * one of the smallest subtree in the bucket. */
static void tt_store(struct dots_solver *s, uint64_t key, int lo, int hi, int move, int size)
{
	if (lo < -128 || hi > 127)
		return; /* never on a board of at most 64 strings that can be reached */
	struct tt_entry *b = &s->tt->e[key & s->tt->mask];
	int victim = 0, victim_size = 1 << 20;
	for (int w = 0; w < TT_WAYS; w++) {
		const uint64_t d = atomic_load_explicit(&b[w].data, memory_order_relaxed);
		const uint64_t c = atomic_load_explicit(&b[w].check, memory_order_relaxed);
		if (d && (c ^ d) == key) {
			const int olo = (int)(d & 255) - 128, ohi = (int)((d >> 8) & 255) - 128;
			if (olo > lo)
				lo = olo;
			if (ohi < hi)
				hi = ohi;
			if (move == NO_STRING)
				move = (int)((d >> 16) & 255);
			victim = w;
			break;
		}
		const int sz = d ? (int)((d >> 24) & 255) : -1;
		if (sz < victim_size) {
			victim = w;
			victim_size = sz;
		}
		if (w == TT_WAYS - 1 && victim_size < 0)
			atomic_store_explicit(
			    &s->filled, atomic_load_explicit(&s->filled, memory_order_relaxed) + 1,
			    memory_order_relaxed);
	}
	const uint64_t d = tt_data(lo, hi, move, size);
	atomic_store_explicit(&b[victim].data, d, memory_order_relaxed);
	atomic_store_explicit(&b[victim].check, key ^ d, memory_order_relaxed);
}

/* ---- the search ----------------------------------------------------------------------- */

/* Returns the other end of string i from coin c. */
static inline int other_end(const struct graph *g, int i, int c)
{
	return g->end[i][0] == c ? g->end[i][1] : g->end[i][0];
}

/* Returns the strings left at coin c (GROUND: none counted). */
static inline int coin_strings(const struct graph *g, uint64_t u, int c)
{
	return c == GROUND ? 0 : count(u & g->coin[c]);
}

/* A coin offered at the end of a chain: take it by cutting `take`; `decline` (or -1) is the
 * double-dealing cut that hands over the last two boxes (or four, of a loop). */
struct offer {
	int take, decline;
};

/* Returns the double-dealing cut for a coin offered by string `take` whose other end o has
 * two strings, or -1 when there is none: o's other string d, when cutting it leaves the two
 * coins as a domino (d leads to the ground or to a coin of 3+ strings) or, in a loop, two
 * dominoes (d leads to a coin of two strings whose other one ends in a coin that can be
 * taken). */
static int decline_of(const struct graph *g, uint64_t u, int take, int o)
{
	const int d = __builtin_ctzll(u & g->coin[o] & ~bit(take));
	const int m = other_end(g, d, o);
	const int nm = coin_strings(g, u, m);
	if (m == GROUND || nm >= 3)
		return d;
	if (nm == 2) {
		const int f = __builtin_ctzll(u & g->coin[m] & ~bit(d));
		const int p = other_end(g, f, m);
		if (coin_strings(g, u, p) == 1)
			return d;
	}
	return -1;
}

/*
 * Takes every free box of *u (rule 1) and every box of an offered chain that cannot be
 * declined yet (rule 2 leaves no choice before its last two boxes, or four of a loop),
 * returning the boxes taken; fills *offer with a chain offer that can be declined (take = -1
 * if there is none), and *live with the coins left.
 */
static int take_free(const struct graph *g, uint64_t *u, struct offer *offer, int *live)
{
	int gain = 0;
	bool again = true;
	while (again) {
		again = false;
		offer->take = offer->decline = -1;
		*live = 0;
		for (int c = 0; c < g->ncoin; c++) {
			const uint64_t m = *u & g->coin[c];
			if (!m)
				continue;
			++*live;
			if (m & (m - 1))
				continue;
			const int i = __builtin_ctzll(m);
			const int o = other_end(g, i, c);
			const int n = coin_strings(g, *u, o);
			if (n == 2) {
				if (offer->take >= 0)
					continue;
				const int d = decline_of(g, *u, i, o);
				if (d >= 0) {
					offer->take = i;
					offer->decline = d;
					continue;
				}
			}
			*u &= ~bit(i);
			gain += n == 1 ? 2 : 1;
			again = true;
		}
	}
	return gain;
}

/*
 * take_free for a state where only the coins in *todo (a set over coins, two words) can have
 * one string: those at the ends of the string just cut from a quiet state. Makes the same
 * captures and the same offer as take_free (its passes restricted to the coins whose strings
 * went down: every other coin keeps two or more, or none), and lowers *live by the coins
 * emptied.
 */
static int take_free_from(const struct graph *g, uint64_t *u, uint64_t todo[2], struct offer *offer,
                          int *live)
{
	int gain = 0;
	bool again = true;
	while (again) {
		again = false;
		offer->take = offer->decline = -1;
		for (int c = 0; c < MAX_COINS;) {
			/* the next coin of todo from c on */
			const uint64_t w = todo[c >> 6] & (~0ULL << (c & 63));
			if (!w) {
				c = (c | 63) + 1;
				continue;
			}
			c = (c & ~63) + __builtin_ctzll(w);
			const uint64_t m = *u & g->coin[c];
			if (!m || (m & (m - 1))) {
				todo[c >> 6] &= ~bit(c & 63);
				c++;
				continue;
			}
			const int i = __builtin_ctzll(m);
			const int o = other_end(g, i, c);
			const int n = coin_strings(g, *u, o);
			if (n == 2) {
				if (offer->take >= 0) {
					c++;
					continue;
				}
				const int d = decline_of(g, *u, i, o);
				if (d >= 0) {
					offer->take = i;
					offer->decline = d;
					c++;
					continue;
				}
			}
			*u &= ~bit(i);
			gain += n == 1 ? 2 : 1;
			*live -= n == 1 ? 2 : 1;
			again = true;
			todo[c >> 6] &= ~bit(c & 63);
			if (o != GROUND)
				todo[o >> 6] |= bit(o & 63);
			c++;
		}
	}
	return gain;
}

/* Returns whether cutting string i of state u offers a box (leaves a coin with one string). */
static inline bool offers(const struct graph *g, uint64_t u, int i)
{
	return coin_strings(g, u, g->end[i][0]) == 2 || coin_strings(g, u, g->end[i][1]) == 2;
}

/* Moves of a quiet state that need no search of their own (see the file comment): every
 * string but one end of each chain of coins with two strings (and the middle of a chain of
 * two), every string but one of a loop; and in *loony, the strings that open a chain of three
 * or more coins or a loop, with in bound[i] the most that such a move can be worth. */
static uint64_t chain_moves(const struct graph *g, uint64_t u, uint64_t *loony, int8_t *bound)
{
	uint64_t skip = 0, seen[MAX_COINS / 64] = {0};
	*loony = 0;
	for (int c = 0; c < g->ncoin; c++) {
		const uint64_t cs = u & g->coin[c];
		if (count(cs) != 2 || ((seen[c >> 6] >> (c & 63)) & 1))
			continue;
		/* Walk both ways from c, collecting the chain's strings in order. */
		int path[DOTS_SOLVER_STRINGS + 1], npath = 0, len = 1;
		int half[2][DOTS_SOLVER_STRINGS], nhalf[2] = {0, 0};
		bool loop = false;
		seen[c >> 6] |= bit(c & 63);
		uint64_t st = cs;
		for (int way = 0; way < 2 && !loop; way++) {
			int from = c;
			int i = __builtin_ctzll(st);
			st &= st - 1;
			for (;;) {
				half[way][nhalf[way]++] = i;
				const int o = other_end(g, i, from);
				if (o == c) {
					loop = true;
					break;
				}
				if (o == GROUND || count(u & g->coin[o]) != 2)
					break;
				seen[o >> 6] |= bit(o & 63);
				len++;
				i = __builtin_ctzll(u & g->coin[o] & ~bit(i));
				from = o;
			}
		}
		/* path: the strings from one end to the other */
		for (int k = nhalf[0] - 1; k >= 0; k--)
			path[npath++] = half[0][k];
		if (!loop)
			for (int k = 0; k < nhalf[1]; k++)
				path[npath++] = half[1][k];
		uint64_t all = 0;
		for (int k = 0; k < npath; k++)
			all |= bit(path[k]);
		if (loop) {
			/* len coins, a closed ring with no other string: one cut is like any other */
			const int low = __builtin_ctzll(all);
			skip |= all & ~bit(low);
			if (len >= 4) {
				*loony |= bit(low);
				bound[low] = (int8_t) - (len - 4);
			}
			continue;
		}
		/* A chain of len coins between path[0] and path[npath - 1]: both ends are alike;
		 * with three coins or more, a cut inside is never better for the one who makes it */
		const int end = path[0] < path[npath - 1] ? path[0] : path[npath - 1];
		uint64_t keep = bit(end); /* the lower end: never a string's higher rim twin */
		if (len == 2)
			keep |= bit(path[1]);
		skip |= all & ~keep;
		if (len >= 3) {
			*loony |= bit(end);
			bound[end] = (int8_t) - (len - 2);
		}
	}
	return skip;
}

static void report(struct dots_solver *s);

/* A state about to be searched: its free boxes taken (take_free), its key computed and its
 * table bucket fetched ahead. */
struct child {
	uint64_t u, key; /* the strings left after the captures; the table key (u != 0) */
	int gain, live, sym;
	struct offer offer;
};

/* Fills *c for state u: the captures, the key, and a prefetch of the key's bucket. */
static void prepare(const struct dots_solver *s, uint64_t u, struct child *c)
{
	c->gain = take_free(&s->g, &u, &c->offer, &c->live);
	c->u = u;
	if (!u)
		return;
	c->key = hash_mix64(canonical(s, u, &c->sym)) ^ s->g.salt;
	__builtin_prefetch(&s->tt->e[c->key & s->tt->mask]);
}

/* Stores in pu[t] state u under each symmetry t of the key (pu[0] = u); returns how many. */
static int images(const struct dots_solver *s, uint64_t u, uint64_t *pu)
{
	const int nsym = s->off & DOTS_SOLVER_NO_SYMMETRY ? 1 : s->g.nsym;
	const int nbytes = (s->g.nstr + 7) / 8;
	pu[0] = u;
	for (int t = 1; t < nsym; t++) {
		uint64_t m = 0;
		for (int k = 0; k < nbytes; k++)
			m |= s->sym_tab[t][k][(u >> (8 * k)) & 255];
		pu[t] = m;
	}
	return nsym;
}

/* Fills *c for the state after cutting string i of quiet state u (no coin with one string)
 * with `live` coins, pu[0..nsym) its images (images): when the cut offers nothing, there is
 * nothing to take. The child's images are the parent's without the strings cut, so its key
 * costs a few bit operations per symmetry. */
static void prepare_move(const struct dots_solver *s, uint64_t u, const uint64_t *pu, int nsym,
                         int i, int live, struct child *c)
{
	const struct graph *g = &s->g;
	uint64_t v = u & ~bit(i);
	if (offers(g, u, i)) {
		uint64_t todo[2] = {0, 0};
		for (int k = 0; k < 2; k++)
			if (g->end[i][k] != GROUND)
				todo[g->end[i][k] >> 6] |= bit(g->end[i][k] & 63);
		c->live = live;
		c->gain = take_free_from(g, &v, todo, &c->offer, &c->live);
		c->u = v;
		if (!v)
			return;
	} else {
		c->gain = 0;
		c->live = live;
		c->offer.take = c->offer.decline = -1;
		c->u = v;
	}
	GAME_CHECK("dots", (s->off & DOTS_SOLVER_NO_CORNER) || normalise(g, v) == v);
	const uint64_t cut = u & ~v;
	uint64_t best = v;
	c->sym = 0;
	for (int t = 1; t < nsym; t++) {
		uint64_t r = 0;
		for (uint64_t x = cut; x; x &= x - 1)
			r |= bit(g->perm[t][__builtin_ctzll(x)]);
		const uint64_t m = pu[t] & ~r;
		if (m < best) {
			best = m;
			c->sym = t;
		}
	}
	c->key = hash_mix64(best) ^ g->salt;
	__builtin_prefetch(&s->tt->e[c->key & s->tt->mask]);
}

/* Returns the value of state u for the side to move, fail-soft in (alpha, beta). */
static int search(struct dots_solver *s, uint64_t u, int alpha, int beta);

/* Returns the value of prepared state c for the side to move, fail-soft in (alpha, beta). */
static int search_child(struct dots_solver *s, const struct child *c, int alpha, int beta)
{
	const struct graph *g = &s->g;
	const uint64_t nodes = atomic_load_explicit(&s->nodes, memory_order_relaxed);
	if ((s->limit && nodes >= s->limit) ||
	    (s->stop && (nodes & 4095) == 0 && atomic_load_explicit(s->stop, memory_order_relaxed)))
		s->aborted = true;
	if (s->aborted)
		return 0;
	atomic_store_explicit(&s->nodes, nodes + 1, memory_order_relaxed);
	if (s->progress && nodes >= s->next_progress)
		report(s);
	const uint64_t u = c->u;
	const struct offer offer = c->offer;
	const int gain = c->gain, live = c->live;
	if (!u)
		return gain;
	alpha -= gain;
	beta -= gain;
	if (live <= alpha)
		return gain + live;
	if (-live >= beta)
		return gain - live;

	const int sym = c->sym;
	const uint64_t key = c->key;
	int lo = -live, hi = live, tt_move = -1;
	struct tt_hit e;
	if (tt_find(s, key, &e)) {
		lo = e.lo > lo ? e.lo : lo;
		hi = e.hi < hi ? e.hi : hi;
		if (lo >= beta)
			return gain + lo;
		if (hi <= alpha)
			return gain + hi;
		if (lo == hi)
			return gain + lo;
		if (e.move != NO_STRING)
			tt_move = g->inv[sym][e.move];
		if (alpha < lo)
			alpha = lo;
		if (beta > hi)
			beta = hi;
	}
	const int alpha0 = alpha;
	int best = -VALUE_INF, best_move = -1;
	s->ply++;

	if (offer.take >= 0) {
		/* A chain offered: take, or hand over the last two (four). */
		struct child ch;
		prepare(s, u & ~bit(offer.take), &ch);
		best = 1 + search_child(s, &ch, alpha - 1, beta - 1);
		best_move = offer.take;
		if (best < beta && offer.decline >= 0) {
			const int a = best > alpha ? best : alpha;
			prepare(s, u & ~bit(offer.decline), &ch);
			const int v = -search_child(s, &ch, -beta, -a);
			if (v > best) {
				best = v;
				best_move = offer.decline;
			}
		}
	} else {
		/* Safe strings centre out, then those that offer boxes; the table's move first.
		 * One string per chain or loop; a loony one is not searched when its bound
		 * cannot beat what is already had. */
		uint8_t moves[DOTS_SOLVER_STRINGS];
		int n = 0, nsafe = 0;
		uint8_t risky[DOTS_SOLVER_STRINGS];
		int nrisky = 0;
		uint64_t loony = 0;
		int8_t bound[DOTS_SOLVER_STRINGS];
		const uint64_t skip =
		    s->off & DOTS_SOLVER_NO_CHAIN ? 0 : chain_moves(g, u, &loony, bound);
		if (s->off & DOTS_SOLVER_NO_LOONY)
			loony = 0;
		if (tt_move >= 0 && (u & bit(tt_move)) && !(skip & bit(tt_move)))
			moves[n++] = (uint8_t)tt_move;
		/* the strings to try: of a coin's rim strings only the lowest (the twin rule);
		 * those of a coin with two strings offer it */
		uint64_t cand = u & ~skip, offering = 0;
		if (tt_move >= 0)
			cand &= ~bit(tt_move);
		for (int k = 0; k < g->ngroup; k++) {
			const uint64_t p = u & g->group[k];
			cand &= ~(p & (p - 1));
		}
		for (int o = 0; o < g->ncoin; o++) {
			const uint64_t cs = u & g->coin[o];
			if (count(cs) == 2)
				offering |= cs;
		}
		for (int k = 0; k < g->nstr && cand; k++) {
			const int i = g->order[k];
			if (!(cand & bit(i)))
				continue;
			cand &= ~bit(i);
			if (offering & bit(i))
				risky[nrisky++] = (uint8_t)i;
			else
				moves[n + nsafe++] = (uint8_t)i;
		}
		n += nsafe;
		memcpy(moves + n, risky, (size_t)nrisky);
		n += nrisky;
		if (s->ply == 1 && s->root_skew && n > 1) {
			/* a helper thread starts elsewhere at the root */
			uint8_t rot[DOTS_SOLVER_STRINGS];
			const int r = s->root_skew % n;
			for (int k = 0; k < n; k++)
				rot[k] = moves[(k + r) % n];
			memcpy(moves, rot, (size_t)n);
		}
		/* The children that are not loony are prepared at once, their buckets fetched
		 * together; when the table already shows that one of them cuts off, none is
		 * searched (enhanced transposition cut-off), and one that the table shows can
		 * not beat what the node has is not searched either. */
		struct child ch[DOTS_SOLVER_STRINGS];
		uint64_t pu[MAX_SYM];
		const int nsym = images(s, u, pu);
		int8_t most[DOTS_SOLVER_STRINGS]; /* what the table says move k is worth at most */
		uint64_t ready = 0;               /* by index in moves */
		for (int k = 0; k < n; k++)
			if (!(loony & bit(moves[k]))) {
				prepare_move(s, u, pu, nsym, moves[k], live, &ch[k]);
				ready |= bit(k);
				most[k] = VALUE_INF;
			}
		for (uint64_t r = ready; r && !(s->off & DOTS_SOLVER_NO_ETC); r &= r - 1) {
			const int k = __builtin_ctzll(r);
			struct tt_hit ce;
			if (!ch[k].u || !tt_find(s, ch[k].key, &ce))
				continue;
			most[k] = (int8_t) - (ch[k].gain + ce.lo);
			const int v = -(ch[k].gain + ce.hi); /* at least */
			if (v >= beta && v > best) {
				best = v;
				best_move = moves[k];
			}
		}
		for (int k = 0; k < n && best < beta; k++) {
			const int a = best > alpha ? best : alpha;
			if (loony & bit(moves[k])) {
				const int ub = bound[moves[k]];
				if (ub <= a) {
					if (ub > best) {
						best = ub;
						best_move = moves[k];
					}
					continue;
				}
			}
			if (!(ready & bit(k)))
				prepare_move(s, u, pu, nsym, moves[k], live, &ch[k]);
			else if (most[k] <= a) {
				if (most[k] > best) {
					best = most[k];
					best_move = moves[k];
				}
				continue;
			}
			const int v = -search_child(s, &ch[k], -beta, -a);
			if (v > best) {
				best = v;
				best_move = moves[k];
			}
		}
	}
	s->ply--;
	if (s->aborted)
		return 0;
	int new_lo = -VALUE_INF, new_hi = VALUE_INF;
	if (best <= alpha0)
		new_hi = best;
	else if (best >= beta)
		new_lo = best;
	else
		new_lo = new_hi = best;
	if (new_lo < lo)
		new_lo = lo;
	if (new_hi > hi)
		new_hi = hi;
	tt_store(s, key, new_lo, new_hi, best_move >= 0 ? g->perm[sym][best_move] : NO_STRING,
	         count(u));
	return gain + best;
}

/* ---- the heuristic search (the engine's bottom plies) ----------------------------------- */

/* Returns the chain-aware estimate, in 1/100 box, of quiet state u (no box can be taken) for
 * its side to move, `first` when that is the first player, on a board of `dots` dots.
 *
 * Berlekamp's long-chain rule: the first player wants the dots plus the long chains (three
 * boxes or more) to be even, the second player odd; whoever gets that parity should end up in
 * control, taking most of the boxes in long chains and loops. The estimate is a bonus for the
 * side the rule favours, growing with what the chains and loops hold. */
static int estimate(const struct graph *g, uint64_t u, bool first, int dots)
{
	uint64_t seen = 0; /* coins already walked, as a bit set over coins < 64 */
	int long_chains = 0, long_boxes = 0, loop_boxes = 0;
	for (int c = 0; c < g->ncoin && c < 64; c++) {
		if ((seen >> c) & 1 || count(u & g->coin[c]) != 2)
			continue;
		/* Walk both ways from c along coins with two strings. */
		int len = 1;
		bool loop = false;
		seen |= bit(c);
		uint64_t strings = u & g->coin[c];
		for (int way = 0; way < 2 && !loop; way++) {
			int from = c;
			int i = __builtin_ctzll(strings);
			strings &= strings - 1;
			for (;;) {
				const int o = other_end(g, i, from);
				if (o == c) {
					loop = true;
					break;
				}
				if (o == GROUND || o >= 64 || count(u & g->coin[o]) != 2 ||
				    (seen >> o) & 1)
					break;
				seen |= bit(o);
				len++;
				i = __builtin_ctzll(u & g->coin[o] & ~bit(i));
				from = o;
			}
		}
		if (loop)
			loop_boxes += len;
		else if (len >= 3) {
			long_chains++;
			long_boxes += len;
		}
	}
	const bool favours_first = (dots + long_chains) % 2 == 0;
	const int stake = 60 + 25 * long_boxes + 15 * loop_boxes;
	return favours_first == first ? stake : -stake;
}

/* Returns the heuristic value (1/100 box) of state u for its side to move (`first`: the first
 * player), searched `depth` turns deep with the chain rules; captures do not use up depth, and
 * at depth 0 the pending captures are still settled before the estimate. Fail-soft. */
static int hsearch(struct dots_solver *s, uint64_t u, int depth, int alpha, int beta, bool first,
                   int dots)
{
	const struct graph *g = &s->g;
	const uint64_t nodes = atomic_load_explicit(&s->nodes, memory_order_relaxed);
	if (s->limit && nodes >= s->limit) {
		s->aborted = true;
		return 0;
	}
	atomic_store_explicit(&s->nodes, nodes + 1, memory_order_relaxed);
	struct offer offer;
	int live;
	const int gain = 100 * take_free(g, &u, &offer, &live);
	if (!u)
		return gain;
	alpha -= gain;
	beta -= gain;
	int best = -SEARCH_SCORE_INF;
	if (offer.take >= 0) {
		best = 100 + hsearch(s, u & ~bit(offer.take), depth, alpha - 100, beta - 100, first,
		                     dots);
		if (best < beta && offer.decline >= 0) {
			const int a = best > alpha ? best : alpha;
			const int v = -hsearch(s, u & ~bit(offer.decline), depth - 1, -beta, -a,
			                       !first, dots);
			if (v > best)
				best = v;
		}
		return gain + best;
	}
	if (depth <= 0)
		return gain + estimate(g, u, first, dots);
	uint8_t risky[DOTS_SOLVER_STRINGS];
	int nrisky = 0;
	for (int pass = 0; pass < 2 && best < beta; pass++) {
		const int n = pass == 0 ? g->nstr : nrisky;
		for (int k = 0; k < n && best < beta; k++) {
			const int i = pass == 0 ? g->order[k] : risky[k];
			if (pass == 0) {
				if (!(u & bit(i)) || (g->twin[i] >= 0 && (u & bit(g->twin[i]))))
					continue;
				if (offers(g, u, i)) {
					risky[nrisky++] = (uint8_t)i;
					continue;
				}
			}
			const int a = best > alpha ? best : alpha;
			const int v = -hsearch(s, u & ~bit(i), depth - 1, -beta, -a, !first, dots);
			if (v > best)
				best = v;
		}
	}
	return gain + best;
}

int dots_search_heuristic(struct dots_solver *s, const struct dots_pos *pos, int depth, int alpha,
                          int beta)
{
	graph_for(s, pos);
	return hsearch(s, state_of(s, pos), depth, alpha, beta, pos->side == DOTS_A,
	               (pos->rows + 1) * (pos->cols + 1));
}

/* ---- the interface -------------------------------------------------------------------- */

/* Sums a team's counters into *p and hands it to the progress function of s. */
static void report(struct dots_solver *s)
{
	s->next_progress += (uint64_t)1 << PROGRESS_SHIFT;
	struct dots_progress p = {0};
	for (int k = 0; k < s->nteam; k++) {
		p.nodes += atomic_load_explicit(&s->team[k]->nodes, memory_order_relaxed);
		p.filled += atomic_load_explicit(&s->team[k]->filled, memory_order_relaxed);
	}
	if (!s->nteam) {
		p.nodes = atomic_load_explicit(&s->nodes, memory_order_relaxed);
		p.filled = atomic_load_explicit(&s->filled, memory_order_relaxed);
	}
	p.entries = (uint64_t)1 << s->tt->bits;
	p.ply = s->ply;
	p.phase = s->phase ? s->phase : "";
	s->progress(s->progress_arg, &p);
}

/* Returns the value of state u for the side to move, fail-soft in (alpha, beta). */
static int search(struct dots_solver *s, uint64_t u, int alpha, int beta)
{
	/* The rim strings of a coin normalised to its highest ones (the same value): the search
	 * keeps them so, cutting a coin's lower rim string before the higher (the twin rule,
	 * the lower end of a chain; a capture or a decline cuts a coin's last rim string) */
	if (!(s->off & DOTS_SOLVER_NO_CORNER))
		u = normalise(&s->g, u);
	struct child c;
	prepare(s, u, &c);
	return search_child(s, &c, alpha, beta);
}

int dots_solve(struct dots_solver *s, const struct dots_pos *pos, int alpha, int beta)
{
	graph_for(s, pos);
	s->ply = 0;
	return search(s, state_of(s, pos), alpha, beta);
}

/* Returns the number of unclaimed boxes of pos. */
static int unclaimed(const struct dots_pos *pos)
{
	return pos->rows * pos->cols - pos->score[0] - pos->score[1];
}

/* The helpers of a solve on several threads: they share the table of the first. */
struct team {
	struct dots_solver *member[DOTS_SOLVER_MAX_THREADS];
	int n;
	atomic_bool stop;
	/* the job */
	const struct dots_pos *pos;
	int value; /* the value phase: its result */
	atomic_bool value_found;
	const int *edges; /* the move phase: edges to test ... */
	const int *floor; /* ... each against its floor, */
	int *result;      /* ... giving each a fail-soft value */
	int nedges;
	atomic_int next;
	bool moves;        /* which phase */
	const char *round; /* its name in the progress line */
};

/* Makes a team of s->threads around s (fewer when out of memory: the values are the same). */
static void team_make(struct dots_solver *s, struct team *t)
{
	memset(t, 0, sizeof *t);
	t->member[0] = s;
	t->n = 1;
	for (int k = 1; k < s->threads; k++) {
		struct dots_solver *h = calloc(1, sizeof *h);
		if (!h)
			break;
		h->tt = s->tt;
		h->off = s->off;
		h->threads = 1;
		h->root_skew = k;
		t->member[t->n++] = h;
	}
	atomic_init(&t->stop, false);
	atomic_init(&t->value_found, false);
	atomic_init(&t->next, 0);
	for (int k = 0; k < t->n; k++) {
		t->member[k]->stop = &t->stop;
		t->member[k]->team = t->member;
		t->member[k]->nteam = t->n;
		t->member[k]->job = t;
	}
}

/* Adds the helpers' nodes to s and frees them. */
static void team_end(struct team *t)
{
	struct dots_solver *s = t->member[0];
	uint64_t nodes = atomic_load_explicit(&s->nodes, memory_order_relaxed);
	uint64_t filled = atomic_load_explicit(&s->filled, memory_order_relaxed);
	for (int k = 1; k < t->n; k++) {
		nodes += atomic_load_explicit(&t->member[k]->nodes, memory_order_relaxed);
		filled += atomic_load_explicit(&t->member[k]->filled, memory_order_relaxed);
		free(t->member[k]);
	}
	atomic_store_explicit(&s->nodes, nodes, memory_order_relaxed);
	atomic_store_explicit(&s->filled, filled, memory_order_relaxed);
	s->stop = NULL;
	s->team = NULL;
	s->nteam = 0;
	s->aborted = false;
}

/* Returns the value for pos's side to move of drawing edge e, when it is at least `floor`, and
 * something below `floor` otherwise. */
static int edge_at_least(struct dots_solver *s, const struct dots_pos *pos, int e, int floor)
{
	struct game_move move;
	dots_make_move(pos, e, &move);
	struct dots_pos child = *pos;
	dots_rules.play(&child, &move);
	const int k = (int)move.extra;
	if (k > 0)
		return k + dots_solve(s, &child, floor - k - 1, floor - k);
	return -dots_solve(s, &child, -floor, -floor + 1);
}

/* One thread's share of a team's job. */
static void *team_work(void *arg)
{
	struct dots_solver *const *m = arg;
	struct dots_solver *s = *m;
	struct team *t = s->job;
	if (!t->moves) {
		const int n = unclaimed(t->pos);
		const int v = dots_solve(s, t->pos, -n - 1, n + 1);
		if (!s->aborted && !atomic_exchange(&t->value_found, true)) {
			t->value = v;
			atomic_store(&t->stop, true);
		}
		return NULL;
	}
	char phase[48];
	for (;;) {
		const int k = atomic_fetch_add(&t->next, 1);
		if (k >= t->nedges)
			break;
		snprintf(phase, sizeof phase, "%s %d/%d >= %d", t->round, k + 1, t->nedges,
		         t->floor[k]);
		s->phase = phase;
		t->result[k] = edge_at_least(s, t->pos, t->edges[k], t->floor[k]);
	}
	s->phase = NULL;
	return NULL;
}

/* Runs the team's job on all its threads (the first on the calling one). */
static void team_run(struct team *t)
{
	pthread_t id[DOTS_SOLVER_MAX_THREADS];
	bool started[DOTS_SOLVER_MAX_THREADS] = {false};
	atomic_store(&t->stop, false);
	atomic_store(&t->next, 0);
	for (int k = 1; k < t->n; k++)
		started[k] = pthread_create(&id[k], NULL, team_work, &t->member[k]) == 0;
	team_work(&t->member[0]);
	for (int k = 1; k < t->n; k++)
		if (started[k])
			pthread_join(id[k], NULL);
	for (int k = 0; k < t->n; k++)
		t->member[k]->aborted = false;
}

/* Returns the exact value of pos for its side to move, on the team's threads: each searches
 * the whole tree with the shared table, the helpers starting on other root moves; the first
 * to finish gives the answer and stops the others. */
static int team_value(struct team *t, const struct dots_pos *pos)
{
	t->pos = pos;
	t->moves = false;
	atomic_store(&t->value_found, false);
	t->member[0]->phase = "value";
	team_run(t);
	t->member[0]->phase = NULL;
	return t->value;
}

int dots_solve_value(struct dots_solver *s, const struct dots_pos *pos)
{
	const int n = unclaimed(pos);
	if (s->threads <= 1) {
		s->phase = "value";
		const int v = dots_solve(s, pos, -n - 1, n + 1);
		s->phase = NULL;
		return v;
	}
	struct team t;
	team_make(s, &t);
	const int v = team_value(&t, pos);
	team_end(&t);
	return v;
}

/* Tests on the team's threads the edges of idx[0..n) (indices into edges), edge k against
 * floor[k] (is its value at least that?), tightening their bounds lo and hi. */
static void test_edges(struct team *t, const int *edges, const int *idx, int n, const int *floor,
                       int *lo, int *hi, const char *round)
{
	int e[DOTS_MAX_EDGES], f[DOTS_MAX_EDGES], result[DOTS_MAX_EDGES];
	for (int k = 0; k < n; k++) {
		e[k] = edges[idx[k]];
		f[k] = floor[idx[k]];
	}
	t->edges = e;
	t->floor = f;
	t->result = result;
	t->nedges = n;
	t->moves = true;
	t->round = round;
	team_run(t);
	for (int k = 0; k < n; k++) {
		if (result[k] >= f[k])
			lo[idx[k]] = result[k] > lo[idx[k]] ? result[k] : lo[idx[k]];
		else
			hi[idx[k]] = result[k] < hi[idx[k]] ? result[k] : hi[idx[k]];
	}
}

/* Stores in edges the undrawn edges of pos, one of each set that a symmetry keeping the
 * position maps onto each other, and in rep[e] the index in edges of edge e's one (-1 for a
 * drawn edge); returns how many. */
static int root_edges(struct dots_solver *s, const struct dots_pos *pos, int *edges, int *rep)
{
	int nedges = 0;
	for (int e = 0; e < pos->edges; e++)
		rep[e] = -1;
	graph_for(s, pos);
	const struct graph *g = &s->g;
	const uint64_t u = state_of(s, pos);
	int nkeep = 1;
	int stab[MAX_SYM] = {0};
	if (g->whole)
		for (int k = 1; k < g->nsym; k++) {
			uint64_t m = 0;
			for (int i = 0; i < g->nstr; i++)
				if (u & bit(i))
					m |= bit(g->perm[k][i]);
			if (m == u)
				stab[nkeep++] = k;
		}
	for (int e = 0; e < pos->edges; e++) {
		if (dots_edge_drawn(pos, e) || rep[e] >= 0)
			continue;
		rep[e] = nedges;
		for (int k = 1; k < nkeep; k++)
			if (rep[g->perm[stab[k]][e]] < 0)
				rep[g->perm[stab[k]][e]] = nedges;
		edges[nedges++] = e;
	}
	return nedges;
}

int dots_solve_best(struct dots_solver *s, const struct dots_pos *pos, int *best, int *nbest)
{
	*nbest = 0;
	if (dots_drawn_count(pos) == pos->edges)
		return 0;
	int rep[DOTS_MAX_EDGES], edges[DOTS_MAX_EDGES];
	const int nedges = root_edges(s, pos, edges, rep);
	/* MTD(f) at the root, one null-window test per edge: guess 0 first, then one above the
	 * best edge's lower bound while one passes, else the best upper bound; the value is
	 * found when the best lower bound meets the best upper bound. */
	const int n = unclaimed(pos);
	int lo[DOTS_MAX_EDGES], hi[DOTS_MAX_EDGES], idx[DOTS_MAX_EDGES], floor[DOTS_MAX_EDGES];
	for (int k = 0; k < nedges; k++) {
		lo[k] = -n;
		hi[k] = n;
	}
	struct team t;
	team_make(s, &t);
	t.pos = pos;
	int guess = 0, value;
	for (;;) {
		int l = -n, h = -n;
		for (int k = 0; k < nedges; k++) {
			l = lo[k] > l ? lo[k] : l;
			h = hi[k] > h ? hi[k] : h;
		}
		if (l >= h) {
			value = l;
			break;
		}
		guess = guess <= l ? l + 1 : guess > h ? h : guess;
		int m = 0;
		for (int k = 0; k < nedges; k++) {
			floor[k] = guess;
			if (lo[k] < guess && hi[k] >= guess)
				idx[m++] = k;
		}
		test_edges(&t, edges, idx, m, floor, lo, hi, "value test");
		int passed = 0;
		for (int k = 0; k < m; k++)
			passed |= lo[idx[k]] >= guess;
		if (!passed) {
			/* every edge is below guess: the best upper bound is the next guess */
			int hh = -n;
			for (int k = 0; k < nedges; k++)
				hh = hi[k] > hh ? hi[k] : hh;
			guess = hh;
		}
	}
	/* Edges not yet known to reach the value or to fall short of it. */
	int m = 0;
	for (int k = 0; k < nedges; k++) {
		floor[k] = value;
		if (lo[k] < value && hi[k] >= value)
			idx[m++] = k;
	}
	if (m)
		test_edges(&t, edges, idx, m, floor, lo, hi, "best test");
	team_end(&t);
	for (int e = 0; e < pos->edges; e++)
		if (!dots_edge_drawn(pos, e) && lo[rep[e]] >= value)
			best[(*nbest)++] = e;
	return value;
}

int dots_solve_first(struct dots_solver *s, const struct dots_pos *pos, int *values)
{
	if (dots_drawn_count(pos) == pos->edges)
		return 0;
	int rep[DOTS_MAX_EDGES], edges[DOTS_MAX_EDGES];
	const int nedges = root_edges(s, pos, edges, rep);
	/* MTD(f) for each edge on its own: its next floor is one above its last result when
	 * that passed, else that result, until its bounds meet. */
	const int n = unclaimed(pos);
	int lo[DOTS_MAX_EDGES], hi[DOTS_MAX_EDGES], idx[DOTS_MAX_EDGES], floor[DOTS_MAX_EDGES];
	for (int k = 0; k < nedges; k++) {
		lo[k] = -n;
		hi[k] = n;
		floor[k] = 0;
	}
	struct team t;
	team_make(s, &t);
	t.pos = pos;
	for (;;) {
		int m = 0;
		for (int k = 0; k < nedges; k++) {
			if (lo[k] >= hi[k])
				continue;
			floor[k] = floor[k] <= lo[k]  ? lo[k] + 1
			           : floor[k] > hi[k] ? hi[k]
			                              : floor[k];
			idx[m++] = k;
		}
		if (!m)
			break;
		test_edges(&t, edges, idx, m, floor, lo, hi, "first moves");
		for (int k = 0; k < m; k++) {
			const int i = idx[k];
			floor[i] = lo[i] >= floor[i] ? lo[i] + 1 : hi[i];
		}
	}
	team_end(&t);
	int value = -n;
	for (int e = 0; e < pos->edges; e++)
		if (!dots_edge_drawn(pos, e)) {
			values[e] = lo[rep[e]];
			value = values[e] > value ? values[e] : value;
		}
	return value;
}

void dots_solver_without(struct dots_solver *s, unsigned off)
{
	s->off = off;
}
