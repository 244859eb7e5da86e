/*
 * games/reversi/eval.h — the static evaluation of a Reversi position, with the features the
 * seed programs name: mobility and potential mobility, corners, X- and C-squares next to
 * empty corners, discs made stable by an owned corner along the edges, the disc count
 * (weighted toward the end) and parity.
 */
#ifndef PARITY_GAMES_REVERSI_EVAL_H
#define PARITY_GAMES_REVERSI_EVAL_H

#include "games/reversi/reversi.h"

/* Returns the score of a position for the side to move, in 1/100 of a disc. A finished game
 * is not evaluated here: the search scores it exactly. */
int reversi_evaluate(const struct reversi_pos *pos);

#endif
