/*
 * tests/test_settings.c — unit tests of the settings file (io/settings.c): defaults, exact
 * round trips, the INI syntax the reader accepts, bad values reported by line number while
 * every other key still applies, and thousands of garbage inputs (random bytes, NUL bytes,
 * huge lines, every truncation of a valid file) that must never crash the reader or leave a
 * value out of range. Files go to a fresh directory under /tmp.
 */
/* cmocka.h needs these first, in this order */
/* clang-format off */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
/* clang-format on */

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/game.h"
#include "io/atomic.h"
#include "io/settings.h"
#include "core/module.h"
#include "games/checkers/checkers.h"
#include "games/dots/dots.h"
#include "games/reversi/reversi.h"

/* The options of game g (its registry name) held in settings s. */
#define OPT(s, g) ((s).option[game_module_index(game_module_find(g))])

/* Returns the next number of a xorshift generator whose state is *s (never 0). */
static uint64_t next_random(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* Makes a fresh directory under /tmp and stores its path in dir (64 bytes). */
static void make_temp_dir(char *dir)
{
	strcpy(dir, "/tmp/parity-settings-XXXXXX");
	assert_non_null(mkdtemp(dir));
}

/* Removes the directory `dir` and the plain files in it. */
static void remove_temp_dir(const char *dir)
{
	DIR *d = opendir(dir);
	assert_non_null(d);
	const struct dirent *e;
	while ((e = readdir(d)) != NULL) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		char path[512];
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		unlink(path);
	}
	closedir(d);
	assert_int_equal(rmdir(dir), 0);
}

/* Writes n bytes to a file (not atomically: the test sets up what it will read). */
static void write_file(const char *path, const void *data, size_t n)
{
	FILE *f = fopen(path, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(data, 1, n, f), n);
	assert_int_equal(fclose(f), 0);
}

/* Checks that every field holds a value the settings allow. */
static void assert_sane(const struct settings *s)
{
	assert_non_null(game_module_find(s->game));
	assert_true(settings_find_word(settings_modes, s->mode) >= 0);
	assert_true(settings_find_word(settings_levels, s->level) >= 0);
	assert_true(settings_find_word(settings_languages, s->language) >= 0);
	assert_in_range(s->colour, 0, 1);
	assert_true(OPT((*s), "reversi")[REVERSI_OPT_SIZE] == 6 ||
	            OPT((*s), "reversi")[REVERSI_OPT_SIZE] == 8 ||
	            OPT((*s), "reversi")[REVERSI_OPT_SIZE] == 10);
	assert_in_range(OPT((*s), "dots")[DOTS_OPT_ROWS], 1, 9);
	assert_in_range(OPT((*s), "dots")[DOTS_OPT_COLS], 1, 9);
	assert_in_range(s->volume, 0, 100);
	assert_in_range(s->animation_speed, 0, 3);
	assert_true(settings_find_word(settings_themes, s->theme) >= 0);
	assert_true(settings_find_word(settings_palettes, s->palette) >= 0);
}

/* Checks that two settings hold the same values, field by field. */
static void assert_same(const struct settings *a, const struct settings *b)
{
	assert_string_equal(a->game, b->game);
	assert_string_equal(a->mode, b->mode);
	assert_string_equal(a->level, b->level);
	assert_int_equal(a->colour, b->colour);
	assert_int_equal(OPT((*a), "reversi")[REVERSI_OPT_SIZE],
	                 OPT((*b), "reversi")[REVERSI_OPT_SIZE]);
	assert_int_equal(OPT((*a), "reversi")[REVERSI_OPT_ANTI],
	                 OPT((*b), "reversi")[REVERSI_OPT_ANTI]);
	assert_int_equal(OPT((*a), "reversi")[REVERSI_OPT_BLACK_HOLE],
	                 OPT((*b), "reversi")[REVERSI_OPT_BLACK_HOLE]);
	assert_int_equal(OPT((*a), "dots")[DOTS_OPT_ROWS], OPT((*b), "dots")[DOTS_OPT_ROWS]);
	assert_int_equal(OPT((*a), "dots")[DOTS_OPT_COLS], OPT((*b), "dots")[DOTS_OPT_COLS]);
	assert_int_equal(OPT((*a), "checkers")[CHECKERS_OPT_FLIP],
	                 OPT((*b), "checkers")[CHECKERS_OPT_FLIP]);
	assert_int_equal(OPT((*a), "checkers")[CHECKERS_OPT_NUMBERS],
	                 OPT((*b), "checkers")[CHECKERS_OPT_NUMBERS]);
	assert_int_equal(a->hints, b->hints);
	assert_int_equal(a->volume, b->volume);
	assert_int_equal(a->muted, b->muted);
	assert_int_equal(a->fullscreen, b->fullscreen);
	assert_int_equal(a->animation_speed, b->animation_speed);
	assert_int_equal(a->show_eval, b->show_eval);
	assert_string_equal(a->language, b->language);
	assert_string_equal(a->theme, b->theme);
	assert_string_equal(a->palette, b->palette);
}

/* Formats s, parses the text back and checks that nothing changed, and that formatting the
 * result again gives the same text. */
static void assert_round_trip(const struct settings *s)
{
	char buf[4096], err[GAME_ERR_MAX] = "";
	const int len = settings_format(s, buf, sizeof buf);
	assert_true(len > 0);
	assert_int_equal((size_t)len, strlen(buf));
	struct settings back;
	memset(&back, 0x5a, sizeof back);
	const int rc = settings_parse(&back, buf, err);
	if (rc != 0)
		fail_msg("parse of formatted settings = %d: %s\n%s", rc, err, buf);
	assert_same(s, &back);
	char again[4096];
	assert_int_equal(settings_format(&back, again, sizeof again), len);
	assert_string_equal(buf, again);
}

static void test_defaults(void **state)
{
	(void)state;
	struct settings s;
	memset(&s, 0x77, sizeof s);
	settings_defaults(&s);
	assert_string_equal(s.game, "reversi");
	assert_string_equal(s.mode, "vs-computer");
	assert_string_equal(s.level, "beginner");
	assert_int_equal(s.colour, 0);
	assert_int_equal(OPT(s, "reversi")[REVERSI_OPT_SIZE], 8);
	assert_false(OPT(s, "reversi")[REVERSI_OPT_ANTI]);
	assert_false(OPT(s, "reversi")[REVERSI_OPT_BLACK_HOLE]);
	assert_int_equal(OPT(s, "dots")[DOTS_OPT_ROWS], 3);
	assert_int_equal(OPT(s, "dots")[DOTS_OPT_COLS], 3);
	assert_true(s.hints);
	assert_int_equal(s.volume, 80);
	assert_false(s.muted);
	assert_false(s.fullscreen);
	assert_int_equal(s.animation_speed, 2);
	assert_false(s.show_eval);
	assert_string_equal(s.language, "auto");
	assert_string_equal(s.theme, "standard");
	assert_string_equal(s.palette, "standard");
	assert_sane(&s);

	/* Empty text, comments alone and blank lines all give the defaults, and no error. */
	static const char *const empty[] = {"", "\n\n", "# nothing\n; nothing\n", "   \t\r\n"};
	for (size_t i = 0; i < sizeof empty / sizeof empty[0]; i++) {
		struct settings p;
		char err[GAME_ERR_MAX] = "";
		assert_int_equal(settings_parse(&p, empty[i], err), 0);
		assert_memory_equal(&p, &s, sizeof s);
	}
}

static void test_round_trip(void **state)
{
	(void)state;
	struct settings s;
	settings_defaults(&s);
	assert_round_trip(&s);

	/* Every word of every list, and the ends of every range. */
	for (int i = 0; i < 4; i++) {
		settings_defaults(&s);
		strcpy(s.game, game_module_at(i % game_module_count())->rules->name);
		strcpy(s.mode, settings_modes[(i + 1) % 3]);
		strcpy(s.level, settings_levels[i]);
		s.colour = i & 1;
		OPT(s, "reversi")[REVERSI_OPT_SIZE] = 6 + 2 * (i % 3);
		OPT(s, "reversi")[REVERSI_OPT_ANTI] = i & 1;
		OPT(s, "reversi")[REVERSI_OPT_BLACK_HOLE] = (i >> 1) & 1;
		OPT(s, "dots")[DOTS_OPT_ROWS] = 1 + i * 8 / 3;
		OPT(s, "dots")[DOTS_OPT_COLS] = 9 - i * 8 / 3;
		OPT(s, "checkers")[CHECKERS_OPT_FLIP] = (i >> 1) & 1;
		OPT(s, "checkers")[CHECKERS_OPT_NUMBERS] = i & 1;
		s.hints = !(i & 1);
		s.volume = i * 100 / 3;
		s.muted = i & 1;
		s.fullscreen = (i >> 1) & 1;
		s.animation_speed = i;
		s.show_eval = !((i >> 1) & 1);
		strcpy(s.language, settings_languages[i]);
		strcpy(s.theme, settings_themes[i & 1]);
		strcpy(s.palette, settings_palettes[(i >> 1) & 1]);
		assert_sane(&s);
		assert_round_trip(&s);
	}

	/* A buffer that is too small is refused, never overrun. */
	char small[64];
	memset(small, 'z', sizeof small);
	assert_int_equal(settings_format(&s, small, 40), GAME_ERR_SPACE);
	assert_int_equal(small[40], 'z');
	assert_int_equal(settings_format(&s, small, 0), GAME_ERR_SPACE);
}

static void test_syntax(void **state)
{
	(void)state;
	const char *text = "; written by hand\n"
	                   "  [ PLAY ]  # the game\n"
	                   "Game=dots\n"
	                   "\tlevel   =   Expert   \r\n"
	                   "unknown-key = whatever\n"
	                   "[reversi]\n"
	                   "size = 10 ; big\n"
	                   "black_hole = on\n"
	                   "anti = TRUE\n"
	                   "[future-section]\n"
	                   "volume = 7\n"
	                   "[sound]\n"
	                   "volume = 33\n"
	                   "volume = 34\n" /* the last one wins */
	                   "muted = 1\n"
	                   "[display]\n"
	                   "hints = off\n"
	                   "show-eval = yes\n"
	                   "animation-speed = +0\n"
	                   "Language = RU\n"
	                   "Theme = HIGH_CONTRAST\n"
	                   "palette = colour-blind # Okabe-Ito\n"
	                   "fullscreen = false\n"
	                   "[window]\n"
	                   "width = 1024\nheight = 640\nx = -20\ny = 30\n"
	                   "[sound]\nmuted = 1"; /* no newline at the end */
	struct settings s;
	char err[GAME_ERR_MAX] = "";
	const int rc = settings_parse(&s, text, err);
	if (rc != 0)
		fail_msg("settings_parse = %d: %s", rc, err);
	assert_string_equal(s.game, "dots");
	assert_string_equal(s.level, "expert");
	assert_string_equal(s.mode, "vs-computer");
	assert_int_equal(OPT(s, "reversi")[REVERSI_OPT_SIZE], 10);
	assert_true(OPT(s, "reversi")[REVERSI_OPT_BLACK_HOLE]);
	assert_true(OPT(s, "reversi")[REVERSI_OPT_ANTI]);
	assert_int_equal(s.volume, 34);
	assert_int_equal(s.window_w, 1024); /* the window as it was left */
	assert_int_equal(s.window_h, 640);
	assert_int_equal(s.window_x, -20);
	assert_int_equal(s.window_y, 30);
	assert_true(s.muted);
	assert_false(s.hints);
	assert_true(s.show_eval);
	assert_int_equal(s.animation_speed, 0);
	assert_string_equal(s.theme, "high-contrast");
	assert_string_equal(s.palette, "colour-blind");
	assert_false(s.fullscreen);
	assert_string_equal(s.language, "ru");
	assert_sane(&s);
}

static void test_bad_values(void **state)
{
	(void)state;
	const char *text = "[play]\n"                       /* 1 */
	                   "mode = demo\n"                  /* 2 */
	                   "\n"                             /* 3 */
	                   "level = godlike\n"              /* 4: unknown word */
	                   "[sound]\n"                      /* 5 */
	                   "volume = 300\n"                 /* 6: out of range */
	                   "muted = yes\n"                  /* 7 */
	                   "[reversi]\n"                    /* 8 */
	                   "size = 7\n"                     /* 9: not a size offered */
	                   "anti = maybe\n"                 /* 10: not a yes or no */
	                   "this line has no equals sign\n" /* 11 */
	                   "[dots]\n"                       /* 12 */
	                   "rows = 5x\n"                    /* 13: not a number */
	                   "cols = 4\n"                     /* 14 */
	                   "= 4\n"                          /* 15: no key */
	                   "[display\n"                     /* 16: malformed header */
	                   "hints = no\n"; /* 17: in no known section, so ignored */
	struct settings s, def;
	settings_defaults(&def);
	char err[GAME_ERR_MAX] = "";
	assert_int_equal(settings_parse(&s, text, err), IO_ERR_PARTLY_BAD);
	assert_non_null(strstr(err, "line 4"));
	assert_non_null(strstr(err, "level"));
	assert_non_null(strstr(err, "godlike"));
	assert_non_null(strstr(err, "and 7 more bad lines"));
	/* The good keys applied; each bad one kept its default. */
	assert_string_equal(s.mode, "demo");
	assert_true(s.muted);
	assert_int_equal(OPT(s, "dots")[DOTS_OPT_COLS], 4);
	assert_string_equal(s.level, def.level);
	assert_int_equal(s.volume, def.volume);
	assert_int_equal(OPT(s, "reversi")[REVERSI_OPT_SIZE],
	                 OPT(def, "reversi")[REVERSI_OPT_SIZE]);
	assert_int_equal(OPT(s, "reversi")[REVERSI_OPT_ANTI],
	                 OPT(def, "reversi")[REVERSI_OPT_ANTI]);
	assert_int_equal(OPT(s, "dots")[DOTS_OPT_ROWS], OPT(def, "dots")[DOTS_OPT_ROWS]);
	assert_true(s.hints);
	assert_sane(&s);

	/* Each bad line alone: its number and the key in the message. */
	static const struct {
		const char *text, *expect[3];
	} cases[] = {
	    {"[sound]\nvolume = 300\n", {"line 2", "volume", "0 to 100"}},
	    {"[sound]\nvolume = -1\n", {"line 2", "volume", "-1"}},
	    {"[sound]\nvolume = loud\n", {"line 2", "volume", "loud"}},
	    {"[sound]\nvolume =\n", {"line 2", "volume", "number"}},
	    {"[sound]\nvolume = 99999999999999999999\n", {"line 2", "volume", "0 to 100"}},
	    {"\n\n[reversi]\nsize = 12\n", {"line 4", "size", "steps of 2"}},
	    {"[play]\ncolour = 2\n", {"line 2", "colour", "0 to 1"}},
	    {"[play]\ngame = chess\n", {"line 2", "game must be reversi, checkers, dots", "chess"}},
	    {"[display]\nhints = perhaps\n", {"line 2", "hints", "yes or no"}},
	    {"[display]\nlanguage = fr\n", {"line 2", "auto, en, ru or zh", "fr"}},
	    {"[display]\ntheme = dark\n", {"line 2", "standard or high-contrast", "dark"}},
	    {"[display]\npalette = rainbow\n", {"line 2", "standard or colour-blind", "rainbow"}},
	    {"[display]\nanimation-speed = 4\n", {"line 2", "animation-speed", "0 to 3"}},
	    {"[play\nlevel = hard\n", {"line 1", "[name]", ""}},
	    {"[play] junk\n", {"line 1", "[name]", ""}},
	    {"[play]\nlevel hard\n", {"line 2", "key = value", ""}},
	    {"[dots]\nrows = 0\ncols = 10\n", {"line 2", "and 1 more bad line", "rows"}},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char why[GAME_ERR_MAX] = "";
		const int rc = settings_parse(&s, cases[i].text, why);
		if (rc != IO_ERR_PARTLY_BAD)
			fail_msg("case %zu: rc %d", i, rc);
		for (int j = 0; j < 3; j++)
			if (!strstr(why, cases[i].expect[j]))
				fail_msg("case %zu: \"%s\" lacks \"%s\"", i, why,
				         cases[i].expect[j]);
		assert_memory_equal(&s, &def, sizeof s); /* nothing else changed */
	}

	/* A bad value never replaces a good one given before it. */
	assert_int_equal(settings_parse(&s, "[sound]\nvolume = 10\nvolume = 101\n", NULL),
	                 IO_ERR_PARTLY_BAD);
	assert_int_equal(s.volume, 10);
}

/* Fills buf with n bytes that look a little like an INI file, drawn by *seed. */
static void random_ini_bytes(uint64_t *seed, char *buf, size_t n)
{
	static const char alphabet[] = "[]=#;\n\n\n  \t\r-_0123456789abcdefghijklmnopqrstuvwxyz"
	                               "yesnoonoff";
	static const char *const words[] = {
	    "[play]", "[sound]", "[reversi]", "[dots]", "[display]", "volume", "level", "size",
	    "hints",  "game",    "= ",        "yes",    "expert",    "\n",     "10",    "dots"};
	size_t i = 0;
	while (i < n) {
		const uint64_t r = next_random(seed);
		if (r % 4 == 0) {
			const char *w = words[(r >> 8) % (sizeof words / sizeof words[0])];
			for (; *w && i < n; w++)
				buf[i++] = *w;
		} else if (r % 4 == 1) {
			buf[i++] = (char)(r >> 16); /* any byte at all */
		} else {
			buf[i++] = alphabet[(r >> 8) % (sizeof alphabet - 1)];
		}
	}
}

static void test_garbage_never_crashes(void **state)
{
	(void)state;
	uint64_t seed = 0x9e3779b97f4a7c15ULL;
	char buf[1025];
	for (int round = 0; round < 4000; round++) {
		const size_t n = (size_t)(next_random(&seed) % 1024);
		random_ini_bytes(&seed, buf, n);
		buf[n] = '\0';
		struct settings s;
		char err[GAME_ERR_MAX];
		memset(err, 'x', sizeof err);
		const int rc = settings_parse(&s, buf, err);
		assert_true(rc == 0 || rc == IO_ERR_PARTLY_BAD);
		if (rc)
			assert_non_null(memchr(err, '\0', sizeof err));
		assert_sane(&s);
	}

	/* Every truncation of a valid file. */
	struct settings full;
	settings_defaults(&full);
	strcpy(full.game, "dots");
	full.volume = 55;
	OPT(full, "dots")[DOTS_OPT_ROWS] = 9;
	char text[4096];
	const int len = settings_format(&full, text, sizeof text);
	assert_true(len > 0);
	for (int cut = 0; cut <= len; cut++) {
		char part[4096];
		memcpy(part, text, (size_t)cut);
		part[cut] = '\0';
		struct settings s;
		char err[GAME_ERR_MAX] = "";
		const int rc = settings_parse(&s, part, err);
		assert_true(rc == 0 || rc == IO_ERR_PARTLY_BAD);
		assert_sane(&s);
	}

	/* A line of a megabyte, a key of a megabyte, a value of a megabyte. */
	const size_t big = 1 << 20;
	char *huge = malloc(big + 64);
	assert_non_null(huge);
	memset(huge, 'a', big);
	huge[big] = '\0';
	struct settings s, def;
	settings_defaults(&def);
	assert_int_equal(settings_parse(&s, huge, NULL), IO_ERR_PARTLY_BAD);
	strcpy(huge + big, " = 1\n");
	assert_int_equal(settings_parse(&s, huge, NULL), 0); /* an unknown key */
	memcpy(huge, "[sound]\nvolume = ", 17);
	huge[big] = '\0';
	char err[GAME_ERR_MAX] = "";
	assert_int_equal(settings_parse(&s, huge, err), IO_ERR_PARTLY_BAD);
	assert_non_null(strstr(err, "line 2"));
	assert_true(strlen(err) < GAME_ERR_MAX);
	assert_memory_equal(&s, &def, sizeof s);
	free(huge);
	assert_int_equal(settings_parse(&s, NULL, NULL), 0);
}

static void test_load_and_save(void **state)
{
	(void)state;
	char dir[64], path[128], err[GAME_ERR_MAX] = "";
	make_temp_dir(dir);
	snprintf(path, sizeof path, "%s/settings.ini", dir);
	struct settings s, def, back;
	settings_defaults(&def);

	/* A first run: no file, the defaults, a code that says so. */
	memset(&s, 0x33, sizeof s);
	assert_int_equal(settings_load(&s, path, err), IO_ERR_NO_FILE);
	assert_memory_equal(&s, &def, sizeof s);

	/* Save and load back exactly; no temporary file is left. */
	s = def;
	strcpy(s.mode, "two-players");
	s.volume = 0;
	s.muted = true;
	OPT(s, "reversi")[REVERSI_OPT_SIZE] = 6;
	s.animation_speed = 0;
	strcpy(s.theme, "high-contrast");
	strcpy(s.palette, "colour-blind");
	assert_int_equal(settings_save(&s, path, err), 0);
	assert_int_equal(settings_load(&back, path, err), 0);
	assert_same(&s, &back);
	char tmp[256];
	snprintf(tmp, sizeof tmp, "%s.tmp", path);
	assert_int_equal(access(tmp, F_OK), -1);

	/* A corrupt file: reported once with the path and line; the good keys still apply. */
	const char corrupt[] = "[sound]\nvolume = 12\n\x01\x02\xff garbage\n[play]\nlevel = 9\n";
	write_file(path, corrupt, sizeof corrupt - 1);
	assert_int_equal(settings_load(&back, path, err), IO_ERR_PARTLY_BAD);
	assert_non_null(strstr(err, path));
	assert_non_null(strstr(err, "line 3"));
	assert_int_equal(back.volume, 12);
	assert_string_equal(back.level, def.level);

	/* NUL bytes inside the file: that line is bad, the lines after it still count. */
	const char nul[] = "[sound]\nvol\0ume = 5\nmuted = yes\n";
	write_file(path, nul, sizeof nul - 1);
	assert_int_equal(settings_load(&back, path, err), IO_ERR_PARTLY_BAD);
	assert_non_null(strstr(err, "line 2"));
	assert_non_null(strstr(err, "NUL"));
	assert_true(back.muted);
	assert_int_equal(back.volume, 80);

	/* Random binary files never crash the loader. */
	uint64_t seed = 12345;
	for (int round = 0; round < 200; round++) {
		char bytes[700];
		const size_t n = (size_t)(next_random(&seed) % sizeof bytes);
		random_ini_bytes(&seed, bytes, n);
		write_file(path, bytes, n);
		const int rc = settings_load(&back, path, err);
		assert_true(rc == 0 || rc == IO_ERR_PARTLY_BAD);
		assert_sane(&back);
	}

	/* A file too large to be settings: refused, all defaults. */
	const size_t big = SETTINGS_FILE_MAX + 1;
	char *huge = calloc(1, big);
	assert_non_null(huge);
	memset(huge, '#', big);
	write_file(path, huge, big);
	free(huge);
	assert_int_equal(settings_load(&back, path, err), IO_ERR_TOO_BIG);
	assert_non_null(strstr(err, path));
	assert_memory_equal(&back, &def, sizeof back);

	/* A directory where the file should be: an error to report, all defaults. */
	unlink(path);
	char sub[256];
	snprintf(sub, sizeof sub, "%s/settings.ini", dir);
	assert_int_equal(mkdir(sub, 0755), 0);
	assert_int_equal(settings_load(&back, sub, err), IO_ERR_SYSTEM);
	assert_memory_equal(&back, &def, sizeof back);
	assert_int_equal(settings_save(&s, sub, err), IO_ERR_SYSTEM);
	assert_non_null(strstr(err, sub));
	rmdir(sub);

	remove_temp_dir(dir);
}

/* Returns the whole file at path (free it), its length in *n. */
static char *slurp(const char *path, size_t *n)
{
	char *text = NULL;
	assert_int_equal(atomic_read(path, &text, n, 1 << 20, NULL), 0);
	return text;
}

/* A hand-edited file: a BOM, comments, blank lines, an unknown section and key, the player's
 * order, CRLF on one line, a value out of range and a value with a comment after it. */
static const char hand[] = "\xEF\xBB\xBF# my settings\n"
                           "\n"
                           "[sound]\n"
                           "muted = no   # not at night\n"
                           "volume = 500\n"
                           "\n"
                           "; someone else's\n"
                           "[plugins]\n"
                           "colour = 7\n"
                           "[play]\r\n"
                           "level = medium\n"
                           "Game = checkers\n";

static void test_edit_in_place(void **state)
{
	(void)state;
	char dir[64], path[128], err[GAME_ERR_MAX] = "";
	make_temp_dir(dir);
	snprintf(path, sizeof path, "%s/settings.ini", dir);
	write_file(path, hand, sizeof hand - 1);

	/* The BOM does not hide [sound]; the value out of range is reported and not used. */
	struct settings s, base, def;
	settings_defaults(&def);
	assert_int_equal(settings_load(&s, path, err), IO_ERR_PARTLY_BAD);
	assert_non_null(strstr(err, "line 5"));
	assert_non_null(strstr(err, "volume"));
	assert_false(s.muted);
	assert_int_equal(s.volume, def.volume);
	assert_string_equal(s.level, "medium");
	assert_string_equal(s.game, "checkers");
	base = s;

	/* Nothing changed: the file is not written at all (same inode, same bytes). */
	struct stat st0, st1;
	assert_int_equal(stat(path, &st0), 0);
	assert_int_equal(settings_save_changes(&s, &base, path, err), 0);
	assert_int_equal(settings_save(&s, path, err), 0);
	assert_int_equal(stat(path, &st1), 0);
	assert_int_equal(st0.st_ino, st1.st_ino);
	size_t n;
	char *text = slurp(path, &n);
	assert_int_equal(n, sizeof hand - 1);
	assert_memory_equal(text, hand, n);
	free(text);

	/* One change: only that line differs, its comment kept; the 500 stays. */
	s.muted = true;
	assert_int_equal(settings_save_changes(&s, &base, path, err), 0);
	text = slurp(path, &n);
	const char *want = strstr(hand, "muted = no");
	assert_non_null(want);
	const size_t at = (size_t)(want - hand);
	assert_int_equal(n, sizeof hand - 1 + 1);
	assert_memory_equal(text, hand, at);
	assert_memory_equal(text + at, "muted = yes   # not at night\n", 29);
	assert_memory_equal(text + at + 29, hand + at + 28, sizeof hand - 1 - at - 28);
	free(text);
	base = s;

	/* A key the file lacks goes at the end of its section; a section it lacks at the end. */
	strcpy(s.mode, "two-players");
	s.animation_speed = 0;
	assert_int_equal(settings_save_changes(&s, &base, path, err), 0);
	text = slurp(path, &n);
	assert_non_null(strstr(text, "Game = checkers\nmode = two-players\n"));
	assert_non_null(strstr(text, "\n[display]\nanimation-speed = 0\n"));
	assert_non_null(strstr(text, "[plugins]\ncolour = 7\n"));
	assert_non_null(strstr(text, "volume = 500\n"));
	assert_memory_equal(text, "\xEF\xBB\xBF# my settings\n", 17);
	struct settings back;
	assert_int_equal(settings_load(&back, path, err), IO_ERR_PARTLY_BAD);
	assert_same(&s, &back);
	free(text);

	/* A file that cannot be read is never written over: too large, or a directory. */
	const size_t big = SETTINGS_FILE_MAX + 1;
	char *huge = malloc(big);
	assert_non_null(huge);
	memset(huge, '#', big);
	write_file(path, huge, big);
	assert_int_equal(settings_load(&back, path, err), IO_ERR_TOO_BIG);
	back.muted = !back.muted;
	assert_int_equal(settings_save_changes(&back, &def, path, err), IO_ERR_TOO_BIG);
	assert_non_null(strstr(err, "left as it is"));
	text = slurp(path, &n);
	assert_int_equal(n, big);
	assert_memory_equal(text, huge, big);
	free(text);
	free(huge);
	unlink(path);

	/* No file: the first save writes every key; nothing when nothing differs. */
	assert_int_equal(settings_save(&def, path, err), 0);
	assert_int_equal(access(path, F_OK), -1);
	assert_int_equal(settings_save_changes(&s, &def, path, err), 0);
	assert_int_equal(settings_load(&back, path, err), 0);
	assert_same(&s, &back);
	remove_temp_dir(dir);
}

/* settings_edit on its own: an empty key's value, a last line without a line break, a key
 * given twice (the last one counts, and is the one edited). */
static void test_edit_text(void **state)
{
	(void)state;
	struct settings before, now;
	settings_defaults(&before);
	now = before;
	now.volume = 30;
	now.hints = false;
	const char text[] = "[sound]\nvolume = 10\nvolume =\n[display]\nhints = yes";
	char *out;
	size_t n;
	assert_int_equal(settings_edit(text, sizeof text - 1, &before, &now, &out, &n), 0);
	assert_string_equal(out, "[sound]\nvolume = 10\nvolume = 30\n[display]\nhints = no");
	free(out);
	/* An empty value on the last line, with no line break, and a key added to that
	 * section: the value first, then the new line (the fuzzer found them swapped). */
	struct settings play = before;
	play.colour = 1;
	strcpy(play.level, "hard");
	const char last[] = "[play]\ncolour =";
	assert_int_equal(settings_edit(last, sizeof last - 1, &before, &play, &out, &n), 0);
	assert_string_equal(out, "[play]\ncolour = 1\nlevel = hard\n");
	free(out);
	/* An empty value with a comment right after the '=': the comment stays one. */
	const char note[] = "[play]\ncolour =# first\n";
	assert_int_equal(settings_edit(note, sizeof note - 1, &before, &play, &out, &n), 0);
	assert_string_equal(out, "[play]\ncolour = 1 # first\nlevel = hard\n");
	free(out);
	const char none[] = "";
	assert_int_equal(settings_edit(none, 0, &before, &now, &out, &n), 0);
	assert_string_equal(out, "\n[display]\nhints = no\n\n[sound]\nvolume = 30\n");
	free(out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_defaults),
	    cmocka_unit_test(test_round_trip),
	    cmocka_unit_test(test_syntax),
	    cmocka_unit_test(test_bad_values),
	    cmocka_unit_test(test_garbage_never_crashes),
	    cmocka_unit_test(test_load_and_save),
	    cmocka_unit_test(test_edit_in_place),
	    cmocka_unit_test(test_edit_text),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
