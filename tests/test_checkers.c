/*
 * tests/test_checkers.c — checkers rules: perft against the published counts (OEIS A133046
 * and the PDN 3.0 example), the fast perft against the generic walk, multi-jumps, crowning,
 * mandatory captures, the 40-move rule, notation round trips and malformed input.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "core/game.h"
#include "core/match.h"
#include "games/checkers/checkers.h"

static const struct game_rules *const R = &checkers_rules;
static const char *const pdn_example = "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29";

static struct checkers_pos parse(const char *fen)
{
	struct checkers_pos pos;
	char err[GAME_ERR_MAX];
	if (R->pos_parse(&pos, fen, NULL, err) != GAME_OK)
		fail_msg("%s: %s", fen, err);
	return pos;
}

static const char *move_text(const struct checkers_pos *pos, const struct game_move *m);

/* Returns the text of every legal move, space-separated, in generation order. */
static void moves_text(const struct checkers_pos *pos, char *buf, size_t n)
{
	struct game_move moves[GAME_MOVES_MAX];
	const int count = R->generate(pos, moves);
	buf[0] = '\0';
	for (int i = 0; i < count; i++) {
		char t[64];
		R->move_to_text(pos, &moves[i], t, sizeof t);
		if (i)
			strncat(buf, " ", n - strlen(buf) - 1);
		strncat(buf, t, n - strlen(buf) - 1);
	}
}

static void test_perft_start(void **state)
{
	(void)state;
	static const uint64_t expect[] = {1,     7,      49,     302,     1469,    7361,
	                                  36768, 179740, 845931, 3963680, 18391564};
	struct checkers_pos pos;
	R->start(&pos, NULL);
	for (int d = 0; d <= 10; d++)
		assert_int_equal(R->perft(&pos, d), expect[d]);
	for (int d = 0; d <= 6; d++)
		assert_int_equal(game_perft_generic(R, &pos, d), expect[d]);
}

static void test_perft_pdn_example(void **state)
{
	(void)state;
	static const uint64_t expect[] = {1,     5,      38,      178,     1378,    5836,
	                                  40745, 197933, 1377007, 6924287, 47273174};
	struct checkers_pos pos = parse(pdn_example);
	for (int d = 0; d <= 10; d++)
		assert_int_equal(R->perft(&pos, d), expect[d]);
	for (int d = 0; d <= 6; d++)
		assert_int_equal(game_perft_generic(R, &pos, d), expect[d]);
}

/* Walks every line and checks play/undo, the hash, and both text round trips. */
static void walk(struct checkers_pos *pos, int depth)
{
	struct game_move moves[GAME_MOVES_MAX];
	const int n = R->generate(pos, moves);
	char text[GAME_TEXT_MAX];
	struct checkers_pos back;
	R->pos_to_text(pos, text, sizeof text);
	assert_int_equal(R->pos_parse(&back, text, NULL, NULL), GAME_OK);
	assert_int_equal(R->hash(&back), R->hash(pos));
	assert_true(back.piece[0] == pos->piece[0] && back.piece[1] == pos->piece[1] &&
	            back.kings == pos->kings && back.side == pos->side);
	for (int i = 0; i < n; i++) {
		struct game_move parsed;
		R->move_to_text(pos, &moves[i], text, sizeof text);
		assert_int_equal(R->move_parse(pos, text, &parsed, NULL), GAME_OK);
		assert_true(game_move_equal(&parsed, &moves[i]));
		if (depth == 0)
			continue;
		const struct checkers_pos before = *pos;
		R->play(pos, &moves[i]);
		assert_true(checkers_valid(pos));
		walk(pos, depth - 1);
		R->undo(pos, &moves[i]);
		assert_memory_equal(pos, &before, sizeof before);
	}
}

static void test_play_undo_and_round_trips(void **state)
{
	(void)state;
	struct checkers_pos pos;
	R->start(&pos, NULL);
	walk(&pos, 5);
	pos = parse(pdn_example);
	walk(&pos, 4);
	/* The hash sees the side to move and the kings, not the quiet-move counter. */
	struct checkers_pos other = pos;
	const uint64_t h = R->hash(&pos);
	other.side = !pos.side;
	assert_true(R->hash(&other) != h);
	other = pos;
	other.kings &= other.kings - 1;
	assert_true(R->hash(&other) != h);
	other = pos;
	other.quiet = 17;
	assert_true(R->hash(&other) == h);
}

static void test_multi_jump_two_ways_and_mandatory(void **state)
{
	(void)state;
	/* A black king on 10 ringed by four white men takes all four and comes home, one way
	 * round or the other: the same pieces along two paths are two moves. */
	struct checkers_pos pos = parse("B:W14,15,22,23:BK10");
	char list[512];
	moves_text(&pos, list, sizeof list);
	assert_string_equal(list, "10x17x26x19x10 10x19x26x17x10");
	struct game_move m;
	assert_int_equal(R->move_parse(&pos, "10x10", &m, NULL), GAME_ERR_AMBIGUOUS);
	assert_int_equal(R->move_parse(&pos, "10x19x26x17x10", &m, NULL), GAME_OK);
	assert_int_equal(checkers_move_captures(&m),
	                 (1u << 13) | (1u << 14) | (1u << 21) | (1u << 22));
	R->play(&pos, &m);
	assert_int_equal(pos.piece[CHECKERS_WHITE], 0);
	assert_true(pos.kings & (1u << 9));
	/* Captures are mandatory: a quiet move is refused with the reason. */
	char err[GAME_ERR_MAX];
	pos = parse("B:W18:B14,1");
	assert_int_equal(R->move_parse(&pos, "1-5", &m, err), GAME_ERR_ILLEGAL);
	assert_non_null(strstr(err, "mandatory"));
	moves_text(&pos, list, sizeof list);
	assert_string_equal(list, "14x23");
	/* A multi-jump goes on to the end: 1x10x19 over 6 and 15, not stopping at 10. */
	pos = parse("B:W6,15:B1");
	moves_text(&pos, list, sizeof list);
	assert_string_equal(list, "1x10x19");
}

static void test_crowning_ends_the_move(void **state)
{
	(void)state;
	/* A black man on 22 jumps 26 to land on 31 (the crown row); it may not go on over 27. */
	struct checkers_pos pos = parse("B:W26,27:B22");
	char list[256];
	moves_text(&pos, list, sizeof list);
	assert_string_equal(list, "22x31");
	struct game_move m;
	assert_int_equal(R->move_parse(&pos, "22x31", &m, NULL), GAME_OK);
	assert_true(checkers_move_crowns(&m));
	R->play(&pos, &m);
	assert_true(pos.kings & (1u << 30));
	/* A quiet move onto the crown row crowns too. */
	pos = parse("W:W5:B20");
	assert_int_equal(R->move_parse(&pos, "5-1", &m, NULL), GAME_OK);
	R->play(&pos, &m);
	assert_true(pos.kings & 1u);
	/* Men move forward only; kings both ways. */
	pos = parse("B:W32:B18");
	moves_text(&pos, list, sizeof list);
	assert_string_equal(list, "18-22 18-23");
	pos = parse("B:W32:BK18");
	moves_text(&pos, list, sizeof list);
	assert_non_null(strstr(list, "18-14"));
	assert_non_null(strstr(list, "18-15"));
}

static void test_forty_move_rule_and_results(void **state)
{
	(void)state;
	struct checkers_pos pos = parse("B:WK32:BK1");
	struct game_move moves[GAME_MOVES_MAX];
	const char *cycle[] = {"1-5", "32-28", "5-1", "28-32"};
	for (int ply = 0; ply < CHECKERS_QUIET_DRAW; ply++) {
		struct game_move m;
		assert_int_equal(R->move_parse(&pos, cycle[ply % 4], &m, NULL), GAME_OK);
		R->play(&pos, &m);
	}
	assert_int_equal(R->generate(&pos, moves), 0);
	assert_int_equal(R->result(&pos), 0);
	/* A man move resets the count. */
	pos = parse("B:WK32:B1");
	assert_int_equal(R->generate(&pos, moves), 2);
	R->play(&pos, &moves[0]);
	assert_int_equal(pos.quiet, 0);
	/* A capture resets it too, and undo gives the old count back. */
	pos = parse("W:WK32,K1:B6");
	pos.quiet = 50;
	assert_int_equal(R->generate(&pos, moves), 1); /* 1x10 */
	R->play(&pos, &moves[0]);
	assert_int_equal(pos.quiet, 0);
	R->undo(&pos, &moves[0]);
	assert_int_equal(pos.quiet, 50);
	pos.quiet = CHECKERS_QUIET_DRAW - 1;  /* the 80th quiet ply ends the game */
	pos.piece[CHECKERS_BLACK] = 1u << 30; /* a black king on 31 */
	pos.kings |= 1u << 30;
	assert_true(R->generate(&pos, moves) > 0);
	assert_int_equal(R->move_parse(&pos, "32-27", &moves[0], NULL), GAME_OK);
	R->play(&pos, &moves[0]);
	assert_int_equal(R->generate(&pos, moves), 0);
	assert_int_equal(R->result(&pos), 0);
	assert_int_equal(R->perft(&pos, 3), 0);
	/* The side that cannot move loses: White's man on 29 is blocked by 25 with 22 behind,
	 * Black's man on 4 by 8 with 11 behind; a side with no pieces has no move either. */
	pos = parse("W:W29:B22,25");
	assert_int_equal(R->generate(&pos, moves), 0);
	assert_int_equal(R->result(&pos), 1);
	pos = parse("B:W8,11:B4");
	assert_int_equal(R->generate(&pos, moves), 0);
	assert_int_equal(R->result(&pos), -1);
	pos = parse("W:W:B1");
	assert_int_equal(R->generate(&pos, moves), 0);
	assert_int_equal(R->result(&pos), 1);
	/* Threefold repetition is the match's: kings shuffling back and forth. */
	struct match m;
	struct checkers_pos start = parse("B:WK32:BK1");
	assert_int_equal(match_init_at(&m, R, NULL, &start), GAME_OK);
	for (int i = 0; i < 8 && !match_over(&m); i++)
		assert_int_equal(match_play_text(&m, cycle[i % 4], NULL), GAME_OK);
	assert_true(match_repetition(&m));
	assert_true(match_over(&m));
	assert_int_equal(match_result(&m), 0);
	match_free(&m);
}

static void test_malformed_input(void **state)
{
	(void)state;
	struct checkers_pos pos;
	R->start(&pos, NULL);
	const struct checkers_pos before = pos;
	static const struct {
		const char *text;
		int code;
	} bad_fens[] = {
	    {"", GAME_ERR_SYNTAX},
	    {"X:W1:B2", GAME_ERR_SYNTAX},
	    {"B:W33:B1", GAME_ERR_SYNTAX},
	    {"B:W0:B1", GAME_ERR_SYNTAX},
	    {"B:W1,1:B2", GAME_ERR_ILLEGAL},
	    {"B:W1:B1", GAME_ERR_ILLEGAL},
	    {"B:W21-32:B12-21", GAME_ERR_ILLEGAL},
	    {"B:W1", GAME_ERR_SYNTAX},
	    {"B", GAME_ERR_SYNTAX},
	    {"B:W1:B2:W3", GAME_ERR_SYNTAX},
	    {"B:W1:B2 junk", GAME_ERR_SYNTAX},
	    {"B:WK:B2", GAME_ERR_SYNTAX},
	    {"B:W5-3:B1", GAME_ERR_SYNTAX},
	    {"B:W1,,2:B3", GAME_ERR_SYNTAX},
	    {"B:W1;B2", GAME_ERR_SYNTAX},
	    {"B:W1:B2..", GAME_ERR_SYNTAX},
	    {"B:W1:B999999999999", GAME_ERR_SYNTAX},
	    {"\xff\xfe", GAME_ERR_SYNTAX},
	};
	char err[GAME_ERR_MAX];
	for (size_t i = 0; i < sizeof bad_fens / sizeof bad_fens[0]; i++) {
		err[0] = '\0';
		const char *text = bad_fens[i].text;
		const int code = bad_fens[i].code;
		if (R->pos_parse(&pos, text, NULL, err) != code)
			fail_msg("FEN \"%s\" not refused with %d", text, code);
		assert_true(strlen(err) > 0);
		assert_memory_equal(&pos, &before, sizeof pos);
		assert_int_equal(R->pos_parse(&pos, text, NULL, NULL), code); /* err may be NULL */
	}
	/* Ranges, spaces, a trailing dot and either list order are fine. */
	struct checkers_pos a = parse("B:W21-32:B1-12"), b = parse(" B : B1-12 : W21-32 .");
	assert_memory_equal(&a, &before, sizeof a);
	assert_memory_equal(&b, &before, sizeof b);
	b = parse("b:w21-32:b1-12");
	assert_memory_equal(&b, &before, sizeof b);
	a = parse("W:WK1-3,32:B5");
	assert_int_equal(a.kings, 7u);
	assert_int_equal(a.piece[CHECKERS_WHITE], 0x80000007u);
	char text[GAME_TEXT_MAX];
	assert_int_equal(R->pos_to_text(&a, text, sizeof text), (int)strlen("W:WK1,K2,K3,32:B5"));
	assert_string_equal(text, "W:WK1,K2,K3,32:B5");
	assert_int_equal(R->pos_to_text(&a, text, 8), GAME_ERR_SPACE);
	struct game_move m;
	const char *bad_moves[] = {"",    "11",      "11-",   "-15",   "11--15", "0-4",     "33-29",
	                           "a-b", "11-15 x", "123-4", "11:15", "11-15-", "11 - 15", "x"};
	for (size_t i = 0; i < sizeof bad_moves / sizeof bad_moves[0]; i++) {
		err[0] = '\0';
		assert_int_equal(R->move_parse(&pos, bad_moves[i], &m, err), GAME_ERR_SYNTAX);
		assert_true(strlen(err) > 0);
	}
	assert_int_equal(R->move_parse(&pos, "11-14", &m, err), GAME_ERR_ILLEGAL);
	assert_non_null(strstr(err, "not a legal move"));
	assert_int_equal(R->move_parse(&pos, "21-17", &m, NULL), GAME_ERR_ILLEGAL);
	assert_int_equal(R->move_parse(&pos, "11-15-19", &m, NULL), GAME_ERR_ILLEGAL);
	assert_int_equal(R->move_parse(&pos, " 11x15 ", &m, NULL), GAME_OK); /* x for a move */
	assert_string_equal(move_text(&pos, &m), "11-15");
}

/* Returns the text of a move (in a buffer that the next call reuses). */
static const char *move_text(const struct checkers_pos *pos, const struct game_move *m)
{
	static char buf[64];
	assert_true(R->move_to_text(pos, m, buf, sizeof buf) > 0);
	return buf;
}

static void test_capture_notation(void **state)
{
	(void)state;
	/* White has two captures: 22x15x8 (over 18 and 11) and 27x20 (over 24). Real files
	 * write either separator, and may give a capture by its two ends alone. */
	struct checkers_pos pos = parse("W:W22,27:B18,11,24");
	struct game_move m, full;
	assert_int_equal(R->move_parse(&pos, "22x15x8", &full, NULL), GAME_OK);
	assert_int_equal(R->move_parse(&pos, "22x8", &m, NULL), GAME_OK);
	assert_true(game_move_equal(&m, &full));
	assert_int_equal(R->move_parse(&pos, "22-8", &m, NULL), GAME_OK); /* - for a capture */
	assert_true(game_move_equal(&m, &full));
	assert_int_equal(R->move_parse(&pos, "22-15-8", &m, NULL), GAME_OK);
	assert_true(game_move_equal(&m, &full));
	assert_string_equal(move_text(&pos, &m), "22x15x8");
	assert_int_equal(R->move_parse(&pos, "27x20", &m, NULL), GAME_OK);
	assert_string_equal(move_text(&pos, &m), "27x20");
	/* Stopping halfway, or a capture that is not there, is illegal. */
	char err[GAME_ERR_MAX];
	assert_int_equal(R->move_parse(&pos, "22x15", &m, err), GAME_ERR_ILLEGAL);
	assert_non_null(strstr(err, "mandatory"));
	assert_int_equal(R->move_parse(&pos, "22x13", &m, NULL), GAME_ERR_ILLEGAL);
	assert_int_equal(R->move_parse(&pos, "22x15x8x1", &m, NULL), GAME_ERR_ILLEGAL);
	/* Same ends, two paths: ambiguous unless the path is given. */
	pos = parse("B:W14,15,22,23:BK10");
	char buf[GAME_ERR_MAX];
	assert_int_equal(R->move_parse(&pos, "10-10", &m, buf), GAME_ERR_AMBIGUOUS);
	assert_non_null(strstr(buf, "ambiguous"));
	assert_int_equal(R->move_parse(&pos, "10x17x26x19x10", &m, NULL), GAME_OK);
}

/* Where the Tinsley-Rex game stands after its last move. */
#define FINAL_TEXT "B:WK3,6,28:B5,12,K26" /* three each, a draw agreed */

static void test_real_game_notation(void **state)
{
	(void)state;
	/* Tinsley-Rex, Ohio State 1946, as written in ../shared/data/checkers-games.pdn. */
	static const char *const moves[] = {
	    "11-15", "23-18", "8-11",  "27-23", "4-8",   "23-19", "10x14", "19x10",
	    "14x23", "26x19", "7x14",  "24-20", "6-10",  "30-26", "11-15", "28-24",
	    "14-18", "20-16", "18-23", "16-11", "23x30", "11x4",  "2-7",   "4-8",
	    "1-6",   "22-18", "15x22", "25x18", "10x14", "18x15", "14-18", "29x25",
	    "9-13",  "8-4",   "13-17", "21x14", "30x21", "15-10", "6x15",  "19x10",
	    "21-17", "4-8",   "18-22", "24-19", "22-25", "32-28", "25-30", "31-27",
	    "30-26", "19-16", "12x19", "27-24", "3x12",  "10x3",  "17x10", "24x15x6",
	};
	struct checkers_pos pos;
	R->start(&pos, NULL);
	for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++) {
		char err[GAME_ERR_MAX];
		struct game_move m;
		if (R->move_parse(&pos, moves[i], &m, err) != GAME_OK)
			fail_msg("move %zu (%s): %s", i + 1, moves[i], err);
		R->play(&pos, &m);
		assert_true(checkers_valid(&pos));
	}
	char text[GAME_TEXT_MAX];
	assert_true(R->pos_to_text(&pos, text, sizeof text) > 0);
	assert_string_equal(text, FINAL_TEXT);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_perft_start),
	    cmocka_unit_test(test_perft_pdn_example),
	    cmocka_unit_test(test_play_undo_and_round_trips),
	    cmocka_unit_test(test_multi_jump_two_ways_and_mandatory),
	    cmocka_unit_test(test_crowning_ends_the_move),
	    cmocka_unit_test(test_forty_move_rule_and_results),
	    cmocka_unit_test(test_malformed_input),
	    cmocka_unit_test(test_capture_notation),
	    cmocka_unit_test(test_real_game_notation),
	};
	return cmocka_run_group_tests_name("checkers", tests, NULL, NULL);
}
