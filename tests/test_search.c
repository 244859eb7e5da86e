/*
 * tests/test_search.c — unit tests of the resumable search (core/search.c), the levels
 * (core/level.c) and the Reversi evaluation (games/reversi/eval.c).
 *
 * The property everything else rests on is determinism: the same position, limits and seed
 * give the same move, score, depth, principal variation and node count whether the search
 * runs in steps of 1 node, 100 nodes or all at once. Then: scores equal a plain recursive
 * negamax written here, forced wins are found, every answer is a legal move (also after
 * "move now"), a finished game has no move, a step keeps to its node budget, Beginner takes
 * a free corner, and Medium beats Beginner.
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
#include "core/level.h"
#include "core/search.h"
#include "games/dots/dots.h"
#include "games/reversi/endgame.h"
#include "games/dots/engine.h"
#include "games/reversi/eval.h"
#include "games/reversi/pattern.h"
#include "games/reversi/reversi.h"
#include "games/checkers/checkers.h"
#include "games/checkers/egdb.h"

/* Reversi positions as transcripts from the start: the start itself and two midgames. */
static const char *const reversi_games[] = {
    "",
    "f5 f4 d3 c4 b3 c6 f3 d2 e6 g4 c3 a3 b7 f2 g3 b4 h4 a8 a4 f6",
    ("d3 c3 b3 e3 f6 e6 f2 g6 e7 d8 e8 f8 h6 g5 f4 h4 g4 e2 f7 c5 d2 g7 b6 b2 b4 d1 h8 h5 e1 "
     "d6 c7 c4 b5 g3 a1 f5"),
};

/* Dots and Boxes 3×3 midgame positions with boxes to take, as edge sequences. */
static const char *const dots_games[] = {
    "0 12 3 20 8 17",
    "0 12 3 20 8 17 13 22 10 14 6 9",
};

/* Plays the moves of `text` (separated by spaces) on pos, from move_parse. */
static void play_text(const struct game_rules *rules, void *pos, const char *text)
{
	char word[16], err[GAME_ERR_MAX];
	while (*text) {
		while (*text == ' ')
			text++;
		size_t n = 0;
		while (text[n] && text[n] != ' ')
			n++;
		if (!n)
			break;
		assert_true(n < sizeof word);
		memcpy(word, text, n);
		word[n] = '\0';
		text += n;
		struct game_move move;
		if (rules->move_parse(pos, word, &move, err) != GAME_OK)
			fail_msg("move %s: %s", word, err);
		rules->play(pos, &move);
	}
}

/* Sets up `rules`' default start position (or the given options) and plays `text`. */
static void set_up(const struct game_rules *rules, void *pos, const struct game_options *opt,
                   const char *text)
{
	assert_int_equal(rules->start(pos, opt), GAME_OK);
	play_text(rules, pos, text);
}

/* Reads a position from its text form. */
static void parse(const struct game_rules *rules, void *pos, const char *text)
{
	char err[GAME_ERR_MAX] = "";
	if (rules->pos_parse(pos, text, NULL, err) != GAME_OK)
		fail_msg("pos_parse(\"%s\"): %s", text, err);
}

/* Returns whether `move` is one of the legal moves of pos. */
static bool is_legal(const struct game_rules *rules, const void *pos, const struct game_move *move)
{
	struct game_move moves[GAME_MOVES_MAX];
	const int n = rules->generate(pos, moves);
	for (int i = 0; i < n; i++)
		if (game_move_equal(&moves[i], move))
			return true;
	return false;
}

static void random_playout(const struct game_rules *rules, void *pos, int plies, uint64_t seed);

/* Returns the limits of level `name` of `rules`' game with `seed`. */
static struct search_limits level_of(const struct game_rules *rules, const char *name,
                                     uint32_t seed)
{
	const struct level *lv = level_find(rules, name);
	assert_non_null(lv);
	struct search_limits limits;
	level_limits(lv, seed, &limits);
	return limits;
}

/* The most nodes one subtree of Reversi's own search (games/reversi/deep.c) may take in a
 * test position: one step may run past its budget by that much. */
enum { DEEP_SUBTREE_MAX = 2000000 };

/* How far one step may run past its budget: one call of the game's own search (rules->deep),
 * which settles a node at once; Dots and Boxes sets it while its searches run. */
static uint64_t step_slack;

/* Runs a search of pos to the end in steps of `budget` nodes (0: one step), checking that
 * no step spends more than its budget (and step_slack), and returns the result. */
static struct search_result run(struct search *s, const void *pos,
                                const struct search_limits *limits, uint64_t budget)
{
	search_start(s, pos, limits);
	uint64_t before = search_result(s)->nodes;
	for (;;) {
		const bool done = search_step(s, budget);
		const uint64_t after = search_result(s)->nodes;
		/* A step keeps to its budget, but for one subtree of the game's own search. */
		if (budget)
			assert_true(after - before <=
			            budget + step_slack + (limits->deep ? DEEP_SUBTREE_MAX : 0));
		before = after;
		if (done)
			break;
		assert_true(search_running(s));
	}
	assert_false(search_running(s));
	return *search_result(s);
}

/* Checks that two results are the same in every field that matters. */
static void assert_same_result(const struct search_result *a, const struct search_result *b)
{
	assert_int_equal(a->has_move, b->has_move);
	assert_true(game_move_equal(&a->move, &b->move));
	assert_int_equal(a->score, b->score);
	assert_int_equal(a->depth, b->depth);
	assert_int_equal(a->nodes, b->nodes);
	assert_int_equal(a->pv_length, b->pv_length);
	for (int i = 0; i < a->pv_length; i++)
		assert_true(game_move_equal(&a->pv[i], &b->pv[i]));
}

/* Searches pos with steps of 1, 100 and all nodes, with a search object that has just
 * searched something else, and with one prepared by search_prepare; all must agree. Returns
 * the result. */
static struct search_result check_deterministic(const struct game_rules *rules, const void *pos,
                                                const struct search_limits *limits)
{
	struct search *s = search_new(rules, 16);
	assert_non_null(s);
	const struct search_result whole = run(s, pos, limits, 0);
	assert_true(whole.has_move);
	assert_true(is_legal(rules, pos, &whole.move));
	assert_true(whole.nodes > 0);
	const uint64_t budgets[] = {1, 100, 7};
	for (size_t i = 0; i < sizeof budgets / sizeof budgets[0]; i++) {
		const struct search_result sliced = run(s, pos, limits, budgets[i]);
		assert_same_result(&whole, &sliced);
	}
	/* A search whose table was made and written first (search_prepare, as `parity bench`
	 * does before its clock starts) gives the same. */
	struct search *prepared = search_new(rules, 16);
	assert_non_null(prepared);
	search_prepare(prepared, pos, limits);
	const struct search_result first = run(prepared, pos, limits, 0);
	assert_same_result(&whole, &first);
	search_free(prepared);
	/* The PV is a line of legal moves. */
	unsigned char line[GAME_POS_MAX_BYTES];
	memcpy(line, pos, rules->pos_size);
	assert_true(game_move_equal(&whole.pv[0], &whole.move));
	for (int i = 0; i < whole.pv_length; i++) {
		assert_true(is_legal(rules, line, &whole.pv[i]));
		rules->play(line, &whole.pv[i]);
	}
	search_free(s);
	return whole;
}

static void test_deterministic_reversi(void **state)
{
	(void)state;
	struct reversi_pos pos;
	const char *levels[] = {"beginner", "medium"};
	for (size_t g = 0; g < sizeof reversi_games / sizeof reversi_games[0]; g++)
		for (int lv = 0; lv < 2; lv++) {
			set_up(&reversi_rules, &pos, NULL, reversi_games[g]);
			const struct search_limits limits =
			    level_of(&reversi_rules, levels[lv], 1234u + (uint32_t)g);
			const struct search_result r =
			    check_deterministic(&reversi_rules, &pos, &limits);
			assert_int_equal(r.depth, limits.depth);
		}
	/* The other board sizes and variants go through the same code. */
	const struct game_options opts[] = {
	    reversi_options(6, false, false, 0), reversi_options(10, false, false, 0),
	    reversi_options(0, true, false, 0), reversi_options(0, false, true, 5)};
	for (size_t i = 0; i < sizeof opts / sizeof opts[0]; i++) {
		set_up(&reversi_rules, &pos, &opts[i], "");
		const struct search_limits limits = level_of(&reversi_rules, "medium", 9);
		check_deterministic(&reversi_rules, &pos, &limits);
	}
}

/* Plays `plies` moves from the start, each the k-th legal move for a pseudo-random k. */
static void random_game(struct reversi_pos *pos, int plies, uint32_t seed)
{
	reversi_rules.start(pos, &(struct game_options){0});
	struct game_move moves[GAME_MOVES_MAX];
	for (int i = 0; i < plies; i++) {
		const int n = reversi_rules.generate(pos, moves);
		if (n == 0)
			break;
		seed = seed * 1103515245u + 12345u;
		reversi_rules.play(pos, &moves[(seed >> 16) % (uint32_t)n]);
	}
}

/* The search never reads a file: with no weights handed to the engine, a Hard search (which
 * hands the bottom of the tree to Reversi's own search) uses the simpler evaluation and still
 * has none loaded afterwards. It used to load them from inside the search, found beside the
 * program (build/tests/../../assets). */
static void test_deep_reads_no_file(void **state)
{
	(void)state;
	pattern_unload();
	struct reversi_pos pos;
	set_up(&reversi_rules, &pos, NULL, reversi_games[1]);
	const struct search_limits limits = {.depth = 6, .deep = true, .probcut = 15};
	struct search *s = search_new(&reversi_rules, 16);
	assert_non_null(s);
	const struct search_result r = run(s, &pos, &limits, 0);
	assert_int_equal(r.depth, 6);
	assert_false(pattern_loaded());
	search_free(s);
}

/* Hard and Expert hand the bottom of the tree to Reversi's own search (pattern evaluation,
 * exact endgame): still the same result whatever the step size. The weights are handed to the
 * engine first, as the window and the headless commands do. */
static void test_deterministic_reversi_deep(void **state)
{
	(void)state;
	char err[GAME_ERR_MAX];
	if (pattern_load("assets/reversi-eval.bin", err) != 0) {
		fprintf(stderr, "%s\n", err);
		fail();
	}
	struct reversi_pos pos;
	for (size_t g = 0; g < sizeof reversi_games / sizeof reversi_games[0]; g++) {
		set_up(&reversi_rules, &pos, NULL, reversi_games[g]);
		const struct search_limits limits = {.depth = 8,
		                                     .nodes = 300000,
		                                     .deep = true,
		                                     .aspiration = g % 2 ? 100 : 0,
		                                     .probcut = g % 2 ? 0 : 15};
		check_deterministic(&reversi_rules, &pos, &limits);
		/* An aspiration window changes the work, never the answer of a full-width search. */
		const struct search_limits plain = {.depth = 5},
		                           narrow = {.depth = 5, .aspiration = 50};
		struct search *s = search_new(&reversi_rules, 16);
		const struct search_result a = run(s, &pos, &plain, 0),
		                           b = run(s, &pos, &narrow, 0);
		assert_int_equal(a.score, b.score);
		search_free(s);
	}
	random_game(&pos, 40, 17);
	const struct search_limits limits = {
	    .depth = 6, .nodes = 100000, .deep = true, .exact = 20};
	check_deterministic(&reversi_rules, &pos, &limits);
	/* A selective search that reaches the end of the game (ProbCut with the end's own fits,
	 * mpc.h's reversi_mpc_end, past the exact solver's squares), then goes on surer. */
	random_game(&pos, 42, 5);
	const struct search_limits selective = {
	    .depth = 24, .nodes = 400000, .deep = true, .probcut = 15};
	const struct search_result r = check_deterministic(&reversi_rules, &pos, &selective);
	assert_true(r.depth >= reversi_rules.moves_left(&pos));
}

/* Going to the end (search_limits.exact) gives the exact endgame solver's score and a move
 * that keeps it. */
static void test_exact_agrees_with_solver(void **state)
{
	(void)state;
	struct search *s = search_new(&reversi_rules, 18);
	struct endgame_ctx *eg = endgame_new(16);
	assert_non_null(s);
	assert_non_null(eg);
	for (uint32_t seed = 1; seed <= 6; seed++) {
		struct reversi_pos pos;
		random_game(&pos, 44 + (int)seed % 3, seed);
		struct game_move moves[GAME_MOVES_MAX];
		if (reversi_rules.generate(&pos, moves) == 0 || moves[0].code == REVERSI_PASS)
			continue;
		const uint64_t P = (uint64_t)pos.disc[pos.side], O = (uint64_t)pos.disc[!pos.side];
		const int exact = endgame_solve(eg, P, O, -64, 64);
		const struct search_limits limits = {.depth = 4, .deep = true, .exact = 20};
		const struct search_result r = run(s, &pos, &limits, 0);
		const int margin = search_margin(r.score);
		assert_true(r.score == 0 || search_proven(r.score));
		assert_int_equal(margin, exact);
		/* The move keeps the score. */
		struct reversi_pos after = pos;
		reversi_rules.play(&after, &r.move);
		const uint64_t P2 = (uint64_t)after.disc[after.side],
		               O2 = (uint64_t)after.disc[!after.side];
		const int child = endgame_solve(eg, P2, O2, -64, 64);
		assert_int_equal(after.side == pos.side ? child : -child, exact);
	}
	endgame_free(eg);
	search_free(s);
}

/* Expert's iteration that goes to the end is the solver's own resumable root (its guess from
 * the selective iterations, their move first, its sorting): deterministic whatever the step
 * size, the solver's exact score, a move that keeps it and a legal line; on positions of 16 to
 * 20 empties, above what the solver takes as one subtree. With a small node limit the solve
 * is given up at the same node whatever the steps, and the selective move stands. */
static void test_exact_solver_root(void **state)
{
	(void)state;
	struct endgame_ctx *eg = endgame_new(18);
	assert_non_null(eg);
	int tested = 0;
	for (uint32_t seed = 1; seed <= 4; seed++) {
		struct reversi_pos pos;
		random_game(&pos, 60 - 16 - (int)seed, 40 + seed);
		struct game_move moves[GAME_MOVES_MAX];
		if (reversi_rules.generate(&pos, moves) == 0 || moves[0].code == REVERSI_PASS)
			continue;
		const uint64_t P = (uint64_t)pos.disc[pos.side], O = (uint64_t)pos.disc[!pos.side];
		const int exact = endgame_solve(eg, P, O, -64, 64);
		struct search_limits limits = level_of(&reversi_rules, "expert", seed);
		limits.book = false;
		const struct search_result r = check_deterministic(&reversi_rules, &pos, &limits);
		assert_true(r.exact);
		assert_int_equal(r.depth, reversi_rules.moves_left(&pos));
		assert_int_equal(search_margin(r.score), exact);
		struct reversi_pos after = pos;
		reversi_rules.play(&after, &r.move);
		const uint64_t P2 = (uint64_t)after.disc[after.side],
		               O2 = (uint64_t)after.disc[!after.side];
		assert_int_equal(-endgame_solve(eg, P2, O2, -64, 64), exact);
		/* Given up: 6 × 3000 nodes are far too few for the solve. */
		limits.nodes = 3000;
		const struct search_result g = check_deterministic(&reversi_rules, &pos, &limits);
		assert_false(g.exact);
		assert_true(g.depth < reversi_rules.moves_left(&pos));
		tested++;
	}
	printf("note: %d positions solved at the root\n", tested);
	assert_true(tested >= 3);
	endgame_free(eg);
}

/* Going to the end for a win, a draw or a loss only (search_limits.wld) tells them apart as
 * the exact solver does, plays a move that keeps the outcome, and is deterministic. */
static void test_wld_agrees_with_solver(void **state)
{
	(void)state;
	struct search *s = search_new(&reversi_rules, 18);
	struct endgame_ctx *eg = endgame_new(16);
	assert_non_null(s);
	assert_non_null(eg);
	int outcomes[3] = {0, 0, 0};
	for (uint32_t seed = 1; seed <= 12; seed++) {
		struct reversi_pos pos;
		random_game(&pos, 42 + (int)seed % 4, seed);
		struct game_move moves[GAME_MOVES_MAX];
		if (reversi_rules.generate(&pos, moves) == 0 || moves[0].code == REVERSI_PASS)
			continue;
		const uint64_t P = (uint64_t)pos.disc[pos.side], O = (uint64_t)pos.disc[!pos.side];
		const int exact = endgame_solve(eg, P, O, -64, 64);
		const int sign = (exact > 0) - (exact < 0);
		outcomes[sign + 1]++;
		const struct search_limits limits = {
		    .depth = 4, .deep = true, .exact = 10, .wld = 24};
		const struct search_result r = run(s, &pos, &limits, 0);
		assert_int_equal((r.score > 0) - (r.score < 0), sign);
		struct reversi_pos after = pos;
		reversi_rules.play(&after, &r.move);
		const uint64_t P2 = (uint64_t)after.disc[after.side],
		               O2 = (uint64_t)after.disc[!after.side];
		const int child = endgame_solve(eg, P2, O2, -64, 64);
		const int kept = after.side == pos.side ? child : -child;
		assert_int_equal((kept > 0) - (kept < 0), sign);
		if (seed <= 3)
			check_deterministic(&reversi_rules, &pos, &limits);
	}
	/* The positions chosen include both wins and losses. */
	assert_true(outcomes[0] > 0 && outcomes[2] > 0);
	endgame_free(eg);
	search_free(s);
}

static void test_deterministic_dots(void **state)
{
	(void)state;
	struct dots_pos pos;
	const char *levels[] = {"beginner", "medium", "hard", "expert"};
	step_slack = DOTS_DEEP_MAX_NODES;
	for (size_t g = 0; g < sizeof dots_games / sizeof dots_games[0]; g++)
		for (int lv = 0; lv < 4; lv++) {
			set_up(&dots_rules, &pos, NULL, dots_games[g]);
			const struct search_limits limits = level_of(&dots_rules, levels[lv], 77);
			check_deterministic(&dots_rules, &pos, &limits);
		}
	/* 5×5 after twelve edges: the engine's own search takes the bottom of the tree. */
	const struct game_options five = dots_options(5, 5);
	for (int lv = 1; lv < 4; lv++) {
		set_up(&dots_rules, &pos, &five, "0 30 7 41 12 55 19 33 24 48 3 59");
		struct search_limits limits = level_of(&dots_rules, levels[lv], 5);
		limits.nodes /= 10; /* the same code paths, a tenth of the time */
		check_deterministic(&dots_rules, &pos, &limits);
	}
	step_slack = 0;
}

static void test_deterministic_checkers(void **state)
{
	(void)state;
	unsigned char pos[GAME_POS_MAX_BYTES];
	assert_true(checkers_rules.pos_size <= sizeof pos);
	const char *levels[] = {"beginner", "medium", "hard"};
	for (int lv = 0; lv < 3; lv++) {
		set_up(&checkers_rules, pos, NULL, "");
		const struct search_limits limits = level_of(&checkers_rules, levels[lv], 3);
		check_deterministic(&checkers_rules, pos, &limits);
	}
	/* Midgames with exchanges for the quiescence (game_deep) and kings moving to and fro,
	 * with a game history that the search must treat as repetitions: the same answer
	 * whatever the budget. */
	static const char *const games[] = {
	    "11-15 23-18 8-11 27-23 4-8 23-19 10-14 19x10 14x23", /* Tinsley-Rex 1946 */
	    "10-15 23-18 6-10 18-14 9x18 24-19 15x24 22x15x6",    /* London 1992, game 1 */
	};
	for (size_t g = 0; g < sizeof games / sizeof games[0]; g++) {
		set_up(&checkers_rules, pos, NULL, games[g]);
		struct search_limits limits = level_of(&checkers_rules, "hard", 11);
		uint64_t history[4];
		unsigned char line[GAME_POS_MAX_BYTES];
		memcpy(line, pos, checkers_rules.pos_size);
		random_playout(&checkers_rules, line, 4, 1000 + g);
		for (int i = 0; i < 4; i++) { /* positions the search may meet again */
			random_playout(&checkers_rules, line, 1, 77 + g + (uint64_t)i);
			history[i] = checkers_rules.hash(line);
		}
		limits.history = history;
		limits.history_count = 4;
		check_deterministic(&checkers_rules, pos, &limits);
	}
}

/* Late-move reductions and forced-move extensions (search_limits.reduce, .extend) and the
 * endgame databases at the leaves (games/checkers/egdb.h) keep the search deterministic
 * whatever the budget: a midgame, and endings of 6 and 7 pieces whose lines reach the
 * databases. The reductions also search fewer nodes for the same depth here. */
static void test_deterministic_checkers_reduced(void **state)
{
	(void)state;
	unsigned char pos[GAME_POS_MAX_BYTES];
	char err[GAME_ERR_MAX];
	assert_int_equal(checkers_egdb_load("assets", err), 0);
	static const char *const endings[] = {
	    "B:W18,24,27,K10:B12,16,K22", /* 7 pieces */
	    "W:W21,K30,K26:BK1,K2,14",    /* 6 pieces */
	};
	for (int k = 0; k < 4; k++) {
		if (k < 2) {
			set_up(&checkers_rules, pos, NULL, k == 0 ? "" : "11-15 23-19 8-11 22-17");
		} else if (checkers_rules.pos_parse(pos, endings[k - 2], NULL, err) != GAME_OK) {
			fail_msg("%s", err);
		}
		struct search_limits limits = {
		    .depth = k < 2 ? 9 : 11, .deep = true, .extend = true};
		const struct search_result plain =
		    check_deterministic(&checkers_rules, pos, &limits);
		limits.reduce = true;
		const struct search_result reduced =
		    check_deterministic(&checkers_rules, pos, &limits);
		print_message("position %d: %llu nodes, %llu with reductions\n", k,
		              (unsigned long long)plain.nodes, (unsigned long long)reduced.nodes);
		if (k < 2)
			assert_true(reduced.nodes < plain.nodes);
	}
	checkers_egdb_unload();
}

/* Returns the negamax score of pos `depth` plies deep, by plain recursion: the reference the
 * search's alpha-beta, TT and move ordering must agree with. */
static int negamax(const struct game_rules *rules, const void *pos, int depth, int ply)
{
	struct game_move moves[GAME_MOVES_MAX];
	const int n = rules->generate(pos, moves);
	if (n == 0) {
		int r = rules->result(pos);
		if (rules->to_move(pos))
			r = -r;
		return search_win_score(r, ply);
	}
	if (depth == 0)
		return rules->evaluate(pos);
	int best = -SEARCH_INFINITY;
	for (int i = 0; i < n; i++) {
		unsigned char child[GAME_POS_MAX_BYTES];
		memcpy(child, pos, rules->pos_size);
		rules->play(child, &moves[i]);
		int v = negamax(rules, child, depth - 1, ply + 1);
		if (rules->to_move(child) != rules->to_move(pos))
			v = -v;
		if (v > best)
			best = v;
	}
	return best;
}

/* Returns the same score as negamax, sooner: plain recursive alpha-beta with no table and no
 * move ordering (a second, independent reference for deeper and wider checks). */
static int alphabeta(const struct game_rules *rules, const void *pos, int depth, int ply, int alpha,
                     int beta)
{
	struct game_move moves[GAME_MOVES_MAX];
	const int n = rules->generate(pos, moves);
	if (n == 0 || depth == 0)
		return negamax(rules, pos, 0, ply);
	for (int i = 0; i < n && alpha < beta; i++) {
		unsigned char child[GAME_POS_MAX_BYTES];
		memcpy(child, pos, rules->pos_size);
		rules->play(child, &moves[i]);
		const int v = rules->to_move(child) == rules->to_move(pos)
		                  ? alphabeta(rules, child, depth - 1, ply + 1, alpha, beta)
		                  : -alphabeta(rules, child, depth - 1, ply + 1, -beta, -alpha);
		if (v > alpha)
			alpha = v;
	}
	return alpha;
}

/* Plays `plies` moves on pos, each chosen by a fixed pseudo-random sequence from `seed`,
 * stopping early if the game ends. */
static void random_playout(const struct game_rules *rules, void *pos, int plies, uint64_t seed)
{
	struct game_move moves[GAME_MOVES_MAX];
	for (int i = 0; i < plies; i++) {
		const int n = rules->generate(pos, moves);
		if (n == 0)
			return;
		rules->play(pos, &moves[(hash_lcg_next(&seed) >> 33) % (uint64_t)n]);
	}
}

/* Checks the search's score on pos for depths 1..max_depth against negamax (up to
 * negamax_depth) and the reference alpha-beta. */
static void check_scores(const struct game_rules *rules, struct search *s, const void *pos,
                         int max_depth, int negamax_depth)
{
	for (int depth = 1; depth <= max_depth; depth++) {
		const struct search_limits limits = {.depth = depth};
		const struct search_result r = run(s, pos, &limits, 0);
		assert_int_equal(
		    r.score, alphabeta(rules, pos, depth, 0, -SEARCH_INFINITY, SEARCH_INFINITY));
		if (depth <= negamax_depth)
			assert_int_equal(r.score, negamax(rules, pos, depth, 0));
	}
}

static void test_matches_negamax(void **state)
{
	(void)state;
	struct search *rs = search_new(&reversi_rules, 14);
	/* The shared search alone: Dots and Boxes without its own search for the bottom. */
	struct game_rules plain = dots_rules;
	plain.deep = NULL;
	struct search *ds = search_new(&plain, 14);
	struct reversi_pos rpos;
	struct dots_pos dpos;
	for (size_t g = 0; g < sizeof reversi_games / sizeof reversi_games[0]; g++) {
		set_up(&reversi_rules, &rpos, NULL, reversi_games[g]);
		check_scores(&reversi_rules, rs, &rpos, 5, 4);
	}
	for (size_t g = 0; g < sizeof dots_games / sizeof dots_games[0]; g++) {
		set_up(&dots_rules, &dpos, NULL, dots_games[g]);
		check_scores(&plain, ds, &dpos, 5, 4);
	}
	/* Positions from pseudo-random games: Reversi openings to endings; Dots and Boxes boards
	 * with many boxes about to fall, so runs of moves by one side. */
	for (uint64_t seed = 1; seed <= 60; seed++) {
		set_up(&reversi_rules, &rpos, NULL, "");
		random_playout(&reversi_rules, &rpos, 6 + (int)(seed % 40), seed);
		check_scores(&reversi_rules, rs, &rpos, 5, 0);
	}
	for (uint64_t seed = 1; seed <= 40; seed++) {
		set_up(&dots_rules, &dpos, NULL, "");
		random_playout(&dots_rules, &dpos, 12 + (int)(seed % 3), seed);
		check_scores(&plain, ds, &dpos, 8, 0);
	}
	/* A Dots ending searched to the last edge. */
	set_up(&dots_rules, &dpos, NULL, "0 12 3 20 8 17 13 22 10 14 6 9 1 5 15");
	const struct search_limits deep = {.depth = 12};
	const struct search_result r = run(ds, &dpos, &deep, 0);
	const int want = negamax(&dots_rules, &dpos, 12, 0);
	assert_int_equal(r.score, want);
	assert_true(r.score > SEARCH_WIN / 2 || r.score < -SEARCH_WIN / 2 || r.score == 0);
	/* With the game's own search the same ending is proven with the same final margin (a won
	 * score counts plies only down to the node the game's search took). */
	struct search *own = search_new(&dots_rules, 14);
	const struct search_result o =
	    run(own, &dpos, &(struct search_limits){.depth = 12, .deep = true}, 0);
	const int left = dots_moves_left(&dpos); /* every edge is a ply of negamax's line */
	assert_int_equal(o.score, want > 0 ? want + left - 1 : want < 0 ? want - left + 1 : 0);
	search_free(own);
	search_free(rs);
	search_free(ds);
}

static void test_forced_win(void **state)
{
	(void)state;
	/* Black (X) at a1 and a3, White at b1 and b2: c1 takes both White discs and ends the
	 * game 64-0; c3 takes only b2. */
	struct reversi_pos pos;
	parse(&reversi_rules, &pos,
	      "XO------"
	      "-O------"
	      "X-------"
	      "--------"
	      "--------"
	      "--------"
	      "--------"
	      "-------- X");
	struct search *s = search_new(&reversi_rules, 12);
	const char *levels[] = {"beginner", "medium"};
	for (int lv = 0; lv < 2; lv++) {
		const struct search_limits limits = level_of(&reversi_rules, levels[lv], 1);
		const struct search_result r = run(s, &pos, &limits, 0);
		char text[8];
		reversi_rules.move_to_text(&pos, &r.move, text, sizeof text);
		assert_string_equal(text, "c1");
		assert_int_equal(r.score, search_win_score(64, 1));
	}
	search_free(s);

	/* Dots and Boxes: a free box is taken, and the score counts it. */
	struct dots_pos dpos;
	struct search *ds = search_new(&dots_rules, 16);
	for (size_t g = 0; g < sizeof dots_games / sizeof dots_games[0]; g++) {
		set_up(&dots_rules, &dpos, NULL, dots_games[g]);
		for (int lv = 0; lv < 2; lv++) {
			const struct search_limits limits = level_of(&dots_rules, levels[lv], 5);
			const struct search_result r = run(ds, &dpos, &limits, 0);
			assert_true(r.move.extra > 0);
			/* The box count alone (Beginner) scores the box; deeper levels add their
			 * long-chain estimate, which may go either way. */
			if (lv == 0)
				assert_true(r.score >= 100);
		}
	}
	search_free(ds);
}

static void test_stop(void **state)
{
	(void)state;
	struct reversi_pos pos;
	set_up(&reversi_rules, &pos, NULL, reversi_games[1]);
	struct search *s = search_new(&reversi_rules, 16);
	const struct search_limits limits = level_of(&reversi_rules, "medium", 1);
	const uint64_t spend[] = {0, 1, 3, 20, 500, 2000};
	for (size_t i = 0; i < sizeof spend / sizeof spend[0]; i++) {
		search_start(s, &pos, &limits);
		if (spend[i])
			assert_false(search_step(s, spend[i]));
		assert_true(search_running(s));
		/* While it runs, the result already holds a legal move. */
		assert_true(search_result(s)->has_move);
		assert_true(is_legal(&reversi_rules, &pos, &search_result(s)->move));
		search_stop(s);
		assert_false(search_running(s));
		assert_true(search_step(s, 10));
		const struct search_result *r = search_result(s);
		assert_true(r->has_move);
		assert_true(is_legal(&reversi_rules, &pos, &r->move));
		assert_int_equal(r->nodes, spend[i]);
		assert_true(r->depth < limits.depth);
	}
	search_free(s);
}

static void test_cancel(void **state)
{
	(void)state;
	struct reversi_pos pos;
	set_up(&reversi_rules, &pos, NULL, reversi_games[2]);
	struct search *s = search_new(&reversi_rules, 16);
	assert_false(search_running(s));
	const struct search_limits limits = level_of(&reversi_rules, "medium", 1);
	search_start(s, &pos, &limits);
	assert_false(search_step(s, 50));
	search_cancel(s);
	assert_false(search_running(s));
	assert_false(search_result(s)->has_move);
	assert_true(search_step(s, 0));
	search_cancel(s); /* twice is fine */
	/* The same object searches again as if new. */
	struct search *fresh = search_new(&reversi_rules, 16);
	const struct search_result a = run(s, &pos, &limits, 0);
	const struct search_result b = run(fresh, &pos, &limits, 0);
	assert_same_result(&a, &b);
	search_free(fresh);
	search_free(s);
}

static void test_game_over(void **state)
{
	(void)state;
	struct reversi_pos pos;
	parse(&reversi_rules, &pos,
	      "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX-- O");
	assert_int_equal(reversi_rules.generate(&pos, (struct game_move[GAME_MOVES_MAX]){0}), 0);
	struct search *s = search_new(&reversi_rules, 10);
	const struct search_limits limits = level_of(&reversi_rules, "medium", 1);
	search_start(s, &pos, &limits);
	assert_false(search_running(s));
	assert_true(search_step(s, 1));
	assert_false(search_result(s)->has_move);
	search_stop(s);
	assert_false(search_result(s)->has_move);
	search_free(s);

	struct dots_pos dpos;
	set_up(&dots_rules, &dpos,
	       &(struct game_options){.value = {[DOTS_OPT_ROWS] = 1, [DOTS_OPT_COLS] = 1}},
	       "0 1 2 3");
	struct search *ds = search_new(&dots_rules, 10);
	search_start(ds, &dpos, NULL);
	assert_true(search_step(ds, 0));
	assert_false(search_result(ds)->has_move);
	search_free(ds);
}

static void test_budget(void **state)
{
	(void)state;
	struct reversi_pos pos;
	set_up(&reversi_rules, &pos, NULL, reversi_games[1]);
	struct search *s = search_new(&reversi_rules, 16);
	const struct search_limits limits = level_of(&reversi_rules, "medium", 1);
	/* Every step but the last spends its whole budget exactly. */
	const uint64_t budgets[] = {1, 2, 13, 256};
	for (size_t i = 0; i < sizeof budgets / sizeof budgets[0]; i++) {
		search_start(s, &pos, &limits);
		uint64_t before = 0;
		while (!search_step(s, budgets[i])) {
			assert_int_equal(search_result(s)->nodes - before, budgets[i]);
			before = search_result(s)->nodes;
		}
		assert_true(search_result(s)->nodes - before <= budgets[i]);
	}
	search_free(s);
}

static void test_node_limit(void **state)
{
	(void)state;
	struct reversi_pos pos;
	set_up(&reversi_rules, &pos, NULL, reversi_games[1]);
	struct search *s = search_new(&reversi_rules, 16);
	const struct search_result full = run(s, &pos, &(struct search_limits){.depth = 8}, 0);
	assert_int_equal(full.depth, 8);
	/* A limit stops the deepening after the iteration that passes it... */
	const uint64_t limit = full.nodes / 20;
	struct search_limits limits = {.depth = 8, .nodes = limit};
	const struct search_result r = check_deterministic(&reversi_rules, &pos, &limits);
	assert_true(r.depth < 8);
	assert_true(r.nodes >= limit);
	/* ... or gives up the iteration that runs past four times the limit. */
	assert_true(r.nodes <= 4 * limit);
	/* search_limits.give_up moves that point (a percent of the limit; Reversi Expert's 150):
	 * where the last iteration ran past twice the limit, a give-up at 200% stops it there,
	 * deterministically, and one at 150% sooner. */
	bool found = false;
	for (uint64_t d = 12; d <= 80 && !found; d += 4) {
		struct search_limits at = {.depth = 8, .nodes = full.nodes / d};
		const struct search_result four = run(s, &pos, &at, 0);
		if (four.depth >= 8 || four.nodes <= 2 * at.nodes)
			continue;
		found = true;
		at.give_up = 200;
		const struct search_result two = check_deterministic(&reversi_rules, &pos, &at);
		assert_true(two.nodes >= at.nodes);
		assert_true(two.nodes <= 2 * at.nodes);
		assert_true(two.nodes < four.nodes);
		at.give_up = 150;
		const struct search_result half = check_deterministic(&reversi_rules, &pos, &at);
		assert_true(half.nodes >= at.nodes);
		assert_true(half.nodes <= at.nodes + at.nodes / 2 + at.nodes / 100);
		assert_true(half.nodes < two.nodes);
	}
	assert_true(found);
	/* search_limits.deepen (a percent of the limit; Reversi Expert's 50): no iteration starts
	 * past it. Where an iteration ended between half the limit and the limit and the search
	 * went on, at 50% it stops there: fewer nodes, one iteration less, the same answer as
	 * that iteration's. */
	found = false;
	for (uint64_t d = 12; d <= 80 && !found; d += 4) {
		struct search_limits at = {.depth = 8, .nodes = full.nodes / d};
		const struct search_result all = run(s, &pos, &at, 0);
		struct search_limits shallower = {.depth = all.depth - 1};
		const struct search_result prev = run(s, &pos, &shallower, 0);
		if (all.depth >= 8 || all.depth < 3 || prev.nodes < at.nodes / 2 ||
		    prev.nodes >= at.nodes)
			continue;
		found = true;
		at.deepen = 50;
		const struct search_result half = check_deterministic(&reversi_rules, &pos, &at);
		assert_int_equal(half.depth, all.depth - 1);
		assert_true(half.nodes < all.nodes);
		assert_true(half.nodes == prev.nodes);
		assert_true(game_move_equal(&half.move, &prev.move));
		assert_int_equal(half.score, prev.score);
		/* 100 is the default's behaviour */
		at.deepen = 100;
		const struct search_result same = run(s, &pos, &at, 0);
		assert_same_result(&same, &all);
	}
	assert_true(found);
	search_free(s);
}

static void test_noise(void **state)
{
	(void)state;
	struct reversi_pos pos;
	set_up(&reversi_rules, &pos, NULL, reversi_games[1]);
	struct search *s = search_new(&reversi_rules, 16);
	const struct search_limits clean = {.depth = 2};
	const struct search_result best = run(s, &pos, &clean, 0);
	/* With noise, the same seed gives the same move; some seed gives another move; the
	 * score reported is the move's own, never more than the best without noise. */
	bool other = false;
	for (uint32_t seed = 0; seed < 40; seed++) {
		const struct search_limits noisy = {.depth = 2, .noise = 2000, .seed = seed};
		const struct search_result a = run(s, &pos, &noisy, 0);
		const struct search_result b = run(s, &pos, &noisy, 0);
		assert_same_result(&a, &b);
		assert_true(a.score <= best.score);
		assert_true(a.score > best.score - 2000 - 1);
		other |= !game_move_equal(&a.move, &best.move);
	}
	assert_true(other);
	search_free(s);
}

static void test_beginner_takes_corner(void **state)
{
	(void)state;
	/* Games where a corner has just been given away (from Beginner against itself). */
	static const char *const offered[] = {
	    "c4 e3 f4 c5 d6 f3 e6 c6 d3 f5 f6 b3 e2 c7 g6 g5 d7 c8 e7 d2 c3 e8 d8 d1 f7 g8 f8 h6",
	    "f5 d6 c5 f4 e7 c6 b6 c7 c8 f8 e6 d7 c4 b5 a5 a6 a7 f6 e8 d8 g8 a4 a3 b4 f7 b7",
	    ("e6 f4 e3 d6 g4 f3 g3 e7 c4 e2 d3 d2 c5 c3 f5 f6 e8 g6 f7 f2 h6 g5 h5 f8 d7 h4 h3 d8 "
	     "c6 b3 c8 b4 g8 c7 b8 g2 h2 b7 d1 f1"),
	};
	struct search *s = search_new(&reversi_rules, 16);
	struct reversi_pos pos;
	for (size_t g = 0; g < sizeof offered / sizeof offered[0]; g++) {
		set_up(&reversi_rules, &pos, NULL, offered[g]);
		for (uint32_t seed = 0; seed < 50; seed++) {
			const struct search_limits limits =
			    level_of(&reversi_rules, "beginner", seed);
			const struct search_result r = run(s, &pos, &limits, 0);
			const uint32_t sq = r.move.code;
			assert_true(sq == 0 || sq == 7 || sq == 56 || sq == 63);
		}
	}
	search_free(s);
}

static void test_medium_beats_beginner(void **state)
{
	(void)state;
	struct search *s = search_new(&reversi_rules, 18);
	struct reversi_pos pos;
	int medium_wins = 0, beginner_wins = 0;
	for (int game = 0; game < 10; game++) {
		const int medium_side = game & 1;
		set_up(&reversi_rules, &pos, NULL, "");
		for (int ply = 0; ply < 200; ply++) {
			const bool medium = reversi_rules.to_move(&pos) == medium_side;
			const uint32_t seed = 1000u * (uint32_t)game + (uint32_t)ply;
			const struct search_limits limits =
			    level_of(&reversi_rules, medium ? "medium" : "beginner", seed);
			const struct search_result r = run(s, &pos, &limits, 0);
			if (!r.has_move)
				break;
			assert_true(is_legal(&reversi_rules, &pos, &r.move));
			reversi_rules.play(&pos, &r.move);
		}
		assert_int_equal(
		    reversi_rules.generate(&pos, (struct game_move[GAME_MOVES_MAX]){0}), 0);
		const int result = reversi_rules.result(&pos) * (medium_side ? -1 : 1);
		medium_wins += result > 0;
		beginner_wins += result < 0;
	}
	print_message("Medium %d, Beginner %d (of 10)\n", medium_wins, beginner_wins);
	assert_true(medium_wins >= 8);
	search_free(s);
}

static void test_new_and_free(void **state)
{
	(void)state;
	search_free(NULL);
	assert_null(search_new(NULL, 10));
	/* Table sizes out of range are clamped. */
	struct search *s = search_new(&dots_rules, -5);
	assert_non_null(s);
	assert_false(search_running(s));
	assert_false(search_result(s)->has_move);
	struct dots_pos pos;
	set_up(&dots_rules, &pos, NULL, dots_games[0]);
	const struct search_result r = run(s, &pos, &(struct search_limits){.depth = 3}, 0);
	assert_true(r.has_move);
	search_free(s);
}

static void test_levels(void **state)
{
	(void)state;
	const struct game_rules *games[] = {&reversi_rules, &checkers_rules, &dots_rules};
	for (size_t g = 0; g < 3; g++) {
		const int n = level_count(games[g]);
		assert_true(n >= 2);
		for (int i = 0; i < n; i++) {
			const struct level *lv = level_at(games[g], i);
			assert_non_null(lv);
			assert_ptr_equal(level_find(games[g], lv->name), lv);
			assert_true(lv->depth > 0 && lv->depth <= SEARCH_MAX_DEPTH);
			assert_true(lv->min_think_ms >= 0);
			assert_non_null(lv->title);
			assert_non_null(lv->summary);
		}
		assert_string_equal(level_at(games[g], 0)->name, "beginner");
		assert_string_equal(level_at(games[g], 1)->name, "medium");
		assert_null(level_at(games[g], n));
		assert_null(level_at(games[g], -1));
		assert_null(level_find(games[g], "grandmaster"));
		assert_null(level_find(games[g], NULL));
	}
	assert_null(level_find(NULL, "beginner"));
	assert_int_equal(level_count(NULL), 0);
	struct search_limits limits;
	level_limits(level_find(&reversi_rules, "beginner"), 42, &limits);
	assert_int_equal(limits.depth, 2);
	assert_int_equal(limits.seed, 42);
	assert_true(limits.noise > 0);
}

/* Returns pos turned by symmetry k (0..7) of the square: bit 0 mirrors, bits 1-2 rotate. */
static struct reversi_pos transform(const struct reversi_pos *pos, int k)
{
	struct reversi_pos out = *pos;
	const int n = pos->size;
	out.disc[0] = out.disc[1] = out.hole = 0;
	for (int sq = 0; sq < n * n; sq++) {
		int r = sq / n, c = sq % n;
		if (k & 1)
			c = n - 1 - c;
		for (int t = 0; t < k / 2; t++) {
			const int r2 = c, c2 = n - 1 - r;
			r = r2;
			c = c2;
		}
		const reversi_bits from = (reversi_bits)1 << sq,
		                   to = (reversi_bits)1 << (r * n + c);
		for (int side = 0; side < 2; side++)
			if (pos->disc[side] & from)
				out.disc[side] |= to;
		if (pos->hole & from)
			out.hole |= to;
	}
	return out;
}

static void test_evaluation(void **state)
{
	(void)state;
	/* Positions on every size; the evaluation is the same under the eight symmetries of the
	 * board and when the colours are swapped along with the side to move. */
	struct reversi_pos pos;
	const struct game_options opts[] = {
	    reversi_options(6, false, false, 0), reversi_options(8, false, false, 0),
	    reversi_options(10, false, false, 0), reversi_options(0, true, false, 0),
	    reversi_options(0, false, true, 11)};
	struct search *s = search_new(&reversi_rules, 12);
	for (size_t o = 0; o < sizeof opts / sizeof opts[0]; o++) {
		set_up(&reversi_rules, &pos, &opts[o], "");
		for (int ply = 0; ply < 200; ply++) {
			struct game_move moves[GAME_MOVES_MAX];
			const int n = reversi_rules.generate(&pos, moves);
			if (n == 0)
				break;
			const int v = reversi_evaluate(&pos);
			assert_true(v > -SEARCH_WIN / 10 && v < SEARCH_WIN / 10);
			for (int k = 1; k < 8; k++) {
				const struct reversi_pos t = transform(&pos, k);
				assert_int_equal(reversi_evaluate(&t), v);
			}
			struct reversi_pos swapped = pos;
			swapped.disc[0] = pos.disc[1];
			swapped.disc[1] = pos.disc[0];
			swapped.side ^= 1;
			assert_int_equal(reversi_evaluate(&swapped), v);
			/* On with a Beginner's move, for variety. */
			const struct search_limits limits =
			    level_of(&reversi_rules, "beginner", (uint32_t)(ply * 7 + (int)o));
			const struct search_result r = run(s, &pos, &limits, 0);
			reversi_rules.play(&pos, &r.move);
		}
	}
	search_free(s);

	/* An owned corner is worth more than the same disc elsewhere on the edge. */
	struct reversi_pos a, b;
	parse(&reversi_rules, &a,
	      "X-------"
	      "--------"
	      "--------"
	      "---OX---"
	      "---XO---"
	      "--------"
	      "--------"
	      "-------- X");
	parse(&reversi_rules, &b,
	      "---X----"
	      "--------"
	      "--------"
	      "---OX---"
	      "---XO---"
	      "--------"
	      "--------"
	      "-------- X");
	assert_true(reversi_evaluate(&a) > reversi_evaluate(&b) + 500);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_deterministic_reversi),
	    cmocka_unit_test(test_deep_reads_no_file),
	    cmocka_unit_test(test_deterministic_reversi_deep),
	    cmocka_unit_test(test_exact_agrees_with_solver),
	    cmocka_unit_test(test_exact_solver_root),
	    cmocka_unit_test(test_wld_agrees_with_solver),
	    cmocka_unit_test(test_deterministic_dots),
	    cmocka_unit_test(test_deterministic_checkers),
	    cmocka_unit_test(test_deterministic_checkers_reduced),
	    cmocka_unit_test(test_matches_negamax),
	    cmocka_unit_test(test_forced_win),
	    cmocka_unit_test(test_stop),
	    cmocka_unit_test(test_cancel),
	    cmocka_unit_test(test_game_over),
	    cmocka_unit_test(test_budget),
	    cmocka_unit_test(test_node_limit),
	    cmocka_unit_test(test_noise),
	    cmocka_unit_test(test_beginner_takes_corner),
	    cmocka_unit_test(test_medium_beats_beginner),
	    cmocka_unit_test(test_new_and_free),
	    cmocka_unit_test(test_levels),
	    cmocka_unit_test(test_evaluation),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
