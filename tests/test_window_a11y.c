/*
 * tests/test_window_a11y.c — accessibility in the real window: the Options page driven by
 * the keyboard and by the gamepad (and its choices saved), a move in each game with the
 * gamepad alone, the high-contrast theme and the colour-blind palette checked on the pixels
 * of screenshots, and animation speed 0 showing a move's result on the very next frame.
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
#include "app/view_dots_layout.h"

#include "window_harness.h"

/* Makes the fresh preferences directory work/name: windowed, plus `settings` (INI lines of
 * [display]); stores its path in dir. */
static void make_a11y_prefs(const char *name, const char *settings, char *dir, size_t n)
{
	char ini[600];
	snprintf(ini, sizeof ini, "[display]\nfullscreen = no\n%s", settings);
	make_prefs(name, ini, dir, n);
}

/* Reads work/dir/name into buf (n bytes); returns it. */
static const char *read_back(const char *dir, const char *name, char *buf, size_t n)
{
	char path[400];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	return read_file(path, buf, n);
}

/* Runs the script `body` with `args` in the preferences directory dir; returns the status. */
static int run_script(const char *dir, const char *name, const char *body, const char *args)
{
	char script[400], all[1200];
	write_file(name, body, script, sizeof script);
	snprintf(all, sizeof all, "%s --script %s", args, script);
	return window_run(dir, all);
}

/* Returns the luminance of a colour, 0..255. */
static int luma(SDL_Color c)
{
	return (c.r * 3 + c.g * 6 + c.b) / 10;
}

static void test_options_with_the_keyboard(void **state)
{
	(void)state;
	need_display();
	char dir[300], body[1200], text[4096];
	make_a11y_prefs("keys", "", dir, sizeof dir);
	snprintf(body, sizeof body,
	         "0 wait-scene menu\n"
	         "1 key o\n"
	         "0 wait-scene options\n"
	         "1 key Right\n" /* Theme: high contrast */
	         "1 key Down\n"
	         "1 key Right\n" /* Colours: colour-blind safe */
	         "1 key Down\n"
	         "1 key Left\n" /* Animations: Slow */
	         "1 key Left\n" /* Off */
	         "1 screenshot %s/options.png\n"
	         "1 key Escape\n"
	         "0 wait-scene menu\n"
	         "1 screenshot %s/menu-hc.png\n"
	         "1 quit\n",
	         work, work);
	assert_int_equal(run_script(dir, "keys.script", body, ""), 0);
	read_back(dir, "settings.ini", text, sizeof text);
	assert_non_null(strstr(text, "theme = high-contrast"));
	assert_non_null(strstr(text, "palette = colour-blind"));
	assert_non_null(strstr(text, "animation-speed = 0"));
	/* The high-contrast menu: a black background, a yellow selected button — Options, the
	 * one that was left (top right), not Start. */
	char path[400];
	snprintf(path, sizeof path, "%s/menu-hc.png", work);
	struct shot sh = shot_load(path);
	const SDL_Color bg = pixel(&sh, 1270, 790);
	assert_true(bg.r == 0 && bg.g == 0 && bg.b == 0);
	const SDL_Color options = pixel(&sh, 1092, 50); /* inside Options, beside its label */
	assert_true(options.r > 240 && options.g > 240 && options.b < 20);
	const SDL_Color start = pixel(&sh, 500, 650); /* inside Start, beside its label */
	assert_false(start.r > 240 && start.g > 240 && start.b < 20);
	SDL_FreeSurface(sh.s);
	/* The options page shows the colour-blind sample: orange for the second player. */
	snprintf(path, sizeof path, "%s/options.png", work);
	sh = shot_load(path);
	const SDL_Color b = pixel(&sh, 640 + 10 + 5, 560 + 50);
	const SDL_Color a = pixel(&sh, 640 - 70 + 30, 560 + 30);
	assert_true(a.b > 150 && a.r < 40);                                /* Okabe-Ito blue */
	assert_true((b.r > 200 && b.g > 130 && b.b < 40) || luma(b) < 30); /* orange, or a stripe */
	SDL_FreeSurface(sh.s);
}

static void test_options_with_the_gamepad(void **state)
{
	(void)state;
	need_display();
	char dir[300], text[4096];
	make_a11y_prefs("pad", "", dir, sizeof dir);
	/* From Start: Help, Quit, Options; A opens it; right turns high contrast on; B goes back
	 * to the menu, where Options is still selected; D-pad up three times reaches Start again
	 * (through Quit and Help) and Start begins. */
	const char *body = "0 wait-scene menu\n"
	                   "1 pad dpdown\n1 pad dpdown\n1 pad dpdown\n1 pad a\n"
	                   "0 wait-scene options\n"
	                   "1 pad dpright\n"
	                   "1 pad b\n"
	                   "0 wait-scene menu\n"
	                   "1 pad dpup\n1 pad dpup\n1 pad dpup\n"
	                   "1 pad start\n"
	                   "0 wait-scene play\n"
	                   "1 expect-moves 0\n"
	                   "1 quit\n";
	assert_int_equal(run_script(dir, "pad.script", body, ""), 0);
	read_back(dir, "settings.ini", text, sizeof text);
	assert_non_null(strstr(text, "theme = high-contrast"));
}

/* Plays one move of `game` with the gamepad alone (`pads`: the buttons) and checks it with
 * expect-moves and dump. */
static void pad_move(const char *game, const char *pads, const char *expect_record)
{
	char dir[300], body[1200], text[4096], args[200];
	make_a11y_prefs(game, "", dir, sizeof dir);
	snprintf(body, sizeof body,
	         "0 wait-scene play\n%s0 wait\n1 expect-moves 1\n1 dump %s/dump.txt\n1 quit\n",
	         pads, dir);
	snprintf(args, sizeof args, "--game %s --mode two-players", game);
	char name[64];
	snprintf(name, sizeof name, "%s-pad.script", game);
	assert_int_equal(run_script(dir, name, body, args), 0);
	read_back(dir, "dump.txt", text, sizeof text);
	assert_non_null(strstr(text, "scene play"));
	assert_non_null(strstr(text, "moves 1"));
	if (!strstr(text, expect_record))
		fail_msg("%s: the dump \"%s\" lacks \"%s\"", game, text, expect_record);
}

static void test_a_move_with_the_gamepad_in_each_game(void **state)
{
	(void)state;
	need_display();
	/* Reversi: the cursor appears on d5, right to e5, down to e6, A plays there. */
	pad_move("reversi", "1 pad dpdown\n1 pad dpright\n1 pad dpdown\n1 pad a\n", "record e6");
	/* Checkers: the cursor appears on 10, A picks the man up, up to 14 or 15, A puts it down.
	 */
	pad_move("checkers", "1 pad dpup\n1 pad a\n1 pad dpup\n1 pad a\n", "record 10-1");
	/* Dots and Boxes: the cursor appears on the middle line, A draws it. */
	pad_move("dots", "1 pad dpright\n1 pad a\n", "record ");
}

static void test_game_over_with_the_gamepad(void **state)
{
	(void)state;
	need_display();
	char dir[300];
	make_a11y_prefs("over", "animation-speed = 0\n[dots]\nrows = 1\ncols = 1\n", dir,
	                sizeof dir);
	/* One box, four lines: the game ends; down, down, up picks Menu; A goes there. */
	const char *body = "0 wait-scene play\n0 hint\n0 wait\n0 hint\n0 wait\n0 hint\n0 wait\n"
	                   "0 hint\n0 wait-scene over\n"
	                   "1 pad dpdown\n1 pad dpdown\n1 pad dpup\n1 pad a\n"
	                   "0 wait-scene menu\n1 expect-scene menu\n1 quit\n";
	assert_int_equal(run_script(dir, "over.script", body, "--game dots --mode two-players"), 0);
}

/* Plays `moves` (script lines) in a two-player game with `args` under `settings`, takes a
 * screenshot `delay` ticks after the last of them, and returns it. */
static struct shot play_shot(const char *name, const char *settings, const char *args,
                             const char *moves, int delay)
{
	char dir[300], body[800], path[400];
	make_a11y_prefs(name, settings, dir, sizeof dir);
	snprintf(body, sizeof body, "0 wait-scene play\n%s%d screenshot %s/%s.png\n1 quit\n", moves,
	         delay, work, name);
	char script[64];
	snprintf(script, sizeof script, "%s.script", name);
	char all[200];
	snprintf(all, sizeof all, "%s --mode two-players", args);
	assert_int_equal(run_script(dir, script, body, all), 0);
	snprintf(path, sizeof path, "%s/%s.png", work, name);
	return shot_load(path);
}

/* Takes a screenshot of a two-player Reversi game after d3 under `settings`. */
static struct shot reversi_shot(const char *name, const char *settings)
{
	return play_shot(name, settings, "--game reversi", "0 square d3\n0 wait\n", 1);
}

static void test_high_contrast_pixels(void **state)
{
	(void)state;
	need_display();
	struct shot std = reversi_shot("std", "theme = standard\n");
	struct shot hc = reversi_shot("hc", "theme = high-contrast\n");
	int x0, y0, cell;
	layout_square(8, 0, 0, &x0, &y0, &cell);
	/* The background: near-black green, then pure black. */
	const SDL_Color bg_std = pixel(&std, 1270, 790), bg_hc = pixel(&hc, 1270, 790);
	assert_true(bg_std.r == 16 && bg_std.g == 22 && bg_std.b == 20);
	assert_true(bg_hc.r == 0 && bg_hc.g == 0 && bg_hc.b == 0);
	/* The board's frame: dark wood, then white. */
	const SDL_Color frame_std = pixel(&std, x0 - 7, y0 + 300),
	                frame_hc = pixel(&hc, x0 - 7, y0 + 300);
	assert_true(luma(frame_std) < 70);
	assert_true(frame_hc.r > 240 && frame_hc.g > 240 && frame_hc.b > 240);
	/* The felt of an empty square is darker, so discs and hints stand out more. */
	const SDL_Color felt_std = pixel(&std, x0 + 10, y0 + 10),
	                felt_hc = pixel(&hc, x0 + 10, y0 + 10);
	assert_true(luma(felt_hc) + 15 < luma(felt_std));
	/* The last move (d3) glows yellow, not amber. */
	int lx, ly, lw;
	layout_square(8, 3, 2, &lx, &ly, &lw);
	const SDL_Color glow = pixel(&hc, lx + 4, ly + 4);
	assert_true(glow.r > 150 && glow.g > 150 && glow.b < 60);
	SDL_FreeSurface(std.s);
	SDL_FreeSurface(hc.s);
}

/* Counts the pixels of box 0 of a 3×3 Dots and Boxes board, won by B, that are orange, dark,
 * red and yellow, under `settings`. */
static void box_colours(const char *name, const char *settings, int *orange, int *dark, int *red,
                        int *yellow)
{
	/* A 0, B 3, A 12, B 13: B closes box 0. */
	struct shot sh = play_shot(name, settings, "--game dots",
	                           "0 square 0\n0 wait\n0 square 3\n0 wait\n0 square 12\n0 wait\n"
	                           "0 square 13\n0 wait\n",
	                           1);
	int x0, y0, cell;
	layout_dots(3, 3, &x0, &y0, &cell);
	*orange = *dark = *red = *yellow = 0;
	for (int y = y0 + cell / 5; y < y0 + cell * 4 / 5; y += 2)
		for (int x = x0 + cell / 5; x < x0 + cell * 4 / 5; x++) {
			const SDL_Color c = pixel(&sh, x, y);
			*orange += c.r > 180 && c.g > 110 && c.g < 200 && c.b < 90;
			*red += c.r > 150 && c.g < 100 && c.b < 100;
			*dark += luma(c) < 90;
			*yellow += c.r > 220 && c.g > 220 && c.b < 60;
		}
	SDL_FreeSurface(sh.s);
}

static void test_colour_blind_boxes(void **state)
{
	(void)state;
	need_display();
	int orange, dark, red, yellow;
	box_colours("dots-std", "palette = standard\n", &orange, &dark, &red, &yellow);
	assert_true(red > 100);    /* B is red */
	assert_int_equal(dark, 0); /* and plain */
	assert_true(orange < 5);
	box_colours("dots-cb", "palette = colour-blind\n", &orange, &dark, &red, &yellow);
	assert_true(orange > 100); /* B is Okabe-Ito orange */
	assert_true(dark > 20);    /* and striped */
	assert_true(red < 5);
	/* High contrast too: B's letter is black on the orange box, never yellow on it (it was). */
	box_colours("dots-hc-cb", "theme = high-contrast\npalette = colour-blind\n", &orange, &dark,
	            &red, &yellow);
	assert_true(orange > 100);
	assert_int_equal(yellow, 0);
}

/* Returns the luminance beside the centre of Reversi square (col, row) on the first frame
 * after d3 is played, under `settings`. */
static int first_frame_after_d3(const char *name, const char *settings, int col, int row)
{
	struct shot sh = play_shot(name, settings, "--game reversi", "1 square d3\n", 0);
	int x, y, w;
	layout_square(8, col, row, &x, &y, &w);
	const int l = luma(pixel(&sh, x + w / 2 - w / 5, y + w / 2 + w / 8));
	SDL_FreeSurface(sh.s);
	return l;
}

static void test_animation_speed_zero(void **state)
{
	(void)state;
	need_display();
	/* d4 is white before d3 and black after it: with animations off it is black on the very
	 * next frame; at normal speed it is still white (the flip has not begun). */
	assert_true(first_frame_after_d3("anim-off", "animation-speed = 0\n", 3, 3) < 70);
	assert_true(first_frame_after_d3("anim-on", "animation-speed = 2\n", 3, 3) > 150);
}

static int setup(void **state)
{
	(void)state;
	return window_setup("parity-a11y");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_options_with_the_keyboard),
	    cmocka_unit_test(test_options_with_the_gamepad),
	    cmocka_unit_test(test_a_move_with_the_gamepad_in_each_game),
	    cmocka_unit_test(test_game_over_with_the_gamepad),
	    cmocka_unit_test(test_high_contrast_pixels),
	    cmocka_unit_test(test_colour_blind_boxes),
	    cmocka_unit_test(test_animation_speed_zero),
	};
	return cmocka_run_group_tests_name("window-a11y", tests, setup, window_teardown);
}
