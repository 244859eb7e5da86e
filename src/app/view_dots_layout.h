/*
 * app/view_dots_layout.h — where the Dots and Boxes view puts its dots and lines (pure
 * arithmetic, no SDL), shared with the window tests.
 */
#ifndef PARITY_APP_VIEW_DOTS_LAYOUT_H
#define PARITY_APP_VIEW_DOTS_LAYOUT_H

#include "app/layout.h"

/* A Dots and Boxes board keeps this margin (logical pixels) inside the board area. */
enum { LAYOUT_DOTS_MARGIN = 50 };

/* Stores the logical position of the top-left dot of a rows × cols Dots and Boxes board and
 * the side of one box: dot (r, c) sits at (*x + c × *cell, *y + r × *cell). */
static inline void layout_dots(int rows, int cols, int *x, int *y, int *cell)
{
	const int most = rows > cols ? rows : cols;
	*cell = (LAYOUT_BOARD_PX - 2 * LAYOUT_DOTS_MARGIN) / most;
	*x = LAYOUT_BOARD_X + (LAYOUT_BOARD_PX - *cell * cols) / 2;
	*y = LAYOUT_BOARD_Y + (LAYOUT_BOARD_PX - *cell * rows) / 2;
}

/* Returns the thickness of a drawn edge on a board whose boxes are `cell` pixels wide. */
static inline int layout_dots_line(int cell)
{
	const int t = cell / 12;
	return t < 5 ? 5 : t > 14 ? 14 : t;
}

#endif
