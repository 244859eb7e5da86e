/*
 * tests/test_window_registry.c — the proof that a game is its module, its view and one line
 * of the registry: tic-tac-toe, a game of the test build only (build/parity-test), is started
 * from the menu, played, undone and redone, left and continued, its help read, played to the
 * end, its record saved and opened again, all through the generic code (docs/ARCHITECTURE.md).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdbool.h>
#include <string.h>

#include "app/layout.h"
#include "window_harness.h"

static int setup(void **state)
{
	(void)state;
	if (window_setup("parity-registry") != 0)
		return -1;
	strncat(parity, "-test", sizeof parity - strlen(parity) - 1);
	return 0;
}

/* Stores the logical centre of tic-tac-toe square `name` ("b2"). */
static void square_centre(const char *name, int *x, int *y)
{
	int w;
	layout_square(3, name[0] - 'a', name[1] - '1', x, y, &w);
	*x += w / 2;
	*y += w / 2;
}

/* Returns whether two colours differ clearly. */
static bool differ(SDL_Color a, SDL_Color b)
{
	return abs(a.r - b.r) + abs(a.g - b.g) + abs(a.b - b.b) > 60;
}

/* Finds the record file (*.ttt) that Save record wrote into dir; stores its path. */
static void find_record(const char *dir, char *path, size_t n)
{
	DIR *d = opendir(dir);
	assert_non_null(d);
	path[0] = '\0';
	for (struct dirent *e; (e = readdir(d));) {
		const size_t len = strlen(e->d_name);
		if (len > 4 && strcmp(e->d_name + len - 4, ".ttt") == 0)
			snprintf(path, n, "%s/%s", dir, e->d_name);
	}
	closedir(d);
	if (!path[0])
		fail_msg("no .ttt record in %s", dir);
}

static void test_a_game_from_the_registry(void **state)
{
	(void)state;
	need_display();
	char dir[300], script[400], body[4096], path[600], text[4096];
	make_prefs("ttt", "", dir, sizeof dir);
	/* The menu: the Game row's right arrow three times (Reversi, Checkers, Dots and Boxes,
	 * then Tic-tac-toe), the Opponent row once (two players), then Start. */
	snprintf(body, sizeof body,
	         "0 wait-scene menu\n"
	         "1 click 900 226\n1 click 900 226\n1 click 900 226\n"
	         "1 click 900 276\n"
	         "1 move 0 0\n"
	         "1 screenshot %s/menu.png\n"
	         "1 button Start\n"
	         "1 key y\n" /* over an unfinished game: a new one */
	         "0 wait-scene play\n"
	         "1 square b2\n0 wait\n1 square a1\n0 wait\n"
	         "1 expect-moves 2\n"
	         "1 key u\n0 wait\n1 expect-moves 1\n"
	         "1 key ctrl+y\n0 wait\n1 expect-moves 2\n"
	         "1 move 0 0\n"
	         "1 screenshot %s/play.png\n"
	         "1 key Escape\n1 key y\n"
	         "0 wait-scene menu\n"
	         "1 button Continue\n"
	         "0 wait-scene play\n"
	         "1 expect-moves 2\n"
	         "1 dump %s/resumed.txt\n"
	         "1 key F1\n0 wait-scene help\n"
	         "1 screenshot %s/help.png\n"
	         "1 key Escape\n0 wait-scene play\n"
	         "1 square b1\n0 wait\n1 square a2\n0 wait\n1 square b3\n"
	         "0 wait-scene over\n"
	         "1 click 928 610\n" /* Save record */
	         "1 dump %s/over.txt\n"
	         "1 screenshot %s/over.png\n"
	         "1 quit\n",
	         work, work, work, work, work, work);
	write_file("ttt.script", body, script, sizeof script);
	char args[1200];
	snprintf(args, sizeof args, "--script %s", script);
	assert_int_equal(window_run(dir, args), 0);

	/* The game was chosen and remembered by name, as any other. */
	snprintf(path, sizeof path, "%s/settings.ini", dir);
	assert_non_null(strstr(read_file(path, text, sizeof text), "game = tictactoe"));
	/* Continue brought the same two moves back. */
	snprintf(path, sizeof path, "%s/resumed.txt", work);
	read_file(path, text, sizeof text);
	assert_non_null(strstr(text, "game tictactoe"));
	assert_non_null(strstr(text, "record b2 a1"));
	/* X won down the b column, and the game-over scene showed it. */
	snprintf(path, sizeof path, "%s/over.txt", work);
	read_file(path, text, sizeof text);
	assert_non_null(strstr(text, "scene over"));
	assert_non_null(strstr(text, "record b2 a1 b1 a2 b3"));

	/* The board as drawn: an X crosses at the centre of b2, an O rings a1 (the last move, its
	 * centre glowing, not marked), c3 is empty felt. */
	snprintf(path, sizeof path, "%s/play.png", work);
	struct shot sh = shot_load(path);
	int x, y;
	square_centre("c3", &x, &y);
	const SDL_Color felt = pixel(&sh, x, y);
	square_centre("b2", &x, &y);
	assert_true(differ(pixel(&sh, x, y), felt));
	square_centre("a1", &x, &y);
	const SDL_Color glow = pixel(&sh, x, y);
	assert_true(differ(glow, felt));
	int w;
	layout_square(3, 0, 0, &x, &y, &w);
	assert_true(differ(pixel(&sh, x + w / 2 + w * 3 / 10, y + w / 2), glow));
	SDL_FreeSurface(sh.s);

	/* Save record wrote the game in its module's format, and --open plays it again. */
	char record[600], docs[300];
	snprintf(docs, sizeof docs, "%s/Parity", work); /* the documents' Parity/ (window_run) */
	find_record(docs, record, sizeof record);
	assert_string_equal(read_file(record, text, sizeof text), "b2 a1 b1 a2 b3\n");
	snprintf(body, sizeof body,
	         "0 wait-scene over\n1 expect-moves 5\n1 dump %s/opened.txt\n1 key u\n0 wait\n"
	         "1 expect-moves 4\n1 quit\n",
	         work);
	write_file("open.script", body, script, sizeof script);
	snprintf(args, sizeof args, "--open %s --mode two-players --script %s", record, script);
	assert_int_equal(window_run(dir, args), 0);
	snprintf(path, sizeof path, "%s/opened.txt", work);
	assert_non_null(strstr(read_file(path, text, sizeof text), "record b2 a1 b1 a2 b3"));
}

/* The game's option, from its module's table, is a menu row, a settings key and a command-line
 * flag: misere turns the same three in a row into a loss. */
static void test_option_from_the_module(void **state)
{
	(void)state;
	need_display();
	char dir[300], script[400], body[2048], path[600], text[4096];
	make_prefs("misere", "[play]\ngame = tictactoe\nmode = two-players\n", dir, sizeof dir);
	snprintf(body, sizeof body,
	         "0 wait-scene play\n"
	         "1 square b2\n0 wait\n1 square a1\n0 wait\n1 square b1\n0 wait\n"
	         "1 square a2\n0 wait\n1 square b3\n"
	         "0 wait-scene over\n1 screenshot %s/misere.png\n1 quit\n",
	         work);
	write_file("misere.script", body, script, sizeof script);
	char args[1200];
	snprintf(args, sizeof args, "--game tictactoe --misere --script %s", script);
	assert_int_equal(window_run(dir, args), 0);
	snprintf(path, sizeof path, "%s/settings.ini", dir);
	read_file(path, text, sizeof text);
	assert_non_null(strstr(text, "[tictactoe]"));
	assert_non_null(strstr(text, "misere = yes"));
	snprintf(path, sizeof path, "%s/autosave-tictactoe.ini", dir);
	read_file(path, text, sizeof text);
	assert_non_null(strstr(text, "flags = misere"));
	/* Another game's option is refused by name. */
	snprintf(args, sizeof args, "--game tictactoe --size 6 --frames 1");
	assert_int_equal(window_run(dir, args), 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_a_game_from_the_registry),
	    cmocka_unit_test(test_option_from_the_module),
	};
	return cmocka_run_group_tests_name("window: a game from the registry", tests, setup,
	                                   window_teardown);
}
