/*
 * io/ggf.h — Othello games in GGF, the Generic Game Format of GGS and of the NBoard engine
 * protocol: "(;GM[Othello]PC[NBoard]TY[8]BO[8 <squares> *]B[f5]W[d6/-1.25/0.3]B[pa];)".
 * Reading takes the start board (BO, '*' black, 'O' white, '-' empty) and the moves (B[] and
 * W[], each "<move>[/<eval>[/<time>]]", a pass written PA), and skips every other tag.
 */
#ifndef PARITY_IO_GGF_H
#define PARITY_IO_GGF_H

#include <stddef.h>

#include "core/game.h"
#include "games/reversi/reversi.h"

enum {
	GGF_MOVES_MAX = 256, /* moves (passes included) a game record may hold */
};

/* A game read from GGF: the start position, the moves played from it and where they lead. */
struct ggf_game {
	struct reversi_pos start;
	struct reversi_pos end;
	int count;
	struct game_move moves[GGF_MOVES_MAX];
};

/*
 * Reads the GGF record at the start of `text` into `game`. A move record whose colour is not
 * the side to move is accepted when that side had to pass (the pass is added). Returns
 * GAME_OK, or an error code with a message in `err` (GAME_ERR_MAX bytes, may be NULL); on
 * error `game` is not changed.
 */
int ggf_read(const char *text, struct ggf_game *game, char *err);

/* Writes the GGF record of `count` moves played from `start` into buf (one line).
 * Returns its length, or GAME_ERR_SPACE. */
int ggf_write(const struct reversi_pos *start, const struct game_move *moves, int count, char *buf,
              size_t n);

#endif
