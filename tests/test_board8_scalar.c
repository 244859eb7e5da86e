/*
 * tests/test_board8_scalar.c — the portable (non-AVX2) 8×8 kernels of board8.h, which
 * builds without 256-bit vectors use (tests/board8_kernels.h has the checks).
 */
#define BOARD8_SCALAR
#define BOARD8_KERNELS "scalar"
#include "board8_kernels.h"
