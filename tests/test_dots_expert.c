/*
 * tests/test_dots_expert.c — Expert plays 5×5 endgames perfectly: on every position of
 * tests/dots-5x5-endgames.txt (solved 5×5 positions from Expert-against-Hard games, written by
 * bench/dots_endgame; see docs/BENCHMARKS.md) the edge Expert plays is one of the optimal edges
 * the solver gives, its score is the proven final margin (from 34 edges left), and played out
 * against perfect play (the solver's lowest optimal edge) it ends with that margin, so it
 * never lets a won endgame go. The file's values and optimal edges are checked against the
 * solver first.
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

#include "core/level.h"
#include "core/search.h"
#include "games/dots/dots.h"
#include "games/dots/engine.h"
#include "games/dots/solver.h"

#define ENDGAMES "tests/dots-5x5-endgames.txt"

/* Edges left from which Expert's score is proven (measured: bench/dots-endgame; at 35 left it
 * still plays an optimal edge in every position of the file, not always with a proof). */
enum { PROVEN_FROM = 34 };

/* A line of the file. */
struct endgame {
	struct dots_pos pos;
	int value, final_a, nbest;
	int best[DOTS_MAX_EDGES];
	char text[400];
};

/* Reads the comma-separated edges of text into out; returns how many. */
static int edge_list(const char *text, int *out)
{
	int n = 0;
	for (const char *p = text; *p;) {
		char *end;
		const long e = strtol(p, &end, 10);
		assert_true(end != p && e >= 0 && e < DOTS_MAX_EDGES);
		out[n++] = (int)e;
		p = *end == ',' ? end + 1 : end;
	}
	return n;
}

/* Reads the next position of f into *x; returns false at the end of the file. */
static bool next_endgame(FILE *f, struct endgame *x)
{
	char line[2048];
	while (fgets(line, sizeof line, f)) {
		if (line[0] == '#' || line[0] == '\n')
			continue;
		char size[8], edges[200], side[4], owners[100], best[600], history[1200];
		int a, b;
		assert_int_equal(sscanf(line, "%7s %199s %3s %d %d %99s %d %d %599s %1199s", size,
		                        edges, side, &a, &b, owners, &x->value, &x->final_a, best,
		                        history),
		                 10);
		snprintf(x->text, sizeof x->text, "%s %s %s %d %d %s", size, edges, side, a, b,
		         owners);
		char err[GAME_ERR_MAX];
		assert_int_equal(dots_rules.pos_parse(&x->pos, x->text, NULL, err), GAME_OK);
		x->nbest = edge_list(best, x->best);
		return true;
	}
	return false;
}

/* Returns whether edge e is one of x's optimal edges. */
static bool is_best(const struct endgame *x, int e)
{
	for (int i = 0; i < x->nbest; i++)
		if (x->best[i] == e)
			return true;
	return false;
}

/* The file holds 5×5 positions, solved: the solver agrees with every value and optimal set,
 * and each has an edge that is not optimal (so a wrong move can be seen). */
static void test_file_solved(void **state)
{
	(void)state;
	FILE *f = fopen(ENDGAMES, "r");
	assert_non_null(f);
	struct dots_solver *s = dots_solver_new(22);
	assert_non_null(s);
	struct endgame x;
	int n = 0, most_left = 0;
	while (next_endgame(f, &x)) {
		assert_int_equal(x.pos.rows, 5);
		assert_int_equal(x.pos.cols, 5);
		const int left = dots_moves_left(&x.pos);
		most_left = left > most_left ? left : most_left;
		assert_true(x.nbest < left);
		int best[DOTS_MAX_EDGES], nbest;
		dots_solver_clear(s);
		const int v = dots_solve_best(s, &x.pos, best, &nbest);
		if (v != x.value)
			fail_msg("%s: value %d, the file says %d", x.text, v, x.value);
		assert_int_equal(x.pos.score[DOTS_A] - x.pos.score[DOTS_B] +
		                     (x.pos.side == DOTS_A ? v : -v),
		                 x.final_a);
		assert_int_equal(nbest, x.nbest);
		for (int i = 0; i < nbest; i++)
			assert_int_equal(best[i], x.best[i]);
		n++;
	}
	fclose(f);
	dots_solver_free(s);
	assert_true(n >= 40);
	assert_true(most_left >= 30);
}

/* Expert's move in every position is optimal and proven, and against perfect play it ends
 * the game with the solved margin. */
static void test_expert_perfect(void **state)
{
	(void)state;
	FILE *f = fopen(ENDGAMES, "r");
	assert_non_null(f);
	const struct level *lv = level_find(&dots_rules, "expert");
	assert_non_null(lv);
	struct search *engine = search_new(&dots_rules, 20);
	struct dots_solver *s = dots_solver_new(22);
	assert_non_null(engine);
	assert_non_null(s);
	struct endgame x;
	int n = 0;
	while (next_endgame(f, &x)) {
		struct dots_pos pos = x.pos;
		const int me = pos.side;
		const int want = me == DOTS_A ? x.final_a : -x.final_a; /* Expert's final margin */
		bool first = true;
		while (dots_moves_left(&pos) > 0) {
			struct game_move move;
			if (pos.side == me) {
				struct search_limits limits;
				level_limits(lv, 1, &limits);
				search_start(engine, &pos, &limits);
				search_step(engine, 0);
				const struct search_result *r = search_result(engine);
				assert_true(r->has_move);
				if (first && !is_best(&x, (int)r->move.code))
					fail_msg(
					    "%s (%d edges left): Expert played %u, not one of the "
					    "optimal edges",
					    x.text, dots_moves_left(&x.pos), r->move.code);
				if (first && dots_moves_left(&pos) <= PROVEN_FROM &&
				    (!search_proven(r->score) || search_margin(r->score) != want))
					fail_msg(
					    "%s: Expert's score %d is not the proven margin %+d",
					    x.text, r->score, want);
				move = r->move;
				first = false;
			} else {
				int best[DOTS_MAX_EDGES], nbest;
				dots_solver_clear(s);
				dots_solve_best(s, &pos, best, &nbest);
				assert_true(nbest > 0);
				dots_make_move(&pos, best[0], &move);
			}
			dots_rules.play(&pos, &move);
		}
		const int got = pos.score[me] - pos.score[!me];
		if (got != want)
			fail_msg(
			    "%s: Expert against perfect play ended %+d, the solved margin is %+d",
			    x.text, got, want);
		n++;
	}
	fclose(f);
	search_free(engine);
	dots_solver_free(s);
	assert_true(n >= 40);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_file_solved),
	    cmocka_unit_test(test_expert_perfect),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
