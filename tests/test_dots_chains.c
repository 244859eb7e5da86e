/*
 * tests/test_dots_chains.c — unit tests of games/dots/chains.c: what an edge does (safe,
 * capture, offer) and the count of long chains, short chains and loops with the side the
 * long-chain rule favours, on small boards drawn edge by edge.
 */
/* cmocka.h needs these first, in this order */
/* clang-format off */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
/* clang-format on */

#include "games/dots/chains.h"

/* Sets up the empty rows × cols board and draws the n edges of `edges` in turn. */
static void board(struct dots_pos *pos, int rows, int cols, const int *edges, int n)
{
	assert_int_equal(dots_setup(pos, rows, cols), GAME_OK);
	for (int i = 0; i < n; i++) {
		struct game_move m;
		assert_false(dots_edge_drawn(pos, edges[i]));
		dots_make_move(pos, edges[i], &m);
		dots_rules.play(pos, &m);
	}
	assert_true(dots_valid(pos));
}

static void test_empty_board(void **state)
{
	(void)state;
	struct dots_pos pos;
	struct dots_chains ch;
	board(&pos, 3, 3, NULL, 0);
	dots_chains_count(&pos, &ch);
	assert_int_equal(ch.long_chains + ch.short_chains + ch.loops, 0);
	assert_int_equal(ch.dots, 16);
	assert_int_equal(ch.favoured, DOTS_A); /* 16 dots: A wants an even number of long chains */
	for (int e = 0; e < pos.edges; e++)
		assert_int_equal(dots_edge_kind(&pos, e), DOTS_EDGE_SAFE);
	board(&pos, 2, 2, NULL, 0);
	dots_chains_count(&pos, &ch);
	assert_int_equal(ch.dots, 9);
	assert_int_equal(ch.favoured, DOTS_B); /* 9 dots and no long chain: odd */
}

/* On 3×3 the top row's boxes, closed above and below, make one long chain of three. */
static void test_long_chain_offer_capture(void **state)
{
	(void)state;
	struct dots_pos pos;
	struct dots_chains ch;
	const int row[] = {0, 1, 2, 3, 4, 5};
	board(&pos, 3, 3, row, 6);
	dots_chains_count(&pos, &ch);
	assert_int_equal(ch.long_chains, 1);
	assert_int_equal(ch.short_chains, 0);
	assert_int_equal(ch.loops, 0);
	assert_int_equal(ch.favoured, DOTS_B);                       /* 16 + 1 is odd */
	assert_int_equal(dots_edge_kind(&pos, 12), DOTS_EDGE_OFFER); /* opens the chain */
	assert_int_equal(dots_edge_kind(&pos, 13), DOTS_EDGE_OFFER);
	assert_int_equal(dots_edge_kind(&pos, 6), DOTS_EDGE_SAFE); /* box 3 had one side */
	assert_int_equal(dots_edge_kind(&pos, 0), DOTS_EDGE_DRAWN);
	/* Once opened, the chain is being taken and no longer counts; its end captures. */
	const int opened[] = {0, 1, 2, 3, 4, 5, 12};
	board(&pos, 3, 3, opened, 7);
	dots_chains_count(&pos, &ch);
	assert_int_equal(ch.long_chains, 0);
	assert_int_equal(dots_edge_kind(&pos, 13), DOTS_EDGE_CAPTURE);
	assert_int_equal(ch.favoured, DOTS_A);
}

/* On 2×2 the border drawn all round leaves the four boxes as a loop. */
static void test_loop(void **state)
{
	(void)state;
	struct dots_pos pos;
	struct dots_chains ch;
	const int border[] = {0, 1, 4, 5, 6, 8, 9, 11};
	board(&pos, 2, 2, border, 8);
	dots_chains_count(&pos, &ch);
	assert_int_equal(ch.loops, 1);
	assert_int_equal(ch.long_chains, 0);
	assert_int_equal(ch.short_chains, 0);
	for (int e = 0; e < pos.edges; e++)
		if (!dots_edge_drawn(&pos, e))
			assert_int_equal(dots_edge_kind(&pos, e), DOTS_EDGE_OFFER);
}

/* A box with two sides drawn between undecided boxes is a short chain of one. */
static void test_short_chain(void **state)
{
	(void)state;
	struct dots_pos pos;
	struct dots_chains ch;
	const int corner[] = {0, 12};
	board(&pos, 3, 3, corner, 2);
	dots_chains_count(&pos, &ch);
	assert_int_equal(ch.short_chains, 1);
	assert_int_equal(ch.long_chains + ch.loops, 0);
	assert_int_equal(dots_edge_kind(&pos, 3), DOTS_EDGE_OFFER);
	assert_int_equal(dots_edge_kind(&pos, 1), DOTS_EDGE_SAFE);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_empty_board),
	    cmocka_unit_test(test_long_chain_offer_capture),
	    cmocka_unit_test(test_loop),
	    cmocka_unit_test(test_short_chain),
	};
	return cmocka_run_group_tests_name("dots chains", tests, NULL, NULL);
}
