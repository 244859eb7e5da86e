/*
 * games/reversi/eval.c — a hand-weighted Reversi evaluation for the levels up to Medium (see
 * eval.h). Weights are in 1/100 of a disc, for the side to move.
 *
 * Every feature works on the 128-bit square sets of reversi.h, so one code path serves the
 * 6×6, 8×8 and 10×10 boards; on 8×8 the board masks are constants and mobility comes from the
 * 64-bit kernels of board8.h. In Anti-reversi the features that keep discs (corners, stable
 * discs, the disc count) change sign; mobility and parity keep theirs. A black hole blocks
 * every line through it, so the evaluation treats it as a filled square that is also an edge.
 */
#include "games/reversi/eval.h"

#include "games/reversi/board8.h"

enum {
	W_MOBILITY = 100,   /* per legal move more than the opponent */
	W_FRONTIER = 40,    /* per empty square next to the opponent's discs more than to ours */
	W_CORNER = 1200,    /* an owned corner */
	W_X_SQUARE = 600,   /* a disc diagonally next to an empty corner (a penalty) */
	W_C_SQUARE = 250,   /* a disc on an edge next to an empty corner (a penalty) */
	W_STABLE = 150,     /* a disc that can never be flipped */
	W_PARITY = 150,     /* the side to move gets the last move (odd empties), in the end */
	W_REGION = 60,      /* an odd quadrant where the player can move, in the end */
	STABLE_PASSES = 24, /* the stable-disc fixpoint stops here at worst (still a lower bound) */
};

static const reversi_bits one = 1;

/* The masks one board size needs. */
struct geometry {
	int size;
	reversi_bits board;     /* every square */
	reversi_bits not_first; /* every square but those of the first column */
	reversi_bits not_last;  /* every square but those of the last column */
	reversi_bits rim;       /* the four edges */
	reversi_bits cols_rim;  /* the first and last columns */
	reversi_bits rows_rim;  /* the first and last rows */
	reversi_bits corners;
	reversi_bits quadrant[4];
};

/* Returns the number of set bits of x. */
static int count(reversi_bits x)
{
	return __builtin_popcountll((uint64_t)x) + __builtin_popcountll((uint64_t)(x >> 64));
}

/* Fills the masks of a size × size board. */
static void geometry_set(struct geometry *g, int size)
{
	const int last = size - 1, half = size / 2;
	reversi_bits first_col = 0, left = 0;
	if (size == 8) {
		first_col = 0x0101010101010101ULL;
		left = 0x0f0f0f0f0f0f0f0fULL;
	} else {
		for (int r = 0; r < size; r++)
			first_col |= one << (r * size);
		for (int c = 0; c < half; c++)
			left |= first_col << c;
	}
	const reversi_bits first_row = (one << size) - 1;
	g->size = size;
	g->board = reversi_board_mask(size);
	g->not_first = g->board & ~first_col;
	g->not_last = g->board & ~(first_col << last);
	g->cols_rim = first_col | (first_col << last);
	g->rows_rim = first_row | (first_row << (size * last));
	g->rim = g->cols_rim | g->rows_rim;
	g->corners = one | (one << last) | (one << (size * last)) | (one << (size * last + last));
	const reversi_bits top = (one << (size * half)) - 1;
	g->quadrant[0] = top & left;
	g->quadrant[1] = top & ~left & g->board;
	g->quadrant[2] = ~top & left & g->board;
	g->quadrant[3] = ~top & ~left & g->board;
}

/* Returns x moved one step along line direction `dir` (0: east, 1: south, 2: south-east,
 * 3: south-west), forward or back, dropping what leaves the board. */
static reversi_bits step(const struct geometry *g, reversi_bits x, int dir, bool forward)
{
	const int s = g->size;
	switch (dir) {
	case 0:
		return forward ? (x & g->not_last) << 1 : (x & g->not_first) >> 1;
	case 1:
		return forward ? (x << s) & g->board : x >> s;
	case 2:
		return forward ? ((x & g->not_last) << (s + 1)) & g->board
		               : (x & g->not_first) >> (s + 1);
	default:
		return forward ? ((x & g->not_first) << (s - 1)) & g->board
		               : (x & g->not_last) >> (s - 1);
	}
}

/* Returns the squares next to any square of x, in all eight directions, not in x. */
static reversi_bits neighbours(const struct geometry *g, reversi_bits x)
{
	if (g->size == 8) {
		const uint64_t b = (uint64_t)x;
		const uint64_t row = b | ((b >> 1) & BOARD8_NOT_H) | ((b << 1) & BOARD8_NOT_A);
		return (reversi_bits)((row | (row << 8) | (row >> 8)) & ~b);
	}
	const reversi_bits row = x | step(g, x, 0, true) | step(g, x, 0, false);
	return (row | step(g, row, 1, true) | step(g, row, 1, false)) & ~x;
}

/* Returns the squares of direction `dir` that sit at an end of their line: on the rim for
 * that direction, or next to the hole along it. */
static reversi_bits line_ends(const struct geometry *g, reversi_bits hole, int dir)
{
	const reversi_bits rim = dir == 0 ? g->cols_rim : dir == 1 ? g->rows_rim : g->rim;
	return rim | step(g, hole, dir, true) | step(g, hole, dir, false);
}

/* Returns the squares whose whole line in direction `dir` is filled (discs or the hole). */
static reversi_bits full_lines(const struct geometry *g, reversi_bits filled, int dir)
{
	/* Peel off, one step per pass, every filled square whose neighbour on a side is empty. */
	reversi_bits full = filled;
	for (;;) {
		const reversi_bits next =
		    full & (step(g, full, dir, true) | ~step(g, g->board, dir, true)) &
		    (step(g, full, dir, false) | ~step(g, g->board, dir, false));
		if (next == full)
			return full;
		full = next;
	}
}

/* Returns the discs of `mine` that can never be flipped: in each of the four line directions,
 * the line is full, or the disc sits at its end, or next to a stable disc of its own colour.
 * `guard[d]` holds the full lines and line ends of direction d. */
static reversi_bits stable_discs(const struct geometry *g, reversi_bits mine,
                                 const reversi_bits guard[4])
{
	reversi_bits stable = 0;
	for (int pass = 0; pass < STABLE_PASSES; pass++) {
		reversi_bits next = mine;
		for (int d = 0; d < 4 && next; d++)
			next &= guard[d] | step(g, stable, d, true) | step(g, stable, d, false);
		if (next == stable)
			break;
		stable = next;
	}
	return stable;
}

/* Returns the legal squares of `side`. */
static reversi_bits moves_of(const struct reversi_pos *pos, int side)
{
	if (pos->size == 8) {
		const uint64_t P = (uint64_t)pos->disc[side], O = (uint64_t)pos->disc[!side];
		return board8_moves_in(P, O, ~(P | O | (uint64_t)pos->hole));
	}
	struct reversi_pos turned = *pos;
	turned.side = (uint8_t)side;
	return reversi_moves(&turned);
}

/* Returns the corner, X-square and C-square terms for `mine` against `theirs`. */
static int corner_terms(const struct geometry *g, reversi_bits mine, reversi_bits theirs,
                        reversi_bits empty)
{
	const int s = g->size, last = s - 1;
	int score = W_CORNER * (count(mine & g->corners) - count(theirs & g->corners));
	for (int k = 0; k < 4; k++) {
		const int r = k < 2 ? 0 : last, c = k & 1 ? last : 0;
		if (!(empty & (one << (r * s + c))))
			continue;
		const int dr = r ? -1 : 1, dc = c ? -1 : 1;
		const reversi_bits x_sq = one << ((r + dr) * s + c + dc);
		const reversi_bits c_sq = (one << (r * s + c + dc)) | (one << ((r + dr) * s + c));
		score -= W_X_SQUARE * (count(mine & x_sq) - count(theirs & x_sq));
		score -= W_C_SQUARE * (count(mine & c_sq) - count(theirs & c_sq));
	}
	return score;
}

int reversi_evaluate(const struct reversi_pos *pos)
{
	struct geometry g;
	geometry_set(&g, pos->size);
	const reversi_bits mine = pos->disc[pos->side], theirs = pos->disc[!pos->side];
	const reversi_bits hole = pos->hole;
	const reversi_bits empty = g.board & ~(mine | theirs | hole);
	const int empties = count(empty), squares = count(g.board & ~hole);
	const reversi_bits my_moves = moves_of(pos, pos->side);
	const reversi_bits their_moves = moves_of(pos, !pos->side);

	/* Mobility now and later (empty squares beside the other side's discs). */
	int score = W_MOBILITY * (count(my_moves) - count(their_moves));
	score += W_FRONTIER *
	         (count(neighbours(&g, theirs) & empty) - count(neighbours(&g, mine) & empty));

	/* What keeps discs: corners and the squares that give them away, stable discs, discs. */
	int keep = corner_terms(&g, mine, theirs, empty);
	if ((mine | theirs) & g.corners) {
		reversi_bits guard[4];
		for (int d = 0; d < 4; d++)
			guard[d] = full_lines(&g, g.board & ~empty, d) | line_ends(&g, hole, d);
		keep += W_STABLE * (count(stable_discs(&g, mine, guard)) -
		                    count(stable_discs(&g, theirs, guard)));
	}
	/* Discs count for nothing until the board is half full, then up to a disc each. */
	const int half = squares / 2;
	const int late = empties < half ? 100 * (half - empties) / half : 0;
	keep += late * (count(mine) - count(theirs));
	score += pos->anti ? -keep : keep;

	/* Parity, toward the end: the last move overall, and in each odd quadrant. */
	if (late) {
		int parity = empties & 1 ? W_PARITY : -W_PARITY;
		for (int q = 0; q < 4; q++) {
			const reversi_bits region = empty & g.quadrant[q];
			if (!(count(region) & 1))
				continue;
			parity += region & my_moves ? W_REGION : 0;
			parity -= region & their_moves ? W_REGION : 0;
		}
		score += parity * late / 100;
	}
	return score;
}
