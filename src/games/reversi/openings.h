/*
 * games/reversi/openings.h — the names of the standard Othello openings ("Tiger", "Rose",
 * "Buffalo", "Heath", "Cow", "Chimney", …), for the front end to name the opening being
 * played. A name belongs to the position its published line leads to, in any of the board's
 * 8 symmetries (a game that began on d3, c4 or e6 instead of f5) and in any move order.
 */
#ifndef PARITY_GAMES_REVERSI_OPENINGS_H
#define PARITY_GAMES_REVERSI_OPENINGS_H

#include <stdbool.h>

#include "games/reversi/reversi.h"

/* One named opening: its name and its line, squares from the start ("f5d6c3d3c4"). */
struct reversi_opening {
	const char *name;
	const char *line;
};

/* Returns the table of named openings, storing its length in *n. */
const struct reversi_opening *reversi_openings(int *n);

/* Returns the name of the opening whose line leads to `pos` (the standard 8×8 game only), or
 * NULL. A front end names the game's opening by the latest position of the game that has a
 * name. */
const char *reversi_opening_at(const struct reversi_pos *pos);

/* Returns whether line i of the table is made of legal moves (for the tests). */
bool reversi_opening_line_ok(int i);

#endif
