/*
 * games/reversi/deep.c — Reversi's own search for the bottom of the tree (core/game.h,
 * struct game_deep), used by the Hard and Expert levels on the 8×8 board.
 *
 * The shared search walks the top of the tree a node at a time; near its horizon this code
 * takes whole subtrees on 64-bit boards:
 *   - when the position has at most DEEP_EXACT_MAX empty squares and the search would reach
 *     the end anyway (depth >= empties), the exact endgame solver (endgame.h) gives the
 *     final margin, mapped onto the search's won/lost scores;
 *   - otherwise, within DEEP_MID_MAX plies of the horizon, a recursive fail-soft alpha-beta
 *     with the pattern evaluation (pattern.h) at its leaves, updated move by move (the
 *     features are read once at the subtree's root), moves sorted by the opponent's
 *     mobility after them (the last ply's by the class of their square), and finished games
 *     scored exactly.
 * It also ranks the moves of the shared search's own nodes by the evaluation (deep_order) and
 * prunes them by Multi-ProbCut (deep_probcut, fitted by tools/calibrate-mpc into mpc.h).
 * Anything else (other boards and variants, or no evaluation weights loaded) is left to the
 * shared search and the hand-made evaluation. The weights are loaded by the caller before the
 * search (pattern_load); nothing here reads a file.
 */
#include "games/reversi/deep.h"

#include <stdlib.h>
#include <string.h>

#include "core/search.h"
#include "games/reversi/board8.h"
#include "games/reversi/endgame.h"
#include "games/reversi/mpc.h"
#include "games/reversi/pattern.h"
#include "games/reversi/reversi.h"

enum {
	DEEP_TABLE_BITS = 18, /* the solver's table: 2^18 entries */
	MPC_SHALLOW_MAX = 4,  /* ProbCut's shallow searches are at most this deep */
};

/* A board's features, side 0 being p (pattern.h). */
struct features_slot {
	uint64_t p, o;
	struct pattern_features f;
};

enum { FEATURES_CACHE_BITS = 8 }; /* 256 slots: 64 missed 2.5 times as often */

struct deep_ctx {
	struct endgame_ctx *endgame;
	uint64_t nodes;
	uint64_t solve_nodes; /* the solver's count when the root solve last stepped */
	/* The features of the boards met last, by a hash of the board: deep_order leaves each
	 * child's here for the child's own ProbCut, ordering and search, which then need not read
	 * the board again. Only a speed-up: a board not found is read (pattern_features). */
	struct features_slot cache[1 << FEATURES_CACHE_BITS];
};

/* The cache slot of the board {a, b}, by its occupied squares (the same whichever side is
 * first; a move makes each child's differ from its siblings'). */
static struct features_slot *features_slot(struct deep_ctx *c, uint64_t a, uint64_t b)
{
	const uint64_t h = (a | b) * 0x9e3779b97f4a7c15ULL;
	return &c->cache[h >> (64 - FEATURES_CACHE_BITS)];
}

/* Returns the features of (P, O), from the cache or read and left there; *side is the side
 * of the features that P is (0 or 1). */
static const struct pattern_features *features_of(struct deep_ctx *c, uint64_t P, uint64_t O,
                                                  int *side)
{
	struct features_slot *e = features_slot(c, P, O);
	if (e->p == P && e->o == O) {
		*side = 0;
	} else if (e->p == O && e->o == P) {
		*side = 1;
	} else {
		pattern_features(P, O, &e->f);
		e->p = P;
		e->o = O;
		*side = 0;
	}
	return &e->f;
}

/* Returns the search score of a final margin m for the side to move (core/search.h). */
static int exact_score(int m)
{
	return search_win_score(m, 0);
}

/* Returns the largest margin whose score is at most v, within [-64, 64] (-65: none). */
static int margin_at_most(int v)
{
	int m = 64;
	while (m >= -64 && exact_score(m) > v)
		m--;
	return m;
}

/* Returns the final margin of a finished game (P, O) for P, empties to the winner. */
static int final_margin(uint64_t P, uint64_t O)
{
	const int p = board8_count(P), o = board8_count(O), e = 64 - p - o;
	return p > o ? p - o + e : p < o ? p - o - e : 0;
}

/* The order of the leaves (Edax's order of the squares by their class, in four classes): the
 * corners, every square but the C and X squares, the C squares (on an edge, next to a corner),
 * the X squares (diagonally next to a corner). A cut comes sooner than in square order: 8% fewer
 * nodes to the same depth at Expert's settings (docs/BENCHMARKS.md). */
static const uint64_t LEAF_ORDER[4] = {
    0x8100000000000081ULL, /* corners */
    0x3c3cffffffff3c3cULL, /* the rest */
    0x4281000000008142ULL, /* C squares */
    0x0042000000004200ULL, /* X squares */
};

/* Fail-soft alpha-beta of (P, O) `depth` plies deep; pattern evaluation at the leaves. The
 * features f (pattern.h) describe the board, P being their side `side`; each move updates a
 * copy of them instead of reading the board again at the leaves. */
static int mid_node(struct deep_ctx *c, uint64_t P, uint64_t O, uint64_t moves,
                    const struct pattern_features *f, int side, int depth, int alpha, int beta)
{
	c->nodes++;
	if (depth == 0) {
		const uint64_t replies = board8_moves(O, P);
		if (!moves && !replies)
			return exact_score(final_margin(P, O));
		return pattern_evaluate_features(f, side, 64 - board8_count(P | O),
		                                 board8_count(moves) - board8_count(replies));
	}
	if (!moves) {
		const uint64_t theirs = board8_moves(O, P);
		if (!theirs)
			return exact_score(final_margin(P, O));
		/* a pass costs no depth */
		return -mid_node(c, O, P, theirs, f, !side, depth, -beta, -alpha);
	}
	int best = -SEARCH_INFINITY;
	if (depth == 1) {
		/* The leaves below, in LEAF_ORDER, evaluated here rather than by a call each (the
		 * same nodes and scores as mid_node at depth 0). */
		const int empties = 63 - board8_count(P | O);
		const int16_t *w = pattern_stage_weights(empties);
		for (int g = 0; g < 4; g++) {
			for (uint64_t m = moves & LEAF_ORDER[g]; m; m &= m - 1) {
				const int sq = __builtin_ctzll(m);
				const uint64_t flips = board8_flips(sq, P, O);
				const uint64_t cp = O & ~flips, co = P | flips | 1ULL << sq;
				uint64_t cm, cr;
				board8_moves_pair(cp, co, &cm, &cr);
				c->nodes++;
				int v;
				if (!cm && !cr) {
					v = -exact_score(final_margin(cp, co));
				} else {
					v = -pattern_leaf(w, f, side, sq, flips,
					                  board8_count(cm) - board8_count(cr));
				}
				/* (best < beta until here: the same as cutting at v >= beta, without
				 * the hard-to-predict branch of a new best) */
				best = v > best ? v : best;
				if (best >= beta)
					return best;
			}
		}
		return best;
	}
	/* Two plies or more from the leaves the moves are sorted. Each is one int, its sort key
	 * above its square (the smallest word is the next move); the flips of each move and the
	 * opponent's moves after it, found for the key, are kept for the search below (at the
	 * same index as the word). */
	int sq[32], n = 0;
	uint64_t flips[32], replies[32];
	for (uint64_t m = moves; m; m &= m - 1)
		sq[n++] = __builtin_ctzll(m);
	for (int i = 0; i < n; i++) {
		const uint64_t f1 = board8_flips(sq[i], P, O);
		const uint64_t np = P | f1 | 1ULL << sq[i], no = O & ~f1;
		const uint64_t reply = board8_moves(no, np);
		flips[i] = f1;
		replies[i] = reply;
		/* Fewest replies first, corners (LEAF_ORDER[0]) weighing double; corners for us first;
		 * among equals, C squares after the others and X squares last (LEAF_ORDER's classes). */
		const uint64_t b = 1ULL << sq[i];
		const int key = board8_count(reply) + board8_count(reply & LEAF_ORDER[0]) -
		                ((b & LEAF_ORDER[0]) ? 8 : 0);
		const int class = !!(b & LEAF_ORDER[2]) + 2 * !!(b & LEAF_ORDER[3]);
		sq[i] |= ((key + 16) << 2 | class) << 6;
	}
	for (int i = 0; i < n; i++) {
		/* The moves in key order, the next one picked when it is needed (a cut often comes
		 * at the first): the smallest word left, found without branches (the words are
		 * distinct, so the order is that of a full sort). */
		int low = sq[i], at = i;
		for (int j = i + 1; j < n; j++) {
			at = sq[j] < low ? j : at;
			low = sq[j] < low ? sq[j] : low;
		}
		const uint64_t fl = flips[at], reply = replies[at];
		sq[at] = sq[i], flips[at] = flips[i], replies[at] = replies[i];
		const int s = low & 63;
		struct pattern_features child;
		pattern_features_after(f, side, s, fl, &child);
		const int v = -mid_node(c, O & ~fl, P | fl | 1ULL << s, reply, &child, !side,
		                        depth - 1, -beta, -(alpha > best ? alpha : best));
		best = v > best ? v : best; /* without a branch, as at depth 1 */
		if (best >= beta)
			break;
	}
	return best;
}

/* mid_node from the board alone. */
static int mid_search(struct deep_ctx *c, uint64_t P, uint64_t O, int depth, int alpha, int beta)
{
	int side;
	/* mid_node reads the slot only: it copies the features it changes, and never the cache */
	const struct pattern_features *f = features_of(c, P, O, &side);
	return mid_node(c, P, O, board8_moves(P, O), f, side, depth, alpha, beta);
}

/* The deep search runs on the 8x8 board only: its table is one size. */
static void *deep_create(const void *pos)
{
	(void)pos;
	/* aligned as its features are (calloc's 16 bytes are not enough) */
	const size_t align = _Alignof(struct deep_ctx);
	struct deep_ctx *c = aligned_alloc(align, (sizeof *c + align - 1) / align * align);
	if (!c)
		return NULL;
	memset(c, 0, sizeof *c);
	c->endgame = endgame_new(DEEP_TABLE_BITS);
	if (!c->endgame) {
		free(c);
		return NULL;
	}
	return c;
}

static void deep_destroy(void *ctx)
{
	struct deep_ctx *c = ctx;
	if (!c)
		return;
	endgame_free(c->endgame);
	free(c);
}

static void deep_reset(void *ctx, const void *root)
{
	(void)root;
	struct deep_ctx *c = ctx;
	endgame_clear(c->endgame);
}

static int deep_search(void *ctx, const void *p, int depth, int alpha, int beta, int *score,
                       uint64_t *nodes)
{
	struct deep_ctx *c = ctx;
	const struct reversi_pos *pos = p;
	if (pos->size != 8 || pos->anti || pos->hole)
		return GAME_DEEP_NO;
	const uint64_t P = (uint64_t)pos->disc[pos->side], O = (uint64_t)pos->disc[!pos->side];
	const int empties = 64 - board8_count(P | O);
	if (empties <= DEEP_EXACT_MAX && depth >= empties) {
		int a = margin_at_most(alpha), b = margin_at_most(beta);
		if (exact_score(b) < beta)
			b++; /* the smallest margin whose score is at least beta */
		if (a >= 64 || b <= -64) {
			*score = exact_score(a >= 64 ? 64 : -64);
			return GAME_DEEP_EXACT;
		}
		a = a < -64 ? -64 : a;
		b = b > 64 ? 64 : b;
		const uint64_t before = endgame_nodes(c->endgame);
		*score = exact_score(endgame_solve(c->endgame, P, O, a, b));
		/* the solver counts the node itself, which the shared search has counted */
		*nodes += endgame_nodes(c->endgame) - before - 1;
		return GAME_DEEP_EXACT;
	}
	if (depth > DEEP_MID_MAX || !pattern_loaded())
		return GAME_DEEP_NO;
	c->nodes = 0;
	*score = mid_search(c, P, O, depth, alpha, beta);
	*nodes += c->nodes - 1; /* as above: mid_node counts the node, not only those below */
	return GAME_DEEP_SCORE;
}

/* Ranks the moves of the shared search's nodes by the pattern evaluation of the position after
 * each (a deeper look below each move cost more than it saved, measured at depths 11 and 12).
 * The moves are the rules' own (core/game.h), with their flips: they are not found again. */
static void deep_order(void *ctx, const void *p, const struct game_move *moves, int n, int depth,
                       int *keys, uint64_t *nodes)
{
	struct deep_ctx *c = ctx;
	(void)depth;
	const struct reversi_pos *pos = p;
	for (int i = 0; i < n; i++)
		keys[i] = 0;
	if (pos->size != 8 || pos->anti || pos->hole || n < 2 || !pattern_loaded())
		return;
	const uint64_t P = (uint64_t)pos->disc[pos->side], O = (uint64_t)pos->disc[!pos->side];
	int side;
	const struct pattern_features features = *features_of(c, P, O, &side);
	for (int i = 0; i < n; i++) {
		const int sq = (int)moves[i].code;
		const uint64_t f = (uint64_t)reversi_move_flips(&moves[i]);
		const uint64_t np = P | f | 1ULL << sq, no = O & ~f;
		/* the child's features, left in the cache for its own search */
		struct features_slot *e = features_slot(c, np, no);
		e->f = features;
		e->p = side == 0 ? np : no;
		e->o = side == 0 ? no : np;
		pattern_features_play(&e->f, side, sq, f);
		uint64_t mine, theirs;
		board8_moves_pair(no, np, &mine, &theirs);
		const int v = -pattern_evaluate_features(&e->f, !side, 64 - board8_count(np | no),
		                                         board8_count(mine) - board8_count(theirs));
		const long key = (long)v + GAME_DEEP_KEY_MAX / 2;
		keys[i] = key < 0 ? 0 : key >= GAME_DEEP_KEY_MAX ? GAME_DEEP_KEY_MAX - 1 : (int)key;
	}
	*nodes += (uint64_t)n;
}

/* Multi-ProbCut (Buro): a search `depth` plies deep scores about a·v + b, with an error of
 * standard deviation sigma, where v is a search reversi_mpc_shallow(depth) plies deep (at a
 * node searched to the end, the final margin from a reversi_mpc_end_shallow(empties) search).
 * When v says the deep score is beyond the window by `confidence` tenths of sigma, the node is
 * cut without searching it. The fits come from Parity's own positions (tools/calibrate-mpc.c). */
static bool deep_probcut(void *ctx, const void *p, int depth, int alpha, int beta, int confidence,
                         int *score, uint64_t *nodes)
{
	struct deep_ctx *c = ctx;
	const struct reversi_pos *pos = p;
	if (pos->size != 8 || pos->anti || pos->hole || depth < MPC_MIN_DEPTH || !pattern_loaded())
		return false;
	const uint64_t P = (uint64_t)pos->disc[pos->side], O = (uint64_t)pos->disc[!pos->side];
	const int empties = 64 - board8_count(P | O);
	/* A node whose search goes to the end of the game has fits of its own, by its empty
	 * squares: the shallow search predicts the final margin, which it misses by more than
	 * it misses a midgame search's score. */
	const bool end = depth >= empties;
	if (end && empties <= DEEP_EXACT_MAX)
		return false; /* the exact solver takes this node at once */
	/* A bound that is a proven result counts as its margin in evaluation units: the fit
	 * predicts the deep search's score in discs either way. */
	const int a0 = search_proven(alpha) ? search_margin(alpha) * 100 : alpha;
	const int b0 = search_proven(beta) ? search_margin(beta) * 100 : beta;
	const struct mpc_fit *m =
	    end ? &reversi_mpc_end[(empties > MPC_END_MAX ? MPC_END_MAX : empties) - MPC_END_MIN]
	        : &reversi_mpc[(depth > MPC_MAX_DEPTH ? MPC_MAX_DEPTH : depth) - MPC_MIN_DEPTH];
	const int shallow = end ? reversi_mpc_end_shallow(empties) : reversi_mpc_shallow(depth);
	const long t = (long)confidence * m->sigma / 10;
	bool cut = false;
	c->nodes = 0;
	/* a·v + b >= beta + t  <=>  v >= (beta + t - b) / a  (a in thousandths) */
	const long hi = ((long)b0 + t - m->b) * 1000 / m->a + 1;
	if (hi < SEARCH_PROVEN && mid_search(c, P, O, shallow, (int)hi - 1, (int)hi) >= hi) {
		*score = beta;
		cut = true;
	}
	const long lo = ((long)a0 - t - m->b) * 1000 / m->a - 1;
	if (!cut && lo > -SEARCH_PROVEN &&
	    mid_search(c, P, O, shallow, (int)lo, (int)lo + 1) <= lo) {
		*score = alpha;
		cut = true;
	}
	*nodes += c->nodes;
	return cut;
}

/* The exact (or win/draw/loss) iteration of a search at its root: the solver's own root, with
 * its aspiration window around the guess (the selective iterations' score) and its sorting,
 * resumable (endgame_root_*). Only the standard 8×8 board. */
static bool deep_solve_start(void *ctx, const void *p, bool wld, int guess, uint32_t first)
{
	struct deep_ctx *c = ctx;
	const struct reversi_pos *pos = p;
	if (pos->size != 8 || pos->anti || pos->hole)
		return false;
	const uint64_t P = (uint64_t)pos->disc[pos->side], O = (uint64_t)pos->disc[!pos->side];
	/* A guess in evaluation units (1/100 disc) or a proven result, in discs. */
	const int discs = search_proven(guess) ? search_margin(guess) : guess / 100;
	endgame_root_start(c->endgame, P, O, wld ? -1 : -64, wld ? 1 : 64,
	                   first < 64 ? (int)first : 64, discs);
	c->solve_nodes = endgame_nodes(c->endgame);
	return true;
}

static bool deep_solve_step(void *ctx, uint64_t budget, uint64_t *nodes)
{
	struct deep_ctx *c = ctx;
	const bool done = endgame_root_step(c->endgame, budget);
	const uint64_t now = endgame_nodes(c->endgame);
	*nodes += now - c->solve_nodes;
	c->solve_nodes = now;
	return done;
}

static int deep_solve_result(void *ctx, int *score, uint32_t *codes, int max)
{
	struct deep_ctx *c = ctx;
	*score = exact_score(endgame_root_result(c->endgame).score);
	int line[SEARCH_PV_MAX];
	const int n =
	    endgame_root_line(c->endgame, line, max < SEARCH_PV_MAX ? max : SEARCH_PV_MAX);
	for (int i = 0; i < n; i++)
		codes[i] = line[i] == ENDGAME_PASS ? REVERSI_PASS : (uint32_t)line[i];
	return n;
}

int reversi_mpc_shallow(int depth)
{
	/* At most 4 plies: mpc.h's fits were made so (before DEEP_MID_MAX went from 4 to 3;
	 * mid_search takes any depth). */
	const int d = depth / 3;
	return d < 1 ? 1 : d > MPC_SHALLOW_MAX ? MPC_SHALLOW_MAX : d;
}

int reversi_mpc_end_shallow(int empties)
{
	(void)empties;
	return MPC_SHALLOW_MAX;
}

int reversi_deep_shallow_score(uint64_t P, uint64_t O, int depth)
{
	struct deep_ctx c = {0};
	return mid_search(&c, P, O, depth, -SEARCH_INFINITY, SEARCH_INFINITY);
}

const struct game_deep reversi_deep = {
    .create = deep_create,
    .destroy = deep_destroy,
    .reset = deep_reset,
    .search = deep_search,
    .order = deep_order,
    .probcut = deep_probcut,
    .solve_start = deep_solve_start,
    .solve_step = deep_solve_step,
    .solve_result = deep_solve_result,
};

int reversi_deep_evaluate(const struct reversi_pos *pos)
{
	const uint64_t P = (uint64_t)pos->disc[pos->side], O = (uint64_t)pos->disc[!pos->side];
	return pattern_evaluate(P, O);
}
