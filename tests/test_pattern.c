/*
 * tests/test_pattern.c — Reversi's pattern evaluation (games/reversi/pattern.h): every
 * placement reads its squares in the same order (so a position and its 8 mirror images score
 * the same), twins pair up, indices stay in their tables, weight files round-trip and bad ones
 * are refused; the incremental features agree with the board read from scratch; and the
 * committed weights know the basics (a corner is worth having).
 *
 * The search's inlined leaf (pattern.h's pattern_leaf) is taken here in the form that machines
 * without AVX-512 compile, the weights read one by one (PATTERN_NO_AVX512), so that a machine
 * with AVX-512 checks it too; the gathers, where the library compiles them (AVX-512, not an AMD
 * core: pattern.h), are checked through pattern_evaluate_after.
 */
#define PATTERN_NO_AVX512
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "games/reversi/board8.h"
#include "games/reversi/pattern.h"
#include "io/atomic.h"

/* Returns the next number of a xorshift generator. */
static uint64_t next_random(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* Returns square (row, col) of x mirrored by symmetry t (bit 2 transpose, bit 1 flip rows,
 * bit 0 flip columns), one square at a time: the obvious way, to check the fast one. */
static uint64_t image(uint64_t x, int t)
{
	uint64_t y = 0;
	for (int sq = 0; sq < 64; sq++) {
		if (!(x >> sq & 1))
			continue;
		int r = sq / 8, c = sq % 8;
		if (t & 4) {
			const int k = r;
			r = c;
			c = k;
		}
		if (t & 2)
			r = 7 - r;
		if (t & 1)
			c = 7 - c;
		y |= 1ULL << (r * 8 + c);
	}
	return y;
}

/* A random position: each square empty, mine or theirs. */
static void random_board(uint64_t *rs, uint64_t *P, uint64_t *O)
{
	const uint64_t a = next_random(rs), b = next_random(rs);
	*P = a & b;
	*O = a & ~b & next_random(rs);
}

/* Random weights with twins equal, so that mirror images must score the same. */
static int16_t *random_weights(uint64_t seed)
{
	const size_t size = pattern_stage_size(), n = PATTERN_STAGES * size;
	int16_t *w = malloc(n * sizeof *w);
	assert_non_null(w);
	uint64_t rs = seed;
	for (size_t i = 0; i < n; i++)
		w[i] = (int16_t)(next_random(&rs) % 2001) - 1000;
	for (int st = 0; st < PATTERN_STAGES; st++)
		for (size_t j = PATTERN_EXTRA; j < size; j++)
			w[st * size + j] = w[st * size + pattern_twin((uint32_t)j)];
	return w;
}

static void test_indices_in_range(void **state)
{
	(void)state;
	const size_t size = pattern_stage_size();
	uint64_t rs = 0x1234567;
	uint32_t idx[PATTERN_INSTANCES];
	for (int k = 0; k < 2000; k++) {
		uint64_t P, O;
		random_board(&rs, &P, &O);
		pattern_indices(P, O, idx);
		for (int i = 0; i < PATTERN_INSTANCES; i++) {
			assert_true(idx[i] >= PATTERN_EXTRA);
			assert_true(idx[i] < size);
		}
	}
	/* The empty board reads index 0 of every table: all placements differ only by table. */
	pattern_indices(0, 0, idx);
	for (int i = 1; i < PATTERN_INSTANCES; i++)
		assert_true(idx[i] >= idx[i - 1]);
}

/* pattern_indices and pattern_features read the board with pext where it is fast and disc by
 * disc elsewhere (games/reversi/board8.h, BOARD8_FAST_PEXT; the portable build and AMD's Zen 1
 * and 2 take the second way). Both must give the indices that the first (pext) way gave when
 * this value was recorded; a change of the shapes or of the tables' layout changes it. */
static void test_indices_known(void **state)
{
	(void)state;
	uint64_t rs = 0x5eed5eedULL, h = 1469598103934665603ULL; /* FNV-1a */
	uint32_t idx[PATTERN_INSTANCES];
	struct pattern_features f;
	for (int k = 0; k < 5000; k++) {
		uint64_t P, O;
		random_board(&rs, &P, &O);
		pattern_indices(P, O, idx);
		pattern_features(P, O, &f);
		for (int i = 0; i < PATTERN_INSTANCES; i++) {
			h = (h ^ idx[i]) * 1099511628211ULL;
			h = (h ^ f.idx[0][i]) * 1099511628211ULL;
			h = (h ^ f.idx[1][i]) * 1099511628211ULL;
		}
	}
	assert_true(h == 0x0291891ece15a63fULL);
}

static void test_twins(void **state)
{
	(void)state;
	const size_t size = pattern_stage_size();
	size_t self = 0;
	for (uint32_t j = PATTERN_EXTRA; j < size; j++) {
		const uint32_t t = pattern_twin(j);
		assert_true(t <= j);
		assert_int_equal(pattern_twin(t), t);
		self += t == j;
	}
	/* Every shape but the 2×5 corner is its own mirror image: about half the weights are
	 * twins of others. */
	assert_true(self < size * 3 / 4);
	assert_true(self > size / 4);
	assert_int_equal(pattern_twin(0), 0);
	assert_int_equal(pattern_twin(1), 1);
}

static void test_mirror_images_score_alike(void **state)
{
	(void)state;
	int16_t *w = random_weights(99);
	assert_true(pattern_set_weights(w));
	uint64_t rs = 0xfeedbeef;
	for (int k = 0; k < 3000; k++) {
		uint64_t P, O;
		random_board(&rs, &P, &O);
		const int v = pattern_evaluate(P, O);
		for (int t = 1; t < 8; t++)
			assert_int_equal(pattern_evaluate(image(P, t), image(O, t)), v);
	}
	free(w);
}

/* Random games from the start: the features updated move by move (pattern_features_play)
 * always give the evaluation read from the board, for both sides, and the indices read from
 * scratch; the leaves' pattern_evaluate_after and the search's inlined pattern_leaf give the
 * evaluation after every move; pattern_features_after writes what pattern_features_play makes
 * of a copy. Random weights without twins tied, so that any misplaced digit shows. */
static void test_incremental_matches_scratch(void **state)
{
	(void)state;
	const size_t size = pattern_stage_size(), n = PATTERN_STAGES * size;
	int16_t *w = malloc(n * sizeof *w);
	assert_non_null(w);
	uint64_t rs = 0xabcdef12345ULL;
	for (size_t i = 0; i < n; i++)
		w[i] = (int16_t)(next_random(&rs) % 2001) - 1000;
	assert_true(pattern_set_weights(w));
	int positions = 0;
	for (int game = 0; game < 200; game++) {
		uint64_t disc[2] = {0x0000000810000000ULL,
		                    0x0000001008000000ULL}; /* black, white */
		struct pattern_features f;
		pattern_features(disc[0], disc[1], &f); /* side 0 is black */
		int side = 0, passes = 0;
		while (passes < 2) {
			const uint64_t P = disc[side], O = disc[!side];
			const int empties = 64 - board8_count(P | O);
			struct pattern_features fresh;
			pattern_features(P, O, &fresh);
			assert_memory_equal(f.idx[side], fresh.idx[0], sizeof fresh.idx[0]);
			assert_memory_equal(f.idx[!side], fresh.idx[1], sizeof fresh.idx[1]);
			assert_int_equal(
			    pattern_evaluate_features(&f, side, empties, pattern_mobility(P, O)),
			    pattern_evaluate(P, O));
			assert_int_equal(
			    pattern_evaluate_features(&f, !side, empties, pattern_mobility(O, P)),
			    pattern_evaluate(O, P));
			positions++;
			uint64_t moves = board8_moves(P, O);
			if (!moves) {
				passes++;
				side = !side;
				continue;
			}
			passes = 0;
			/* every move's leaf, both ways the search reads it, then one move played */
			for (uint64_t m = moves; m; m &= m - 1) {
				const int s = __builtin_ctzll(m);
				const uint64_t fl = board8_flips(s, P, O);
				const uint64_t np = P | fl | 1ULL << s, no = O & ~fl;
				const int v = pattern_evaluate(no, np),
				          mob = pattern_mobility(no, np);
				assert_int_equal(
				    pattern_evaluate_after(&f, side, s, fl, empties - 1, mob), v);
				assert_int_equal(pattern_leaf(pattern_stage_weights(empties - 1),
				                              &f, side, s, fl, mob),
				                 v);
			}
			int k = (int)(next_random(&rs) % (uint64_t)board8_count(moves));
			while (k-- > 0)
				moves &= moves - 1;
			const int sq = __builtin_ctzll(moves);
			const uint64_t flips = board8_flips(sq, P, O);
			struct pattern_features after;
			pattern_features_after(&f, side, sq, flips, &after);
			pattern_features_play(&f, side, sq, flips);
			assert_memory_equal(&after, &f, sizeof f);
			disc[side] = P | flips | 1ULL << sq;
			disc[!side] = O & ~flips;
			side = !side;
		}
	}
	assert_true(positions > 10000);
	free(w);
}

static void test_stages(void **state)
{
	(void)state;
	assert_int_equal(pattern_stage(60), 0);
	assert_int_equal(pattern_stage(56), 0);
	assert_int_equal(pattern_stage(55), 1);
	assert_int_equal(pattern_stage(1), PATTERN_STAGES - 1);
	assert_int_equal(pattern_stage(0), PATTERN_STAGES - 1);
}

static void test_file_round_trip(void **state)
{
	(void)state;
	char path[] = "/tmp/parity-pattern-XXXXXX";
	const int fd = mkstemp(path);
	assert_true(fd >= 0);
	int16_t *w = random_weights(7);
	assert_int_equal(pattern_save(path, w), 0);
	char err[160] = "";
	assert_int_equal(pattern_load(path, err), 0);
	uint64_t rs = 42;
	uint64_t P, O;
	random_board(&rs, &P, &O);
	const int v = pattern_evaluate(P, O);

	/* A damaged byte, a short file, another file: refused, the weights in use stay. */
	FILE *f = fopen(path, "r+b");
	assert_non_null(f);
	fseek(f, 1000, SEEK_SET);
	fputc(0x5a ^ fgetc(f), f);
	fclose(f);
	assert_int_equal(pattern_load(path, err), IO_ERR_CORRUPT);
	assert_non_null(strstr(err, "checksum"));
	f = fopen(path, "wb");
	fputs("PARITYEV", f);
	fclose(f);
	assert_int_equal(pattern_load(path, err), IO_ERR_CORRUPT);
	assert_int_equal(pattern_load("/nonexistent/weights.bin", err), IO_ERR_NO_FILE);
	assert_non_null(strstr(err, "/nonexistent/weights.bin"));
	assert_int_equal(pattern_load(path, NULL), IO_ERR_CORRUPT); /* no message wanted */
	assert_int_equal(pattern_evaluate(P, O), v);
	/* Forgotten: the engine is back to its simpler evaluation until weights come again. */
	assert_true(pattern_tables_ok());
	pattern_unload();
	assert_false(pattern_loaded());
	remove(path);
	close(fd);
	free(w);
}

/* The committed weights (assets/reversi-eval.bin) learnt that corners are good. */
static void test_committed_weights_know_corners(void **state)
{
	(void)state;
	char err[160];
	if (pattern_load("assets/reversi-eval.bin", err) != 0) {
		fprintf(stderr, "%s\n", err);
		fail();
	}
	/* Midgame: the side to move owns a1 and its neighbours along the edge, rather than the
	 * opponent; otherwise the same balanced position. */
	const uint64_t centre = 0x0000001818000000ULL;
	const uint64_t mine = 0x0000000810000000ULL | 0x0000002000040000ULL;
	const uint64_t theirs = centre & ~mine;
	const uint64_t corner = 0x7ULL;
	const int good = pattern_evaluate(mine | corner, theirs | 0x0000000000200000ULL);
	const int bad = pattern_evaluate(mine | 0x0000000000200000ULL, theirs | corner);
	assert_true(good > bad + 300);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_indices_in_range),
	    cmocka_unit_test(test_indices_known),
	    cmocka_unit_test(test_twins),
	    cmocka_unit_test(test_mirror_images_score_alike),
	    cmocka_unit_test(test_incremental_matches_scratch),
	    cmocka_unit_test(test_stages),
	    cmocka_unit_test(test_file_round_trip),
	    cmocka_unit_test(test_committed_weights_know_corners),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
