/*
 * games/reversi/pattern.h — the pattern evaluation of 8×8 Reversi, in the manner of
 * Logistello and Edax: the board is cut into lines and corner regions (46 instances of 11
 * shapes), each instance's contents (empty / mine / theirs per square) index a table of
 * weights, and the score is the sum of the weights, plus a mobility term and a constant, from
 * a weight set chosen by the number of empty squares (PATTERN_STAGES of them).
 *
 * The weights are learnt by tools/train-eval from Parity's own games and written to
 * assets/reversi-eval.bin. The caller (the window at start, a headless command before its
 * first search) finds that file through io/datadir.h and hands it to the engine with
 * pattern_load, once; the searches never read a file. Until weights are loaded
 * pattern_evaluate is not available (pattern_loaded says so) and the engine keeps its
 * hand-made evaluation. Nothing here prints: failures come back as codes and messages.
 *
 * Boards are (P, O) pairs as in board8.h: the discs of the side to move and of its opponent.
 */
#ifndef PARITY_GAMES_REVERSI_PATTERN_H
#define PARITY_GAMES_REVERSI_PATTERN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum {
	PATTERN_SHAPES = 11, /* corner 3×3, corner 2×5, edge + X squares, rows 2-4, diagonals */
	PATTERN_INSTANCES = 46, /* placements of the shapes on the board */
	PATTERN_STAGES = 12,    /* weight sets, by empty squares: stage = (60 - empties) / 5 */
	PATTERN_EXTRA = 2,  /* per stage before the tables: a constant and the mobility weight */
	PATTERN_UNIT = 100, /* weights are in 1/100 of a disc, as the other evaluations */
};

/* Returns the number of weights in one stage (PATTERN_EXTRA + every shape's table). */
size_t pattern_stage_size(void);

/* Returns the stage of a position with `empties` empty squares. */
int pattern_stage(int empties);

/* Writes the weight index (within a stage) of each of the PATTERN_INSTANCES placements for
 * the board (P, O) into idx. The constant is index 0 and the mobility weight index 1 (not
 * written here). */
void pattern_indices(uint64_t P, uint64_t O, uint32_t *idx);

/* Returns the index that shares its weight with `i` (the same contents seen in the shape's
 * own mirror image: a corner 3×3 across its diagonal, a line read backwards), the smaller of
 * the two; the trainer ties them and pattern_set_weights expects them equal. */
uint32_t pattern_twin(uint32_t i);

/* Returns the mobility feature of (P, O): P's legal moves minus O's. */
int pattern_mobility(uint64_t P, uint64_t O);

/* Replaces the weights: `w` holds PATTERN_STAGES × pattern_stage_size() values. Returns false
 * when out of memory or the tables are broken (pattern_tables_ok). */
bool pattern_set_weights(const int16_t *w);

/* Reads a weights file (as tools/train-eval writes it) and makes it the weights the engine
 * uses. Returns 0, or with a message in err (GAME_ERR_MAX bytes, may be NULL)
 * IO_ERR_NO_FILE (no such file), IO_ERR_SYSTEM (it cannot be read, or out of memory) or
 * IO_ERR_CORRUPT (short, of another version or damaged); then the weights in use stay as
 * they were. */
int pattern_load(const char *path, char *err);

/* Forgets the weights: the engine goes back to its hand-made evaluation. */
void pattern_unload(void);

/* Returns whether the pattern tables built at start-up are consistent (the shapes give
 * PATTERN_INSTANCES placements, no square is read by too many of them). When they are not,
 * no weights are accepted and the engine keeps its hand-made evaluation. */
bool pattern_tables_ok(void);

/* Writes the weights `w` (PATTERN_STAGES × pattern_stage_size() values) to `path`
 * atomically. Returns 0, or an IO_ERR_* code (io/atomic.h). */
int pattern_save(const char *path, const int16_t *w);

/* Returns whether weights have been loaded. */
bool pattern_loaded(void);

/* Returns the score of (P, O) for P in 1/100 of a disc. Requires pattern_loaded(). */
int pattern_evaluate(uint64_t P, uint64_t O);

/*
 * Incremental evaluation. The searches keep each pattern instance's index up to date move by
 * move instead of reading all 46 placements again at every leaf: pattern_features reads them
 * once, pattern_features_play adds what a move changes (the new disc and the flipped ones,
 * a few instances each), and pattern_evaluate_features sums the weights. The indices are kept
 * from both sides' points of view at once, so a move updates each touched instance twice and
 * the side to move reads its own set. pattern_evaluate_features(f, ...) equals
 * pattern_evaluate(P, O) for the board f describes (tests/test_pattern.c).
 */
enum { PATTERN_LANES = 48 }; /* PATTERN_INSTANCES rounded up to whole 32-byte vectors */

struct pattern_features {
	/* [side][instance]: the index within its shape's table seen by side 0 (the first
	 * argument of pattern_features) and by side 1, plus a constant of the instance (where
	 * its table lies; pattern.c); the lanes past PATTERN_INSTANCES are 0 */
	_Alignas(32) uint16_t idx[2][PATTERN_LANES];
};

/* Reads the features of (P, O): side 0 is P, side 1 is O. */
void pattern_features(uint64_t P, uint64_t O, struct pattern_features *f);

/* Updates f for a move of `side` (0 or 1) on square sq that flips the discs `flips`. */
void pattern_features_play(struct pattern_features *f, int side, int sq, uint64_t flips);

/* Returns the evaluation for `side` of the position f describes, which has `empties` empty
 * squares and the mobility feature `mobility` (pattern_mobility for that side). Requires
 * pattern_loaded(). */
int pattern_evaluate_features(const struct pattern_features *f, int side, int empties,
                              int mobility);

/* Returns pattern_evaluate_features for the other side (!side) of the position after `side`
 * plays on sq flipping `flips` (pattern_features_play on a copy of f), without changing f:
 * the search's leaves. */
int pattern_evaluate_after(const struct pattern_features *f, int side, int sq, uint64_t flips,
                           int empties, int mobility);

/* The instances in four groups of consecutive ones (corner 3×3s, corner 2×5s, edges, lines),
 * each group's tables within 2^16 weights of its first: their first instances (the groups of
 * pattern_leaf_tables.lane_offset). */
enum { PATTERN_GROUP_C2X5 = 4, PATTERN_GROUP_EDGE = 12, PATTERN_GROUP_LINES = 16 };

/*
 * The same, inlined into the search: pattern_stage_weights once per node, then pattern_leaf for
 * each move. Where the machine has AVX-512 the 46 weights are read 16 a gather: each lane reads
 * 32 bits at its weight (the weights are padded by two values) and keeps the low 16,
 * sign-extended, except on AMD's cores (PATTERN_NO_GATHERS below). Elsewhere they are read one
 * by one (pattern_sum below). pattern.c fills the tables when it builds its own.
 * PATTERN_NO_AVX512 takes the one-by-one sum on a machine with AVX-512 (tests/test_pattern.c
 * does).
 */
/* A row of pattern_leaf_tables.power: PATTERN_LANES values padded to 128 bytes, so that a
 * square's row is one shift away (a multiply by 96 took two instructions more a flipped disc). */
enum { PATTERN_POWER_ROW = 64 };

struct pattern_leaf_tables {
	/* power[sq][instance]: what a disc on sq adds to the instance's index, 0 where the
	 * instance does not read sq (pattern_features_play); past PATTERN_LANES, unused */
	_Alignas(64) uint16_t power[65][PATTERN_POWER_ROW]; /* [64]: none, all 0 */
	/* the start of each instance's group of tables within a stage; 0 past the instances */
	_Alignas(64) int32_t lane_offset[PATTERN_LANES];
};
extern struct pattern_leaf_tables pattern_leaf_tables;

/* Returns the weights of the stage of `empties`. Requires pattern_loaded(). */
const int16_t *pattern_stage_weights(int empties);

#ifdef __BMI__
#include <immintrin.h>
#endif

/* 16 instances at once: a row of PATTERN_LANES indices is 3 of these. */
typedef uint16_t pattern_lanes __attribute__((vector_size(32), may_alias));

/* The sums of the powers (pattern_leaf_tables.power) of the squares of `flips`, one
 * pattern_lanes for each third of a row. */
struct pattern_sums {
	pattern_lanes s0, s1, s2;
};
static inline struct pattern_sums pattern_flip_sums(uint64_t flips)
{
	struct pattern_sums s = {{0}, {0}, {0}};
#ifdef __BMI__
	/* The first four squares without a branch (how many discs a move flips is hard to
	 * predict): tzcnt gives 64, the row of zeros, where there are fewer. */
	const pattern_lanes *a =
	    (const pattern_lanes *)pattern_leaf_tables.power[_tzcnt_u64(flips)];
	flips &= flips - 1;
	const pattern_lanes *b =
	    (const pattern_lanes *)pattern_leaf_tables.power[_tzcnt_u64(flips)];
	flips &= flips - 1;
	const pattern_lanes *c =
	    (const pattern_lanes *)pattern_leaf_tables.power[_tzcnt_u64(flips)];
	flips &= flips - 1;
	const pattern_lanes *d =
	    (const pattern_lanes *)pattern_leaf_tables.power[_tzcnt_u64(flips)];
	flips &= flips - 1;
	s.s0 = a[0] + b[0] + c[0] + d[0];
	s.s1 = a[1] + b[1] + c[1] + d[1];
	s.s2 = a[2] + b[2] + c[2] + d[2];
#endif
	for (; flips; flips &= flips - 1) {
		const pattern_lanes *v =
		    (const pattern_lanes *)pattern_leaf_tables.power[__builtin_ctzll(flips)];
		s.s0 += v[0];
		s.s1 += v[1];
		s.s2 += v[2];
	}
	return s;
}

/* Writes into `child` the features of the position after `side` plays on sq flipping `flips`
 * on the board f describes (pattern_features_play on a copy of f, without the copy). */
static inline void pattern_features_after(const struct pattern_features *f, int side, int sq,
                                          uint64_t flips, struct pattern_features *child)
{
	const pattern_lanes *p = (const pattern_lanes *)pattern_leaf_tables.power[sq];
	const struct pattern_sums s = pattern_flip_sums(flips);
	const pattern_lanes *mine = (const pattern_lanes *)f->idx[side],
	                    *theirs = (const pattern_lanes *)f->idx[!side];
	pattern_lanes *cm = (pattern_lanes *)child->idx[side],
	              *ct = (pattern_lanes *)child->idx[!side];
	cm[0] = mine[0] + p[0] - s.s0;
	cm[1] = mine[1] + p[1] - s.s1;
	cm[2] = mine[2] + p[2] - s.s2;
	ct[0] = theirs[0] + p[0] + p[0] + s.s0;
	ct[1] = theirs[1] + p[1] + p[1] + s.s1;
	ct[2] = theirs[2] + p[2] + p[2] + s.s2;
}

/* Writes the other side's (!side's) row of indices after `side` plays on sq flipping `flips`
 * (what pattern_features_play would make of f's row), f unchanged. */
static inline void pattern_row_after(const struct pattern_features *f, int side, int sq,
                                     uint64_t flips, pattern_lanes row[3])
{
	const pattern_lanes *p = (const pattern_lanes *)pattern_leaf_tables.power[sq];
	const struct pattern_sums s = pattern_flip_sums(flips);
	const pattern_lanes *t = (const pattern_lanes *)f->idx[!side];
	row[0] = t[0] + p[0] + p[0] + s.s0;
	row[1] = t[1] + p[1] + p[1] + s.s1;
	row[2] = t[2] + p[2] + p[2] + s.s2;
}

/* On AMD's cores the weights read one by one are faster than AVX-512's gathers: on a Zen 4
 * (family 25 model 17) a node costs about 9% less (docs/BENCHMARKS.md, "Twenty-eighth
 * session"). gcc names the core it tunes for in these macros (-march=native or -march=znverN;
 * its 12.2 takes a Zen 4 for a znver3 with AVX-512). The gathers stay for the other cores
 * with AVX-512 (Intel's): on a Sapphire Rapids they were 12% faster than an earlier form of the
 * sum one by one (the twelfth session); the present form is not measured there. */
#if defined(__znver1__) || defined(__znver2__) || defined(__znver3__) || defined(__znver4__) ||    \
    defined(__znver5__)
#define PATTERN_NO_GATHERS 1
#endif

#if defined(__AVX512F__) && defined(__AVX512BW__) && !defined(PATTERN_NO_AVX512) &&                \
    !defined(PATTERN_NO_GATHERS)
#include <immintrin.h>

/* Returns the constant, the mobility term and the weights (of the stage `w`) that the
 * indices `row` (PATTERN_LANES, 32-byte aligned) select. */
static inline int pattern_sum(const int16_t *w, const uint16_t *row, int mobility)
{
	__m512i acc = _mm512_setzero_si512();
	for (int j = 0; j < PATTERN_LANES / 16; j++) {
		const __m512i i32 = _mm512_add_epi32(
		    _mm512_cvtepu16_epi32(_mm256_load_si256((const __m256i *)(row + 16 * j))),
		    _mm512_load_si512((const void *)(pattern_leaf_tables.lane_offset + 16 * j)));
		const __mmask16 m = j < PATTERN_INSTANCES / 16
		                        ? 0xffff
		                        : (__mmask16)((1u << (PATTERN_INSTANCES % 16)) - 1);
		const __m512i g = _mm512_mask_i32gather_epi32(_mm512_setzero_si512(), m, i32, w, 2);
		acc = _mm512_add_epi32(acc, _mm512_srai_epi32(_mm512_slli_epi32(g, 16), 16));
	}
	return w[0] + w[1] * mobility + _mm512_reduce_add_epi32(acc);
}

#else

/* Adds the weights of the group whose tables start at wg that the indices v[from..to) select,
 * alternately to *a and *b (two chains of additions), unrolled. */
static inline __attribute__((always_inline)) void
pattern_group_sum(const int16_t *wg, const uint16_t *v, int from, int to, int *a, int *b)
{
#pragma GCC unroll 32
	for (int k = from; k < to; k += 2) {
		*a += wg[v[k]];
		*b += wg[v[k + 1]];
	}
}

/* pattern_sum without AVX-512: the 46 weights read one by one, unrolled. The indices are read
 * back from memory: left to itself gcc takes them out of the vector registers one 16-bit word at
 * a time (two micro-ops each) and vectorises the sum, which was slower. On a Zen 3 (AVX2, no
 * AVX-512) a node costs about 10% less this way than with AVX2's eight-lane gathers and 20% less
 * than with the same sum through a call per leaf (docs/BENCHMARKS.md, "Twenty-third session"). */
static inline __attribute__((always_inline)) int pattern_sum(const int16_t *w, const uint16_t *row,
                                                             int mobility)
{
	const int32_t *o = pattern_leaf_tables.lane_offset;
	struct {
		_Alignas(32) uint16_t v[PATTERN_LANES];
	} in;
	__builtin_memcpy(in.v, row, sizeof in.v);
	__asm__("" : "+m"(in)); /* (in memory from here: the loads below read it) */
	int a = w[0] + w[1] * mobility, b = 0;
	pattern_group_sum(w + o[0], in.v, 0, PATTERN_GROUP_C2X5, &a, &b);
	pattern_group_sum(w + o[PATTERN_GROUP_C2X5], in.v, PATTERN_GROUP_C2X5, PATTERN_GROUP_EDGE,
	                  &a, &b);
	pattern_group_sum(w + o[PATTERN_GROUP_EDGE], in.v, PATTERN_GROUP_EDGE, PATTERN_GROUP_LINES,
	                  &a, &b);
	pattern_group_sum(w + o[PATTERN_GROUP_LINES], in.v, PATTERN_GROUP_LINES, PATTERN_INSTANCES,
	                  &a, &b);
	return a + b;
}
#endif

/* pattern_evaluate_after(f, side, sq, flips, empties, mobility), with w =
 * pattern_stage_weights(empties). */
static inline int pattern_leaf(const int16_t *w, const struct pattern_features *f, int side, int sq,
                               uint64_t flips, int mobility)
{
	pattern_lanes row[3];
	pattern_row_after(f, side, sq, flips, row);
	return pattern_sum(w, (const uint16_t *)row, mobility);
}

#endif
