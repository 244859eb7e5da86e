/*
 * games/reversi/mpc.h — the Multi-ProbCut fits of the Reversi search (deep.c), one per depth,
 * and one per count of empty squares for the nodes searched to the end. Written by
 * tools/calibrate-mpc (`make mpc-table`: --positions 300 --max-depth 12 --end-positions 200
 * --end-max 24 --seed 1) from Parity's own positions and the weights in assets/reversi-eval.bin;
 * regenerate it whenever they change.
 */
#ifndef PARITY_GAMES_REVERSI_MPC_H
#define PARITY_GAMES_REVERSI_MPC_H

#include "games/reversi/deep.h"

enum { MPC_MIN_DEPTH = 3, MPC_MAX_DEPTH = 12 };

/* depth, a (thousandths), b and sigma (1/100 disc); fitted on n positions */
static const struct mpc_fit reversi_mpc[MPC_MAX_DEPTH - MPC_MIN_DEPTH + 1] = {
    {3, 1043, 72, 300},    /* n = 299, shallow depth 1 */
    {4, 1036, -162, 362},  /* n = 299, shallow depth 1 */
    {5, 1051, 83, 370},    /* n = 299, shallow depth 1 */
    {6, 1080, 14, 366},    /* n = 299, shallow depth 2 */
    {7, 1080, 273, 410},   /* n = 299, shallow depth 2 */
    {8, 1083, 22, 403},    /* n = 299, shallow depth 2 */
    {9, 1046, 39, 405},    /* n = 299, shallow depth 3 */
    {10, 1048, -238, 410}, /* n = 299, shallow depth 3 */
    {11, 1070, 25, 452},   /* n = 299, shallow depth 3 */
    {12, 1078, 6, 417},    /* n = 299, shallow depth 4 */
};

enum { MPC_END_MIN = 15, MPC_END_MAX = 24 };

/* empty squares, a (thousandths), b and sigma (1/100 disc) of the final margin; fitted on n
 * positions (more empty squares than MPC_END_MAX: its fit) */
static const struct mpc_fit reversi_mpc_end[MPC_END_MAX - MPC_END_MIN + 1] = {
    {15, 1033, 369, 620}, /* n = 200, shallow depth 4 */
    {16, 1061, -30, 684}, /* n = 200, shallow depth 4 */
    {17, 987, 368, 623},  /* n = 200, shallow depth 4 */
    {18, 1127, 111, 675}, /* n = 200, shallow depth 4 */
    {19, 1084, 412, 578}, /* n = 200, shallow depth 4 */
    {20, 1057, 16, 603},  /* n = 200, shallow depth 4 */
    {21, 1009, 411, 614}, /* n = 200, shallow depth 4 */
    {22, 1144, 57, 638},  /* n = 200, shallow depth 4 */
    {23, 1056, 415, 516}, /* n = 200, shallow depth 4 */
    {24, 1130, 113, 510}, /* n = 200, shallow depth 4 */
};

#endif
