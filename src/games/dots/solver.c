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
 *     of a loop), the double-dealing move that hands them over and keeps control.
 *  3. Otherwise every string is a move: safe ones (that offer nothing) centre out first, then
 *     those that offer boxes. Of two rim strings of one coin only one is tried (the graphs
 *     after either are the same).
 *
 * Rule 1 and the two answers of rule 2 are Berlekamp's (The Dots and Boxes Game, 2000): any
 * other capture order gives the same boxes, and the only refusals worth making are the
 * all-but-two and all-but-four. The tests check them against plain minimax.
 *
 * The table stores a lower and an upper bound per state, the key being the state under the
 * board's symmetry that gives the smallest word, mixed with a salt that names the graph.
 */
#include "games/dots/solver.h"

#include <stdlib.h>
#include <string.h>

#include "core/hash.h"

enum {
	MAX_COINS = 128,
	GROUND = -1,
	MAX_SYM = 8,
	VALUE_INF = 127,
	SEARCH_SCORE_INF = 1 << 28,
	NO_STRING = 255,
};

/* The board as strings and coins. */
struct graph {
	int nstr, ncoin;
	int8_t end[DOTS_SOLVER_STRINGS][2];    /* the coins at each end of a string, or GROUND */
	int8_t twin[DOTS_SOLVER_STRINGS];      /* a lower rim string of the same coin, or -1 */
	uint64_t coin[MAX_COINS];              /* the strings of each coin */
	uint8_t order[DOTS_SOLVER_STRINGS];    /* strings, centre out */
	uint8_t edge_of[DOTS_SOLVER_STRINGS];  /* the board edge of each string */
	int nsym;                              /* 1, 4 or 8 */
	uint8_t perm[MAX_SYM][DOTS_SOLVER_STRINGS]; /* string i goes to perm[t][i] under t */
	uint8_t inv[MAX_SYM][DOTS_SOLVER_STRINGS];
	uint64_t salt; /* names the graph in the table's keys */
	/* what the graph was built from */
	int rows, cols;
	bool whole;
	uint64_t drawn[3];
};

struct tt_entry {
	uint64_t key;
	int8_t lo, hi; /* the value lies in [lo, hi] */
	uint8_t move;  /* the best string found, in the canonical orientation, or NO_STRING */
	uint8_t size;  /* strings in the state: the bigger subtree stays */
	uint8_t pad[4];
};

struct dots_solver {
	struct tt_entry *tt;
	uint64_t mask;
	uint64_t nodes, limit;
	bool aborted;
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

struct dots_solver *dots_solver_new(int tt_bits)
{
	if (tt_bits <= 0)
		tt_bits = DOTS_SOLVER_TT_BITS;
	if (tt_bits < 10)
		tt_bits = 10;
	if (tt_bits > 30)
		tt_bits = 30;
	struct dots_solver *s = calloc(1, sizeof *s);
	if (!s)
		return NULL;
	s->tt = calloc((size_t)1 << tt_bits, sizeof *s->tt);
	if (!s->tt) {
		free(s);
		return NULL;
	}
	s->mask = ((uint64_t)1 << tt_bits) - 2; /* buckets of two entries */
	return s;
}

void dots_solver_free(struct dots_solver *s)
{
	if (!s)
		return;
	free(s->tt);
	free(s);
}

void dots_solver_clear(struct dots_solver *s)
{
	memset(s->tt, 0, (size_t)(s->mask + 2) * sizeof *s->tt);
	s->nodes = 0;
	s->aborted = false;
}

bool dots_solver_fits(const struct dots_pos *pos)
{
	return pos->edges - dots_drawn_count(pos) <= DOTS_SOLVER_STRINGS;
}

void dots_solver_limit(struct dots_solver *s, uint64_t nodes)
{
	s->limit = nodes;
	s->nodes = 0;
	s->aborted = false;
}

bool dots_solver_aborted(const struct dots_solver *s)
{
	return s->aborted;
}

uint64_t dots_solver_nodes(const struct dots_solver *s)
{
	return s->nodes;
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
			g->inv[t][m] = (uint8_t)e;
		}
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
		for (int j = 0; j < i; j++)
			if (g->end[j][1] == GROUND && g->end[j][0] == g->end[i][0]) {
				g->twin[i] = (int8_t)j;
				break;
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
		g->salt = hash_mix64((uint64_t)0x5eed0000 | (uint64_t)g->rows << 8 | (uint64_t)g->cols);
	} else {
		g->nsym = 1;
		for (int i = 0; i < g->nstr; i++)
			g->perm[0][i] = g->inv[0][i] = (uint8_t)i;
		g->salt = hash_mix64(pos->edge[0] ^ hash_mix64(pos->edge[1] ^
							       hash_mix64(pos->edge[2] ^ 0x51ULL)));
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

/* Returns state u in canonical form, storing the symmetry that makes it in *sym. */
static uint64_t canonical(const struct dots_solver *s, uint64_t u, int *sym)
{
	uint64_t best = u;
	*sym = 0;
	for (int t = 1; t < s->g.nsym; t++) {
		const uint64_t(*tab)[256] = s->sym_tab[t];
		const uint64_t m = tab[0][u & 255] | tab[1][(u >> 8) & 255] |
				   tab[2][(u >> 16) & 255] | tab[3][(u >> 24) & 255] |
				   tab[4][(u >> 32) & 255] | tab[5][(u >> 40) & 255] |
				   tab[6][(u >> 48) & 255] | tab[7][(u >> 56) & 255];
		if (m < best) {
			best = m;
			*sym = t;
		}
	}
	return best;
}

/* Returns the table entry of key, or NULL. */
static struct tt_entry *tt_find(struct dots_solver *s, uint64_t key)
{
	struct tt_entry *b = &s->tt[key & s->mask];
	if (b[0].key == key)
		return &b[0];
	if (b[1].key == key)
		return &b[1];
	return NULL;
}

/* Stores the bounds [lo, hi] and best string (canonical) of key (a state of `size` strings). */
static void tt_store(struct dots_solver *s, uint64_t key, int lo, int hi, int move, int size)
{
	struct tt_entry *b = &s->tt[key & s->mask];
	struct tt_entry *e = b[0].key == key ? &b[0] : b[1].key == key ? &b[1] : NULL;
	if (e) {
		if (lo > e->lo)
			e->lo = (int8_t)lo;
		if (hi < e->hi)
			e->hi = (int8_t)hi;
		if (move != NO_STRING)
			e->move = (uint8_t)move;
		return;
	}
	/* The slot holding the smaller subtree, or the empty one, makes room. */
	e = b[0].key == 0 || size >= b[0].size ? &b[0] : &b[1];
	if (e == &b[0] && b[0].key)
		b[1] = b[0];
	e->key = key;
	e->lo = (int8_t)lo;
	e->hi = (int8_t)hi;
	e->move = (uint8_t)move;
	e->size = (uint8_t)size;
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

/*
 * Takes every free box of *u (rule 1), returning the boxes taken; fills *offer with a chain
 * offer (rule 2) if there is one (take = -1 otherwise), and *live with the coins left.
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
				if (offer->take < 0) {
					offer->take = i;
					offer->decline = o; /* the coin behind, resolved below */
				}
				continue;
			}
			*u &= ~bit(i);
			gain += n == 1 ? 2 : 1;
			again = true;
		}
	}
	if (offer->take >= 0) {
		/* o has two strings: `take` and d. Decline by cutting d when that leaves the two
		 * coins as a domino (d leads to the ground or a coin of 3+ strings) or, in a loop,
		 * leaves two dominoes (d leads to a coin of two strings whose other one ends in a
		 * coin that can be taken). */
		const int o = offer->decline;
		const int d = __builtin_ctzll(*u & g->coin[o] & ~bit(offer->take));
		const int m = other_end(g, d, o);
		const int nm = coin_strings(g, *u, m);
		offer->decline = -1;
		if (m == GROUND || nm >= 3) {
			offer->decline = d;
		} else if (nm == 2) {
			const int f = __builtin_ctzll(*u & g->coin[m] & ~bit(d));
			const int p = other_end(g, f, m);
			if (coin_strings(g, *u, p) == 1)
				offer->decline = d;
		}
	}
	return gain;
}

/* Returns whether cutting string i of state u offers a box (leaves a coin with one string). */
static inline bool offers(const struct graph *g, uint64_t u, int i)
{
	return coin_strings(g, u, g->end[i][0]) == 2 || coin_strings(g, u, g->end[i][1]) == 2;
}

/* Returns the value of state u for the side to move, fail-soft in (alpha, beta). */
static int search(struct dots_solver *s, uint64_t u, int alpha, int beta)
{
	const struct graph *g = &s->g;
	if (s->limit && s->nodes >= s->limit) {
		s->aborted = true;
		return 0;
	}
	s->nodes++;
	struct offer offer;
	int live;
	const int gain = take_free(g, &u, &offer, &live);
	if (!u)
		return gain;
	alpha -= gain;
	beta -= gain;
	if (live <= alpha)
		return gain + live;
	if (-live >= beta)
		return gain - live;

	int sym;
	const uint64_t key = hash_mix64(canonical(s, u, &sym)) ^ g->salt;
	int lo = -live, hi = live, tt_move = -1;
	const struct tt_entry *e = tt_find(s, key);
	if (e) {
		lo = e->lo > lo ? e->lo : lo;
		hi = e->hi < hi ? e->hi : hi;
		if (lo >= beta)
			return gain + lo;
		if (hi <= alpha)
			return gain + hi;
		if (lo == hi)
			return gain + lo;
		if (e->move != NO_STRING)
			tt_move = g->inv[sym][e->move];
		if (alpha < lo)
			alpha = lo;
		if (beta > hi)
			beta = hi;
	}
	const int alpha0 = alpha;
	int best = -VALUE_INF, best_move = -1;

	if (offer.take >= 0) {
		/* A chain offered: take, or hand over the last two (four). */
		best = 1 + search(s, u & ~bit(offer.take), alpha - 1, beta - 1);
		best_move = offer.take;
		if (best < beta && offer.decline >= 0) {
			const int a = best > alpha ? best : alpha;
			const int v = -search(s, u & ~bit(offer.decline), -beta, -a);
			if (v > best) {
				best = v;
				best_move = offer.decline;
			}
		}
	} else {
		/* Safe strings centre out, then those that offer boxes; the table's move first. */
		uint8_t moves[DOTS_SOLVER_STRINGS];
		int n = 0, nsafe = 0;
		uint8_t risky[DOTS_SOLVER_STRINGS];
		int nrisky = 0;
		if (tt_move >= 0 && (u & bit(tt_move)))
			moves[n++] = (uint8_t)tt_move;
		for (int k = 0; k < g->nstr; k++) {
			const int i = g->order[k];
			if (!(u & bit(i)) || i == tt_move)
				continue;
			if (g->twin[i] >= 0 && (u & bit(g->twin[i])))
				continue;
			if (offers(g, u, i))
				risky[nrisky++] = (uint8_t)i;
			else
				moves[n + nsafe++] = (uint8_t)i;
		}
		n += nsafe;
		memcpy(moves + n, risky, (size_t)nrisky);
		n += nrisky;
		for (int k = 0; k < n && best < beta; k++) {
			const int a = best > alpha ? best : alpha;
			const int v = -search(s, u & ~bit(moves[k]), -beta, -a);
			if (v > best) {
				best = v;
				best_move = moves[k];
			}
		}
	}
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
	if (s->limit && s->nodes >= s->limit) {
		s->aborted = true;
		return 0;
	}
	s->nodes++;
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
			const int v =
			    -hsearch(s, u & ~bit(i), depth - 1, -beta, -a, !first, dots);
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

int dots_solve(struct dots_solver *s, const struct dots_pos *pos, int alpha, int beta)
{
	graph_for(s, pos);
	return search(s, state_of(s, pos), alpha, beta);
}

/* Returns the number of unclaimed boxes of pos. */
static int unclaimed(const struct dots_pos *pos)
{
	return pos->rows * pos->cols - pos->score[0] - pos->score[1];
}

int dots_solve_value(struct dots_solver *s, const struct dots_pos *pos)
{
	const int n = unclaimed(pos);
	return dots_solve(s, pos, -n - 1, n + 1);
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

int dots_solve_best(struct dots_solver *s, const struct dots_pos *pos, int *best, int *nbest)
{
	*nbest = 0;
	const int value = dots_solve_value(s, pos);
	/* Edges that a symmetry keeping the position maps onto each other share a verdict. */
	int verdict[DOTS_MAX_EDGES];
	for (int e = 0; e < pos->edges; e++)
		verdict[e] = -1;
	graph_for(s, pos);
	const struct graph *g = &s->g;
	const uint64_t u = state_of(s, pos);
	int nkeep = 1;
	int stab[MAX_SYM] = {0};
	if (g->whole)
		for (int t = 1; t < g->nsym; t++) {
			uint64_t m = 0;
			for (int i = 0; i < g->nstr; i++)
				if (u & bit(i))
					m |= bit(g->perm[t][i]);
			if (m == u)
				stab[nkeep++] = t;
		}
	for (int e = 0; e < pos->edges; e++) {
		if (dots_edge_drawn(pos, e))
			continue;
		if (verdict[e] < 0) {
			verdict[e] = edge_at_least(s, pos, e, value) >= value;
			for (int k = 1; k < nkeep; k++)
				verdict[g->perm[stab[k]][e]] = verdict[e];
		}
		if (verdict[e])
			best[(*nbest)++] = e;
	}
	return value;
}
