/*
 * tests/test_pattern_leaf.c — the search's inlined leaf evaluation (pattern.h's pattern_leaf)
 * as machines without AVX-512 compile it: the 46 weights read one by one. A build with AVX-512
 * inlines its sixteen-lane gathers instead (which tests/test_pattern.c checks there, through
 * pattern_evaluate_after), so this test, which takes the one-by-one sum (PATTERN_NO_AVX512), is
 * what keeps it checked on such machines. Every move of random games, with random weights
 * over the whole 16-bit range (so that a misplaced index or a wrong sign shows), must score
 * what the evaluation read from the board scores; and the child's features the search
 * writes without a copy (pattern_features_after) must be those that pattern_features_play
 * makes of a copy.
 */
#define PATTERN_NO_AVX512
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>

#include "games/reversi/board8.h"
#include "games/reversi/pattern.h"

/* Returns the next number of a xorshift generator. */
static uint64_t next_random(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* The evaluation after `side` plays sq (flipping `flips`) on the board f describes, for the
 * other side, the way the search's depth-1 loop gets it. */
static int leaf(const struct pattern_features *f, int side, int sq, uint64_t flips, int empties,
                int mobility)
{
	return pattern_leaf(pattern_stage_weights(empties), f, side, sq, flips, mobility);
}

static void test_leaf_matches_scratch(void **state)
{
	(void)state;
	const size_t n = PATTERN_STAGES * pattern_stage_size();
	int16_t *w = malloc(n * sizeof *w);
	assert_non_null(w);
	uint64_t rs = 0x5eed0a7c2ULL;
	/* the full range of the weights, so that the sign extension of each lane is tried */
	for (size_t i = 0; i < n; i++)
		w[i] = (int16_t)(next_random(&rs) & 0xffff);
	assert_true(pattern_set_weights(w));
	int leaves = 0;
	for (int game = 0; game < 100; game++) {
		uint64_t disc[2] = {0x0000000810000000ULL, 0x0000001008000000ULL};
		struct pattern_features f;
		pattern_features(disc[0], disc[1], &f);
		int side = 0, passes = 0;
		while (passes < 2) {
			const uint64_t P = disc[side], O = disc[!side];
			const int empties = 64 - board8_count(P | O);
			uint64_t moves = board8_moves(P, O);
			if (!moves) {
				passes++;
				side = !side;
				continue;
			}
			passes = 0;
			/* every move here, then one of them played */
			for (uint64_t m = moves; m; m &= m - 1) {
				const int sq = __builtin_ctzll(m);
				const uint64_t flips = board8_flips(sq, P, O);
				const uint64_t np = P | flips | 1ULL << sq, no = O & ~flips;
				assert_int_equal(leaf(&f, side, sq, flips, empties - 1,
				                      pattern_mobility(no, np)),
				                 pattern_evaluate(no, np));
				leaves++;
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
	assert_true(leaves > 30000);
	free(w);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_leaf_matches_scratch),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
