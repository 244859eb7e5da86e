/*
 * tests/test_review.c — the review (core/review.h) on real games: a Reversi endgame from the
 * FFO set with one move whose exact loss is published, a Dots and Boxes 3×3 game with one
 * blunder measured by the exact solver, and a checkers game from the shared PDN file reviewed
 * twice with different slicing. Also the Reversi and Dots record readers it opens files with.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/module.h"
#include "core/review.h"
#include "games/dots/dots.h"
#include "games/dots/solver.h"
#include "games/reversi/reversi.h"
#include "io/records.h"
#include "shared_data.h"

extern const struct game_module reversi_module, dots_module, checkers_module;

/* Plays out m from its cursor with the exact search's best move until the game ends. */
static void play_out_exact(struct match *m)
{
	struct search *s = search_new(m->rules, 20);
	assert_non_null(s);
	const struct search_limits exact = {.exact = 64, .deep = true};
	while (!match_over(m)) {
		search_start(s, match_pos(m), &exact);
		search_step(s, 0);
		const struct search_result *r = search_result(s);
		assert_true(r->has_move);
		assert_true(r->exact);
		assert_int_equal(match_play(m, &r->move), GAME_OK);
	}
	search_free(s);
}

/* FFO #20 (20 empties, Black to move): H5 wins by 6, G6 loses by 2 (the published scores).
 * Played G6, then perfectly to the end: the review marks G6, and only G6, with its exact
 * loss of 8 discs. */
static void test_reversi_published_loss(void **state)
{
	(void)state;
	FILE *f = shared_data_open("ffo-20-39.obf");
	char line[512];
	assert_non_null(fgets(line, sizeof line, f));
	fclose(f);
	line[66] = '\0'; /* the board and the side to move */
	unsigned char pos[GAME_POS_MAX_BYTES];
	char err[GAME_ERR_MAX];
	assert_int_equal(reversi_rules.pos_parse(pos, line, NULL, err), GAME_OK);
	assert_non_null(strstr(line + 67, "H5:+6; G6:-2;"));
	struct match m;
	assert_int_equal(match_init_at(&m, &reversi_rules, NULL, pos), GAME_OK);
	assert_int_equal(match_play_text(&m, "g6", err), GAME_OK);
	play_out_exact(&m);

	struct review r;
	assert_int_equal(review_init(&r, &m, level_find(&reversi_rules, "hard"), 18), GAME_OK);
	while (!review_step(&r, 5000))
		;
	assert_int_equal(review_done(&r), r.count + 1);
	assert_true(r.pos[0].exact);
	assert_int_equal(r.pos[0].value, 600); /* H5: +6 */
	char best[8];
	reversi_rules.move_to_text(match_pos_at(&r.match, 0), &r.pos[0].best, best, sizeof best);
	assert_string_equal(best, "h5");
	for (int i = 0; i < r.count; i++) {
		struct review_move rm;
		review_move(&r, i, &rm);
		assert_true(rm.known);
		assert_true(rm.exact);
		if (i == 0) {
			assert_int_equal(rm.best_value, 600);
			assert_int_equal(rm.value, -200);
			assert_int_equal(rm.loss, 800);
			assert_int_equal(rm.cls, REVIEW_MISTAKE);
		} else {
			assert_int_equal(rm.loss, 0);
			assert_true(rm.cls == REVIEW_GOOD || rm.cls == REVIEW_FORCED);
		}
	}
	struct review_summary black, white;
	review_summary(&r, 0, &black);
	review_summary(&r, 1, &white);
	assert_int_equal(black.count[REVIEW_MISTAKE], 1);
	assert_int_equal(black.count[REVIEW_BLUNDER] + black.count[REVIEW_INACCURACY], 0);
	assert_int_equal(white.count[REVIEW_MISTAKE] + white.count[REVIEW_BLUNDER] +
	                     white.count[REVIEW_INACCURACY],
	                 0);
	review_free(&r);
	match_free(&m);
}

/* Returns the final box margin, for the side to move in pos, of drawing edge e and playing
 * perfectly after, by the exact solver. */
static int dots_move_value(struct dots_solver *s, const struct dots_pos *pos, int e)
{
	struct dots_pos child = *pos;
	struct game_move mv;
	dots_make_move(&child, e, &mv);
	dots_rules.play(&child, &mv);
	const int me = pos->side;
	int v = child.score[me] - child.score[!me];
	if (dots_rules.generate(&child, (struct game_move[GAME_MOVES_MAX]){0}) > 0) {
		const int rest = dots_solve_value(s, &child);
		v += child.side == me ? rest : -rest;
	}
	return v;
}

/* A 3×3 game (worth −3 to A: Wilson) played perfectly by the solver but for one move, the
 * one that loses most at ply 10: the review marks that move, with the solver's loss. */
static void test_dots_blunder(void **state)
{
	(void)state;
	struct game_options opt = {0};
	opt.value[DOTS_OPT_ROWS] = 3;
	opt.value[DOTS_OPT_COLS] = 3;
	struct match m;
	assert_int_equal(match_init(&m, &dots_rules, &opt), GAME_OK);
	struct dots_solver *s = dots_solver_new(18);
	assert_non_null(s);
	int blunder_ply = 10, blunder_loss = 0;
	while (!match_over(&m)) {
		const struct dots_pos *pos = match_pos(&m);
		int best_e = -1, best_v = -1000, worst_e = -1, worst_v = 1000;
		for (int e = 0; e < pos->edges; e++) {
			if (dots_edge_drawn(pos, e))
				continue;
			const int v = dots_move_value(s, pos, e);
			if (v > best_v)
				best_v = v, best_e = e;
			if (v < worst_v)
				worst_v = v, worst_e = e;
		}
		int e = best_e;
		if (m.cursor == blunder_ply - 1) {
			e = worst_e;
			blunder_loss = best_v - worst_v;
		}
		struct game_move mv;
		dots_make_move((struct dots_pos *)match_pos(&m), e, &mv);
		assert_int_equal(match_play(&m, &mv), GAME_OK);
	}
	dots_solver_free(s);
	assert_true(blunder_loss >= 2); /* giving away a box at least */

	struct review r;
	assert_int_equal(review_init(&r, &m, NULL, 18), GAME_OK);
	while (!review_step(&r, 3000))
		;
	assert_true(r.pos[0].exact);
	assert_int_equal(r.pos[0].value, -300);
	for (int i = 0; i < r.count; i++) {
		struct review_move rm;
		review_move(&r, i, &rm);
		assert_true(rm.exact);
		if (i == blunder_ply - 1) {
			assert_int_equal(rm.loss, 100 * blunder_loss);
			assert_true(rm.cls >= REVIEW_MISTAKE);
		} else {
			assert_int_equal(rm.loss, 0);
		}
	}
	review_free(&r);
	match_free(&m);
}

/* Reviews the first game of the shared PDN file at Medium with the search sliced two ways,
 * the second after a quick look at every position (as the window does): the same values, moves
 * and node counts. */
static void test_checkers_deterministic(void **state)
{
	(void)state;
	fclose(shared_data_open("checkers-games.pdn"));
	const char *path = SHARED_DATA_DIR "/checkers-games.pdn";
	const int g = record_file_game(path);
	assert_int_equal(g, game_module_index(&checkers_module));
	struct match m;
	int games = 0;
	char err[512];
	assert_true(record_file_match(path, g, 1, &m, &games, err, sizeof err));
	assert_true(m.count > 20);
	const struct level *lv = level_find(checkers_module.rules, "medium");
	struct review a, b;
	assert_int_equal(review_init(&a, &m, lv, 18), GAME_OK);
	assert_int_equal(review_init(&b, &m, lv, 18), GAME_OK);
	review_step(&a, 0);
	review_quick_first(&b);
	int seen_quick = 0;
	while (!review_step(&b, 777))
		seen_quick += review_done(&b) == 0 && b.pos[m.count / 2].done;
	assert_true(seen_quick >
	            0); /* the middle of the game had a value before the level's pass */
	for (int i = 0; i <= m.count; i++) {
		assert_true(a.pos[i].final && b.pos[i].final);
		assert_int_equal(a.pos[i].value, b.pos[i].value);
		assert_int_equal(a.pos[i].nodes, b.pos[i].nodes);
		assert_true(game_move_equal(&a.pos[i].best, &b.pos[i].best));
	}
	assert_true(b.nodes > a.nodes); /* the quick look's nodes besides */
	review_free(&a);
	review_free(&b);
	match_free(&m);
}

/* Writes m's record with its module, reads it back and checks the moves. */
static void round_trip(const struct game_module *mod, struct match *m)
{
	const struct record_info info = {.event = "test"};
	char *text = mod->record->write(m, &info);
	assert_non_null(text);
	struct record_game *games = NULL;
	char err[GAME_ERR_MAX];
	const int n = mod->record->read(text, strlen(text), &games, err);
	assert_int_equal(n, 1);
	assert_int_equal(games[0].error, GAME_OK);
	assert_int_equal(games[0].count, m->cursor);
	for (int i = 0; i < m->cursor; i++)
		assert_true(game_move_equal(&games[0].moves[i], &m->moves[i]));
	record_games_free(games, n);
	free(text);
}

static void test_records_round_trip(void **state)
{
	(void)state;
	char err[GAME_ERR_MAX];
	struct match m;
	assert_int_equal(match_init(&m, &reversi_rules, NULL), GAME_OK);
	for (const char *const *mv = (const char *const[]){"f5", "d6", "c3", "d3", "c4", NULL}; *mv;
	     mv++)
		assert_int_equal(match_play_text(&m, *mv, err), GAME_OK);
	round_trip(&reversi_module, &m);
	match_free(&m);

	struct game_options opt = {0};
	opt.value[DOTS_OPT_ROWS] = 2;
	opt.value[DOTS_OPT_COLS] = 3;
	assert_int_equal(match_init(&m, &dots_rules, &opt), GAME_OK);
	for (const char *const *mv = (const char *const[]){"0", "3", "9", "7", "12", NULL}; *mv;
	     mv++)
		assert_int_equal(match_play_text(&m, *mv, err), GAME_OK);
	round_trip(&dots_module, &m);
	match_free(&m);

	/* Several games in one transcript file, a comment, and an illegal one named. */
	const char *text = "# two games\nf5d6c3\n\nf5f5\n";
	struct record_game *games = NULL;
	const int n = reversi_module.record->read(text, strlen(text), &games, err);
	assert_int_equal(n, 2);
	assert_int_equal(games[0].error, GAME_OK);
	assert_int_equal(games[0].count, 3);
	assert_int_not_equal(games[1].error, GAME_OK);
	assert_non_null(strstr(games[1].err, "move 2"));
	record_games_free(games, n);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_reversi_published_loss),
	    cmocka_unit_test(test_dots_blunder),
	    cmocka_unit_test(test_checkers_deterministic),
	    cmocka_unit_test(test_records_round_trip),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
