/*
 * games/reversi/mpc.h — the Multi-ProbCut fits of the Reversi search (deep.c), one per depth.
 * Written by tools/calibrate-mpc (`make mpc-table`: --positions 300 --max-depth 12 --seed 1)
 * from Parity's own positions and the weights in assets/reversi-eval.bin; regenerate it whenever they change.
 */
#ifndef PARITY_GAMES_REVERSI_MPC_H
#define PARITY_GAMES_REVERSI_MPC_H

#include "games/reversi/deep.h"

enum { MPC_MIN_DEPTH = 3, MPC_MAX_DEPTH = 12 };

/* depth, a (thousandths), b and sigma (1/100 disc); fitted on n positions */
static const struct mpc_fit reversi_mpc[MPC_MAX_DEPTH - MPC_MIN_DEPTH + 1] = {
    {3, 998, 114, 321},    /* n = 300, shallow depth 1 */
    {4, 994, -118, 372},   /* n = 300, shallow depth 1 */
    {5, 1005, 149, 358},   /* n = 300, shallow depth 1 */
    {6, 998, 51, 340},     /* n = 300, shallow depth 2 */
    {7, 1037, 351, 375},   /* n = 300, shallow depth 2 */
    {8, 1049, 48, 467},    /* n = 300, shallow depth 2 */
    {9, 1041, 54, 412},    /* n = 300, shallow depth 3 */
    {10, 1039, -234, 420}, /* n = 300, shallow depth 3 */
    {11, 1042, 55, 431},   /* n = 300, shallow depth 3 */
    {12, 1056, 2, 392},    /* n = 300, shallow depth 4 */
};

#endif
