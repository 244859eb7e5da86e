/*
 * tests/test_book.c — Reversi's opening book (games/reversi/book.c, built by
 * tools/build-book.c into assets/reversi-book.bin) and the named openings
 * (games/reversi/openings.c).
 *
 * The committed book gives the four first moves, which are one move seen in four mirrors, the
 * same score; Hard and Expert answer from it at once, without a node; Medium draws its book
 * moves from the seed, so that games differ from seed to seed but repeat for one seed; the
 * file reads back as written and a damaged one is refused; and the table of opening names
 * names the published lines in every symmetry.
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

#include "core/level.h"
#include "core/match.h"
#include "core/search.h"
#include "games/reversi/board8.h"
#include "games/reversi/book.h"
#include "games/reversi/openings.h"
#include "games/reversi/pattern.h"
#include "games/reversi/reversi.h"

static const char *const BOOK = "assets/reversi-book.bin";

static int load(void **state)
{
	(void)state;
	char err[GAME_ERR_MAX];
	if (book_load(BOOK, err) != 0 || pattern_load("assets/reversi-eval.bin", err) != 0) {
		fprintf(stderr, "test_book: %s\n", err);
		return -1;
	}
	return 0;
}

static int unload(void **state)
{
	(void)state;
	book_unload();
	pattern_unload();
	return 0;
}

/* Plays a transcript ("f5d6c3", or with spaces) from the start into pos. */
static void play_line(struct reversi_pos *pos, const char *line)
{
	struct match m;
	assert_int_equal(match_init(&m, &reversi_rules, NULL), GAME_OK);
	char buf[256], err[GAME_ERR_MAX];
	int n = 0;
	for (const char *c = line; *c; c++)
		if (*c != ' ')
			buf[n++] = *c;
	for (int i = 0; i + 1 < n; i += 2) {
		char mv[3] = {buf[i], buf[i + 1], 0};
		if (match_play_text(&m, mv, err) != GAME_OK)
			fail_msg("%s: %s is not legal: %s", line, mv, err);
	}
	memcpy(pos, match_pos(&m), sizeof *pos);
	match_free(&m);
}

/* The four first moves are one move under the board's symmetries: the book has all four,
 * with the same score, and a position and its mirror images are one entry. */
static void test_first_moves_symmetric(void **state)
{
	(void)state;
	struct reversi_pos pos;
	reversi_rules.start(&pos, &(struct game_options){0});
	struct book_move m[BOOK_MOVES_MAX];
	const int n = reversi_book_moves(&pos, m);
	assert_int_equal(n, 4);
	int seen = 0;
	for (int i = 0; i < n; i++) {
		assert_int_equal(m[i].score, m[0].score);
		char name[4];
		reversi_square_name(8, m[i].square, name);
		seen |= strcmp(name, "d3") == 0   ? 1
		        : strcmp(name, "c4") == 0 ? 2
		        : strcmp(name, "f5") == 0 ? 4
		        : strcmp(name, "e6") == 0 ? 8
		                                  : 16;
	}
	assert_int_equal(seen, 15);
	/* f5 d6 and its mirror images e6 f4, d3 c5, c4 e3 are one entry */
	const char *const mirrors[] = {"f5d6", "e6f4", "d3c5", "c4e3"};
	const struct book_entry *first = NULL;
	for (int i = 0; i < 4; i++) {
		play_line(&pos, mirrors[i]);
		const struct book_entry *e = book_find(book_current(), (uint64_t)pos.disc[pos.side],
		                                       (uint64_t)pos.disc[!pos.side]);
		assert_non_null(e);
		if (first)
			assert_ptr_equal(e, first);
		first = e;
	}
}

/* Every expanded position of the book has its moves in the book, and its score is the best of
 * its moves' (the negamax back-up). */
static void test_book_backed_up(void **state)
{
	(void)state;
	const struct book *b = book_current();
	assert_non_null(b);
	assert_true(b->count > 1000);
	size_t expanded = 0;
	for (size_t i = 0; i < b->count; i++) {
		const struct book_entry *e = &b->entries[i];
		if (!(e->flags & BOOK_EXPANDED))
			continue;
		expanded++;
		struct book_move m[BOOK_MOVES_MAX];
		const int n = book_moves(b, e->p, e->o, m);
		assert_int_equal(n, board8_count(board8_moves(e->p, e->o)));
		assert_int_equal(m[0].score, e->score);
		for (int k = 1; k < n; k++)
			assert_true(m[k].score <= m[k - 1].score);
	}
	assert_true(expanded > 100);
}

/* Hard and Expert answer from the book at once: no node searched, the book's best move. */
static void test_book_answers_at_once(void **state)
{
	(void)state;
	struct search *s = search_new(&reversi_rules, 16);
	assert_non_null(s);
	const char *const lines[] = {"", "f5", "f5d6", "f5f6", "f5d6c3"};
	const char *const levels[] = {"hard", "expert"};
	for (int l = 0; l < 2; l++)
		for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
			struct reversi_pos pos;
			play_line(&pos, lines[i]);
			struct book_move m[BOOK_MOVES_MAX];
			const int n = reversi_book_moves(&pos, m);
			assert_true(n > 0);
			struct search_limits limits;
			level_limits(level_find(&reversi_rules, levels[l]), 7, &limits);
			search_start(s, &pos, &limits);
			assert_false(search_running(s));
			assert_true(search_step(s, 1));
			const struct search_result *r = search_result(s);
			assert_true(r->book);
			assert_true(r->has_move);
			assert_int_equal(r->nodes, 0);
			assert_int_equal(r->score, m[0].score);
			assert_int_equal(r->move.code, (uint32_t)m[0].square);
			/* without the book the same limits search */
			limits.book = false;
			limits.depth = 2;
			search_start(s, &pos, &limits);
			search_step(s, 0);
			assert_false(search_result(s)->book);
			assert_true(search_result(s)->nodes > 0);
		}
	/* out of the standard game (6×6, Anti-reversi) there is no book */
	struct reversi_pos small;
	const struct game_options six = reversi_options(6, false, false, 0);
	reversi_rules.start(&small, &six);
	struct book_move m[BOOK_MOVES_MAX];
	assert_int_equal(reversi_book_moves(&small, m), 0);
	const struct game_options anti = reversi_options(8, true, false, 0);
	reversi_rules.start(&small, &anti);
	assert_int_equal(reversi_book_moves(&small, m), 0);
	search_free(s);
}

/* Plays `plies` moves from the start at `level`, both sides, seeds from `seed`; writes the
 * moves as squares into line. */
static void book_game(struct search *s, const char *level, uint32_t seed, int plies, char *line)
{
	struct reversi_pos pos;
	reversi_rules.start(&pos, &(struct game_options){0});
	line[0] = 0;
	for (int k = 0; k < plies; k++) {
		struct search_limits limits;
		level_limits(level_find(&reversi_rules, level), seed ^ (uint32_t)k * 2654435761u,
		             &limits);
		limits.depth = 2; /* out of the book: a short search is enough here */
		limits.nodes = 0;
		search_start(s, &pos, &limits);
		search_step(s, 0);
		const struct search_result *r = search_result(s);
		assert_true(r->has_move);
		char mv[8];
		reversi_rules.move_to_text(&pos, &r->move, mv, sizeof mv);
		strcat(line, mv);
		reversi_rules.play(&pos, &r->move);
	}
}

/* Medium and Beginner vary: different seeds, different games (here 20 seeds give at least 10
 * different lines of 8 plies), the same seed the same game; Expert plays one line. */
static void test_medium_varies(void **state)
{
	(void)state;
	struct search *s = search_new(&reversi_rules, 16);
	assert_non_null(s);
	const char *const levels[] = {"medium", "beginner"};
	for (int l = 0; l < 2; l++) {
		char lines[20][64];
		int distinct = 0;
		for (uint32_t seed = 0; seed < 20; seed++) {
			book_game(s, levels[l], seed * 7919u + 1, 8, lines[seed]);
			bool repeat = false;
			for (uint32_t k = 0; k < seed; k++)
				repeat |= strcmp(lines[k], lines[seed]) == 0;
			distinct += !repeat;
		}
		assert_true(distinct >= 10);
		char again[64];
		book_game(s, levels[l], 3 * 7919u + 1, 8, again);
		assert_string_equal(again, lines[3]);
	}
	char a[64], b[64];
	book_game(s, "expert", 1, 6, a);
	book_game(s, "expert", 99, 6, b);
	assert_string_equal(a, b);
	search_free(s);
}

/* level_book_pick: spread 0 is the best; a spread draws only moves within it, the best most
 * often. */
static void test_pick(void **state)
{
	(void)state;
	const int m[] = {100, 90, 0, -50};
	int hits[4] = {0};
	for (uint32_t seed = 0; seed < 2000; seed++) {
		assert_int_equal(level_book_pick(m, 4, 0, seed), 0);
		hits[level_book_pick(m, 4, 50, seed)]++;
	}
	assert_int_equal(hits[2] + hits[3], 0);
	assert_true(hits[0] > hits[1]);
	assert_true(hits[1] > 100);
}

/* The file reads back as written; a damaged one is refused. */
static void test_file_round_trip(void **state)
{
	(void)state;
	const struct book *b = book_current();
	unsigned char *data;
	size_t n;
	assert_int_equal(book_encode(b, &data, &n), 0);
	char path[] = "/tmp/parity-test-book-XXXXXX";
	const int fd = mkstemp(path);
	assert_true(fd >= 0);
	FILE *f = fdopen(fd, "wb");
	assert_int_equal(fwrite(data, 1, n, f), n);
	fclose(f);
	struct book copy;
	char err[GAME_ERR_MAX];
	assert_int_equal(book_read(&copy, path, err), 0);
	assert_int_equal(copy.count, b->count);
	for (size_t i = 0; i < b->count; i++) {
		const struct book_entry *x = &copy.entries[i], *y = &b->entries[i];
		assert_true(x->p == y->p && x->o == y->o && x->score == y->score &&
		            x->depth == y->depth && x->flags == y->flags);
	}
	book_free(&copy);
	/* two entries swapped: out of order */
	unsigned char t[BOOK_ENTRY_BYTES];
	memcpy(t, data + 12, BOOK_ENTRY_BYTES);
	memcpy(data + 12, data + 12 + BOOK_ENTRY_BYTES, BOOK_ENTRY_BYTES);
	memcpy(data + 12 + BOOK_ENTRY_BYTES, t, BOOK_ENTRY_BYTES);
	f = fopen(path, "wb");
	assert_int_equal(fwrite(data, 1, n, f), n);
	fclose(f);
	assert_int_not_equal(book_read(&copy, path, err), 0);
	assert_non_null(strstr(err, "damaged"));
	/* cut short */
	f = fopen(path, "wb");
	assert_int_equal(fwrite(data, 1, n - 3, f), n - 3);
	fclose(f);
	assert_int_not_equal(book_read(&copy, path, err), 0);
	assert_non_null(strstr(err, "not an opening book"));
	remove(path);
	free(data);
}

/* Known lines get their names, in the four mirror images of the first move and in other move
 * orders; every line of the table is legal and its own name comes back for it. */
static void test_opening_names(void **state)
{
	(void)state;
	static const struct {
		const char *line, *name;
	} known[] = {
	    {"f5d6c3d3c4", "Tiger"},
	    {"e6f4c3c4d3", "Tiger"}, /* the mirror in the a1-h8 diagonal */
	    {"d3c5f6f5e6", "Tiger"}, /* half a turn */
	    {"c4e3f6e6f5", "Tiger"}, /* the mirror in the a8-h1 diagonal */
	    {"f5d6c5f4e3c6d3f6", "Rose"},
	    {"f5f6e6f4c3", "Buffalo (Kenichi Variation)"},
	    {"f5f6e6f4g5", "Heath (Tobidashi)"},
	    {"f5f6e6f4e3", "Cow"},
	    {"f5f6e6f4e3d6", "Chimney"},
	    {"f5d6", "Perpendicular opening"},
	    {"f5f6", "Diagonal opening"},
	    {"d3c3", "Diagonal opening"},
	    {"f5f4", "Parallel opening"},
	};
	for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
		struct reversi_pos pos;
		play_line(&pos, known[i].line);
		const char *name = reversi_opening_at(&pos);
		assert_non_null(name);
		assert_string_equal(name, known[i].name);
	}
	struct reversi_pos pos;
	play_line(&pos, "f5d6c3d3c4f4c5"); /* no line of the table ends here */
	assert_null(reversi_opening_at(&pos));
	int n;
	const struct reversi_opening *t = reversi_openings(&n);
	assert_true(n >= 50);
	for (int i = 0; i < n; i++) {
		assert_true(reversi_opening_line_ok(i));
		play_line(&pos, t[i].line);
		const char *name = reversi_opening_at(&pos);
		assert_non_null(name);
		/* two names for one position would hide the second */
		assert_string_equal(name, t[i].name);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_first_moves_symmetric),
	    cmocka_unit_test(test_book_backed_up),
	    cmocka_unit_test(test_book_answers_at_once),
	    cmocka_unit_test(test_medium_varies),
	    cmocka_unit_test(test_pick),
	    cmocka_unit_test(test_file_round_trip),
	    cmocka_unit_test(test_opening_names),
	};
	return cmocka_run_group_tests(tests, load, unload);
}
