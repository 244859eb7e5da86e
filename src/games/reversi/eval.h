/*
 * games/reversi/eval.h — the static evaluation of a Reversi position on any board size, with
 * the features the classic programs use: mobility and potential mobility, corners, X- and
 * C-squares next to empty corners, stable discs (anchored at the corners, along full lines),
 * the disc count (weighted toward the end) and parity (the last move overall and in each
 * odd quadrant).
 */
#ifndef PARITY_GAMES_REVERSI_EVAL_H
#define PARITY_GAMES_REVERSI_EVAL_H

#include "games/reversi/reversi.h"

/* Returns the score of a position that is not over for the side to move, in 1/100 of a
 * disc (> 0: good for it). The search scores finished games itself, exactly. */
int reversi_evaluate(const struct reversi_pos *pos);

#endif
