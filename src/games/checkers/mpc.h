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
        {4, 1102, -16, 77},  /* n = 300, shallow depth 1 */
        {5, 1006, -3, 77},   /* n = 300, shallow depth 1 */
        {6, 1042, 6, 59},    /* n = 300, shallow depth 2 */
        {7, 1106, 11, 65},   /* n = 300, shallow depth 2 */
        {8, 1030, 3, 69},    /* n = 300, shallow depth 3 */
        {9, 1167, 9, 66},    /* n = 299, shallow depth 3 */
        {10, 1137, 7, 72},   /* n = 299, shallow depth 4 */
        {11, 1141, 15, 74},  /* n = 299, shallow depth 4 */
        {12, 1190, -10, 65}, /* n = 299, shallow depth 5 */
        {13, 1240, -4, 75},  /* n = 299, shallow depth 5 */
        {14, 1202, 1, 75},   /* n = 299, shallow depth 6 */
};

#endif
