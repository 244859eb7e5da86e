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
