/*
 * games/reversi/board8.h — the hot 8×8 Reversi kernels on 64-bit bitboards.
 *
 * Square a1 is bit 0, h1 bit 7, a8 bit 63 (row-major, row 1 at the top). A board is a pair
 * (P, O): the discs of the player to move and of the opponent. Squares that are in neither
 * and not in the empty mask (a black hole) block every line through them. These are the
 * functions perft and the search call millions of times a second; everything else about
 * Reversi goes through games/reversi/reversi.h.
 */
#ifndef PARITY_GAMES_REVERSI_BOARD8_H
#define PARITY_GAMES_REVERSI_BOARD8_H

#include <stdint.h>

#define BOARD8_NOT_A 0xfefefefefefefefeULL /* every column but a */
#define BOARD8_NOT_H 0x7f7f7f7f7f7f7f7fULL /* every column but h */

/* Returns the number of set bits of x. */
static inline int board8_count(uint64_t x)
{
	return __builtin_popcountll(x);
}

/*
 * Returns the run of `through` squares that starts one step from `from` in the direction of
 * a left shift by d (toward h8), as far as it goes: a Kogge–Stone fill of up to six steps.
 * `through` is the opponent's discs, masked so that a run cannot wrap around the board.
 */
static inline uint64_t board8_run_up(uint64_t from, uint64_t through, int d)
{
	uint64_t run = through & (from << d);
	const uint64_t pairs = through & (through << d);
	run |= through & (run << d);
	run |= pairs & (run << 2 * d);
	run |= pairs & (run << 2 * d);
	return run;
}

/* Returns the same run in the direction of a right shift by d (toward a1). */
static inline uint64_t board8_run_down(uint64_t from, uint64_t through, int d)
{
	uint64_t run = through & (from >> d);
	const uint64_t pairs = through & (through >> d);
	run |= through & (run >> d);
	run |= pairs & (run >> 2 * d);
	run |= pairs & (run >> 2 * d);
	return run;
}

/* Returns the legal squares of the player owning P: squares of `empty` that close a line
 * of O discs against a P disc. The interior of a horizontal or diagonal line is never on
 * column a or h, which is what stops runs from wrapping. */
static inline uint64_t board8_moves_in(uint64_t P, uint64_t O, uint64_t empty)
{
	const uint64_t inner = O & BOARD8_NOT_A & BOARD8_NOT_H;
	uint64_t m = board8_run_up(P, inner, 1) << 1;
	m |= board8_run_down(P, inner, 1) >> 1;
	m |= board8_run_up(P, O, 8) << 8;
	m |= board8_run_down(P, O, 8) >> 8;
	m |= board8_run_up(P, inner, 7) << 7;
	m |= board8_run_down(P, inner, 7) >> 7;
	m |= board8_run_up(P, inner, 9) << 9;
	m |= board8_run_down(P, inner, 9) >> 9;
	return m & empty;
}

/* Returns the legal squares of P on a full 8×8 board with no blocked square. */
static inline uint64_t board8_moves(uint64_t P, uint64_t O)
{
	return board8_moves_in(P, O, ~(P | O));
}

/* Returns `run` if the square one step past it (left shift by d) holds a P disc, else 0. */
static inline uint64_t board8_closed_up(uint64_t run, uint64_t P, int d)
{
	return run & -(uint64_t)(((run << d) & P) != 0);
}

/* Returns `run` if the square one step past it (right shift by d) holds a P disc, else 0. */
static inline uint64_t board8_closed_down(uint64_t run, uint64_t P, int d)
{
	return run & -(uint64_t)(((run >> d) & P) != 0);
}

/* Returns the O discs flipped when P plays on square `sq` (0 if none: not a legal move). */
static inline uint64_t board8_flips(int sq, uint64_t P, uint64_t O)
{
	const uint64_t x = 1ULL << sq;
	const uint64_t inner = O & BOARD8_NOT_A & BOARD8_NOT_H;
	uint64_t f = board8_closed_up(board8_run_up(x, inner, 1), P, 1);
	f |= board8_closed_down(board8_run_down(x, inner, 1), P, 1);
	f |= board8_closed_up(board8_run_up(x, O, 8), P, 8);
	f |= board8_closed_down(board8_run_down(x, O, 8), P, 8);
	f |= board8_closed_up(board8_run_up(x, inner, 7), P, 7);
	f |= board8_closed_down(board8_run_down(x, inner, 7), P, 7);
	f |= board8_closed_up(board8_run_up(x, inner, 9), P, 9);
	f |= board8_closed_down(board8_run_down(x, inner, 9), P, 9);
	return f;
}

#endif
