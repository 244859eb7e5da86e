/*
 * games/checkers/engine.c — what the shared search (core/search.h) needs from checkers beyond
 * the rules: the evaluation and the quiescence search at the leaves.
 *
 * Evaluation, in 1/100 of a man for the side to move: material (a king is worth 1.3 men),
 * then for each side the advancement of its men, a guarded back rank (the bridge on 1 and 3
 * for Black, 30 and 32 for White) while the other side still has men to crown, the centre
 * (14, 15, 18, 19), mobility (simple moves), men with a free run to the crown (no enemy piece
 * in the cone ahead), and a trade-down bonus: the side ahead in material gains more the fewer
 * pieces are left, so it trades pieces when ahead and avoids trades when behind.
 *
 * Quiescence (struct game_deep checkers_deep): the shared search hands over every node at its
 * horizon (depth 0). If the side to move must capture, every capture is searched and the
 * replies to it, until a position with no capture for the side to move, which is evaluated;
 * so no exchange is ever cut off in the middle. Captures are mandatory in checkers, so a side
 * that must capture has no "stand pat": its score is the best of its captures. Each capture
 * takes a piece off, so the walk is short (a few dozen nodes at most) and a leaf costs the
 * shared search one step, as game_deep asks. The walk is a plain recursion with no table:
 * the same call always gives the same answer and node count, which keeps the search
 * deterministic.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/search.h"
#include "games/checkers/bits.h"
#include "games/checkers/checkers.h"
#include "games/checkers/egdb.h"
#include "io/le.h"
#include "games/checkers/mpc.h"

enum {
	MAN = 100,
	KING = 130,
	ADVANCE = 2,     /* per row a man has advanced */
	BACK_MAN = 4,    /* per man on its own back rank ... */
	BRIDGE = 10,     /* ... and for holding both bridge squares */
	CENTRE_MAN = 4,  /* per man on 14, 15, 18, 19 */
	CENTRE_KING = 6, /* per king there */
	MOBILITY = 2,    /* per simple move */
	RUNAWAY = 50,    /* a man with a free run, less RUNAWAY_ROW per row still to go */
	RUNAWAY_ROW = 10,
	TRADE_DIVISOR = 48,            /* trade-down: material lead × (24 − pieces) / this */
	KNOWN_WIN = SEARCH_PROVEN / 2, /* a database win without its distance (egdb_score) */
	/* Progress inside such a win (progress()), for the winner: */
	PROGRESS_ROW = 6,      /* per row one of its men has advanced */
	PROGRESS_CROWN = 60,   /* per king more than the loser has (above a man's 7 rows) */
	PROGRESS_CLOSE = 4,    /* less, per step from each of its kings to the nearest enemy */
	PROGRESS_MOBILITY = 3, /* less, per simple move the loser has */
	UNCONVERTED = 200,     /* plies added to a database win's distance on the root's material */
};

#define CENTRE       0x00066000u /* squares 14, 15, 18, 19 */
#define BLACK_BACK   0x0000000fu /* 1-4 */
#define WHITE_BACK   0xf0000000u /* 29-32 */
#define BLACK_BRIDGE 0x00000005u /* 1 and 3 */
#define WHITE_BRIDGE 0xa0000000u /* 30 and 32 */

/* Returns the squares a black (down) or white (up) man on `men` could reach in `rows` rows. */
static uint32_t cone(int colour, uint32_t men, int rows)
{
	uint32_t all = 0;
	for (int r = 0; r < rows; r++) {
		men = colour == CHECKERS_BLACK ? step_down_left(men) | step_down_right(men)
		                               : step_up_left(men) | step_up_right(men);
		all |= men;
	}
	return all;
}

/* Returns how many rows side c's man on square sq has come from its own back rank (0–6). */
static int rows_advanced(int c, int sq)
{
	const int row = sq / 4;
	return c == CHECKERS_BLACK ? row : 7 - row;
}

/* Returns the positional part of one side's score (material and trade-down apart). */
static int side_score(const struct checkers_pos *pos, int c)
{
	const uint32_t own = pos->piece[c], opp = pos->piece[!c];
	const uint32_t men = own & ~pos->kings, kings = own & pos->kings;
	const uint32_t opp_men = opp & ~pos->kings;
	int score = 0;
	/* Advancement, and free runs to the crown. */
	for (uint32_t m = men; m; m &= m - 1) {
		const int advanced = rows_advanced(c, __builtin_ctz(m));
		score += ADVANCE * advanced;
		const int to_go = 7 - advanced;
		if (to_go <= 4 && !(cone(c, m & -m, to_go) & opp))
			score += RUNAWAY - RUNAWAY_ROW * to_go;
	}
	/* The back rank counts while the other side has men that could crown there. */
	if (opp_men) {
		const uint32_t back = c == CHECKERS_BLACK ? BLACK_BACK : WHITE_BACK;
		const uint32_t bridge = c == CHECKERS_BLACK ? BLACK_BRIDGE : WHITE_BRIDGE;
		score += BACK_MAN * __builtin_popcount(men & back);
		if ((men & bridge) == bridge)
			score += BRIDGE;
	}
	score += CENTRE_MAN * __builtin_popcount(men & CENTRE) +
	         CENTRE_KING * __builtin_popcount(kings & CENTRE);
	score += MOBILITY * count_simple(c, own, kings, ~(own | opp));
	return score;
}

/* ---- the trained evaluation ---------------------------------------------------------- */

enum {
	F_MEN = 0,
	F_KINGS = 1,
	F_MAN_SQUARE = 2,   /* 28: a man on each square it can stand on, seen as Black */
	F_KING_SQUARE = 30, /* 32: a king on each square */
	F_RUNAWAY = 62,     /* men with a free run to the crown */
	F_MOBILITY = 63,    /* simple moves */
	F_BRIDGE = 64,      /* both bridge squares held while the opponent has men */
	F_TEMPO = 65,       /* 1: the side to move */
	F_TRADE = 66,       /* pieces ahead × (24 - pieces on the board) / 4 */
	F_THREAT = 67,      /* 1: the side not to move could capture (a threat to answer) */
	/* The third version's (PCEVAL3): */
	F_KING_MOBILITY = 68, /* simple moves of kings (F_MOBILITY counts them too) */
	F_TRAPPED_KING = 69,  /* kings with no simple move */
	F_BALANCE = 70,       /* |men on the left half - men on the right half| */
	F_OPPOSITION = 71,    /* material even: ±1 by the parity of the pieces on ODD_ROWS */
};

#define LEFT_HALF 0x33333333u /* the first two squares of every row: files a-d */

static int32_t trained[CHECKERS_EVAL_PHASES][CHECKERS_EVAL_WEIGHTS]; /* weights × 64 */
static bool have_trained;
static bool blended; /* the phases blended at their boundaries (checkers_eval_blend) */
/* The region tables again, as 16-bit numbers where every weight × 64 fits (the trained ones
 * are within ±1300): half the memory, so more of the tables stays in the cache, and the
 * search's evaluation waits less for them. */
static int16_t short_tables[CHECKERS_EVAL_PHASES][CHECKERS_EVAL_REGIONS * CHECKERS_EVAL_PATTERN];
static bool have_short_tables;

/* The first piece count of phases 0, 1 and 2 (phase 3 is the rest). */
static const int phase_start[CHECKERS_EVAL_PHASES - 1] = {19, 13, 8};

/* Returns the phase of a position with this many pieces (checkers_eval_phase). */
static int phase_of(int pieces)
{
	return pieces >= phase_start[0]   ? 0
	       : pieces >= phase_start[1] ? 1
	       : pieces >= phase_start[2] ? 2
	                                  : 3;
}

int checkers_eval_phase(const struct checkers_pos *pos)
{
	return phase_of(__builtin_popcount(pos->piece[0] | pos->piece[1]));
}

int checkers_eval_blend(const struct checkers_pos *pos, int *fifths)
{
	/* two counts either side of each phase's start are blended */
	const int pieces = __builtin_popcount(pos->piece[0] | pos->piece[1]);
	for (int b = 0; b < CHECKERS_EVAL_PHASES - 1; b++) {
		const int t = phase_start[b] + 2 - pieces;
		if (t >= 1 && t <= 4) {
			*fifths = t;
			return b;
		}
	}
	*fifths = 0;
	return phase_of(pieces);
}

/* Side c's view of pos as Black, moving down: its pieces, the opponent's and the kings (the
 * board turned round for White). */
struct black_view {
	uint32_t own, opp, kings;
};
static inline struct black_view seen_as_black(const struct checkers_pos *pos, int c)
{
	const struct black_view v = {pos->piece[c], pos->piece[!c], pos->kings};
	if (c != CHECKERS_WHITE)
		return v;
	return (struct black_view){turn_round(v.own), turn_round(v.opp), turn_round(v.kings)};
}

/* The features of one side, seen as Black (moving down), as the one place that counts them:
 * with w NULL, each feature's count times sign is added to acc[feature]
 * (checkers_eval_features); otherwise each count times its weight in w is added to acc[0]
 * (the search's evaluation, side_sum), and, when w2 is not NULL, times its weight in w2 to
 * acc[1] (two phases' sums from one count, where they are blended). Always inlined, so each
 * caller keeps only its own branch. */
static inline __attribute__((always_inline)) void
side_terms(const struct black_view v, const int32_t *w, const int32_t *w2, int sign, int *acc)
{
#define TERM(feature, count)                                                                       \
	do {                                                                                       \
		const int n_ = (count);                                                            \
		if (w) {                                                                           \
			acc[0] += w[feature] * n_;                                                 \
			if (w2)                                                                    \
				acc[1] += w2[feature] * n_;                                        \
		} else {                                                                           \
			acc[feature] += sign * n_;                                                 \
		}                                                                                  \
	} while (0)
	const uint32_t own = v.own, opp = v.opp, kings = v.kings;
	const uint32_t men = own & ~kings, own_kings = own & kings;
	TERM(F_MEN, __builtin_popcount(men));
	TERM(F_KINGS, __builtin_popcount(own_kings));
	for (uint32_t m = men & 0x0fffffffu; m; m &= m - 1) /* a man is never on 29-32 */
		TERM(F_MAN_SQUARE + __builtin_ctz(m), 1);
	/* men with at most 4 rows to go (rows 3-7, squares 13-32) and a free run */
	int runaways = 0;
	for (uint32_t m = men & 0xfffff000u; m; m &= m - 1) {
		const int to_go = 7 - __builtin_ctz(m) / 4;
		runaways += !(cone(CHECKERS_BLACK, m & -m, to_go) & opp);
	}
	TERM(F_RUNAWAY, runaways);
	for (uint32_t k = own_kings; k; k &= k - 1)
		TERM(F_KING_SQUARE + __builtin_ctz(k), 1);
	const uint32_t empty = ~(own | opp);
	TERM(F_MOBILITY, count_simple(CHECKERS_BLACK, own, own_kings, empty));
	if ((opp & ~kings) && (men & BLACK_BRIDGE) == BLACK_BRIDGE)
		TERM(F_BRIDGE, 1);
	if (own_kings) {
		TERM(F_KING_MOBILITY, count_simple(CHECKERS_BLACK, own_kings, own_kings, empty));
		/* A king can step to an empty square in some direction; the four directions are
		 * their own reverses, so the squares a step away from an empty one are the kings
		 * that can. */
		const uint32_t movable = step_up_left(empty) | step_up_right(empty) |
		                         step_down_left(empty) | step_down_right(empty);
		TERM(F_TRAPPED_KING, __builtin_popcount(own_kings & ~movable));
	}
	TERM(F_BALANCE,
	     abs(__builtin_popcount(men & LEFT_HALF) - __builtin_popcount(men & ~LEFT_HALF)));
#undef TERM
}

/* Adds sign × the features of side c of pos, seen as Black (moving down), to f. */
static void side_features(const struct checkers_pos *pos, int c, int sign, int *f)
{
	side_terms(seen_as_black(pos, c), NULL, NULL, sign, f);
}

void checkers_eval_features(const struct checkers_pos *pos, int f[CHECKERS_EVAL_FEATURES])
{
	memset(f, 0, CHECKERS_EVAL_FEATURES * sizeof f[0]);
	const int side = pos->side;
	side_features(pos, side, 1, f);
	side_features(pos, !side, -1, f);
	const int pieces = __builtin_popcount(pos->piece[0] | pos->piece[1]);
	const int lead =
	    __builtin_popcount(pos->piece[side]) - __builtin_popcount(pos->piece[!side]);
	f[F_TEMPO] = 1;
	f[F_TRADE] = lead * (24 - pieces) / 4;
	const uint32_t own = pos->piece[side];
	const uint32_t opp = pos->piece[!side];
	f[F_THREAT] = jumpers_of(!side, opp, own, opp & pos->kings) ? 1 : 0;
	/* "The move" (the opposition) of the endgame: with material even, who has it is the
	 * parity of the pieces on alternate rows (even pieces in all, so either set of rows,
	 * and either colour's view, gives the same parity); the fit finds its sign a phase. */
	if (lead == 0)
		f[F_OPPOSITION] = __builtin_popcount((own | opp) & ODD_ROWS) & 1 ? 1 : -1;
}

/* The regions: a region is 4 rows from row `row` (0 = squares 1-4) by the squares `col` and
 * col + 1 of each row (0-based, 4 to a row), so bit 4·r + c of the board, r < 4 and c < 2,
 * shifted down by 4·row + col. */
static const uint8_t region_shift[CHECKERS_EVAL_REGIONS] = {0, 1, 2, 8, 9, 10, 16, 17, 18};

/* Returns the 8 squares of the region at `shift` of board b as a byte. */
static inline unsigned region_bits(uint32_t b, int shift)
{
	const uint32_t x = (b >> shift) & 0x3333u;
	const uint32_t y = (x | x >> 2) & 0x0f0fu;
	return (y | y >> 4) & 0xffu;
}

/* Returns the sum of 3^k over the bits k of the byte b. */
static inline int ternary(unsigned b)
{
	static const uint8_t nibble[16] = {0,  1,  3,  4,  9,  10, 12, 13,
	                                   27, 28, 30, 31, 36, 37, 39, 40};
	return nibble[b & 15u] + 81 * nibble[b >> 4];
}

/* Fills idx with the region patterns of own (1) and opp (2), both seen as Black. */
static inline void side_patterns(uint32_t own, uint32_t opp, int *idx)
{
	for (int r = 0; r < CHECKERS_EVAL_REGIONS; r++)
		idx[r] = ternary(region_bits(own, region_shift[r])) +
		         2 * ternary(region_bits(opp, region_shift[r]));
}

void checkers_eval_patterns(const struct checkers_pos *pos, int idx[2][CHECKERS_EVAL_REGIONS])
{
	const int side = pos->side;
	for (int k = 0; k < 2; k++) {
		const struct black_view v = seen_as_black(pos, k == 0 ? side : !side);
		side_patterns(v.own, v.opp, idx[k]);
	}
}

void checkers_eval_set(const float *weights)
{
	have_trained = weights != NULL;
	for (int p = 0; weights && p < CHECKERS_EVAL_PHASES; p++)
		for (int i = 0; i < CHECKERS_EVAL_WEIGHTS; i++)
			trained[p][i] =
			    (int32_t)lrintf(64.0f * weights[p * CHECKERS_EVAL_WEIGHTS + i]);
	have_short_tables = have_trained;
	for (int p = 0; have_short_tables && p < CHECKERS_EVAL_PHASES; p++)
		for (int i = 0; i < CHECKERS_EVAL_REGIONS * CHECKERS_EVAL_PATTERN; i++) {
			const int32_t x = trained[p][CHECKERS_EVAL_FEATURES + i];
			if (x < INT16_MIN || x > INT16_MAX) {
				have_short_tables = false;
				break;
			}
			short_tables[p][i] = (int16_t)x;
		}
}

void checkers_eval_set_blended(bool on)
{
	blended = on;
}

bool checkers_eval_trained(void)
{
	return have_trained;
}

/* Adds side c's part of the trained evaluation's feature sum to s[0] (the weights w of a
 * phase times what side_features counts for c, with sign 1): the same integer sum, weight by
 * weight, as the dot product of checkers_eval_features, without the vector. The region
 * weights are read from st (the phase's short_tables) when it is not NULL. With w2 (and st2)
 * not NULL, adds the same for a second phase's weights to s[1], from the same counts. */
static inline __attribute__((always_inline)) void side_sum(const struct checkers_pos *pos, int c,
                                                           const int32_t *w, const int16_t *st,
                                                           const int32_t *w2, const int16_t *st2,
                                                           int32_t *s)
{
	const struct black_view v = seen_as_black(pos, c);
	int acc[2] = {0, 0};
	side_terms(v, w, w2, 1, acc);
	/* the regions, seen from c */
	int idx[CHECKERS_EVAL_REGIONS];
	side_patterns(v.own, v.opp, idx);
	for (int r = 0; r < CHECKERS_EVAL_REGIONS; r++) {
		const int i = r * CHECKERS_EVAL_PATTERN + idx[r];
		acc[0] += st ? st[i] : w[CHECKERS_EVAL_FEATURES + i];
		if (w2)
			acc[1] += st2 ? st2[i] : w2[CHECKERS_EVAL_FEATURES + i];
	}
	s[0] += acc[0];
	if (w2)
		s[1] += acc[1];
}

/* Puts phase `phase`'s part of the trained evaluation of pos for its side to move, in 1/64, in
 * sum[0], and with both (the blend), phase + 1's in sum[1]: the phase's weights times
 * checkers_eval_features, plus the side to move's region weights less the other side's
 * (checkers_eval_patterns). Summed side by side (side_sum) rather than through the feature
 * vector: the same sum, at about half the cost (tests/test_checkers_engine.c checks the two
 * ways agree); the two phases share the counting. */
static inline __attribute__((always_inline)) void phase_sums(const struct checkers_pos *pos,
                                                             int phase, bool both, int32_t *sum)
{
	const int side = pos->side;
	const int32_t *w = trained[phase];
	const int16_t *st = have_short_tables ? short_tables[phase] : NULL;
	const int32_t *w2 = both ? trained[phase + 1] : NULL;
	const int16_t *st2 = both && have_short_tables ? short_tables[phase + 1] : NULL;
	int32_t mine[2] = {0, 0}, theirs[2] = {0, 0};
	side_sum(pos, side, w, st, w2, st2, mine);
	side_sum(pos, !side, w, st, w2, st2, theirs);
	const uint32_t own = pos->piece[side], opp = pos->piece[!side];
	const int pieces = __builtin_popcount(own | opp);
	const int lead = __builtin_popcount(own) - __builtin_popcount(opp);
	const int trade = lead * (24 - pieces) / 4;
	const bool threat = jumpers_of(!side, opp, own, opp & pos->kings) != 0;
	const int opposition =
	    lead != 0 ? 0 : (__builtin_popcount((own | opp) & ODD_ROWS) & 1 ? 1 : -1);
	for (int k = 0; k < (both ? 2 : 1); k++) {
		const int32_t *wk = k ? w2 : w;
		sum[k] = mine[k] - theirs[k] + wk[F_TEMPO] + wk[F_TRADE] * trade +
		         (threat ? wk[F_THREAT] : 0) + wk[F_OPPOSITION] * opposition;
	}
}

/* Returns the trained evaluation of pos for its side to move: its phase's sum (phase_sums)
 * divided by 64, or near a boundary between phases, where the weights are blended, the two
 * phases' sums weighed by checkers_eval_blend. */
static int evaluate_trained(const struct checkers_pos *pos)
{
	int t = 0;
	const int p = blended ? checkers_eval_blend(pos, &t) : checkers_eval_phase(pos);
	int32_t sum[2];
	if (t) {
		phase_sums(pos, p, true, sum);
		return (int)(((5 - t) * (int64_t)sum[0] + t * (int64_t)sum[1]) / (5 * 64));
	}
	phase_sums(pos, p, false, sum);
	return (int)(sum[0] / 64);
}

/* The weights file: the magic, then for each phase its features' weights and its region
 * tables, little-endian IEEE floats. The first version has no tables, and it and the second
 * have the first 68 features only (the later ones are then 0). The fourth is the third with its
 * phases blended (checkers_eval_blend). */
static const char eval_magic[4][8] = {{'P', 'C', 'E', 'V', 'A', 'L', '1', '\n'},
                                      {'P', 'C', 'E', 'V', 'A', 'L', '2', '\n'},
                                      {'P', 'C', 'E', 'V', 'A', 'L', '3', '\n'},
                                      {'P', 'C', 'E', 'V', 'A', 'L', '4', '\n'}};

enum { FEATURES_V2 = 68 }; /* the features of the first two versions */

int checkers_eval_read(const char *path, float *w, char *err)
{
	bool blend;
	return checkers_eval_read_blend(path, w, &blend, err);
}

int checkers_eval_read_blend(const char *path, float *w, bool *blend, char *err)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return game_fail(err, -1, "cannot open %s", path);
	char head[8];
	unsigned char b[4];
	bool ok = fread(head, 1, 8, f) == 8;
	int version = 0;
	for (int v = 0; ok && v < 4; v++)
		if (memcmp(head, eval_magic[v], 8) == 0)
			version = v + 1;
	*blend = version == 4;
	const int features = version >= 3 ? CHECKERS_EVAL_FEATURES : FEATURES_V2;
	const int tables = version >= 2 ? CHECKERS_EVAL_REGIONS * CHECKERS_EVAL_PATTERN : 0;
	ok = version != 0;
	memset(w, 0, CHECKERS_EVAL_PHASES * CHECKERS_EVAL_WEIGHTS * sizeof w[0]);
	for (int p = 0; ok && p < CHECKERS_EVAL_PHASES; p++)
		for (int k = 0; ok && k < features + tables; k++) {
			ok = fread(b, 1, 4, f) == 4;
			const uint32_t u = (uint32_t)le_get(b, 4);
			float x;
			memcpy(&x, &u, 4);
			ok = ok && x > -10000.0f && x < 10000.0f;
			const int i = k < features ? k : CHECKERS_EVAL_FEATURES + (k - features);
			w[p * CHECKERS_EVAL_WEIGHTS + i] = ok ? x : 0.0f;
		}
	ok = ok && fgetc(f) == EOF;
	fclose(f);
	if (!ok)
		return game_fail(err, -1, "%s is not a checkers evaluation", path);
	return 0;
}

int checkers_eval_load(const char *path, char *err)
{
	static float w[CHECKERS_EVAL_PHASES * CHECKERS_EVAL_WEIGHTS];
	bool blend;
	checkers_eval_set(NULL);
	if (checkers_eval_read_blend(path, w, &blend, err) != 0)
		return -1;
	checkers_eval_set(w);
	checkers_eval_set_blended(blend);
	return 0;
}

int checkers_evaluate(const struct checkers_pos *pos)
{
	if (have_trained)
		return evaluate_trained(pos);
	const int side = pos->side;
	int material[2], pieces = 0;
	for (int c = 0; c < 2; c++) {
		const int men = __builtin_popcount(pos->piece[c] & ~pos->kings);
		const int kings = __builtin_popcount(pos->piece[c] & pos->kings);
		material[c] = MAN * men + KING * kings;
		pieces += men + kings;
	}
	const int lead = material[side] - material[!side];
	return lead + lead * (24 - pieces) / TRADE_DIVISOR + side_score(pos, side) -
	       side_score(pos, !side);
}

/* ---- the endgame databases ----------------------------------------------------------- */

/* Returns the distance in king steps between squares a and b (bits, 0-31): the larger of the
 * row and column differences. */
static int king_steps(int a, int b)
{
	const int ra = a / 4, rb = b / 4;
	const int ca = 2 * (a % 4) + (ra % 2 == 0), cb = 2 * (b % 4) + (rb % 2 == 0);
	const int dr = ra > rb ? ra - rb : rb - ra, dc = ca > cb ? ca - cb : cb - ca;
	return dr > dc ? dr : dc;
}

/* Returns how far the winner w has come in a won ending whose table keeps no distance (the
 * 6-piece tables), in evaluation units: its men advanced and crowned, its kings close to the
 * loser's pieces, the loser short of moves. Every capture leaves these tables for the smaller
 * ones, whose wins are proven with their distance and outrank any known win; so this only has
 * to lead the search from one such win toward the positions where a capture can be forced, as
 * Cake's and KingsRow's endgame knowledge does: crown, close in, take the loser's room. */
static int progress(const struct checkers_pos *pos, int w)
{
	const uint32_t win = pos->piece[w], lose = pos->piece[!w];
	const uint32_t men = win & ~pos->kings, kings = win & pos->kings;
	int score =
	    PROGRESS_CROWN * (__builtin_popcount(kings) - __builtin_popcount(lose & pos->kings));
	for (uint32_t m = men; m; m &= m - 1)
		score += PROGRESS_ROW * rows_advanced(w, __builtin_ctz(m));
	for (uint32_t k = kings; k; k &= k - 1) {
		int nearest = 7;
		for (uint32_t e = lose; e; e &= e - 1) {
			const int d = king_steps(__builtin_ctz(k), __builtin_ctz(e));
			nearest = d < nearest ? d : nearest;
		}
		score -= PROGRESS_CLOSE * nearest;
	}
	return score - PROGRESS_MOBILITY * count_simple(!w, lose, lose & pos->kings, ~(win | lose));
}

/* Returns how far pos is from the end in changes of material: its pieces plus its men. Every
 * capture and every crowning lowers it. */
static int material_stage(const struct checkers_pos *pos)
{
	const uint32_t all = pos->piece[0] | pos->piece[1];
	return __builtin_popcount(all) + __builtin_popcount(all & ~pos->kings);
}

/* Probes the tables for pos (checkers_egdb_probe) when it has no more pieces than the tables
 * the search may use (checkers_egdb_pieces, under checkers_egdb_limit); else EGDB_UNKNOWN. */
static enum egdb_result egdb_lookup(const struct checkers_pos *pos, int *distance)
{
	const uint32_t all = pos->piece[0] | pos->piece[1];
	if (__builtin_popcount(all) > checkers_egdb_pieces())
		return EGDB_UNKNOWN;
	return checkers_egdb_probe(pos, distance);
}

/* Looks pos up in the endgame databases, for a search whose root is at material_stage `root`.
 * Returns false when no table holds it; else sets *score: a win or loss as a finished game
 * `ply` plies below plus the distance to the change of material, plus UNCONVERTED while the
 * material is still the root's; a draw as 0; and *exact: true for those. So the search takes
 * the shortest way to the next change of material and the longest to delay it, and prefers
 * any won change of material to none: the distance of a position just converted counts to the
 * change after it, and without UNCONVERTED a move that does not convert (its distance short)
 * would look better than one that does (a crowning, with the next material's whole distance
 * ahead), and the winner would wander. Each move the winner makes then shortens the distance
 * or changes the material, which wins every won ending. A win or loss the tables know without
 * its distance (the 6-piece tables) is a known win, above every evaluation but below the
 * proven wins, plus the winner's progress (progress()), and not exact: see deep_search for
 * how the search plays it out. */
static bool egdb_score(const struct checkers_pos *pos, int ply, int root, int *score, bool *exact)
{
	int distance = 0;
	const enum egdb_result r = egdb_lookup(pos, &distance);
	if (r == EGDB_UNKNOWN)
		return false;
	*exact = r == EGDB_DRAW || distance >= 0;
	if (!*exact) {
		const int p = progress(pos, r == EGDB_WIN ? pos->side : !pos->side);
		const int v = p > KNOWN_WIN / 2    ? KNOWN_WIN / 2
		              : p < -KNOWN_WIN / 2 ? -KNOWN_WIN / 2
		                                   : p;
		*score = r == EGDB_WIN ? KNOWN_WIN + v : -KNOWN_WIN - v;
		return true;
	}
	if (material_stage(pos) >= root)
		distance += UNCONVERTED;
	*score = r == EGDB_DRAW ? 0 : search_win_score(r == EGDB_WIN ? 1 : -1, ply + distance);
	return true;
}

/* Returns whether the tables know pos as a win or loss without its distance. */
static bool known_win(const struct checkers_pos *pos)
{
	int distance = 0;
	const enum egdb_result r = egdb_lookup(pos, &distance);
	return (r == EGDB_WIN || r == EGDB_LOSS) && distance < 0;
}

/* ---- quiescence ------------------------------------------------------------------------- */

enum { EVAL_CACHE_BITS = 16 }; /* 2^16 entries of 16 bytes */

/* A position's evaluation (checkers_evaluate), kept for when the search meets it again. */
struct eval_entry {
	uint32_t piece[2], kings; /* both sides on every square: an empty entry */
	int32_t score;            /* the evaluation × 2, plus the side to move */
};

/* The engine's per-search context (the game_deep interface). The quiescence keeps no scores
 * between calls, only the evaluations, which are the same whenever they are asked for, so
 * the search's answers and node counts are those of a search without them. */
struct checkers_deep_ctx {
	int root;     /* the root's material_stage */
	bool play_on; /* the root is a known win or loss: search on below such positions */
	/* The evaluations of the quiescence's leaves: the shared search hands the same horizon
	 * positions over again and again (it keeps no table for them), and an evaluation waits
	 * for its weights in memory. Emptied at each search, in case the weights changed. */
	struct eval_entry cache[1 << EVAL_CACHE_BITS];
};

/* Returns the entry of c's cache for pos. */
static struct eval_entry *eval_slot(struct checkers_deep_ctx *c, const struct checkers_pos *pos)
{
	const uint64_t h = ((uint64_t)pos->piece[0] * 0x9e3779b97f4a7c15ULL) ^
	                   ((uint64_t)pos->piece[1] * 0xc2b2ae3d27d4eb4fULL) ^
	                   ((uint64_t)(pos->kings ^ pos->side) * 0x165667b19e3779f9ULL);
	return &c->cache[h >> (64 - EVAL_CACHE_BITS)];
}

/* Returns checkers_evaluate(pos), from c's cache when it is there (c may be NULL: none). */
static int cached_evaluate(struct checkers_deep_ctx *c, const struct checkers_pos *pos)
{
	if (!c)
		return checkers_evaluate(pos);
	struct eval_entry *e = eval_slot(c, pos);
	if (e->piece[0] == pos->piece[0] && e->piece[1] == pos->piece[1] &&
	    e->kings == pos->kings && (e->score & 1) == pos->side)
		return (e->score - pos->side) / 2;
	const int v = checkers_evaluate(pos);
	e->piece[0] = pos->piece[0];
	e->piece[1] = pos->piece[1];
	e->kings = pos->kings;
	e->score = v * 2 + pos->side;
	return v;
}

/* Returns the score of pos for its side to move once every pending capture is played out,
 * in the fail-soft window (alpha, beta); `ply` plies below the node the shared search handed
 * over (for the distance of a lost game). Adds the positions visited to *nodes. */
static int quiesce(struct checkers_deep_ctx *c, const struct checkers_pos *pos, int alpha, int beta,
                   int ply, int root, uint64_t *nodes)
{
	++*nodes;
	if (c) /* on its way from memory while the position is looked at */
		__builtin_prefetch(eval_slot(c, pos));
	if (pos->quiet >= CHECKERS_QUIET_DRAW)
		return 0;
	int known;
	bool exact;
	if (egdb_score(pos, ply, root, &known, &exact))
		return known;
	const int side = pos->side;
	const uint32_t own = pos->piece[side], opp = pos->piece[!side];
	if (!jumpers_of(side, own, opp, own & pos->kings)) {
		if (!count_simple(side, own, own & pos->kings, ~(own | opp)))
			return search_win_score(-1, ply); /* no move: lost */
		return cached_evaluate(c, pos);
	}
	struct game_move moves[GAME_MOVES_MAX];
	const int n = checkers_rules.generate(pos, moves);
	int best = -SEARCH_INFINITY;
	for (int i = 0; i < n && best < beta; i++) {
		struct checkers_pos child = *pos;
		checkers_rules.play(&child, &moves[i]);
		const int v = -quiesce(c, &child, -beta, -(alpha > best ? alpha : best), ply + 1,
		                       root, nodes);
		if (v > best)
			best = v;
	}
	return best;
}

/* ---- ProbCut ---------------------------------------------------------------------------- */

/* Returns the score of pos searched `depth` plies deep by a plain alpha-beta with the
 * quiescence at its horizon and the databases (no table, no ordering: the same call, the same
 * answer), in the fail-soft window (alpha, beta); `ply` plies below the node handed over. */
static int shallow(struct checkers_deep_ctx *c, const struct checkers_pos *pos, int depth,
                   int alpha, int beta, int ply, int root, uint64_t *nodes)
{
	if (depth <= 0)
		return quiesce(c, pos, alpha, beta, ply, root, nodes);
	++*nodes;
	if (pos->quiet >= CHECKERS_QUIET_DRAW)
		return 0;
	int known;
	bool exact;
	if (egdb_score(pos, ply, root, &known, &exact))
		return known;
	struct game_move moves[GAME_MOVES_MAX];
	const int n = checkers_rules.generate(pos, moves);
	if (n == 0)
		return search_win_score(-1, ply);
	int best = -SEARCH_INFINITY;
	for (int i = 0; i < n && best < beta; i++) {
		struct checkers_pos child = *pos;
		checkers_rules.play(&child, &moves[i]);
		const int v = -shallow(c, &child, depth - 1, -beta, -(alpha > best ? alpha : best),
		                       ply + 1, root, nodes);
		if (v > best)
			best = v;
	}
	return best;
}

int checkers_mpc_shallow(int depth)
{
	const int d = (depth - 2) / 2;
	return d < 1 ? 1 : d;
}

int checkers_shallow_score(const struct checkers_pos *pos, int depth)
{
	uint64_t nodes = 0;
	return shallow(NULL, pos, depth, -SEARCH_INFINITY, SEARCH_INFINITY, 0, material_stage(pos),
	               &nodes);
}

/* ProbCut (Buro): a search `depth` plies deep scores about a·v + b, with an error of standard
 * deviation sigma, where v is the shallow search checkers_mpc_shallow(depth) plies deep. When
 * v says the deep score is beyond the window by `confidence` tenths of sigma, the node is cut
 * without searching it. The fits come from Parity's own positions with the trained weights
 * (tools/calibrate-mpc.c --game checkers, mpc.h), so nothing is cut without them; nor at a
 * bound that is a proven result, nor where the databases answer. */
static bool deep_probcut(void *ctx, const void *p, int depth, int alpha, int beta, int confidence,
                         int *score, uint64_t *nodes)
{
	struct checkers_deep_ctx *c = ctx;
	const struct checkers_pos *pos = p;
	if (depth < CHECKERS_MPC_MIN_DEPTH || !checkers_eval_trained() ||
	    __builtin_popcount(pos->piece[0] | pos->piece[1]) <= checkers_egdb_pieces())
		return false;
	const struct checkers_mpc_fit *m =
	    &checkers_mpc[(depth > CHECKERS_MPC_MAX_DEPTH ? CHECKERS_MPC_MAX_DEPTH : depth) -
	                  CHECKERS_MPC_MIN_DEPTH];
	const int d = checkers_mpc_shallow(depth);
	const long t = (long)confidence * m->sigma / 10;
	/* a·v + b >= beta + t  <=>  v >= (beta + t - b) / a  (a in thousandths) */
	if (!search_proven(beta)) {
		const long hi = ((long)beta + t - m->b) * 1000 / m->a + 1;
		if (hi < SEARCH_PROVEN &&
		    shallow(c, pos, d, (int)hi - 1, (int)hi, 0, c->root, nodes) >= hi) {
			*score = beta;
			return true;
		}
	}
	if (!search_proven(alpha)) {
		const long lo = ((long)alpha - t - m->b) * 1000 / m->a - 1;
		if (lo > -SEARCH_PROVEN &&
		    shallow(c, pos, d, (int)lo, (int)lo + 1, 0, c->root, nodes) <= lo) {
			*score = alpha;
			return true;
		}
	}
	return false;
}

/* Returns a new context, or NULL when out of memory (nothing in it depends on the board). */
static void *deep_create(const void *pos)
{
	(void)pos;
	return calloc(1, sizeof(struct checkers_deep_ctx));
}

/* Frees a context. */
static void deep_destroy(void *ctx)
{
	free(ctx);
}

/* Starts a new search of root: nothing is learnt between searches (the evaluations kept are
 * forgotten, in case the weights changed). */
static void deep_reset(void *ctx, const void *root)
{
	struct checkers_deep_ctx *c = ctx;
	c->root = material_stage(root);
	c->play_on = known_win(root);
	memset(c->cache, 0xff, sizeof c->cache);
}

/* Takes the nodes at the horizon (depth <= 0) and plays out their captures; leaves the rest
 * to the shared search. */
static int deep_search(void *ctx, const void *p, int depth, int alpha, int beta, int *score,
                       uint64_t *nodes)
{
	struct checkers_deep_ctx *c = ctx;
	const struct checkers_pos *pos = p;
	bool exact;
	/* A known win ends the search here (node counted) when the root is not one, for then it
	 * is enough to know that the game comes to it; from a known win, the search goes on below
	 * such positions to its horizon and scores them there by the winner's progress, so that
	 * every move heads for a capture into the tables that know the way (proven scores),
	 * never wanders (a repetition is a draw) and never lets the win go (a draw is exact). */
	if (pos->quiet < CHECKERS_QUIET_DRAW && egdb_score(pos, 0, c->root, score, &exact) &&
	    (exact || depth <= 0 || !c->play_on))
		return exact ? GAME_DEEP_EXACT : GAME_DEEP_SCORE;
	if (depth > 0)
		return GAME_DEEP_NO;
	uint64_t visited = 0;
	*score = quiesce(c, pos, alpha, beta, 0, c->root, &visited);
	*nodes += visited - 1; /* the shared search has counted the node itself */
	/* A finished game is exact; anything else rests on the evaluation. */
	if (visited == 1 &&
	    (*score == 0 ? pos->quiet >= CHECKERS_QUIET_DRAW : *score <= -SEARCH_PROVEN))
		return GAME_DEEP_EXACT;
	return GAME_DEEP_SCORE;
}

const struct game_deep checkers_deep = {
    .create = deep_create,
    .destroy = deep_destroy,
    .reset = deep_reset,
    .search = deep_search,
    .probcut = deep_probcut,
};
