/*
 * tests/test_i18n.c — the translations as the window uses them: the language chosen from the
 * locale or the settings, gettext translating even where no ru/zh locale is generated, every
 * string defined below app/ translated, and no letter of any catalogue missing from the
 * font the game draws that language with (text must never show as boxes).
 *
 * Reads the catalogues from $BUILD/locale (built by make). The Chinese font check is skipped,
 * with the reason printed, only when the system has no font with Chinese glyphs; `make check`
 * installs one (tools/install-deps).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <SDL.h>
#include <SDL_ttf.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "games/reversi/reversi.h"
#include <string.h>

#include "app/i18n.h"
#include "core/game.h"
#include "core/level.h"
#include "core/module.h"

static char locale_dir[512];

/* Sets the locale variables the way a user's session would (NULL: unset). */
static void set_env(const char *language, const char *lc_all, const char *lc_messages,
                    const char *lang)
{
	const char *const names[] = {"LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"};
	const char *const values[] = {language, lc_all, lc_messages, lang};
	for (int i = 0; i < 4; i++)
		if (values[i])
			setenv(names[i], values[i], 1);
		else
			unsetenv(names[i]);
}

static int setup(void **state)
{
	(void)state;
	const char *build = getenv("BUILD");
	snprintf(locale_dir, sizeof locale_dir, "%s/locale", build && *build ? build : "build");
	setenv("PARITY_LOCALE", locale_dir, 1);
	return TTF_Init();
}

static int teardown(void **state)
{
	(void)state;
	TTF_Quit();
	return 0;
}

/* The setting wins; "auto" reads LANGUAGE, then LC_ALL, LC_MESSAGES and LANG. Runs before
 * any i18n_select, which keeps the user's LANGUAGE for "auto". */
static void test_resolve(void **state)
{
	(void)state;
	set_env(NULL, NULL, NULL, "ru_RU.UTF-8");
	assert_int_equal(i18n_resolve("auto"), I18N_RU);
	assert_int_equal(i18n_resolve("en"), I18N_EN);
	assert_int_equal(i18n_resolve("zh"), I18N_ZH);
	assert_int_equal(i18n_resolve(NULL), I18N_RU);
	set_env(NULL, "zh_CN.UTF-8", NULL, "ru_RU.UTF-8");
	assert_int_equal(i18n_resolve("auto"), I18N_ZH);
	set_env(NULL, NULL, "en_GB.UTF-8", "ru_RU.UTF-8");
	assert_int_equal(i18n_resolve("auto"), I18N_EN);
	set_env(NULL, NULL, NULL, "C.UTF-8");
	assert_int_equal(i18n_resolve("auto"), I18N_EN);
	set_env(NULL, NULL, NULL, "de_DE.UTF-8"); /* no catalogue: English */
	assert_int_equal(i18n_resolve("auto"), I18N_EN);
	set_env(NULL, NULL, NULL, NULL);
	assert_int_equal(i18n_resolve("auto"), I18N_EN);
}

/* Fails unless every text of each game marked in `translated` (by registry index) has its
 * translation in the language selected now. */
static void check_games_translated(const bool *translated, const char *language)
{
	for (int g = 0; g < game_module_count() && g < 16; g++) {
		const struct game_module *m = game_module_at(g);
		if (!translated[g])
			continue;
		const char *texts[80];
		int n = 0;
		texts[n++] = m->rules->title;
		for (int l = 0; l < m->level_count && n < 60; l++) {
			texts[n++] = m->levels[l].title;
			texts[n++] = m->levels[l].summary;
		}
		for (int k = 0; k < m->option_count && n < 60; k++) {
			texts[n++] = m->options[k].label;
			if (m->options[k].on)
				texts[n++] = m->options[k].on;
			if (m->options[k].off)
				texts[n++] = m->options[k].off;
		}
		texts[n++] = m->help->title;
		for (int i = 0; m->help->rules[i] && n < 70; i++)
			texts[n++] = m->help->rules[i];
		for (int i = 0; m->help->keys[i] && n < 78; i++)
			texts[n++] = m->help->keys[i];
		for (int i = 0; i < n; i++)
			if (strcmp(_(texts[i]), texts[i]) == 0)
				fail_msg("no %s for \"%s\" (%s)", language, texts[i],
				         m->rules->name);
	}
}

/* Selecting a language translates under the C locale too (no ru_RU or zh_CN generated), and
 * back; every string the window takes from below app/ has its translation. */
static void test_select(void **state)
{
	(void)state;
	set_env(NULL, NULL, NULL, NULL); /* the C locale, as in a bare container */
	/* The strings below app/ (game names, levels, options, help) are marked N_ where the
	 * games define them, and tests/po.sh checks that each has its translation. */
	assert_string_equal(_(reversi_rules.title), "Reversi");
	assert_true(i18n_select(I18N_RU));
	assert_int_equal(i18n_current(), I18N_RU);
	assert_string_equal(_("Start"),
	                    "\xd0\x9d\xd0\xb0\xd1\x87\xd0\xb0\xd1\x82\xd1\x8c"); /* Начать */
	assert_string_equal(
	    ngettext("%d \xc3\x97 %d box", "%d \xc3\x97 %d boxes", 5),
	    "%d \xc3\x97 %d "
	    "\xd0\xba\xd0\xb2\xd0\xb0\xd0\xb4\xd1\x80\xd0\xb0\xd1\x82\xd0\xbe\xd0\xb2");
	/* A game translated at all is translated whole, in each language: its name, levels,
	 * options and help (a test game of the registry may have no translation). */
	bool translated[16] = {false};
	for (int g = 0; g < game_module_count() && g < 16; g++)
		translated[g] = strcmp(_(game_module_at(g)->rules->title),
		                       game_module_at(g)->rules->title) != 0;
	assert_true(translated[0]);
	check_games_translated(translated, "Russian");
	assert_true(i18n_select(I18N_ZH));
	assert_string_equal(_("Start"), "\xe5\xbc\x80\xe5\xa7\x8b"); /* 开始 */
	check_games_translated(translated, "Chinese");
	assert_true(i18n_select(I18N_EN));
	assert_string_equal(_("Start"), "Start");
}

/* Returns the next code point of UTF-8 text at *s, advancing it; 0 at the end. */
static unsigned next_code_point(const unsigned char **s)
{
	const unsigned char *p = *s;
	if (!*p)
		return 0;
	unsigned cp;
	int n;
	if (p[0] < 0x80) {
		cp = p[0];
		n = 1;
	} else if ((p[0] & 0xe0) == 0xc0) {
		cp = p[0] & 0x1fu;
		n = 2;
	} else if ((p[0] & 0xf0) == 0xe0) {
		cp = p[0] & 0x0fu;
		n = 3;
	} else {
		cp = p[0] & 0x07u;
		n = 4;
	}
	for (int i = 1; i < n; i++) {
		if ((p[i] & 0xc0) != 0x80)
			fail_msg("bad UTF-8 in a catalogue");
		cp = cp << 6 | (p[i] & 0x3fu);
	}
	*s = p + n;
	return cp;
}

/* Reads a little-endian 32-bit word of a .mo file. */
static uint32_t word_at(const unsigned char *mo, size_t len, size_t at)
{
	if (at + 4 > len)
		fail_msg("a truncated .mo file");
	return (uint32_t)mo[at] | (uint32_t)mo[at + 1] << 8 | (uint32_t)mo[at + 2] << 16 |
	       (uint32_t)mo[at + 3] << 24;
}

/* Checks that every font in `fonts` draws every code point of every translation in the
 * catalogue of `code`; returns how many letters were checked. */
static int check_catalogue(const char *code, TTF_Font *const *fonts, int nfonts)
{
	char path[700];
	snprintf(path, sizeof path, "%s/%s/LC_MESSAGES/parity.mo", locale_dir, code);
	FILE *f = fopen(path, "rb");
	if (!f)
		fail_msg("cannot open %s (built by make)", path);
	static unsigned char mo[1 << 20];
	const size_t len = fread(mo, 1, sizeof mo, f);
	fclose(f);
	if (word_at(mo, len, 0) != 0x950412deu)
		fail_msg("%s is not a little-endian .mo file", path);
	const uint32_t n = word_at(mo, len, 8), table = word_at(mo, len, 16);
	int letters = 0;
	for (uint32_t i = 1; i < n; i++) { /* entry 0 is the header */
		const uint32_t slen = word_at(mo, len, table + 8 * i),
		               at = word_at(mo, len, table + 8 * i + 4);
		if ((size_t)at + slen > len)
			fail_msg("a truncated .mo file");
		/* plural forms follow each other, NUL-separated */
		for (const unsigned char *s = mo + at; s < mo + at + slen;
		     s += strlen((const char *)s) + 1) {
			const unsigned char *t = s;
			for (unsigned cp; (cp = next_code_point(&t)) != 0; letters++)
				for (int k = 0; k < nfonts; k++)
					if (!TTF_GlyphIsProvided32(fonts[k], cp))
						fail_msg("%s: U+%04X (in \"%s\") is not in font %d",
						         code, cp, (const char *)s, k);
		}
	}
	return letters;
}

/* Russian is drawn with the shipped DejaVu Sans (regular and bold). */
static void test_russian_glyphs(void **state)
{
	(void)state;
	TTF_Font *fonts[2] = {TTF_OpenFont("assets/fonts/DejaVuSans.ttf", 18),
	                      TTF_OpenFont("assets/fonts/DejaVuSans-Bold.ttf", 18)};
	assert_non_null(fonts[0]);
	assert_non_null(fonts[1]);
	const int letters = check_catalogue("ru", fonts, 2);
	printf("ru: %d letters, all in DejaVu Sans\n", letters);
	/* the language row writes "Русский" in DejaVu whatever the language */
	const unsigned char *name = (const unsigned char *)i18n_native_name(I18N_RU);
	for (unsigned cp; (cp = next_code_point(&name)) != 0;)
		assert_true(TTF_GlyphIsProvided32(fonts[0], cp));
	TTF_CloseFont(fonts[0]);
	TTF_CloseFont(fonts[1]);
}

/* Chinese is drawn with the system font fontconfig finds for zh-cn, as app/assets.c does. */
static void test_chinese_glyphs(void **state)
{
	(void)state;
	char path[1024];
	if (!i18n_find_cjk_font(path, sizeof path)) {
		printf("skipped: fc-match finds no font (install fontconfig and "
		       "fonts-wqy-microhei)\n");
		skip();
	}
	TTF_Font *font = TTF_OpenFont(path, 18);
	assert_non_null(font);
	if (!TTF_GlyphIsProvided32(font, 0x4E2D)) {
		printf("skipped: %s, the best font for zh-cn, has no Chinese glyphs "
		       "(install fonts-wqy-microhei)\n",
		       path);
		TTF_CloseFont(font);
		skip();
	}
	const int letters = check_catalogue("zh_CN", &font, 1);
	printf("zh_CN: %d letters, all in %s\n", letters, path);
	/* In Chinese the menu names the other languages in this font too. */
	for (int l = 0; l < I18N_COUNT; l++) {
		const unsigned char *name =
		    (const unsigned char *)i18n_native_name((enum i18n_lang)l);
		for (unsigned cp; (cp = next_code_point(&name)) != 0;)
			assert_true(TTF_GlyphIsProvided32(font, cp));
	}
	TTF_CloseFont(font);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_resolve),
	    cmocka_unit_test(test_select),
	    cmocka_unit_test(test_russian_glyphs),
	    cmocka_unit_test(test_chinese_glyphs),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
