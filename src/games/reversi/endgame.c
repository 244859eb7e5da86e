/*
 * games/reversi/endgame.c — the exact 8×8 endgame solver (endgame.h).
 *
 * Negamax alpha-beta, fail-soft, in three layers by the number of empty squares, as in the
 * literature (Edax, Zebra):
 *   - 1 to 4 empties: no move generation; each empty square is tried with board8_flips, the
 *     last one by counting flips for both sides; at 3 and 4 empties the squares of regions
 *     (quadrants) with an odd number of empties go first (parity);
 *   - 5 to SHALLOW_MAX empties: moves from board8_moves, odd quadrants first, no table;
 *   - above: principal-variation search (first move with the whole window, the others with a
 *     null window and a re-search when they beat it), a transposition table of exact bounds
 *     (two-way buckets, the deeper search kept), enhanced transposition cut-offs (a child
 *     already known bad enough for the opponent settles the node), moves sorted by the
 *     opponent's (corner-weighted) mobility after them, fewest first, plus, when the pattern
 *     weights are loaded (pattern.h), the evaluation of the position after the move (from
 *     EVAL_SORT_MIN empties) or of a search 1 to 3 plies deep after it (from EVAL_SEARCH_MIN,
 *     deeper with more empties: near the root a better order saves far more than it costs).
 * Stable discs (corners, full lines and what leans on them) bound the score from above and
 * cut nodes whose alpha is already out of reach. Passes and finished games are exact.
 */
#include "games/reversi/endgame.h"

#include <stdlib.h>
#include <string.h>

#include "core/hash.h"
#include "games/reversi/board8.h"
#include "games/reversi/pattern.h"

enum {
	SHALLOW_MAX = 6,       /* at most this many empties: no table, no sorting */
	ETC_MIN = 10,          /* from this many empties, look up the children before searching */
	EVAL_SORT_MIN = 12,    /* from this many empties, sort by the pattern evaluation too */
	EVAL_SEARCH_MIN = 16,  /* ... and from this many, by the opponent's best reply's */
	EVAL_SEARCH2_MIN = 18, /* ... from this many, by a 2-ply search's (3 from the move) */
	EVAL_SEARCH3_MIN = 22, /* ... from this many, by a 3-ply search's (4 plies: slower) */
	GUESS_DEPTH = 8,       /* the root's guess: an evaluation search this many plies deep */
	ASPIRATION_GROWTH = 4, /* a root window that missed is this many times wider next time */
	EVAL_SORT_DIV = 12,    /* evaluation units (1/100 disc) per unit of the mobility key */
	INF = 127,             /* beyond any score */
	RESUME_MAX = 14, /* the resumable root solves nodes of this many empties in one call */
	ROOT_STACK = 2 * (64 - RESUME_MAX) + 2, /* its frames: every ply above that, a pass each */
};

/* A stored position: the whole board and bounds on its exact score. 32 bytes, so that the two
 * slots of a bucket share one 64-byte cache line (one memory access a probe). */
struct entry {
	_Alignas(32) uint64_t P;
	uint64_t O;
	int8_t lower, upper;
	uint8_t move; /* best move found (64: none) */
	uint8_t used;
	uint8_t empties; /* how deep the search that filled it was */
};

/* One move with its sort key (lower goes first). */
struct sorted_move {
	uint64_t flips;
	int sq;
	int key;
};

struct node;

/* The resumable root's state (endgame_root_start). */
struct endgame_root {
	uint64_t P, O;
	int n;
	int alpha, beta; /* the window asked for */
	int lo, hi;      /* the window being searched (aspiration) */
	int step;        /* how much the next missed window widens */
	int first;       /* the move to try first where the table has none (64: none) */
	int top;         /* frames of `stack` in use */
	bool has_ret;    /* ret holds the value of a node just finished, for the frame on top */
	int ret;
	bool done;
	int move, score; /* the result, once done */
	uint64_t nodes0; /* ctx->nodes at the start */
	struct node *stack;
};

struct endgame_ctx {
	struct entry *table;
	uint64_t mask; /* entries - 1 */
	bool dirty;    /* an entry was stored since the table was last cleared */
	uint64_t nodes;
	struct endgame_root root;
};

#define ROW_1   0x00000000000000ffULL
#define ROW_8   0xff00000000000000ULL
#define COL_A   0x0101010101010101ULL
#define COL_H   0x8080808080808080ULL
#define CORNERS 0x8100000000000081ULL
#define EDGES   (ROW_1 | ROW_8 | COL_A | COL_H)

/* The four quadrants (a1-d4, e1-h4, a5-d8, e5-h8) where parity is counted. */
static const uint64_t quadrant[4] = {
    0x000000000f0f0f0fULL,
    0x00000000f0f0f0f0ULL,
    0x0f0f0f0f00000000ULL,
    0xf0f0f0f000000000ULL,
};

/* Returns the quadrant (0..3) of square sq. */
static inline int quadrant_of(int sq)
{
	return ((sq >> 2) & 1) | ((sq >> 4) & 2);
}

/* Returns the empty squares that lie in quadrants with an odd number of empties. */
static inline uint64_t odd_region(uint64_t empty)
{
	uint64_t odd = 0;
	for (int q = 0; q < 4; q++)
		if (board8_count(empty & quadrant[q]) & 1)
			odd |= quadrant[q];
	return odd & empty;
}

/* Returns the index of the lowest set bit of x (x != 0). */
static inline int first_square(uint64_t x)
{
	return __builtin_ctzll(x);
}

/* Returns the final score of a finished game for the side owning P: the disc difference,
 * with the empty squares going to the winner. */
static inline int final_score(uint64_t P, uint64_t O)
{
	const int p = board8_count(P), o = board8_count(O);
	const int diff = p - o, empty = 64 - p - o;
	return diff > 0 ? diff + empty : diff < 0 ? diff - empty : 0;
}

/* Returns the squares next to a disc of x in any of the eight directions. */
static inline uint64_t neighbours(uint64_t x)
{
	const uint64_t side = ((x << 1) & BOARD8_NOT_A) | ((x >> 1) & BOARD8_NOT_H);
	const uint64_t row = x | side;
	return side | (row << 8) | (row >> 8);
}

/* The squares around each square: a move there flips nothing unless one holds a disc of the
 * opponent (a cheap test before board8_flips in the last empties). */
static uint64_t around[64];

/* Fills `around` (once; every solver shares it). */
static void around_init(void)
{
	for (int sq = 0; sq < 64; sq++)
		around[sq] = neighbours(1ULL << sq);
}

/* ---- stability ---- */

/* Returns the squares whose line in direction +d (toward h8) is full up to the board's edge;
 * `edge` holds the squares where that direction leaves the board. */
static inline uint64_t full_ray_up(uint64_t filled, int d, uint64_t edge)
{
	uint64_t r = filled;
	for (int i = 0; i < 7; i++)
		r = filled & (edge | (r >> d));
	return r;
}

/* Returns the same for direction -d (toward a1). */
static inline uint64_t full_ray_down(uint64_t filled, int d, uint64_t edge)
{
	uint64_t r = filled;
	for (int i = 0; i < 7; i++)
		r = filled & (edge | (r << d));
	return r;
}

/* Returns a subset of O's discs that can never be flipped: in each of the four line
 * directions the disc either sits on a full line or touches the board's edge or another
 * such disc of O. */
static uint64_t stable_discs(uint64_t P, uint64_t O)
{
	const uint64_t filled = P | O;
	uint64_t x = filled & (filled >> 4);
	x &= x >> 2;
	x &= x >> 1;
	const uint64_t full_h = (x & COL_A) * 0xff;
	x = filled & (filled >> 32);
	x &= x >> 16;
	x &= x >> 8;
	const uint64_t full_v = (x & ROW_1) * COL_A;
	const uint64_t full_9 =
	    full_ray_up(filled, 9, ROW_8 | COL_H) & full_ray_down(filled, 9, ROW_1 | COL_A);
	const uint64_t full_7 =
	    full_ray_up(filled, 7, ROW_8 | COL_A) & full_ray_down(filled, 7, ROW_1 | COL_H);
	uint64_t stable = 0, before;
	do {
		before = stable;
		const uint64_t s = stable;
		const uint64_t h =
		    full_h | COL_A | COL_H | ((s << 1) & BOARD8_NOT_A) | ((s >> 1) & BOARD8_NOT_H);
		const uint64_t v = full_v | ROW_1 | ROW_8 | (s << 8) | (s >> 8);
		const uint64_t d9 =
		    full_9 | EDGES | ((s << 9) & BOARD8_NOT_A) | ((s >> 9) & BOARD8_NOT_H);
		const uint64_t d7 =
		    full_7 | EDGES | ((s << 7) & BOARD8_NOT_H) | ((s >> 7) & BOARD8_NOT_A);
		stable = O & h & v & d9 & d7;
	} while (stable != before);
	return stable;
}

/* Returns the least alpha (for the side to move, with n empties) at which the stability
 * bound is worth computing. */
static inline int stability_threshold(int n)
{
	return n < 4 ? INF : 2 * n - 2 < 64 ? 2 * n - 2 : 64;
}

/* Returns an upper bound on P's score that stability proves, or INF if it is not worth
 * looking (alpha far from the bound). */
static inline int stability_bound(uint64_t P, uint64_t O, int alpha, int n)
{
	if (alpha < stability_threshold(n) || 64 - 2 * board8_count(O) > alpha)
		return INF;
	return 64 - 2 * board8_count(stable_discs(P, O));
}

/* ---- the last empty square: flips counted, not made ---- */

#if defined(BOARD8_FAST_PEXT)
#include <immintrin.h>

/*
 * With one empty square left every other square holds a disc, so the discs a move there
 * flips along a line depend only on where the mover's own discs lie on it: the others are all
 * the opponent's. Each of the four lines through the square is gathered into 8 bits (pext,
 * fast where BMI2 is), and a table gives the flips for that pattern and the square's place on
 * the line. Bits a short line does not have read as "no disc of ours there": no flip, right.
 */
static uint64_t last_line[64][4];   /* the squares of each line through a square */
static uint16_t last_place[64][4];  /* 256 × the square's place on that line */
static uint8_t last_count[8 * 256]; /* [256 × place + our discs on the line]: flips */
static bool last_ready;

/* Fills the tables above (once; every solver shares them). */
static void last_flip_init(void)
{
	if (last_ready)
		return;
	static const int dr[4] = {0, 1, 1, 1}, dc[4] = {1, 0, 1, -1};
	for (int sq = 0; sq < 64; sq++)
		for (int d = 0; d < 4; d++) {
			uint64_t line = 1ULL << sq;
			for (int sign = -1; sign <= 1; sign += 2)
				for (int r = sq / 8 + sign * dr[d], c = sq % 8 + sign * dc[d];
				     r >= 0 && r < 8 && c >= 0 && c < 8;
				     r += sign * dr[d], c += sign * dc[d])
					line |= 1ULL << (8 * r + c);
			last_line[sq][d] = line;
			last_place[sq][d] =
			    (uint16_t)(256 * board8_count(line & ((1ULL << sq) - 1)));
		}
	for (int place = 0; place < 8; place++)
		for (int bits = 0; bits < 256; bits++) {
			int n = 0;
			for (int j = place + 1; j < 8; j++)
				if (bits >> j & 1) {
					n += j - place - 1;
					break;
				}
			for (int j = place - 1; j >= 0; j--)
				if (bits >> j & 1) {
					n += place - j - 1;
					break;
				}
			last_count[256 * place + bits] = (uint8_t)n;
		}
	last_ready = true;
}

/* Returns how many discs P flips by playing on sq, the only empty square of the board. */
static inline int last_flips(int sq, uint64_t P)
{
	const uint64_t *line = last_line[sq];
	const uint16_t *place = last_place[sq];
	return last_count[place[0] + _pext_u64(P, line[0])] +
	       last_count[place[1] + _pext_u64(P, line[1])] +
	       last_count[place[2] + _pext_u64(P, line[2])] +
	       last_count[place[3] + _pext_u64(P, line[3])];
}
#else
static void last_flip_init(void)
{
}

/* Returns how many discs P flips by playing on sq, the only empty square of the board. */
static inline int last_flips(int sq, uint64_t P)
{
	return board8_count(board8_flips(sq, P, ~P & ~(1ULL << sq)));
}
#endif

/* ---- the last four empties ---- */

/* Returns the exact score of (P, O) with one empty square `sq`. */
static inline int solve_1(struct endgame_ctx *ctx, uint64_t P, uint64_t O, int sq)
{
	ctx->nodes++;
	const int score = 2 * board8_count(P) - 62; /* P's difference after a move flipping 0 */
	const int n = last_flips(sq, P);
	if (n)
		return score + 2 * n;
	const int m = last_flips(sq, O);
	if (m)
		return score - 2 - 2 * m;
	return score > 0 ? score : score - 2; /* nobody can move: the empty goes to the winner */
}

/* Returns the score of (P, O) in (alpha, beta), fail-soft, where the two empties are a and b
 * (a tried first); `passed` says the opponent has just passed. */
static int solve_2(struct endgame_ctx *ctx, uint64_t P, uint64_t O, int alpha, int beta, int a,
                   int b, int passed)
{
	ctx->nodes++;
	int best = -INF;
	uint64_t f;
	if ((around[a] & O) && (f = board8_flips(a, P, O))) {
		best = -solve_1(ctx, O ^ f, P ^ f ^ (1ULL << a), b);
		if (best >= beta)
			return best;
	}
	if ((around[b] & O) && (f = board8_flips(b, P, O))) {
		const int v = -solve_1(ctx, O ^ f, P ^ f ^ (1ULL << b), a);
		if (v > best)
			best = v;
	}
	if (best > -INF)
		return best;
	if (passed)
		return final_score(P, O); /* neither side can move */
	return -solve_2(ctx, O, P, -beta, -alpha, a, b, 1);
}

/* Tries the move on sq from (P, O) at 3 empties, r and t being the other two (in that order),
 * within (*alpha, beta), raising *best and *alpha; returns whether it cuts. */
static inline bool try_3(struct endgame_ctx *ctx, uint64_t P, uint64_t O, int sq, int r, int t,
                         int *alpha, int beta, int *best)
{
	if (!(around[sq] & O))
		return false;
	const uint64_t f = board8_flips(sq, P, O);
	if (!f)
		return false;
	const int v = -solve_2(ctx, O ^ f, P ^ f ^ (1ULL << sq), -beta, -*alpha, r, t, 0);
	if (v > *best) {
		*best = v;
		if (v >= beta)
			return true;
		if (v > *alpha)
			*alpha = v;
	}
	return false;
}

/* Returns the score of (P, O) in (alpha, beta), fail-soft, where the three empties are x, y
 * and z: the one alone in its quadrant (odd parity) first when the other two share one, in
 * the given order otherwise; `passed` as solve_2's. */
static int solve_3(struct endgame_ctx *ctx, uint64_t P, uint64_t O, int alpha, int beta, int x,
                   int y, int z, int passed)
{
	ctx->nodes++;
	const int qx = quadrant_of(x), qy = quadrant_of(y), qz = quadrant_of(z);
	if (qx == qy && qy != qz) {
		const int t = z;
		z = y;
		y = x;
		x = t;
	} else if (qx == qz && qz != qy) {
		const int t = y;
		y = x;
		x = t;
	}
	int best = -INF;
	if (try_3(ctx, P, O, x, y, z, &alpha, beta, &best) ||
	    try_3(ctx, P, O, y, x, z, &alpha, beta, &best) ||
	    try_3(ctx, P, O, z, x, y, &alpha, beta, &best))
		return best;
	if (best > -INF)
		return best;
	if (passed)
		return final_score(P, O);
	return -solve_3(ctx, O, P, -beta, -alpha, x, y, z, 1);
}

/* Returns the score of (P, O) in the window (alpha, beta), fail-soft, where the 4 empties are
 * sq[0..3]: odd quadrants first, keeping the given order otherwise, each child with the
 * other three in that order; `passed` as solve_2's. */
static int solve_4(struct endgame_ctx *ctx, uint64_t P, uint64_t O, int alpha, int beta,
                   const int *sq, int passed)
{
	ctx->nodes++;
	int order[4], odd = 0, k = 0;
	for (int i = 0; i < 4; i++)
		odd ^= 1 << quadrant_of(sq[i]);
	for (int i = 0; i < 4; i++)
		if (odd >> quadrant_of(sq[i]) & 1)
			order[k++] = sq[i];
	for (int i = 0; i < 4; i++)
		if (!(odd >> quadrant_of(sq[i]) & 1))
			order[k++] = sq[i];
	int best = -INF;
	for (int i = 0; i < 4; i++) {
		if (!(around[order[i]] & O))
			continue;
		const uint64_t f = board8_flips(order[i], P, O);
		if (!f)
			continue;
		int rest[3];
		for (int j = 0, r = 0; j < 4; j++)
			if (j != i)
				rest[r++] = order[j];
		const int v = -solve_3(ctx, O ^ f, P ^ f ^ (1ULL << order[i]), -beta, -alpha,
		                       rest[0], rest[1], rest[2], 0);
		/* (alpha >= best until here: the same as raising best and alpha only at v > best,
		 * without that hard-to-predict branch) */
		best = v > best ? v : best;
		if (best >= beta)
			return best;
		alpha = best > alpha ? best : alpha;
	}
	if (best > -INF)
		return best;
	if (passed)
		return final_score(P, O);
	return -solve_4(ctx, O, P, -beta, -alpha, order, 1);
}

/* Returns the squares of `empty` as an array (in board order) and their number. */
static inline int squares_of(uint64_t empty, int *sq)
{
	int n = 0;
	for (; empty; empty &= empty - 1)
		sq[n++] = first_square(empty);
	return n;
}

/* ---- 5 to SHALLOW_MAX empties ---- */

/* Returns the score of (P, O) with n empties (5..SHALLOW_MAX) in (alpha, beta), fail-soft. */
static int solve_shallow(struct endgame_ctx *ctx, uint64_t P, uint64_t O, int alpha, int beta,
                         int n, int passed)
{
	ctx->nodes++;
	const uint64_t empty = ~(P | O);
	const uint64_t moves = board8_moves_in(P, O, empty);
	if (!moves) {
		if (passed)
			return final_score(P, O);
		if (!board8_moves_in(O, P, empty))
			return final_score(P, O);
		return -solve_shallow(ctx, O, P, -beta, -alpha, n, 1);
	}
	const int bound = stability_bound(P, O, alpha, n);
	if (bound <= alpha)
		return bound;
	if (bound < beta)
		beta = bound;
	int best = -INF;
	const uint64_t odd = odd_region(empty);
	/* Odd regions first; within each, corners, then the other squares, then those next to
	 * an empty corner (X and C squares), which tend to give the corner away. */
	const uint64_t risky = neighbours(CORNERS & empty);
	const uint64_t group[6] = {
	    moves & odd & CORNERS,  moves & odd & ~CORNERS & ~risky,  moves & odd & risky,
	    moves & ~odd & CORNERS, moves & ~odd & ~CORNERS & ~risky, moves & ~odd & risky};
	for (int g = 0; g < 6; g++)
		for (uint64_t m = group[g]; m; m &= m - 1) {
			const int sq = first_square(m);
			const uint64_t f = board8_flips(sq, P, O);
			const uint64_t next_p = O ^ f, next_o = P ^ f ^ (1ULL << sq);
			int v;
			if (n == 5) {
				/* The last four in the same order (corners, others, risky), which
				 * solve_4 keeps within each parity group. */
				int rest[4];
				const uint64_t left = empty ^ (1ULL << sq);
				const int k = squares_of(left & CORNERS, rest);
				const int k2 = k + squares_of(left & ~CORNERS & ~risky, rest + k);
				squares_of(left & risky & ~CORNERS, rest + k2);
				v = -solve_4(ctx, next_p, next_o, -beta, -alpha, rest, 0);
			} else {
				v = -solve_shallow(ctx, next_p, next_o, -beta, -alpha, n - 1, 0);
			}
			best = v > best ? v : best; /* as in solve_4, without a branch */
			if (best >= beta)
				return best;
			alpha = best > alpha ? best : alpha;
		}
	return best;
}

/* ---- above SHALLOW_MAX empties: table, sorting, PVS ---- */

/* Returns the first of the two table slots where (P, O) may be. */
static inline struct entry *bucket(const struct endgame_ctx *ctx, uint64_t P, uint64_t O)
{
	return &ctx->table[hash_mix64(P ^ hash_mix64(O)) & ctx->mask & ~1ULL];
}

/* Returns the stored entry of (P, O), or NULL. */
static inline const struct entry *probe(const struct endgame_ctx *ctx, uint64_t P, uint64_t O)
{
	const struct entry *e = bucket(ctx, P, O);
	if (e[0].used && e[0].P == P && e[0].O == O)
		return &e[0];
	if (e[1].used && e[1].P == P && e[1].O == O)
		return &e[1];
	return NULL;
}

/* Stores what a search of (P, O) with n empties in (alpha, beta) found: `best` and its move.
 * Of the bucket's two slots, the position's own or else the one with fewer empties (the
 * cheaper search to redo) is used. */
static inline void store(struct endgame_ctx *ctx, uint64_t P, uint64_t O, int n, int alpha,
                         int beta, int best, int move)
{
	struct entry *b = bucket(ctx, P, O), *e;
	ctx->dirty = true;
	if (b[0].used && b[0].P == P && b[0].O == O)
		e = &b[0];
	else if (b[1].used && b[1].P == P && b[1].O == O)
		e = &b[1];
	else
		e = !b[0].used || (b[1].used && b[0].empties <= b[1].empties) ? &b[0] : &b[1];
	if (!e->used || e->P != P || e->O != O) {
		e->P = P;
		e->O = O;
		e->lower = -ENDGAME_SCORE_MAX;
		e->upper = ENDGAME_SCORE_MAX;
		e->used = 1;
		e->empties = (uint8_t)n;
	}
	if (best < beta && best < e->upper)
		e->upper = (int8_t)best;
	if (best > alpha && best > e->lower)
		e->lower = (int8_t)best;
	e->move = (uint8_t)move;
}

/* Returns the value for the side to move of (P, O) `depth` plies deep by the pattern
 * evaluation (fail-soft alpha-beta, no table), for sorting moves; `moves` are its moves and
 * f its features (pattern.h), P being their side `side`: each move updates a copy of them. */
static int eval_node(uint64_t P, uint64_t O, const struct pattern_features *f, int side,
                     uint64_t moves, int depth, int alpha, int beta)
{
	if (depth == 0)
		return pattern_evaluate_features(f, side, 64 - board8_count(P | O),
		                                 pattern_mobility(P, O));
	if (!moves) {
		const uint64_t theirs = board8_moves(O, P);
		if (!theirs)
			return 100 * final_score(P, O);
		return -eval_node(O, P, f, !side, theirs, depth, -beta, -alpha);
	}
	int best = -1000000;
	for (; moves; moves &= moves - 1) {
		const int sq = first_square(moves);
		const uint64_t flips = board8_flips(sq, P, O);
		const uint64_t np = O ^ flips, no = P ^ flips ^ (1ULL << sq);
		struct pattern_features child;
		pattern_features_after(f, side, sq, flips, &child);
		const int v =
		    -eval_node(np, no, &child, !side, depth > 1 ? board8_moves(np, no) : 0,
		               depth - 1, -beta, -(alpha > best ? alpha : best));
		best = v > best ? v : best; /* as in solve_4, without a branch */
		if (best >= beta)
			break;
	}
	return best;
}

/* eval_node from the board alone. */
static int eval_search(uint64_t P, uint64_t O, uint64_t moves, int depth, int alpha, int beta)
{
	struct pattern_features f;
	pattern_features(P, O, &f);
	return eval_node(P, O, &f, 0, moves, depth, alpha, beta);
}

/* Fills `list` with the moves of (P, O) in `moves`, sorted fastest first: the opponent's
 * corner-weighted mobility after the move, then its potential mobility (empty squares next
 * to our discs), odd regions and corners; `first` (a square, or 64) goes ahead of all.
 * With the weights loaded the evaluation after the move counts too from EVAL_SORT_MIN
 * empties (eval_node, `look` plies deep, more with more empties). Returns how many. */
static int sort_moves(const struct endgame_ctx *ctx, uint64_t P, uint64_t O, uint64_t moves,
                      int first, struct sorted_move *list)
{
	const uint64_t empty = ~(P | O);
	const uint64_t odd = odd_region(empty);
	const int n_empty = board8_count(empty);
	const bool by_eval = pattern_loaded() && n_empty >= EVAL_SORT_MIN;
	const int look = n_empty >= EVAL_SEARCH3_MIN   ? 3
	                 : n_empty >= EVAL_SEARCH2_MIN ? 2
	                 : n_empty >= EVAL_SEARCH_MIN  ? 1
	                                               : 0;
	struct pattern_features features;
	if (by_eval)
		pattern_features(P, O, &features);
	int n = 0;
	for (uint64_t m = moves; m; m &= m - 1) {
		const int sq = first_square(m);
		const uint64_t x = 1ULL << sq;
		const uint64_t f = board8_flips(sq, P, O);
		const uint64_t mine = P ^ f ^ x, theirs = O ^ f;
		const uint64_t reply = board8_moves_in(theirs, mine, empty ^ x);
		/* The child's bucket will be probed soon (ETC, then its own search): fetch it now. */
		if (n_empty > SHALLOW_MAX + 1)
			__builtin_prefetch(bucket(ctx, theirs, mine));
		int key = 16 * (board8_count(reply) + board8_count(reply & CORNERS));
		key += 4 * board8_count(neighbours(mine) & empty & ~x);
		key -= (x & odd) ? 6 : 0;
		key -= (x & CORNERS) ? 8 : 0;
		if (by_eval) {
			struct pattern_features child = features;
			pattern_features_play(&child, 0, sq, f);
			key += eval_node(theirs, mine, &child, 1, reply, look, -1000000, 1000000) /
			       EVAL_SORT_DIV;
		}
		if (!theirs)
			key = -INF + 1; /* a wipe-out */
		if (sq == first)
			key = -INF;
		/* Insertion sort: at most a few dozen moves. */
		int i = n++;
		while (i > 0 && list[i - 1].key > key) {
			list[i] = list[i - 1];
			i--;
		}
		list[i] = (struct sorted_move){.flips = f, .sq = sq, .key = key};
	}
	return n;
}

static int solve_deep(struct endgame_ctx *ctx, uint64_t P, uint64_t O, int alpha, int beta, int n,
                      int passed);

/* Returns the score of (P, O) with n empties in (alpha, beta), fail-soft, choosing the layer
 * by n. */
static inline int solve_any(struct endgame_ctx *ctx, uint64_t P, uint64_t O, int alpha, int beta,
                            int n)
{
	if (n > SHALLOW_MAX)
		return solve_deep(ctx, P, O, alpha, beta, n, 0);
	if (n >= 5)
		return solve_shallow(ctx, P, O, alpha, beta, n, 0);
	if (n >= 2) {
		int sq[4];
		squares_of(~(P | O), sq);
		return n == 4   ? solve_4(ctx, P, O, alpha, beta, sq, 0)
		       : n == 3 ? solve_3(ctx, P, O, alpha, beta, sq[0], sq[1], sq[2], 0)
		                : solve_2(ctx, P, O, alpha, beta, sq[0], sq[1], 0);
	}
	if (n == 1)
		return solve_1(ctx, P, O, first_square(~(P | O)));
	ctx->nodes++;
	return final_score(P, O);
}

/* What node_begin makes of a node. */
enum node_status {
	NODE_SETTLED, /* its value is known (node.best): no child to search */
	NODE_PASS,    /* the side to move must pass: its value is minus the opponent's */
	NODE_SEARCH,  /* its moves are sorted: search them in turn (node_child, node_take) */
};

/* Where a node stands with its child list[i]. */
enum child_state {
	CHILD_WHOLE,    /* searched with the node's whole window (the first move) */
	CHILD_SCOUT,    /* with a null window (principal-variation search) */
	CHILD_RESEARCH, /* again with the whole window, after the null window showed it better */
};

/* One node above SHALLOW_MAX empties being searched: the table layer's state between its
 * children, so that the recursive solver (solve_deep) and the resumable root (endgame_root_*)
 * search it the same way. */
struct node {
	uint64_t P, O;
	int n;
	int alpha, beta;   /* the window, narrowed as the search goes */
	int alpha0, beta0; /* the window it was asked for */
	int lower, upper;  /* what the table knew of its score (±INF: nothing) */
	int best, best_sq; /* the best score so far and its move */
	int i, count;      /* the child being searched, of `count` in list */
	int state;         /* enum child_state of child i */
	int scout;         /* the null window's result for child i (CHILD_RESEARCH) */
	bool pass;         /* resumable root: this frame passed (its child is the opponent's) */
	struct sorted_move list[32];
};

/* Starts a node of (P, O) with n > SHALLOW_MAX empties in (alpha, beta), counted: a finished
 * game, a pass, the table's bounds, the stability bound and enhanced transposition cut-offs
 * may settle it at once; else its moves are sorted (the table's move, or `first` where the
 * table has none, ahead). At the root (`root`) only the table's move is taken: a narrowed window
 * could hide the best move. */
static inline enum node_status node_begin(struct endgame_ctx *ctx, struct node *d, uint64_t P,
                                          uint64_t O, int alpha, int beta, int n, int passed,
                                          bool root, int first)
{
	ctx->nodes++;
	d->P = P;
	d->O = O;
	d->n = n;
	d->alpha = d->alpha0 = alpha;
	d->beta = d->beta0 = beta;
	const uint64_t empty = ~(P | O);
	const uint64_t moves = board8_moves_in(P, O, empty);
	if (!moves) {
		if (passed || !board8_moves_in(O, P, empty)) {
			d->best_sq = ENDGAME_NO_MOVE;
			d->best = final_score(P, O);
			return NODE_SETTLED;
		}
		d->best_sq = ENDGAME_PASS;
		return NODE_PASS;
	}
	int hint = first;
	d->lower = -INF;
	d->upper = INF;
	const struct entry *e = probe(ctx, P, O);
	if (e) {
		hint = e->move;
		if (!root) {
			d->lower = e->lower;
			d->upper = e->upper;
			d->best = d->lower;
			if (d->lower >= beta || d->lower == d->upper)
				return NODE_SETTLED;
			d->best = d->upper;
			if (d->upper <= alpha)
				return NODE_SETTLED;
			if (d->lower > alpha)
				d->alpha = d->lower;
			if (d->upper < beta)
				d->beta = d->upper;
		}
	}
	if (!root) {
		const int bound = stability_bound(P, O, d->alpha, n);
		d->best = bound;
		if (bound <= d->alpha)
			return NODE_SETTLED;
		if (bound < d->beta)
			d->beta = bound;
	}
	d->count = sort_moves(ctx, P, O, moves, hint, d->list);
	/* Enhanced transposition cut-off: a child the table already shows bad enough for the
	 * opponent settles the node without a search. */
	if (n >= ETC_MIN && !root)
		for (int i = 0; i < d->count; i++) {
			const uint64_t f = d->list[i].flips;
			const struct entry *c = probe(ctx, O ^ f, P ^ f ^ (1ULL << d->list[i].sq));
			if (c && -c->upper >= d->beta) {
				store(ctx, P, O, n, d->alpha0, d->beta0, -c->upper, d->list[i].sq);
				d->best = -c->upper;
				return NODE_SETTLED;
			}
		}
	d->best = -INF;
	d->best_sq = d->list[0].sq;
	d->i = 0;
	d->state = CHILD_WHOLE;
	return NODE_SEARCH;
}

/* Gives the position after the node's move i (the opponent to move) and the window to search
 * it in, from the opponent's side. */
static inline void node_child(const struct node *d, uint64_t *next_p, uint64_t *next_o, int *alpha,
                              int *beta)
{
	const uint64_t f = d->list[d->i].flips;
	*next_p = d->O ^ f;
	*next_o = d->P ^ f ^ (1ULL << d->list[d->i].sq);
	*alpha = d->state == CHILD_SCOUT ? -d->alpha - 1 : -d->beta;
	*beta = d->state == CHILD_SCOUT      ? -d->alpha
	        : d->state == CHILD_RESEARCH ? -d->scout
	                                     : -d->alpha;
}

/* Takes the value v (for the node's side to move) of the search node_child asked for. Returns
 * true when the node is finished (a cut, or no move left); false when node_child has the next
 * search to make. */
static inline bool node_take(struct node *d, int v)
{
	if (d->state == CHILD_SCOUT && v > d->alpha && v < d->beta) {
		d->state = CHILD_RESEARCH;
		d->scout = v;
		return false;
	}
	if (v > d->best) {
		d->best = v;
		d->best_sq = d->list[d->i].sq;
		if (v >= d->beta)
			return true;
		if (v > d->alpha)
			d->alpha = v;
	}
	d->state = CHILD_SCOUT;
	return ++d->i >= d->count;
}

/* Finishes a searched node: stores what it found and returns its value. */
static inline int node_close(struct endgame_ctx *ctx, struct node *d)
{
	/* Failing against a window the table narrowed pins the score to the table's bound. */
	if (d->best < d->lower)
		d->best = d->lower;
	if (d->best > d->upper)
		d->best = d->upper;
	/* Bounds on the exact score, whatever window found them. */
	store(ctx, d->P, d->O, d->n, d->alpha0, d->beta0, d->best, d->best_sq);
	return d->best;
}

/* Returns the score of (P, O) with n > SHALLOW_MAX empties in (alpha, beta), fail-soft. */
static int solve_deep(struct endgame_ctx *ctx, uint64_t P, uint64_t O, int alpha, int beta, int n,
                      int passed)
{
	struct node d;
	switch (node_begin(ctx, &d, P, O, alpha, beta, n, passed, false, 64)) {
	case NODE_SETTLED:
		return d.best;
	case NODE_PASS:
		return -solve_deep(ctx, O, P, -beta, -alpha, n, 1);
	case NODE_SEARCH:
		break;
	}
	for (;;) {
		uint64_t next_p, next_o;
		int a, b;
		node_child(&d, &next_p, &next_o, &a, &b);
		if (node_take(&d, -solve_any(ctx, next_p, next_o, a, b, n - 1)))
			return node_close(ctx, &d);
	}
}

/* ---- the root, resumable ---- */

/*
 * The root is searched by a loop over an explicit stack of nodes (struct node) down to
 * RESUME_MAX empties; each node below that is solved by one call of the recursive solver. So
 * endgame_root_step can stop between two such calls and carry on later from the same place,
 * visiting the same nodes in the same order as one uninterrupted solve: the result and the
 * node count do not depend on how the solve is sliced. endgame_best is one slice.
 */
/* Returns the node on top of the root's stack (the next free frame). */
static inline struct node *root_frame(struct endgame_ctx *ctx)
{
	return &ctx->root.stack[ctx->root.top];
}

static void root_child(struct endgame_ctx *ctx);

/* Enters (P, O) with n empties in (alpha, beta) as the child of the frame on top (or as the
 * root when the stack is empty): a small node is solved at once, its value left in root.ret;
 * a bigger one is pushed and its first child entered in turn. */
static void root_enter(struct endgame_ctx *ctx, uint64_t P, uint64_t O, int alpha, int beta, int n,
                       int passed)
{
	struct endgame_root *r = &ctx->root;
	if (r->top > 0 && n <= RESUME_MAX) {
		r->ret = passed ? solve_deep(ctx, P, O, alpha, beta, n, 1)
		                : solve_any(ctx, P, O, alpha, beta, n);
		r->has_ret = true;
		return;
	}
	struct node *d = root_frame(ctx);
	const bool root = r->top == 0;
	switch (node_begin(ctx, d, P, O, alpha, beta, n, passed, root, root ? r->first : 64)) {
	case NODE_SETTLED:
		if (root)
			r->move = d->best_sq;
		r->ret = d->best;
		r->has_ret = true;
		return;
	case NODE_PASS:
		if (root)
			r->move = ENDGAME_PASS;
		d->pass = true;
		r->top++;
		root_enter(ctx, O, P, -beta, -alpha, n, 1);
		return;
	case NODE_SEARCH:
		d->pass = false;
		r->top++;
		root_child(ctx);
		return;
	}
}

/* Enters the next search the frame on top asks for. */
static void root_child(struct endgame_ctx *ctx)
{
	const struct node *d = &ctx->root.stack[ctx->root.top - 1];
	uint64_t next_p, next_o;
	int a, b;
	node_child(d, &next_p, &next_o, &a, &b);
	root_enter(ctx, next_p, next_o, a, b, d->n - 1, 0);
}

/* The root's search in its window ended with v: done, or a new window around v (the
 * aspiration of endgame_best) for the next step to search. */
static void root_done(struct endgame_ctx *ctx, int v)
{
	struct endgame_root *r = &ctx->root;
	r->step *= ASPIRATION_GROWTH;
	if (v <= r->lo && r->lo > r->alpha) {
		r->lo = v - r->step < r->alpha ? r->alpha : v - r->step;
		r->hi = v + 1;
	} else if (v >= r->hi && r->hi < r->beta) {
		r->hi = v + r->step > r->beta ? r->beta : v + r->step;
		r->lo = v - 1;
	} else {
		r->score = v;
		r->done = true;
	}
}

/* Hands the value of the node just finished (root.ret) to the frames above, finishing those
 * it finishes, and enters the next search the first unfinished one asks for. */
static void root_return(struct endgame_ctx *ctx)
{
	struct endgame_root *r = &ctx->root;
	int v = r->ret;
	r->has_ret = false;
	while (r->top > 0) {
		struct node *d = &r->stack[r->top - 1];
		if (d->pass) {
			v = -v;
		} else if (!node_take(d, -v)) {
			root_child(ctx);
			return;
		} else {
			v = node_close(ctx, d);
			if (r->top == 1)
				r->move = d->best_sq;
		}
		r->top--;
	}
	root_done(ctx, v);
}

void endgame_root_start(struct endgame_ctx *ctx, uint64_t P, uint64_t O, int alpha, int beta,
                        int first, int guess)
{
	struct endgame_root *r = &ctx->root;
	r->P = P;
	r->O = O;
	r->n = board8_count(~(P | O));
	r->top = 0;
	r->has_ret = false;
	r->done = false;
	r->alpha = r->lo = alpha;
	r->beta = r->hi = beta;
	r->step = 1;
	r->first = first >= 0 && first < 64 ? first : 64;
	r->move = ENDGAME_NO_MOVE;
	r->nodes0 = ctx->nodes;
	const uint64_t moves = board8_moves(P, O);
	if (r->n <= SHALLOW_MAX || !moves) {
		/* Few empties, or a pass: each move with the whole window, at once. */
		struct endgame_result small = {.move = ENDGAME_NO_MOVE};
		if (!moves) {
			small.move = board8_moves(O, P) ? ENDGAME_PASS : ENDGAME_NO_MOVE;
			small.score = endgame_solve(ctx, P, O, alpha, beta);
		} else {
			int best = -INF;
			for (uint64_t m = moves; m; m &= m - 1) {
				const int sq = first_square(m);
				const uint64_t f = board8_flips(sq, P, O);
				const int v = -solve_any(ctx, O ^ f, P ^ f ^ (1ULL << sq), -beta,
				                         -(best > alpha ? best : alpha), r->n - 1);
				if (v > best) {
					best = v;
					small.move = sq;
					if (v >= beta)
						break;
				}
			}
			ctx->nodes++;
			small.score = best;
		}
		r->move = small.move;
		r->score = small.score;
		r->done = true;
		return;
	}
	/* A narrow window around a guess first (the weights loaded): an evaluation search
	 * GUESS_DEPTH plies deep, no table, cheap next to the solve, unless the caller has one.
	 * The first window tests the guess alone; a result outside it moves the window there and
	 * widens it ASPIRATION_GROWTH times on each miss. */
	if (!pattern_loaded() || beta - alpha <= 2)
		return;
	if (guess < -ENDGAME_SCORE_MAX || guess > ENDGAME_SCORE_MAX) {
		const int depth = r->n < GUESS_DEPTH ? r->n : GUESS_DEPTH;
		guess = eval_search(P, O, moves, depth, -1000000, 1000000) / 100;
	}
	guess = guess < alpha + 1 ? alpha + 1 : guess > beta - 1 ? beta - 1 : guess;
	r->lo = guess - 1;
	r->hi = guess + 1;
}

bool endgame_root_step(struct endgame_ctx *ctx, uint64_t budget)
{
	struct endgame_root *r = &ctx->root;
	const uint64_t stop =
	    budget && ctx->nodes <= UINT64_MAX - budget ? ctx->nodes + budget : UINT64_MAX;
	while (!r->done) {
		if (ctx->nodes >= stop)
			return false;
		if (r->has_ret)
			root_return(ctx);
		else /* the root, in its (next) window */
			root_enter(ctx, r->P, r->O, r->lo, r->hi, r->n, 0);
	}
	return true;
}

struct endgame_result endgame_root_result(const struct endgame_ctx *ctx)
{
	const struct endgame_root *r = &ctx->root;
	return (struct endgame_result){
	    .move = r->move, .score = r->score, .nodes = ctx->nodes - r->nodes0};
}

int endgame_root_line(const struct endgame_ctx *ctx, int *squares, int max)
{
	const struct endgame_root *r = &ctx->root;
	uint64_t P = r->P, O = r->O;
	int n = 0, move = r->move;
	while (n < max && move != ENDGAME_NO_MOVE) {
		squares[n++] = move;
		if (move == ENDGAME_PASS) {
			const uint64_t t = P;
			P = O;
			O = t;
		} else {
			const uint64_t f = board8_flips(move, P, O);
			const uint64_t next_p = O ^ f;
			O = P ^ f ^ (1ULL << move);
			P = next_p;
		}
		/* The next move: the table's, while it has the position and the move is legal. */
		const uint64_t moves = board8_moves(P, O);
		const struct entry *e = probe(ctx, P, O);
		if (!moves)
			move = board8_moves(O, P) ? ENDGAME_PASS : ENDGAME_NO_MOVE;
		else
			move =
			    e && e->move < 64 && (moves >> e->move & 1) ? e->move : ENDGAME_NO_MOVE;
	}
	return n;
}

/* ---- the interface ---- */

struct endgame_ctx *endgame_new(int table_bits)
{
	if (table_bits == 0)
		table_bits = ENDGAME_TABLE_BITS;
	if (table_bits < 10 || table_bits > 28)
		return NULL;
	last_flip_init();
	around_init();
	struct endgame_ctx *ctx = calloc(1, sizeof *ctx);
	if (!ctx)
		return NULL;
	/* Aligned on a cache line: a bucket is one line. */
	const size_t bytes = ((size_t)1 << table_bits) * sizeof *ctx->table;
	ctx->table = aligned_alloc(64, bytes);
	if (ctx->table)
		memset(ctx->table, 0, bytes);
	ctx->root.stack = calloc(ROOT_STACK, sizeof *ctx->root.stack);
	if (!ctx->table || !ctx->root.stack) {
		endgame_free(ctx);
		return NULL;
	}
	ctx->mask = ((uint64_t)1 << table_bits) - 1;
	return ctx;
}

void endgame_free(struct endgame_ctx *ctx)
{
	if (!ctx)
		return;
	free(ctx->table);
	free(ctx->root.stack);
	free(ctx);
}

void endgame_clear(struct endgame_ctx *ctx)
{
	/* A table nothing was stored in since it was cleared is still clear: a midgame search
	 * that never reached the solver skips the 8 MiB memset (about 1 ms a search). */
	if (!ctx->dirty)
		return;
	ctx->dirty = false;
	memset(ctx->table, 0, (size_t)(ctx->mask + 1) * sizeof *ctx->table);
}

uint64_t endgame_nodes(const struct endgame_ctx *ctx)
{
	return ctx->nodes;
}

int endgame_solve(struct endgame_ctx *ctx, uint64_t P, uint64_t O, int alpha, int beta)
{
	return solve_any(ctx, P, O, alpha, beta, board8_count(~(P | O)));
}

struct endgame_result endgame_best(struct endgame_ctx *ctx, uint64_t P, uint64_t O, int alpha,
                                   int beta)
{
	endgame_root_start(ctx, P, O, alpha, beta, 64, ENDGAME_NO_GUESS);
	endgame_root_step(ctx, 0);
	return endgame_root_result(ctx);
}

int endgame_wld(struct endgame_ctx *ctx, uint64_t P, uint64_t O)
{
	const int v = endgame_solve(ctx, P, O, -1, 1);
	return (v > 0) - (v < 0);
}
