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
        {4, 1101, -23, 67}, /* n = 300, shallow depth 1 */
        {5, 1156, -13, 74}, /* n = 300, shallow depth 1 */
        {6, 1171, -4, 68},  /* n = 300, shallow depth 2 */
        {7, 1212, 2, 76},   /* n = 300, shallow depth 2 */
        {8, 1215, -5, 75},  /* n = 300, shallow depth 3 */
        {9, 1264, 1, 80},   /* n = 300, shallow depth 3 */
        {10, 1266, 9, 76},  /* n = 300, shallow depth 4 */
        {11, 1294, 16, 81}, /* n = 300, shallow depth 4 */
        {12, 1287, -9, 80}, /* n = 300, shallow depth 5 */
        {13, 1361, -5, 92}, /* n = 300, shallow depth 5 */
        {14, 1344, 0, 91},  /* n = 300, shallow depth 6 */
};

#endif
