/*
 * tests/test_window_review.c — a game reviewed in the window (app/scene_review.c): a finished
 * Dots and Boxes 3×3 record opened, Review chosen on the game-over screen, the analysis run in
 * the frame loop, the blunder that `parity review` finds drawn in the blunder colour in the
 * move list, a click on it showing that position, and "Play from here" going back to play
 * there.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <fcntl.h>
#include <stdbool.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "app/layout.h"
#include "shared_data.h"
#include "window_harness.h"

static int setup(void **state)
{
	(void)state;
	return window_setup("parity-review");
}

/* A random 3×3 game: both sides throw boxes away. */
static const char game[] = "3x3\n6 16 21 14 1 5 19 10 9 13 23 12 3 8 20 22 0 2 15 11 4 17 18 7\n";

/* The move list of the review (scene_review.c): 4 columns of 101 pixels from (828, 282), rows
 * 24 apart; with the cursor on the last of 24 moves it shows moves 5 to 24. */
static void list_cell(int ply, int *x, int *y)
{
	const int k = ply - 5;
	*x = 828 + (k % 4) * 101;
	*y = 282 + (k / 4) * 24;
}

/* Counts the pixels of cell `ply` close to the colour c. */
static int pixels_like(const struct shot *sh, int ply, SDL_Color c)
{
	int x0, y0, n = 0;
	list_cell(ply, &x0, &y0);
	for (int y = y0; y < y0 + 24; y++)
		for (int x = x0; x < x0 + 100; x++) {
			const SDL_Color p = pixel(sh, x, y);
			n += abs(p.r - c.r) + abs(p.g - c.g) + abs(p.b - c.b) < 60;
		}
	return n;
}

static void test_review_a_dots_game(void **state)
{
	(void)state;
	need_display();
	char dir[300], script[400], body[4096], path[600], text[8192], record[400];
	make_prefs("dots", "", dir, sizeof dir);
	write_file("game.txt", game, record, sizeof record);

	/* The headless review names the blunders. */
	char cmd[1200];
	snprintf(cmd, sizeof cmd, "%s review %s --json", parity, record);
	FILE *f = popen(cmd, "r");
	assert_non_null(f);
	text[fread(text, 1, sizeof text - 1, f)] = '\0';
	assert_int_equal(pclose(f), 0);
	int blunder = 0, good = 0;
	for (const char *at = text; (at = strstr(at, "{\"ply\": "));) {
		int ply = atoi(at + 8);
		const char *end = strchr(at, '}');
		assert_non_null(end);
		const char *cls = strstr(at, "\"class\": \"");
		assert_true(cls && cls < end);
		if (!blunder && ply >= 5 && strncmp(cls + 10, "blunder", 7) == 0)
			blunder = ply;
		if (!good && ply >= 5 && strncmp(cls + 10, "good", 4) == 0)
			good = ply;
		assert_non_null(strstr(at, "\"exact\": true")); /* a 3x3 board is solved */
		at = end;
	}
	assert_true(blunder > 0 && good > 0);

	int bx, by;
	list_cell(blunder, &bx, &by);
	snprintf(body, sizeof body,
	         "0 wait-scene over\n"
	         "1 key r\n"
	         "0 wait-scene review\n"
	         "90 move 0 0\n"
	         "1 screenshot %s/review.png\n"
	         "1 click %d %d\n"
	         "1 dump %s/clicked.txt\n"
	         "1 key Home\n1 key Right\n1 key Right\n"
	         "1 dump %s/stepped.txt\n"
	         "1 key End\n"
	         "1 click %d %d\n"
	         "1 key p\n"
	         "0 wait-scene play\n"
	         "1 dump %s/play.txt\n"
	         "1 quit\n",
	         work, bx + 40, by + 12, work, work, bx + 40, by + 12, work);
	write_file("review.script", body, script, sizeof script);
	char args[1200];
	snprintf(args, sizeof args, "--open %s --script %s", record, script);
	assert_int_equal(window_run(dir, args), 0);

	/* The blunder in the blunder colour, a good move in none of it. */
	snprintf(path, sizeof path, "%s/review.png", work);
	struct shot sh = shot_load(path);
	const SDL_Color red = {232, 72, 64, 255};
	assert_true(pixels_like(&sh, blunder, red) > 20);
	assert_int_equal(pixels_like(&sh, good, red), 0);
	SDL_FreeSurface(sh.s);

	/* A click on the move shows the position after it; the keys step. */
	char want[64];
	snprintf(path, sizeof path, "%s/clicked.txt", work);
	read_file(path, text, sizeof text);
	assert_non_null(strstr(text, "scene review"));
	snprintf(want, sizeof want, "moves %d\n", blunder);
	assert_non_null(strstr(text, want));
	snprintf(path, sizeof path, "%s/stepped.txt", work);
	assert_non_null(strstr(read_file(path, text, sizeof text), "moves 2\n"));
	/* Play from here: the playing scene, at that position. */
	snprintf(path, sizeof path, "%s/play.txt", work);
	read_file(path, text, sizeof text);
	assert_non_null(strstr(text, "scene play"));
	assert_non_null(strstr(text, want));
}

/* Stores the logical centre of Reversi square `name` ("g4") of the 8×8 board. */
static void square_centre(const char *name, int *x, int *y)
{
	int w;
	layout_square(8, name[0] - 'a', name[1] - '1', x, y, &w);
	*x += w / 2;
	*y += w / 2;
}

/* Returns whether the prefs directory dir holds an autosave (one per game: autosave-GAME.ini). */
static bool exists_autosave(const char *dir)
{
	DIR *d = opendir(dir);
	bool found = false;
	for (struct dirent *e; d && (e = readdir(d));)
		found |= strncmp(e->d_name, "autosave", 8) == 0 && strstr(e->d_name, ".ini") &&
		         !strstr(e->d_name, ".tmp");
	if (d)
		closedir(d);
	return found;
}

/* The analysis board from the title menu: a position set up by clicks (cleared, d4 black, e4
 * and f4 white), analysed (the engine's score drawn on g4, Black's one move), explored (g4
 * played on the board), and nothing autosaved; then a position pasted (FFO #20) and played out
 * against the computer, which makes it the player's game. */
static void test_analysis_board(void **state)
{
	(void)state;
	need_display();
	char dir[300], script[400], body[4096], path[600], text[8192], obf[400];
	make_prefs("board", "", dir, sizeof dir);
	int d4x, d4y, e4x, e4y, f4x, f4y, g4x, g4y;
	square_centre("d4", &d4x, &d4y);
	square_centre("e4", &e4x, &e4y);
	square_centre("f4", &f4x, &f4y);
	square_centre("g4", &g4x, &g4y);
	snprintf(body, sizeof body,
	         "0 wait-scene menu\n"
	         "1 key a\n"
	         "0 wait-scene analysis\n"
	         "1 click 1138 481\n" /* Clear */
	         "1 click %d %d\n"
	         "1 click %d %d\n1 click %d %d\n"
	         "1 click %d %d\n1 click %d %d\n"
	         "1 key Return\n"
	         "60 move 0 0\n"
	         "1 screenshot %s/analysis.png\n"
	         "1 dump %s/before.txt\n"
	         "1 click %d %d\n"
	         "1 dump %s/after.txt\n"
	         "1 quit\n",
	         d4x, d4y, e4x, e4y, e4x, e4y, f4x, f4y, f4x, f4y, work, work, g4x, g4y, work);
	write_file("board.script", body, script, sizeof script);
	char args[1200];
	snprintf(args, sizeof args, "--script %s", script);
	assert_int_equal(window_run(dir, args), 0);
	snprintf(path, sizeof path, "%s/before.txt", work);
	read_file(path, text, sizeof text);
	assert_non_null(strstr(text, "scene analysis"));
	assert_non_null(strstr(text, "moves 0"));
	snprintf(path, sizeof path, "%s/after.txt", work);
	assert_non_null(strstr(read_file(path, text, sizeof text), "record g4\n"));
	/* The score on g4: light text on the felt, where e4 (a white disc's shadowless rim
	 * aside) and h4 are plain. */
	snprintf(path, sizeof path, "%s/analysis.png", work);
	struct shot sh = shot_load(path);
	int light = 0;
	for (int y = g4y - 12; y < g4y + 12; y++)
		for (int x = g4x - 30; x < g4x + 30; x++) {
			const SDL_Color c = pixel(&sh, x, y);
			light += c.r > 150 && c.g > 150;
		}
	SDL_FreeSurface(sh.s);
	assert_true(light > 20);
	assert_false(exists_autosave(dir));

	/* FFO #20 pasted, played out: the player's game, autosaved. */
	FILE *f = shared_data_open("ffo-20-39.obf");
	assert_non_null(fgets(obf, sizeof obf, f));
	fclose(f);
	obf[66] = '\0';
	char clip[600];
	write_file("clip.txt", obf, clip, sizeof clip);
	snprintf(body, sizeof body,
	         "0 wait-scene menu\n"
	         "1 key a\n"
	         "0 wait-scene analysis\n"
	         "1 clipboard %s\n"
	         "1 key ctrl+v\n"
	         "1 key Return\n"
	         "30 screenshot %s/pasted.png\n"
	         "1 key p\n"
	         "0 wait-scene play\n"
	         "1 dump %s/play.txt\n"
	         "1 quit\n",
	         clip, work, work);
	write_file("paste.script", body, script, sizeof script);
	snprintf(args, sizeof args, "--script %s", script);
	assert_int_equal(window_run(dir, args), 0);
	snprintf(path, sizeof path, "%s/play.txt", work);
	read_file(path, text, sizeof text);
	assert_non_null(strstr(text, "scene play"));
	assert_true(exists_autosave(dir));

	/* Open lists the Reversi records of the records folder (here work/Parity), newest first:
	 * Enter opens the newest, every move of it on the board. */
	char parity_dir[400], rec[600];
	snprintf(parity_dir, sizeof parity_dir, "%s/Parity", work);
	mkdir(parity_dir, 0755);
	snprintf(rec, sizeof rec, "%s/Parity/old.txt", work);
	FILE *r = fopen(rec, "w");
	assert_non_null(r);
	fputs("f5f6\n", r);
	fclose(r);
	struct timespec past[2] = {{.tv_sec = 1000000000}, {.tv_sec = 1000000000}};
	assert_int_equal(utimensat(AT_FDCWD, rec, past, 0), 0);
	snprintf(rec, sizeof rec, "%s/Parity/new.txt", work);
	r = fopen(rec, "w");
	assert_non_null(r);
	fputs("f5d6c3d3c4\n", r);
	fclose(r);
	snprintf(body, sizeof body,
	         "0 wait-scene menu\n"
	         "1 key a\n"
	         "0 wait-scene analysis\n"
	         "1 key o\n"
	         "5 screenshot %s/open.png\n"
	         "1 key Return\n"
	         "1 dump %s/opened.txt\n"
	         "1 quit\n",
	         work, work);
	write_file("open.script", body, script, sizeof script);
	snprintf(args, sizeof args, "--script %s", script);
	assert_int_equal(window_run(dir, args), 0);
	snprintf(path, sizeof path, "%s/opened.txt", work);
	assert_non_null(strstr(read_file(path, text, sizeof text), "record f5 d6 c3 d3 c4\n"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_review_a_dots_game),
	    cmocka_unit_test(test_analysis_board),
	};
	return cmocka_run_group_tests_name("window: review", tests, setup, window_teardown);
}
