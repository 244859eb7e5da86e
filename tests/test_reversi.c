/*
 * tests/test_reversi.c — Reversi rules: perft against the published counts, the fast 8×8
 * kernels against the general code, every size and variant against a naive reference
 * written here from the rules alone, notation round trips and malformed input.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "core/hash.h"
#include "games/reversi/board8.h"
#include "games/reversi/reversi.h"
#include "io/transcript.h"
#include "shared_data.h"

/* Reversi option switches as bits, for tables of set-ups (reversi_options takes them apart). */
enum { OPT_ANTI = 1, OPT_HOLE = 2 };

static const struct game_rules *const R = &reversi_rules;

/* Returns the start position for a size and flags. */
static struct reversi_pos start_pos(int size, unsigned flags, uint32_t seed)
{
	struct reversi_pos pos;
	struct game_options opt = reversi_options(size, flags & OPT_ANTI, flags & OPT_HOLE, seed);
	assert_int_equal(R->start(&pos, &opt), GAME_OK);
	return pos;
}

/* ---- a naive reference: a grid of cells and a walk along each of the eight lines ---- */

struct naive {
	int size, side;           /* side: 1 black, 2 white to move */
	signed char cell[10][10]; /* 0 empty, 1 black, 2 white, -1 blocked */
};

static struct naive naive_from(const struct reversi_pos *pos)
{
	struct naive b = {.size = pos->size, .side = pos->side + 1};
	for (int r = 0; r < pos->size; r++)
		for (int c = 0; c < pos->size; c++) {
			const reversi_bits x = (reversi_bits)1 << (r * pos->size + c);
			b.cell[r][c] = pos->disc[0] & x   ? 1
			               : pos->disc[1] & x ? 2
			               : pos->hole & x    ? -1
			                                  : 0;
		}
	return b;
}

/* Returns the number of discs flipped by playing (r, c), flipping them if `doit`. */
static int naive_play(struct naive *b, int r, int c, int doit)
{
	if (b->cell[r][c] != 0)
		return 0;
	int total = 0;
	for (int dr = -1; dr <= 1; dr++)
		for (int dc = -1; dc <= 1; dc++) {
			if (!dr && !dc)
				continue;
			int k = 1;
			while (1) {
				const int rr = r + k * dr, cc = c + k * dc;
				if (rr < 0 || cc < 0 || rr >= b->size || cc >= b->size)
					break;
				if (b->cell[rr][cc] != 3 - b->side)
					break;
				k++;
			}
			const int rr = r + k * dr, cc = c + k * dc;
			if (k > 1 && rr >= 0 && cc >= 0 && rr < b->size && cc < b->size &&
			    b->cell[rr][cc] == b->side) {
				total += k - 1;
				for (int j = 1; doit && j < k; j++)
					b->cell[r + j * dr][c + j * dc] = (signed char)b->side;
			}
		}
	if (doit && total)
		b->cell[r][c] = (signed char)b->side;
	return total;
}

static int naive_has_move(struct naive *b)
{
	for (int r = 0; r < b->size; r++)
		for (int c = 0; c < b->size; c++)
			if (naive_play(b, r, c, 0))
				return 1;
	return 0;
}

static uint64_t naive_perft(const struct naive *b, int depth)
{
	if (depth == 0)
		return 1;
	struct naive t = *b;
	uint64_t n = 0;
	int moved = 0;
	for (int r = 0; r < b->size; r++)
		for (int c = 0; c < b->size; c++) {
			if (!naive_play(&t, r, c, 0))
				continue;
			struct naive child = *b;
			naive_play(&child, r, c, 1);
			child.side = 3 - child.side;
			n += naive_perft(&child, depth - 1);
			moved = 1;
		}
	if (moved)
		return n;
	t.side = 3 - t.side;
	return naive_has_move(&t) ? naive_perft(&t, depth - 1) : 1;
}

/* ---- perft ------------------------------------------------------------------------- */

static void test_perft_published(void **state)
{
	(void)state;
	static const uint64_t expect[] = {1, 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288};
	struct reversi_pos pos = start_pos(8, 0, 0);
	for (int d = 0; d <= 9; d++)
		assert_int_equal(R->perft(&pos, d), expect[d]);
	/* The same counts through the interface alone (generate, play, undo). */
	for (int d = 0; d <= 6; d++)
		assert_int_equal(game_perft_generic(R, &pos, d), expect[d]);
}

/* Walks every line `depth` moves deep and checks the position after every play and undo. */
static void walk_checked(struct reversi_pos *pos, int depth)
{
	struct game_move moves[GAME_MOVES_MAX];
	const int n = R->generate(pos, moves);
	if (depth == 0 || n == 0)
		return;
	for (int i = 0; i < n; i++) {
		const struct reversi_pos before = *pos;
		const uint64_t h = R->hash(pos);
		R->play(pos, &moves[i]);
		assert_true(reversi_valid(pos));
		assert_int_not_equal(R->to_move(pos), before.side);
		walk_checked(pos, depth - 1);
		R->undo(pos, &moves[i]);
		assert_memory_equal(pos, &before, sizeof before);
		assert_int_equal(R->hash(pos), h);
	}
}

static void test_play_undo_invariants(void **state)
{
	(void)state;
	const int sizes[] = {6, 8, 10};
	for (int i = 0; i < 3; i++) {
		struct reversi_pos pos = start_pos(sizes[i], OPT_HOLE, 7);
		walk_checked(&pos, 5);
	}
}

/* Plays `plies` pseudo-random moves from pos (a pass when forced), stopping at the end. */
static void random_walk(struct reversi_pos *pos, int plies, uint64_t *rng)
{
	for (int i = 0; i < plies; i++) {
		struct game_move moves[GAME_MOVES_MAX];
		const int n = R->generate(pos, moves);
		if (!n)
			return;
		R->play(pos, &moves[(hash_lcg_next(rng) >> 33) % (uint64_t)n]);
	}
}

/* The children's hashes found at once (rules.hash_children, the search's prefetch) are the
 * hashes of the positions the moves make, passes included, on every board and variant. */
static void test_children_hashes(void **state)
{
	(void)state;
	const unsigned flags[] = {0, OPT_HOLE, OPT_ANTI, OPT_HOLE | OPT_ANTI};
	uint64_t rng = 4242;
	int passes = 0, checked = 0;
	for (int game = 0; game < 48; game++) {
		const int size = game % 3 == 0 ? 6 : game % 3 == 1 ? 8 : 10;
		struct reversi_pos pos = start_pos(size, flags[game / 3 % 4], (uint32_t)game);
		for (;;) {
			struct game_move moves[GAME_MOVES_MAX];
			uint64_t hashes[GAME_MOVES_MAX];
			const int n = R->generate(&pos, moves);
			if (!n)
				break;
			R->hash_children(&pos, moves, n, hashes);
			for (int i = 0; i < n; i++) {
				struct reversi_pos child = pos;
				R->play(&child, &moves[i]);
				assert_true(hashes[i] == R->hash(&child));
				assert_true(hashes[i] != R->hash(&pos));
				passes += moves[i].code == REVERSI_PASS;
				checked++;
			}
			random_walk(&pos, 1, &rng);
		}
	}
	assert_true(passes > 0 && checked > 5000);
}

static void test_fast_kernels_match_general_code(void **state)
{
	(void)state;
	uint64_t rng = 12345;
	for (int game = 0; game < 200; game++) {
		struct reversi_pos pos = start_pos(8, game % 3 ? 0 : OPT_HOLE, (uint32_t)game);
		for (int ply = 0; ply < 64; ply++) {
			const uint64_t P = (uint64_t)pos.disc[pos.side],
			               O = (uint64_t)pos.disc[!pos.side];
			const uint64_t empty = ~(P | O | (uint64_t)pos.hole);
			const uint64_t fast = board8_moves_in(P, O, empty);
			assert_true(fast == (uint64_t)reversi_moves(&pos));
			if (!pos.hole) { /* both sides' moves at once (the search's leaves) */
				uint64_t mine, theirs;
				board8_moves_pair(P, O, &mine, &theirs);
				assert_true(mine == fast && theirs == board8_moves_in(O, P, empty));
			}
			for (int sq = 0; sq < 64; sq++)
				if (fast >> sq & 1)
					assert_true(board8_flips(sq, P, O) ==
					            (uint64_t)reversi_flips(&pos, sq));
			/* The rules' moves (board8.h on this board): each legal square once, in
			 * square order, with the general code's flips; a pass only without one. */
			struct game_move moves[GAME_MOVES_MAX];
			const int n = R->generate(&pos, moves);
			if (!n)
				break;
			if (!fast) {
				assert_int_equal(n, 1);
				assert_int_equal(moves[0].code, REVERSI_PASS);
			} else {
				assert_int_equal(n, board8_count(fast));
				uint64_t left = fast;
				for (int i = 0; i < n; i++) {
					assert_int_equal(moves[i].code, __builtin_ctzll(left));
					left &= left - 1;
					const reversi_bits flips =
					    reversi_flips(&pos, (int)moves[i].code);
					assert_true(moves[i].data[0] == (uint64_t)flips &&
					            moves[i].data[1] == (uint64_t)(flips >> 64));
				}
			}
			random_walk(&pos, 1, &rng);
		}
	}
}

static void test_every_size_against_naive_reference(void **state)
{
	(void)state;
	const struct {
		int size, depth;
		unsigned flags;
		uint32_t seed;
	} cases[] = {
	    {6, 7, 0, 0},
	    {10, 6, 0, 0},
	    {8, 6, OPT_HOLE, 3},
	    {6, 6, OPT_HOLE, 11},
	    {10, 5, OPT_HOLE | OPT_ANTI, 5},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct reversi_pos pos = start_pos(cases[i].size, cases[i].flags, cases[i].seed);
		const struct naive b = naive_from(&pos);
		for (int d = 1; d <= cases[i].depth; d++)
			assert_int_equal(R->perft(&pos, d), naive_perft(&b, d));
		assert_int_equal(game_perft_generic(R, &pos, 4), naive_perft(&b, 4));
	}
	/* Late positions, where passes and finished games happen. */
	uint64_t rng = 99;
	for (int game = 0; game < 40; game++) {
		const int size = game % 3 == 0 ? 6 : game % 3 == 1 ? 8 : 10;
		struct reversi_pos pos = start_pos(size, 0, 0);
		random_walk(&pos, size * size - 4 - 7, &rng);
		const struct naive b = naive_from(&pos);
		assert_int_equal(R->perft(&pos, 5), naive_perft(&b, 5));
	}
}

/* ---- rules details ------------------------------------------------------------------- */

static void test_start_position_and_first_moves(void **state)
{
	(void)state;
	struct reversi_pos pos = start_pos(8, 0, 0);
	char text[GAME_TEXT_MAX];
	R->pos_to_text(&pos, text, sizeof text);
	assert_string_equal(text,
	                    "---------------------------OX------XO--------------------------- X");
	struct game_move moves[GAME_MOVES_MAX];
	const int n = R->generate(&pos, moves);
	assert_int_equal(n, 4);
	const char *expect[] = {"d3", "c4", "f5", "e6"};
	for (int i = 0; i < 4; i++) {
		R->move_to_text(&pos, &moves[i], text, sizeof text);
		assert_string_equal(text, expect[i]);
	}
	assert_int_equal(R->to_move(&pos), REVERSI_BLACK);
	/* Every size starts with the same diagonal shape at its centre. */
	struct reversi_pos six = start_pos(6, 0, 0);
	R->pos_to_text(&six, text, sizeof text);
	assert_string_equal(text, "--------------OX----XO-------------- X");
}

/* Parses an 8×8 position made of `runs`: pairs of (character, count), then the side. */
static struct reversi_pos board_of(const char *runs, const int *counts, char side, unsigned flags)
{
	char text[80];
	int n = 0;
	for (int i = 0; runs[i]; i++)
		for (int k = 0; k < counts[i]; k++)
			text[n++] = runs[i];
	assert_int_equal(n, 64);
	text[n++] = ' ';
	text[n++] = side;
	text[n] = '\0';
	struct reversi_pos pos;
	struct game_options opt = reversi_options(0, flags & OPT_ANTI, flags & OPT_HOLE, 0);
	char err[GAME_ERR_MAX];
	if (R->pos_parse(&pos, text, &opt, err) != GAME_OK)
		fail_msg("%s: %s", text, err);
	return pos;
}

static void test_pass_and_game_over(void **state)
{
	(void)state;
	struct game_move moves[GAME_MOVES_MAX];
	/* 62 black discs and two empty squares: nobody can move; the winner takes the empties. */
	struct reversi_pos pos = board_of("X-", (const int[]){62, 2}, 'O', 0);
	assert_int_equal(R->generate(&pos, moves), 0);
	assert_int_equal(R->result(&pos), 64);
	/* Black everywhere but g8 (White) and h8 (empty), White to move: White has no move,
	 * Black has h8, so White must pass. */
	pos = board_of("XO-", (const int[]){62, 1, 1}, 'O', 0);
	assert_int_equal(R->generate(&pos, moves), 1);
	assert_int_equal(moves[0].code, REVERSI_PASS);
	char text[16];
	R->move_to_text(&pos, &moves[0], text, sizeof text);
	assert_string_equal(text, "pass");
	struct game_move m;
	assert_int_equal(R->move_parse(&pos, "PA", &m, NULL), GAME_OK);
	assert_true(game_move_equal(&m, &moves[0]));
	assert_int_equal(R->move_parse(&pos, " pass ", &m, NULL), GAME_OK);
	assert_int_equal(R->move_parse(&pos, "h8", &m, NULL), GAME_ERR_ILLEGAL);
	R->play(&pos, &m);
	assert_int_equal(R->to_move(&pos), REVERSI_BLACK);
	assert_int_equal(R->move_parse(&pos, "pass", &m, NULL), GAME_ERR_ILLEGAL);
	assert_int_equal(R->move_parse(&pos, "h8", &m, NULL), GAME_OK);
	R->play(&pos, &m);
	assert_int_equal(reversi_count(&pos, REVERSI_BLACK), 64);
	assert_int_equal(R->generate(&pos, moves), 0);
	assert_int_equal(R->result(&pos), 64);
}

static void test_anti_reversi_scores_reversed(void **state)
{
	(void)state;
	struct game_move moves[GAME_MOVES_MAX];
	struct reversi_pos pos = board_of("XO", (const int[]){40, 24}, 'X', 0);
	assert_int_equal(R->generate(&pos, moves), 0);
	assert_int_equal(R->result(&pos), 16);
	pos = board_of("XO", (const int[]){40, 24}, 'X', OPT_ANTI);
	assert_int_equal(R->result(&pos), -16);
	/* Empty squares go to the winner, who in Anti-reversi has fewer discs. */
	pos = board_of("X-", (const int[]){62, 2}, 'X', OPT_ANTI);
	assert_int_equal(R->result(&pos), -64);
	/* A draw has no winner to take anything. */
	pos = board_of("XO", (const int[]){32, 32}, 'X', 0);
	assert_int_equal(R->result(&pos), 0);
	/* The moves are the same as in Reversi: only the winner changes. */
	struct reversi_pos normal = start_pos(8, 0, 0), anti = start_pos(8, OPT_ANTI, 0);
	assert_int_equal(R->perft(&anti, 6), R->perft(&normal, 6));
}

static void test_black_hole(void **state)
{
	(void)state;
	int seen[100] = {0}, distinct = 0;
	for (uint32_t seed = 0; seed < 64; seed++) {
		struct reversi_pos pos = start_pos(8, OPT_HOLE, seed);
		assert_true(pos.hole != 0);
		assert_true(reversi_valid(&pos));
		int sq = 0;
		while (!((pos.hole >> sq) & 1))
			sq++;
		assert_false(sq == 27 || sq == 28 || sq == 35 || sq == 36);
		distinct += !seen[sq]++;
		/* The same seed gives the same hole. */
		struct reversi_pos again = start_pos(8, OPT_HOLE, seed);
		assert_memory_equal(&again, &pos, sizeof pos);
	}
	assert_true(distinct > 20);
	/* Black a1, White b1, the hole on c1, Black d1: no line runs through the hole, so
	 * nobody has a move; without the hole, Black c1 would flip b1... */
	struct game_move moves[GAME_MOVES_MAX];
	struct reversi_pos pos = board_of("XO#X-", (const int[]){1, 1, 1, 1, 60}, 'X', 0);
	assert_int_equal(R->generate(&pos, moves), 0);
	char text[GAME_TEXT_MAX];
	R->pos_to_text(&pos, text, sizeof text);
	assert_int_equal(text[2], '#');
	/* ...and White c1 would be legal on an empty c1; the hole also can't be played. */
	pos = board_of("OX#X-", (const int[]){1, 1, 1, 1, 60}, 'O', 0);
	assert_int_equal(R->generate(&pos, moves), 0);
	pos = board_of("OX-X-", (const int[]){1, 1, 1, 1, 60}, 'O', 0);
	assert_int_equal(R->generate(&pos, moves), 1);
	R->move_to_text(&pos, &moves[0], text, sizeof text);
	assert_string_equal(text, "c1");
	/* The hole counts for nobody: 62 black discs, the hole and one empty square. */
	pos = board_of("X#-", (const int[]){62, 1, 1}, 'X', 0);
	assert_int_equal(R->result(&pos), 63);
}

/* ---- notation ---------------------------------------------------------------------- */

static void test_square_names(void **state)
{
	(void)state;
	char name[8];
	int used;
	reversi_square_name(8, 0, name);
	assert_string_equal(name, "a1");
	reversi_square_name(8, 63, name);
	assert_string_equal(name, "h8");
	reversi_square_name(10, 99, name);
	assert_string_equal(name, "j10");
	assert_int_equal(reversi_square_parse(10, "j10", &used), 99);
	assert_int_equal(used, 3);
	assert_int_equal(reversi_square_parse(10, "a10b1", &used), 90);
	assert_int_equal(reversi_square_parse(8, "a10", &used), 0); /* a1, then "0" is not a move */
	assert_int_equal(used, 2);
	assert_int_equal(reversi_square_parse(8, "D3", &used), 19);
	assert_int_equal(reversi_square_parse(8, "i1", &used), -1);
	assert_int_equal(reversi_square_parse(8, "a0", &used), -1);
	assert_int_equal(reversi_square_parse(8, "a9", &used), -1);
	assert_int_equal(reversi_square_parse(6, "g1", &used), -1);
	assert_int_equal(reversi_square_parse(8, "", &used), -1);
}

static void test_move_text_round_trip_and_errors(void **state)
{
	(void)state;
	uint64_t rng = 5;
	for (int game = 0; game < 30; game++) {
		const int size = 6 + 2 * (game % 3);
		struct reversi_pos pos = start_pos(size, game & 1 ? OPT_HOLE : 0, (uint32_t)game);
		for (;;) {
			struct game_move moves[GAME_MOVES_MAX];
			const int n = R->generate(&pos, moves);
			if (!n)
				break;
			for (int i = 0; i < n; i++) {
				char text[16];
				struct game_move back;
				assert_true(R->move_to_text(&pos, &moves[i], text, sizeof text) >
				            0);
				assert_int_equal(R->move_parse(&pos, text, &back, NULL), GAME_OK);
				assert_true(game_move_equal(&back, &moves[i]));
			}
			char ptext[GAME_TEXT_MAX];
			struct reversi_pos back;
			struct game_options opt = reversi_options(0, pos.anti, false, 0);
			assert_true(R->pos_to_text(&pos, ptext, sizeof ptext) > 0);
			assert_int_equal(R->pos_parse(&back, ptext, &opt, NULL), GAME_OK);
			assert_memory_equal(&back, &pos, sizeof pos);
			random_walk(&pos, 1, &rng);
		}
	}
	struct reversi_pos pos = start_pos(8, 0, 0);
	struct game_move m;
	char err[GAME_ERR_MAX] = "";
	const char *syntax[] = {"",    "  ",  "z9", "a0",   "a9",   "d33",
	                        "pas", "d3x", "3d", "\xff", "passs"};
	for (size_t i = 0; i < sizeof syntax / sizeof syntax[0]; i++)
		assert_int_equal(R->move_parse(&pos, syntax[i], &m, err), GAME_ERR_SYNTAX);
	assert_true(strlen(err) > 0);
	assert_int_equal(R->move_parse(&pos, "a1", &m, err), GAME_ERR_ILLEGAL);
	assert_non_null(strstr(err, "a1"));
	assert_int_equal(R->move_parse(&pos, "d4", &m, NULL), GAME_ERR_ILLEGAL); /* occupied */
	assert_int_equal(R->move_parse(&pos, "pass", &m, NULL), GAME_ERR_ILLEGAL);
	assert_int_equal(R->move_parse(&pos, "D3", &m, NULL), GAME_OK);
	char small[2];
	assert_int_equal(R->move_to_text(&pos, &m, small, sizeof small), GAME_ERR_SPACE);
}

static void test_malformed_positions_rejected(void **state)
{
	(void)state;
	struct reversi_pos pos = start_pos(8, 0, 0);
	const struct reversi_pos before = pos;
	const char *bad[] = {
	    "",
	    "X",
	    "---------------------------OX------XO--------------------------- ",
	    "---------------------------OX------XO---------------------------",
	    "---------------------------OX------XO--------------------------- Z",
	    "---------------------------OX------XO--------------------------- X extra",
	    "---------------------------OX------XO-------------------------- X",
	    "---------------------------OX------XO---------------------------- X",
	    "---------------------------OQ------XO--------------------------- X",
	    "##-------------------------OX------XO--------------------------- X",
	};
	char err[GAME_ERR_MAX];
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		err[0] = '\0';
		assert_true(R->pos_parse(&pos, bad[i], NULL, err) < 0);
		assert_true(strlen(err) > 0);
		assert_memory_equal(&pos, &before, sizeof pos); /* nothing half-written */
	}
	struct game_options six = reversi_options(6, false, false, 0);
	assert_int_equal(
	    R->pos_parse(&pos, "---------------------------OX------XO--------------------------- X",
	                 &six, NULL),
	    GAME_ERR_OPTIONS);
	struct game_options seven = reversi_options(7, false, false, 0);
	assert_int_equal(R->start(&pos, &seven), GAME_ERR_OPTIONS);
	/* Lower case, '.' for empty and an OBF answer list after ';' are accepted. */
	assert_int_equal(
	    R->pos_parse(
	        &pos, "...........................ox......xo........................... x; d3:+0;",
	        NULL, NULL),
	    GAME_OK);
	assert_memory_equal(&pos, &before, sizeof pos);
}

static void test_ffo_positions_parse(void **state)
{
	(void)state;
	FILE *f = shared_data_open("ffo-40-59.obf");
	char line[512];
	int lines = 0;
	while (fgets(line, sizeof line, f)) {
		struct reversi_pos pos;
		char err[GAME_ERR_MAX];
		if (R->pos_parse(&pos, line, NULL, err) != GAME_OK)
			fail_msg("line %d: %s", lines + 1, err);
		/* The first answer names a legal move. */
		const char *answer = strchr(line, ';');
		assert_non_null(answer);
		char sq[4] = {answer[2], answer[3], 0, 0};
		struct game_move m;
		assert_int_equal(R->move_parse(&pos, sq, &m, NULL), GAME_OK);
		lines++;
	}
	fclose(f);
	assert_int_equal(lines, 20);
}

static void test_transcript(void **state)
{
	(void)state;
	struct reversi_pos pos = start_pos(8, 0, 0);
	struct game_move moves[128];
	char err[GAME_ERR_MAX];
	assert_int_equal(transcript_read(&pos, "f5d6c3d3c4", moves, 128, err), 5);
	char text[GAME_TEXT_MAX];
	struct reversi_pos start = start_pos(8, 0, 0);
	assert_int_equal(transcript_write(&start, moves, 5, text, sizeof text), 10);
	assert_string_equal(text, "f5d6c3d3c4");
	/* Spaces and upper case are fine; an illegal move is reported with its number. */
	pos = start;
	assert_int_equal(transcript_read(&pos, "F5 D6 c3", moves, 128, err), 3);
	pos = start;
	assert_int_equal(transcript_read(&pos, "f5d6a1", moves, 128, err), GAME_ERR_ILLEGAL);
	assert_non_null(strstr(err, "move 3"));
	pos = start;
	assert_int_equal(transcript_read(&pos, "f5d6c?", moves, 128, err), GAME_ERR_SYNTAX);
	/* A whole game with passes: play pseudo-random games, write, read back. */
	uint64_t rng = 77;
	for (int game = 0; game < 50; game++) {
		struct reversi_pos p = start;
		struct game_move played[128];
		int n = 0;
		for (;;) {
			struct game_move legal[GAME_MOVES_MAX];
			const int k = R->generate(&p, legal);
			if (!k)
				break;
			played[n] = legal[(hash_lcg_next(&rng) >> 33) % (uint64_t)k];
			R->play(&p, &played[n++]);
		}
		assert_true(transcript_write(&start, played, n, text, sizeof text) > 0);
		struct reversi_pos q = start;
		struct game_move read[128];
		assert_int_equal(transcript_read(&q, text, read, 128, err), n);
		assert_memory_equal(&q, &p, sizeof p);
		/* The same game with its passes left out reads the same. */
		char nopass[GAME_TEXT_MAX], *o = nopass;
		for (const char *s = text; *s;)
			if (s[0] == 'P' && s[1] == 'A')
				s += 2;
			else
				*o++ = *s++;
		*o = '\0';
		q = start;
		assert_int_equal(transcript_read(&q, nopass, read, 128, err), n);
		assert_memory_equal(&q, &p, sizeof p);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_perft_published),
	    cmocka_unit_test(test_play_undo_invariants),
	    cmocka_unit_test(test_fast_kernels_match_general_code),
	    cmocka_unit_test(test_children_hashes),
	    cmocka_unit_test(test_every_size_against_naive_reference),
	    cmocka_unit_test(test_start_position_and_first_moves),
	    cmocka_unit_test(test_pass_and_game_over),
	    cmocka_unit_test(test_anti_reversi_scores_reversed),
	    cmocka_unit_test(test_black_hole),
	    cmocka_unit_test(test_square_names),
	    cmocka_unit_test(test_move_text_round_trip_and_errors),
	    cmocka_unit_test(test_malformed_positions_rejected),
	    cmocka_unit_test(test_ffo_positions_parse),
	    cmocka_unit_test(test_transcript),
	};
	return cmocka_run_group_tests_name("reversi", tests, NULL, NULL);
}
