/*
 * tests/test_window_dots.c — Dots and Boxes in the real window: scripts drive the program
 * and the screenshots are checked at layout coordinates for what a player sees (the edges,
 * the last edge in amber, boxes filling with their owner's colour, "Box! Play again", the
 * hover preview, safe-edge hints, the keyboard cursor, the engine's suggestion), and whole
 * 3×3 and 5×5 games against Beginner and Medium are played to the end with the mouse.
 *
 * Needs an X display: when $DISPLAY is unset the program runs under `xvfb-run`; with
 * neither, the tests are skipped. KEEP_SHOTS=1 keeps the screenshots.
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
#include <sys/wait.h>
#include <unistd.h>

#include "app/view_dots_layout.h"
#include "games/dots/chains.h"
#include "games/dots/dots.h"

#include "window_harness.h"

/* Writes `text` to path. */
static void write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

/* Returns the contents of path (static buffer), or "" when it cannot be read. */
static const char *read_text(const char *path)
{
	static char text[16384];
	text[0] = '\0';
	FILE *f = fopen(path, "r");
	if (!f)
		return text;
	const size_t n = fread(text, 1, sizeof text - 1, f);
	text[n] = '\0';
	fclose(f);
	return text;
}

/* Runs parity with `args` and its settings and autosave in `prefs`; returns its exit status. */
static int run_parity(const char *prefs, const char *args)
{
	return window_run(prefs, args);
}

/* ---- what a player sees, at layout coordinates ------------------------------------------- */

/* The board being looked at: its size. */
struct board {
	int rows, cols;
};

/* Stores the logical midpoint of edge e. */
static void edge_mid(struct board b, int e, int *x, int *y)
{
	int x0, y0, cell;
	layout_dots(b.rows, b.cols, &x0, &y0, &cell);
	const int vbase = (b.rows + 1) * b.cols;
	if (e < vbase) {
		*x = x0 + (e % b.cols) * cell + cell / 2;
		*y = y0 + (e / b.cols) * cell;
	} else {
		const int k = e - vbase;
		*x = x0 + (k % (b.cols + 1)) * cell;
		*y = y0 + (k / (b.cols + 1)) * cell + cell / 2;
	}
}

/* Returns the colour at the midpoint of edge e (between a hint's dashes). */
static SDL_Color edge_colour(const struct shot *sh, struct board b, int e)
{
	int x, y;
	edge_mid(b, e, &x, &y);
	return pixel(sh, x, y);
}

enum look { LOOK_PAPER, LOOK_INK, LOOK_AMBER, LOOK_BLUE, LOOK_RED, LOOK_GOLD, LOOK_OTHER };

/* Returns what a colour is: the paper, drawn ink, the last edge's amber, side A's blue, side
 * B's red, the suggestion's gold, or something else. */
static enum look look_of(SDL_Color c)
{
	if (c.r > 200 && c.g > 190 && c.b > 170)
		return LOOK_PAPER;
	if (c.r < 90 && c.g < 90 && c.b < 110)
		return LOOK_INK;
	if (c.r > 220 && c.g > 180 && c.b < 130)
		return LOOK_GOLD;
	if (c.r > 200 && c.g > 110 && c.g < 180 && c.b < 80)
		return LOOK_AMBER;
	if (c.b > c.r + 60 && c.b > 150)
		return LOOK_BLUE;
	if (c.r > c.b + 80 && c.r > 150 && c.g < 130)
		return LOOK_RED;
	return LOOK_OTHER;
}

/* Returns what edge e looks like. */
static enum look edge_look(const struct shot *sh, struct board b, int e)
{
	return look_of(edge_colour(sh, b, e));
}

/* Returns what box `box` looks like, off its centre (where the owner's letter is). */
static enum look box_look(const struct shot *sh, struct board b, int box)
{
	int x0, y0, cell;
	layout_dots(b.rows, b.cols, &x0, &y0, &cell);
	const int x = x0 + (box % b.cols) * cell + cell / 4 + 2;
	const int y = y0 + (box / b.cols) * cell + cell / 4 + 2;
	return look_of(pixel(sh, x, y));
}

/* Returns whether a colour is a hint's green (a safe edge's dashes over the paper). */
static bool hint_green(SDL_Color c)
{
	return c.g > c.r + 40 && c.g > c.b + 20;
}

/* Returns how many pixels along edge e (sampled every two pixels on its line, off the dots)
 * look like `what`, or are a hint's green when `what` is LOOK_OTHER. */
static int pixels_along(const struct shot *sh, struct board b, int e, enum look what)
{
	int x, y, x0, y0, cell, n = 0;
	layout_dots(b.rows, b.cols, &x0, &y0, &cell);
	edge_mid(b, e, &x, &y);
	const bool across = e < (b.rows + 1) * b.cols;
	for (int d = -cell / 2 + cell / 6; d < cell / 2 - cell / 6; d += 2) {
		const SDL_Color c = across ? pixel(sh, x + d, y) : pixel(sh, x, y + d);
		n += what == LOOK_OTHER ? hint_green(c) : look_of(c) == what;
	}
	return n;
}

/* Returns whether the "Box! Play again" banner is up (its brown band over the HUD panel). */
static bool banner_up(const struct shot *sh)
{
	const SDL_Color c = pixel(sh, LAYOUT_PANEL_X + 24, 332);
	return c.r > 100 && c.r < 150 && c.g > 55 && c.g < 95 && c.b < 60;
}

/* Returns the side whose turn the HUD marks (the gold bar beside its row), or -1. */
static int turn_marked(const struct shot *sh)
{
	for (int side = 0; side < 2; side++) {
		const SDL_Color c = pixel(sh, LAYOUT_PANEL_X + 2, 96 + 108 * side + 48);
		if (c.r > 200 && c.g > 160 && c.b < 120)
			return side;
	}
	return -1;
}

/* ---- the record of a game ------------------------------------------------------------------ */

/* One move of a finished game: who drew which edge and how many boxes it took. */
struct played {
	int side, edge, boxes, box[2];
	bool over; /* the game ended with it */
};

/* Reads the moves of the autosave in `prefs` and replays them on a rows × cols board; stores
 * them in out and returns how many, and the final score in score[2]. */
static int replay_autosave(const char *prefs, struct board b, struct played *out, int max,
                           int score[2])
{
	char path[400];
	snprintf(path, sizeof path, "%s/autosave-dots.ini", prefs);
	const char *text = read_text(path);
	const char *line = strstr(text, "\nmoves =");
	assert_non_null(line);
	line += strlen("\nmoves =");
	struct dots_pos pos;
	assert_int_equal(dots_setup(&pos, b.rows, b.cols), GAME_OK);
	int n = 0;
	while (*line && *line != '\n' && n < max) {
		char *end;
		const long e = strtol(line, &end, 10);
		if (end == line)
			break;
		line = end;
		struct game_move m;
		assert_true(e >= 0 && e < pos.edges && !dots_edge_drawn(&pos, (int)e));
		dots_make_move(&pos, (int)e, &m);
		out[n] = (struct played){.side = pos.side, .edge = (int)e, .boxes = (int)m.extra};
		for (int k = 0; k < (int)m.extra; k++)
			out[n].box[k] = (int)((m.data[0] >> (8 * k)) & 0xff);
		dots_rules.play(&pos, &m);
		out[n].over = dots_drawn_count(&pos) == pos.edges;
		n++;
	}
	score[0] = pos.score[0];
	score[1] = pos.score[1];
	return n;
}

static int setup(void **state)
{
	(void)state;
	return window_setup("parity-dots");
}

/* Makes work/name as a fresh prefs directory with `settings` as its settings.ini; stores its
 * path in dir. */
static void prefs_dir(const char *name, const char *settings, char *dir, size_t n)
{
	snprintf(dir, n, "%s/%s", work, name);
	mkdir(dir, 0700);
	char path[400];
	snprintf(path, sizeof path, "%s/settings.ini", dir);
	write_text(path, settings);
}

/* ---- the tests ----------------------------------------------------------------------------- */

/* Two players on 3×3: edges, the last edge, a box with its banner and fill, the extra move,
 * undo and redo, the hover preview, hints, the keyboard cursor. */
static void test_two_players_box_extra_move_undo(void **state)
{
	(void)state;
	need_display();
	char dir[300], script[400], body[4096], args[600], path[400];
	prefs_dir("two",
	          "[play]\ngame = dots\nmode = two-players\n[dots]\nrows = 3\ncols = 3\n"
	          "[display]\nhints = yes\n",
	          dir, sizeof dir);
	const struct board b = {3, 3};
	int hx, hy;
	edge_mid(b, 22, &hx, &hy); /* the hover goes near edge 22, a little off its line */
	/* A 0, B 3, A 12, B 13 closes box 0 for B, who plays again: 1. */
	snprintf(body, sizeof body,
	         "0 wait-scene play\n"
	         "0 move 0 0\n" /* away from the board, wherever the pointer was */
	         "1 screenshot %s/start.png\n"
	         "1 square 0\n0 wait\n1 square 3\n0 wait\n1 square 12\n0 wait\n"
	         "1 screenshot %s/before-box.png\n"
	         "1 square 13\n"
	         "12 screenshot %s/box.png\n"
	         "0 wait\n"
	         "1 screenshot %s/after-banner.png\n"
	         "1 square 1\n"
	         "0 wait\n"
	         "1 move %d %d\n"
	         "1 screenshot %s/extra.png\n"
	         "1 key u\n0 wait\n"
	         "1 screenshot %s/undone.png\n"
	         "1 key ctrl+y\n0 wait\n"
	         "1 key Down\n"  /* the cursor appears on the middle edge, 4 */
	         "1 key Right\n" /* and moves on to 5 */
	         "1 move 0 0\n"
	         "1 screenshot %s/cursor.png\n"
	         "1 key Return\n0 wait\n"
	         "1 screenshot %s/keyboard.png\n"
	         "1 square 1\n" /* already drawn: refused */
	         "1 wait\n"
	         "1 key Down\n" /* from the top of box 5 to its left side, 18 */
	         "1 key Down\n" /* and its bottom, 8 */
	         "1 key Return\n0 wait\n"
	         "1 screenshot %s/keyboard-down.png\n"
	         "1 expect-scene play\n"
	         "1 quit\n",
	         work, work, work, work, hx + 3, hy + 9, work, work, work, work, work);
	snprintf(script, sizeof script, "%s/two.script", work);
	write_text(script, body);
	snprintf(args, sizeof args, "--game dots --script %s", script);
	assert_int_equal(run_parity(dir, args), 0);

	snprintf(path, sizeof path, "%s/start.png", work);
	struct shot sh = shot_load(path);
	for (int e = 0; e < 24; e++) {
		assert_int_equal(edge_look(&sh, b, e), LOOK_PAPER);
		assert_true(pixels_along(&sh, b, e, LOOK_OTHER) >
		            4); /* every edge is safe: hinted */
	}
	assert_int_equal(box_look(&sh, b, 0), LOOK_PAPER);
	assert_int_equal(turn_marked(&sh), 0);
	assert_false(banner_up(&sh));
	SDL_FreeSurface(sh.s);

	snprintf(path, sizeof path, "%s/before-box.png", work);
	sh = shot_load(path);
	assert_int_equal(edge_look(&sh, b, 0), LOOK_INK);
	assert_int_equal(edge_look(&sh, b, 3), LOOK_INK);
	assert_int_equal(edge_look(&sh, b, 12), LOOK_AMBER); /* the last edge */
	assert_int_equal(turn_marked(&sh), 1);
	/* Box 0 has three sides: its fourth, 13, is no safe edge; 2 is still safe. */
	assert_int_equal(pixels_along(&sh, b, 13, LOOK_OTHER), 0);
	assert_true(pixels_along(&sh, b, 2, LOOK_OTHER) > 4);
	SDL_FreeSurface(sh.s);

	snprintf(path, sizeof path, "%s/box.png", work);
	sh = shot_load(path);
	assert_true(banner_up(&sh));                         /* "Box! B plays again" */
	assert_int_equal(box_look(&sh, b, 0), LOOK_RED);     /* B's box fills */
	assert_int_equal(edge_look(&sh, b, 13), LOOK_AMBER); /* the edge that closed it */
	assert_int_equal(edge_look(&sh, b, 12), LOOK_INK);
	assert_int_equal(turn_marked(&sh), 1); /* B moves again */
	SDL_FreeSurface(sh.s);

	snprintf(path, sizeof path, "%s/after-banner.png", work);
	sh = shot_load(path);
	assert_false(banner_up(&sh));
	assert_int_equal(box_look(&sh, b, 0), LOOK_RED);
	assert_int_equal(turn_marked(&sh), 1);
	SDL_FreeSurface(sh.s);

	snprintf(path, sizeof path, "%s/extra.png", work);
	sh = shot_load(path);
	assert_int_equal(edge_look(&sh, b, 1), LOOK_AMBER);
	assert_int_equal(turn_marked(&sh), 0);                 /* B's extra move passed the turn */
	assert_true(pixels_along(&sh, b, 22, LOOK_BLUE) > 10); /* A's preview under the pointer */
	assert_int_equal(pixels_along(&sh, b, 21, LOOK_BLUE), 0);
	SDL_FreeSurface(sh.s);

	snprintf(path, sizeof path, "%s/undone.png", work);
	sh = shot_load(path);
	assert_int_equal(edge_look(&sh, b, 1), LOOK_PAPER);
	assert_int_equal(edge_look(&sh, b, 13), LOOK_AMBER);
	assert_int_equal(box_look(&sh, b, 0), LOOK_RED);
	assert_int_equal(turn_marked(&sh), 1);
	SDL_FreeSurface(sh.s);

	snprintf(path, sizeof path, "%s/cursor.png", work);
	sh = shot_load(path);
	assert_int_equal(edge_look(&sh, b, 1), LOOK_AMBER);   /* redone */
	assert_true(pixels_along(&sh, b, 5, LOOK_BLUE) > 10); /* the cursor's edge, previewed */
	SDL_FreeSurface(sh.s);

	snprintf(path, sizeof path, "%s/keyboard.png", work);
	sh = shot_load(path);
	assert_int_equal(edge_look(&sh, b, 5), LOOK_AMBER); /* Enter drew it */
	assert_int_equal(edge_look(&sh, b, 1), LOOK_INK);
	assert_int_equal(turn_marked(&sh), 1);
	SDL_FreeSurface(sh.s);

	snprintf(path, sizeof path, "%s/keyboard-down.png", work);
	sh = shot_load(path);
	assert_int_equal(edge_look(&sh, b, 8), LOOK_AMBER); /* B drew it with the keyboard */
	/* 18, left behind undrawn: it would give box 5 away, and its hint's cross says so */
	assert_int_equal(edge_look(&sh, b, 18), LOOK_RED);
	assert_int_equal(edge_look(&sh, b, 5), LOOK_INK);
	assert_int_equal(turn_marked(&sh), 0);
	SDL_FreeSurface(sh.s);
}

/* Shift+H: the engine's edge is shown in gold, and only one. */
static void test_engine_suggestion(void **state)
{
	(void)state;
	need_display();
	char dir[300], script[400], body[1024], args[600], path[400];
	prefs_dir("advice", "[play]\ngame = dots\nmode = two-players\n[dots]\nrows = 3\ncols = 3\n",
	          dir, sizeof dir);
	/* Box 0 has three sides after 0, 3, 12: the engine takes it with 13. */
	snprintf(body, sizeof body,
	         "0 wait-scene play\n0 move 0 0\n1 square 0\n0 wait\n1 square 3\n0 wait\n1 square "
	         "12\n0 wait\n"
	         "1 key shift+h\n0 wait\n1 move 0 0\n2 screenshot %s/advice.png\n1 quit\n",
	         work);
	snprintf(script, sizeof script, "%s/advice.script", work);
	write_text(script, body);
	snprintf(args, sizeof args, "--game dots --script %s", script);
	assert_int_equal(run_parity(dir, args), 0);
	snprintf(path, sizeof path, "%s/advice.png", work);
	struct shot sh = shot_load(path);
	const struct board b = {3, 3};
	int framed = 0;
	for (int e = 0; e < 24; e++)
		framed += pixels_along(&sh, b, e, LOOK_GOLD) > 10;
	assert_int_equal(framed, 1);
	assert_true(pixels_along(&sh, b, 13, LOOK_GOLD) > 10);
	SDL_FreeSurface(sh.s);
}

/* A whole game against the computer, played with the mouse from the title menu. */
struct game {
	int size;
	const char *level;
	int turns; /* the most edges the human may have to draw */
	char dir[300];
	int taken; /* the boxes the human took, once checked */
};

static struct game games[] = {
    {3, "beginner", 24, "", 0},
    {3, "medium", 24, "", 0},
    {5, "beginner", 50, "", 0},
    {5, "medium", 50, "", 0},
};
enum { GAMES = sizeof games / sizeof games[0] };

/* Writes the settings and the script of game g into its own prefs directory: from the menu,
 * the human (A, moving first) clicks the first legal edge each turn, and a screenshot follows
 * each of its edges 12 ticks later (before the computer may answer: it thinks 500 ms). */
static void prepare_game(struct game *g)
{
	char name[64], settings[300], path[400];
	snprintf(name, sizeof name, "game-%d-%s", g->size, g->level);
	snprintf(settings, sizeof settings,
	         "[play]\ngame = dots\nmode = vs-computer\nlevel = %s\ncolour = 0\n"
	         "[dots]\nrows = %d\ncols = %d\n",
	         g->level, g->size, g->size);
	prefs_dir(name, settings, g->dir, sizeof g->dir);
	static char body[32768];
	int n = snprintf(body, sizeof body,
	                 "0 wait-scene menu\n1 button Start\n1 key y\n0 wait-scene play\n");
	for (int i = 0; i < g->turns; i++)
		n += snprintf(body + n, sizeof body - (size_t)n,
		              "0 wait\n1 hint\n12 screenshot %s/h%d.png\n", g->dir, i);
	snprintf(body + n, sizeof body - (size_t)n,
	         "0 wait-scene over\n30 screenshot %s/over.png\n1 expect-scene over\n1 quit\n",
	         g->dir);
	snprintf(path, sizeof path, "%s/game.script", g->dir);
	write_text(path, body);
}

/* Plays every game at once, each in its own window of one display (they wait on the
 * engine's thinking time and the animations far more than they compute); stores each exit
 * status in its directory's file `rc`. Returns the shell's status. */
static int play_games(void)
{
	static char sh[8192];
	int n = 0;
	for (int i = 0; i < GAMES; i++) {
		prepare_game(&games[i]);
		n += snprintf(
		    sh + n, sizeof sh - (size_t)n,
		    "(SDL_AUDIODRIVER=dummy ASAN_OPTIONS=detect_leaks=0 %s --windowed --prefs %s "
		    "--seed 1 --script %s/game.script; echo $? >%s/rc) &\n",
		    parity, games[i].dir, games[i].dir, games[i].dir);
	}
	snprintf(sh + n, sizeof sh - (size_t)n, "wait\n");
	char path[400], cmd[1024];
	snprintf(path, sizeof path, "%s/games.sh", work);
	write_text(path, sh);
	const char *display = getenv("DISPLAY");
	snprintf(cmd, sizeof cmd, "%ssh %s",
	         display && *display ? "" : "xvfb-run -a -s '-screen 0 1600x1000x24' ", path);
	return system(cmd);
}

/* Checks game g once played: the record ran to the end with a chain taken (a side closing
 * boxes on two edges in a row: the extra move); the screenshot after each of the human's
 * edges shows it in amber, and after a box the box in the human's blue and the banner; the
 * game-over screen shows every box in its owner's colour. Stores the human's boxes. */
static void check_game(struct game *g)
{
	char path[400];
	snprintf(path, sizeof path, "%s/rc", g->dir);
	if (atoi(read_text(path)) != 0 || !*read_text(path))
		fail_msg("the %dx%d game against %s ended with status '%s'", g->size, g->size,
		         g->level, read_text(path));
	const struct board b = {g->size, g->size};
	struct played moves[DOTS_MAX_EDGES];
	int score[2];
	const int count = replay_autosave(g->dir, b, moves, DOTS_MAX_EDGES, score);
	assert_int_equal(count, dots_edge_count(g->size, g->size));
	assert_int_equal(score[0] + score[1], g->size * g->size);
	int chain = 0, longest = 0;
	for (int i = 0; i < count; i++) {
		const bool goes_on =
		    i > 0 && moves[i - 1].boxes && moves[i - 1].side == moves[i].side;
		chain = moves[i].boxes ? (goes_on ? chain : 0) + moves[i].boxes : 0;
		longest = chain > longest ? chain : longest;
	}
	assert_true(longest >= 2);

	int human = 0, taken = 0;
	for (int i = 0; i < count && human < g->turns; i++) {
		if (moves[i].side != 0)
			continue;
		snprintf(path, sizeof path, "%s/h%d.png", g->dir, human++);
		struct shot sh = shot_load(path);
		assert_int_equal(edge_look(&sh, b, moves[i].edge), LOOK_AMBER);
		if (moves[i].boxes) {
			taken += moves[i].boxes;
			for (int k = 0; k < moves[i].boxes; k++)
				assert_int_equal(box_look(&sh, b, moves[i].box[k]), LOOK_BLUE);
			assert_true(banner_up(&sh) || moves[i].over);
		} else {
			assert_false(banner_up(&sh));
		}
		SDL_FreeSurface(sh.s);
	}
	snprintf(path, sizeof path, "%s/over.png", g->dir);
	struct shot sh = shot_load(path);
	int blue = 0, red = 0;
	for (int box = 0; box < g->size * g->size; box++) {
		const enum look l = box_look(&sh, b, box);
		blue += l == LOOK_BLUE;
		red += l == LOOK_RED;
	}
	assert_int_equal(blue, score[0]);
	assert_int_equal(red, score[1]);
	SDL_FreeSurface(sh.s);
	assert_int_equal(taken, score[0]);
	g->taken = taken;
}

static void test_play_whole_games(void **state)
{
	(void)state;
	need_display();
	assert_int_equal(play_games(), 0);
}

static void test_whole_game_3x3_beginner(void **state)
{
	(void)state;
	need_display();
	check_game(&games[0]);
}

static void test_whole_game_3x3_medium(void **state)
{
	(void)state;
	need_display();
	check_game(&games[1]);
}

static void test_whole_game_5x5_beginner(void **state)
{
	(void)state;
	need_display();
	check_game(&games[2]);
}

static void test_whole_game_5x5_medium(void **state)
{
	(void)state;
	need_display();
	check_game(&games[3]);
}

/* The human, drawing the lowest edge each turn, took boxes somewhere, so that the checks of
 * a box just taken by the mouse (its fill, the banner, the amber edge) did run. */
static void test_human_took_boxes(void **state)
{
	(void)state;
	need_display();
	int taken = 0;
	for (int i = 0; i < GAMES; i++)
		taken += games[i].taken;
	assert_true(taken >= 1);
}

/* The evaluation overlay (E) scores every undrawn edge, on boards of more than 128 edges
 * too: on 9×9 (180 edges) with all but the last ten drawn, each of edges 170-179 carries its
 * label (a dark box over the paper and the boxes). */
static void test_eval_overlay_every_edge(void **state)
{
	(void)state;
	need_display();
	char dir[300], script[400], path[400], line[64];
	prefs_dir("overlay",
	          "[play]\ngame = dots\nmode = two-players\nlevel = beginner\n[dots]\nrows = 9\n"
	          "cols = 9\n[display]\nanimation-speed = 0\nhints = no\n",
	          dir, sizeof dir);
	static char body[16384];
	size_t used = (size_t)snprintf(body, sizeof body, "0 wait-scene play\n");
	for (int e = 0; e < 170; e++) {
		snprintf(line, sizeof line, "1 square %d\n0 wait\n", e);
		used += (size_t)snprintf(body + used, sizeof body - used, "%s", line);
	}
	snprintf(body + used, sizeof body - used,
	         "1 expect-moves 170\n1 move 0 0\n1 key e\n240 screenshot %s/overlay.png\n1 quit\n",
	         work);
	write_file("overlay.script", body, script, sizeof script);
	char args[600];
	snprintf(args, sizeof args, "--game dots --script %s", script);
	assert_int_equal(window_run(dir, args), 0);
	snprintf(path, sizeof path, "%s/overlay.png", work);
	struct shot sh = shot_load(path);
	const struct board b = {9, 9};
	for (int e = 170; e < 180; e++) {
		int x, y;
		edge_mid(b, e, &x, &y);
		/* The left margin of the label's box, clear of its text and of the edge. */
		const SDL_Color c = pixel(&sh, x - 17, y);
		if (c.r > 110 || c.g > 110 || c.b > 120)
			fail_msg("edge %d has no score label (%d,%d,%d at its left)", e, c.r, c.g,
			         c.b);
	}
	SDL_FreeSurface(sh.s);
}

/* The title menu with Dots and Boxes chosen (one option row where Reversi has three): the
 * buttons close up under the Language row, with no gap where the missing rows would be, and
 * `button Start` finds Start there. */
static void test_menu_closes_up(void **state)
{
	(void)state;
	need_display();
	char dir[300], script[400], path[400], body[600];
	prefs_dir("menu", "[play]\ngame = dots\nmode = two-players\n", dir, sizeof dir);
	snprintf(body, sizeof body,
	         "0 wait-scene menu\n1 move 0 0\n0 screenshot %s/menu.png\n1 button Start\n"
	         "0 wait-scene play\n1 expect-scene play\n1 quit\n",
	         work);
	write_file("menu.script", body, script, sizeof script);
	char args[600];
	snprintf(args, sizeof args, "--script %s", script);
	assert_int_equal(window_run(dir, args), 0);
	snprintf(path, sizeof path, "%s/menu.png", work);
	struct shot sh = shot_load(path);
	/* Seven rows from y 204, 48 apart: Language ends at 534; Start (selected: gold) under it,
	 * and the background where it stood under nine rows (y 640 to 692). */
	const SDL_Color start = pixel(&sh, 520, 560);
	assert_true(start.r > 200 && start.g > 150 && start.b < 120);
	const SDL_Color below = pixel(&sh, 520, 660);
	assert_true(below.r < 40 && below.g < 40 && below.b < 40);
	SDL_FreeSurface(sh.s);
}

/* With hints, late in a game on 3×3 (15 moves, no safe edge left): every undrawn edge is
 * marked by its kind, never looking drawn: the middle of an edge that gives a box away holds a
 * red cross, an edge that takes a box has amber marks off its middle, and the middle of every
 * undrawn edge is not ink. */
static void test_hints_three_kinds(void **state)
{
	(void)state;
	need_display();
	char dir[300], script[400], body[4000], path[400], args[600];
	prefs_dir("kinds", "[display]\nhints = true\n", dir, sizeof dir);
	int n = snprintf(body, sizeof body, "0 wait-scene play\n");
	for (int i = 0; i < 15; i++)
		n += snprintf(body + n, sizeof body - (size_t)n, "1 hint\n0 wait\n");
	snprintf(body + n, sizeof body - (size_t)n,
	         "1 move 5 5\n1 screenshot %s/kinds.png\n1 quit\n", work);
	snprintf(script, sizeof script, "%s/kinds.script", work);
	write_text(script, body);
	snprintf(args, sizeof args, "--game dots --mode two-players --script %s", script);
	assert_int_equal(run_parity(dir, args), 0);
	const struct board b = {3, 3};
	struct played moves[64];
	int score[2];
	const int count = replay_autosave(dir, b, moves, 64, score);
	assert_int_equal(count, 15);
	struct dots_pos pos;
	assert_int_equal(dots_setup(&pos, 3, 3), GAME_OK);
	for (int i = 0; i < count; i++) {
		struct game_move m;
		dots_make_move(&pos, moves[i].edge, &m);
		dots_rules.play(&pos, &m);
	}
	snprintf(path, sizeof path, "%s/kinds.png", work);
	struct shot sh = shot_load(path);
	int offers = 0, captures = 0;
	for (int e = 0; e < pos.edges; e++) {
		const enum dots_edge_kind kind = dots_edge_kind(&pos, e);
		if (kind == DOTS_EDGE_DRAWN)
			continue;
		assert_int_not_equal(edge_look(&sh, b, e), LOOK_INK);
		if (kind == DOTS_EDGE_OFFER) {
			assert_int_equal(edge_look(&sh, b, e), LOOK_RED);
			offers++;
		} else if (kind == DOTS_EDGE_CAPTURE) {
			assert_true(pixels_along(&sh, b, e, LOOK_AMBER) > 2);
			assert_int_equal(edge_look(&sh, b, e), LOOK_PAPER);
			captures++;
		}
	}
	assert_true(offers > 0);
	SDL_FreeSurface(sh.s);
	(void)captures;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_two_players_box_extra_move_undo),
	    cmocka_unit_test(test_engine_suggestion),
	    cmocka_unit_test(test_play_whole_games),
	    cmocka_unit_test(test_whole_game_3x3_beginner),
	    cmocka_unit_test(test_whole_game_3x3_medium),
	    cmocka_unit_test(test_whole_game_5x5_beginner),
	    cmocka_unit_test(test_whole_game_5x5_medium),
	    cmocka_unit_test(test_human_took_boxes),
	    cmocka_unit_test(test_eval_overlay_every_edge),
	    cmocka_unit_test(test_hints_three_kinds),
	    cmocka_unit_test(test_menu_closes_up),
	};
	return cmocka_run_group_tests_name("window: dots", tests, setup, window_teardown);
}
