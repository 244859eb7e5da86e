/*
 * tests/test_board8_avx2.c — the AVX2 8×8 kernels of board8.h (Kogge–Stone fills four
 * directions at once for the moves; each ray's nearest square for the flips), which machines
 * with AVX2 but not AVX-512 use; a build with AVX-512 uses its own flips, so this test is what
 * keeps the AVX2 ones checked there (tests/board8_kernels.h has the checks). Without AVX2 it
 * checks the scalar kernels again.
 */
#define BOARD8_NO_AVX512
#define BOARD8_KERNELS "avx2"
#include "board8_kernels.h"
