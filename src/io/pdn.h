/*
 * io/pdn.h — checkers games in PDN (Portable Draughts Notation), English draughts only
 * (GameType 21).
 *
 * A PDN file holds games, each a block of tags (`[Event "London 1992"]`) and a move text
 * (`1. 11-15 23-18 2. 8-11 ... 1/2-1/2`). The reader takes what real files contain: move
 * numbers ("1.", "1..."), `x` written for ordinary moves, captures given by their two end
 * squares, comments in braces and after ';', variations in parentheses (skipped, nested or
 * not), NAGs ($3) and move marks (!, ?), trailing spaces, CRLF, games with no tags or no
 * result. Every move is replayed on the board as it is read (the rules, not the match: a
 * repeated position is not a draw in a record), so a game read without error is legal.
 *
 * A fault in one game (a garbled or illegal move, a bad FEN, an unclosed comment) is kept with
 * that game, naming its number in the file, its line and the move number, and reading goes on
 * with the next game. Only running out of memory stops the whole file.
 */
#ifndef PARITY_IO_PDN_H
#define PARITY_IO_PDN_H

#include <stdbool.h>
#include <stddef.h>

#include "core/game.h"
#include "games/checkers/checkers.h"

enum {
	PDN_TAGS_MAX = 64,       /* tags kept per game (more are read and dropped) */
	PDN_TAG_NAME_MAX = 32,   /* bytes of a tag name, NUL included */
	PDN_TAG_VALUE_MAX = 256, /* bytes of a tag value, NUL included (longer is an error) */
	/* Games one file may hold: each costs a fixed amount whatever its size (a pdn_game, and
	 * a record_game under --open: under 1.2 KB together), so that this bounds what the
	 * smallest games ("*" alone) can cost; the rest is about 20 bytes of memory per byte of
	 * text (docs/RELIABILITY.md, "Memory bounded by the input"). */
	PDN_GAMES_MAX = 100000,
};

/* A tag: its name and value, NUL-terminated, in one allocation of their own size (name
 * points to it, value into it), so that a file's tags cost about what its text does. */
struct pdn_tag {
	char *name;  /* at most PDN_TAG_NAME_MAX - 1 bytes */
	char *value; /* at most PDN_TAG_VALUE_MAX - 1 bytes */
};

/* One game of a PDN file. */
struct pdn_game {
	int number; /* 1 for the first game of the file */
	int line;   /* the line it starts on */
	int tag_count;
	struct pdn_tag *tags;      /* tag_count of them, in file order (a name may come twice) */
	bool setup;                /* the start came from a FEN tag */
	struct checkers_pos start; /* the position before the first move */
	int count;                 /* moves read (up to the first fault) */
	int capacity;
	struct game_move *moves;
	char result[8];         /* the move text's last word: "1-0", "0-1", "1/2-1/2", "*",
	                           or "" when it has none */
	int error;              /* GAME_OK, or the fault's code (GAME_ERR_*) */
	char err[GAME_ERR_MAX]; /* "game 3 (line 40), move 12 White: ..." */
};

struct pdn_file {
	int count;
	struct pdn_game *games;
};

/*
 * Reads the `len` bytes of PDN at `text` (need not end in NUL; NUL bytes are a fault) into
 * *file, which must be freed with pdn_free whatever the outcome. Returns the number of games
 * read (faulty ones included: see each game's `error`), or GAME_ERR_SPACE with a message in
 * err (GAME_ERR_MAX bytes, may be NULL) when out of memory or past PDN_GAMES_MAX games.
 */
int pdn_read(const char *text, size_t len, struct pdn_file *file, char *err);

/* Frees what pdn_read allocated (a zeroed file is fine). */
void pdn_free(struct pdn_file *file);

/* Returns the value of the first tag called `name` (case-insensitive), or NULL. */
const char *pdn_tag(const struct pdn_game *game, const char *name);

/* Sets tag `name` to `value` (the first one of that name, or a new one; a name or value
 * longer than the room is cut). Returns GAME_OK, or GAME_ERR_SPACE when out of memory or
 * PDN_TAGS_MAX tags are there. */
int pdn_set_tag(struct pdn_game *game, const char *name, const char *value);

/* Appends a move to game (played from the position its earlier moves lead to; the caller
 * checks legality). Returns GAME_OK or GAME_ERR_SPACE when out of memory. */
int pdn_add_move(struct pdn_game *game, const struct game_move *move);

/* Frees the tags and moves of one game made by the caller (not part of a pdn_file) and
 * empties it. A game to fill starts zeroed (`struct pdn_game g = {0}`), with `start` set. */
void pdn_game_clear(struct pdn_game *game);

/*
 * Writes one game as PDN into buf: the tags Event, Date, Black, White, Result, GameType "21"
 * and, for a set-up start, FEN (missing values as "?" and "????.??.??"), then any other tags
 * the game holds, a blank line, and the moves (full capture paths) numbered and wrapped at 80
 * columns, ending with the result ("*" when unknown) and a blank line. Returns the length, or
 * GAME_ERR_SPACE when buf is too small (pdn_write_size says how much is enough).
 */
int pdn_write(const struct pdn_game *game, char *buf, size_t n);

/* Returns a buffer size that is always enough for pdn_write of `game`. */
size_t pdn_write_size(const struct pdn_game *game);

#endif
