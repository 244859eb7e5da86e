/*
 * tests/test_checkers_engine.c — the checkers engine (games/checkers/engine.c, ballot.c):
 * the evaluation is the same for either colour, prefers material, kings and trades when
 * ahead; the search with quiescence scores exactly as a plain recursion that plays out every
 * pending capture at the horizon; no exchange is cut off; a repetition is seen as a draw;
 * a lone move is searched only for its score;
 * the ballot openings are legal and distinct; the levels grow stronger in a short match; the
 * trained evaluation's features and patterns are colour-blind and its weights are what the file
 * says.
 */
/* cmocka.h needs these first, in this order */
/* clang-format off */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
/* clang-format on */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/hash.h"
#include "core/level.h"
#include "core/match.h"
#include "core/search.h"
#include "games/checkers/checkers.h"

static const struct game_rules *const R = &checkers_rules;

static struct checkers_pos parse(const char *fen)
{
	struct checkers_pos pos;
	char err[GAME_ERR_MAX];
	if (R->pos_parse(&pos, fen, NULL, err) != GAME_OK)
		fail_msg("%s: %s", fen, err);
	return pos;
}

/* Returns the position after `n` moves from the start, each a legal move of its position. */
static struct checkers_pos played(const char *const *moves, size_t n)
{
	struct checkers_pos pos;
	R->start(&pos, NULL);
	for (size_t i = 0; i < n; i++) {
		struct game_move m;
		char err[GAME_ERR_MAX];
		assert_int_equal(R->move_parse(&pos, moves[i], &m, err), GAME_OK);
		R->play(&pos, &m);
	}
	return pos;
}

/* Returns x with its 32 bits in reverse order. */
static uint32_t reverse(uint32_t x)
{
	uint32_t r = 0;
	for (int i = 0; i < 32; i++)
		r |= (x >> i & 1u) << (31 - i);
	return r;
}

/* Returns pos turned half round with the colours swapped: square n becomes 33 - n. */
static struct checkers_pos flip(const struct checkers_pos *pos)
{
	struct checkers_pos out = *pos;
	out.piece[0] = reverse(pos->piece[1]);
	out.piece[1] = reverse(pos->piece[0]);
	out.kings = reverse(pos->kings);
	out.side = (uint8_t)!pos->side;
	return out;
}

/* Plays pseudo-random moves from the start. */
static struct checkers_pos random_position(uint64_t seed, int plies)
{
	struct checkers_pos pos;
	R->start(&pos, NULL);
	struct game_move moves[GAME_MOVES_MAX];
	for (int i = 0; i < plies; i++) {
		const int n = R->generate(&pos, moves);
		if (n == 0)
			break;
		R->play(&pos, &moves[(hash_lcg_next(&seed) >> 33) % (uint64_t)n]);
	}
	return pos;
}

static void test_evaluation(void **state)
{
	(void)state;
	/* The same for either colour, on many positions. */
	for (uint64_t seed = 1; seed <= 300; seed++) {
		const struct checkers_pos pos = random_position(seed, (int)(seed % 90));
		const struct checkers_pos f = flip(&pos);
		assert_true(checkers_valid(&f));
		assert_int_equal(checkers_evaluate(&pos), checkers_evaluate(&f));
	}
	/* The start is even. */
	struct checkers_pos pos;
	R->start(&pos, NULL);
	assert_int_equal(checkers_evaluate(&pos), 0);
	/* A man up is good, a king better than a man. */
	const struct checkers_pos up = parse("B:W22,23,24:B9,10,11,12");
	assert_true(checkers_evaluate(&up) > 70);
	const struct checkers_pos king = parse("B:W22,23:BK15,6");
	const struct checkers_pos man = parse("B:W22,23:B15,6");
	assert_true(checkers_evaluate(&king) > checkers_evaluate(&man));
	/* Trade down when ahead: one man up with fewer pieces left is worth more. */
	const struct checkers_pos many = parse("W:W17,18,19,20,21,22:B5,6,7,8,9,10,11");
	const struct checkers_pos few = parse("W:W17,18:B5,6,7");
	assert_true(checkers_evaluate(&few) < checkers_evaluate(&many));
	/* A guarded back rank is worth something while the other side has men. */
	const struct checkers_pos guarded = parse("B:W21,22,23:B1,3,9");
	const struct checkers_pos open = parse("B:W21,22,23:B5,6,9");
	assert_true(checkers_evaluate(&guarded) > checkers_evaluate(&open));
}

/* Returns the pattern index of region r for side c of pos by the definition (checkers.h):
 * the board seen by c as Black (square n is 33 - n for White), region r = rows 2·(r / 3) to
 * 2·(r / 3) + 3 (0-based, 4 squares a row) by the squares r % 3 and r % 3 + 1 of each row,
 * square k of the region (row by row, 2 a row) counting 3^k times 0 empty, 1 own, 2 the
 * opponent's. */
static int reference_pattern(const struct checkers_pos *pos, int c, int r)
{
	int idx = 0, power = 1;
	for (int row = 2 * (r / 3); row < 2 * (r / 3) + 4; row++)
		for (int col = r % 3; col < r % 3 + 2; col++, power *= 3) {
			const int seen = 4 * row + col; /* 0-based square as c sees it */
			const int sq = c == CHECKERS_BLACK ? seen : 31 - seen;
			idx += power * ((pos->piece[c] >> sq & 1u)    ? 1
			                : (pos->piece[!c] >> sq & 1u) ? 2
			                                              : 0);
		}
	return idx;
}

/* Fills x with the features of the position of `fen`. */
static void features_of(const char *fen, int *x)
{
	const struct checkers_pos pos = parse(fen);
	checkers_eval_features(&pos, x);
}

/* Returns phase p's weights (of w, CHECKERS_EVAL_PHASES × CHECKERS_EVAL_WEIGHTS floats) times
 * pos's features and region patterns, in 1/64 (each weight rounded to 1/64, as the engine keeps
 * them); in *exact, the same sum without rounding the weights, in 1/100 of a man. */
static int32_t phase_whole(const float *w, int p, const struct checkers_pos *pos, double *exact)
{
	int x[CHECKERS_EVAL_FEATURES], idx[2][CHECKERS_EVAL_REGIONS];
	checkers_eval_features(pos, x);
	checkers_eval_patterns(pos, idx);
	const float *wp = w + p * CHECKERS_EVAL_WEIGHTS;
	int32_t whole = 0;
	double sum = 0;
	for (int i = 0; i < CHECKERS_EVAL_FEATURES; i++) {
		whole += (int32_t)lrintf(64.0f * wp[i]) * x[i];
		sum += wp[i] * x[i];
	}
	for (int r = 0; r < CHECKERS_EVAL_REGIONS; r++) {
		const float *table = wp + CHECKERS_EVAL_FEATURES + r * CHECKERS_EVAL_PATTERN;
		whole += (int32_t)lrintf(64.0f * table[idx[0][r]]) -
		         (int32_t)lrintf(64.0f * table[idx[1][r]]);
		sum += table[idx[0][r]] - table[idx[1][r]];
	}
	*exact = sum;
	return whole;
}

/* The score the engine must give pos with weights w: its phase's alone (a "PCEVAL3" file), or
 * blended with the next phase's near a boundary (blended, a "PCEVAL4" file); in *exact, the
 * same without rounding the weights. */
static int want_score(const float *w, int blended, const struct checkers_pos *pos, double *exact)
{
	int t = 0;
	const int p = blended ? checkers_eval_blend(pos, &t) : checkers_eval_phase(pos);
	double ea, eb;
	const int64_t a = phase_whole(w, p, pos, &ea);
	if (!t) {
		*exact = ea;
		return (int)(a / 64);
	}
	const int64_t b = phase_whole(w, p + 1, pos, &eb);
	*exact = ((5 - t) * ea + t * eb) / 5;
	return (int)(((5 - t) * a + t * b) / (5 * 64));
}

/* Reads the committed weights (every weight) into w; returns 1 if the file blends the phases
 * ("PCEVAL4", what make checkers-eval writes), 0 if not ("PCEVAL3"). */
static int read_committed(float w[CHECKERS_EVAL_PHASES * CHECKERS_EVAL_WEIGHTS])
{
	enum { ALL = CHECKERS_EVAL_PHASES * CHECKERS_EVAL_WEIGHTS };
	FILE *f = fopen("assets/checkers-eval.bin", "rb");
	assert_non_null(f);
	char magic[8];
	assert_int_equal(fread(magic, 1, 8, f), 8);
	const int blended = memcmp(magic, "PCEVAL4\n", 8) == 0;
	assert_true(blended || memcmp(magic, "PCEVAL3\n", 8) == 0);
	assert_int_equal(fread(w, sizeof w[0], ALL, f), ALL);
	fclose(f);
	return blended;
}

/* Writes magic and the weights w to a new temporary file, whose name goes to path. */
static void write_weights(char path[24], const char *magic, const float *w)
{
	enum { ALL = CHECKERS_EVAL_PHASES * CHECKERS_EVAL_WEIGHTS };
	strcpy(path, "/tmp/parity-eval-XXXXXX");
	const int fd = mkstemp(path);
	assert_true(fd >= 0);
	FILE *t = fdopen(fd, "wb");
	assert_non_null(t);
	assert_int_equal(fwrite(magic, 1, 8, t), 8);
	assert_int_equal(fwrite(w, sizeof w[0], ALL, t), ALL);
	assert_int_equal(fclose(t), 0);
}

/* The trained evaluation (assets/checkers-eval.bin, make checkers-eval): its features and
 * region patterns are the same for either colour (those of the side not to move subtracted),
 * the patterns are what their definition says; loaded, the evaluation is the weighted sum of
 * the features and the pattern weights of the position's phase (blended with the next phase's
 * near a boundary, as the committed "PCEVAL4" file asks), the same for either colour,
 * even at the start, and still prefers a man up; a file of the second version (68 features and
 * the tables) is read with its later features 0, one of the first (68 features only) with its
 * tables 0 too; a damaged file is refused and leaves the hand-made evaluation. */
static void test_trained_evaluation(void **state)
{
	(void)state;
	for (uint64_t seed = 1; seed <= 200; seed++) {
		const struct checkers_pos pos = random_position(seed, (int)(seed % 90));
		const struct checkers_pos f = flip(&pos);
		int a[CHECKERS_EVAL_FEATURES], b[CHECKERS_EVAL_FEATURES];
		checkers_eval_features(&pos, a);
		checkers_eval_features(&f, b);
		assert_memory_equal(a, b, sizeof a);
		assert_int_equal(checkers_eval_phase(&pos), checkers_eval_phase(&f));
		int pa[2][CHECKERS_EVAL_REGIONS], pb[2][CHECKERS_EVAL_REGIONS];
		checkers_eval_patterns(&pos, pa);
		checkers_eval_patterns(&f, pb);
		assert_memory_equal(pa, pb, sizeof pa);
		for (int r = 0; r < CHECKERS_EVAL_REGIONS; r++) {
			assert_int_equal(pa[0][r], reference_pattern(&pos, pos.side, r));
			assert_int_equal(pa[1][r], reference_pattern(&pos, !pos.side, r));
		}
	}
	/* The third version's features, where their definition can be counted by hand (68 king
	 * mobility, 69 trapped kings, 70 men out of balance, 71 the opposition). */
	{
		int x[CHECKERS_EVAL_FEATURES];
		/* Black's king on 32 has 27 and 28 in front of it: trapped, no simple move. */
		features_of("B:W23,24,27,28:BK32", x);
		assert_int_equal(x[68], 0);
		assert_int_equal(x[69], 1);
		features_of("W:W23,24,27,28:BK32", x);
		assert_int_equal(x[69], -1);
		features_of("B:WK10:BK32", x);
		assert_int_equal(x[68], 2 - 4);
		assert_int_equal(x[69], 0);
		/* Black's men all on one half (1, 2, 5): 3; White's single man: 1. */
		features_of("B:W30:B1,2,5", x);
		assert_int_equal(x[70], 3 - 1);
		assert_int_equal(x[71], 0); /* material not even */
		/* Even material: the parity of the pieces on 5-8, 13-16, 21-24, 29-32. */
		features_of("B:W30:B1", x);
		assert_int_equal(x[71], 1);
		features_of("B:W26:B1", x);
		assert_int_equal(x[71], -1);
		features_of("W:W26:B1", x);
		assert_int_equal(x[71], -1);
	}
	char err[GAME_ERR_MAX];
	assert_int_equal(checkers_eval_load("assets/checkers-eval.bin", err), 0);
	assert_true(checkers_eval_trained());
	enum { ALL = CHECKERS_EVAL_PHASES * CHECKERS_EVAL_WEIGHTS };
	static float w[ALL];
	const int blended = read_committed(w);
	double tables = 0; /* the patterns are not all 0 */
	for (int p = 0; p < CHECKERS_EVAL_PHASES; p++)
		for (int i = CHECKERS_EVAL_FEATURES; i < CHECKERS_EVAL_WEIGHTS; i++)
			tables += fabs(w[p * CHECKERS_EVAL_WEIGHTS + i]);
	assert_true(tables > 100);
	/* The evaluation is the weights (kept as multiples of 1/64) times the features and the
	 * region patterns the trainer sees, to the unit: the engine sums them side by side, not
	 * through these vectors, so every feature's weight and sign is checked here. */
	for (uint64_t seed = 1; seed <= 3000; seed++) {
		const struct checkers_pos pos = random_position(seed, (int)(seed % 150));
		const struct checkers_pos fl = flip(&pos);
		double sum; /* the same without rounding the weights */
		const int v = checkers_evaluate(&pos);
		assert_int_equal(v, want_score(w, blended, &pos, &sum));
		assert_true(fabs(v - sum) <= 3);
		assert_int_equal(v, checkers_evaluate(&fl));
	}
	const struct checkers_pos up = parse("B:W22,23,24:B9,10,11,12");
	const struct checkers_pos even = parse("B:W22,23,24:B9,10,11");
	assert_true(checkers_evaluate(&up) > checkers_evaluate(&even) + 50);
	/* The second version: the first 68 features and the tables; the later features 0. */
	enum { V2 = 68, TABLES = CHECKERS_EVAL_REGIONS * CHECKERS_EVAL_PATTERN };
	char v2[] = "/tmp/parity-eval-XXXXXX";
	int fd = mkstemp(v2);
	assert_true(fd >= 0);
	FILE *t = fdopen(fd, "wb");
	assert_int_equal(fwrite("PCEVAL2\n", 1, 8, t), 8);
	for (int p = 0; p < CHECKERS_EVAL_PHASES; p++) {
		const float *wp = w + p * CHECKERS_EVAL_WEIGHTS;
		assert_int_equal(fwrite(wp, 4, V2, t), V2);
		assert_int_equal(fwrite(wp + CHECKERS_EVAL_FEATURES, 4, TABLES, t), TABLES);
	}
	fclose(t);
	static float back[ALL];
	assert_int_equal(checkers_eval_read(v2, back, err), 0);
	for (int p = 0; p < CHECKERS_EVAL_PHASES; p++)
		for (int i = 0; i < CHECKERS_EVAL_WEIGHTS; i++)
			assert_true(back[p * CHECKERS_EVAL_WEIGHTS + i] ==
			            (i < V2 || i >= CHECKERS_EVAL_FEATURES
			                 ? w[p * CHECKERS_EVAL_WEIGHTS + i]
			                 : 0.0f));
	remove(v2);
	/* The first version: the phases' first 68 feature weights only. */
	char path[] = "/tmp/parity-eval-XXXXXX";
	fd = mkstemp(path);
	assert_true(fd >= 0);
	t = fdopen(fd, "wb");
	assert_int_equal(fwrite("PCEVAL1\n", 1, 8, t), 8);
	for (int p = 0; p < CHECKERS_EVAL_PHASES; p++)
		assert_int_equal(fwrite(w + p * CHECKERS_EVAL_WEIGHTS, 4, V2, t), V2);
	fclose(t);
	assert_int_equal(checkers_eval_read(path, back, err), 0);
	for (int p = 0; p < CHECKERS_EVAL_PHASES; p++)
		for (int i = 0; i < CHECKERS_EVAL_WEIGHTS; i++)
			assert_true(back[p * CHECKERS_EVAL_WEIGHTS + i] ==
			            (i < V2 ? w[p * CHECKERS_EVAL_WEIGHTS + i] : 0.0f));
	remove(path);
	/* A truncated file is refused, and the hand-made evaluation is back. */
	char cut[] = "/tmp/parity-eval-XXXXXX";
	fd = mkstemp(cut);
	assert_true(fd >= 0);
	t = fdopen(fd, "wb");
	assert_int_equal(fwrite("PCEVAL3\n", 1, 8, t), 8);
	assert_int_equal(fwrite(w, 4, CHECKERS_EVAL_PHASES * CHECKERS_EVAL_FEATURES, t),
	                 CHECKERS_EVAL_PHASES * CHECKERS_EVAL_FEATURES);
	fclose(t);
	assert_int_not_equal(checkers_eval_load(cut, err), 0);
	remove(cut);
	assert_false(checkers_eval_trained());
	struct checkers_pos start;
	R->start(&start, NULL);
	assert_int_equal(checkers_evaluate(&start), 0);
}

/* Returns the reference score of pos `depth` plies deep, every pending capture at the horizon
 * played out, by plain recursion (no table, no ordering, no pruning). */
static int reference(const struct checkers_pos *pos, int depth, int ply)
{
	struct game_move moves[GAME_MOVES_MAX];
	const int n = R->generate(pos, moves);
	if (n == 0) {
		const int r = R->result(pos) * (pos->side == CHECKERS_BLACK ? 1 : -1);
		return search_win_score(r, ply);
	}
	if (depth <= 0 && !checkers_move_captures(&moves[0]))
		return checkers_evaluate(pos);
	int best = -SEARCH_INFINITY;
	for (int i = 0; i < n; i++) {
		struct checkers_pos child = *pos;
		R->play(&child, &moves[i]);
		const int v = -reference(&child, depth - 1, ply + 1);
		if (v > best)
			best = v;
	}
	return best;
}

/* A "PCEVAL4" file blends the phases near their boundaries: two piece counts either side of
 * 19, 13 and 8 the score is ((5 - t)·E[p] + t·E[p + 1]) / 5 (checkers_eval_blend), elsewhere
 * its phase's alone; the same weights in a "PCEVAL3" file are not blended. */
static void test_blended_evaluation(void **state)
{
	(void)state;
	enum { ALL = CHECKERS_EVAL_PHASES * CHECKERS_EVAL_WEIGHTS };
	static float w[ALL];
	read_committed(w);
	/* The blend by piece count: {pieces, phase, fifths of the next}. */
	static const char *const boards[] = {
	    "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12", /* 24 */
	    "B:W21,22,23,24,25,26,27,28,29,30:B1,2,3,4,5,6,7,8,9,10",             /* 20 */
	    "B:W21,22,23,24,25,26,27,28,29:B1,2,3,4,5,6,7,8",                     /* 17 */
	    "B:W21,22,23,24,25,26,27,28:B1,2,3,4,5,6,7,8",                        /* 16 */
	    "B:W21,22,23,24,25,26,27:B1,2,3,4,5,6,7",                             /* 14 */
	    "B:W21,22,23,24,25:B1,2,3,4,5",                                       /* 10 */
	    "B:W21,22,23,24,25:B1,2,3,4",                                         /* 9 */
	    "B:W21,22,23:B1,2,3",                                                 /* 6 */
	    "B:W21,22,23:B1,2",                                                   /* 5 */
	};
	static const int expect[][2] = {{0, 0}, {0, 1}, {0, 4}, {1, 0}, {1, 1},
	                                {2, 0}, {2, 1}, {2, 4}, {3, 0}};
	for (size_t i = 0; i < sizeof boards / sizeof boards[0]; i++) {
		const struct checkers_pos pos = parse(boards[i]);
		int t = -1;
		assert_int_equal(checkers_eval_blend(&pos, &t), expect[i][0]);
		assert_int_equal(t, expect[i][1]);
	}
	char err[GAME_ERR_MAX], path[24];
	write_weights(path, "PCEVAL4\n", w);
	assert_int_equal(checkers_eval_load(path, err), 0);
	remove(path);
	int blended = 0;
	for (uint64_t seed = 1; seed <= 3000; seed++) {
		const struct checkers_pos pos = random_position(seed, (int)(seed % 150));
		double exact;
		const int want = want_score(w, 1, &pos, &exact);
		assert_int_equal(checkers_evaluate(&pos), want);
		const struct checkers_pos fl = flip(&pos);
		assert_int_equal(checkers_evaluate(&fl), want);
		blended += want != want_score(w, 0, &pos, &exact);
	}
	assert_true(blended > 100); /* the blend changed many scores */
	write_weights(path, "PCEVAL3\n", w);
	assert_int_equal(checkers_eval_load(path, err), 0);
	remove(path);
	for (uint64_t seed = 1; seed <= 300; seed++) {
		const struct checkers_pos pos = random_position(seed, (int)(seed % 150));
		double exact;
		assert_int_equal(checkers_evaluate(&pos), want_score(w, 0, &pos, &exact));
	}
	assert_int_equal(checkers_eval_load("assets/checkers-eval.bin", err), 0);
}

static void test_quiescence(void **state)
{
	(void)state;
	struct search *s = search_new(R, 16);
	assert_non_null(s);
	/* Depths 1-3 (too short for a repetition), positions from pseudo-random games. Where a
	 * move leaves the other side a capture, the score at depth 1 is not the plain evaluation
	 * after the move: the exchange is played out. */
	int exchanges = 0;
	for (uint64_t seed = 1; seed <= 60; seed++) {
		const struct checkers_pos pos = random_position(seed * 31, 4 + (int)(seed % 50));
		if (R->generate(&pos, (struct game_move[GAME_MOVES_MAX]){0}) == 0)
			continue;
		for (int depth = 1; depth <= 3; depth++) {
			const struct search_limits limits = {.depth = depth, .deep = true};
			search_start(s, &pos, &limits);
			search_step(s, 0);
			assert_int_equal(search_result(s)->score, reference(&pos, depth, 0));
		}
		struct game_move moves[GAME_MOVES_MAX];
		const int n = R->generate(&pos, moves);
		int plain = -SEARCH_INFINITY;
		for (int i = 0; i < n; i++) {
			struct checkers_pos child = pos;
			R->play(&child, &moves[i]);
			const int v = R->generate(&child, (struct game_move[GAME_MOVES_MAX]){0})
			                  ? -checkers_evaluate(&child)
			                  : -reference(&child, 0, 1);
			plain = v > plain ? v : plain;
		}
		const struct search_limits one = {.depth = 1, .deep = true};
		search_start(s, &pos, &one);
		search_step(s, 0);
		exchanges += search_result(s)->score != plain;
	}
	print_message("%d of 60 positions with an exchange at depth 1\n", exchanges);
	assert_true(exchanges >= 10);
	search_free(s);
}

/* ProbCut (games/checkers/mpc.h): its shallow search scores as the plain recursion; with the
 * trained weights a search with ProbCut visits fewer nodes for the same depth than without,
 * and stays deterministic: the same move, score and nodes however it is cut into steps. */
static void test_probcut(void **state)
{
	(void)state;
	for (uint64_t seed = 1; seed <= 40; seed++) {
		const struct checkers_pos pos = random_position(seed * 17, 4 + (int)(seed % 50));
		for (int depth = 1; depth <= 3; depth++)
			assert_int_equal(checkers_shallow_score(&pos, depth),
			                 reference(&pos, depth, 0));
	}
	char err[GAME_ERR_MAX];
	assert_int_equal(checkers_eval_load("assets/checkers-eval.bin", err), 0);
	struct search *s = search_new(R, 18);
	assert_non_null(s);
	uint64_t with_total = 0, without_total = 0;
	for (uint64_t seed = 1; seed <= 4; seed++) {
		const struct checkers_pos pos = random_position(seed * 101, 10 + (int)(seed * 5));
		if (R->generate(&pos, (struct game_move[GAME_MOVES_MAX]){0}) == 0)
			continue;
		struct search_limits limits = {.depth = 11, .deep = true, .reduce = true};
		search_start(s, &pos, &limits);
		search_step(s, 0);
		without_total += search_result(s)->nodes;
		limits.probcut = 15;
		struct search_result whole = {0};
		static const uint64_t budgets[] = {0, 1, 7, 1000};
		for (int b = 0; b < 4; b++) {
			search_start(s, &pos, &limits);
			while (!search_step(s, budgets[b]))
				;
			const struct search_result *r = search_result(s);
			if (b == 0) {
				whole = *r;
				with_total += r->nodes;
			} else {
				assert_true(game_move_equal(&r->move, &whole.move));
				assert_int_equal(r->score, whole.score);
				assert_int_equal(r->nodes, whole.nodes);
				assert_int_equal(r->depth, whole.depth);
			}
		}
	}
	print_message("depth 11: %llu nodes with ProbCut, %llu without\n",
	              (unsigned long long)with_total, (unsigned long long)without_total);
	assert_true(with_total < without_total);
	search_free(s);
	checkers_eval_set(NULL);
}

/* A lone move (search_limits.single, Hard's and Expert's 3%): searched only for its score, to
 * a few percent of the level's nodes, the same at any slicing; a choice is searched in full. */
static void test_lone_move(void **state)
{
	(void)state;
	static const char *const opening[] = {"11-15", "22-18"}; /* Black must take 15x22 */
	struct checkers_pos lone = played(opening, 2), two;
	struct game_move moves[GAME_MOVES_MAX];
	assert_int_equal(R->generate(&lone, moves), 1);
	two = lone;
	R->play(&two, &moves[0]); /* White retakes 25x18 or 26x17 */
	assert_int_equal(R->generate(&two, (struct game_move[GAME_MOVES_MAX]){0}), 2);
	const struct level *hard = level_find(R, "hard"), *expert = level_find(R, "expert");
	assert_true(hard->single > 0 && hard->single <= 5);
	assert_int_equal(expert->single, hard->single);
	struct search *s = search_new(R, 18);
	struct search_limits limits;
	level_limits(hard, 1, &limits);
	search_start(s, &lone, &limits);
	/* the front end's thinking bar measures against this */
	assert_int_equal(search_node_limit(s), limits.nodes * (uint64_t)limits.single / 100);
	search_step(s, 0);
	const struct search_result whole = *search_result(s);
	assert_true(game_move_equal(&whole.move, &moves[0]));
	assert_true(whole.depth >= 4);
	/* the iteration under way when the nodes run out is finished, up to 4 times the limit */
	assert_true(whole.nodes <= 4 * (limits.nodes * (uint64_t)limits.single / 100) + 1000);
	static const uint64_t budgets[] = {1, 7, 1000};
	for (int b = 0; b < 3; b++) {
		search_start(s, &lone, &limits);
		while (!search_step(s, budgets[b]))
			;
		assert_int_equal(search_result(s)->nodes, whole.nodes);
		assert_int_equal(search_result(s)->score, whole.score);
		assert_int_equal(search_result(s)->depth, whole.depth);
	}
	limits.single = 0;
	search_start(s, &lone, &limits);
	search_step(s, 0);
	assert_true(search_result(s)->nodes >= limits.nodes);
	assert_true(game_move_equal(&search_result(s)->move, &moves[0]));
	/* two moves: single changes nothing */
	uint64_t nodes[2];
	for (int k = 0; k < 2; k++) {
		limits.single = k ? hard->single : 0;
		search_start(s, &two, &limits);
		assert_int_equal(search_node_limit(s), limits.nodes);
		search_step(s, 0);
		nodes[k] = search_result(s)->nodes;
	}
	assert_int_equal(nodes[0], nodes[1]);
	assert_true(nodes[0] >= limits.nodes);
	print_message("lone move: %llu nodes (depth %d) of %llu\n", (unsigned long long)whole.nodes,
	              whole.depth, (unsigned long long)limits.nodes);
	search_free(s);
}

/* Runs a search of `pos` to its end in one step, then checks that any slicing gives the same. */
static struct search_result searched(struct search *s, const struct checkers_pos *pos,
                                     const struct search_limits *limits)
{
	search_start(s, pos, limits);
	search_step(s, 0);
	const struct search_result whole = *search_result(s);
	static const uint64_t budgets[] = {7, 1000};
	for (int b = 0; b < 2; b++) {
		search_start(s, pos, limits);
		while (!search_step(s, budgets[b]))
			;
		assert_int_equal(search_result(s)->nodes, whole.nodes);
		assert_int_equal(search_result(s)->score, whole.score);
		assert_int_equal(search_result(s)->depth, whole.depth);
		assert_true(game_move_equal(&search_result(s)->move, &whole.move));
	}
	return whole;
}

/* A lost cause (search_limits.behind, Hard's and Expert's): far behind, the iteration under
 * way when the nodes run out is given up there, not finished up to four times the limit; a
 * proven loss starts no iteration past the lone move's few percent. Ahead, nothing changes. */
static void test_lost_cause(void **state)
{
	(void)state;
	const struct level *hard = level_find(R, "hard"), *expert = level_find(R, "expert");
	assert_true(expert->behind > 0 && expert->behind <= 300);
	assert_int_equal(hard->behind, expert->behind);
	struct search *s = search_new(R, 18);
	struct search_limits limits;
	level_limits(expert, 1, &limits);
	limits.book = false;
	/* Three men down in the opening: Black's 1-9 against White's twelve. */
	const struct checkers_pos down =
	    parse("B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9");
	bool found = false;
	for (uint64_t n = 20000; n <= 2000000 && !found; n += n / 2) {
		limits.nodes = n;
		limits.behind = 0;
		const struct search_result all = searched(s, &down, &limits);
		if (all.nodes <= n + n / 4)
			continue; /* the last iteration hardly ran past the limit */
		found = true;
		assert_true(all.score <= -expert->behind);
		limits.behind = expert->behind;
		const struct search_result cut = searched(s, &down, &limits);
		assert_true(cut.nodes >= n);
		assert_true(cut.nodes <= n + 1);
		assert_true(cut.depth <= all.depth);
		print_message(
		    "3 men down: %llu nodes (depth %d) for %llu (depth %d) at a limit of %llu\n",
		    (unsigned long long)cut.nodes, cut.depth, (unsigned long long)all.nodes,
		    all.depth, (unsigned long long)n);
		/* Ahead (White to move in the same position), behind changes nothing. */
		const struct checkers_pos up =
		    parse("W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9");
		limits.behind = 0;
		const struct search_result a = searched(s, &up, &limits);
		limits.behind = expert->behind;
		const struct search_result b = searched(s, &up, &limits);
		assert_true(a.score > 0);
		assert_int_equal(a.nodes, b.nodes);
		assert_int_equal(a.score, b.score);
		assert_true(game_move_equal(&a.move, &b.move));
	}
	assert_true(found);
	/* A proven loss: Black's king against three. */
	const struct checkers_pos lost = parse("B:WK18,K19,K27:BK1");
	limits.nodes = 2000000;
	limits.behind = 0;
	const struct search_result all = searched(s, &lost, &limits);
	limits.behind = expert->behind;
	const struct search_result quick = searched(s, &lost, &limits);
	assert_true(all.score <= -SEARCH_DECIDED);
	assert_true(quick.score <= -SEARCH_DECIDED);
	assert_true(all.nodes >= limits.nodes);
	assert_true(quick.nodes < limits.nodes / 4);
	print_message("proven loss: %llu nodes (depth %d) for %llu (depth %d)\n",
	              (unsigned long long)quick.nodes, quick.depth, (unsigned long long)all.nodes,
	              all.depth);
	search_free(s);
}

/* A difficult position (search_limits.trouble, Expert's): a score a little below zero lets
 * iterations start up to search_limits.extra percent of the nodes, the same at any slicing;
 * level ground, or a lost cause, is searched as without it. */
static void test_trouble(void **state)
{
	(void)state;
	const struct level *expert = level_find(R, "expert");
	assert_true(expert->trouble > 0 && expert->trouble < expert->behind);
	assert_true(expert->extra > 100 && expert->extra < 400);
	assert_int_equal(level_find(R, "hard")->trouble, 0); /* Hard keeps its half second */
	/* Game 19 of the fourth match against Cake, before Black's 10th move: Parity's Expert
	 * lost it (this test's 300 000 nodes score it -0.36). */
	static const char *const line[] = {"11-16", "22-18", "16-20", "18-14", "9x18", "23x14",
	                                   "10x17", "21x14", "6-9",   "26-23", "9x18", "23x14",
	                                   "8-11",  "24-19", "4-8",   "25-22", "2-6",  "29-25"};
	const struct checkers_pos pos = played(line, sizeof line / sizeof line[0]);
	struct search *s = search_new(R, 18);
	struct search_limits limits;
	level_limits(expert, 1, &limits);
	limits.book = false;
	limits.nodes = 300000;
	assert_int_equal(limits.trouble, expert->trouble);
	assert_int_equal(limits.extra, expert->extra);
	limits.trouble = 0;
	const struct search_result plain = searched(s, &pos, &limits);
	assert_true(plain.score <= -expert->trouble && plain.score > -expert->behind);
	limits.trouble = expert->trouble;
	const struct search_result more = searched(s, &pos, &limits);
	assert_true(more.depth > plain.depth);
	assert_true(more.nodes > plain.nodes);
	assert_true(more.nodes <= 4 * limits.nodes); /* the give-up stays at 4 times */
	print_message("in trouble: %llu nodes (depth %d, %d) for %llu (depth %d, %d)\n",
	              (unsigned long long)more.nodes, more.depth, more.score,
	              (unsigned long long)plain.nodes, plain.depth, plain.score);
	/* Level ground: the starting position. */
	struct checkers_pos start;
	R->start(&start, NULL);
	limits.trouble = 0;
	const struct search_result a = searched(s, &start, &limits);
	limits.trouble = expert->trouble;
	const struct search_result b = searched(s, &start, &limits);
	assert_true(a.score > -expert->trouble);
	assert_int_equal(a.nodes, b.nodes);
	assert_int_equal(a.depth, b.depth);
	/* A lost cause (behind) is not a difficult position. */
	const struct checkers_pos down =
	    parse("B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9");
	limits.trouble = 0;
	const struct search_result c = searched(s, &down, &limits);
	limits.trouble = expert->trouble;
	const struct search_result d = searched(s, &down, &limits);
	assert_true(c.score <= -expert->behind);
	assert_int_equal(c.nodes, d.nodes);
	assert_int_equal(c.depth, d.depth);
	search_free(s);
}

static void test_repetition(void **state)
{
	(void)state;
	/* Black, a king down, can only shuffle; if every move leads to a position of the game's
	 * history, each scores a draw. */
	const struct checkers_pos pos = parse("B:WK18,K19,K27:BK1");
	struct game_move moves[GAME_MOVES_MAX];
	const int n = R->generate(&pos, moves);
	assert_true(n >= 1 && n <= 4);
	uint64_t history[4];
	for (int i = 0; i < n; i++) {
		struct checkers_pos child = pos;
		R->play(&child, &moves[i]);
		history[i] = R->hash(&child);
	}
	struct search *s = search_new(R, 16);
	struct search_limits limits = {.depth = 6, .deep = true};
	search_start(s, &pos, &limits);
	search_step(s, 0);
	assert_true(search_result(s)->score < -100); /* lost without the history */
	limits.history = history;
	limits.history_count = n;
	search_start(s, &pos, &limits);
	search_step(s, 0);
	assert_int_equal(search_result(s)->score, 0);
	search_free(s);
}

static void test_ballot(void **state)
{
	(void)state;
	assert_true(checkers_ballot_count >= 20);
	for (int i = 0; i < checkers_ballot_count; i++) {
		struct match m;
		assert_int_equal(match_init(&m, R, NULL), GAME_OK);
		char buf[64], err[GAME_ERR_MAX];
		snprintf(buf, sizeof buf, "%s", checkers_ballot[i]);
		int count = 0;
		for (char *w = strtok(buf, " "); w; w = strtok(NULL, " "), count++)
			if (match_play_text(&m, w, err) != GAME_OK)
				fail_msg("ballot %d \"%s\": %s", i, checkers_ballot[i], err);
		assert_int_equal(count, 3);
		assert_false(match_over(&m));
		match_free(&m);
		for (int k = 0; k < i; k++)
			assert_string_not_equal(checkers_ballot[k], checkers_ballot[i]);
	}
}

/* Plays one game between two levels from a ballot; returns the result for Black. */
static int play(const char *black, const char *white, int ballot, struct search *s)
{
	struct match m;
	assert_int_equal(match_init(&m, R, NULL), GAME_OK);
	char buf[64];
	snprintf(buf, sizeof buf, "%s", checkers_ballot[ballot]);
	for (char *w = strtok(buf, " "); w; w = strtok(NULL, " "))
		assert_int_equal(match_play_text(&m, w, NULL), GAME_OK);
	while (!match_over(&m) && m.cursor < 600) {
		const struct checkers_pos *pos = match_pos(&m);
		struct search_limits limits;
		level_limits(level_find(R, pos->side == CHECKERS_BLACK ? black : white),
		             (uint32_t)m.cursor, &limits);
		limits.history = &m.hashes[m.cursor - pos->quiet];
		limits.history_count = pos->quiet;
		search_start(s, pos, &limits);
		search_step(s, 0);
		assert_true(search_result(s)->has_move);
		assert_int_equal(match_play(&m, &search_result(s)->move), GAME_OK);
	}
	assert_true(match_over(&m));
	const int r = match_result(&m);
	match_free(&m);
	return r;
}

static void test_medium_beats_beginner(void **state)
{
	(void)state;
	struct search *s = search_new(R, 18);
	int medium = 0, beginner = 0;
	for (int g = 0; g < 8; g++) {
		const bool medium_black = (g & 1) == 0;
		const int r = play(medium_black ? "medium" : "beginner",
		                   medium_black ? "beginner" : "medium", g / 2, s);
		const int for_medium = medium_black ? r : -r;
		medium += for_medium > 0;
		beginner += for_medium < 0;
	}
	print_message("Medium %d, Beginner %d (of 8)\n", medium, beginner);
	assert_true(medium >= 6);
	assert_int_equal(beginner, 0);
	search_free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_evaluation),
	    cmocka_unit_test(test_trained_evaluation),
	    cmocka_unit_test(test_blended_evaluation),
	    cmocka_unit_test(test_quiescence),
	    cmocka_unit_test(test_repetition),
	    cmocka_unit_test(test_lone_move),
	    cmocka_unit_test(test_lost_cause),
	    cmocka_unit_test(test_trouble),
	    cmocka_unit_test(test_ballot),
	    cmocka_unit_test(test_medium_beats_beginner),
	    cmocka_unit_test(test_probcut),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
