/*
 * games/reversi/reversi.h — Reversi (Othello) positions for every board Parity offers:
 * 6×6, 8×8 and 10×10, normal or Anti-reversi, with or without a black hole.
 *
 * A position keeps each side's discs as a bit set of up to 128 squares, square index
 * row * size + column (a1 = 0, row 1 at the top). The rules table `reversi_rules`
 * is built on these functions; the 8×8 hot paths live in board8.h.
 */
#ifndef PARITY_GAMES_REVERSI_REVERSI_H
#define PARITY_GAMES_REVERSI_REVERSI_H

#include <stdbool.h>
#include <stdint.h>

#include "core/game.h"

__extension__ typedef unsigned __int128 reversi_bits;

enum {
	REVERSI_BLACK = 0,   /* moves first; X in position text */
	REVERSI_WHITE = 1,   /* O in position text */
	REVERSI_PASS = 0xff, /* the `code` of a pass move */
	REVERSI_MAX_SIZE = 10,
};

/* The option slots of game_options (games/reversi/module.c lists the options). */
enum {
	REVERSI_OPT_SIZE = 0,       /* board side: 6, 8 or 10 (0: 8) */
	REVERSI_OPT_ANTI = 1,       /* 1: Anti-reversi, fewest discs wins */
	REVERSI_OPT_BLACK_HOLE = 2, /* 1: one square, chosen by the seed, never holds a disc */
};

extern const struct game_rules reversi_rules;

/* Returns the options of a `size` board (0: 8), Anti-reversi or not, with or without a black
 * hole placed by `seed`. */
struct game_options reversi_options(int size, bool anti, bool black_hole, uint32_t seed);

struct reversi_pos {
	reversi_bits disc[2]; /* Black's and White's discs */
	reversi_bits hole;    /* the black hole: one blocked square, or none */
	uint8_t size;         /* squares along a side: 6, 8 or 10 */
	uint8_t side;         /* REVERSI_BLACK or REVERSI_WHITE to move */
	uint8_t anti;         /* 1 in Anti-reversi: fewest discs wins */
};

/* Returns the discs that a move the rules generated flips (game_move.data holds them). */
static inline reversi_bits reversi_move_flips(const struct game_move *m)
{
	return ((reversi_bits)m->data[1] << 64) | m->data[0];
}

/* Returns the squares of the board (size × size bits). */
reversi_bits reversi_board_mask(int size);

/* Returns the legal squares of the side to move (empty when it must pass or the game is over). */
reversi_bits reversi_moves(const struct reversi_pos *pos);

/* Returns the discs flipped if the side to move plays `square` (0: not a legal move). */
reversi_bits reversi_flips(const struct reversi_pos *pos, int square);

/* Returns the number of discs of `colour`. */
int reversi_count(const struct reversi_pos *pos, int colour);

/* Returns whether the position is sound: no square both black and white, nothing off the
 * board or on the hole. Tests call it after every change. */
bool reversi_valid(const struct reversi_pos *pos);

/* Writes the name of `square` ("d3", "j10") into buf (4 bytes at least). */
void reversi_square_name(int size, int square, char *buf);

/* Returns the square that `text` names at the start ("d3", "D3"), storing how many characters
 * it used in *used, or -1 if it names none. */
int reversi_square_parse(int size, const char *text, int *used);

/* Returns the number of leaves `depth` moves deep: a forced pass counts as a move, and a game
 * that ends sooner counts as one leaf (as in the published counts). Uses the 64-bit kernels
 * on 8×8 boards. */
uint64_t reversi_perft(const struct reversi_pos *pos, int depth);

#endif
