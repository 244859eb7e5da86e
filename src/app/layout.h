/*
 * app/layout.h — where things sit on the logical 1280×800 canvas. Pure arithmetic with no
 * SDL, so that the window tests can find a square in a screenshot exactly where the
 * front end drew it.
 */
#ifndef PARITY_APP_LAYOUT_H
#define PARITY_APP_LAYOUT_H

enum {
	LAYOUT_BOARD_X = 60, /* the board's top-left corner and side, for every board size */
	LAYOUT_BOARD_Y = 50,
	LAYOUT_BOARD_PX = 700,
	LAYOUT_PANEL_X = 820, /* the HUD on the right */
	LAYOUT_PANEL_W = 420,
};

/* Returns the side of one square of a size × size board. */
static inline int layout_cell(int size)
{
	return LAYOUT_BOARD_PX / size;
}

/* Stores the logical rectangle of square (col, row) of a size × size board. */
static inline void layout_square(int size, int col, int row, int *x, int *y, int *w)
{
	const int cell = layout_cell(size);
	const int margin = (LAYOUT_BOARD_PX - cell * size) / 2;
	*x = LAYOUT_BOARD_X + margin + col * cell;
	*y = LAYOUT_BOARD_Y + margin + row * cell;
	*w = cell;
}

#endif
