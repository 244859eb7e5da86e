/*
 * tests/board8_kernels.h — the checks of one set of board8.h's 8×8 kernels, included by a
 * test that first picks the set with BOARD8_SCALAR or BOARD8_NO_AVX512 (board8.h is compiled
 * once per file, so each set is a test program of its own): against the general 128-bit code
 * on random positions, and by perft against the published counts. BOARD8_KERNELS names the
 * set in the test group's name.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "core/hash.h"
#include "games/reversi/board8.h"
#include "games/reversi/reversi.h"

/* Returns the perft count of (P, O) with the kernels under test. */
static uint64_t perft(uint64_t P, uint64_t O, int depth)
{
	uint64_t moves = board8_moves(P, O);
	if (!moves)
		return board8_moves(O, P) ? (depth == 1 ? 1 : perft(O, P, depth - 1)) : 1;
	if (depth == 1)
		return (uint64_t)board8_count(moves);
	uint64_t n = 0;
	for (; moves; moves &= moves - 1) {
		const int sq = __builtin_ctzll(moves);
		const uint64_t f = board8_flips(sq, P, O);
		n += perft(O ^ f, P ^ f ^ (1ULL << sq), depth - 1);
	}
	return n;
}

static void test_kernels_perft(void **state)
{
	(void)state;
	static const uint64_t expect[] = {0, 4, 12, 56, 244, 1396, 8200, 55092, 390216};
	const uint64_t black = (1ULL << 28) | (1ULL << 35), white = (1ULL << 27) | (1ULL << 36);
	for (int d = 1; d <= 8; d++)
		assert_int_equal(perft(black, white, d), expect[d]);
}

static void test_kernels_match_general_code(void **state)
{
	(void)state;
	uint64_t rng = 31;
	for (int game = 0; game < 200; game++) {
		struct reversi_pos pos;
		struct game_options opt = reversi_options(8, false, game % 3 == 0, (uint32_t)game);
		reversi_rules.start(&pos, &opt);
		for (;;) {
			const uint64_t P = (uint64_t)pos.disc[pos.side],
			               O = (uint64_t)pos.disc[!pos.side];
			const uint64_t m = board8_moves_in(P, O, ~(P | O | (uint64_t)pos.hole));
			assert_true(m == (uint64_t)reversi_moves(&pos));
			for (int sq = 0; sq < 64; sq++)
				if (m >> sq & 1)
					assert_true(board8_flips(sq, P, O) ==
					            (uint64_t)reversi_flips(&pos, sq));
			struct game_move moves[GAME_MOVES_MAX];
			const int n = reversi_rules.generate(&pos, moves);
			if (!n)
				break;
			reversi_rules.play(&pos, &moves[(hash_lcg_next(&rng) >> 33) % (uint64_t)n]);
		}
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_kernels_perft),
	    cmocka_unit_test(test_kernels_match_general_code),
	};
	return cmocka_run_group_tests_name("board8 " BOARD8_KERNELS, tests, NULL, NULL);
}
