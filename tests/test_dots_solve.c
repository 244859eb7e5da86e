/*
 * tests/test_dots_solve.c — the exact Dots and Boxes solver (games/dots/solver.c) against
 * plain minimax.
 *
 * Plain minimax here knows nothing of chains, symmetries or bounds: it tries every edge of
 * every position and remembers each edge set's value in an array. On 1×1, 1×2, 1×3, 2×1, 2×2
 * and 2×3 every edge set of the board is solved both ways (2×3: all 131 072) and the values,
 * and on the smaller boards also the sets of optimal edges, must agree; so must the solver's
 * fail-soft bounds in random windows. Then every line of ../shared/data/dots-boxes-positions.txt
 * is solved: value and every optimal edge.
 */
/* cmocka.h needs these first, in this order */
/* clang-format off */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
/* clang-format on */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "core/hash.h"
#include "games/dots/dots.h"
#include "games/dots/solver.h"

#include "shared_data.h"

/* Plain minimax over the edge sets of one board: memo[drawn] = value + OFFSET, 0 unknown. */
struct minimax {
	int rows, cols, edges;
	int8_t *memo;
};

enum { OFFSET = 64 };

/* Returns how many boxes drawing edge e completes on top of the edge set `drawn`. */
static int completes(const struct minimax *m, uint32_t drawn, int e)
{
	int boxes[2], sides[4], k = 0;
	const int n = dots_edge_boxes(m->rows, m->cols, e, boxes);
	for (int i = 0; i < n; i++) {
		dots_box_sides(m->rows, m->cols, boxes[i], sides);
		int drawn_sides = 0;
		for (int j = 0; j < 4; j++)
			drawn_sides += sides[j] != e && ((drawn >> sides[j]) & 1);
		k += drawn_sides == 3;
	}
	return k;
}

/* Returns the value of drawing edge e (undrawn) from `drawn`, for the side to move. */
static int minimax_value(struct minimax *m, uint32_t drawn);

static int minimax_edge(struct minimax *m, uint32_t drawn, int e)
{
	const int k = completes(m, drawn, e);
	const int v = minimax_value(m, drawn | 1u << e);
	return k > 0 ? k + v : -v;
}

static int minimax_value(struct minimax *m, uint32_t drawn)
{
	if (m->memo[drawn])
		return m->memo[drawn] - OFFSET;
	int best = -OFFSET;
	for (int e = 0; e < m->edges; e++)
		if (!((drawn >> e) & 1)) {
			const int v = minimax_edge(m, drawn, e);
			if (v > best)
				best = v;
		}
	if (best == -OFFSET)
		best = 0; /* every edge drawn */
	m->memo[drawn] = (int8_t)(best + OFFSET);
	return best;
}

/* Sets up plain minimax for a rows × cols board (at most 17 edges). */
static void minimax_init(struct minimax *m, int rows, int cols)
{
	m->rows = rows;
	m->cols = cols;
	m->edges = dots_edge_count(rows, cols);
	assert_true(m->edges <= 17);
	m->memo = calloc((size_t)1 << m->edges, 1);
	assert_non_null(m->memo);
}

/* Builds the position whose drawn edges are `drawn`, finished boxes going to A, `side` to move. */
static void position_of(struct dots_pos *pos, int rows, int cols, uint32_t drawn, int side)
{
	assert_int_equal(dots_setup(pos, rows, cols), GAME_OK);
	pos->edge[0] = drawn;
	for (int b = 0; b < rows * cols; b++)
		if (dots_box_drawn_sides(pos, b) == 4) {
			pos->box[DOTS_A][0] |= 1ULL << b;
			pos->score[DOTS_A]++;
		}
	pos->side = (uint8_t)side;
	assert_true(dots_valid(pos));
}

/* Checks every edge set of a rows × cols board: values always, optimal edges when `best`. */
static void check_board(int rows, int cols, bool best_sets)
{
	struct minimax m;
	minimax_init(&m, rows, cols);
	struct dots_solver *s = dots_solver_new(16);
	assert_non_null(s);
	uint64_t seed = 12345;
	for (uint32_t drawn = 0; drawn < 1u << m.edges; drawn++) {
		struct dots_pos pos;
		position_of(&pos, rows, cols, drawn, (int)(drawn & 1));
		const int want = minimax_value(&m, drawn);
		const int got = dots_solve_value(s, &pos);
		if (got != want)
			fail_msg("%dx%d edges %#x: solver %d, minimax %d", rows, cols, drawn, got,
			         want);
		/* A random window: the fail-soft answer must bound the value on the right side. */
		seed = hash_mix64(seed);
		const int alpha = (int)(seed % 13) - 7, beta = alpha + 1 + (int)((seed >> 8) % 4);
		const int v = dots_solve(s, &pos, alpha, beta);
		if ((v <= alpha && want > v) || (v >= beta && want < v) ||
		    (v > alpha && v < beta && v != want))
			fail_msg("%dx%d edges %#x window (%d, %d): %d, value %d", rows, cols, drawn,
			         alpha, beta, v, want);
		if (!best_sets)
			continue;
		int best[DOTS_MAX_EDGES], n;
		assert_int_equal(dots_solve_best(s, &pos, best, &n), want);
		int k = 0;
		for (int e = 0; e < m.edges; e++) {
			if ((drawn >> e) & 1 || minimax_edge(&m, drawn, e) != want)
				continue;
			if (k >= n || best[k] != e)
				fail_msg(
				    "%dx%d edges %#x: edge %d is optimal, the solver misses it",
				    rows, cols, drawn, e);
			k++;
		}
		assert_int_equal(k, n);
	}
	dots_solver_free(s);
	free(m.memo);
}

static void test_1x1_1x2_1x3_2x1(void **state)
{
	(void)state;
	check_board(1, 1, true);
	check_board(1, 2, true);
	check_board(1, 3, true);
	check_board(2, 1, true);
}

static void test_2x2(void **state)
{
	(void)state;
	check_board(2, 2, true);
}

static void test_2x3(void **state)
{
	(void)state;
	check_board(2, 3, false);
}

/* Positions of 2×3 and 3×2 reached by random play: the optimal edges too. */
static void test_2x3_best(void **state)
{
	(void)state;
	struct minimax m;
	minimax_init(&m, 2, 3);
	struct dots_solver *s = dots_solver_new(16);
	uint64_t seed = 99;
	for (int game = 0; game < 300; game++) {
		seed = hash_mix64(seed);
		uint32_t drawn = 0;
		const int plies = (int)(seed % 14);
		for (int p = 0; p < plies; p++) {
			seed = hash_mix64(seed);
			int e = (int)(seed % (uint64_t)m.edges);
			while ((drawn >> e) & 1)
				e = (e + 1) % m.edges;
			drawn |= 1u << e;
		}
		struct dots_pos pos;
		position_of(&pos, 2, 3, drawn, 0);
		int best[DOTS_MAX_EDGES], n;
		const int want = minimax_value(&m, drawn);
		assert_int_equal(dots_solve_best(s, &pos, best, &n), want);
		int k = 0;
		for (int e = 0; e < m.edges; e++)
			if (!((drawn >> e) & 1) && minimax_edge(&m, drawn, e) == want) {
				assert_true(k < n);
				assert_int_equal(best[k++], e);
			}
		assert_int_equal(k, n);
	}
	dots_solver_free(s);
	free(m.memo);
}

/* Returns the values of the comma-separated edges in text, stored in out; their number. */
static int edge_list(const char *text, int *out)
{
	int n = 0;
	if (strcmp(text, "*") == 0)
		return -1;
	for (const char *p = text; *p;) {
		char *end;
		out[n++] = (int)strtol(p, &end, 10);
		p = *end == ',' ? end + 1 : end;
		if (end == p && *p)
			break;
	}
	return n;
}

static void test_data_file(void **state)
{
	(void)state;
	FILE *f = shared_data_open("dots-boxes-positions.txt");
	struct dots_solver *s = dots_solver_new(22);
	assert_non_null(s);
	char line[1024];
	int checked = 0;
	while (fgets(line, sizeof line, f)) {
		if (line[0] == '#' || line[0] == '\n')
			continue;
		char size[8], edges[200], side[4], owners[100], best_text[600], history[600];
		int a, b, value, final_a;
		assert_int_equal(sscanf(line, "%7s %199s %3s %d %d %99s %d %d %599s %599s", size,
		                        edges, side, &a, &b, owners, &value, &final_a, best_text,
		                        history),
		                 10);
		char text[400];
		snprintf(text, sizeof text, "%s %s %s %d %d %s", size, edges, side, a, b, owners);
		struct dots_pos pos;
		char err[GAME_ERR_MAX];
		assert_int_equal(dots_rules.pos_parse(&pos, text, NULL, err), GAME_OK);
#if defined(__SANITIZE_ADDRESS__)
		/* The 3x4 empty board takes seconds optimised, minutes under the sanitizers. */
		if (pos.edges - dots_drawn_count(&pos) > 28) {
			printf("SKIP: big-under-sanitizers %s (minutes under the sanitizers)\n",
			       size);
			continue;
		}
#endif
		int best[DOTS_MAX_EDGES], n, want[DOTS_MAX_EDGES];
		dots_solver_clear(s);
		const int got = dots_solve_best(s, &pos, best, &n);
		if (got != value)
			fail_msg("%s: value %d, want %d", text, got, value);
		assert_int_equal(a - b + (pos.side == DOTS_A ? got : -got), final_a);
		const int nwant = edge_list(best_text, want);
		if (nwant >= 0) {
			assert_int_equal(n, nwant);
			for (int i = 0; i < n; i++)
				assert_int_equal(best[i], want[i]);
		}
		checked++;
	}
	fclose(f);
	assert_true(checked >= 20);
	dots_solver_free(s);
}

/* A node limit stops the solver, says so, and a later unlimited call still gets it right. */
static void test_limit(void **state)
{
	(void)state;
	struct dots_solver *s = dots_solver_new(16);
	struct dots_pos pos;
	assert_int_equal(dots_setup(&pos, 3, 3), GAME_OK);
	dots_solver_limit(s, 50);
	dots_solve_value(s, &pos);
	assert_true(dots_solver_aborted(s));
	assert_true(dots_solver_nodes(s) <= 50);
	dots_solver_limit(s, 0);
	assert_int_equal(dots_solve_value(s, &pos), -3);
	assert_false(dots_solver_aborted(s));
	dots_solver_clear(s);
	assert_int_equal(dots_solver_nodes(s), 0);
	dots_solver_free(s);
}

/* Boards past 64 edges: the solver takes a position once at most 64 edges are left. */
static void test_large_board(void **state)
{
	(void)state;
	struct dots_pos pos;
	assert_int_equal(dots_setup(&pos, 6, 6), GAME_OK);
	assert_false(dots_solver_fits(&pos));
	/* Draw every horizontal edge but those of the bottom box row, and every vertical edge of
	 * the top five rows: the bottom row is left, a chain of six boxes with its seven
	 * verticals and the six bottom edges undrawn. Boxes above are complete (A owns them). */
	const int vbase = 7 * 6;
	for (int e = 0; e < 6 * 6; e++)
		pos.edge[e >> 6] |= 1ULL << (e & 63);
	for (int e = vbase; e < vbase + 5 * 7; e++)
		pos.edge[e >> 6] |= 1ULL << (e & 63);
	for (int bx = 0; bx < 30; bx++) {
		pos.box[DOTS_A][bx >> 6] |= 1ULL << (bx & 63);
		pos.score[DOTS_A]++;
	}
	assert_true(dots_valid(&pos));
	assert_true(dots_solver_fits(&pos));
	struct dots_solver *s = dots_solver_new(16);
	/* The same structure on a 1×6 board (its top edges drawn) has the same value. */
	struct dots_pos small;
	assert_int_equal(dots_setup(&small, 1, 6), GAME_OK);
	for (int e = 0; e < 6; e++)
		small.edge[0] |= 1ULL << e;
	const int v = dots_solve_value(s, &small);
	assert_int_equal(dots_solve_value(s, &pos), v);
	int best[DOTS_MAX_EDGES], n, small_best[DOTS_MAX_EDGES], small_n;
	dots_solve_best(s, &pos, best, &n);
	dots_solve_best(s, &small, small_best, &small_n);
	assert_int_equal(n, small_n);
	for (int i = 0; i < n; i++) {
		/* 1×6 edge e: 6..11 bottom → 6×6 edge 36..41; 12..18 verticals → 77..83 */
		const int e = small_best[i];
		assert_int_equal(best[i], e < 12 ? e + 30 : e - 12 + vbase + 35);
	}
	dots_solver_free(s);
}

/* Returns a random position of a rows × cols board with `drawn` edges drawn (finished boxes
 * split between the players at random, either side to move), from *seed. */
static void random_position(struct dots_pos *pos, int rows, int cols, int drawn, uint64_t *seed)
{
	assert_int_equal(dots_setup(pos, rows, cols), GAME_OK);
	for (int k = 0; k < drawn;) {
		*seed = hash_mix64(*seed);
		const int e = (int)(*seed % pos->edges);
		if (dots_edge_drawn(pos, e))
			continue;
		pos->edge[e >> 6] |= 1ULL << (e & 63);
		k++;
	}
	for (int b = 0; b < rows * cols; b++)
		if (dots_box_drawn_sides(pos, b) == 4) {
			*seed = hash_mix64(*seed);
			const int p = (int)(*seed & 1);
			pos->box[p][b >> 6] |= 1ULL << (b & 63);
			pos->score[p]++;
		}
	*seed = hash_mix64(*seed);
	pos->side = (uint8_t)(*seed & 1);
	assert_true(dots_valid(pos));
}

/* The published values: 3×3 is a win by 3 for the second player (Wilson), every first edge
 * as good as another; the solver keeps 1×1 in a small table. */
static void test_published(void **state)
{
	(void)state;
	struct dots_pos pos;
	assert_int_equal(dots_setup(&pos, 1, 1), GAME_OK);
	assert_int_equal(dots_solver_bits_for(&pos, (uint64_t)1 << 30), 10);
	assert_int_equal(dots_setup(&pos, 3, 3), GAME_OK);
	const int bits = dots_solver_bits_for(&pos, (uint64_t)1 << 30);
	assert_true(bits >= 10 && bits <= 20);
	struct dots_solver *s = dots_solver_new(bits);
	assert_non_null(s);
	assert_int_equal(dots_solver_table_bits(s), bits);
	int best[DOTS_MAX_EDGES], n;
	assert_int_equal(dots_solve_best(s, &pos, best, &n), -3);
	assert_int_equal(n, 24);
	dots_solver_free(s);
	/* The memory limit is kept: 1 MiB holds 2^16 entries of 16 bytes. */
	assert_int_equal(dots_setup(&pos, 4, 4), GAME_OK);
	assert_int_equal(dots_solver_bits_for(&pos, (uint64_t)1 << 20), 16);
}

/* The reduced solver (symmetries, corner rule, one move per chain, loony bound) against the
 * plain one, with no reduction, on random mid-game positions of 3×3 to 5×5 boards: the
 * values, the fail-soft bounds in random windows, and the optimal edges; then each technique
 * alone turned off. */
static void test_reduced_vs_plain(void **state)
{
	(void)state;
	static const struct {
		int rows, cols, left_min, left_max, count;
	} boards[] = {{3, 3, 10, 16, 150},
	              {3, 4, 12, 17, 120},
	              {4, 4, 12, 16, 80},
	              {5, 5, 12, 16, 60},
	              {2, 5, 10, 15, 80}};
	struct dots_solver *reduced = dots_solver_new(18), *plain = dots_solver_new(18);
	assert_non_null(reduced);
	assert_non_null(plain);
	dots_solver_without(plain, DOTS_SOLVER_NO_ALL);
	uint64_t seed = 2026;
	int checked = 0;
	for (size_t b = 0; b < sizeof boards / sizeof boards[0]; b++) {
		const int edges = dots_edge_count(boards[b].rows, boards[b].cols);
		for (int k = 0; k < boards[b].count; k++) {
			seed = hash_mix64(seed);
			const int span = boards[b].left_max - boards[b].left_min + 1;
			const int left = boards[b].left_min + (int)(seed % (uint64_t)span);
			struct dots_pos pos;
			random_position(&pos, boards[b].rows, boards[b].cols, edges - left, &seed);
			dots_solver_clear(reduced);
			dots_solver_clear(plain);
			const int want = dots_solve_value(plain, &pos);
			const int got = dots_solve_value(reduced, &pos);
			if (got != want)
				fail_msg("%dx%d case %d: reduced %d, plain %d", boards[b].rows,
				         boards[b].cols, k, got, want);
			const int alpha = (int)((seed >> 8) % 9) - 5, beta = alpha + 1;
			dots_solver_clear(reduced);
			const int v = dots_solve(reduced, &pos, alpha, beta);
			assert_true((v <= alpha && want <= v) || (v >= beta && want >= v));
			if (k % 4 == 0) {
				int best[DOTS_MAX_EDGES], n, pbest[DOTS_MAX_EDGES], pn;
				assert_int_equal(dots_solve_best(reduced, &pos, best, &n), want);
				assert_int_equal(dots_solve_best(plain, &pos, pbest, &pn), want);
				assert_int_equal(n, pn);
				for (int i = 0; i < n; i++)
					assert_int_equal(best[i], pbest[i]);
			}
			if (k % 8 == 0)
				for (unsigned off = 1; off < DOTS_SOLVER_NO_ALL; off <<= 1) {
					dots_solver_without(reduced, off);
					dots_solver_clear(reduced);
					assert_int_equal(dots_solve_value(reduced, &pos), want);
					dots_solver_without(reduced, 0);
				}
			checked++;
		}
	}
	assert_int_equal(checked, 490);
	dots_solver_free(reduced);
	dots_solver_free(plain);
}

/* The book of first moves: the exact value of every edge, against plain minimax, on every
 * position of 2×2 and on a sample of 2×3 (two threads). */
static void test_first_values(void **state)
{
	(void)state;
	static const int sizes[2][2] = {{2, 2}, {2, 3}};
	struct dots_solver *s = dots_solver_new(16);
	assert_non_null(s);
	dots_solver_threads(s, 2);
	for (int b = 0; b < 2; b++) {
		struct minimax m;
		minimax_init(&m, sizes[b][0], sizes[b][1]);
		const uint32_t step = b == 0 ? 1 : 97;
		for (uint32_t drawn = 0; drawn < 1u << m.edges; drawn += step) {
			struct dots_pos pos;
			position_of(&pos, m.rows, m.cols, drawn, 0);
			int values[DOTS_MAX_EDGES];
			const int v = dots_solve_first(s, &pos, values);
			assert_int_equal(v, minimax_value(&m, drawn));
			for (int e = 0; e < m.edges; e++)
				if (!((drawn >> e) & 1) && values[e] != minimax_edge(&m, drawn, e))
					fail_msg("%dx%d edges %#x edge %d: %d, minimax %d", m.rows,
					         m.cols, drawn, e, values[e],
					         minimax_edge(&m, drawn, e));
		}
		free(m.memo);
	}
	dots_solver_free(s);
}

/* Two threads find the same value and optimal edges as one; one thread visits the same number
 * of nodes every time. */
static void test_threads(void **state)
{
	(void)state;
	struct dots_solver *one = dots_solver_new(18), *two = dots_solver_new(18);
	assert_non_null(one);
	assert_non_null(two);
	dots_solver_threads(two, 2);
	uint64_t seed = 77;
	for (int k = 0; k < 40; k++) {
		struct dots_pos pos;
		if (k == 0)
			assert_int_equal(dots_setup(&pos, 3, 3), GAME_OK);
		else
			random_position(&pos, 4, 4, 40 - 18 - k % 4, &seed);
		int best1[DOTS_MAX_EDGES], n1, best2[DOTS_MAX_EDGES], n2;
		dots_solver_clear(one);
		const int v1 = dots_solve_best(one, &pos, best1, &n1);
		const uint64_t nodes = dots_solver_nodes(one);
		dots_solver_clear(one);
		assert_int_equal(dots_solve_best(one, &pos, best1, &n1), v1);
		assert_int_equal(dots_solver_nodes(one), nodes);
		dots_solver_clear(two);
		assert_int_equal(dots_solve_best(two, &pos, best2, &n2), v1);
		assert_int_equal(n1, n2);
		for (int i = 0; i < n1; i++)
			assert_int_equal(best1[i], best2[i]);
		dots_solver_clear(two);
		assert_int_equal(dots_solve_value(two, &pos), v1);
	}
	dots_solver_free(one);
	dots_solver_free(two);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_1x1_1x2_1x3_2x1),
	    cmocka_unit_test(test_2x2),
	    cmocka_unit_test(test_2x3),
	    cmocka_unit_test(test_2x3_best),
	    cmocka_unit_test(test_data_file),
	    cmocka_unit_test(test_limit),
	    cmocka_unit_test(test_large_board),
	    cmocka_unit_test(test_published),
	    cmocka_unit_test(test_reduced_vs_plain),
	    cmocka_unit_test(test_threads),
	    cmocka_unit_test(test_first_values),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
