/*
 * core/match.h — one game being played: the history of positions with a cursor, so that
 * undo and redo only move the cursor and a new move first drops the redo tail (as in
 * sgt-puzzles' midend). The front end and the save files never edit a position directly.
 *
 * The match also knows what the rules alone cannot: a position repeated
 * `rules->repetition_draw` times is a draw (checkers' threefold repetition).
 */
#ifndef PARITY_CORE_MATCH_H
#define PARITY_CORE_MATCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/game.h"

struct match {
	const struct game_rules *rules;
	struct game_options options;
	unsigned char *positions; /* positions[i] (pos_size bytes each): before move i */
	struct game_move *moves;  /* moves[i]: played from positions[i] */
	uint64_t *hashes;         /* hashes[i]: of positions[i] */
	int count;                /* moves in the history, redo tail included */
	int cursor;               /* moves played now (0..count) */
	int capacity;             /* moves the arrays can hold */
};

/* Sets up a match from the start position for `opt`. Returns GAME_OK or an error code. */
int match_init(struct match *m, const struct game_rules *rules, const struct game_options *opt);

/* Sets up a match from the position `start` (pos_size bytes). Returns GAME_OK or an error. */
int match_init_at(struct match *m, const struct game_rules *rules, const struct game_options *opt,
                  const void *start);

/* Sets up a match from `start` with the `count` moves of `moves` played from it, the cursor
 * after the last (a game read from a record, a copy of another match's history). The moves
 * must be legal one after another. Returns GAME_OK, or GAME_ERR_SPACE when out of memory
 * (nothing to free). */
int match_init_moves(struct match *m, const struct game_rules *rules,
                     const struct game_options *opt, const void *start,
                     const struct game_move *moves, int count);

/* Frees what the match holds. */
void match_free(struct match *m);

/* Returns the position now (after `cursor` moves). */
const void *match_pos(const struct match *m);

/* Returns the position before move i (i = 0: the start). */
const void *match_pos_at(const struct match *m, int i);

/* Plays a legal move of the current position, dropping any redo tail. Returns GAME_OK, or
 * GAME_ERR_SPACE when out of memory. */
int match_play(struct match *m, const struct game_move *move);

/* Plays the move that `text` names. Returns GAME_OK or an error with a message in err. */
int match_play_text(struct match *m, const char *text, char *err);

/* Moves the cursor back (undo) or forward (redo) one move; returns whether it could. */
bool match_undo(struct match *m);
bool match_redo(struct match *m);

/* Returns the move that led to the current position, or NULL at the start. */
const struct game_move *match_last_move(const struct match *m);

/* Returns who moves now (0 or 1). */
int match_to_move(const struct match *m);

/* Returns whether the game is over: no legal move, or a repetition draw. */
bool match_over(const struct match *m);

/* Returns whether the game ended in a draw by repetition. */
bool match_repetition(const struct match *m);

/* Returns the final score from the first player's side (0 for a repetition draw). */
int match_result(const struct match *m);

/* Fills `moves` with the legal moves now and returns how many (0 when over). */
int match_legal(const struct match *m, struct game_move *moves);

/* Writes the moves played so far (up to the cursor), separated by spaces, in the game's text
 * form. Returns the length, or GAME_ERR_SPACE. */
int match_record(const struct match *m, char *buf, size_t n);

#endif
