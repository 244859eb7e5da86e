/*
 * games/reversi/mpc.h — the Multi-ProbCut fits of the Reversi search (deep.c), one per depth.
 * Written by tools/calibrate-mpc (`make mpc-table`) from Parity's own positions and weights;
 * regenerate it whenever the evaluation weights change.
 */
#ifndef PARITY_GAMES_REVERSI_MPC_H
#define PARITY_GAMES_REVERSI_MPC_H

#include "games/reversi/deep.h"

enum { MPC_MIN_DEPTH = 3, MPC_MAX_DEPTH = 3 };

/* Not calibrated yet: no cut ever passes (sigma too large). */
static const struct mpc_fit reversi_mpc[MPC_MAX_DEPTH - MPC_MIN_DEPTH + 1] = {
    {3, 1000, 0, 1000000},
};

#endif
