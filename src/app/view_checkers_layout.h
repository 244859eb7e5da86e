/*
 * app/view_checkers_layout.h — where the checkers view puts its squares (pure arithmetic, no
 * SDL), shared with the window tests.
 */
#ifndef PARITY_APP_VIEW_CHECKERS_LAYOUT_H
#define PARITY_APP_VIEW_CHECKERS_LAYOUT_H

#include "app/layout.h"

/* Stores the screen column and row of checkers square sq (1..32, PDN numbering) on the 8×8
 * board: Black's side (squares 1-4) at the bottom when black_bottom, at the top otherwise. */
static inline void layout_checkers_cell(int sq, int black_bottom, int *col, int *row)
{
	const int r = (sq - 1) / 4, c = 2 * ((sq - 1) % 4) + (r % 2 == 0);
	*col = black_bottom ? 7 - c : c;
	*row = black_bottom ? 7 - r : r;
}

/* Stores the logical rectangle of checkers square sq (see layout_checkers_cell). */
static inline void layout_checkers_square(int sq, int black_bottom, int *x, int *y, int *w)
{
	int col, row;
	layout_checkers_cell(sq, black_bottom, &col, &row);
	layout_square(8, col, row, x, y, w);
}

#endif
