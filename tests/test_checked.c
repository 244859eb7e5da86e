/*
 * tests/test_checked.c — the rules built with PARITY_CHECK (core/game.h; the Makefile links
 * this program with a checked copy of src/core/game.c and src/games/): perft counts and whole
 * random games played through play and undo, every one of which checks the position's
 * invariants and aborts on a broken one; and proof that a broken position does abort, with
 * the game and the condition named.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/game.h"
#include "core/hash.h"
#include "games/checkers/checkers.h"
#include "games/dots/dots.h"
#include "games/reversi/reversi.h"

/* This program is the checked build, or it proves nothing. */
static void test_checks_are_on(void **state)
{
	(void)state;
	assert_true(game_checks_enabled());
}

/* Sets up `rules`' start position for `opt` in pos. */
static void start(const struct game_rules *rules, void *pos, const struct game_options *opt)
{
	memset(pos, 0, rules->pos_size);
	assert_int_equal(rules->start(pos, opt), GAME_OK);
}

/* The interface-only perft (every play and undo checked, and each undo compared with the
 * position and hash before it) gives the published counts and the games' own fast counts. */
static void test_perft_checked(void **state)
{
	(void)state;
	unsigned char pos[GAME_POS_MAX_BYTES];
	start(&reversi_rules, pos, NULL);
	assert_int_equal(game_perft_generic(&reversi_rules, pos, 6), 8200);
	start(&checkers_rules, pos, NULL);
	assert_int_equal(game_perft_generic(&checkers_rules, pos, 6), 36768);
	const struct game_options one_by_two = dots_options(1, 2);
	start(&dots_rules, pos, &one_by_two);
	assert_int_equal(game_perft_generic(&dots_rules, pos, 7), 5040);
	/* Other boards and variants: the generic count agrees with the fast one (which, for
	 * Dots and Boxes, plays and undoes through the same checked code). */
	const struct game_options reversi_opts[] = {
	    reversi_options(6, false, false, 0), reversi_options(10, false, false, 0),
	    reversi_options(8, true, false, 0), reversi_options(8, false, true, 3)};
	for (size_t i = 0; i < sizeof reversi_opts / sizeof reversi_opts[0]; i++) {
		start(&reversi_rules, pos, &reversi_opts[i]);
		assert_int_equal(game_perft_generic(&reversi_rules, pos, 5),
		                 reversi_rules.perft(pos, 5));
	}
	const struct game_options dots_opts[] = {dots_options(2, 2), dots_options(3, 3)};
	for (size_t i = 0; i < sizeof dots_opts / sizeof dots_opts[0]; i++) {
		start(&dots_rules, pos, &dots_opts[i]);
		assert_int_equal(game_perft_generic(&dots_rules, pos, 5), dots_rules.perft(pos, 5));
	}
}

/* Plays random games to their end (passes, captures and crownings, closed boxes) and takes
 * every move back, checked at each step; the start position comes back byte for byte. */
static void test_random_games_checked(void **state)
{
	(void)state;
	const struct game_rules *games[] = {&reversi_rules, &checkers_rules, &dots_rules};
	const struct game_options opts[] = {
	    reversi_options(8, false, false, 0), {{0}, 0}, dots_options(4, 4)};
	uint64_t rng = 0x9e3779b97f4a7c15ULL;
	for (int g = 0; g < 3; g++)
		for (int round = 0; round < 40; round++) {
			const struct game_rules *rules = games[g];
			unsigned char pos[GAME_POS_MAX_BYTES], first[GAME_POS_MAX_BYTES];
			start(rules, pos, &opts[g]);
			memcpy(first, pos, rules->pos_size);
			static struct game_move line[400];
			int plies = 0;
			struct game_move moves[GAME_MOVES_MAX];
			int n;
			while (plies < 400 && (n = rules->generate(pos, moves)) > 0) {
				line[plies] = moves[(hash_lcg_next(&rng) >> 33) % (uint64_t)n];
				rules->play(pos, &line[plies++]);
			}
			assert_true(plies > 10);
			while (plies > 0)
				rules->undo(pos, &line[--plies]);
			assert_memory_equal(pos, first, rules->pos_size);
		}
}

/* Runs `corrupt_and_play` in a child process with its stderr in a file; returns that
 * output, and checks that the child was killed by SIGABRT. */
static void expect_abort(void (*corrupt_and_play)(void), const char *want)
{
	char path[] = "/tmp/parity-checked-XXXXXX";
	const int fd = mkstemp(path);
	assert_true(fd >= 0);
	fflush(stderr);
	const pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		dup2(fd, 2);
		signal(SIGABRT, SIG_DFL);
		corrupt_and_play();
		_exit(0); /* not reached when the check works */
	}
	int status = 0;
	assert_int_equal(waitpid(pid, &status, 0), pid);
	char out[512] = "";
	FILE *f = fdopen(fd, "r");
	assert_non_null(f);
	rewind(f);
	const size_t got = fread(out, 1, sizeof out - 1, f);
	out[got] = 0;
	fclose(f);
	remove(path);
	if (!WIFSIGNALED(status) || WTERMSIG(status) != SIGABRT)
		fail_msg("the broken position was not caught (status %d): %s", status, out);
	if (!strstr(out, want))
		fail_msg("the message does not say \"%s\": %s", want, out);
}

/* A Reversi disc both black and white. */
static void broken_reversi(void)
{
	struct reversi_pos pos;
	reversi_rules.start(&pos, NULL);
	pos.disc[REVERSI_WHITE] |= pos.disc[REVERSI_BLACK] & -pos.disc[REVERSI_BLACK];
	struct game_move m;
	reversi_rules.move_parse(&pos, "d3", &m, NULL);
	reversi_rules.play(&pos, &m);
}

/* A checkers king with no piece under it. */
static void broken_checkers(void)
{
	struct checkers_pos pos;
	checkers_rules.start(&pos, NULL);
	struct game_move m;
	checkers_rules.move_parse(&pos, "11-15", &m, NULL);
	pos.kings |= 1u << 15; /* square 16, empty at the start */
	checkers_rules.play(&pos, &m);
}

/* A Dots and Boxes score that does not count the boxes owned. */
static void broken_dots(void)
{
	struct dots_pos pos;
	const struct game_options opt = dots_options(2, 2);
	dots_rules.start(&pos, &opt);
	struct game_move m;
	dots_make_move(&pos, 0, &m);
	pos.score[DOTS_B] = 1;
	dots_rules.play(&pos, &m);
}

/* An undo that does not restore the position (a move taken back from another position). */
static void wrong_undo(void)
{
	struct reversi_pos pos;
	reversi_rules.start(&pos, NULL);
	struct game_move d3, c4;
	reversi_rules.move_parse(&pos, "d3", &d3, NULL);
	reversi_rules.move_parse(&pos, "c4", &c4, NULL);
	reversi_rules.play(&pos, &d3);
	reversi_rules.undo(&pos, &c4);
}

static void test_broken_positions_abort(void **state)
{
	(void)state;
	expect_abort(broken_reversi, "reversi: invariant broken: reversi_valid(pos)");
	expect_abort(broken_checkers, "checkers: invariant broken: checkers_valid(pos)");
	expect_abort(broken_dots, "dots: invariant broken: pos->score[p] ==");
	expect_abort(wrong_undo, "reversi: invariant broken:");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_checks_are_on),
	    cmocka_unit_test(test_perft_checked),
	    cmocka_unit_test(test_random_games_checked),
	    cmocka_unit_test(test_broken_positions_abort),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
