/*
 * core/module.h — a game module: everything the generic code knows about one game, as data.
 *
 * Each game has one `const struct game_module` in its own folder (games/<game>/module.c): its
 * rules table, its levels, its options, its help text and its record format. The registry
 * (games/registry.def, one line per game) lists the modules; the menu, the settings file, the
 * autosave, the command line, the help screen and the tests all walk it, and none of them
 * names a game. docs/ARCHITECTURE.md walks through adding a game.
 */
#ifndef PARITY_CORE_MODULE_H
#define PARITY_CORE_MODULE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/game.h"
#include "core/level.h"
#include "core/match.h"

/* NP_ marks a singular and a plural form for translation (xgettext --keyword=NP_:1,2), as a
 * two-string initializer; N_ (core/game.h) marks one string. */
#define NP_(singular, plural)                                                                      \
	{                                                                                          \
		singular, plural                                                                   \
	}

enum game_option_kind {
	GAME_OPTION_BOOL, /* off or on: `--key` on the command line, yes/no in the settings */
	GAME_OPTION_INT,  /* a number lo..hi in steps of `step`: `--key N` */
	GAME_OPTION_GRID, /* rows × columns, each lo..hi: `--key RxC`; two slots, and two keys
			     (part[0], part[1]) in the settings and the records */
};

/*
 * One option of a game. Its value lives in game_options.value[slot] (a grid: rows in `slot`,
 * columns in `slot + 1`); 0 there means the default. The rules read it through their own
 * slot constants; everything else walks the table.
 */
struct game_option {
	const char *key;     /* the settings key, the record key and the flag: "size", "anti" */
	const char *part[2]; /* GRID: the keys of the rows and the columns ("rows", "cols") */
	enum game_option_kind kind;
	int slot;
	int lo, hi, step; /* INT and GRID (step 1 for a grid) */
	int def, def2;    /* the default (GRID: rows, columns; BOOL: 0 or 1) */
	const int *steps; /* the values the menu steps through (GRID: rows, columns pairs), or NULL
			      for every value from lo to hi; steps_count values (pairs) */
	int steps_count;
	bool display;            /* a way of showing the game, not part of its set-up: kept in the
			      settings and the menu, not in records or on the command line */
	const char *label;       /* the menu row, translatable (N_) */
	const char *on, *off;    /* BOOL: the menu's words for on and off, translatable */
	const char *format;      /* INT: the menu text, printf of the value twice ("%d × %d") */
	const char *format_n[2]; /* GRID: the menu text, printf of rows and columns, in the
				    singular and the plural (ngettext by columns): NP_() */
	const char *usage;       /* the command line's one-line description */
};

/* What a record says about a game besides its moves. */
struct record_info {
	const char *event, *date; /* "Parity game", "2026.11.24" */
	const char *player[2];    /* the first and the second player's names */
};

/* One game read from a record file. */
struct record_game {
	unsigned char start[GAME_POS_MAX_BYTES]; /* the position it starts from */
	struct game_options options;
	struct game_move *moves; /* the moves played from start (free with record_games_free) */
	int count;
	char event[48], player[2][40], result[16];
	int error; /* GAME_OK, or why it cannot be played */
	char err[GAME_ERR_MAX];
};

/* A game's record format: what "Save record" writes and what `--open` reads. */
struct game_record {
	const char *extension; /* "pdn", "txt" */
	/* Returns the record of the match's moves up to its cursor in a new NUL-terminated
	 * buffer (free it), or NULL when out of memory or when it cannot be written. */
	char *(*write)(const struct match *m, const struct record_info *info);
	/* Optional (NULL: records cannot be opened): reads the `len` bytes of text. Returns the
	 * number of games (>= 0) with a new array of them in *games (free it with
	 * record_games_free), or an error code with a message in err (GAME_ERR_MAX bytes). */
	int (*read)(const char *text, size_t len, struct record_game **games, char *err);
};

/* One help page: a title, paragraphs of rules and lines of keys, all translatable (N_);
 * the view draws the diagrams (struct view's help_diagram). */
struct game_help {
	const char *title;        /* "How to play Reversi" */
	const char *const *rules; /* NULL-terminated */
	const char *const *keys;  /* NULL-terminated: this game's own keys */
};

/* How a review (core/review.h) counts and judges a game's moves. */
struct game_review_info {
	int unit;                 /* evaluation units in one unit people count in (Reversi: 100,
				     a disc; checkers: 100, a man; Dots: 100, a box) */
	const char *unit_name[2]; /* that unit, singular and plural: NP_("disc", "discs") */
	bool margin;              /* a proven score's final margin (search_margin) is in those
				     units (discs, boxes); otherwise a won game counts as `cap` */
	int cap;                  /* scores count within ±cap evaluation units */
	int inaccuracy, mistake, blunder; /* the loss (evaluation units) from which a move is
					     one; docs/REVIEW.md gives each game's */
	const char *level;                /* the level a review searches at by default */
	int exact;                        /* ... going to the end from this many moves left (more
					     than the level's own `exact`: a review wants values) */
};

/*
 * Setting up a position by hand (the analysis board). A target is what a click on the board
 * names, as the game's view numbers them: a square (Reversi: row × size + column; checkers:
 * its number - 1) or an edge (Dots and Boxes).
 */
struct game_setup {
	/* Puts the next thing target can hold there (dir 1: empty, a first player's piece, ...;
	 * dir -1 the other way round). Returns GAME_OK, or an error with a message in err. */
	int (*cycle)(void *pos, int target, int dir, char *err);
	/* Empties the board, keeping its size and the side to move. */
	void (*clear)(void *pos);
	/* Makes `side` (0 or 1) the side to move. */
	void (*set_side)(void *pos, int side);
	/* Returns GAME_OK when the game can go on from pos as it stands, or an error saying what
	 * is wrong with it in err (GAME_ERR_MAX bytes). */
	int (*check)(const void *pos, char *err);
	const char *how; /* what a click does, for people (N_) */
};

struct game_module {
	const struct game_rules *rules;
	const struct game_review_info *review; /* how a review judges moves */
	const struct game_setup *setup;        /* position set-up (NULL: none) */
	const struct level *levels;            /* easiest first */
	int level_count;
	const struct game_option *options;
	int option_count;
	const struct game_help *help;
	const struct game_record *record;
	/* Openings that lead to ordinary positions, for `parity bench search`: move texts
	 * separated by spaces, played from the standard start; NULL-terminated. */
	const char *const *bench;
	/* Optional, for games with a repetition draw (rules->repetition_draw): returns how many
	 * plies back from pos a position can repeat (since the last irreversible move). */
	int (*repeatable)(const void *pos);
	/* Optional: the game's data file (Reversi's evaluation weights), and how to load it from
	 * directory `dir` once, before any search: returns 0; or a negative error code with a
	 * message in err (GAME_ERR_MAX bytes), the engine then keeping its simpler evaluation; or
	 * 1 when the evaluation loaded but a file beside it did not, err saying what the engine
	 * goes without (checkers' endgame databases). The caller finds the directory
	 * (io/datadir.h); the searches never read a file. */
	const char *data_file;
	int (*load)(const char *dir, char *err);
	void (*unload)(void); /* forgets what load loaded */
};

/* ---- the registry (games/registry.def, built by games/registry.c) ---- */

/* Returns how many games there are, and game i (registry order), or NULL out of range. */
int game_module_count(void);
const struct game_module *game_module_at(int i);

/* Writes the names of the games ("reversi", ...) into buf, `sep` between them. */
void game_module_names(char *buf, size_t n, const char *sep);

/* Returns the module whose rules are named `name` ("reversi"), or NULL. */
const struct game_module *game_module_find(const char *name);

/* Returns the module of `rules`, or NULL. */
const struct game_module *game_module_of(const struct game_rules *rules);

/* Returns the index of the module in the registry, or -1. */
int game_module_index(const struct game_module *m);

/* Loads m's data from dir (m->load; nothing for a game without one) and says on stderr what is
 * missing: load's message alone when the evaluation loaded without a file beside it, with "the
 * engine uses its simpler evaluation" when the evaluation did not load. Returns whether the
 * evaluation is in use (true for a game without data). For the window and cli_load_data. */
bool game_module_load(const struct game_module *m, const char *dir);

/* ---- options ---- */

/* Returns the option of `m` whose key (or, for a grid, one of whose part keys) is `key`,
 * storing in *part which part (0 or 1; 0 for the key itself); NULL when there is none. */
const struct game_option *game_option_find(const struct game_module *m, const char *key, int *part);

/* Returns an option of any game whose key is `key` (not a display option), or NULL. */
const struct game_option *game_option_known(const char *key);

/* Steps option o's value in opt to the next (dir = 1) or previous (-1) value the menu
 * offers, round the ends. */
void game_option_step(const struct game_option *o, struct game_options *opt, int dir);

/* Reads `--key [VALUE]` options of module m from argv[*i] (and argv[*i + 1] for a value) into
 * opt, advancing *i past what it used. Returns 1 when argv[*i] was one of the game's options,
 * 0 when it is not an option of any game (the caller handles it), or an error code with a
 * message in err (an option of another game, a bad value, a missing value). `--seed N` is
 * taken here too. */
int game_options_arg(const struct game_module *m, int argc, char **argv, int *i,
                     struct game_options *opt, char *err);

/* Writes the usage line of every game's options ("[--size N] [--anti] ...", one game after
 * another) into buf. */
void game_options_usage(char *buf, size_t n);

/* Returns the record text that `write` (a game's writer of the moves up to the match's cursor
 * into buf, returning the length or an error code) makes, in a new buffer ending with a
 * newline (free it); NULL when out of memory or when it cannot be written. */
char *record_text(const struct match *m, int (*write)(const struct match *m, char *buf, size_t n));

/* A record writer for games whose record is the moves in their text form, space-separated
 * (match_record): a game_record's `write`. */
char *record_moves(const struct match *m, const struct record_info *info);

enum { RECORD_GAMES_MAX = 100000 }; /* games one record file may hold */

/* Adds a zeroed game, with room for `moves` moves and the result "*", to the array *games of
 * *count games (a record reader's list; free it with record_games_free). Returns it, or NULL
 * when out of memory or past RECORD_GAMES_MAX (the array stays as it was). */
struct record_game *record_games_add(struct record_game **games, int *count, int moves);

/* A record reader's line by line walk: finds the next line of text[*at, len) holding more than
 * blanks (spaces, tabs, carriage returns) and not a comment ('#' first), stores where it starts
 * and ends, blanks at either end left out, in *from and *to, and moves *at past it. Returns
 * false at the end of the text. */
bool record_next_line(const char *text, size_t len, size_t *at, size_t *from, size_t *to);

/* Frees what record read returned. */
void record_games_free(struct record_game *games, int count);

#endif
