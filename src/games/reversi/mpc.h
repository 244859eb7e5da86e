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
    {3, 998, 114, 321},    /* n = 300, shallow depth 1 */
    {4, 994, -118, 372},   /* n = 300, shallow depth 1 */
    {5, 1008, 149, 358},   /* n = 300, shallow depth 1 */
    {6, 998, 51, 340},     /* n = 300, shallow depth 2 */
    {7, 1031, 349, 375},   /* n = 300, shallow depth 2 */
    {8, 1049, 48, 467},    /* n = 300, shallow depth 2 */
    {9, 1046, 54, 410},    /* n = 300, shallow depth 3 */
    {10, 1039, -234, 420}, /* n = 300, shallow depth 3 */
    {11, 1042, 55, 431},   /* n = 300, shallow depth 3 */
    {12, 1056, 2, 392},    /* n = 300, shallow depth 4 */
};

enum { MPC_END_MIN = 15, MPC_END_MAX = 24 };

/* empty squares, a (thousandths), b and sigma (1/100 disc) of the final margin; fitted on n
 * positions (more empty squares than MPC_END_MAX: its fit) */
static const struct mpc_fit reversi_mpc_end[MPC_END_MAX - MPC_END_MIN + 1] = {
    {15, 1011, 352, 696}, /* n = 200, shallow depth 4 */
    {16, 1053, 133, 645}, /* n = 200, shallow depth 4 */
    {17, 1060, 326, 647}, /* n = 200, shallow depth 4 */
    {18, 1097, 27, 574},  /* n = 200, shallow depth 4 */
    {19, 1087, 320, 609}, /* n = 200, shallow depth 4 */
    {20, 1021, 172, 600}, /* n = 200, shallow depth 4 */
    {21, 1046, 385, 596}, /* n = 200, shallow depth 4 */
    {22, 1107, 121, 538}, /* n = 200, shallow depth 4 */
    {23, 1064, 342, 523}, /* n = 200, shallow depth 4 */
    {24, 1151, 68, 490},  /* n = 200, shallow depth 4 */
};

#endif
