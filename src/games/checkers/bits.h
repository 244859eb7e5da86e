/*
 * games/checkers/bits.h — the bitboard steps of checkers, shared by the rules
 * (checkers.c) and the engine (engine.c): one diagonal step of a whole set of squares,
 * which pieces can capture, how many simple moves a side has. Square n is bit n-1 (PDN
 * numbering, see checkers.h); rows alternate between columns 1, 3, 5, 7 and 0, 2, 4, 6.
 */
#ifndef PARITY_GAMES_CHECKERS_BITS_H
#define PARITY_GAMES_CHECKERS_BITS_H

#include <stdbool.h>
#include <stdint.h>

#include "games/checkers/checkers.h"

#define EVEN_ROWS   0x0f0f0f0fu /* rows 0, 2, 4, 6: columns 1, 3, 5, 7 */
#define ODD_ROWS    0xf0f0f0f0u /* rows 1, 3, 5, 7: columns 0, 2, 4, 6 */
#define NOT_COL7    0x07070707u /* even-row squares that have a column to their right */
#define NOT_COL0    0xe0e0e0e0u /* odd-row squares that have a column to their left */
#define BLACK_CROWN 0xf0000000u /* row 7: squares 29–32 */
#define WHITE_CROWN 0x0000000fu /* row 0: squares 1–4 */

/* One diagonal step of every square in x, in each of the four directions. */
static inline uint32_t step_down_left(uint32_t x)
{
	return ((x & EVEN_ROWS) << 4) | ((x & NOT_COL0) << 3);
}
static inline uint32_t step_down_right(uint32_t x)
{
	return ((x & NOT_COL7) << 5) | ((x & ODD_ROWS) << 4);
}
static inline uint32_t step_up_left(uint32_t x)
{
	return ((x & EVEN_ROWS) >> 4) | ((x & NOT_COL0) >> 5);
}
static inline uint32_t step_up_right(uint32_t x)
{
	return ((x & NOT_COL7) >> 3) | ((x & ODD_ROWS) >> 4);
}

/* Returns one step of every square in x in direction d: 0 down-left, 1 down-right, 2 up-left,
 * 3 up-right (d ^ 3 is the opposite direction). Loops over d unroll into straight code. */
static inline uint32_t step(int d, uint32_t x)
{
	switch (d) {
	case 0:
		return step_down_left(x);
	case 1:
		return step_down_right(x);
	case 2:
		return step_up_left(x);
	default:
		return step_up_right(x);
	}
}

/* Returns the board turned half round: square n becomes 33 - n, the 32 bits reversed. */
static inline uint32_t turn_round(uint32_t x)
{
	x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
	x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
	x = ((x >> 4) & 0x0f0f0f0fu) | ((x & 0x0f0f0f0fu) << 4);
	x = ((x >> 8) & 0x00ff00ffu) | ((x & 0x00ff00ffu) << 8);
	return (x >> 16) | (x << 16);
}

/* Returns the direction mask (bit d for step(d, ·)) a piece may move in: Black men down,
 * White men up, kings everywhere. */
static inline unsigned directions(int side, bool king)
{
	return king ? 15u : side == CHECKERS_BLACK ? 3u : 12u;
}

/* Returns the pieces of `side` (own, of which `kings` are kings) that can capture one of
 * `opp` now. Walking back from the empty squares over an enemy finds the squares that can
 * jump toward them: up-left and up-right walks find the downward captures. */
static inline uint32_t jumpers_of(int side, uint32_t own, uint32_t opp, uint32_t kings)
{
	const uint32_t empty = ~(own | opp);
	const uint32_t down =
	    step_up_right(step_up_right(empty) & opp) | step_up_left(step_up_left(empty) & opp);
	const uint32_t up = step_down_right(step_down_right(empty) & opp) |
	                    step_down_left(step_down_left(empty) & opp);
	return side == CHECKERS_BLACK ? (down & own) | (up & kings) : (up & own) | (down & kings);
}

/* Returns the number of simple (non-capturing) moves of `side` (own, of which `kings` are
 * kings) onto the `empty` squares: men move two ways, kings all four. */
static inline int count_simple(int side, uint32_t own, uint32_t kings, uint32_t empty)
{
	const uint32_t down = side == CHECKERS_BLACK ? own : kings;
	const uint32_t up = side == CHECKERS_BLACK ? kings : own;
	return __builtin_popcount(step_down_left(down) & empty) +
	       __builtin_popcount(step_down_right(down) & empty) +
	       __builtin_popcount(step_up_left(up) & empty) +
	       __builtin_popcount(step_up_right(up) & empty);
}

#endif
