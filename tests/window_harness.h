/*
 * tests/window_harness.h — what every window test (test_window, test_window_GAME) shares:
 * a scratch directory, running the real program in a display, and reading its screenshots
 * at logical coordinates. Included once by each test program, after <cmocka.h>; every
 * function is static inline so that a test uses only what it needs.
 */
#ifndef PARITY_TESTS_WINDOW_HARNESS_H
#define PARITY_TESTS_WINDOW_HARNESS_H

#include <SDL.h>
#include <SDL_image.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>

static char
    work[64]; /* a scratch directory for scripts, prefs and screenshots (/tmp/NAME-XXXXXX) */
static char parity[512]; /* the program under test */

/* Writes `text` to work/name and stores the path in path. */
static inline void write_file(const char *name, const char *text, char *path, size_t n)
{
	snprintf(path, n, "%s/%s", work, name);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

/* Reads the file at path into buf (n bytes, NUL-terminated) and returns buf; the test fails
 * when the file cannot be read. */
static inline const char *read_file(const char *path, char *buf, size_t n)
{
	buf[0] = '\0';
	FILE *f = fopen(path, "r");
	if (!f)
		fail_msg("cannot read %s", path);
	buf[fread(buf, 1, n - 1, f)] = '\0';
	fclose(f);
	return buf;
}

/* Makes the preferences directory work/name holding a settings.ini of `ini`; stores its
 * path in dir. */
static inline void make_prefs(const char *name, const char *ini, char *dir, size_t n)
{
	snprintf(dir, n, "%s/%s", work, name);
	mkdir(dir, 0755);
	char path[600];
	snprintf(path, sizeof path, "%s/settings.ini", dir);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs(ini, f);
	fclose(f);
}

/* Runs parity with `args`, its settings and autosave in `prefs`, in a display (xvfb-run when
 * there is none), as it is: --game or --open over an unfinished game of their kind opens on
 * the menu's "Start a new game?" (test_command_line_asks_before_replacing). Returns its exit
 * status. */
static inline int window_run_as_is(const char *prefs, const char *args);

/* The same for a test that starts a game with --game NAME or --open and means a new one, as
 * a player with no unfinished game of that kind: the autosave that game would replace is
 * removed first (autosave-NAME.ini; with --open, every autosave-*.ini: the file's kind is the
 * program's to tell). Other games' autosaves stay. */
static inline int window_run(const char *prefs, const char *args)
{
	const char *game = strstr(args, "--game ");
	char path[1200];
	if (game) {
		game += strlen("--game ");
		snprintf(path, sizeof path, "%s/autosave-%.*s.ini", prefs, (int)strcspn(game, " "),
		         game);
		remove(path);
	}
	DIR *d = strstr(args, "--open ") ? opendir(prefs) : NULL;
	for (const struct dirent *e; d && (e = readdir(d)) != NULL;)
		if (strncmp(e->d_name, "autosave-", 9) == 0) {
			snprintf(path, sizeof path, "%s/%s", prefs, e->d_name);
			remove(path);
		}
	if (d)
		closedir(d);
	return window_run_as_is(prefs, args);
}

static inline int window_run_as_is(const char *prefs, const char *args)
{
	char cmd[4096];
	const char *display = getenv("DISPLAY");
	/* The dummy audio driver plays every sound into nothing, so the sound code runs too.
	 * Under SANITIZE=1 the leak check is left to the unit tests: SDL unloads the X and GL
	 * drivers it opened before LeakSanitizer looks, and their allocations show up as leaks
	 * of an unknown module that no suppression can name. */
	/* Saved records go to the documents directory's Parity/ (io/recordsdir.h): here work/Parity,
	 * with no user-dirs.dirs to say otherwise. */
	snprintf(cmd, sizeof cmd,
	         "SDL_AUDIODRIVER=dummy ASAN_OPTIONS=detect_leaks=0 XDG_CONFIG_HOME=%s/xdg "
	         "XDG_DOCUMENTS_DIR=%s %s%s --windowed --prefs %s --seed 1 %s",
	         work, work, display && *display ? "" : "xvfb-run -a -s '-screen 0 1600x1000x24' ",
	         parity, prefs, args);
	const int rc = system(cmd);
	return WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
}

/* A loaded screenshot and how the logical canvas maps onto it. */
struct shot {
	SDL_Surface *s;
	double scale, ox, oy;
};

static inline struct shot shot_load(const char *path)
{
	struct shot sh = {0};
	SDL_Surface *raw = IMG_Load(path);
	if (!raw)
		fail_msg("cannot load the screenshot %s: %s", path, IMG_GetError());
	sh.s = SDL_ConvertSurfaceFormat(raw, SDL_PIXELFORMAT_RGBA32, 0);
	SDL_FreeSurface(raw);
	const double sx = sh.s->w / 1280.0, sy = sh.s->h / 800.0;
	sh.scale = sx < sy ? sx : sy;
	sh.ox = (sh.s->w - 1280 * sh.scale) / 2;
	sh.oy = (sh.s->h - 800 * sh.scale) / 2;
	return sh;
}

/* Returns the colour at logical (x, y). */
static inline SDL_Color pixel(const struct shot *sh, int x, int y)
{
	const int px = (int)(sh->ox + x * sh->scale), py = (int)(sh->oy + y * sh->scale);
	const Uint8 *p = (const Uint8 *)sh->s->pixels + py * sh->s->pitch + px * 4;
	return (SDL_Color){p[0], p[1], p[2], p[3]};
}

/* Finds the program (in $BUILD, else build/) and makes the scratch directory
 * /tmp/NAME-XXXXXX; the group set-up of a window test. */
static inline int window_setup(const char *name)
{
	const char *build = getenv("BUILD");
	snprintf(parity, sizeof parity, "%s/parity", build && *build ? build : "build");
	snprintf(work, sizeof work, "/tmp/%s-XXXXXX", name);
	return mkdtemp(work) ? 0 : -1;
}

/* Removes the scratch directory, or says where it is when KEEP_SHOTS is set. */
static inline int window_teardown(void **state)
{
	(void)state;
	char cmd[300];
	if (!getenv("KEEP_SHOTS")) {
		snprintf(cmd, sizeof cmd, "rm -rf %s", work);
		if (system(cmd) != 0)
			return -1;
	} else {
		printf("screenshots kept in %s\n", work);
	}
	return 0;
}

/* Skips the test when there is no way to open a window. */
static inline void need_display(void)
{
	const char *display = getenv("DISPLAY");
	if ((!display || !*display) && system("command -v xvfb-run >/dev/null 2>&1") != 0)
		skip();
}

#endif
