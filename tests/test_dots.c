/*
 * tests/test_dots.c — unit tests of the Dots and Boxes rules (games/dots/dots.c).
 *
 * The heart of it: on the 1×1, 1×2 and 2×2 boards, every complete game and its final score
 * is counted two independent ways — by walking the game tree through the rules interface,
 * and by a dynamic programme over edge subsets that works out box completion on its own —
 * and the two must agree. Then every position of ../shared/data/dots-boxes-positions.txt is
 * replayed from its history, and the smaller behaviours (extra move after a box, double
 * boxes, undo, text forms, error codes, 9×9) are pinned one by one.
 */
/* cmocka.h needs these first, in this order */
/* clang-format off */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
/* clang-format on */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "games/dots/dots.h"

#include "shared_data.h"

#define DATA_PATH "../shared/data/dots-boxes-positions.txt"

enum {
	SPREAD = 4, /* final margins of the exhaustive boards lie in -4..4 */
	NSCORES = 2 * SPREAD + 1,
};

/* Sets up the empty rows × cols board through the rules table. */
static void set_up(struct dots_pos *pos, int rows, int cols)
{
	struct game_options opt = dots_options(rows, cols);
	assert_int_equal(dots_rules.start(pos, &opt), GAME_OK);
	assert_true(dots_valid(pos));
}

/* Reads a position text that must be accepted. */
static void parse_ok(struct dots_pos *pos, const char *text)
{
	char err[GAME_ERR_MAX] = "";
	int rc = dots_rules.pos_parse(pos, text, NULL, err);
	if (rc != GAME_OK)
		fail_msg("pos_parse(\"%s\") = %d: %s", text, rc, err);
	assert_true(dots_valid(pos));
}

/* Returns the move for edge e, found through move_parse (which must accept it). */
static struct game_move edge_move(const struct dots_pos *pos, int e)
{
	char text[16], err[GAME_ERR_MAX] = "";
	struct game_move move;
	snprintf(text, sizeof text, "%d", e);
	int rc = dots_rules.move_parse(pos, text, &move, err);
	if (rc != GAME_OK)
		fail_msg("move_parse(\"%s\") = %d: %s", text, rc, err);
	return move;
}

/* Checks that the position's text is `want`. */
static void assert_text(const struct dots_pos *pos, const char *want)
{
	char text[GAME_TEXT_MAX];
	assert_true(dots_rules.pos_to_text(pos, text, sizeof text) > 0);
	assert_string_equal(text, want);
}

/* Returns a pseudo-random number from the xorshift state *s. */
static uint64_t next_random(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* Returns n! */
static uint64_t factorial(int n)
{
	uint64_t f = 1;
	for (int i = 2; i <= n; i++)
		f *= (uint64_t)i;
	return f;
}

/* ---- exhaustive counts, way (a): the game tree through the rules interface ------------- */

/* Adds every complete game below pos to dist (indexed by final margin + SPREAD), walking
 * every move with play/undo and checking that undo restores the position. */
static void walk_all(struct dots_pos *pos, uint64_t dist[NSCORES])
{
	struct game_move moves[GAME_MOVES_MAX];
	int n = dots_rules.generate(pos, moves);
	if (n == 0) {
		dist[dots_rules.result(pos) + SPREAD]++;
		return;
	}
	for (int i = 0; i < n; i++) {
		struct dots_pos before = *pos;
		dots_rules.play(pos, &moves[i]);
		walk_all(pos, dist);
		dots_rules.undo(pos, &moves[i]);
		assert_memory_equal(pos, &before, sizeof before);
	}
}

/* What the memoised walk knows about one (edge set, side to move, score so far). */
struct memo_entry {
	uint64_t dist[NSCORES]; /* complete games from here by final margin */
	int done;
};

/* Returns the memo slot of pos: edge set (12 bits at most), side to move, margin so far. */
static size_t memo_key(const struct dots_pos *pos)
{
	size_t margin = (size_t)(dots_rules.result(pos) + SPREAD);
	return ((size_t)pos->edge[0] * 2 + (size_t)dots_rules.to_move(pos)) * NSCORES + margin;
}

/* Stores in dist the complete games below pos by final margin, walking the tree through the
 * rules interface but solving each (edge set, side to move, score so far) only once. */
static void walk_memo(struct dots_pos *pos, struct memo_entry *memo, uint64_t dist[NSCORES])
{
	struct memo_entry *m = &memo[memo_key(pos)];
	if (!m->done) {
		struct game_move moves[GAME_MOVES_MAX];
		int n = dots_rules.generate(pos, moves);
		memset(m->dist, 0, sizeof m->dist);
		if (n == 0)
			m->dist[dots_rules.result(pos) + SPREAD] = 1;
		for (int i = 0; i < n; i++) {
			uint64_t sub[NSCORES];
			dots_rules.play(pos, &moves[i]);
			walk_memo(pos, memo, sub);
			dots_rules.undo(pos, &moves[i]);
			for (int s = 0; s < NSCORES; s++)
				m->dist[s] += sub[s];
		}
		m->done = 1;
	}
	memcpy(dist, m->dist, sizeof m->dist);
}

/* ---- exhaustive counts, way (b): a dynamic programme over edge subsets ----------------- */

/*
 * Stores in dist the complete games of the rows × cols board by final margin, without dots.c:
 * the edges are listed here as pairs of dots in the numbering of the data file's header
 * (horizontal edges row by row, then vertical edges row by row), a box's sides are the edges
 * joining two of its corners, and for every set of drawn edges the programme counts the
 * orderings that reach it by (player to move, margin so far).
 */
static void count_by_subsets(int rows, int cols, uint64_t dist[NSCORES])
{
	int end[32][2][2]; /* edge -> its two dots as (row, column) */
	int nedge = 0;
	for (int y = 0; y <= rows; y++)
		for (int x = 0; x < cols; x++, nedge++) {
			end[nedge][0][0] = y, end[nedge][0][1] = x;
			end[nedge][1][0] = y, end[nedge][1][1] = x + 1;
		}
	for (int y = 0; y < rows; y++)
		for (int x = 0; x <= cols; x++, nedge++) {
			end[nedge][0][0] = y, end[nedge][0][1] = x;
			end[nedge][1][0] = y + 1, end[nedge][1][1] = x;
		}
	assert_true(nedge <= 16);

	uint32_t box_mask[16]; /* box -> its four sides as an edge mask */
	int nbox = 0;
	for (int y = 0; y < rows; y++)
		for (int x = 0; x < cols; x++, nbox++) {
			box_mask[nbox] = 0;
			for (int e = 0; e < nedge; e++) {
				int inside = 0;
				for (int k = 0; k < 2; k++)
					inside += (end[e][k][0] == y || end[e][k][0] == y + 1) &&
					          (end[e][k][1] == x || end[e][k][1] == x + 1);
				if (inside == 2)
					box_mask[nbox] |= 1u << e;
			}
			assert_int_equal(__builtin_popcount(box_mask[nbox]), 4);
		}

	size_t nsets = (size_t)1 << nedge;
	uint64_t(*ways)[2][NSCORES] = calloc(nsets, sizeof *ways);
	assert_non_null(ways);
	ways[0][0][SPREAD] = 1;
	/* adding an edge makes a larger number, so ascending order visits each set after all
	 * the sets it can come from */
	for (size_t set = 0; set < nsets; set++)
		for (int side = 0; side < 2; side++)
			for (int s = 0; s < NSCORES; s++) {
				uint64_t w = ways[set][side][s];
				if (w == 0)
					continue;
				for (int e = 0; e < nedge; e++) {
					if (set & (1u << e))
						continue;
					size_t next = set | (1u << e);
					int taken = 0;
					for (int b = 0; b < nbox; b++)
						taken += (box_mask[b] & (1u << e)) &&
						         (next & box_mask[b]) == box_mask[b];
					int next_side = taken ? side : 1 - side;
					int next_s = s + (side == 0 ? taken : -taken);
					ways[next][next_side][next_s] += w;
				}
			}
	for (int s = 0; s < NSCORES; s++)
		dist[s] = ways[nsets - 1][0][s] + ways[nsets - 1][1][s];
	free(ways);
}

/* Checks that the three counts agree with each other and with `want`, and sum to E!. */
static void check_exhaustive(int rows, int cols, int full_walk, const uint64_t want[NSCORES])
{
	uint64_t by_tree[NSCORES] = {0}, by_memo[NSCORES], by_sets[NSCORES];
	struct dots_pos pos;
	set_up(&pos, rows, cols);

	struct memo_entry *memo = calloc((size_t)2 << pos.edges, NSCORES * sizeof *memo);
	assert_non_null(memo);
	walk_memo(&pos, memo, by_memo);
	free(memo);
	count_by_subsets(rows, cols, by_sets);
	if (full_walk) {
		walk_all(&pos, by_tree);
		assert_memory_equal(by_tree, by_memo, sizeof by_memo);
	}
	assert_memory_equal(by_sets, by_memo, sizeof by_memo);

	uint64_t total = 0;
	for (int s = 0; s < NSCORES; s++) {
		total += by_sets[s];
		if (by_sets[s] != want[s])
			fail_msg("%dx%d: margin %d: %llu games, expected %llu", rows, cols,
			         s - SPREAD, (unsigned long long)by_sets[s],
			         (unsigned long long)want[s]);
	}
	assert_true(total == factorial(pos.edges));
}

/* 1×1: the first three edges never close the box, so A, B, A draw them and B always draws the
 * fourth and takes the box: all 4! = 24 games end A−B = −1. */
static void test_exhaustive_1x1(void **state)
{
	(void)state;
	static const uint64_t want[NSCORES] = {[SPREAD - 1] = 24};
	check_exhaustive(1, 1, 1, want);
}

/* 1×2: the 7! = 5040 games end −2, 0 or +2. */
static void test_exhaustive_1x2(void **state)
{
	(void)state;
	static const uint64_t want[NSCORES] = {
	    [SPREAD - 2] = 3168, [SPREAD] = 1152, [SPREAD + 2] = 720};
	check_exhaustive(1, 2, 1, want);
}

/* 2×2: the 12! = 479001600 games, by final margin −4..4. */
static void test_exhaustive_2x2(void **state)
{
	(void)state;
	static const uint64_t want[NSCORES] = {[SPREAD - 4] = 116660736,
	                                       [SPREAD - 2] = 84828672,
	                                       [SPREAD] = 76096512,
	                                       [SPREAD + 2] = 82192896,
	                                       [SPREAD + 4] = 119222784};
	check_exhaustive(2, 2, 0, want);
}

/* ---- the reference positions ----------------------------------------------------------- */

/* Returns the number of fields of line split in place at spaces and tabs (at most max). */
static int split_line(char *line, char **field, int max)
{
	int n = 0;
	for (char *p = strtok(line, " \t\r\n"); p && n < max; p = strtok(NULL, " \t\r\n"))
		field[n++] = p;
	return n;
}

static void test_data_file(void **state)
{
	(void)state;
	FILE *f = shared_data_open("dots-boxes-positions.txt");
	char line[2048];
	int lineno = 0, checked = 0;
	while (fgets(line, sizeof line, f)) {
		lineno++;
		char *field[11];
		int nf = split_line(line, field, 11);
		if (nf == 0 || field[0][0] == '#')
			continue;
		if (nf != 10)
			fail_msg("%s:%d: %d fields, expected 10", DATA_PATH, lineno, nf);

		char want[GAME_TEXT_MAX];
		snprintf(want, sizeof want, "%s %s %s %s %s %s", field[0], field[1], field[2],
		         field[3], field[4], field[5]);

		struct dots_pos pos, empty;
		parse_ok(&empty, field[0]);
		pos = empty;
		struct game_move history[DOTS_MAX_EDGES];
		int nmoves = 0;
		if (strcmp(field[9], "-") != 0) {
			for (char *p = strtok(field[9], ","); p; p = strtok(NULL, ",")) {
				char err[GAME_ERR_MAX] = "";
				assert_true(nmoves < DOTS_MAX_EDGES);
				int rc = dots_rules.move_parse(&pos, p, &history[nmoves], err);
				if (rc != GAME_OK)
					fail_msg("%s:%d: move %s: %s", DATA_PATH, lineno, p, err);
				dots_rules.play(&pos, &history[nmoves++]);
				assert_true(dots_valid(&pos));
			}
		}

		char got[GAME_TEXT_MAX];
		assert_true(dots_rules.pos_to_text(&pos, got, sizeof got) > 0);
		if (strcmp(got, want) != 0)
			fail_msg("%s:%d: replay gives\n  %s\nexpected\n  %s", DATA_PATH, lineno,
			         got, want);

		struct dots_pos parsed;
		parse_ok(&parsed, want);
		assert_memory_equal(&parsed, &pos, sizeof pos);
		assert_true(dots_rules.hash(&parsed) == dots_rules.hash(&pos));
		assert_text(&parsed, want);

		while (nmoves > 0)
			dots_rules.undo(&pos, &history[--nmoves]);
		assert_memory_equal(&pos, &empty, sizeof pos);
		checked++;
	}
	fclose(f);
	assert_true(checked >= 20);
}

/* ---- play, undo, hash ------------------------------------------------------------------ */

/* Plays random games on several boards to the end and takes them back, checking at every
 * step the invariants, the turn rule, the text round trips and that undo restores the
 * position and its hash. */
static void test_play_undo(void **state)
{
	(void)state;
	static const int sizes[][2] = {{1, 1}, {1, 5}, {2, 3}, {3, 3}, {4, 4}, {5, 7}, {9, 9}};
	uint64_t rnd = 0x9e3779b97f4a7c15ULL;
	for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++)
		for (int game = 0; game < 20; game++) {
			struct dots_pos pos, before[DOTS_MAX_EDGES];
			struct game_move played[DOTS_MAX_EDGES], moves[GAME_MOVES_MAX];
			uint64_t hash[DOTS_MAX_EDGES];
			set_up(&pos, sizes[k][0], sizes[k][1]);
			int n, ply = 0;
			while ((n = dots_rules.generate(&pos, moves)) > 0) {
				assert_int_equal(n, pos.edges - ply);
				const struct game_move *m = &moves[next_random(&rnd) % (uint64_t)n];

				char text[GAME_TEXT_MAX];
				struct game_move again;
				assert_true(dots_rules.move_to_text(&pos, m, text, sizeof text) >
				            0);
				assert_int_equal(dots_rules.move_parse(&pos, text, &again, NULL),
				                 GAME_OK);
				assert_true(game_move_equal(&again, m));

				before[ply] = pos;
				hash[ply] = dots_rules.hash(&pos);
				played[ply++] = *m;
				dots_rules.play(&pos, m);
				assert_true(dots_valid(&pos));
				assert_true(dots_rules.hash(&pos) != hash[ply - 1]);
				int mover = before[ply - 1].side;
				if (m->extra > 0) {
					assert_int_equal(pos.side, mover);
					assert_int_equal(pos.score[mover],
					                 before[ply - 1].score[mover] +
					                     (int)m->extra);
				} else {
					assert_int_equal(pos.side, 1 - mover);
					assert_memory_equal(pos.score, before[ply - 1].score, 2);
				}

				struct dots_pos copy;
				assert_true(dots_rules.pos_to_text(&pos, text, sizeof text) > 0);
				parse_ok(&copy, text);
				assert_memory_equal(&copy, &pos, sizeof pos);
			}
			assert_int_equal(ply, pos.edges);
			assert_int_equal(pos.score[0] + pos.score[1], pos.rows * pos.cols);
			assert_int_equal(dots_rules.result(&pos), pos.score[0] - pos.score[1]);
			while (ply > 0) {
				dots_rules.undo(&pos, &played[--ply]);
				assert_memory_equal(&pos, &before[ply], sizeof pos);
				assert_true(dots_rules.hash(&pos) == hash[ply]);
			}
		}
}

/* Completing a box scores it and keeps the turn; other edges pass it. */
static void test_extra_move(void **state)
{
	(void)state;
	struct dots_pos pos;
	/* 1×2: box 0 has sides 0, 2, 4, 5; box 1 has sides 1, 3, 5, 6 */
	parse_ok(&pos, "1x2 1010100 B 0 0 ..");
	struct game_move m = edge_move(&pos, 5);
	assert_int_equal(m.extra, 1);
	dots_rules.play(&pos, &m);
	assert_text(&pos, "1x2 1010110 B 0 1 B.");
	assert_int_equal(dots_rules.to_move(&pos), DOTS_B);

	struct game_move m2 = edge_move(&pos, 1);
	assert_int_equal(m2.extra, 0);
	dots_rules.play(&pos, &m2);
	assert_text(&pos, "1x2 1110110 A 0 1 B.");
	dots_rules.undo(&pos, &m2);
	dots_rules.undo(&pos, &m);
	assert_text(&pos, "1x2 1010100 B 0 0 ..");
}

/* One edge between two three-sided boxes scores both. */
static void test_double_box(void **state)
{
	(void)state;
	struct dots_pos pos;
	struct game_move moves[GAME_MOVES_MAX];

	/* vertical edge 5 between the two boxes of 1×2 */
	parse_ok(&pos, "1x2 1111101 A 0 0 ..");
	struct game_move m = edge_move(&pos, 5);
	assert_int_equal(m.extra, 2);
	dots_rules.play(&pos, &m);
	assert_text(&pos, "1x2 1111111 A 2 0 AA");
	assert_int_equal(dots_rules.generate(&pos, moves), 0);
	assert_int_equal(dots_rules.result(&pos), 2);
	dots_rules.undo(&pos, &m);
	assert_text(&pos, "1x2 1111101 A 0 0 ..");

	/* horizontal edge 1 between the two boxes of 2×1 */
	parse_ok(&pos, "2x1 1011111 B 0 0 ..");
	m = edge_move(&pos, 1);
	assert_int_equal(m.extra, 2);
	dots_rules.play(&pos, &m);
	assert_text(&pos, "2x1 1111111 B 0 2 BB");
	assert_int_equal(dots_rules.result(&pos), -2);

	/* middle of 3×3 with other boxes owned: edge 17 = v(1,1) closes boxes 3 and 4 */
	parse_ok(&pos, "3x3 111111111111111110111111 A 4 3 AAB..ABBA");
	m = edge_move(&pos, 17);
	assert_int_equal(m.extra, 2);
	dots_rules.play(&pos, &m);
	assert_text(&pos, "3x3 111111111111111111111111 A 6 3 AABAAABBA");
}

/* ---- text forms and errors -------------------------------------------------------------- */

static void test_move_text(void **state)
{
	(void)state;
	struct dots_pos pos;
	struct game_move m;
	char err[GAME_ERR_MAX], buf[8];
	parse_ok(&pos, "3x3 111100001000110101101110 A 1 0 A........");

	assert_int_equal(dots_rules.move_parse(&pos, " 4 ", &m, err), GAME_OK);
	assert_int_equal(m.code, 4);
	assert_int_equal(dots_rules.move_to_text(&pos, &m, buf, sizeof buf), 1);
	assert_string_equal(buf, "4");
	m = edge_move(&pos, 23);
	assert_int_equal(dots_rules.move_to_text(&pos, &m, buf, 3), 2);
	assert_string_equal(buf, "23");
	assert_int_equal(dots_rules.move_to_text(&pos, &m, buf, 2), GAME_ERR_SPACE);

	static const struct {
		const char *text;
		int code;
	} bad[] = {
	    {"", GAME_ERR_SYNTAX},      {"   ", GAME_ERR_SYNTAX},
	    {"abc", GAME_ERR_SYNTAX},   {"-1", GAME_ERR_SYNTAX},
	    {"+5", GAME_ERR_SYNTAX},    {"5x", GAME_ERR_SYNTAX},
	    {"4 5", GAME_ERR_SYNTAX},   {"0x4", GAME_ERR_SYNTAX},
	    {"4.0", GAME_ERR_SYNTAX},   {"24", GAME_ERR_ILLEGAL},
	    {"1000", GAME_ERR_ILLEGAL}, {"99999999999999999999999", GAME_ERR_ILLEGAL},
	    {"0", GAME_ERR_ILLEGAL},    {"12", GAME_ERR_ILLEGAL}, /* already drawn */
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		err[0] = '\0';
		int rc = dots_rules.move_parse(&pos, bad[i].text, &m, err);
		if (rc != bad[i].code)
			fail_msg("move_parse(\"%s\") = %d, expected %d (%s)", bad[i].text, rc,
			         bad[i].code, err);
		assert_true(strlen(err) > 0);
		assert_int_equal(dots_rules.move_parse(&pos, bad[i].text, &m, NULL), bad[i].code);
	}
	assert_int_equal(dots_rules.move_parse(&pos, NULL, &m, err), GAME_ERR_SYNTAX);
}

static void test_pos_text(void **state)
{
	(void)state;
	struct dots_pos pos, canon;
	char buf[GAME_TEXT_MAX];

	parse_ok(&canon, "3x3 111100001000110101101110 A 1 0 A........");
	parse_ok(&pos, "  3x3\t111100001000110101101110   A 1  0\tA........\n");
	assert_memory_equal(&pos, &canon, sizeof pos);

	parse_ok(&pos, "4X5");
	assert_text(&pos, "4x5 0000000000000000000000000000000000000000000000000 A 0 0 "
	                  "....................");
	parse_ok(&pos, "1x1 1111 B 0 1 B");
	assert_int_equal(dots_rules.result(&pos), -1);

	assert_int_equal(dots_rules.pos_to_text(&canon, buf, 44), GAME_ERR_SPACE);
	assert_int_equal(dots_rules.pos_to_text(&canon, buf, 45), 44);

	static const struct {
		const char *text;
		int code;
	} bad[] = {
	    {"", GAME_ERR_SYNTAX},
	    {"3", GAME_ERR_SYNTAX},
	    {"x3", GAME_ERR_SYNTAX},
	    {"3x", GAME_ERR_SYNTAX},
	    {"3y3", GAME_ERR_SYNTAX},
	    {"3x3x3", GAME_ERR_SYNTAX},
	    {"-3x3", GAME_ERR_SYNTAX},
	    {"0x3", GAME_ERR_OPTIONS},
	    {"3x0", GAME_ERR_OPTIONS},
	    {"10x10", GAME_ERR_OPTIONS},
	    {"3x99999999999999999999", GAME_ERR_OPTIONS},
	    {"1x1 0000", GAME_ERR_SYNTAX},
	    {"1x1 0000 A 0 0", GAME_ERR_SYNTAX},
	    {"1x1 0000 A 0 0 . .", GAME_ERR_SYNTAX},
	    {"1x1 000 A 0 0 .", GAME_ERR_SYNTAX},
	    {"1x1 00000 A 0 0 .", GAME_ERR_SYNTAX},
	    {"1x1 0020 A 0 0 .", GAME_ERR_SYNTAX},
	    {"1x1 0000 C 0 0 .", GAME_ERR_SYNTAX},
	    {"1x1 0000 AB 0 0 .", GAME_ERR_SYNTAX},
	    {"1x1 0000 a 0 0 .", GAME_ERR_SYNTAX},
	    {"1x1 0000 A x 0 .", GAME_ERR_SYNTAX},
	    {"1x1 0000 A 0 -1 .", GAME_ERR_SYNTAX},
	    {"1x1 0000 A 0 0 ..", GAME_ERR_SYNTAX},
	    {"1x1 0000 A 0 0 a", GAME_ERR_SYNTAX},
	    {"1x1 1110 A 1 0 A", GAME_ERR_ILLEGAL},
	    {"1x1 1111 A 0 0 .", GAME_ERR_ILLEGAL},
	    {"1x1 1111 A 0 1 A", GAME_ERR_ILLEGAL},
	    {"1x1 1111 A 2 0 A", GAME_ERR_ILLEGAL},
	    {"1x1 1111 A 1 1 A", GAME_ERR_ILLEGAL},
	    {"3x3 111100001000110101101110 A 0 0 A........", GAME_ERR_ILLEGAL},
	    {"3x3 111100001000110101101110 A 1 0 .A.......", GAME_ERR_ILLEGAL},
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		char err[GAME_ERR_MAX] = "";
		pos = canon;
		int rc = dots_rules.pos_parse(&pos, bad[i].text, NULL, err);
		if (rc != bad[i].code)
			fail_msg("pos_parse(\"%s\") = %d, expected %d (%s)", bad[i].text, rc,
			         bad[i].code, err);
		assert_true(strlen(err) > 0);
		assert_memory_equal(&pos, &canon, sizeof pos); /* untouched on error */
		assert_int_equal(dots_rules.pos_parse(&pos, bad[i].text, NULL, NULL), bad[i].code);
	}
	assert_int_equal(dots_rules.pos_parse(&pos, NULL, NULL, NULL), GAME_ERR_SYNTAX);
}

/* ---- options, sizes, geometry, perft --------------------------------------------------- */

static void test_options(void **state)
{
	(void)state;
	struct dots_pos pos;
	struct game_move moves[GAME_MOVES_MAX];
	assert_int_equal(dots_rules.start(&pos, NULL), GAME_OK);
	assert_text(&pos, "3x3 000000000000000000000000 A 0 0 .........");
	struct game_options opt = {0};
	assert_int_equal(dots_rules.start(&pos, &opt), GAME_OK);
	assert_int_equal(dots_rules.generate(&pos, moves), 24);
	opt.value[DOTS_OPT_ROWS] = 9;
	assert_int_equal(dots_rules.start(&pos, &opt), GAME_OK);
	assert_int_equal(pos.rows * 10 + pos.cols, 93);
	opt = dots_options(1, 1);
	assert_int_equal(dots_rules.start(&pos, &opt), GAME_OK);
	assert_int_equal(dots_rules.generate(&pos, moves), 4);

	static const int bad[][2] = {{10, 3}, {3, 10}, {-1, 3}, {3, -1}, {100, 100}, {0, 10}};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		struct dots_pos before = pos;
		opt = dots_options(bad[i][0], bad[i][1]);
		assert_int_equal(dots_rules.start(&pos, &opt), GAME_ERR_OPTIONS);
		assert_memory_equal(&pos, &before, sizeof pos);
	}
}

static void test_9x9(void **state)
{
	(void)state;
	struct dots_pos pos;
	struct game_move moves[GAME_MOVES_MAX], m;
	set_up(&pos, 9, 9);
	assert_int_equal(pos.edges, 180);
	assert_int_equal(dots_rules.generate(&pos, moves), 180);
	assert_int_equal(moves[179].code, 179);
	assert_int_equal(dots_rules.move_parse(&pos, "180", &m, NULL), GAME_ERR_ILLEGAL);
	assert_true(dots_rules.perft(&pos, 2) == 180 * 179);
	assert_true(dots_rules.perft(&pos, 3) == 180ULL * 179 * 178);

	int sides[4];
	dots_box_sides(9, 9, 80, sides);
	assert_int_equal(sides[0], 80);
	assert_int_equal(sides[1], 89);
	assert_int_equal(sides[2], 178);
	assert_int_equal(sides[3], 179);

	/* draw everything, last edges first: every box is closed by its top side */
	for (int e = 179; e >= 0; e--) {
		m = edge_move(&pos, e);
		dots_rules.play(&pos, &m);
		assert_true(dots_valid(&pos));
	}
	assert_int_equal(dots_rules.generate(&pos, moves), 0);
	assert_int_equal(pos.score[0] + pos.score[1], 81);
	char text[GAME_TEXT_MAX];
	struct dots_pos copy;
	int len = dots_rules.pos_to_text(&pos, text, sizeof text);
	assert_int_equal(len, (int)strlen(text));
	assert_true(len > 180 + 81);
	parse_ok(&copy, text);
	assert_memory_equal(&copy, &pos, sizeof pos);
}

/* Edges and boxes agree on who borders whom, on every board size. */
static void test_geometry(void **state)
{
	(void)state;
	for (int rows = 1; rows <= DOTS_MAX_SIZE; rows++)
		for (int cols = 1; cols <= DOTS_MAX_SIZE; cols++) {
			int edges = dots_edge_count(rows, cols), border = 0, incidences = 0;
			for (int e = 0; e < edges; e++) {
				int boxes[2];
				int n = dots_edge_boxes(rows, cols, e, boxes);
				assert_true(n == 1 || n == 2);
				border += n == 1;
				for (int i = 0; i < n; i++) {
					int sides[4], found = 0;
					dots_box_sides(rows, cols, boxes[i], sides);
					for (int s = 0; s < 4; s++)
						found += sides[s] == e;
					assert_int_equal(found, 1);
				}
			}
			for (int b = 0; b < rows * cols; b++) {
				int sides[4];
				dots_box_sides(rows, cols, b, sides);
				for (int s = 0; s < 4; s++) {
					assert_true(sides[s] >= 0 && sides[s] < edges);
					incidences++;
				}
			}
			assert_int_equal(border, 2 * (rows + cols));
			assert_int_equal(incidences, 4 * rows * cols);
		}
}

/* perft agrees with the interface-only count and with the falling factorial
 * n (n-1) ... (n-d+1), d = min(depth, n), of the n undrawn edges: every undrawn edge is
 * always legal, and a game that ends sooner is one leaf. */
static void test_perft(void **state)
{
	(void)state;
	static const char *const positions[] = {
	    "1x1",
	    "1x2",
	    "2x2",
	    "3x3",
	    "2x5",
	    "3x3 111100001000110101101110 A 1 0 A........",
	    "3x3 011111111101100111111010 B 3 0 ...AAA...",
	};
	for (size_t i = 0; i < sizeof positions / sizeof positions[0]; i++) {
		struct dots_pos pos, before;
		parse_ok(&pos, positions[i]);
		before = pos;
		int left = pos.edges - dots_drawn_count(&pos);
		for (int depth = 0; depth <= 5 && depth <= left + 1; depth++) {
			uint64_t want = 1;
			for (int k = 0; k < depth && k < left; k++)
				want *= (uint64_t)(left - k);
			assert_true(dots_rules.perft(&pos, depth) == want);
			assert_true(game_perft_generic(&dots_rules, &pos, depth) == want);
			assert_memory_equal(&pos, &before, sizeof pos);
		}
	}
	struct dots_pos pos;
	parse_ok(&pos, "1x2");
	assert_true(dots_rules.perft(&pos, 7) == 5040);
	assert_true(dots_rules.perft(&pos, 8) == 5040);
	parse_ok(&pos, "1x1 1111 B 0 1 B");
	assert_true(dots_rules.perft(&pos, 0) == 1);
	assert_true(dots_rules.perft(&pos, 3) == 1);
}

static void test_table(void **state)
{
	(void)state;
	assert_ptr_equal(game_find("dots"), &dots_rules);
	assert_string_equal(dots_rules.title, "Dots and Boxes");
	assert_string_equal(dots_rules.side_name[0], "A");
	assert_string_equal(dots_rules.side_name[1], "B");
	assert_int_equal(dots_rules.pos_size, sizeof(struct dots_pos));
	assert_int_equal(dots_rules.repetition_draw, 0);
}

/* Different positions met in random games have different hashes; the side to move counts. */
static void test_hash(void **state)
{
	(void)state;
	enum { N = 4000 };
	struct dots_pos *seen = calloc(N, sizeof *seen);
	uint64_t *hash = calloc(N, sizeof *hash);
	assert_true(seen && hash);
	uint64_t rnd = 12345;
	int n = 0;
	while (n < N) {
		struct dots_pos pos;
		struct game_move moves[GAME_MOVES_MAX];
		set_up(&pos, 3, 3);
		int k;
		while (n < N && (k = dots_rules.generate(&pos, moves)) > 0) {
			dots_rules.play(&pos, &moves[next_random(&rnd) % (uint64_t)k]);
			seen[n] = pos;
			hash[n++] = dots_rules.hash(&pos);
		}
	}
	for (int i = 0; i < N; i++)
		for (int j = i + 1; j < N; j++)
			if (hash[i] == hash[j])
				assert_memory_equal(&seen[i], &seen[j], sizeof seen[i]);

	free(seen);
	free(hash);

	struct dots_pos a, b;
	parse_ok(&a, "3x3 000101000101001000001000 A 0 0 .........");
	parse_ok(&b, "3x3 000101000101001000001000 B 0 0 .........");
	assert_true(dots_rules.hash(&a) != dots_rules.hash(&b));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_table),
	    cmocka_unit_test(test_options),
	    cmocka_unit_test(test_geometry),
	    cmocka_unit_test(test_exhaustive_1x1),
	    cmocka_unit_test(test_exhaustive_1x2),
	    cmocka_unit_test(test_exhaustive_2x2),
	    cmocka_unit_test(test_data_file),
	    cmocka_unit_test(test_play_undo),
	    cmocka_unit_test(test_extra_move),
	    cmocka_unit_test(test_double_box),
	    cmocka_unit_test(test_move_text),
	    cmocka_unit_test(test_pos_text),
	    cmocka_unit_test(test_9x9),
	    cmocka_unit_test(test_perft),
	    cmocka_unit_test(test_hash),
	};
	return cmocka_run_group_tests_name("dots", tests, NULL, NULL);
}
