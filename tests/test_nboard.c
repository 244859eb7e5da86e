/*
 * tests/test_nboard.c — unit tests of the GGF game reader (io/ggf.c) and of the NBoard engine
 * loop (cli/nboard.c), which is driven through in-memory streams.
 *
 * GGF: a real-looking NBoard record, a finished game with passes written, left out and
 * decorated with evaluations and odd spacing, and a round trip through ggf_write; malformed
 * records must be rejected with a message, leaving the caller's game untouched. NBoard: ping,
 * set game + go, hint, move, learn, and garbage that must be ignored without harm.
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

#include "cli/cli.h"
#include "core/level.h"
#include "games/reversi/reversi.h"
#include "io/ggf.h"
#include "io/transcript.h"

static const char nboard_record[] =
    "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]RE[?]TI[15:00]"
    "TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[F6]"
    "B[D3]W[C5]B[E6]W[F7]B[E7]W[F4];)";

/* A whole game (60 moves) with a pass in it. */
static const char game_with_passes[] =
    "f5d6c5f4e3d3f3g4e6g6g3f2c4c6h4g5d7b6c7b5f6h6a5h5h3c8a4d8e8f8h7a6a7e7f1g2c2e1h2g1h1c3d1"
    "e2d2c1f7g8b4b3b1g7h8PAb7a8b8a3b2a2";

static void test_ggf_nboard_record(void **state)
{
	(void)state;
	struct ggf_game *g = malloc(sizeof *g);
	assert_non_null(g);
	char err[GAME_ERR_MAX] = "";
	assert_int_equal(ggf_read(nboard_record, g, err), GAME_OK);
	assert_int_equal(g->count, 8);
	struct reversi_pos start;
	reversi_rules.start(&start, NULL);
	assert_memory_equal(&g->start, &start, sizeof start);
	struct reversi_pos pos = start;
	struct game_move moves[16];
	assert_int_equal(transcript_read(&pos, "f5f6d3c5e6f7e7f4", moves, 16, NULL), 8);
	assert_memory_equal(&g->end, &pos, sizeof pos);
	assert_true(reversi_valid(&g->end));
	free(g);
}

/* Writes a GGF record of `moves` with evaluations, odd spacing, and the passes as `pass_mode`
 * says: 0 written "PA", 1 left out, 2 written "pa" with an evaluation. */
static void decorated_record(const struct game_move *moves, int count, int pass_mode, char *buf,
                             size_t n)
{
	struct reversi_pos pos;
	reversi_rules.start(&pos, NULL);
	size_t len = (size_t)snprintf(buf, n,
	                              "  ( ;GM[Othello]PC[test]C[a [comment\\]]\n"
	                              "  BO[8  ---------------------------O*------*O---"
	                              "------------------------ * ]\n");
	for (int i = 0; i < count; i++) {
		char text[8] = "PA";
		if (moves[i].code != REVERSI_PASS)
			reversi_rules.move_to_text(&pos, &moves[i], text, sizeof text);
		const char colour = pos.side == REVERSI_BLACK ? 'B' : 'W';
		if (moves[i].code == REVERSI_PASS && pass_mode == 1) {
		} else if (moves[i].code == REVERSI_PASS && pass_mode == 2) {
			len += (size_t)snprintf(buf + len, n - len, "%c[pa/0.00/0]", colour);
		} else if (i % 3 == 0) {
			len += (size_t)snprintf(buf + len, n - len, "%c[%s]", colour, text);
		} else if (i % 3 == 1) {
			len += (size_t)snprintf(buf + len, n - len, " %c[ %s/-1.25/0.31 ]\n",
			                        colour, text);
		} else {
			len += (size_t)snprintf(buf + len, n - len, "%c[%s//2.5]", colour, text);
		}
		reversi_rules.play(&pos, &moves[i]);
	}
	snprintf(buf + len, n - len, " ; )\n");
}

static void test_ggf_passes_evals_spacing(void **state)
{
	(void)state;
	struct reversi_pos start, end;
	reversi_rules.start(&start, NULL);
	end = start;
	struct game_move moves[GGF_MOVES_MAX];
	const int count = transcript_read(&end, game_with_passes, moves, GGF_MOVES_MAX, NULL);
	assert_int_equal(count, 60);
	int passes = 0;
	for (int i = 0; i < count; i++)
		passes += moves[i].code == REVERSI_PASS;
	assert_int_equal(passes, 1);
	struct game_move legal[GAME_MOVES_MAX];
	assert_int_equal(reversi_rules.generate(&end, legal), 0);
	struct ggf_game *g = malloc(sizeof *g);
	assert_non_null(g);
	char text[8192], err[GAME_ERR_MAX];
	for (int mode = 0; mode < 3; mode++) {
		decorated_record(moves, count, mode, text, sizeof text);
		memset(g, 0, sizeof *g);
		const int rc = ggf_read(text, g, err);
		if (rc != GAME_OK)
			fail_msg("mode %d: %s\n%s", mode, err, text);
		assert_int_equal(g->count, count);
		assert_memory_equal(g->moves, moves, sizeof moves[0] * (size_t)count);
		assert_memory_equal(&g->end, &end, sizeof end);
	}
	/* ggf_write and ggf_read agree. */
	assert_true(ggf_write(&start, moves, count, text, sizeof text) > 0);
	assert_non_null(strstr(text, "BO[8 "));
	assert_int_equal(ggf_read(text, g, err), GAME_OK);
	assert_int_equal(g->count, count);
	assert_memory_equal(&g->end, &end, sizeof end);
	assert_int_equal(ggf_write(&start, moves, count, text, 40), GAME_ERR_SPACE);
	free(g);
}

static void test_ggf_malformed_rejected(void **state)
{
	(void)state;
	static const char *const bad[] = {
	    "",
	    "GM[Othello]B[f5];)",
	    "(;GM[Othello]B[f5]",
	    "(;GM[Othello]B[f5];",
	    "(;GM[Othello]B[f5",
	    "(;GM[Chess];)",
	    "(;GM[Othello]B[z9];)",
	    "(;GM[Othello]B[e3];)",
	    "(;GM[Othello]W[f5];)",
	    "(;GM[Othello]B[f5]B[d6];)",
	    "(;GM[Othello]B[PA];)",
	    "(;GM[Othello]B[f5]BO[8 "
	    "---------------------------O*------*O--------------------------- *];)",
	    "(;BO[8 ---------------------------O*------*O---------------------------];)",
	    "(;BO[8 ---------------------------O*------*O-------------------------- *];)",
	    "(;BO[8 ---------------------------O*------*O--------------------------- * x];)",
	    "(;BO[8 ---------------------------O*------*Q--------------------------- *];)",
	    "(;BO[7 ---------------------------O*------*O--------------------------- *];)",
	    "(;GM[Othello]B[f5]w[d6];)",
	    "(;GM[Othello]B f5;)",
	    "(;GM[Othello]B[f5]\x01;)",
	};
	struct ggf_game *g = malloc(sizeof *g);
	struct ggf_game *before = malloc(sizeof *before);
	assert_non_null(g);
	assert_non_null(before);
	assert_int_equal(ggf_read(nboard_record, g, NULL), GAME_OK);
	memcpy(before, g, sizeof *g);
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		char err[GAME_ERR_MAX] = "";
		if (ggf_read(bad[i], g, err) == GAME_OK)
			fail_msg("accepted: %s", bad[i]);
		assert_true(strlen(err) > 0);
		assert_memory_equal(g, before, sizeof *g);
	}
	free(g);
	free(before);
}

/* Runs the NBoard loop at `level` on `n` bytes (NUL bytes allowed) and returns its output
 * (free it). */
static char *run_nboard_level(const char *level, const char *bytes, size_t n)
{
	FILE *in = tmpfile();
	assert_non_null(in);
	assert_int_equal(fwrite(bytes, 1, n, in), n);
	rewind(in);
	FILE *out = tmpfile();
	assert_non_null(out);
	assert_int_equal(nboard_run(in, out, level_find(&reversi_rules, level), NULL), 0);
	const long size = ftell(out);
	char *text = calloc(1, (size_t)size + 1);
	assert_non_null(text);
	rewind(out);
	assert_int_equal(fread(text, 1, (size_t)size, out), (size_t)size);
	fclose(in);
	fclose(out);
	return text;
}

/* Runs the NBoard loop on `n` bytes at Beginner and returns its output (free it). */
static char *run_nboard_bytes(const char *bytes, size_t n)
{
	return run_nboard_level("beginner", bytes, n);
}

/* Runs the NBoard loop on `script` at depth-limited Beginner and returns its output (free it). */
static char *run_nboard(const char *script)
{
	return run_nboard_bytes(script, strlen(script));
}

/* Returns whether `text` names a legal move of the position after `transcript`. */
static int is_legal_after(const char *transcript, const char *text)
{
	struct reversi_pos pos;
	reversi_rules.start(&pos, NULL);
	struct game_move moves[GGF_MOVES_MAX];
	assert_true(transcript_read(&pos, transcript, moves, GGF_MOVES_MAX, NULL) >= 0);
	struct game_move m;
	return reversi_rules.move_parse(&pos, text, &m, NULL) == GAME_OK;
}

/* Returns the number of lines of `text` that start with `prefix`, copying the word after the
 * prefix in the first one to `word` (16 bytes). */
static int lines_starting(const char *text, const char *prefix, char *word)
{
	int n = 0;
	for (const char *p = text; *p;) {
		if (strncmp(p, prefix, strlen(prefix)) == 0) {
			if (n++ == 0 && word)
				sscanf(p + strlen(prefix), "%15[^/ \n]", word);
		}
		const char *nl = strchr(p, '\n');
		if (!nl)
			break;
		p = nl + 1;
	}
	return n;
}

static void test_nboard_ping_go_hint(void **state)
{
	(void)state;
	char script[2048];
	snprintf(script, sizeof script,
	         "nboard 2\nping 1\nset depth 3\nset contempt 0\nset game %s\ngo\nhint 2\n"
	         "ping 2\nlearn\n",
	         nboard_record);
	char *out = run_nboard(script);
	char word[16] = "";
	assert_int_equal(lines_starting(out, "pong 1\n", NULL), 1);
	assert_int_equal(lines_starting(out, "pong 2\n", NULL), 1);
	assert_int_equal(lines_starting(out, "learned\n", NULL), 1);
	assert_int_equal(lines_starting(out, "=== ", word), 1);
	assert_true(is_legal_after("f5f6d3c5e6f7e7f4", word));
	assert_int_equal(lines_starting(out, "search ", word), 2);
	assert_true(is_legal_after("f5f6d3c5e6f7e7f4", word));
	/* hint ends with an empty status, after its search lines */
	assert_non_null(strstr(out, "search "));
	assert_non_null(strstr(strstr(out, "search "), "status\n"));
	free(out);
}

/* Returns the final disc difference of `pos` for its side to move with perfect play on both
 * sides, by a plain alpha-beta over the rules (independent of the engine's solver). */
static int perfect_margin(const struct reversi_pos *pos, int alpha, int beta)
{
	struct game_move moves[GAME_MOVES_MAX];
	const int n = reversi_rules.generate(pos, moves);
	if (n == 0) {
		const int black = reversi_rules.result(pos);
		return pos->side == REVERSI_BLACK ? black : -black;
	}
	int best = -65;
	for (int i = 0; i < n && best < beta; i++) {
		struct reversi_pos child = *pos;
		reversi_rules.play(&child, &moves[i]);
		const int v = child.side == pos->side
		                  ? perfect_margin(&child, alpha > best ? alpha : best, beta)
		                  : -perfect_margin(&child, -beta, -(alpha > best ? alpha : best));
		if (v > best)
			best = v;
	}
	return best;
}

/* A proven result's eval is the game's margin, found by the search itself: Hard solves this
 * position of 10 empty squares exactly, and "go" answers with its exact margin. */
static void test_nboard_proven_eval(void **state)
{
	(void)state;
	static const char moves50[] = "f5d6c5f4e3d3f3g4e6g6g3f2c4c6h4g5d7b6c7b5f6h6a5h5h3c8a4d8"
	                              "e8f8h7a6a7e7f1g2c2e1h2g1h1c3d1e2d2c1f7g8b4b3";
	struct reversi_pos pos;
	reversi_rules.start(&pos, NULL);
	struct game_move moves[GGF_MOVES_MAX];
	assert_int_equal(transcript_read(&pos, moves50, moves, GGF_MOVES_MAX, NULL), 50);
	char script[1024] = "nboard 2\n";
	for (int i = 0; i < 50; i++)
		snprintf(script + strlen(script), sizeof script - strlen(script), "move %.2s\n",
		         moves50 + 2 * i);
	strcat(script, "go\n");
	char *out = run_nboard_level("hard", script, strlen(script));
	const char *answer = strstr(out, "=== ");
	assert_non_null(answer);
	char move[8] = "";
	double eval = 0;
	assert_int_equal(sscanf(answer, "=== %7[^/]/%lf/", move, &eval), 2);
	assert_true(is_legal_after(moves50, move));
	const int margin = perfect_margin(&pos, -65, 65);
	assert_int_equal((int)eval, margin);
	/* ... and the move keeps it. */
	struct game_move m;
	assert_int_equal(reversi_rules.move_parse(&pos, move, &m, NULL), GAME_OK);
	struct reversi_pos after = pos;
	reversi_rules.play(&after, &m);
	const int v = perfect_margin(&after, -65, 65);
	assert_int_equal(after.side == pos.side ? v : -v, margin);
	free(out);
}

static void test_nboard_moves_and_garbage(void **state)
{
	(void)state;
	char script[4096];
	snprintf(script, sizeof script,
	         "nboard 2\nset depth 2\nset game (;GM[Othello]BO[8 "
	         "---------------------------O*------*O--------------------------- *];)\n"
	         "move f5\nmove d6/0.5/1.0\nmove z9\nmove a1\nC3\n"
	         "frobnicate 1 2 3\n\x01\x02\x7f garbage\n   \n"
	         "set game (;GM[Othello]B[f5]W[f4\nset game (;GM[Chess];)\nset depth x\n"
	         "set\nmove\nhint\nhint -5\ngo\n");
	char *out = run_nboard(script);
	char word[16] = "";
	/* f5 d6 played, z9 and a1 ignored, C3 played; the bad records changed nothing */
	assert_int_equal(lines_starting(out, "=== ", word), 1);
	assert_true(is_legal_after("f5d6c3", word));
	assert_int_equal(lines_starting(out, "search ", word), 2); /* "hint", "hint -5": 1 each */
	assert_true(is_legal_after("f5d6c3", word));
	free(out);
}

static void test_nboard_pass_and_game_over(void **state)
{
	(void)state;
	/* White to move must pass (h8 empty, g8 white): go answers PA; once the game is over (two
	 * empty squares no one can take), go and hint say nothing. */
	char script[2048];
	snprintf(
	    script, sizeof script,
	    "set game (;GM[Othello]BO[8 %sO- O];)\ngo\nset game (;GM[Othello]BO[8 %s**-- *];)\n"
	    "go\nhint 3\nping 9\n",
	    "**************************************************************",
	    "************************************************************");
	char *out = run_nboard(script);
	char word[16] = "";
	assert_int_equal(lines_starting(out, "=== ", word), 1);
	assert_string_equal(word, "PA");
	assert_int_equal(lines_starting(out, "search ", NULL), 0);
	assert_int_equal(lines_starting(out, "pong 9\n", NULL), 1);
	free(out);
}

static void test_nboard_random_bytes(void **state)
{
	(void)state;
	char script[4096];
	uint32_t x = 12345;
	for (int round = 0; round < 20; round++) {
		static const char *const words[] = {
		    "set ",  "game ", "(;", "BO[8 ", "B[", "]",      "go\n",         "move ",
		    "hint ", "ping ", "\n", "f5",    ";)", "depth ", "99999999999 ", "-"};
		size_t len = 0;
		while (len < sizeof script - 32) {
			x = x * 1103515245u + 12345u;
			if ((x >> 16) % 4 == 0)
				script[len++] = (char)(1 + (x >> 8) % 255);
			else
				len += (size_t)snprintf(script + len, sizeof script - len, "%s",
				                        words[(x >> 16) % 16]);
		}
		script[len] = '\0';
		char *out = run_nboard(script);
		free(out);
	}
}

/* A NUL byte refuses its own line only, and an over-long line is one refused line: neither
 * swallows the next command nor is split into two (issue 17). */
static void test_nboard_nul_and_long_lines(void **state)
{
	(void)state;
	const char nul[] = "ping 1\0 quit\nping 2\nping 3\n";
	char *out = run_nboard_bytes(nul, sizeof nul - 1);
	assert_string_equal(out, "pong 2\npong 3\n");
	free(out);
	/* 20 000 bytes, whose tail would read as "ping 9" if the line were cut. */
	const size_t big = 20000;
	char *lng = malloc(big + 32);
	assert_non_null(lng);
	memcpy(lng, "ping 1 ", 7);
	memset(lng + 7, 'x', big - 7);
	memcpy(lng + 16384, " ping 9", 7);
	memcpy(lng + big, "\nping 2\n", 9);
	out = run_nboard_bytes(lng, big + 8);
	assert_string_equal(out, "pong 2\n");
	free(out);
	free(lng);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_ggf_nboard_record),
	    cmocka_unit_test(test_ggf_passes_evals_spacing),
	    cmocka_unit_test(test_ggf_malformed_rejected),
	    cmocka_unit_test(test_nboard_ping_go_hint),
	    cmocka_unit_test(test_nboard_proven_eval),
	    cmocka_unit_test(test_nboard_moves_and_garbage),
	    cmocka_unit_test(test_nboard_pass_and_game_over),
	    cmocka_unit_test(test_nboard_random_bytes),
	    cmocka_unit_test(test_nboard_nul_and_long_lines),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
