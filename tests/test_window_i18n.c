/*
 * tests/test_window_i18n.c — the title menu in Russian and Chinese, in the real window: the
 * language chosen in the settings, in the menu's Language row (and saved), or from LANGUAGE
 * alone on a system with no Russian or Chinese locale generated. The screenshots are
 * compared with the English menu: the row labels differ and are drawn (not blank, not the
 * same boxes), the title "Parity" stays as it is.
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

#include "window_harness.h"

/* The menu's settings rows, as app/scene_menu.c lays them out. */
enum { ROW_X = 310, ROW_Y = 204, ROW_PITCH = 48, ROW_H = 42, LANGUAGE_ROW = 8 };

/* Makes the preferences directory `name` of the scratch directory with `language` in its
 * settings; stores its path in prefs. */
static void language_prefs(const char *name, const char *language, char *prefs, size_t n)
{
	char ini[200];
	snprintf(ini, sizeof ini, "[display]\nlanguage = %s\n", language);
	make_prefs(name, ini, prefs, n);
}

/* Runs the menu with the settings in prefs, presses `keys` (script lines), and saves the
 * screenshot as work/shot. */
static void menu_shot(const char *prefs, const char *keys, const char *shot)
{
	char script[1200], path[600], args[800];
	snprintf(script, sizeof script, "0 wait-scene menu\n%s20 screenshot %s/%s\n1 quit\n", keys,
	         work, shot);
	char name[80];
	snprintf(name, sizeof name, "%s.txt", shot);
	write_file(name, script, path, sizeof path);
	snprintf(args, sizeof args, "--script %s", path);
	assert_int_equal(window_run(prefs, args), 0);
}

static struct shot load(const char *name)
{
	char path[600];
	snprintf(path, sizeof path, "%s/%s", work, name);
	return shot_load(path);
}

/* Returns how many logical pixels of the rectangle differ clearly between two shots. */
static int differ(const struct shot *a, const struct shot *b, int x0, int y0, int w, int h)
{
	int n = 0;
	for (int y = y0; y < y0 + h; y++)
		for (int x = x0; x < x0 + w; x++) {
			const SDL_Color p = pixel(a, x, y), q = pixel(b, x, y);
			n += abs(p.r - q.r) + abs(p.g - q.g) + abs(p.b - q.b) > 60;
		}
	return n;
}

/* Returns whether a pixel is light: drawn text, on a row whether selected or not. */
static bool light(SDL_Color p)
{
	return (p.r * 3 + p.g * 6 + p.b) / 10 > 140;
}

/* Returns how many logical pixels of the rectangle are light in one shot and not the other:
 * the text differs (whichever row the pointer happens to select; on the selected row's
 * lighter fill a few edge pixels of the same text cross the line, so callers allow some). */
static int text_differs(const struct shot *a, const struct shot *b, int x0, int y0, int w, int h)
{
	int n = 0;
	for (int y = y0; y < y0 + h; y++)
		for (int x = x0; x < x0 + w; x++)
			n += light(pixel(a, x, y)) != light(pixel(b, x, y));
	return n;
}

/* Returns how many logical pixels of the rectangle are light: drawn text on the dark rows. */
static int ink(const struct shot *s, int x0, int y0, int w, int h)
{
	int n = 0;
	for (int y = y0; y < y0 + h; y++)
		for (int x = x0; x < x0 + w; x++) {
			const SDL_Color p = pixel(s, x, y);
			n += light(p);
		}
	return n;
}

/* The label of settings row r: its left part. */
#define LABEL(r) ROW_X + 10, ROW_Y + (r)*ROW_PITCH + 2, 220, ROW_H - 4
/* The value of settings row r: between the arrows. */
#define VALUE(r) ROW_X + 240, ROW_Y + (r)*ROW_PITCH + 2, 360, ROW_H - 4
/* The title "Parity". */
#define TITLE 470, 100, 340, 68

static int setup(void **state)
{
	(void)state;
	unsetenv("LANGUAGE"); /* the tests choose; the runner's own locale must not */
	unsetenv("LC_ALL");
	unsetenv("LC_MESSAGES");
	unsetenv("LANG");
	return window_setup("parity-i18n");
}

/* The language from the settings: each menu's labels are drawn, and differ from English. */
static void test_settings_language(void **state)
{
	(void)state;
	need_display();
	char prefs[3][600];
	const char *const langs[3] = {"en", "ru", "zh"};
	for (int i = 0; i < 3; i++) {
		char name[32];
		snprintf(name, sizeof name, "prefs-%s", langs[i]);
		language_prefs(name, langs[i], prefs[i], sizeof prefs[i]);
		snprintf(name, sizeof name, "menu-%s.png", langs[i]);
		menu_shot(prefs[i], "", name);
	}
	struct shot en = load("menu-en.png"), ru = load("menu-ru.png"), zh = load("menu-zh.png");
	const struct shot *const other[2] = {&ru, &zh};
	for (int k = 0; k < 2; k++) {
		for (int r = 0; r <= LANGUAGE_ROW; r++) {
			if (ink(other[k], LABEL(r)) < 40) /* a word is drawn, not nothing */
				fail_msg("%s: row %d has no label", langs[k + 1], r);
			if (differ(&en, other[k], LABEL(r)) < 40)
				fail_msg("%s: row %d reads as in English", langs[k + 1], r);
		}
		assert_true(differ(&en, other[k], VALUE(LANGUAGE_ROW)) > 40);
		assert_int_equal(differ(&en, other[k], TITLE), 0); /* the name stays */
	}
	/* Russian and Chinese differ from each other too (no tofu boxes alike in both). */
	for (int r = 0; r <= LANGUAGE_ROW; r++)
		assert_true(differ(&ru, &zh, LABEL(r)) > 40);
	SDL_FreeSurface(en.s);
	SDL_FreeSurface(ru.s);
	SDL_FreeSurface(zh.s);
}

/* The Language row: from English, a click on its right half switches to Russian at once
 * (the next choice after English), and the choice is saved. */
static void test_menu_switch(void **state)
{
	(void)state;
	need_display();
	char prefs[600];
	language_prefs("prefs-switch", "en", prefs, sizeof prefs);
	char click[64];
	snprintf(click, sizeof click, "1 click %d %d\n", ROW_X + 560,
	         ROW_Y + LANGUAGE_ROW * ROW_PITCH + ROW_H / 2);
	menu_shot(prefs, click, "switched.png");
	struct shot sw = load("switched.png"), ru = load("menu-ru.png");
	for (int r = 0; r < LANGUAGE_ROW; r++) /* the same words as the Russian menu */
		if (text_differs(&sw, &ru, LABEL(r)) * 8 > ink(&sw, LABEL(r)))
			fail_msg("row %d after the switch is not as in the Russian menu", r);
	char path[700], text[2048];
	snprintf(path, sizeof path, "%s/settings.ini", prefs);
	assert_non_null(strstr(read_file(path, text, sizeof text), "language = ru"));
	SDL_FreeSurface(sw.s);
	SDL_FreeSurface(ru.s);
}

/* language = auto follows LANGUAGE even where the locale is plain C (no zh_CN generated). */
static void test_auto_from_environment(void **state)
{
	(void)state;
	need_display();
	char prefs[600];
	language_prefs("prefs-auto", "auto", prefs, sizeof prefs);
	setenv("LANGUAGE", "zh_CN", 1);
	menu_shot(prefs, "", "auto-zh.png");
	unsetenv("LANGUAGE");
	struct shot au = load("auto-zh.png"), zh = load("menu-zh.png");
	for (int r = 0; r < LANGUAGE_ROW; r++)
		if (text_differs(&au, &zh, LABEL(r)) * 8 > ink(&au, LABEL(r)))
			fail_msg("row %d with LANGUAGE=zh_CN is not as in the Chinese menu", r);
	SDL_FreeSurface(au.s);
	SDL_FreeSurface(zh.s);
}

/* Chinese without a font that has its glyphs (fc-match finds none): the menu stays in
 * English, with a notice, rather than draw boxes. */
static void test_no_chinese_font(void **state)
{
	(void)state;
	need_display();
	char prefs[600], path[600], cmd[800];
	language_prefs("prefs-nofont", "zh", prefs, sizeof prefs);
	write_file("fc-match", "#!/bin/sh\nexit 1\n", path, sizeof path);
	snprintf(cmd, sizeof cmd, "chmod +x %s", path);
	assert_int_equal(system(cmd), 0);
	const char *old = getenv("PATH");
	char saved[4096];
	snprintf(saved, sizeof saved, "%s", old ? old : "/usr/bin:/bin");
	snprintf(cmd, sizeof cmd, "%s:%.700s", work, saved);
	setenv("PATH", cmd, 1);
	menu_shot(prefs, "", "nofont.png");
	setenv("PATH", saved, 1);
	struct shot nf = load("nofont.png"), en = load("menu-en.png");
	for (int r = 0; r < LANGUAGE_ROW; r++)
		if (text_differs(&nf, &en, LABEL(r)) * 8 > ink(&nf, LABEL(r)))
			fail_msg("row %d without a Chinese font is not in English", r);
	assert_true(ink(&nf, 200, 744, 880, 30) > 100); /* the notice under the keys */
	SDL_FreeSurface(nf.s);
	SDL_FreeSurface(en.s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_settings_language),
	    cmocka_unit_test(test_menu_switch),
	    cmocka_unit_test(test_auto_from_environment),
	    cmocka_unit_test(test_no_chinese_font),
	};
	return cmocka_run_group_tests(tests, setup, window_teardown);
}
