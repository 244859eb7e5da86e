/*
 * tests/test_checkers_book.c — checkers' opening book (games/checkers/book.c, built by
 * tools/checkers-book.c into assets/checkers-book.bin).
 *
 * The committed book answers at the start and after every ballot opening (and not everywhere:
 * the window test's "move now" has a position out of it); its moves are the
 * legal moves of the position, best first, and every expanded position scores the best of
 * its moves (negamax); a position is one entry whichever side is to move; Hard and Expert
 * answer from it at once, without a node, with the book's best move, and always the same;
 * Medium and Beginner draw among the moves close to the best, so that games differ from seed
 * to seed but repeat for one seed; the file reads back as written and a damaged one is
 * refused.
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
#include <unistd.h>

#include "core/level.h"
#include "core/match.h"
#include "core/search.h"
#include "games/checkers/book.h"
#include "games/checkers/checkers.h"

static const char *const BOOK = "assets/checkers-book.bin";
static const struct game_rules *const R = &checkers_rules;

static int load(void **state)
{
	(void)state;
	char err[GAME_ERR_MAX];
	if (checkers_book_load(BOOK, err) != 0 ||
	    checkers_eval_load("assets/" CHECKERS_EVAL_FILE, err) != 0) {
		fprintf(stderr, "test_checkers_book: %s\n", err);
		return -1;
	}
	return 0;
}

static int unload(void **state)
{
	(void)state;
	checkers_book_unload();
	checkers_eval_set(NULL);
	return 0;
}

/* Plays a line of move texts ("11-15 23-19 8-11") from the start into pos. */
static void play_line(struct checkers_pos *pos, const char *line)
{
	struct match m;
	assert_int_equal(match_init(&m, R, NULL), GAME_OK);
	char buf[256], err[GAME_ERR_MAX];
	snprintf(buf, sizeof buf, "%s", line);
	for (char *t = strtok(buf, " "); t; t = strtok(NULL, " "))
		if (match_play_text(&m, t, err) != GAME_OK)
			fail_msg("%s: %s is not legal: %s", line, t, err);
	memcpy(pos, match_pos(&m), sizeof *pos);
	match_free(&m);
}

/* Checks that the book's moves of pos are exactly its legal moves, best first, and that an
 * expanded position's score is the best of them. Returns how many. */
static int check_moves(const struct checkers_pos *pos)
{
	const struct checkers_book *b = checkers_book_current();
	struct game_move moves[GAME_MOVES_MAX], legal[GAME_MOVES_MAX];
	int scores[GAME_MOVES_MAX];
	const int n = checkers_book_moves(b, pos, moves, scores);
	const int count = R->generate(pos, legal);
	if (n == 0)
		return 0;
	assert_int_equal(n, count);
	for (int i = 0; i < n; i++) {
		bool found = false;
		for (int k = 0; k < count; k++)
			found |= game_move_equal(&moves[i], &legal[k]);
		assert_true(found);
		if (i > 0)
			assert_true(scores[i - 1] >= scores[i]);
	}
	assert_int_equal(checkers_book_find(b, pos)->score, scores[0]);
	return n;
}

/* The start and every ballot opening are in the book with all their moves. */
static void test_ballot_in_book(void **state)
{
	(void)state;
	struct checkers_pos pos;
	R->start(&pos, NULL);
	assert_int_equal(check_moves(&pos), 7);
	for (int b = 0; b < checkers_ballot_count; b++) {
		play_line(&pos, checkers_ballot[b]);
		if (check_moves(&pos) == 0)
			fail_msg("ballot %s is not in the book", checkers_ballot[b]);
	}
	assert_true(checkers_book_current()->count > 1000);
	/* the window tests' "move now" need positions the book does not answer
	 * (test_window_checkers.c, and test_window.c with Black to move) */
	struct game_move moves[GAME_MOVES_MAX];
	int scores[GAME_MOVES_MAX];
	play_line(&pos, "12-16 24-20 16-19 23x16 11-15");
	assert_int_equal(checkers_book_moves(checkers_book_current(), &pos, moves, scores), 0);
	play_line(&pos, "12-16 24-20 16-19 23x16");
	assert_int_equal(checkers_book_moves(checkers_book_current(), &pos, moves, scores), 0);
}

/* Every expanded position has all its moves in the book and scores the best of them. */
static void test_backed_up(void **state)
{
	(void)state;
	const struct checkers_book *b = checkers_book_current();
	int expanded = 0;
	for (size_t i = 0; i < b->count; i++) {
		const struct checkers_book_entry *e = &b->entries[i];
		if (!(e->flags & CHECKERS_BOOK_EXPANDED))
			continue;
		const struct checkers_pos pos = {.piece = {e->own, e->opp}, .kings = e->kings};
		assert_true(check_moves(&pos) > 0);
		expanded++;
	}
	assert_true(expanded > 100);
}

/* A position is one entry whichever side is to move: White to move is the board turned
 * round with the colours swapped. */
static void test_key(void **state)
{
	(void)state;
	struct checkers_pos pos, turned;
	play_line(&pos, "11-15 23-19 8-11 22-17 9-13");
	assert_int_equal(pos.side, CHECKERS_WHITE);
	memset(&turned, 0, sizeof turned);
	for (int sq = 0; sq < 32; sq++) {
		const uint32_t from = 1u << sq, to = 1u << (31 - sq);
		if (pos.piece[CHECKERS_WHITE] & from)
			turned.piece[CHECKERS_BLACK] |= to;
		if (pos.piece[CHECKERS_BLACK] & from)
			turned.piece[CHECKERS_WHITE] |= to;
		if (pos.kings & from)
			turned.kings |= to;
	}
	struct checkers_book_entry a, b;
	checkers_book_key(&pos, &a);
	checkers_book_key(&turned, &b);
	assert_true(a.own == b.own && a.opp == b.opp && a.kings == b.kings);
	assert_ptr_equal(checkers_book_find(checkers_book_current(), &pos),
	                 checkers_book_find(checkers_book_current(), &turned));
}

/* Hard and Expert answer from the book at once: no node searched, the book's best move, the
 * same whatever the seed; without the book the same limits search. */
static void test_answers_at_once(void **state)
{
	(void)state;
	struct search *s = search_new(R, 16);
	assert_non_null(s);
	const char *const levels[] = {"hard", "expert"};
	for (int l = 0; l < 2; l++)
		for (int b = -1; b < checkers_ballot_count; b++) {
			struct checkers_pos pos;
			if (b < 0)
				R->start(&pos, NULL);
			else
				play_line(&pos, checkers_ballot[b]);
			struct game_move moves[GAME_MOVES_MAX];
			int scores[GAME_MOVES_MAX];
			assert_true(
			    checkers_book_moves(checkers_book_current(), &pos, moves, scores) > 0);
			for (uint32_t seed = 1; seed <= 3; seed++) {
				struct search_limits limits;
				level_limits(level_find(R, levels[l]), seed * 7919u, &limits);
				search_start(s, &pos, &limits);
				assert_true(search_step(s, 1));
				const struct search_result *r = search_result(s);
				assert_true(r->book);
				assert_true(r->has_move);
				assert_int_equal(r->nodes, 0);
				assert_true(game_move_equal(&r->move, &moves[0]));
				assert_int_equal(r->score, scores[0]);
			}
		}
	struct checkers_pos pos;
	R->start(&pos, NULL);
	struct search_limits limits;
	level_limits(level_find(R, "hard"), 1, &limits);
	limits.book = false;
	limits.depth = 4;
	search_start(s, &pos, &limits);
	search_step(s, 0);
	assert_false(search_result(s)->book);
	assert_true(search_result(s)->nodes > 0);
	search_free(s);
}

/* Plays `plies` moves from the start at `level`, both sides, seeds from `seed`; writes the
 * moves into line. */
static void book_game(struct search *s, const char *level, uint32_t seed, int plies, char *line)
{
	struct checkers_pos pos;
	R->start(&pos, NULL);
	line[0] = 0;
	for (int k = 0; k < plies; k++) {
		struct search_limits limits;
		level_limits(level_find(R, level), seed ^ (uint32_t)k * 2654435761u, &limits);
		limits.depth = 2; /* out of the book: a short search is enough here */
		limits.nodes = 0;
		search_start(s, &pos, &limits);
		search_step(s, 0);
		const struct search_result *r = search_result(s);
		assert_true(r->has_move);
		char mv[16];
		R->move_to_text(&pos, &r->move, mv, sizeof mv);
		strcat(line, mv);
		strcat(line, " ");
		R->play(&pos, &r->move);
	}
}

/* Medium and Beginner vary: different seeds, different games, the same seed the same game;
 * Expert plays one line. */
static void test_levels_vary(void **state)
{
	(void)state;
	struct search *s = search_new(R, 16);
	assert_non_null(s);
	const char *const levels[] = {"medium", "beginner"};
	for (int l = 0; l < 2; l++) {
		char lines[20][160];
		int distinct = 0;
		for (uint32_t seed = 0; seed < 20; seed++) {
			book_game(s, levels[l], seed * 7919u + 1, 8, lines[seed]);
			bool repeat = false;
			for (uint32_t k = 0; k < seed; k++)
				repeat |= strcmp(lines[k], lines[seed]) == 0;
			distinct += !repeat;
		}
		assert_true(distinct >= 3);
		char again[160];
		book_game(s, levels[l], 3 * 7919u + 1, 8, again);
		assert_string_equal(again, lines[3]);
	}
	char a[160], b[160];
	book_game(s, "expert", 1, 8, a);
	book_game(s, "expert", 99, 8, b);
	assert_string_equal(a, b);
	search_free(s);
}

/* Writes n bytes of data to path. */
static void write_file(const char *path, const unsigned char *data, size_t n)
{
	FILE *f = fopen(path, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(data, 1, n, f), n);
	fclose(f);
}

/* The file reads back as written; a damaged one is refused whole. */
static void test_file_round_trip(void **state)
{
	(void)state;
	const struct checkers_book *b = checkers_book_current();
	unsigned char *data;
	size_t n;
	assert_int_equal(checkers_book_encode(b, &data, &n), 0);
	char path[] = "/tmp/parity-test-checkers-book-XXXXXX";
	const int fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	write_file(path, data, n);
	struct checkers_book copy;
	char err[GAME_ERR_MAX];
	assert_int_equal(checkers_book_read(&copy, path, err), 0);
	assert_int_equal(copy.count, b->count);
	assert_memory_equal(copy.entries, b->entries, b->count * sizeof *b->entries);
	checkers_book_free(&copy);
	/* one bit of one score changed */
	data[12 + 5 * CHECKERS_BOOK_ENTRY_BYTES + 12] ^= 4;
	write_file(path, data, n);
	assert_int_not_equal(checkers_book_read(&copy, path, err), 0);
	assert_non_null(strstr(err, "not a checkers opening book"));
	assert_null(copy.entries);
	/* cut short */
	data[12 + 5 * CHECKERS_BOOK_ENTRY_BYTES + 12] ^= 4;
	write_file(path, data, n - 3);
	assert_int_not_equal(checkers_book_read(&copy, path, err), 0);
	free(data);
	/* well sealed but out of order, or with a piece on both sides */
	struct checkers_book_entry e[2] = {{.own = 0x00000fffu, .opp = 0xfff00000u},
	                                   {.own = 0x00000ffeu, .opp = 0xfff00000u}};
	struct checkers_book bad = {.entries = e, .count = 2};
	assert_int_equal(checkers_book_encode(&bad, &data, &n), 0);
	write_file(path, data, n);
	free(data);
	assert_int_not_equal(checkers_book_read(&copy, path, err), 0);
	assert_non_null(strstr(err, "damaged"));
	e[1] = (struct checkers_book_entry){.own = 0x00001fffu, .opp = 0xfff01000u};
	assert_int_equal(checkers_book_encode(&bad, &data, &n), 0);
	write_file(path, data, n);
	free(data);
	assert_int_not_equal(checkers_book_read(&copy, path, err), 0);
	assert_non_null(strstr(err, "damaged"));
	/* a position the deep stage expanded is expanded too; a flag of neither kind is refused */
	e[0] = (struct checkers_book_entry){.own = 0x00000fffu, .opp = 0xfff00000u};
	const uint8_t flags[] = {CHECKERS_BOOK_EXPANDED | CHECKERS_BOOK_DEEP, CHECKERS_BOOK_DEEP,
	                         4};
	for (int k = 0; k < 3; k++) {
		e[1] = (struct checkers_book_entry){
		    .own = 0x00001effu, .opp = 0xfff00000u, .flags = flags[k]};
		assert_int_equal(checkers_book_encode(&bad, &data, &n), 0);
		write_file(path, data, n);
		free(data);
		if (k == 0) {
			assert_int_equal(checkers_book_read(&copy, path, err), 0);
			assert_int_equal(copy.entries[1].flags, flags[0]);
			checkers_book_free(&copy);
		} else {
			assert_int_not_equal(checkers_book_read(&copy, path, err), 0);
			assert_non_null(strstr(err, "damaged"));
		}
	}
	/* an empty one that is well formed reads as empty */
	bad.count = 0;
	assert_int_equal(checkers_book_encode(&bad, &data, &n), 0);
	write_file(path, data, n);
	free(data);
	assert_int_equal(checkers_book_read(&copy, path, err), 0);
	assert_int_equal(copy.count, 0);
	checkers_book_free(&copy);
	remove(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_ballot_in_book),
	    cmocka_unit_test(test_backed_up),
	    cmocka_unit_test(test_key),
	    cmocka_unit_test(test_answers_at_once),
	    cmocka_unit_test(test_levels_vary),
	    cmocka_unit_test(test_file_round_trip),
	};
	return cmocka_run_group_tests(tests, load, unload);
}
