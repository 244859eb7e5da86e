/*
 * io/settings.h — the player's settings, kept as a small INI file:
 *
 *     # Parity settings
 *     [play]
 *     game = reversi
 *     level = medium
 *     [reversi]
 *     size = 8
 *
 * `[section]` headers, `key = value` lines, `#` and `;` comments (whole lines, or after a
 * space at the end of a line), whitespace trimmed, keys matched without regard to case and
 * with `_` taken as `-`, a UTF-8 byte-order mark skipped. Unknown sections and keys are
 * ignored, so that older and newer versions of Parity can share one file, and kept: the
 * file belongs to the player, and a save edits only the lines of the settings that changed. Each game's section holds its options, as its module
 * lists them (core/module.h). A bad value or a malformed line is skipped and
 * reported; every other key still applies.
 */
#ifndef PARITY_IO_SETTINGS_H
#define PARITY_IO_SETTINGS_H

#include <stdbool.h>
#include <stddef.h>

#include "core/game.h"
#include "io/atomic.h"

enum {
	SETTINGS_WORD_MAX = 16,        /* room for the longest word of a list below, NUL included */
	SETTINGS_FILE_MAX = 64 * 1024, /* a settings file larger than this is refused */
	SETTINGS_GAMES_MAX = 8,        /* games whose options the settings can hold */
};

/* The words each word-valued key accepts, in menu order, each list ending with NULL. */
extern const char *const settings_modes[];     /* "vs-computer", "two-players", "demo" */
extern const char *const settings_levels[];    /* "beginner", "medium", "hard", "expert" */
extern const char *const settings_languages[]; /* "auto", "en", "ru", "zh" */
extern const char *const settings_themes[];    /* "standard", "high-contrast" */
extern const char *const settings_palettes[];  /* "standard", "colour-blind" (Okabe-Ito) */

struct settings {
	char game[SETTINGS_WORD_MAX];  /* a game of the registry (default: its first) */
	char mode[SETTINGS_WORD_MAX];  /* a word of settings_modes (default "vs-computer") */
	char level[SETTINGS_WORD_MAX]; /* a word of settings_levels (default "beginner") */
	int colour;                    /* 0: the human plays first (Black, A); 1: second */
	/* Each game's options (core/module.h), in the section named after the game: option[g]
	 * holds game g of the registry's values by slot, as game_options does. */
	int option[SETTINGS_GAMES_MAX][GAME_OPTION_SLOTS];
	bool hints; /* show the legal moves (default on) */
	int volume; /* 0..100 (default 80) */
	bool muted;
	bool fullscreen;
	int animation_speed;              /* 0 (no animation) .. 3 (fastest), default 2 */
	bool show_eval;                   /* show the engine's evaluation in the HUD */
	char language[SETTINGS_WORD_MAX]; /* a word of settings_languages (default "auto":
					   * from the locale) */
	char theme[SETTINGS_WORD_MAX];    /* a word of settings_themes (default "standard") */
	char palette[SETTINGS_WORD_MAX];  /* a word of settings_palettes (default "standard") */
	/* The window as the player left it ([window]): its size (0: never saved, the window is
	 * sized to the screen) and its position (used only with a size). */
	int window_w, window_h, window_x, window_y;
};

/* Returns the index of `word` in the NULL-terminated `list`, or -1 if it is not there. */
int settings_find_word(const char *const *list, const char *word);

/* Sets every field to its default (every byte defined, so settings compare with memcmp). */
void settings_defaults(struct settings *s);

/*
 * Reads settings from the INI text `text`, starting from the defaults. Returns 0, or
 * IO_ERR_PARTLY_BAD when some lines were malformed or held bad values (out of range, not a
 * number, an unknown word): those keys keep their defaults, every valid key still applies,
 * and err (GAME_ERR_MAX bytes, may be NULL) names the first bad line and counts the others.
 */
int settings_parse(struct settings *s, const char *text, char *err);

/* Writes the settings as INI text into buf. Returns its length, or GAME_ERR_SPACE. */
int settings_format(const struct settings *s, char *buf, size_t n);

/*
 * Loads the settings file at `path` into s (defaults for whatever is missing or bad).
 * Returns 0; IO_ERR_NO_FILE when there is no file yet (a first run: nothing to report);
 * IO_ERR_PARTLY_BAD when some lines were bad; IO_ERR_TOO_BIG or IO_ERR_SYSTEM when the file
 * could not be read (all defaults). Every error but IO_ERR_NO_FILE is worth reporting once,
 * with the message in err (may be NULL), which names the path.
 */
int settings_load(struct settings *s, const char *path, char *err);

/*
 * Edits the settings file's text (len bytes, a byte-order mark and CRLF line ends allowed) so
 * that it says `now` where `now` differs from `before`: such a key's value is replaced on its
 * last line (the one that counts; its comment stays), or the key is added at the end of its
 * section, or its section at the end. Every other byte stays as it was: comments, blank
 * lines, unknown sections and keys, the order, values out of range. A key the text already
 * gives as `now` is left alone. Returns 0 with a new NUL-terminated text in *out (free it) and
 * its length in *out_len, or IO_ERR_SYSTEM when out of memory.
 */
int settings_edit(const char *text, size_t len, const struct settings *before,
                  const struct settings *now, char **out, size_t *out_len);

/*
 * Saves the settings that changed from `before` (what this program read or last saved) to
 * `now` into the file at `path`, edited in place (settings_edit) and written atomically, and
 * only when a byte changes; with `before` NULL, what differs from the file. Without a file
 * it writes every key (nothing when `before` is NULL and `now` holds the defaults). A file
 * that exists but cannot be read (too large, not a regular file, no permission) is never
 * written: an error that says so. Returns 0 or an error code with a message in err.
 */
int settings_save_changes(const struct settings *now, const struct settings *before,
                          const char *path, char *err);

/* settings_save_changes(s, NULL, path, err). */
int settings_save(const struct settings *s, const char *path, char *err);

/* Returns the options of game `g` of the registry held in s (display options included, seed
 * 0); the standard game's when g is out of range. */
struct game_options settings_game_options(const struct settings *s, int g);

#endif
