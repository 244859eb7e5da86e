/*
 * io/save.h — the saved game and the autosave: one match, with its redo tail, as versioned
 * INI-like text.
 *
 *     # Parity saved game
 *     [parity-save]
 *     version = 1
 *     game = reversi
 *     size = 8                  options, each only when not zero: size, rows, cols,
 *     flags = anti,black-hole   flags (anti, black-hole) and seed
 *     seed = 12345
 *     mode = vs-computer
 *     level = medium
 *     human = 0                 the side the human plays against the computer
 *     start = <position text>   only when the game did not begin at the standard start
 *     moves = f5 d6 c3          every move of the history, the redo tail included
 *     cursor = 2                how many of them are played now
 *
 * Reading rebuilds the match by replaying every move through the rules, so a file that was
 * truncated, tampered with or garbled is rejected as a whole with a message saying where;
 * the caller's match is never half-built. The file must end with a newline and the keys
 * are exactly those above (a later format changes `version`).
 */
#ifndef PARITY_IO_SAVE_H
#define PARITY_IO_SAVE_H

#include <stddef.h>

#include "core/match.h"
#include "io/atomic.h"
#include "io/settings.h"

enum {
	SAVE_VERSION = 1,        /* the format written; reading refuses newer ones */
	SAVE_FILE_MAX = 1 << 20, /* a saved game larger than this is refused */
};

/* What a save keeps besides the match: how the game is being played. */
struct save_info {
	char mode[SETTINGS_WORD_MAX];  /* a word of settings_modes: "vs-computer", ... */
	char level[SETTINGS_WORD_MAX]; /* a word of settings_levels: "beginner", ... */
	int human;                     /* the side the human plays in vs-computer: 0 or 1 */
	unsigned clock[2]; /* each side's thinking time so far, in seconds ("clocks = 12 40";
			      0 0 when the save has none) */
};

/*
 * Writes the match and info as save text into buf. Returns its length, GAME_ERR_SPACE when
 * buf is too small, or GAME_ERR_OPTIONS when info holds a value the format cannot carry
 * (an unknown mode or level word, human not 0 or 1) or a move has no one-word text.
 */
int save_format(const struct match *m, const struct save_info *info, char *buf, size_t n);

/* Saves the match to `path` atomically (see atomic_write). Returns 0, or IO_ERR_SYSTEM (the
 * file could not be written; the old one is kept), IO_ERR_CORRUPT (what save_format calls
 * GAME_ERR_OPTIONS) or IO_ERR_TOO_BIG, with a message naming the path in err (GAME_ERR_MAX
 * bytes, may be NULL). */
int save_write(const char *path, const struct match *m, const struct save_info *info, char *err);

/*
 * Rebuilds a match from save text. Returns 0 with a new match in *m (free it with
 * match_free; whatever *m held before is overwritten, not freed) and the info in *info; or
 * IO_ERR_CORRUPT (bad text, unknown game or key, unsupported options, an illegal move,
 * a cursor out of range, a truncated file) or IO_ERR_SYSTEM (out of memory), with a message
 * in err (may be NULL) that names the line or the move number, and *m and *info untouched.
 */
int save_parse(const char *text, struct match *m, struct save_info *info, char *err);

/*
 * Reads the saved game at `path` as save_parse does. Returns 0, IO_ERR_NO_FILE when there is
 * no such file (nothing to report), or an error code (IO_ERR_CORRUPT, IO_ERR_TOO_BIG,
 * IO_ERR_SYSTEM) with a message naming the path; *m and *info are untouched on every error.
 */
int save_read(const char *path, struct match *m, struct save_info *info, char *err);

#endif
