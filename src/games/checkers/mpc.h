/*
 * games/checkers/mpc.h — the ProbCut fits of the checkers search (engine.c), one per depth.
 * Written by tools/calibrate-mpc (`make checkers-mpc-table`: --game checkers --positions 300 --max-depth 14 --seed 1)
 * from Parity's own positions and the weights in assets/checkers-eval.bin; regenerate it whenever they change.
 */
#ifndef PARITY_GAMES_CHECKERS_MPC_H
#define PARITY_GAMES_CHECKERS_MPC_H

#include "games/checkers/checkers.h"

enum { CHECKERS_MPC_MIN_DEPTH = 4, CHECKERS_MPC_MAX_DEPTH = 14 };

/* depth, a (thousandths), b and sigma (1/100 man); fitted on n positions */
static const struct checkers_mpc_fit
    checkers_mpc[CHECKERS_MPC_MAX_DEPTH - CHECKERS_MPC_MIN_DEPTH + 1] = {
        {4, 1026, -19, 74},  /* n = 300, shallow depth 1 */
        {5, 1082, -13, 85},  /* n = 300, shallow depth 1 */
        {6, 1131, -8, 77},   /* n = 300, shallow depth 2 */
        {7, 1140, 0, 85},    /* n = 300, shallow depth 2 */
        {8, 1195, -7, 89},   /* n = 300, shallow depth 3 */
        {9, 1217, 1, 94},    /* n = 300, shallow depth 3 */
        {10, 1186, 11, 90},  /* n = 299, shallow depth 4 */
        {11, 1207, 18, 101}, /* n = 299, shallow depth 4 */
        {12, 1189, -2, 86},  /* n = 299, shallow depth 5 */
        {13, 1235, 2, 99},   /* n = 299, shallow depth 5 */
        {14, 1226, 6, 99},   /* n = 299, shallow depth 6 */
};

#endif
