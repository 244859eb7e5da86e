/*
 * tests/test_window.c — the real program in a real window: scripts drive it through the
 * menu, a game, undo and the game-over screen, and the screenshots are checked for what a
 * player sees (discs, flips, hint markers, the last-move highlight).
 *
 * Needs an X display: when $DISPLAY is unset the program runs under `xvfb-run`; with
 * neither, the tests are skipped.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <SDL.h>
#include <SDL_image.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "app/layout.h"

#include "window_harness.h"

/* Runs parity with `args` and its settings in the scratch directory; returns its exit
 * status. */
static int run_parity(const char *args)
{
	return window_run(work, args);
}

/* Writes the script `body` to work/name and runs it with `args` before it; the run must
 * succeed. */
static void run_script(const char *name, const char *body, const char *args)
{
	char script[300], all[1200];
	write_file(name, body, script, sizeof script);
	snprintf(all, sizeof all, "%s --script %s", args, script);
	assert_int_equal(run_parity(all), 0);
}

enum look { LOOK_EMPTY, LOOK_BLACK, LOOK_WHITE, LOOK_MARKED };

/* Returns what a player sees at the centre of a square of an 8×8 board: a black or white
 * disc, plain felt, or felt with a marker (a hint) on it. */
static enum look square_look(const struct shot *sh, const char *name)
{
	int x, y, w;
	layout_square(8, name[0] - 'a', name[1] - '1', &x, &y, &w);
	/* A disc covers most of its square; look beside the centre, where a last-move marker
	 * may sit. */
	const SDL_Color d = pixel(sh, x + w / 2 - w / 5, y + w / 2 + w / 8);
	const int lum = (d.r * 3 + d.g * 6 + d.b) / 10;
	if (lum < 52) /* a black disc is about 35 there, the felt 70 to 80 */
		return LOOK_BLACK;
	if (lum > 150 && abs(d.r - d.g) < 40)
		return LOOK_WHITE;
	/* The felt is green; a hint dot at the centre darkens or lightens it. */
	const SDL_Color c = pixel(sh, x + w / 2, y + w / 2);
	const SDL_Color felt = pixel(sh, x + 10, y + w - 10);
	const int diff = abs(c.r - felt.r) + abs(c.g - felt.g) + abs(c.b - felt.b);
	return diff > 40 ? LOOK_MARKED : LOOK_EMPTY;
}

/* Returns whether the square is highlighted as the last move (its corner glows warm). */
static bool square_glows(const struct shot *sh, const char *name)
{
	int x, y, w;
	layout_square(8, name[0] - 'a', name[1] - '1', &x, &y, &w);
	const SDL_Color c = pixel(sh, x + 8, y + 8);
	return c.r > 90 && c.r > c.b + 40; /* plain felt is green (red about 26), the glow amber */
}

/* Returns how many gold pixels (the engine's suggestion frame) a square of an 8×8 board has. */
static int gold_pixels(const struct shot *sh, const char *name)
{
	int x, y, w, n = 0;
	layout_square(8, name[0] - 'a', name[1] - '1', &x, &y, &w);
	for (int dy = 0; dy < w; dy += 2)
		for (int dx = 0; dx < w; dx += 2) {
			const SDL_Color c = pixel(sh, x + dx, y + dy);
			n += c.r > 200 && c.g > 140 && c.b < 130;
		}
	return n;
}

static int setup(void **state)
{
	(void)state;
	return window_setup("parity-window");
}

static void test_menu_opens_and_frames_screenshot(void **state)
{
	(void)state;
	need_display();
	char shot[300];
	snprintf(shot, sizeof shot, "%s/menu.png", work);
	char args[400];
	snprintf(args, sizeof args, "--frames 40 --screenshot %s", shot);
	assert_int_equal(run_parity(args), 0);
	struct shot sh = shot_load(shot);
	/* The title "Parity" is drawn in gold near the top centre. */
	int gold = 0;
	for (int x = 500; x < 780; x++)
		for (int y = 95; y < 170; y += 3) {
			const SDL_Color c = pixel(&sh, x, y);
			gold += c.r > 200 && c.g > 150 && c.b < 120;
		}
	assert_true(gold > 100);
	SDL_FreeSurface(sh.s);
}

static void test_two_players_move_flip_hints_undo(void **state)
{
	(void)state;
	need_display();
	char script[300], path[300];
	const char *text = "0 wait-scene play\n"
	                   "0 screenshot %s/start.png\n"
	                   "1 square d3\n"
	                   "0 wait\n"
	                   "0 screenshot %s/after-d3.png\n"
	                   "1 square a1\n" /* an illegal click changes nothing */
	                   "1 wait\n"
	                   "1 key u\n"
	                   "0 wait\n"
	                   "0 screenshot %s/undone.png\n"
	                   "1 key ctrl+y\n"
	                   "0 wait\n"
	                   "0 screenshot %s/redone.png\n"
	                   "1 expect-scene play\n"
	                   "1 quit\n";
	char body[4096];
	snprintf(body, sizeof body, text, work, work, work, work);
	write_file("moves.script", body, script, sizeof script);
	char args[400];
	snprintf(args, sizeof args, "--game reversi --mode two-players --script %s", script);
	assert_int_equal(run_parity(args), 0);

	snprintf(path, sizeof path, "%s/start.png", work);
	struct shot sh = shot_load(path);
	assert_int_equal(square_look(&sh, "d4"), LOOK_WHITE);
	assert_int_equal(square_look(&sh, "e4"), LOOK_BLACK);
	assert_int_equal(square_look(&sh, "d5"), LOOK_BLACK);
	assert_int_equal(square_look(&sh, "e5"), LOOK_WHITE);
	/* Black's four legal squares carry hint markers, other empty squares none. */
	const char *legal[] = {"d3", "c4", "f5", "e6"};
	for (int i = 0; i < 4; i++)
		assert_int_equal(square_look(&sh, legal[i]), LOOK_MARKED);
	assert_int_equal(square_look(&sh, "a1"), LOOK_EMPTY);
	assert_int_equal(square_look(&sh, "c3"), LOOK_EMPTY);
	assert_false(square_glows(&sh, "d3"));
	SDL_FreeSurface(sh.s);

	snprintf(path, sizeof path, "%s/after-d3.png", work);
	sh = shot_load(path);
	assert_int_equal(square_look(&sh, "d3"), LOOK_BLACK);
	assert_int_equal(square_look(&sh, "d4"), LOOK_BLACK); /* flipped */
	assert_int_equal(square_look(&sh, "e5"), LOOK_WHITE);
	assert_true(square_glows(&sh, "d3"));
	assert_false(square_glows(&sh, "e6"));
	/* Now White's squares are hinted: c3, e3, c5. */
	assert_int_equal(square_look(&sh, "c3"), LOOK_MARKED);
	assert_int_equal(square_look(&sh, "e3"), LOOK_MARKED);
	assert_int_equal(square_look(&sh, "c5"), LOOK_MARKED);
	assert_int_equal(square_look(&sh, "f5"), LOOK_EMPTY);
	SDL_FreeSurface(sh.s);

	snprintf(path, sizeof path, "%s/undone.png", work);
	sh = shot_load(path);
	assert_int_equal(square_look(&sh, "d3"), LOOK_MARKED); /* empty again, and a hint */
	assert_int_equal(square_look(&sh, "d4"), LOOK_WHITE);
	assert_false(square_glows(&sh, "d3"));
	SDL_FreeSurface(sh.s);

	snprintf(path, sizeof path, "%s/redone.png", work);
	sh = shot_load(path);
	assert_int_equal(square_look(&sh, "d3"), LOOK_BLACK);
	assert_int_equal(square_look(&sh, "d4"), LOOK_BLACK);
	SDL_FreeSurface(sh.s);
}

/* Plays a whole game against `level` with the mouse alone, from the title menu. */
static void whole_game(const char *level)
{
	char script[300], body[8192], shot[300];
	int n = snprintf(body, sizeof body,
	                 "0 wait-scene menu\n"
	                 "0 expect-scene menu\n");
	/* The menu remembers; choose the level with the mouse on the Level row's arrows. */
	(void)level;
	n += snprintf(body + n, sizeof body - (size_t)n,
	              "1 button Start\n"
	              "1 key y\n" /* over the unfinished game an earlier test left */
	              "0 wait-scene play\n");
	for (int i = 0; i < 40; i++)
		n += snprintf(body + n, sizeof body - (size_t)n, "0 wait\n1 hint\n");
	n += snprintf(body + n, sizeof body - (size_t)n,
	              "0 wait-scene over\n"
	              "30 screenshot %s/over-%s.png\n"
	              "1 expect-scene over\n"
	              "1 click 0 0\n"
	              "1 quit\n",
	              work, level);
	char name[64];
	snprintf(name, sizeof name, "game-%s.script", level);
	write_file(name, body, script, sizeof script);
	/* The level comes from the settings file the menu reads. */
	char prefs[300];
	snprintf(prefs, sizeof prefs, "[play]\ngame = reversi\nmode = vs-computer\nlevel = %s\n",
	         level);
	char ini[300];
	write_file("settings.ini", prefs, ini, sizeof ini);
	char args[400];
	snprintf(args, sizeof args, "--script %s", script);
	assert_int_equal(run_parity(args), 0);
	snprintf(shot, sizeof shot, "%s/over-%s.png", work, level);
	struct shot sh = shot_load(shot);
	/* The board is full or finished: no hint markers remain, and most squares hold discs. */
	int discs = 0;
	for (int r = 0; r < 8; r++)
		for (int c = 0; c < 8; c++) {
			char sq[3] = {(char)('a' + c), (char)('1' + r), 0};
			const enum look l = square_look(&sh, sq);
			discs += l == LOOK_BLACK || l == LOOK_WHITE;
		}
	assert_true(discs >= 20);
	SDL_FreeSurface(sh.s);
}

static void test_whole_game_beginner(void **state)
{
	(void)state;
	need_display();
	whole_game("beginner");
}

static void test_whole_game_medium(void **state)
{
	(void)state;
	need_display();
	whole_game("medium");
}

static void test_engine_suggestion(void **state)
{
	(void)state;
	need_display();
	char body[1024], path[300];
	snprintf(body, sizeof body,
	         "0 wait-scene play\n0 square f5\n0 wait\n1 square f6\n0 wait\n"
	         "1 key shift+h\n0 wait\n1 screenshot %s/advice.png\n1 quit\n",
	         work);
	run_script("advice.script", body, "--game reversi --mode two-players");
	snprintf(path, sizeof path, "%s/advice.png", work);
	struct shot sh = shot_load(path);
	/* Exactly one legal square carries the suggestion's gold frame. */
	const char *legal[] = {"c4", "d3", "e6", "f7"};
	int framed = 0;
	for (int i = 0; i < 4; i++)
		framed += gold_pixels(&sh, legal[i]) > 20;
	assert_int_equal(framed, 1);
	assert_true(gold_pixels(&sh, "a1") == 0);
	SDL_FreeSurface(sh.s);
}

static void test_corrupt_files_are_reported_and_replaced(void **state)
{
	(void)state;
	need_display();
	char path[300], shot[300], args[700];
	write_file("settings.ini",
	           "[play]\nlevel = grandmaster\n\x01\x02 garbage\n[sound]\nvolume = 900\n", path,
	           sizeof path);
	write_file("autosave.ini", "[parity-save]\nversion = 1\ngame = reversi\nmoves = a1 a1\n",
	           path, sizeof path);
	snprintf(shot, sizeof shot, "%s/corrupt.png", work);
	snprintf(args, sizeof args, "--frames 30 --screenshot %s 2>%s/stderr.txt", shot, work);
	assert_int_equal(run_parity(args), 0); /* reported, never a crash */
	char text[4096];
	snprintf(path, sizeof path, "%s/stderr.txt", work);
	read_file(path, text, sizeof text);
	assert_non_null(strstr(text, "settings.ini"));
	assert_non_null(strstr(text, "autosave"));
	/* The settings file is the player's: nothing changed, so it is left byte for byte, the
	 * bad lines included (the defaults stood in for them). */
	snprintf(path, sizeof path, "%s/settings.ini", work);
	read_file(path, text, sizeof text);
	assert_string_equal(
	    text, "[play]\nlevel = grandmaster\n\x01\x02 garbage\n[sound]\nvolume = 900\n");
	remove(path);
	snprintf(path, sizeof path, "%s/autosave.ini", work);
	remove(path);
}

/* Returns whether the file at path exists. */
static bool exists(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0;
}

/* One autosave per game (issue 17): a checkers game started while a Reversi one is unfinished
 * leaves the Reversi one alone (and an older Parity's single autosave.ini is taken as
 * Reversi's); Continue picks it up; Start over it asks first, and N keeps it. */
static void test_one_autosave_per_game_and_asking(void **state)
{
	(void)state;
	need_display();
	char dir[300], path[400], legacy[400], script[300], args[800], text[4096];
	make_prefs("slots", "[display]\nfullscreen = no\nanimation-speed = 0\n", dir, sizeof dir);
	write_file("slots1.script", "0 wait-scene play\n1 square d3\n0 wait\n1 quit\n", script,
	           sizeof script);
	snprintf(args, sizeof args, "--game reversi --mode two-players --script %s", script);
	assert_int_equal(window_run(dir, args), 0);
	snprintf(path, sizeof path, "%s/autosave-reversi.ini", dir);
	snprintf(legacy, sizeof legacy, "%s/autosave.ini", dir);
	assert_int_equal(rename(path, legacy), 0); /* as an older Parity left it */

	write_file("slots2.script", "0 wait-scene play\n1 hint\n0 wait\n1 quit\n", script,
	           sizeof script);
	snprintf(args, sizeof args, "--game checkers --mode two-players --script %s", script);
	assert_int_equal(window_run(dir, args), 0);
	assert_false(exists(legacy));
	assert_non_null(strstr(read_file(path, text, sizeof text), "moves = d3\n"));
	snprintf(path, sizeof path, "%s/autosave-checkers.ini", dir);
	assert_true(exists(path));

	/* Back to Reversi in the menu: Continue is selected and resumes d3. */
	snprintf(path, sizeof path, "%s/settings.ini", dir);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs("[play]\ngame = reversi\nmode = two-players\n[display]\nfullscreen = no\n"
	      "animation-speed = 0\n",
	      f);
	fclose(f);
	write_file("slots3.script",
	           "0 wait-scene menu\n1 key Return\n0 wait-scene play\n1 expect-moves 1\n"
	           "1 quit\n",
	           script, sizeof script);
	snprintf(args, sizeof args, "--script %s", script);
	assert_int_equal(window_run(dir, args), 0);

	/* Start instead: asked; N keeps the game (still the menu, still Continue); asked again,
	 * Y starts afresh. */
	char body[1200], shot[400];
	snprintf(shot, sizeof shot, "%s/ask-new-game.png", work);
	snprintf(body, sizeof body,
	         "0 wait-scene menu\n1 key Down\n1 key Return\n1 screenshot %s\n1 key n\n"
	         "1 expect-scene menu\n1 key Return\n1 key y\n0 wait-scene play\n"
	         "1 expect-moves 0\n1 quit\n",
	         shot);
	write_file("slots4.script", body, script, sizeof script);
	snprintf(args, sizeof args, "--script %s", script);
	assert_int_equal(window_run(dir, args), 0);
	struct shot sh = shot_load(shot);
	const SDL_Color box = pixel(&sh, 400, 470); /* the dialog's panel, left of its buttons */
	assert_true(box.r == 44 && box.g == 58 && box.b == 52);
	SDL_FreeSurface(sh.s);
	snprintf(path, sizeof path, "%s/autosave-reversi.ini", dir);
	assert_null(strstr(read_file(path, text, sizeof text), "moves = d3"));
	snprintf(path, sizeof path, "%s/autosave-checkers.ini", dir);
	assert_true(exists(path));
}

/* Runs the program in prefs `dir` with `options` and a script of `body`, then checks that its
 * Reversi autosave holds the line `moves` (or, when !holds, that it does not). */
static void run_then_autosave(const char *dir, const char *options, const char *body,
                              const char *moves, bool holds)
{
	char script[300], args[800], path[400], text[4096];
	write_file("cmdline.script", body, script, sizeof script);
	snprintf(args, sizeof args, "%s --mode two-players --script %s", options, script);
	assert_int_equal(window_run_as_is(dir, args), 0);
	snprintf(path, sizeof path, "%s/autosave-reversi.ini", dir);
	const bool found = strstr(read_file(path, text, sizeof text), moves) != NULL;
	if (found != holds)
		fail_msg("after %s: the autosave %s \"%s\":\n%s", options,
		         holds ? "lacks" : "still holds", moves, text);
}

/* --game and --open over an unfinished game of their kind ask first, in the menu, as Start
 * does (issue 17): N keeps the game (Continue is selected), Y starts what they asked for. */
static void test_command_line_asks_before_replacing(void **state)
{
	(void)state;
	need_display();
	char dir[300], record[300], open[400];
	make_prefs("cmdline", "[display]\nfullscreen = no\nanimation-speed = 0\n", dir, sizeof dir);
	run_then_autosave(dir, "--game reversi", "0 wait-scene play\n1 square d3\n0 wait\n1 quit\n",
	                  "moves = d3\n", true);
	/* --game reversi: the menu asks; N keeps d3 and selects Continue, which resumes it. */
	run_then_autosave(dir, "--game reversi",
	                  "1 expect-scene menu\n1 key n\n1 expect-scene menu\n1 key Return\n"
	                  "0 wait-scene play\n1 expect-moves 1\n1 quit\n",
	                  "moves = d3\n", true);
	/* Y starts the new game the command line asked for. */
	run_then_autosave(dir, "--game reversi",
	                  "1 expect-scene menu\n1 key y\n0 wait-scene play\n1 expect-moves 0\n"
	                  "1 square d3\n0 wait\n1 square c3\n0 wait\n1 quit\n",
	                  "moves = d3 c3\n", true);
	/* --open a Reversi record: asked too; N keeps d3 c3, Y opens the record's three moves. */
	write_file("cmdline.txt", "f5d6c3\n", record, sizeof record);
	snprintf(open, sizeof open, "--open %s", record);
	run_then_autosave(dir, open, "1 expect-scene menu\n1 key n\n1 expect-scene menu\n1 quit\n",
	                  "moves = d3 c3\n", true);
	run_then_autosave(dir, open,
	                  "1 expect-scene menu\n1 key y\n0 wait-scene play\n1 expect-moves 3\n"
	                  "1 quit\n",
	                  "moves = d3 c3\n", false);
}

static void test_bad_options(void **state)
{
	(void)state;
	char cmd[700];
	snprintf(cmd, sizeof cmd, "%s --no-such-option 2>/dev/null", parity);
	int rc = system(cmd);
	assert_int_equal(WEXITSTATUS(rc), 2);
	snprintf(cmd, sizeof cmd, "%s --frames 2>/dev/null", parity);
	rc = system(cmd);
	assert_int_equal(WEXITSTATUS(rc), 2);
	snprintf(cmd, sizeof cmd, "%s --mode sideways 2>/dev/null", parity);
	rc = system(cmd);
	assert_int_equal(WEXITSTATUS(rc), 2);
	snprintf(cmd, sizeof cmd, "%s --help >/dev/null", parity);
	rc = system(cmd);
	assert_int_equal(WEXITSTATUS(rc), 0);
}

/* While Expert thinks, the side's row shows a bar of its progress; N makes it play at once, in
 * every game: the move is on the board two ticks after the key, its search stopped short of
 * its node budget. (How far short depends on the machine: four ticks of Dots and Boxes at
 * 5x5 are about a million of Expert's two million nodes on a fast one.) */
static void test_thinking_bar_and_move_now(void **state)
{
	(void)state;
	need_display();
	static const struct {
		const char *args;
		unsigned long long budget; /* Expert's nodes for the move (games/GAME/module.c) */
	} games[] = {
	    {"--game reversi --size 10", 200000000},       /* 8x8 opens from the book, in no time */
	    {"--game checkers --open CHECKERS", 40000000}, /* the start too: out of the book */
	    {"--game dots --size 5x5", 2000000},
	};
	for (size_t g = 0; g < sizeof games / sizeof games[0]; g++) {
		char body[400], args[900], out[300], shot[300];
		snprintf(shot, sizeof shot, "%s/thinking-%zu.png", work, g);
		snprintf(body, sizeof body,
		         "0 wait-scene play\n3 screenshot %s\n1 key n\n2 expect-moves 1\n0 wait\n"
		         "1 expect-moves 1\n1 quit\n",
		         shot);
		snprintf(out, sizeof out, "%s/now-stats.txt", work);
		remove(out);
		/* checkers: 12-16 24-20 16-19 23x16 played, set up as a start (no move to count) */
		char pdn[300], game_args[400];
		write_file(
		    "out-of-book.pdn",
		    "[FEN \"B:W16,20,21,22,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11\"]"
		    "\n\n*\n",
		    pdn, sizeof pdn);
		const char *at = strstr(games[g].args, "CHECKERS");
		snprintf(game_args, sizeof game_args, "%.*s%s",
		         at ? (int)(at - games[g].args) : 200, games[g].args, at ? pdn : "");
		snprintf(args, sizeof args,
		         "%s --level expert --mode vs-computer --color white --stats >%s",
		         game_args, out);
		char autosave[300];
		snprintf(autosave, sizeof autosave, "%s/autosave.ini", work);
		remove(autosave);
		run_script("now.script", body, args);
		char settings[300]; /* --size 10 is remembered: the next tests play 8x8 */
		snprintf(settings, sizeof settings, "%s/settings.ini", work);
		remove(settings);
		/* The bar: its dark track across the thinking side's row (the first side's). */
		struct shot sh = shot_load(shot);
		const SDL_Color track = pixel(&sh, LAYOUT_PANEL_X + LAYOUT_PANEL_W - 30, 96 + 83);
		assert_true(track.r < 45 && track.g < 50 && track.b < 50);
		const SDL_Color row = pixel(&sh, LAYOUT_PANEL_X + LAYOUT_PANEL_W - 30, 96 + 92);
		assert_true(row.g > 70); /* the row's own colour below it */
		SDL_FreeSurface(sh.s);
		char text[4096];
		read_file(out, text, sizeof text);
		const char *line = strstr(text, "\nengine ");
		assert_non_null(line);
		unsigned long long nodes = 0;
		assert_int_equal(sscanf(line, "\nengine %llu nodes", &nodes), 1);
		if (nodes == 0 || nodes >= games[g].budget)
			fail_msg(
			    "%s: the engine searched %llu nodes of its %llu before N stopped it",
			    games[g].args, nodes, games[g].budget);
	}
}

/* Both renderers draw the board. SDL's software renderer (PARITY_RENDERER=software, the
 * choice under Xvfb) redraws only the clock of the side to move while the board waits: each
 * of its seconds is a frame of that part alone. */
static void test_renderers_and_clock_redraw(void **state)
{
	(void)state;
	need_display();
	static const char *const renderer[] = {"software", "gpu"};
	for (int r = 0; r < 2; r++) {
		char body[1000], args[900], out[300], shot[300], dump[300];
		snprintf(shot, sizeof shot, "%s/renderer-%s.png", work, renderer[r]);
		snprintf(dump, sizeof dump, "%s/renderer.dump", work);
		snprintf(out, sizeof out, "%s/renderer-stats.txt", work);
		snprintf(body, sizeof body,
		         "0 wait-scene play\n0 wait\n150 dump %s\n0 screenshot %s\n1 quit\n", dump,
		         shot);
		snprintf(args, sizeof args, "--game reversi --mode two-players --stats >%s", out);
		char autosave[300]; /* a new game, not the last test's */
		snprintf(autosave, sizeof autosave, "%s/autosave-reversi.ini", work);
		remove(autosave);
		setenv("PARITY_RENDERER", renderer[r], 1);
		run_script("renderer.script", body, args);
		unsetenv("PARITY_RENDERER");
		struct shot sh = shot_load(shot);
		assert_int_equal(square_look(&sh, "d4"), LOOK_WHITE);
		assert_int_equal(square_look(&sh, "e4"), LOOK_BLACK);
		assert_int_equal(square_look(&sh, "d3"), LOOK_MARKED);
		SDL_FreeSurface(sh.s);
		char text[4096];
		read_file(out, text, sizeof text);
		unsigned long long frames = 0, parts = 0;
		char name[32] = "";
		const char *line = strstr(text, "loop ");
		assert_non_null(line);
		assert_int_equal(sscanf(line,
		                        "loop %*u turns, %llu frames drawn (%llu of them a part), "
		                        "%*f s drawing, %31s renderer",
		                        &frames, &parts, name),
		                 3);
		read_file(dump, text, sizeof text);
		double clock = 0;
		assert_non_null(strstr(text, "clocks "));
		assert_int_equal(sscanf(strstr(text, "clocks "), "clocks %lf", &clock), 1);
		assert_true(clock >= 2.0); /* two of the clock's seconds went by */
		if (r == 0) {
			assert_string_equal(name, "software");
			assert_true(parts >= 2);
		} else {
			assert_string_not_equal(name, "software"); /* OpenGL (Mesa's, under Xvfb) */
			assert_int_equal(parts, 0);
		}
	}
}

/* Counts the gold pixels of the status line (under the panel's band). */
static int status_gold(const struct shot *sh)
{
	int gold = 0;
	for (int y = 480; y < 504; y++)
		for (int x = LAYOUT_PANEL_X; x < LAYOUT_PANEL_X + LAYOUT_PANEL_W; x += 2) {
			const SDL_Color c = pixel(sh, x, y);
			gold += c.r > 200 && c.g > 150 && c.b < 120;
		}
	return gold;
}

/* Returns whether the HUD button at logical (x, y) (its left edge, clear of the label) is
 * greyed out: the dark fill of a button that does nothing now. */
static bool greyed(const struct shot *sh, int x, int y)
{
	const SDL_Color c = pixel(sh, x + 6, y + 26);
	return c.r < 40 && c.g < 45 && c.b < 45;
}

/* Esc on the title asks before quitting; Help stays open under the arrows and closes with Esc;
 * Y quits. */
static void test_quit_asks_and_help_stays(void **state)
{
	(void)state;
	need_display();
	char body[2000], ask[300], help[300], after[300];
	snprintf(ask, sizeof ask, "%s/quit-ask.png", work);
	snprintf(help, sizeof help, "%s/help-stays.png", work);
	snprintf(after, sizeof after, "%s/after-quit.png", work);
	remove(ask);
	remove(after);
	snprintf(body, sizeof body,
	         "0 wait-scene menu\n1 key Escape\n10 screenshot %s\n1 expect-scene menu\n"
	         "1 key n\n1 key F1\n0 wait-scene help\n1 key Right\n1 key Down\n1 key Space\n"
	         "20 expect-scene help\n1 screenshot %s\n1 key Escape\n0 wait-scene menu\n"
	         "1 key Escape\n1 key y\n30 screenshot %s\n1 quit\n",
	         ask, help, after);
	run_script("quit.script", body, "");
	struct shot sh = shot_load(ask); /* the question, over a darkened menu */
	const SDL_Color box = pixel(&sh, 640, 300);
	assert_true(box.r == 44 && box.g == 58 && box.b == 52);
	SDL_FreeSurface(sh.s);
	struct stat st;
	assert_int_equal(stat(help, &st), 0);
	assert_true(stat(after, &st) != 0); /* Y quit before the last screenshot */
}

/* Undo and Redo are greyed out with nothing to undo or redo, and U at the start says so; a
 * refused move's message goes with the next legal move. */
static void test_undo_greyed_and_messages_cleared(void **state)
{
	(void)state;
	need_display();
	char body[2000];
	snprintf(body, sizeof body,
	         "0 wait-scene play\n1 move 10 10\n1 screenshot %s/u-start.png\n"
	         "1 key u\n1 screenshot %s/u-nothing.png\n"
	         "1 square a1\n1 screenshot %s/u-refused.png\n"
	         "1 square d3\n1 move 10 10\n1 screenshot %s/u-played.png\n1 quit\n",
	         work, work, work, work);
	run_script("undo.script", body, "--game reversi --mode two-players");
	const int ux = LAYOUT_PANEL_X + 12, rx = ux + (LAYOUT_PANEL_W - 36) / 2 + 12, by = 520;
	char path[300];
	snprintf(path, sizeof path, "%s/u-start.png", work);
	struct shot sh = shot_load(path);
	assert_true(greyed(&sh, ux, by));
	assert_true(greyed(&sh, rx, by));
	assert_int_equal(status_gold(&sh), 0);
	SDL_FreeSurface(sh.s);
	snprintf(path, sizeof path, "%s/u-nothing.png", work);
	sh = shot_load(path);
	assert_true(status_gold(&sh) > 20); /* "Nothing to undo" */
	SDL_FreeSurface(sh.s);
	snprintf(path, sizeof path, "%s/u-refused.png", work);
	sh = shot_load(path);
	assert_true(status_gold(&sh) > 20); /* "That is not a legal move" */
	SDL_FreeSurface(sh.s);
	snprintf(path, sizeof path, "%s/u-played.png", work);
	sh = shot_load(path);
	assert_int_equal(status_gold(&sh), 0); /* gone with the legal move */
	assert_false(greyed(&sh, ux, by));     /* d3 can be undone */
	assert_true(greyed(&sh, rx, by));
	SDL_FreeSurface(sh.s);
}

/* The clocks come back with Continue: Black thought about 3 s before d3; after quitting and
 * Continue they still say so. */
static void test_clocks_after_continue(void **state)
{
	(void)state;
	need_display();
	char body[1000], autosave[300];
	snprintf(autosave, sizeof autosave, "%s/autosave.ini", work);
	remove(autosave);
	run_script("clock1.script", "0 wait-scene play\n200 square d3\n0 wait\n1 quit\n",
	           "--game reversi --mode two-players");
	snprintf(body, sizeof body,
	         "0 wait-scene menu\n1 key Return\n0 wait-scene play\n1 dump %s/clocks.txt\n"
	         "1 quit\n",
	         work);
	run_script("clock2.script", body, "");
	char path[300], text[4096];
	snprintf(path, sizeof path, "%s/clocks.txt", work);
	read_file(path, text, sizeof text);
	const char *line = strstr(text, "clocks ");
	assert_non_null(line);
	int black = -1, white = -1;
	assert_int_equal(sscanf(line, "clocks %d %d", &black, &white), 2);
	assert_true(black >= 3);
	assert_true(white >= 0 && white < 3);
	assert_non_null(strstr(text, "moves 1\n"));
}

/* The disc counts follow the discs on the board: just after d3 the flipped disc has not
 * turned yet (3 to 2 as seen), once the animation is over 4 to 1. */
static void test_counts_follow_the_flips(void **state)
{
	(void)state;
	need_display();
	char body[1000];
	snprintf(body, sizeof body,
	         "0 wait-scene play\n1 square d3\n1 dump %s/counts-during.txt\n0 wait\n"
	         "1 dump %s/counts-after.txt\n1 quit\n",
	         work, work);
	run_script("counts.script", body, "--game reversi --mode two-players");
	char path[300], text[4096];
	snprintf(path, sizeof path, "%s/counts-during.txt", work);
	assert_non_null(strstr(read_file(path, text, sizeof text), "\ncounts 3 2\n"));
	snprintf(path, sizeof path, "%s/counts-after.txt", work);
	assert_non_null(strstr(read_file(path, text, sizeof text), "\ncounts 4 1\n"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_bad_options),
	    cmocka_unit_test(test_menu_opens_and_frames_screenshot),
	    cmocka_unit_test(test_two_players_move_flip_hints_undo),
	    cmocka_unit_test(test_corrupt_files_are_reported_and_replaced),
	    cmocka_unit_test(test_one_autosave_per_game_and_asking),
	    cmocka_unit_test(test_command_line_asks_before_replacing),
	    cmocka_unit_test(test_engine_suggestion),
	    cmocka_unit_test(test_thinking_bar_and_move_now),
	    cmocka_unit_test(test_quit_asks_and_help_stays),
	    cmocka_unit_test(test_undo_greyed_and_messages_cleared),
	    cmocka_unit_test(test_clocks_after_continue),
	    cmocka_unit_test(test_counts_follow_the_flips),
	    cmocka_unit_test(test_renderers_and_clock_redraw),
	    cmocka_unit_test(test_whole_game_beginner),
	    cmocka_unit_test(test_whole_game_medium),
	};
	return cmocka_run_group_tests_name("window", tests, setup, window_teardown);
}
