/*
 * tests/test_window_checkers.c — checkers in the real program and a real window: scripts
 * drive it with the mouse (drags, clicks hop by hop) and the keyboard, and the screenshots
 * are checked for what a player sees: men and kings on their squares, the glow on the pieces
 * that must capture, a multi-jump entered hop by hop with the jumped piece faded, the piece
 * on its way during the animation, the crown, the last move's whole path. Whole games
 * against Beginner and Medium go to the end through the mouse from the title menu, and the
 * saved record is PDN that `parity pdn check` replays.
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
#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "app/view_checkers_layout.h"

#include "window_harness.h"

/* Runs parity with `args` and its settings in the scratch directory; returns its exit
 * status. */
static int run_parity(const char *args)
{
	return window_run(work, args);
}

/* Runs a script (a format with %s for the work directory, any number of times) with args. */
static int run_script(const char *name, const char *format, const char *args)
{
	char body[16384], script[300], all[1200];
	/* every %s is the work directory (a script names at most 12 files) */
	int uses = 0;
	for (const char *c = format; (c = strstr(c, "%s")) != NULL; c += 2)
		uses++;
	assert_true(uses <= 12);
	snprintf(body, sizeof body, format, work, work, work, work, work, work, work, work, work,
	         work, work, work);
	write_file(name, body, script, sizeof script);
	snprintf(all, sizeof all, "%s --script %s", args, script);
	return run_parity(all);
}

/* Loads the screenshot work/name. */
static struct shot load_shot(const char *name)
{
	char path[400];
	snprintf(path, sizeof path, "%s/%s", work, name);
	return shot_load(path);
}

enum look { LOOK_EMPTY, LOOK_BLACK, LOOK_WHITE, LOOK_FAINT };

/* Returns what a player sees on square sq (Black at the bottom unless `top`): a black or
 * white piece, an empty square, or a faint piece (one being jumped). The point looked at is
 * on the face of a man and of a king's upper piece, clear of the grooves and the crown. */
static enum look look_at(const struct shot *sh, int sq, bool top)
{
	int x, y, w;
	layout_checkers_square(sq, !top, &x, &y, &w);
	const SDL_Color d = pixel(sh, x + w / 2 - 9, y + w * 60 / 128 + 6);
	const int lum = (d.r * 3 + d.g * 6 + d.b) / 10;
	if (lum < 50)
		return LOOK_BLACK;
	if (lum > 160 && d.b > 110 && d.r - d.b < 60) /* ivory, not a pale gold hint dot */
		return LOOK_WHITE;
	/* A faint ivory piece over the felt; anything else is the felt, maybe lit as the last
	 * move, crossed by its trail or carrying a hint dot. */
	return d.b >= 80 && d.r >= 60 && d.r < 150 ? LOOK_FAINT : LOOK_EMPTY;
}

/* Returns how many gold crown pixels a square shows. */
static int crown_pixels(const struct shot *sh, int sq, bool top)
{
	int x, y, w, n = 0;
	layout_checkers_square(sq, !top, &x, &y, &w);
	for (int dy = w / 5; dy < w * 3 / 5; dy++)
		for (int dx = w / 4; dx < w * 3 / 4; dx++) {
			const SDL_Color c = pixel(sh, x + dx, y + dy);
			n += c.r > 190 && c.g > 130 && c.g < 215 && c.b < 90;
		}
	return n;
}

/* Returns whether square sq carries the capture glow: a gold ring just outside the piece. */
static bool glows(const struct shot *sh, int sq, bool top)
{
	int x, y, w, n = 0;
	layout_checkers_square(sq, !top, &x, &y, &w);
	for (int dy = -8; dy <= 8; dy++)
		for (int dx = 4; dx <= 12; dx++) {
			const SDL_Color c = pixel(sh, x + dx, y + w / 2 + dy);
			n += c.r > 160 && c.r > c.b + 80;
		}
	return n > 20;
}

/* Returns whether square sq is lit as part of the last move's path (its corner is amber). */
static bool on_path(const struct shot *sh, int sq, bool top)
{
	int x, y, w;
	layout_checkers_square(sq, !top, &x, &y, &w);
	const SDL_Color c = pixel(sh, x + 6, y + 6);
	return c.r > 90 && c.r > c.b + 40; /* the felt's red is about 26 */
}

/* Returns how many gold pixels (the engine's suggestion frame) square sq shows near its edge,
 * Black at the bottom. */
static int gold_pixels(const struct shot *sh, int sq)
{
	int x, y, w, n = 0;
	layout_checkers_square(sq, 1, &x, &y, &w);
	for (int dy = 0; dy < w; dy++)
		for (int dx = 0; dx < w; dx++) {
			if (dx > 10 && dx < w - 10 && dy > 10 && dy < w - 10)
				continue; /* the frame runs round the edge */
			const SDL_Color c = pixel(sh, x + dx, y + dy);
			n += c.r > 200 && c.g > 140 && c.b < 130;
		}
	return n;
}

/* Returns whether an empty square shows a hint dot at its centre. */
static bool hinted(const struct shot *sh, int sq, bool top)
{
	int x, y, w;
	layout_checkers_square(sq, !top, &x, &y, &w);
	const SDL_Color c = pixel(sh, x + w / 2, y + w / 2);
	const SDL_Color felt = pixel(sh, x + 10, y + w - 10);
	return abs(c.r - felt.r) + abs(c.g - felt.g) + abs(c.b - felt.b) > 60;
}

/* Returns how many gold pixels the status line (under the HUD band) shows. */
static int status_pixels(const struct shot *sh)
{
	int n = 0;
	for (int y = 480; y < 502; y++)
		for (int x = LAYOUT_PANEL_X; x < LAYOUT_PANEL_X + LAYOUT_PANEL_W; x += 2) {
			const SDL_Color c = pixel(sh, x, y);
			n += c.r > 200 && c.g > 150 && c.b < 120;
		}
	return n;
}

static int setup(void **state)
{
	(void)state;
	return window_setup("parity-checkers");
}

/* Removes the settings and autosave so that each test starts afresh. */
static void fresh_prefs(void)
{
	char path[300];
	snprintf(path, sizeof path, "%s/settings.ini", work);
	remove(path);
	snprintf(path, sizeof path, "%s/autosave-checkers.ini", work);
	remove(path);
}

/* The start position, a drag, the keyboard, a refused move, undo. */
static void test_start_drag_keyboard(void **state)
{
	(void)state;
	need_display();
	fresh_prefs();
	const char *script = "0 wait-scene play\n"
	                     "0 screenshot %s/start.png\n"
	                     "1 drag 11 15\n" /* Black: drag and drop */
	                     "0 wait\n"
	                     "0 screenshot %s/dragged.png\n"
	                     "1 drag 22 17\n" /* White: drag and drop */
	                     "0 wait\n"
	                     "1 key Return\n" /* the cursor appears on 10 */
	                     "1 key Left\n"   /* 11 is left of 10 with Black at the bottom */
	                     "1 key Left\n"   /* 12 */
	                     "1 key Return\n" /* pick up 12 */
	                     "1 key Up\n"     /* 16 */
	                     "1 key Return\n" /* 12-16 */
	                     "0 wait\n"
	                     "0 screenshot %s/keyboard.png\n"
	                     "1 drag 25 18\n" /* White: not a legal move */
	                     "1 screenshot %s/refused.png\n"
	                     "1 key u\n"
	                     "0 wait\n"
	                     "0 screenshot %s/undone.png\n"
	                     "1 quit\n";
	assert_int_equal(run_script("start.script", script, "--game checkers --mode two-players"),
	                 0);

	struct shot sh = load_shot("start.png");
	for (int sq = 1; sq <= 32; sq++)
		assert_int_equal(look_at(&sh, sq, false), sq <= 12   ? LOOK_BLACK
		                                          : sq >= 21 ? LOOK_WHITE
		                                                     : LOOK_EMPTY);
	/* Black's moves land on 13-16, shown as hints; nothing further on. */
	for (int sq = 13; sq <= 16; sq++)
		assert_true(hinted(&sh, sq, false));
	for (int sq = 17; sq <= 20; sq++)
		assert_false(hinted(&sh, sq, false));
	assert_false(on_path(&sh, 11, false));
	/* Square 1 is at the bottom, second from the right, with Black at the bottom. */
	int x, y, w;
	layout_checkers_square(1, 1, &x, &y, &w);
	assert_int_equal(x, LAYOUT_BOARD_X + 2 + 6 * w);
	assert_int_equal(y, LAYOUT_BOARD_Y + 2 + 7 * w);
	SDL_FreeSurface(sh.s);

	sh = load_shot("dragged.png");
	assert_int_equal(look_at(&sh, 11, false), LOOK_EMPTY);
	assert_int_equal(look_at(&sh, 15, false), LOOK_BLACK);
	assert_true(on_path(&sh, 11, false));
	assert_true(on_path(&sh, 15, false));
	assert_false(on_path(&sh, 10, false));
	for (int sq = 17; sq <= 20; sq++) /* White's turn: its landing squares */
		assert_true(hinted(&sh, sq, false));
	SDL_FreeSurface(sh.s);

	sh = load_shot("keyboard.png");
	assert_int_equal(look_at(&sh, 22, false), LOOK_EMPTY);
	assert_int_equal(look_at(&sh, 17, false), LOOK_WHITE);
	assert_int_equal(look_at(&sh, 12, false), LOOK_EMPTY);
	assert_int_equal(look_at(&sh, 16, false), LOOK_BLACK);
	assert_true(on_path(&sh, 12, false));
	assert_true(on_path(&sh, 16, false));
	assert_false(on_path(&sh, 11, false));
	SDL_FreeSurface(sh.s);

	sh = load_shot("refused.png"); /* refused: the piece is back, the reason is shown */
	assert_int_equal(look_at(&sh, 25, false), LOOK_WHITE);
	assert_int_equal(look_at(&sh, 18, false), LOOK_EMPTY);
	assert_true(status_pixels(&sh) > 30);
	SDL_FreeSurface(sh.s);

	sh = load_shot("undone.png"); /* undo takes back 12-16 */
	assert_int_equal(look_at(&sh, 12, false), LOOK_BLACK);
	assert_int_equal(look_at(&sh, 16, false), LOOK_EMPTY);
	assert_true(on_path(&sh, 22, false));
	SDL_FreeSurface(sh.s);
}

/* A set-up position opened from PDN: a forced capture glows, a non-capturing attempt is
 * refused, a double jump is entered hop by hop and animated, and the man is crowned. */
static void test_multi_jump_and_crowning(void **state)
{
	(void)state;
	need_display();
	fresh_prefs();
	char pdn[300];
	write_file("jump.pdn",
	           "[Event \"Double jump\"]\n[FEN \"B:W18,26,28:B15,5,9\"]\n\n*\n"
	           "[Event \"Second\"]\n[FEN \"B:W18,26,28:B15,5,9\"]\n\n1. 15x22x31 *\n",
	           pdn, sizeof pdn);
	char args[700];
	snprintf(args, sizeof args, "--mode two-players --open %s", pdn);
	const char *script = "0 wait-scene games\n" /* two games in the file: a list */
	                     "1 key Return\n"       /* the first */
	                     "0 wait-scene play\n"
	                     "0 screenshot %s/forced.png\n"
	                     "1 key shift+h\n" /* the engine's suggestion */
	                     "0 wait\n"
	                     "1 screenshot %s/advice.png\n"
	                     "1 square 9\n" /* 9 cannot move: 15 must jump */
	                     "1 screenshot %s/refused.png\n"
	                     "0 dump %s/refused.txt\n"
	                     "1 drag 15 31\n" /* one drag to the end of the only path */
	                     "8 screenshot %s/moving1.png\n"  /* hop 1 under way */
	                     "12 screenshot %s/moving2.png\n" /* hop 2 under way, 18 taken */
	                     "0 wait\n"
	                     "0 screenshot %s/dragged.png\n"
	                     "1 key u\n"
	                     "0 wait\n"
	                     "1 square 15\n"
	                     "1 square 22\n" /* the first hop, by hand */
	                     "1 screenshot %s/hop.png\n"
	                     "1 square 31\n" /* the second: the move is played */
	                     "0 wait\n"
	                     "0 screenshot %s/crowned.png\n"
	                     "1 key u\n"
	                     "0 wait\n"
	                     "1 drag 15 22\n" /* dragged hop by hop */
	                     "1 drag 22 31\n"
	                     "0 wait\n"
	                     "0 screenshot %s/hops.png\n"
	                     "1 quit\n";
	assert_int_equal(run_script("jump.script", script, args), 0);

	struct shot sh = load_shot("forced.png");
	assert_int_equal(look_at(&sh, 15, false), LOOK_BLACK);
	assert_int_equal(look_at(&sh, 18, false), LOOK_WHITE);
	assert_true(glows(&sh, 15, false));
	assert_false(glows(&sh, 9, false));
	assert_false(glows(&sh, 5, false));
	assert_false(glows(&sh, 18, false));
	assert_true(hinted(&sh, 22, false));   /* where the jump lands */
	const int opened = status_pixels(&sh); /* "Opened game 1 of ..." */
	SDL_FreeSurface(sh.s);

	sh = load_shot("advice.png"); /* framed in gold: the piece (15) and where it ends (31) */
	assert_true(gold_pixels(&sh, 31) > 40);
	assert_int_equal(gold_pixels(&sh, 22), 0);
	assert_int_equal(gold_pixels(&sh, 28), 0);
	SDL_FreeSurface(sh.s);

	sh = load_shot("refused.png");
	/* "A capture is forced: the glowing piece must jump" took the place of the other line:
	 * the piece as the player sees it, not by a number the board does not show */
	char path[400], text[4096];
	snprintf(path, sizeof path, "%s/refused.txt", work);
	read_file(path, text, sizeof text);
	assert_non_null(
	    strstr(text, "\nstatus A capture is forced: the glowing piece must jump\n"));
	assert_true(status_pixels(&sh) > 30);
	assert_true(status_pixels(&sh) != opened);
	assert_int_equal(look_at(&sh, 9, false), LOOK_BLACK);
	SDL_FreeSurface(sh.s);

	sh = load_shot("hop.png"); /* the man waits on 22, the jumped man on 18 is faint */
	assert_int_equal(look_at(&sh, 15, false), LOOK_EMPTY);
	assert_int_equal(look_at(&sh, 22, false), LOOK_BLACK);
	assert_int_equal(look_at(&sh, 18, false), LOOK_FAINT);
	assert_int_equal(look_at(&sh, 26, false), LOOK_WHITE);
	assert_true(hinted(&sh, 31, false));
	SDL_FreeSurface(sh.s);

	/* Animated hop by hop: first over 18 (still there), then over 26 with 18 gone. */
	sh = load_shot("moving1.png");
	assert_int_equal(look_at(&sh, 15, false), LOOK_EMPTY);
	assert_int_equal(look_at(&sh, 26, false), LOOK_WHITE);
	assert_int_equal(look_at(&sh, 31, false), LOOK_EMPTY);
	SDL_FreeSurface(sh.s);
	sh = load_shot("moving2.png");
	assert_int_equal(look_at(&sh, 15, false), LOOK_EMPTY);
	assert_int_equal(look_at(&sh, 18, false), LOOK_EMPTY);
	assert_int_equal(look_at(&sh, 22, false), LOOK_EMPTY);
	assert_int_equal(look_at(&sh, 31, false), LOOK_EMPTY);
	SDL_FreeSurface(sh.s);

	const char *const finals[] = {"crowned.png", "dragged.png", "hops.png"};
	for (int i = 0; i < 3; i++) {
		sh = load_shot(finals[i]);
		assert_int_equal(look_at(&sh, 15, false), LOOK_EMPTY);
		assert_int_equal(look_at(&sh, 18, false), LOOK_EMPTY);
		assert_int_equal(look_at(&sh, 26, false), LOOK_EMPTY);
		assert_int_equal(look_at(&sh, 31, false), LOOK_BLACK);
		assert_true(crown_pixels(&sh, 31, false) > 40);
		assert_int_equal(crown_pixels(&sh, 9, false), 0);
		assert_true(on_path(&sh, 15, false));
		assert_true(on_path(&sh, 22, false));
		assert_true(on_path(&sh, 31, false));
		assert_false(on_path(&sh, 18, false));
		assert_int_equal(look_at(&sh, 28, false), LOOK_WHITE);
		SDL_FreeSurface(sh.s);
	}
}

/* --open: the last position of the chosen game; a White player sees the board turned. */
static void test_open_game_number(void **state)
{
	(void)state;
	need_display();
	fresh_prefs();
	char pdn[300], args[700];
	write_file("two.pdn",
	           "[Event \"One\"]\n1. 11-15 23-19 *\n\n"
	           "[Event \"Two\"]\n[FEN \"B:W18,26,28:B15,5,9\"]\n\n1. 15x22x31 *\n",
	           pdn, sizeof pdn);
	snprintf(args, sizeof args, "--mode vs-computer --level beginner --open %s --game-number 2",
	         pdn);
	/* White is to move, so the human plays White, and White sits at the bottom. */
	assert_int_equal(run_script("open.script",
	                            "0 wait-scene play\n0 screenshot %s/opened.png\n1 quit\n",
	                            args),
	                 0);
	struct shot sh = load_shot("opened.png");
	assert_int_equal(look_at(&sh, 31, true), LOOK_BLACK);
	assert_true(crown_pixels(&sh, 31, true) > 40);
	assert_int_equal(look_at(&sh, 28, true), LOOK_WHITE);
	assert_true(on_path(&sh, 22, true));
	SDL_FreeSurface(sh.s);

	/* A game whose record ends in a threefold repetition opens on the game-over screen,
	 * which says why it is drawn. */
	write_file("draw.pdn",
	           "[Event \"Repetition\"]\n[FEN \"B:WK29:BK4\"]\n\n"
	           "1. 4-8 29-25 2. 8-4 25-29 3. 4-8 29-25 4. 8-4 25-29 1/2-1/2\n",
	           pdn, sizeof pdn);
	snprintf(args, sizeof args, "--mode two-players --open %s", pdn);
	assert_int_equal(run_script("draw.script",
	                            "0 wait-scene over\n30 screenshot %s/draw.png\n"
	                            "1 expect-scene over\n1 quit\n",
	                            args),
	                 0);
	sh = load_shot("draw.png");
	assert_int_equal(look_at(&sh, 4, false), LOOK_BLACK);
	assert_true(crown_pixels(&sh, 4, false) > 40);
	assert_int_equal(look_at(&sh, 29, false), LOOK_WHITE);
	int gold = 0, ink = 0; /* the banner's title, and the line under it */
	for (int y = 340; y < 440; y++)
		for (int x = LAYOUT_PANEL_X; x < LAYOUT_PANEL_X + LAYOUT_PANEL_W; x += 2) {
			const SDL_Color c = pixel(&sh, x, y);
			gold += y < 390 && c.r > 200 && c.g > 150 && c.b < 120;
			ink += y >= 400 && c.r > 200 && c.g > 200 && c.b > 190;
		}
	assert_true(gold > 50);
	assert_true(ink > 50);
	SDL_FreeSurface(sh.s);

	/* In the list of a file's games, one that cannot be played says why and stays listed. */
	write_file("mixed.pdn",
	           "[Event \"Good\"]\n1. 11-15 *\n\n[Event \"Bad\"]\n1. 11-15 23-19 2. 15-24 *\n",
	           pdn, sizeof pdn);
	snprintf(args, sizeof args, "--mode two-players --open %s", pdn);
	assert_int_equal(run_script("mixed.script",
	                            "0 wait-scene games\n1 key Down\n1 key Return\n"
	                            "10 expect-scene games\n1 key Up\n1 key Return\n"
	                            "0 wait-scene play\n0 screenshot %s/good.png\n1 quit\n",
	                            args),
	                 0);
	sh = load_shot("good.png");
	assert_int_equal(look_at(&sh, 15, false), LOOK_BLACK);
	assert_int_equal(look_at(&sh, 11, false), LOOK_EMPTY);
	SDL_FreeSurface(sh.s);

	/* Bad files are reported before a window opens, never a crash. */
	char cmd[1200];
	snprintf(cmd, sizeof cmd, "%s --open %s --game-number 3 2>/dev/null", parity, pdn);
	assert_int_equal(WEXITSTATUS(system(cmd)), 2);
	write_file("bad.pdn", "[Event \"Bad\"]\n1. 11-15 23-19 2. 15-24 *\n", pdn, sizeof pdn);
	snprintf(cmd, sizeof cmd, "%s --open %s 2>%s/err.txt", parity, pdn, work);
	assert_int_equal(WEXITSTATUS(system(cmd)), 2);
	char text[600], path[300];
	snprintf(path, sizeof path, "%s/err.txt", work);
	read_file(path, text, sizeof text);
	assert_non_null(strstr(text, "game 1"));
	assert_non_null(strstr(text, "move 2"));
	snprintf(cmd, sizeof cmd, "%s --open /nonexistent.pdn 2>/dev/null", parity);
	assert_int_equal(WEXITSTATUS(system(cmd)), 2);
	snprintf(cmd, sizeof cmd, "%s --game-number 2 2>/dev/null", parity);
	assert_int_equal(WEXITSTATUS(system(cmd)), 2);
}

/* Returns the path of the first file in the work directory whose name starts with prefix. */
static bool find_saved(const char *prefix, char *path, size_t n)
{
	char dir[100]; /* the documents directory's Parity/ (window_run), not the prefs */
	snprintf(dir, sizeof dir, "%s/Parity", work);
	DIR *d = opendir(dir);
	assert_non_null(d);
	bool found = false;
	for (struct dirent *e; !found && (e = readdir(d)) != NULL;)
		if (strncmp(e->d_name, prefix, strlen(prefix)) == 0) {
			snprintf(path, n, "%.180s/%.180s", dir, e->d_name);
			found = true;
		}
	closedir(d);
	return found;
}

/* Plays a whole game against `level` with the mouse alone, from the title menu: clicks hop by
 * hop (`hint`) or drags (`hint-drag`); then saves the record and checks it as PDN. */
static void whole_game(const char *level, const char *how)
{
	fresh_prefs();
	char prefs[300], ini[300];
	snprintf(prefs, sizeof prefs,
	         "[play]\ngame = checkers\nmode = vs-computer\nlevel = %s\n[display]\n"
	         "animation-speed = 3\n",
	         level);
	write_file("settings.ini", prefs, ini, sizeof ini);
	char body[16384];
	int n = snprintf(body, sizeof body,
	                 "0 wait-scene menu\n"
	                 "1 button Start\n"
	                 "1 key y\n" /* over an unfinished game: a new one */
	                 "0 wait-scene play\n");
	for (int i = 0; i < 90; i++)
		n += snprintf(body + n, sizeof body - (size_t)n, "0 wait\n1 %s\n", how);
	snprintf(body + n, sizeof body - (size_t)n,
	         "0 wait-scene over\n"
	         "30 screenshot %%s/over-%s.png\n"
	         "1 expect-scene over\n"
	         "1 key ctrl+s\n" /* save the record */
	         "1 quit\n",
	         level);
	char name[64];
	snprintf(name, sizeof name, "game-%s.script", level);
	assert_int_equal(run_script(name, body, ""), 0);
	snprintf(name, sizeof name, "over-%s.png", level);
	struct shot sh = load_shot(name);
	/* The game is over: some pieces are left, and the banner's title is gold. */
	int pieces = 0;
	for (int sq = 1; sq <= 32; sq++)
		pieces +=
		    look_at(&sh, sq, false) == LOOK_BLACK || look_at(&sh, sq, false) == LOOK_WHITE;
	assert_true(pieces >= 1);
	int gold = 0;
	for (int y = 340; y < 390; y++)
		for (int x = LAYOUT_PANEL_X; x < LAYOUT_PANEL_X + LAYOUT_PANEL_W; x += 2) {
			const SDL_Color c = pixel(&sh, x, y);
			gold += c.r > 200 && c.g > 150 && c.b < 120;
		}
	assert_true(gold > 100);
	SDL_FreeSurface(sh.s);
	/* The record is PDN with the tags, and `parity pdn check` replays it. */
	char path[400], text[8192] = ""; /* room for both parts of find_saved */
	assert_true(find_saved("checkers-", path, sizeof path));
	read_file(path, text, sizeof text);
	assert_non_null(strstr(text, "[GameType \"21\"]"));
	assert_non_null(strstr(text, "[Black \"You\"]"));
	assert_non_null(strstr(text, "[White \"Parity ("));
	assert_non_null(strstr(text, "[Result \""));
	assert_null(strstr(text, "[Result \"*\"]"));
	char cmd[1200];
	snprintf(cmd, sizeof cmd, "%s pdn check %s >/dev/null", parity, path);
	assert_int_equal(WEXITSTATUS(system(cmd)), 0);
	remove(path);
}

/* N: the computer plays the best move it has found so far. Expert spends 400 000 nodes and
 * more on a move out of its opening book; told to move three ticks after it began, it has
 * spent far fewer. The game is opened where the book has nothing to say (12-16 24-20 16-19
 * 23x16 11-15: tests/test_checkers_book.c checks that it is out of the book). */
static void test_move_now(void **state)
{
	(void)state;
	need_display();
	fresh_prefs();
	char out[400], args[1100], pdn[300];
	write_file("out-of-book.pdn", "[Event \"Out of book\"]\n1. 12-16 24-20 2. 16-19 23x16 *\n",
	           pdn, sizeof pdn);
	snprintf(out, sizeof out, "%s/stats.txt", work);
	snprintf(args, sizeof args, "--mode vs-computer --level expert --open %s --stats >%s", pdn,
	         out);
	assert_int_equal(run_script("now.script",
	                            "0 wait-scene play\n1 drag 11 15\n0 screenshot %s/before.png\n"
	                            "3 key n\n0 wait\n1 screenshot %s/now.png\n1 quit\n",
	                            args),
	                 0);
	/* White has moved: some square of White's changed */
	struct shot before = load_shot("before.png"), sh = load_shot("now.png");
	int changed = 0, white = 0;
	for (int sq = 1; sq <= 32; sq++) {
		const bool was = look_at(&before, sq, false) == LOOK_WHITE;
		const bool is = look_at(&sh, sq, false) == LOOK_WHITE;
		changed += was != is;
		white += is;
	}
	assert_true(changed >= 2);
	assert_true(white >= 9);
	SDL_FreeSurface(before.s);
	SDL_FreeSurface(sh.s);
	FILE *f = fopen(out, "r");
	assert_non_null(f);
	char line[300];
	unsigned long long nodes = 0;
	while (fgets(line, sizeof line, f))
		if (sscanf(line, "engine %llu nodes", &nodes) == 1)
			break;
	fclose(f);
	/* Stopped far short of Expert's 12 000 000 nodes: the four ticks before N are about
	 * 200 000 here (a tick's slice is at most 16 ms); a quarter of the budget leaves room for
	 * a machine ten times as fast. */
	if (nodes == 0 || nodes >= 3000000)
		fail_msg("the engine searched %llu nodes before N stopped it", nodes);
}

static void test_whole_game_beginner(void **state)
{
	(void)state;
	need_display();
	whole_game("beginner", "hint");
}

static void test_whole_game_medium(void **state)
{
	(void)state;
	need_display();
	whole_game("medium", "hint-drag");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_start_drag_keyboard),
	    cmocka_unit_test(test_multi_jump_and_crowning),
	    cmocka_unit_test(test_open_game_number),
	    cmocka_unit_test(test_move_now),
	    cmocka_unit_test(test_whole_game_beginner),
	    cmocka_unit_test(test_whole_game_medium),
	};
	return cmocka_run_group_tests_name("window-checkers", tests, setup, window_teardown);
}
