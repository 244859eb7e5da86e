/*
 * games/reversi/eval.c — a hand-weighted evaluation for Medium and below (see eval.h).
 * Weights are in 1/100 of a disc. The pattern-based, trained evaluation of the strong
 * levels is a later piece of work; this one is what the seeds' programs describe, done well.
 */
#include "games/reversi/eval.h"

#include "games/reversi/board8.h"

enum {
	W_CORNER = 2500,    /* an owned corner */
	W_X_SQUARE = 900,   /* a disc diagonally next to an empty corner (penalty) */
	W_C_SQUARE = 350,   /* a disc on the edge next to an empty corner (penalty) */
	W_MOBILITY = 90,    /* per legal move more than the opponent */
	W_FRONTIER = 35,    /* per empty square next to the opponent's discs more than next to ours */
	W_STABLE = 140,     /* per edge disc anchored to an owned corner */
	W_PARITY = 150,     /* the side to move gets the last move (odd empties) */
};

/* Returns the number of set bits. */
static int count(reversi_bits x)
{
	return __builtin_popcountll((uint64_t)x) + __builtin_popcountll((uint64_t)(x >> 64));
}

/* Returns the squares next to any square of x (all eight directions) on a size × size board. */
static reversi_bits neighbours(reversi_bits x, int size)
{
	if (size == 8) {
		const uint64_t b = (uint64_t)x;
		const uint64_t row = b | ((b >> 1) & BOARD8_NOT_H) | ((b << 1) & BOARD8_NOT_A);
		return (reversi_bits)((row | (row << 8) | (row >> 8)) & ~b);
	}
	const reversi_bits board = reversi_board_mask(size);
	reversi_bits not_first = 0, not_last = 0;
	for (int r = 0; r < size; r++)
		for (int c = 0; c < size; c++) {
			const reversi_bits b = (reversi_bits)1 << (r * size + c);
			if (c > 0)
				not_first |= b;
			if (c < size - 1)
				not_last |= b;
		}
	const reversi_bits left = (x >> 1) & not_last, right = (x << 1) & not_first;
	const reversi_bits row = x | left | right;
	return (row | (row << size) | (row >> size)) & board & ~x;
}

/* Returns how many discs of `mine` run along an edge from the corner at (r, c) in steps of
 * (dr, dc), while they are all `mine`: discs that can never be flipped. */
static int edge_run(reversi_bits mine, int size, int r, int c, int dr, int dc)
{
	int n = 0;
	while (r >= 0 && c >= 0 && r < size && c < size &&
	       ((mine >> (r * size + c)) & 1)) {
		n++;
		r += dr;
		c += dc;
	}
	return n;
}

/* Returns the legal-move count of the player owning P against O. */
static int mobility(const struct reversi_pos *pos, int side)
{
	if (pos->size == 8) {
		const uint64_t P = (uint64_t)pos->disc[side], O = (uint64_t)pos->disc[!side];
		return board8_count(board8_moves_in(P, O, ~(P | O | (uint64_t)pos->hole)));
	}
	struct reversi_pos turned = *pos;
	turned.side = (uint8_t)side;
	return count(reversi_moves(&turned));
}

int reversi_evaluate(const struct reversi_pos *pos)
{
	const int size = pos->size, side = pos->side;
	const reversi_bits mine = pos->disc[side], theirs = pos->disc[!side];
	const reversi_bits empty = reversi_board_mask(size) & ~(mine | theirs | pos->hole);
	const int empties = count(empty), squares = size * size - (pos->hole ? 1 : 0);
	int score = 0;

	score += W_MOBILITY * (mobility(pos, side) - mobility(pos, !side));
	score += W_FRONTIER * (count(neighbours(theirs, size) & empty) -
			       count(neighbours(mine, size) & empty));

	/* Corners, the squares next to them, and the edges they make stable (all of which
	 * keep discs: bad news in Anti-reversi). */
	int shape = 0;
	const int last = size - 1;
	const int corner_r[4] = {0, 0, last, last}, corner_c[4] = {0, last, 0, last};
	for (int k = 0; k < 4; k++) {
		const int r = corner_r[k], c = corner_c[k];
		const int dr = r == 0 ? 1 : -1, dc = c == 0 ? 1 : -1;
		const reversi_bits corner = (reversi_bits)1 << (r * size + c);
		const reversi_bits x_sq = (reversi_bits)1 << ((r + dr) * size + c + dc);
		const reversi_bits c_sq = ((reversi_bits)1 << (r * size + c + dc)) |
					  ((reversi_bits)1 << ((r + dr) * size + c));
		if (mine & corner) {
			shape += W_CORNER;
			shape += W_STABLE * (edge_run(mine, size, r, c, 0, dc) +
					     edge_run(mine, size, r, c, dr, 0) - 2);
		} else if (theirs & corner) {
			shape -= W_CORNER;
			shape -= W_STABLE * (edge_run(theirs, size, r, c, 0, dc) +
					     edge_run(theirs, size, r, c, dr, 0) - 2);
		} else if (empty & corner) {
			shape -= W_X_SQUARE * (count(mine & x_sq) - count(theirs & x_sq));
			shape -= W_C_SQUARE * (count(mine & c_sq) - count(theirs & c_sq));
		}
	}
	score += pos->anti ? -shape : shape;

	/* Discs count for little early and for everything at the end. */
	const int filled = squares - empties;
	const int disc_weight = empties <= 12 ? 100 : 4 + 40 * filled / squares;
	const int discs = count(mine) - count(theirs);
	score += disc_weight * (pos->anti ? -discs : discs);
	score += empties & 1 ? W_PARITY : -W_PARITY;
	return score;
}
