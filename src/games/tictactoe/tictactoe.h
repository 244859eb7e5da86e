/*
 * games/tictactoe/tictactoe.h — tic-tac-toe on 3×3, the registry's test game: built into the
 * test build only (games/registry.def marks it TEST_GAME), to prove that a game needs no more
 * than its folder, its view and its line in the registry (docs/ARCHITECTURE.md).
 *
 * Squares are a1..c3, index row * 3 + column (a1 = 0, row 1 at the top). X moves first.
 */
#ifndef PARITY_GAMES_TICTACTOE_TICTACTOE_H
#define PARITY_GAMES_TICTACTOE_TICTACTOE_H

#include <stdint.h>

#include "core/game.h"

enum {
	TICTACTOE_X = 0,
	TICTACTOE_O = 1,
	TICTACTOE_OPT_MISERE = 0, /* option slot: 1 when three in a row loses */
};

/* One position: 8 bytes, every byte defined. */
struct tictactoe_pos {
	uint16_t mark[2]; /* bit i: X's / O's mark on square i */
	uint8_t side;     /* TICTACTOE_X or TICTACTOE_O to move */
	uint8_t misere;   /* 1: three in a row loses */
	uint8_t pad[2];
};

extern const struct game_rules tictactoe_rules;

/* Returns the side with three in a row (0 or 1), or -1. */
int tictactoe_line(const struct tictactoe_pos *pos);

#endif
