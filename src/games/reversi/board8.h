/*
 * games/reversi/board8.h — the hot 8×8 Reversi kernels on 64-bit bitboards.
 *
 * Square a1 is bit 0, h1 bit 7, h8 bit 63 (row-major, row 1 at the top). A board is a pair
 * (P, O): the discs of the player to move and of the opponent. Squares that are in neither
 * and not in the empty mask (a black hole) block every line through them. These are the
 * functions perft and the search call millions of times a second; everything else about
 * Reversi goes through games/reversi/reversi.h.
 */
#ifndef PARITY_GAMES_REVERSI_BOARD8_H
#define PARITY_GAMES_REVERSI_BOARD8_H

#include <stdint.h>

/* BMI2's pext is one fast instruction on Intel and on AMD from Zen 3, but microcoded on the
 * earlier AMD cores (Excavator, Zen 1 and 2: tens to hundreds of cycles, by the number of bits
 * in the mask), as Edax's simd.h also notes. Where it is slow the code takes its other paths.
 * BOARD8_SLOW_PEXT forces them, for tests and for measuring. */
#if defined(__BMI2__) && !defined(__bdver4__) && !defined(__znver1__) && !defined(__znver2__) &&   \
    !defined(BOARD8_SLOW_PEXT)
#define BOARD8_FAST_PEXT 1
#endif

#define BOARD8_NOT_A 0xfefefefefefefefeULL /* every column but a */
#define BOARD8_NOT_H 0x7f7f7f7f7f7f7f7fULL /* every column but h */

/* Returns x mirrored left-right (column a ↔ h). */
static inline uint64_t board8_mirror_h(uint64_t x)
{
	x = ((x >> 1) & 0x5555555555555555ULL) | ((x & 0x5555555555555555ULL) << 1);
	x = ((x >> 2) & 0x3333333333333333ULL) | ((x & 0x3333333333333333ULL) << 2);
	return ((x >> 4) & 0x0f0f0f0f0f0f0f0fULL) | ((x & 0x0f0f0f0f0f0f0f0fULL) << 4);
}

/* Returns x flipped top-bottom (row 1 ↔ 8). */
static inline uint64_t board8_flip_v(uint64_t x)
{
	return __builtin_bswap64(x);
}

/* Returns x with rows and columns swapped (mirrored in the a1-h8 diagonal). */
static inline uint64_t board8_transpose(uint64_t x)
{
	uint64_t t;
	t = (x ^ (x >> 7)) & 0x00aa00aa00aa00aaULL;
	x ^= t ^ (t << 7);
	t = (x ^ (x >> 14)) & 0x0000cccc0000ccccULL;
	x ^= t ^ (t << 14);
	t = (x ^ (x >> 28)) & 0x00000000f0f0f0f0ULL;
	return x ^ t ^ (t << 28);
}

/* Returns x under symmetry t: bit 2 swaps rows and columns (first), bit 1 flips top-bottom,
 * bit 0 mirrors left-right. */
static inline uint64_t board8_symmetry(uint64_t x, int t)
{
	if (t & 4)
		x = board8_transpose(x);
	if (t & 2)
		x = board8_flip_v(x);
	if (t & 1)
		x = board8_mirror_h(x);
	return x;
}

/* Returns the number of set bits of x. */
static inline int board8_count(uint64_t x)
{
	return __builtin_popcountll(x);
}

#if defined(__AVX2__) && !defined(BOARD8_SCALAR)

/* (Define BOARD8_SCALAR to use the one-direction-at-a-time code everywhere; the tests do.) */

/* Four 64-bit lanes, one per line direction: across (1), down (8) and the two diagonals (7,
 * 9). Shifting every lane by its own amount lets the compiler use one vector instruction for
 * all four directions (AVX2 where the machine has it); elsewhere it is plain scalar code. */
typedef uint64_t board8_lanes __attribute__((vector_size(32)));

#include <immintrin.h>

/* Returns, per lane, the opponent runs that start one step from `from` toward h8 (left shift)
 * and toward a1 (right shift): Kogge–Stone fills of up to six steps. `through` holds the
 * opponent's discs per lane, masked so that no run wraps around the board: the interior of a
 * horizontal or diagonal line is never on column a or h. */
static inline void board8_runs(board8_lanes from, board8_lanes through, board8_lanes *up,
                               board8_lanes *down)
{
	const board8_lanes step = {1, 8, 7, 9}, step2 = {2, 16, 14, 18};
	board8_lanes u = through & (from << step), d = through & (from >> step);
	u |= through & (u << step);
	d |= through & (d >> step);
	const board8_lanes pu = through & (through << step), pd = through & (through >> step);
	u |= pu & (u << step2);
	d |= pd & (d >> step2);
	u |= pu & (u << step2);
	d |= pd & (d >> step2);
	*up = u;
	*down = d;
}

/* Returns the four lanes of v joined by OR, inside the vector (a shuffle, then the two halves),
 * rather than each lane taken out to a general register. */
static inline uint64_t board8_or4(board8_lanes v)
{
	const __m256i x = _mm256_or_si256((__m256i)v, _mm256_shuffle_epi32((__m256i)v, 0x4e));
	return (uint64_t)_mm_cvtsi128_si64(
	    _mm_or_si128(_mm256_castsi256_si128(x), _mm256_extracti128_si256(x, 1)));
}

/* Returns the opponent's discs per lane, masked against wrapping. */
static inline board8_lanes board8_through(uint64_t O)
{
	const uint64_t ah = BOARD8_NOT_A & BOARD8_NOT_H;
	/* a broadcast and one AND (the vertical lane unmasked), not four lanes put together */
	return (board8_lanes){O, O, O, O} & (board8_lanes){ah, ~0ULL, ah, ah};
}

/* Returns the legal squares of the player owning P: squares of `empty` that close a line
 * of O discs against a P disc. */
static inline uint64_t board8_moves_in(uint64_t P, uint64_t O, uint64_t empty)
{
	const board8_lanes step = {1, 8, 7, 9};
	board8_lanes up, down;
	board8_runs((board8_lanes){P, P, P, P}, board8_through(O), &up, &down);
	const board8_lanes m = (up << step) | (down >> step);
	return board8_or4(m) & empty;
}

#if defined(__AVX512F__) && !defined(BOARD8_NO_AVX512)
/* Writes board8_moves(P, O) to *mine and board8_moves(O, P) to *theirs: here the eight fills
 * in one 512-bit vector (elsewhere the two calls, at the end of this file). The lanes are
 * built by broadcasts and a swap of the halves, and the four directions of each side are
 * joined inside the vector (two shuffles), not lane by lane through the general registers:
 * making and joining the lanes takes about a quarter of the instructions gcc made of the plain
 * vector code (docs/BENCHMARKS.md, "Thirty-seventh session"). */
static inline void board8_moves_pair(uint64_t P, uint64_t O, uint64_t *mine, uint64_t *theirs)
{
	const __m512i step = _mm512_set_epi64(9, 7, 8, 1, 9, 7, 8, 1),
	              step2 = _mm512_add_epi64(step, step);
	const long long ah = (long long)(BOARD8_NOT_A & BOARD8_NOT_H);
	const __m512i inner = _mm512_set_epi64(ah, ah, -1, ah, ah, ah, -1, ah);
	const __m512i from =
	    _mm512_mask_set1_epi64(_mm512_set1_epi64((long long)P), 0xf0, (long long)O);
	/* the other side's discs: the halves of `from` swapped, masked against wrapping but in the
	 * vertical lanes (8), as board8_through's */
	const __m512i through = _mm512_and_si512(_mm512_shuffle_i64x2(from, from, 0x4e), inner);
	__m512i u = _mm512_and_si512(through, _mm512_sllv_epi64(from, step));
	__m512i d = _mm512_and_si512(through, _mm512_srlv_epi64(from, step));
	u = _mm512_or_si512(u, _mm512_and_si512(through, _mm512_sllv_epi64(u, step)));
	d = _mm512_or_si512(d, _mm512_and_si512(through, _mm512_srlv_epi64(d, step)));
	const __m512i pu = _mm512_and_si512(through, _mm512_sllv_epi64(through, step));
	const __m512i pd = _mm512_and_si512(through, _mm512_srlv_epi64(through, step));
	u = _mm512_or_si512(u, _mm512_and_si512(pu, _mm512_sllv_epi64(u, step2)));
	d = _mm512_or_si512(d, _mm512_and_si512(pd, _mm512_srlv_epi64(d, step2)));
	u = _mm512_or_si512(u, _mm512_and_si512(pu, _mm512_sllv_epi64(u, step2)));
	d = _mm512_or_si512(d, _mm512_and_si512(pd, _mm512_srlv_epi64(d, step2)));
	__m512i m = _mm512_or_si512(_mm512_sllv_epi64(u, step), _mm512_srlv_epi64(d, step));
	/* lanes 0 | 1 and 2 | 3 (and 4 | 5, 6 | 7), then the pairs of 128-bit blocks */
	m = _mm512_or_si512(m, _mm512_shuffle_epi32(m, _MM_PERM_BADC));
	m = _mm512_or_si512(m, _mm512_shuffle_i64x2(m, m, 0xb1));
	const uint64_t empty = ~(P | O);
	*mine = (uint64_t)_mm_cvtsi128_si64(_mm512_castsi512_si128(m)) & empty;
	*theirs = (uint64_t)_mm_cvtsi128_si64(_mm512_extracti32x4_epi32(m, 2)) & empty;
}
#define BOARD8_PAIR_512 1
#endif

/* The line through square s = 8·r + c, per lane as in board8_lanes: its row, its column, its
 * a1-h8 diagonal (c - r constant) and its h1-a8 diagonal (r + c constant). */
#define BOARD8_ROW(s) (0xffULL << ((s)&56))
#define BOARD8_COL(s) (0x0101010101010101ULL << ((s)&7))
#define BOARD8_DIAG(s)                                                                             \
	((s) % 8 >= (s) / 8 ? 0x8040201008040201ULL >> (8 * ((s) % 8 - (s) / 8))                   \
	                    : 0x8040201008040201ULL << (8 * ((s) / 8 - (s) % 8)))
#define BOARD8_ANTI(s)                                                                             \
	((s) % 8 + (s) / 8 <= 7 ? 0x0102040810204080ULL >> (8 * (7 - (s) % 8 - (s) / 8))           \
	                        : 0x0102040810204080ULL << (8 * ((s) % 8 + (s) / 8 - 7)))
/* The squares of those lines beyond s toward h8 (higher bits) and toward a1 (lower bits). */
#define BOARD8_ABOVE(s) (~1ULL << (s))
#define BOARD8_BELOW(s) ((1ULL << (s)) - 1)
#define BOARD8_LINES_IN(s, part)                                                                   \
	{                                                                                          \
		BOARD8_ROW(s) & (part), BOARD8_COL(s) & (part), BOARD8_DIAG(s) & (part),           \
		    BOARD8_ANTI(s) & (part)                                                        \
	}
#define BOARD8_RAYS(s)                                                                             \
	{                                                                                          \
		BOARD8_LINES_IN(s, BOARD8_ABOVE(s)), BOARD8_LINES_IN(s, BOARD8_BELOW(s))           \
	}
#define BOARD8_RAYS8(s)                                                                            \
	BOARD8_RAYS(s), BOARD8_RAYS(s + 1), BOARD8_RAYS(s + 2), BOARD8_RAYS(s + 3),                \
	    BOARD8_RAYS(s + 4), BOARD8_RAYS(s + 5), BOARD8_RAYS(s + 6), BOARD8_RAYS(s + 7)

/* The four lines through each square, cut at it: rays[sq][0] goes toward h8, [1] toward a1. */
static const board8_lanes board8_rays[64][2] = {
    BOARD8_RAYS8(0),  BOARD8_RAYS8(8),  BOARD8_RAYS8(16), BOARD8_RAYS8(24),
    BOARD8_RAYS8(32), BOARD8_RAYS8(40), BOARD8_RAYS8(48), BOARD8_RAYS8(56)};

#if defined(__AVX512VL__) && defined(__AVX512CD__) && !defined(BOARD8_NO_AVX512)

/* (Define BOARD8_NO_AVX512 to use the AVX2 code below instead; tests/test_board8_avx2.c
 * does.) */

/* Returns the O discs flipped when P plays on square `sq` (0 if none: not a legal move).
 * Along each ray only the nearest square that is not an O disc matters: when it is a P disc,
 * the squares before it flip. Toward h8 that square is the lowest bit of the ray's non-O
 * squares (x & -x); toward a1 the highest, found by counting leading zeros, four lanes at
 * once (AVX-512). No fill, so no chain of dependent shifts. */
static inline uint64_t board8_flips(int sq, uint64_t P, uint64_t O)
{
	const board8_lanes up = board8_rays[sq][0], down = board8_rays[sq][1];
	const board8_lanes p = {P, P, P, P}, o = {O, O, O, O}, none = {0, 0, 0, 0};
	const board8_lanes one = {1, 1, 1, 1},
	                   top = {1ULL << 63, 1ULL << 63, 1ULL << 63, 1ULL << 63};
	board8_lanes u = up & ~o;
	u = u & -u & p; /* the closing P disc toward h8, or 0 */
	u = (u - one) & up & (board8_lanes)(u != none);
	board8_lanes d = down & ~o;
	d = (board8_lanes)_mm256_srlv_epi64((__m256i)top, _mm256_lzcnt_epi64((__m256i)d)) & p;
	d = down & -(d + d); /* the squares of the ray above the closing disc (none without one) */
	const board8_lanes f = u | d;
	return board8_or4(f);
}

#else

typedef int64_t board8_slanes __attribute__((vector_size(32)));

/* Returns the O discs flipped when P plays on square `sq` (0 if none: not a legal move),
 * without lzcnt (AVX2 only). Toward h8 as above: the nearest non-O square of each ray is its
 * lowest bit. Toward a1 the nearest square is the highest, found without counting: the P discs
 * of the ray smeared toward a1 cover every square from the nearest P disc down, so the rest of
 * the ray lies between sq and that disc; they are all O discs when the nearest P disc is above
 * every empty square of the ray, that is when, as numbers, the ray's P discs exceed its empty
 * squares (a ray toward a1 never holds bit 63, so the signed comparison is a plain one). The
 * idea of Edax's AVX2 flip (flip_avx_acepck.c). */
static inline uint64_t board8_flips(int sq, uint64_t P, uint64_t O)
{
	const board8_lanes up = board8_rays[sq][0], down = board8_rays[sq][1];
	const board8_lanes p = {P, P, P, P}, o = {O, O, O, O}, none = {0, 0, 0, 0};
	const board8_lanes one = {1, 1, 1, 1};
	const board8_lanes step = {1, 8, 9, 7}, step2 = step + step, step4 = step2 + step2;
	board8_lanes u = up & ~o;
	u = u & -u & p; /* the closing P disc toward h8, or 0 */
	u = (u - one) & up & (board8_lanes)(u != none);
	const board8_lanes dp = down & p, de = down & ~o & ~p;
	board8_lanes shadow = dp | dp >> step;
	shadow |= shadow >> step2;
	shadow |= shadow >> step4;
	const board8_lanes d =
	    down & ~shadow & (board8_lanes)((board8_slanes)dp > (board8_slanes)de);
	const board8_lanes f = u | d;
	return board8_or4(f);
}

#endif

#else /* no 256-bit vectors: the same fills, one direction at a time */

/*
 * Returns the run of `through` squares that starts one step from `from` in the direction of
 * a left shift by d (toward h8), as far as it goes: a Kogge–Stone fill of up to six steps.
 * `through` is the opponent's discs, masked so that a run cannot wrap around the board.
 */
static inline uint64_t board8_run_up(uint64_t from, uint64_t through, int d)
{
	uint64_t run = through & (from << d);
	const uint64_t pairs = through & (through << d);
	run |= through & (run << d);
	run |= pairs & (run << 2 * d);
	run |= pairs & (run << 2 * d);
	return run;
}

/* Returns the same run in the direction of a right shift by d (toward a1). */
static inline uint64_t board8_run_down(uint64_t from, uint64_t through, int d)
{
	uint64_t run = through & (from >> d);
	const uint64_t pairs = through & (through >> d);
	run |= through & (run >> d);
	run |= pairs & (run >> 2 * d);
	run |= pairs & (run >> 2 * d);
	return run;
}

/* Returns the legal squares of the player owning P: squares of `empty` that close a line
 * of O discs against a P disc. The interior of a horizontal or diagonal line is never on
 * column a or h, which is what stops runs from wrapping. */
static inline uint64_t board8_moves_in(uint64_t P, uint64_t O, uint64_t empty)
{
	const uint64_t inner = O & BOARD8_NOT_A & BOARD8_NOT_H;
	uint64_t m = board8_run_up(P, inner, 1) << 1;
	m |= board8_run_down(P, inner, 1) >> 1;
	m |= board8_run_up(P, O, 8) << 8;
	m |= board8_run_down(P, O, 8) >> 8;
	m |= board8_run_up(P, inner, 7) << 7;
	m |= board8_run_down(P, inner, 7) >> 7;
	m |= board8_run_up(P, inner, 9) << 9;
	m |= board8_run_down(P, inner, 9) >> 9;
	return m & empty;
}

/* Returns `run` if the square one step past it (left shift by d) holds a P disc, else 0. */
static inline uint64_t board8_closed_up(uint64_t run, uint64_t P, int d)
{
	return run & -(uint64_t)(((run << d) & P) != 0);
}

/* Returns `run` if the square one step past it (right shift by d) holds a P disc, else 0. */
static inline uint64_t board8_closed_down(uint64_t run, uint64_t P, int d)
{
	return run & -(uint64_t)(((run >> d) & P) != 0);
}

/* Returns the O discs flipped when P plays on square `sq` (0 if none: not a legal move). */
static inline uint64_t board8_flips(int sq, uint64_t P, uint64_t O)
{
	const uint64_t x = 1ULL << sq;
	const uint64_t inner = O & BOARD8_NOT_A & BOARD8_NOT_H;
	uint64_t f = board8_closed_up(board8_run_up(x, inner, 1), P, 1);
	f |= board8_closed_down(board8_run_down(x, inner, 1), P, 1);
	f |= board8_closed_up(board8_run_up(x, O, 8), P, 8);
	f |= board8_closed_down(board8_run_down(x, O, 8), P, 8);
	f |= board8_closed_up(board8_run_up(x, inner, 7), P, 7);
	f |= board8_closed_down(board8_run_down(x, inner, 7), P, 7);
	f |= board8_closed_up(board8_run_up(x, inner, 9), P, 9);
	f |= board8_closed_down(board8_run_down(x, inner, 9), P, 9);
	return f;
}

#endif

/* Returns the legal squares of P on a full 8×8 board with no blocked square. */
static inline uint64_t board8_moves(uint64_t P, uint64_t O)
{
	return board8_moves_in(P, O, ~(P | O));
}

#ifndef BOARD8_PAIR_512
/* board8_moves(P, O) and board8_moves(O, P) (one 512-bit fill where AVX-512 is there, above). */
static inline void board8_moves_pair(uint64_t P, uint64_t O, uint64_t *mine, uint64_t *theirs)
{
	*mine = board8_moves(P, O);
	*theirs = board8_moves(O, P);
}
#endif

#endif
