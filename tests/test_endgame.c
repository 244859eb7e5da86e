/*
 * tests/test_endgame.c — the exact 8×8 endgame solver (games/reversi/endgame.h): against a
 * plain alpha-beta over reversi_rules on random positions with few empties (passes and
 * finished games included), its windows and win/draw/loss mode, the FFO positions with
 * their published scores, and the resumable root, the same search whatever its slices.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "games/reversi/board8.h"
#include "games/reversi/endgame.h"
#include "games/reversi/pattern.h"
#include "games/reversi/reversi.h"
#include "shared_data.h"

static const struct game_rules *const R = &reversi_rules;

/* Returns the next number of a xorshift generator. */
static uint64_t next_random(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* Returns the score for the side to move found through the rules interface alone: alpha-beta
 * (fail-hard) in (alpha, beta) over every legal move, a pass being a move. */
static int reference(struct reversi_pos *pos, int alpha, int beta)
{
	struct game_move moves[GAME_MOVES_MAX];
	const int n = R->generate(pos, moves);
	if (n == 0) {
		const int r = R->result(pos);
		return R->to_move(pos) == 0 ? r : -r;
	}
	for (int i = 0; i < n; i++) {
		R->play(pos, &moves[i]);
		const int v = -reference(pos, -beta, -alpha);
		R->undo(pos, &moves[i]);
		if (v >= beta)
			return beta;
		if (v > alpha)
			alpha = v;
	}
	return alpha;
}

/* Returns the exact score of pos by the reference. */
static int reference_score(struct reversi_pos *pos)
{
	return reference(pos, -65, 65);
}

/* Returns a random position reached from the start by random moves until at most `empties`
 * squares are left or the game ends. */
static struct reversi_pos random_position(uint64_t *rng, int empties)
{
	struct reversi_pos pos;
	struct game_options opt = reversi_options(8, false, false, 0);
	assert_int_equal(R->start(&pos, &opt), GAME_OK);
	struct game_move moves[GAME_MOVES_MAX];
	for (;;) {
		const int filled = reversi_count(&pos, 0) + reversi_count(&pos, 1);
		if (64 - filled <= empties)
			break;
		const int n = R->generate(&pos, moves);
		if (n == 0)
			break;
		R->play(&pos, &moves[next_random(rng) % (uint64_t)n]);
	}
	return pos;
}

static void test_random_positions_match_reference(void **state)
{
	(void)state;
	struct endgame_ctx *ctx = endgame_new(16);
	assert_non_null(ctx);
	uint64_t rng = 0x9e3779b97f4a7c15ULL;
	int passes = 0, finished = 0;
	for (int t = 0; t < 400; t++) {
		const int empties = (int)(next_random(&rng) % 11);
		struct reversi_pos pos = random_position(&rng, empties);
		const uint64_t P = (uint64_t)pos.disc[pos.side], O = (uint64_t)pos.disc[!pos.side];
		const int want = reference_score(&pos);
		if (t % 3 == 0)
			endgame_clear(ctx);
		assert_int_equal(endgame_solve(ctx, P, O, -64, 64), want);
		const int sign = (want > 0) - (want < 0);
		assert_int_equal(endgame_wld(ctx, P, O), sign);
		/* A random window: fail-soft bounds, exact inside. */
		const int a = (int)(next_random(&rng) % 129) - 65;
		const int b = a + 1 + (int)(next_random(&rng) % 20);
		const int v = endgame_solve(ctx, P, O, a, b > 64 ? 64 : b);
		if (v <= a)
			assert_true(want <= v);
		else if (v >= (b > 64 ? 64 : b))
			assert_true(want >= v);
		else
			assert_int_equal(v, want);
		/* The best move reaches the score. */
		const struct endgame_result r = endgame_best(ctx, P, O, -64, 64);
		assert_int_equal(r.score, want);
		struct game_move moves[GAME_MOVES_MAX];
		const int n = R->generate(&pos, moves);
		if (n == 0) {
			finished++;
			assert_int_equal(r.move, ENDGAME_NO_MOVE);
		} else if (moves[0].code == REVERSI_PASS) {
			passes++;
			assert_int_equal(r.move, ENDGAME_PASS);
		} else {
			int found = 0;
			for (int i = 0; i < n; i++)
				if (moves[i].code == (uint32_t)r.move) {
					R->play(&pos, &moves[i]);
					assert_int_equal(-reference_score(&pos), want);
					found = 1;
					break;
				}
			assert_true(found);
		}
	}
	printf("note: %d positions to pass, %d finished games\n", passes, finished);
	assert_true(passes > 0);
	assert_true(finished > 0);
	endgame_free(ctx);
}

/* Loads the committed pattern weights (the tests run from the source tree). */
static void load_weights(void)
{
	char err[160];
	if (pattern_load("assets/reversi-eval.bin", err) != 0) {
		fprintf(stderr, "%s\n", err);
		fail();
	}
}

/* Returns the position of an OBF text as (P, O). */
static void parse_obf(const char *text, uint64_t *P, uint64_t *O)
{
	struct reversi_pos pos;
	char err[GAME_ERR_MAX];
	assert_int_equal(R->pos_parse(&pos, text, NULL, err), GAME_OK);
	*P = (uint64_t)pos.disc[pos.side];
	*O = (uint64_t)pos.disc[!pos.side];
}

static void test_pass_and_finished_boards(void **state)
{
	(void)state;
	struct endgame_ctx *ctx = endgame_new(12);
	assert_non_null(ctx);
	uint64_t P, O;
	/* A full board: 40 X against 24 O. */
	parse_obf("XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXOOOOOOOOOOOOOOOOOOOOOOOO O", &P, &O);
	assert_int_equal(endgame_solve(ctx, P, O, -64, 64), -16);
	struct endgame_result r = endgame_best(ctx, P, O, -64, 64);
	assert_int_equal(r.move, ENDGAME_NO_MOVE);
	assert_int_equal(r.score, -16);
	/* Only X left, with empties: X wins with all of them. */
	parse_obf("XXXXXXXX-------------------------------------------------------- O", &P, &O);
	assert_int_equal(endgame_solve(ctx, P, O, -64, 64), -64);
	assert_int_equal(endgame_wld(ctx, O, P), 1);
	/* O to move must pass: X takes a1 next and wins. */
	parse_obf("-OXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX O", &P, &O);
	r = endgame_best(ctx, P, O, -64, 64);
	assert_int_equal(r.move, ENDGAME_PASS);
	assert_int_equal(r.score, -64);
	endgame_free(ctx);
}

/* Solves each line of an FFO file and checks the first answer's score and that the move is
 * one of the answers with that score; returns how many lines were solved. */
static int check_ffo(const char *name, int lines)
{
	FILE *f = shared_data_open(name);
	struct endgame_ctx *ctx = endgame_new(0);
	assert_non_null(ctx);
	char line[512];
	int solved = 0;
	while (solved < lines && fgets(line, sizeof line, f)) {
		uint64_t P, O;
		parse_obf(line, &P, &O);
		const struct endgame_result r = endgame_best(ctx, P, O, -64, 64);
		const char *p = strchr(line, ';');
		assert_non_null(p);
		int best = 999, move_ok = 0;
		while ((p = strchr(p, ';')) && p[1] == ' ' && p[2] != '\n' && p[2]) {
			int used, score;
			const int sq = reversi_square_parse(8, p + 2, &used);
			assert_true(sq >= 0);
			assert_int_equal(sscanf(p + 2 + used, ":%d", &score), 1);
			if (best == 999)
				best = score;
			if (score == best && sq == r.move)
				move_ok = 1;
			p++;
		}
		if (r.score != best || !move_ok)
			fail_msg("%s line %d: move %d score %d, want %d", name, solved + 1, r.move,
			         r.score, best);
		solved++;
	}
	endgame_free(ctx);
	fclose(f);
	return solved;
}

static void test_ffo_1_to_19(void **state)
{
	(void)state;
	assert_int_equal(check_ffo("ffo-1-19.obf", 19), 19);
}

/* With the pattern weights loaded the solver sorts moves by the evaluation from 12 empties
 * and aims its root at the evaluation's guess: the scores must not change. */
static void test_evaluation_ordering_keeps_scores(void **state)
{
	(void)state;
	struct endgame_ctx *plain = endgame_new(18), *sorted = endgame_new(18);
	assert_non_null(plain);
	assert_non_null(sorted);
	uint64_t rng = 0x51ed2701ULL;
	struct reversi_pos pos[40];
	int want[40];
	for (int t = 0; t < 40; t++) {
		pos[t] = random_position(&rng, 12 + t % 5);
		want[t] = endgame_solve(plain, (uint64_t)pos[t].disc[pos[t].side],
		                        (uint64_t)pos[t].disc[!pos[t].side], -64, 64);
	}
	load_weights();
	for (int t = 0; t < 40; t++) {
		const uint64_t P = (uint64_t)pos[t].disc[pos[t].side],
		               O = (uint64_t)pos[t].disc[!pos[t].side];
		const struct endgame_result r = endgame_best(sorted, P, O, -64, 64);
		assert_int_equal(r.score, want[t]);
		assert_int_equal(endgame_wld(sorted, P, O), (want[t] > 0) - (want[t] < 0));
	}
	assert_int_equal(check_ffo("ffo-1-19.obf", 19), 19);
	endgame_free(plain);
	endgame_free(sorted);
}

/* Runs a resumable root solve of (P, O) on a cleared table in steps of `budget` nodes (0: one
 * step), checking that a step keeps to its budget but for one subtree of at most 14 empties. */
static struct endgame_result resumed(struct endgame_ctx *ctx, uint64_t P, uint64_t O, int alpha,
                                     int beta, int first, int guess, uint64_t budget)
{
	endgame_clear(ctx);
	endgame_root_start(ctx, P, O, alpha, beta, first, guess);
	uint64_t before = endgame_nodes(ctx);
	while (!endgame_root_step(ctx, budget)) {
		assert_true(budget > 0);
		assert_true(endgame_nodes(ctx) - before >= budget);
		before = endgame_nodes(ctx);
	}
	return endgame_root_result(ctx);
}

/* The resumable root (endgame_root_*) is endgame_best cut into slices: the same nodes, score
 * and move whatever the slices, on positions deep enough for its own stack (15 to 20 empties,
 * with the weights: the guess and the deep sorting), in the whole window and in the outcome's.
 * A given guess and first move change the work, never the score; the line starts with the
 * move and is legal. */
static void test_resumable_root(void **state)
{
	(void)state;
	load_weights();
	struct endgame_ctx *ctx = endgame_new(16);
	assert_non_null(ctx);
	uint64_t rng = 0x2545f4914f6cdd1dULL;
	for (int t = 0; t < 6; t++) {
		const struct reversi_pos pos = random_position(&rng, 15 + t);
		const uint64_t P = (uint64_t)pos.disc[pos.side], O = (uint64_t)pos.disc[!pos.side];
		for (int wld = 0; wld < 2; wld++) {
			const int a = wld ? -1 : -64, b = wld ? 1 : 64;
			endgame_clear(ctx);
			const struct endgame_result whole = endgame_best(ctx, P, O, a, b);
			const uint64_t budgets[] = {1, 7, 5000, 0};
			for (size_t i = 0; i < sizeof budgets / sizeof budgets[0]; i++) {
				const struct endgame_result r =
				    resumed(ctx, P, O, a, b, 64, ENDGAME_NO_GUESS, budgets[i]);
				assert_int_equal(r.move, whole.move);
				assert_int_equal(r.score, whole.score);
				assert_int_equal(r.nodes, whole.nodes);
			}
			/* Another first move and a wrong guess: the same value. */
			const uint64_t moves = board8_moves(P, O);
			const int first = moves ? __builtin_ctzll(moves) : 64;
			const struct endgame_result g = resumed(ctx, P, O, a, b, first, 30, 100);
			if (wld)
				assert_int_equal((g.score > 0) - (g.score < 0),
				                 (whole.score > 0) - (whole.score < 0));
			else
				assert_int_equal(g.score, whole.score);
			int line[32];
			const int n = endgame_root_line(ctx, line, 32);
			assert_true(n >= 1);
			assert_int_equal(line[0], g.move);
			struct reversi_pos after = pos;
			for (int k = 0; k < n; k++) {
				struct game_move list[GAME_MOVES_MAX];
				const int count = R->generate(&after, list);
				int found = -1;
				for (int j = 0; j < count; j++)
					if (list[j].code == (line[k] == ENDGAME_PASS
					                         ? (uint32_t)REVERSI_PASS
					                         : (uint32_t)line[k]))
						found = j;
				assert_true(found >= 0);
				R->play(&after, &list[found]);
			}
		}
	}
	endgame_free(ctx);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_pass_and_finished_boards),
	    cmocka_unit_test(test_random_positions_match_reference),
	    cmocka_unit_test(test_ffo_1_to_19),
	    cmocka_unit_test(test_evaluation_ordering_keeps_scores),
	    cmocka_unit_test(test_resumable_root),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
