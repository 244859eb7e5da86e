/*
 * games/reversi/pattern.c — the pattern evaluation (see pattern.h).
 *
 * Each shape is defined once, as a set of squares near a1 (its mask). Its other placements
 * are the same mask read on a transformed board: the 8 symmetries of the square map every
 * placement onto the defined one, so one pext (or a bit loop without BMI2) per placement
 * reads its squares in the same order everywhere and the placements share one table. Two
 * bit patterns (mine, theirs) become a base-3 index through a table of the base-3 values of
 * every 10-bit number: index = T[mine] + 2·T[theirs].
 *
 * The file format (little-endian): "PARITYEV" magic, uint32 version 1, uint32 stages,
 * uint32 stage size, then the int16 weights stage by stage, then a uint32 checksum (FNV-1a
 * of everything before it).
 */
#include "games/reversi/pattern.h"

#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "games/reversi/board8.h"
#include "io/atomic.h"
#include "io/le.h"

#if defined(__BMI2__) || defined(__AVX512F__)
#include <immintrin.h>
#endif

enum { MAX_SQUARES = 10, MAX_TOUCH = 8, FILE_HEADER = 20, FILE_VERSION = 1 };

/* The instances in four groups of consecutive ones (PATTERN_GROUP_*, pattern.h), the tables
 * of each group within 2^16 weights of its first: the corner 3×3s, the corner 2×5s, the edges,
 * then the lines. A feature (pattern_features) is its index plus its table's distance from its
 * group's first, so 16 bits hold it and the evaluation reads w_group[feature] (init checks the
 * groups). */
enum { GROUPS = 4 };

#define SQ(col, row) (1ULL << ((row)*8 + (col)))

/* A shape: its squares near a1. Its placements are found by init: every symmetry that
 * carries a different set of squares onto the mask. */
struct shape {
	const char *name;
	uint64_t mask;
};

static const struct shape shapes[PATTERN_SHAPES] = {
    /* corner 3×3 (a1 b1 c1 / a2 b2 c2 / a3 b3 c3), at the 4 corners */
    {"corner3x3", 0x070707ULL},
    /* corner 2×5 (a1-e1 / a2-e2), along both edges at each corner */
    {"corner2x5", 0x1f1fULL},
    /* edge a1-h1 with the X squares b2 and g2, on the 4 edges */
    {"edge2x", 0xffULL | SQ(1, 1) | SQ(6, 1)},
    /* rows 2, 3 and 4 (and their images: rows 5-7, columns b-g) */
    {"row2", 0xffULL << 8},
    {"row3", 0xffULL << 16},
    {"row4", 0xffULL << 24},
    /* the long diagonals a1-h8 and h1-a8 */
    {"diag8", 0x8040201008040201ULL},
    /* diagonals of 7, 6, 5 and 4 squares, starting on row 1 (4 placements each) */
    {"diag7", 0x0080402010080402ULL},
    {"diag6", 0x0000804020100804ULL},
    {"diag5", 0x0000008040201008ULL},
    {"diag4", 0x0000000080402010ULL},
};

static struct {
	bool ready;
	uint16_t ternary[1 << MAX_SQUARES]; /* base-3 value of each bit pattern */
	uint32_t offset[PATTERN_SHAPES];    /* first weight of each shape's table in a stage */
	uint32_t size[PATTERN_SHAPES];      /* 3^squares */
	int squares[PATTERN_SHAPES];
	uint8_t mirror[PATTERN_SHAPES][MAX_SQUARES]; /* digit i's square in the mirror image */
	struct placement {
		uint64_t mask;   /* the shape's squares, read on the board under symmetry t */
		uint32_t offset; /* its table's first index within a stage */
		uint32_t size;   /* its table's size */
		uint8_t t;
	} placement[PATTERN_INSTANCES]; /* in the order pattern_indices writes them */
	/* For each square, the instances that read it and the weight of its digit there (3^d):
	 * what a disc on that square adds to their indices (pattern_features_play). */
	uint8_t touch_count[64];
	struct touch {
		uint8_t instance;
		uint16_t power;
	} touch[64][MAX_TOUCH]; /* (the same as one vector per square: pattern_leaf_tables.power) */
	/* Each instance's table within a stage, from the first table of its group (PATTERN_GROUP_*):
	 * the features hold their index plus this, so that the evaluation adds nothing. */
	_Alignas(32) uint16_t base_of[PATTERN_LANES];
	uint32_t group_offset[GROUPS]; /* the group's first table in a stage */
	size_t stage_size;
	int16_t *weights; /* PATTERN_STAGES × stage_size, or NULL */
	bool broken;      /* the tables came out inconsistent (a programming error that
			     tests/test_pattern.c catches): no weights are ever accepted */
} pt;

struct pattern_leaf_tables pattern_leaf_tables;

const int16_t *pattern_stage_weights(int empties)
{
	return pt.weights + (size_t)pattern_stage(empties) * pt.stage_size;
}

/* Returns room for n weights and two more, zero (pattern_sum's gathers read 32 bits at each
 * 16-bit weight, so the last one's read runs two bytes past it), or NULL. */
static int16_t *weights_alloc(size_t n)
{
	int16_t *w = malloc((n + 2) * sizeof *w);
	if (w)
		w[n] = w[n + 1] = 0;
	return w;
}

/* Returns the bits of x under mask, packed toward bit 0 in square order. */
#if defined(BOARD8_FAST_PEXT)
static inline uint32_t gather(uint64_t x, uint64_t mask)
{
	return (uint32_t)_pext_u64(x, mask);
}
#endif

/* Returns the square of the k-th set bit of mask. */
static int nth_square(uint64_t mask, int k)
{
	for (int i = 0; i < k; i++)
		mask &= mask - 1;
	return __builtin_ctzll(mask);
}

/* The mirror image that maps each shape onto itself: a line reversed (and the corner 3×3 and
 * the edge across their own axis). Returns the square of `sq` in it. */
static int self_mirror(int shape, int sq)
{
	const int row = sq / 8, col = sq % 8;
	switch (shape) {
	case 0: /* corner 3×3: across a1-c3 */
		return col * 8 + row;
	case 1: /* corner 2×5: none */
		return sq;
	case 2:
	case 3:
	case 4:
	case 5: /* rows: left-right */
		return row * 8 + (7 - col);
	default: { /* diagonals: end to end (the line's squares in reverse order) */
		const uint64_t m = shapes[shape].mask;
		int k = 0;
		while (nth_square(m, k) != sq)
			k++;
		return nth_square(m, board8_count(m) - 1 - k);
	}
	}
}

/* Builds the tables once. */
static void init(void)
{
	if (pt.ready)
		return;
	for (uint32_t b = 0; b < (1u << MAX_SQUARES); b++) {
		uint32_t v = 0, p = 1;
		for (int i = 0; i < MAX_SQUARES; i++, p *= 3)
			if (b >> i & 1)
				v += p;
		pt.ternary[b] = (uint16_t)v;
	}
	uint32_t offset = PATTERN_EXTRA;
	for (int s = 0; s < PATTERN_SHAPES; s++) {
		const int n = board8_count(shapes[s].mask);
		uint32_t size = 1;
		for (int i = 0; i < n; i++)
			size *= 3;
		pt.squares[s] = n;
		pt.size[s] = size;
		pt.offset[s] = offset;
		offset += size;
		for (int i = 0; i < n; i++) {
			const int image = self_mirror(s, nth_square(shapes[s].mask, i));
			int k = 0;
			while (nth_square(shapes[s].mask, k) != image)
				k++;
			pt.mirror[s][i] = (uint8_t)k;
		}
	}
	pt.stage_size = offset;
	int instances = 0;
	for (int s = 0; s < PATTERN_SHAPES; s++) {
		uint64_t seen[8];
		int placements = 0;
		for (int t = 0; t < 8; t++) {
			uint64_t placed =
			    0; /* the squares read through the mask under symmetry t */
			for (int sq = 0; sq < 64; sq++)
				if (board8_symmetry(1ULL << sq, t) & shapes[s].mask)
					placed |= 1ULL << sq;
			bool known = false;
			for (int i = 0; i < placements; i++)
				known |= seen[i] == placed;
			if (!known) {
				seen[placements++] = placed;
				if (instances + placements <= PATTERN_INSTANCES)
					pt.placement[instances + placements - 1] =
					    (struct placement){shapes[s].mask, pt.offset[s],
					                       pt.size[s], (uint8_t)t};
			}
		}
		instances += placements;
	}
	if (instances != PATTERN_INSTANCES)
		pt.broken = true; /* the shapes and PATTERN_INSTANCES disagree */
	/* Square sq lands on board8_symmetry(sq, t); if the mask holds it there, it is that placement's
	 * digit d, d being its rank among the mask's squares. */
	for (int k = 0; k < PATTERN_INSTANCES; k++) {
		const struct placement *pl = &pt.placement[k];
		for (int sq = 0; sq < 64; sq++) {
			const uint64_t image = board8_symmetry(1ULL << sq, pl->t);
			if (!(image & pl->mask))
				continue;
			const int d = board8_count(pl->mask & (image - 1));
			uint32_t power = 1;
			for (int i = 0; i < d; i++)
				power *= 3;
			if (pt.touch_count[sq] >= MAX_TOUCH) {
				pt.broken = true; /* MAX_TOUCH too small */
				continue;
			}
			pt.touch[sq][pt.touch_count[sq]++] =
			    (struct touch){(uint8_t)k, (uint16_t)power};
			pattern_leaf_tables.power[sq][k] = (uint16_t)power;
		}
	}
	static const int group_first[GROUPS + 1] = {0, PATTERN_GROUP_C2X5, PATTERN_GROUP_EDGE,
	                                            PATTERN_GROUP_LINES, PATTERN_INSTANCES};
	for (int g = 0; g < GROUPS; g++) {
		pt.group_offset[g] = pt.placement[group_first[g]].offset;
		for (int k = group_first[g]; k < group_first[g + 1]; k++) {
			const struct placement *pl = &pt.placement[k];
			/* every feature of the group fits in 16 bits */
			if (pl->offset < pt.group_offset[g] ||
			    pl->offset + pl->size - pt.group_offset[g] > UINT16_MAX + 1u)
				pt.broken = true;
			else
				pt.base_of[k] = (uint16_t)(pl->offset - pt.group_offset[g]);
			pattern_leaf_tables.lane_offset[k] = (int32_t)pt.group_offset[g];
		}
	}
	pt.ready = true;
}

size_t pattern_stage_size(void)
{
	init();
	return pt.stage_size;
}

int pattern_stage(int empties)
{
	const int st = (60 - empties) / 5;
	return st < 0 ? 0 : st >= PATTERN_STAGES ? PATTERN_STAGES - 1 : st;
}

#if defined(BOARD8_FAST_PEXT)
/* Stores in p and o the 8 images of P and O, composed (the flips commute): one transpose and
 * two mirrors a board instead of one chain per symmetry. Index t as in board8_symmetry(). */
static inline void images(uint64_t P, uint64_t O, uint64_t *p, uint64_t *o)
{
	p[0] = P, o[0] = O;
	p[4] = board8_transpose(P), o[4] = board8_transpose(O);
	for (int t = 0; t < 8; t += 4) {
		p[t + 1] = board8_mirror_h(p[t]), o[t + 1] = board8_mirror_h(o[t]);
		p[t + 2] = board8_flip_v(p[t]), o[t + 2] = board8_flip_v(o[t]);
		p[t + 3] = board8_flip_v(p[t + 1]), o[t + 3] = board8_flip_v(o[t + 1]);
	}
}

void pattern_indices(uint64_t P, uint64_t O, uint32_t *idx)
{
	init();
	uint64_t p[8], o[8];
	images(P, O, p, o);
	for (int k = 0; k < PATTERN_INSTANCES; k++) {
		const struct placement *pl = &pt.placement[k];
		idx[k] = pl->offset + pt.ternary[gather(p[pl->t], pl->mask)] +
		         2u * pt.ternary[gather(o[pl->t], pl->mask)];
	}
}

void pattern_features(uint64_t P, uint64_t O, struct pattern_features *f)
{
	init();
	memset(f, 0, sizeof *f);
	uint64_t p[8], o[8];
	images(P, O, p, o);
	/* One read of each placement gives both points of view: P's discs are digit 1 for side
	 * 0 and digit 2 for side 1. */
	for (int k = 0; k < PATTERN_INSTANCES; k++) {
		const struct placement *pl = &pt.placement[k];
		const uint32_t mine = pt.ternary[gather(p[pl->t], pl->mask)];
		const uint32_t theirs = pt.ternary[gather(o[pl->t], pl->mask)];
		f->idx[0][k] = (uint16_t)(pt.base_of[k] + mine + 2 * theirs);
		f->idx[1][k] = (uint16_t)(pt.base_of[k] + theirs + 2 * mine);
	}
}
#else
/* Without a fast pext the instances' digits are summed disc by disc instead, as
 * pattern_features_play does for a move: pattern_flip_sums adds each disc's square's powers
 * (one vector of the 46 instances), once for its owner's digit 1 and twice for the other
 * side's digit 2. */
void pattern_indices(uint64_t P, uint64_t O, uint32_t *idx)
{
	init();
	const struct pattern_sums p = pattern_flip_sums(P), o = pattern_flip_sums(O);
	const pattern_lanes row[3] = {p.s0 + o.s0 + o.s0, p.s1 + o.s1 + o.s1, p.s2 + o.s2 + o.s2};
	const uint16_t *digits = (const uint16_t *)row;
	for (int k = 0; k < PATTERN_INSTANCES; k++)
		idx[k] = pt.placement[k].offset + digits[k];
}

void pattern_features(uint64_t P, uint64_t O, struct pattern_features *f)
{
	init();
	const struct pattern_sums p = pattern_flip_sums(P), o = pattern_flip_sums(O);
	const pattern_lanes *base = (const pattern_lanes *)pt.base_of;
	pattern_lanes *mine = (pattern_lanes *)f->idx[0], *theirs = (pattern_lanes *)f->idx[1];
	mine[0] = base[0] + p.s0 + o.s0 + o.s0;
	mine[1] = base[1] + p.s1 + o.s1 + o.s1;
	mine[2] = base[2] + p.s2 + o.s2 + o.s2;
	theirs[0] = base[0] + o.s0 + p.s0 + p.s0;
	theirs[1] = base[1] + o.s1 + p.s1 + p.s1;
	theirs[2] = base[2] + o.s2 + p.s2 + p.s2;
}
#endif

_Static_assert(PATTERN_LANES % 16 == 0 && (int)PATTERN_LANES >= (int)PATTERN_INSTANCES,
               "pattern_features' rows are whole vectors");

/* The rows of PATTERN_LANES lanes are 32-byte aligned: 3 pattern_lanes each. */
void pattern_features_play(struct pattern_features *f, int side, int sq, uint64_t flips)
{
	/* Digits: 0 empty, 1 the viewer's disc, 2 the other side's. The new disc is 1 for the
	 * mover and 2 for the other; a flipped disc goes from 2 to 1 for the mover and from 1 to
	 * 2 for the other. So with s the sum of the flipped squares' powers and p the new
	 * square's, the mover's indices gain p - s and the other's 2p + s: a few vector
	 * additions per disc over all 46 instances (Edax's eval_update does the same), which
	 * pattern_features_after makes (in place here: each lane is read before it is written). */
	pattern_features_after(f, side, sq, flips, f);
}

/* Returns the sum of the weights (of the stage of `empties`) that one side's features `row`
 * select (with their base_of: each group's table is read from its first), plus the constant
 * and the mobility term: pattern.h's pattern_sum, as the search's leaves read them. */
static inline int sum_weights(const uint16_t *row, int empties, int mobility)
{
	return pattern_sum(pattern_stage_weights(empties), row, mobility);
}

int pattern_evaluate_features(const struct pattern_features *f, int side, int empties, int mobility)
{
	return sum_weights(f->idx[side], empties, mobility);
}

int pattern_evaluate_after(const struct pattern_features *f, int side, int sq, uint64_t flips,
                           int empties, int mobility)
{
	pattern_lanes row[3];
	pattern_row_after(f, side, sq, flips, row);
	return sum_weights((const uint16_t *)row, empties, mobility);
}

uint32_t pattern_twin(uint32_t i)
{
	init();
	int s = PATTERN_SHAPES - 1;
	while (s > 0 && i < pt.offset[s])
		s--;
	if (i < pt.offset[0])
		return i;
	uint32_t v = i - pt.offset[s], m = 0, p[MAX_SQUARES];
	for (int d = 0, w = 1; d < pt.squares[s]; d++, w *= 3)
		p[d] = (uint32_t)w;
	for (int d = 0; d < pt.squares[s]; d++, v /= 3)
		m += (v % 3) * p[pt.mirror[s][d]];
	const uint32_t j = pt.offset[s] + m;
	return j < i ? j : i;
}

int pattern_mobility(uint64_t P, uint64_t O)
{
	return board8_count(board8_moves(P, O)) - board8_count(board8_moves(O, P));
}

bool pattern_set_weights(const int16_t *w)
{
	init();
	if (pt.broken)
		return false;
	const size_t n = PATTERN_STAGES * pt.stage_size;
	int16_t *copy = weights_alloc(n);
	if (!copy)
		return false;
	memcpy(copy, w, n * sizeof *copy);
	free(pt.weights);
	pt.weights = copy;
	return true;
}

bool pattern_loaded(void)
{
	return pt.weights != NULL;
}

void pattern_unload(void)
{
	free(pt.weights);
	pt.weights = NULL;
}

bool pattern_tables_ok(void)
{
	init();
	return !pt.broken;
}

int pattern_evaluate(uint64_t P, uint64_t O)
{
	const int empties = 64 - board8_count(P | O);
	const int16_t *w = pattern_stage_weights(empties);
	uint32_t idx[PATTERN_INSTANCES];
	pattern_indices(P, O, idx);
	int sum = w[0] + w[1] * pattern_mobility(P, O);
	for (int i = 0; i < PATTERN_INSTANCES; i++)
		sum += w[idx[i]];
	return sum;
}

/* FNV-1a over n bytes. */
static uint32_t checksum(const unsigned char *b, size_t n)
{
	uint32_t h = 2166136261u;
	for (size_t i = 0; i < n; i++)
		h = (h ^ b[i]) * 16777619u;
	return h;
}

int pattern_save(const char *path, const int16_t *w)
{
	init();
	const size_t count = PATTERN_STAGES * pt.stage_size;
	const size_t bytes = FILE_HEADER + 2 * count + 4;
	unsigned char *b = malloc(bytes);
	if (!b)
		return IO_ERR_SYSTEM;
	memcpy(b, "PARITYEV", 8);
	le_put(b + 8, FILE_VERSION, 4);
	le_put(b + 12, PATTERN_STAGES, 4);
	le_put(b + 16, pt.stage_size, 4);
	for (size_t i = 0; i < count; i++)
		le_put(b + FILE_HEADER + 2 * i, (uint16_t)w[i], 2);
	le_put(b + bytes - 4, checksum(b, bytes - 4), 4);
	const int rc = atomic_write(path, b, bytes, NULL);
	free(b);
	return rc;
}

int pattern_load(const char *path, char *err)
{
	init();
	if (pt.broken)
		return game_fail(err, IO_ERR_CORRUPT,
		                 "the pattern tables are inconsistent (a programming error)");
	char *data = NULL;
	size_t n = 0;
	const size_t count = PATTERN_STAGES * pt.stage_size;
	const size_t bytes = FILE_HEADER + 2 * count + 4;
	const int rc = atomic_read(path, &data, &n, bytes + 1, NULL);
	if (rc == IO_ERR_TOO_BIG)
		return game_fail(err, IO_ERR_CORRUPT,
		                 "evaluation weights %.100s: not a weights file of this version",
		                 path);
	if (rc != 0)
		return game_fail(err, rc, "cannot read the evaluation weights %.100s", path);
	const unsigned char *b = (const unsigned char *)data;
	const char *why = NULL;
	if (n != bytes || memcmp(b, "PARITYEV", 8) != 0)
		why = "not a weights file of this version";
	else if (le_get(b + 8, 4) != FILE_VERSION || le_get(b + 12, 4) != PATTERN_STAGES ||
	         le_get(b + 16, 4) != pt.stage_size)
		why = "made for another set of patterns";
	else if (le_get(b + n - 4, 4) != checksum(b, n - 4))
		why = "damaged (checksum)";
	int16_t *w = why ? NULL : weights_alloc(count);
	if (!why && !w) {
		free(data);
		return game_fail(err, IO_ERR_SYSTEM, "evaluation weights %.100s: out of memory",
		                 path);
	}
	if (why) {
		free(data);
		return game_fail(err, IO_ERR_CORRUPT, "evaluation weights %.100s: %s", path, why);
	}
	for (size_t i = 0; i < count; i++)
		w[i] = (int16_t)(uint16_t)le_get(b + FILE_HEADER + 2 * i, 2);
	free(data);
	free(pt.weights);
	pt.weights = w;
	return 0;
}
