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
        {4, 1072, -19, 77}, /* n = 299, shallow depth 1 */
        {5, 1057, -9, 84},  /* n = 299, shallow depth 1 */
        {6, 1113, -1, 75},  /* n = 299, shallow depth 2 */
        {7, 1180, 6, 84},   /* n = 299, shallow depth 2 */
        {8, 1097, -2, 76},  /* n = 299, shallow depth 3 */
        {9, 1173, 5, 78},   /* n = 298, shallow depth 3 */
        {10, 1147, 13, 82}, /* n = 298, shallow depth 4 */
        {11, 1210, 19, 91}, /* n = 298, shallow depth 4 */
        {12, 1217, -3, 82}, /* n = 298, shallow depth 5 */
        {13, 1245, 3, 86},  /* n = 298, shallow depth 5 */
        {14, 1305, 11, 88}, /* n = 298, shallow depth 6 */
};

#endif
