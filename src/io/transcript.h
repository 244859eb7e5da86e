/*
 * io/transcript.h — Reversi game transcripts: the moves as concatenated squares
 * ("f5d6c3d3c4"), a pass written "PA" (or "pass"). Reading also accepts spaces between
 * moves and passes left out, as other programs write them.
 */
#ifndef PARITY_IO_TRANSCRIPT_H
#define PARITY_IO_TRANSCRIPT_H

#include <stddef.h>

#include "core/game.h"
#include "games/reversi/reversi.h"

/*
 * Plays the transcript `text` from `pos` (which it changes), storing each move played,
 * passes included, in `moves` (room for `max`). Returns the number of moves played, or an
 * error code with a message naming the move in `err` (GAME_ERR_MAX bytes, may be NULL);
 * on error `pos` is left as it was before the offending move.
 */
int transcript_read(struct reversi_pos *pos, const char *text, struct game_move *moves, int max,
                    char *err);

/* Writes the transcript of `count` moves played from `start` into buf. Returns its length,
 * or GAME_ERR_SPACE. */
int transcript_write(const struct reversi_pos *start, const struct game_move *moves, int count,
                     char *buf, size_t n);

#endif
