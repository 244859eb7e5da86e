/*
 * io/datadir.h — the one resolver for the directories Parity reads its data from: the
 * assets (sprites, sounds, fonts), Reversi's evaluation weights (beside them) and the
 * message catalogues.
 *
 * A directory asked for explicitly (--data DIR, or else an environment variable such as
 * $PARITY_DATA) is the only one used: nothing else is tried, even when it lacks the file
 * looked for. Otherwise the candidates are tried in order, the first that holds one of the
 * probe files wins: directories named relative to the program's own directory (the build
 * tree's assets/, an installation staged with DESTDIR or moved as a whole), then the
 * installed directory compiled in. The resolver does no I/O but stat(2) on the probe files
 * and prints nothing; it records every directory it looked at so that callers and tests can
 * say (and check) where it looked.
 */
#ifndef PARITY_IO_DATADIR_H
#define PARITY_IO_DATADIR_H

#include <stdbool.h>
#include <stddef.h>

enum {
	DATADIR_PATH_MAX = 1024,     /* bytes in a directory name, the NUL included */
	DATADIR_TRIED_MAX = 8,       /* candidates at most */
	DATADIR_ERR_NOT_FOUND = -20, /* no candidate holds a probe file (below IO_ERR_*) */
};

/* What to look for and where. Lists end with NULL. */
struct datadir_spec {
	const char *explicit_dir;  /* asked for on the command line (NULL: not asked) */
	const char *env;           /* the variable that names a directory when explicit_dir
					   is NULL, e.g. "PARITY_DATA" (NULL: none) */
	const char *program_dir;   /* the program's own directory (NULL: unknown) */
	const char *const *beside; /* candidates relative to program_dir, e.g. "../assets" */
	const char *installed;     /* the installed directory, tried last (NULL: none) */
	const char *const *probe;  /* files relative to a candidate: one present marks it */
};

/* Where the resolver looked and what it chose. */
struct datadir {
	char dir[DATADIR_PATH_MAX]; /* the directory chosen ("" when none) */
	bool exclusive;             /* it was asked for explicitly: nothing else was tried */
	bool found;                 /* it holds a probe file (always so when not exclusive) */
	int tried;                  /* how many directories were looked at ... */
	char tried_dir[DATADIR_TRIED_MAX][DATADIR_PATH_MAX]; /* ... these, in order */
};

/*
 * Resolves `spec` into *out. Returns 0 when the directory chosen holds a probe file, or
 * DATADIR_ERR_NOT_FOUND: then out->dir is the explicit directory when there was one (the
 * caller decides what a missing file there means) and "" otherwise.
 */
int datadir_resolve(const struct datadir_spec *spec, struct datadir *out);

/*
 * The two uses, with the places compiled in (Makefile: DATADIR, LOCALEDIR and where they lie
 * from the program's directory once installed):
 *   datadir_find_data: the game's data, i.e. the assets and the evaluation weights beside
 *     them: explicit_dir (--data DIR), else $PARITY_DATA, each alone; else beside the program
 *     (../assets for build/parity, assets, ../../assets for the test programs, DATADIR seen from an
 *     installed program), else DATADIR.
 *   datadir_find_locale: the message catalogues: $PARITY_LOCALE alone; else beside the
 *     program (locale for build/parity, LOCALEDIR seen from an installed program), else
 *     LOCALEDIR.
 * `probe` says which files mark the directory (e.g. "sprites/markers.png" for the
 * assets, "reversi-eval.bin" for the headless commands that only need the weights).
 * Both return as datadir_resolve.
 */
int datadir_find_data(const char *explicit_dir, const char *const *probe, struct datadir *out);
int datadir_find_locale(const char *const *probe, struct datadir *out);

/* The installed directories compiled in: DATADIR and LOCALEDIR. */
const char *datadir_installed_data(void);
const char *datadir_installed_locale(void);

/* Writes the directory of the running program (from /proc/self/exe) into buf, with a
 * trailing '/'. Returns 0, or -1 (buf "") when it cannot be known. */
int datadir_program_dir(char *buf, size_t n);

#endif
