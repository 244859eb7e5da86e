/*
 * tests/test_checkers_egdb.c — Parity's checkers endgame databases (games/checkers/egdb.c),
 * read from assets/checkers-egdb.bin as `make` writes it: the positions held are the
 * published counts; the classic results come out (two kings beat one; the First Position
 * is won with the move and drawn without it; a First Position "without" is won); every entry
 * agrees with its children one move on (the retrograde analysis checked by a forward look);
 * the tables rebuilt in memory are the file's; Expert wins won endings by playing them out
 * within the 40-move rule; and the search stays deterministic with them.
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
#include <time.h>
#include <unistd.h>

#include "core/hash.h"
#include "core/level.h"
#include "core/match.h"
#include "core/search.h"
#include "games/checkers/bits.h"
#include "games/checkers/checkers.h"
#include "games/checkers/egdb.h"

static const struct game_rules *const R = &checkers_rules;

/* A 6-piece win for Black that Expert plays out (test_six_pieces). */
#define SIX_PIECE_WIN "B:WK29,K32:BK1,K2,K3,K4"

static struct checkers_pos parse(const char *fen)
{
	struct checkers_pos pos;
	char err[GAME_ERR_MAX];
	if (R->pos_parse(&pos, fen, NULL, err) != GAME_OK)
		fail_msg("%s: %s", fen, err);
	return pos;
}

static int setup(void **state)
{
	(void)state;
	char err[GAME_ERR_MAX];
	if (checkers_egdb_load("assets", err) != 0) {
		fprintf(stderr, "%s (make builds assets/checkers-egdb.bin)\n", err);
		return -1;
	}
	return 0;
}

static uint64_t choose(int n, int k)
{
	uint64_t r = 1;
	for (int i = 1; i <= k; i++)
		r = r * (uint64_t)(n - k + i) / (uint64_t)i;
	return r;
}

/* The published counts of positions with n pieces (Schaeffer et al., "Checkers is solved",
 * Science 2007: 120, 6 972, 261 224, 7 092 774, 148 688 232 for 1-5 pieces) count each
 * placement once, whoever is to move, with all pieces of one colour included. The tables
 * hold those with a piece of each colour; the rest is counted here. */
static void test_counts(void **state)
{
	(void)state;
	static const uint64_t published[] = {0, 120, 6972, 261224, 7092774};
	assert_true(checkers_egdb_pieces() >= 4);
	for (int n = 2; n <= 4; n++) {
		uint64_t one_colour = 0;
		for (int men = 0; men <= n; men++)
			one_colour += 2 * choose(28, men) * choose(32 - men, n - men);
		uint64_t positions, wins, draws, losses;
		checkers_egdb_count(n, &positions, &wins, &draws, &losses);
		print_message(
		    "%d pieces: %llu + %llu one-coloured, %llu wins %llu draws %llu losses\n", n,
		    (unsigned long long)positions, (unsigned long long)one_colour,
		    (unsigned long long)wins, (unsigned long long)draws,
		    (unsigned long long)losses);
		assert_true(positions + one_colour == published[n]);
		assert_true(wins + draws + losses == positions);
	}
}

static enum egdb_result probe(const char *fen)
{
	const struct checkers_pos pos = parse(fen);
	return checkers_egdb_probe(&pos, NULL);
}

static void test_classics(void **state)
{
	(void)state;
	/* The First Position: White's two kings against a king and a man win with the move ... */
	assert_int_equal(probe("W:WK19,K23:B12,K28"), EGDB_WIN);
	/* ... and only draw without it. */
	assert_int_equal(probe("B:WK19,K23:B12,K28"), EGDB_DRAW);
	/* A First Position "without" (Dr. Call): Black to play and win. */
	assert_int_equal(probe("B:W22,K5:BK15,K6"), EGDB_WIN);
	/* One king against one: a draw. */
	assert_int_equal(probe("B:WK32:BK1"), EGDB_DRAW);
}

/* Returns the squares one diagonal step from those of x. */
static uint32_t around(uint32_t x)
{
	return step_down_left(x) | step_down_right(x) | step_up_left(x) | step_up_right(x);
}

/* Two kings beat one: from every position where neither of them is within two steps of the
 * lone king (closer, it may fork them), but for a few where the lone king holds both in the
 * single corner (fewer than 1 in 500, each printed); the others are counted. */
static void test_two_kings_win(void **state)
{
	(void)state;
	int positions = 0, others = 0, held = 0;
	for (int a = 0; a < 32; a++)
		for (int b = a + 1; b < 32; b++)
			for (int c = 0; c < 32; c++) {
				if (c == a || c == b)
					continue;
				for (int side = 0; side < 2; side++) {
					struct checkers_pos pos;
					memset(&pos, 0, sizeof pos);
					pos.piece[CHECKERS_BLACK] = 1u << a | 1u << b;
					pos.piece[CHECKERS_WHITE] = 1u << c;
					pos.kings = pos.piece[0] | pos.piece[1];
					pos.side = (uint8_t)side;
					const uint32_t lone = 1u << c;
					const uint32_t reach = around(lone) | around(around(lone));
					const enum egdb_result r = checkers_egdb_probe(&pos, NULL);
					if (reach & pos.piece[CHECKERS_BLACK]) {
						others += r != (side == CHECKERS_BLACK ? EGDB_WIN
						                                       : EGDB_LOSS);
						continue;
					}
					if (r != (side == CHECKERS_BLACK ? EGDB_WIN : EGDB_LOSS)) {
						char t[GAME_TEXT_MAX];
						R->pos_to_text(&pos, t, sizeof t);
						print_message("not won: %s\n", t);
						held++;
					}
					positions++;
				}
			}
	print_message("%d positions of two kings against one far apart, %d not won; of the "
	              "others %d not won\n",
	              positions, held, others);
	assert_true(positions > 15000);
	assert_true(held * 500 < positions);
}

/* Every entry is what one move on says: a win of distance d has a move to a loss of distance
 * d - 1 and none to a shorter one; a loss of distance d moves only to wins, the longest of
 * distance d - 1; a draw has a move to a draw and none to a loss. A move that changes the
 * material counts as distance 0, and a position with no move is a loss at 0. */
static void test_consistent(void **state)
{
	(void)state;
	uint64_t seed = 12345;
	int checked = 0;
	while (checked < 20000) {
		struct checkers_pos pos;
		const int pieces = 2 + checked % 3;
		if (!checkers_egdb_random(&seed, pieces, &pos))
			continue;
		int d;
		const enum egdb_result r = checkers_egdb_probe(&pos, &d);
		assert_int_not_equal(r, EGDB_UNKNOWN);
		struct game_move moves[GAME_MOVES_MAX];
		const int n = R->generate(&pos, moves);
		int best_win = 1000, longest_loss = -1, draws = 0, wins = 0;
		for (int i = 0; i < n; i++) {
			struct checkers_pos child = pos;
			R->play(&child, &moves[i]);
			int cd = 0;
			const bool material =
			    checkers_move_captures(&moves[i]) || checkers_move_crowns(&moves[i]);
			enum egdb_result cr;
			if (!child.piece[child.side])
				cr = EGDB_LOSS;
			else
				cr = checkers_egdb_probe(&child, &cd);
			assert_int_not_equal(cr, EGDB_UNKNOWN);
			if (material)
				cd = 0;
			if (cr == EGDB_LOSS && cd < best_win)
				best_win = cd;
			if (cr == EGDB_WIN) {
				wins++;
				if (cd > longest_loss)
					longest_loss = cd;
			}
			draws += cr == EGDB_DRAW;
		}
		if (n == 0) {
			assert_int_equal(r, EGDB_LOSS);
			assert_int_equal(d, 0);
		} else if (r == EGDB_WIN) {
			assert_int_equal(best_win, d - 1);
		} else if (r == EGDB_LOSS) {
			assert_int_equal(wins, n);
			assert_int_equal(longest_loss, d - 1);
		} else {
			assert_true(best_win == 1000 && draws > 0);
		}
		checked++;
	}
}

/* The tables built in memory are those of the file, byte for byte once written. */
static void test_rebuild(void **state)
{
	(void)state;
	FILE *a = tmpfile(), *b = tmpfile();
	assert_non_null(a);
	assert_non_null(b);
	assert_int_equal(checkers_egdb_write(a, 3), 0);
	checkers_egdb_unload();
	assert_int_equal(checkers_egdb_pieces(), 0);
	assert_int_equal(checkers_egdb_build(3, NULL), 0);
	assert_int_equal(checkers_egdb_write(b, 3), 0);
	const long na = ftell(a), nb = ftell(b);
	assert_true(na > 0 && na == nb);
	rewind(a);
	rewind(b);
	char *x = malloc((size_t)na), *y = malloc((size_t)nb);
	assert_true(fread(x, 1, (size_t)na, a) == (size_t)na &&
	            fread(y, 1, (size_t)nb, b) == (size_t)nb);
	assert_memory_equal(x, y, (size_t)na);
	free(x);
	free(y);
	fclose(a);
	fclose(b);
	checkers_egdb_unload();
	assert_int_equal(setup(NULL), 0);
}

/* The block file blocks_of_four writes ("" when none), for restore_tables. */
static char blocks_path[32];

/* Unloads the tables, solves the 4-piece ones into a block file (blocks_path, made with
 * mkstemp) as `make egdb` solves the 6-piece ones, which leaves the 3-piece tables in memory,
 * and maps it over them. Returns what the solver found. The test's teardown is
 * restore_tables, so that a failure leaves the following tests the tables of assets/. */
static struct egdb_stats blocks_of_four(void)
{
	checkers_egdb_unload();
	char *path = blocks_path;
	snprintf(path, sizeof blocks_path, "/tmp/parity-egdb-XXXXXX");
	const int fd = mkstemp(path);
	assert_true(fd >= 0);
	FILE *f = fdopen(fd, "w+b");
	assert_non_null(f);
	struct egdb_stats st;
	assert_int_equal(checkers_egdb_build_blocks(4, f, &st, NULL), 0);
	assert_int_equal(fclose(f), 0);
	assert_int_equal(checkers_egdb_pieces(), 3); /* the 4-piece tables left memory */
	char err[GAME_ERR_MAX];
	assert_int_equal(checkers_egdb_attach(path, err), 0);
	assert_int_equal(checkers_egdb_pieces(), 4);
	return st;
}

/* Teardown of the tests that map a block file: removes it and loads the tables of assets/
 * again, whether the test passed or stopped at a failed assertion. */
static int restore_tables(void **state)
{
	if (blocks_path[0]) {
		unlink(blocks_path);
		blocks_path[0] = '\0';
	}
	checkers_egdb_unload();
	return setup(state);
}

/* The block format (the 6-piece tables' file) reads back what was built: the 4-piece tables
 * solved material by material into a block file, as `make egdb` solves the 6-piece ones, then
 * mapped, answer as the tables read from the file `make` writes for 300 000 random positions:
 * the same result, and a position with a capture (not stored: probed by its captures) the
 * same distance. The counts are the published ones; a cut file is refused. */
static void test_blocks_read_back(void **state)
{
	(void)state;
	enum { SAMPLES = 300000 };
	struct checkers_pos *pos = malloc(SAMPLES * sizeof *pos);
	int *want = malloc(SAMPLES * sizeof *want), *dist = malloc(SAMPLES * sizeof *dist);
	assert_true(pos && want && dist);
	uint64_t seed = 777;
	for (int i = 0; i < SAMPLES;)
		if (checkers_egdb_random(&seed, 4, &pos[i])) {
			want[i] = checkers_egdb_probe(&pos[i], &dist[i]);
			assert_int_not_equal(want[i], EGDB_UNKNOWN);
			i++;
		}
	const struct egdb_stats st = blocks_of_four();
	const char *path = blocks_path;
	print_message("4 pieces in blocks: %llu positions, %llu bytes of tables, longest %d\n",
	              (unsigned long long)st.positions, (unsigned long long)st.bytes, st.longest);
	assert_true(st.positions == 7092774 - 883458); /* the published count less one-coloured */
	assert_true(st.wins + st.draws + st.losses == st.positions);
	assert_int_equal(st.longest, 73);
	int captures = 0;
	for (int i = 0; i < SAMPLES; i++) {
		int d;
		const enum egdb_result r = checkers_egdb_probe(&pos[i], &d);
		assert_int_equal(r, want[i]);
		if (d >= 0) {
			assert_int_equal(d, dist[i]);
			captures++;
		}
	}
	print_message("%d of %d positions probed by their captures\n", captures, SAMPLES);
	assert_true(captures > 0 && captures < SAMPLES);
	/* A cut file is refused. */
	checkers_egdb_detach();
	FILE *g = fopen(path, "r+b");
	assert_non_null(g);
	assert_int_equal(fseek(g, 0, SEEK_END), 0);
	const long size = ftell(g);
	fclose(g);
	assert_int_equal(truncate(path, size - 1), 0);
	char err[GAME_ERR_MAX];
	assert_int_equal(checkers_egdb_attach(path, err), -1);
	assert_int_equal(checkers_egdb_pieces(), 3);
	free(pos);
	free(want);
	free(dist);
}

/* Plays a game from `start` with `level` on both sides; returns the result for Black, the
 * plies played through *plies and the nodes searched through *nodes (may be NULL). */
static int play_out_pos(const struct checkers_pos *start, const char *level, struct search *s,
                        int *plies, uint64_t *nodes)
{
	struct match m;
	assert_int_equal(match_init_at(&m, R, NULL, start), GAME_OK);
	while (!match_over(&m) && m.cursor < 400) {
		const struct checkers_pos *pos = match_pos(&m);
		struct search_limits limits;
		level_limits(level_find(R, level), (uint32_t)m.cursor, &limits);
		const int back = pos->quiet < m.cursor ? pos->quiet : m.cursor;
		limits.history = &m.hashes[m.cursor - back];
		limits.history_count = back;
		search_start(s, pos, &limits);
		search_step(s, 0);
		assert_true(search_result(s)->has_move);
		if (nodes)
			*nodes += search_result(s)->nodes;
		assert_int_equal(match_play(&m, &search_result(s)->move), GAME_OK);
	}
	assert_true(match_over(&m));
	*plies = m.cursor;
	if (getenv("EGDB_VERBOSE")) {
		char rec[4096];
		match_record(&m, rec, sizeof rec);
		print_message("%s\n", rec);
	}
	const int r = match_result(&m);
	match_free(&m);
	return r;
}

/* play_out_pos from a position given as FEN. */
static int play_out(const char *fen, const char *level, struct search *s, int *plies)
{
	const struct checkers_pos start = parse(fen);
	return play_out_pos(&start, level, s, plies, NULL);
}

/* A kind of won ending: the winner's men and kings, the loser's, whether every man stands on
 * its own half of the board (at least four rows from its crown), and the fewest plies to the
 * change of material (0: any): by the tables' distance where they know it, else a search
 * that deep (far_from_conversion) must not see a forced one. */
struct ending {
	const char *what;
	int win_men, win_kings, lose_men, lose_kings;
	bool far;
	int distance;
};

/* Appends the squares of `set` (kings as K) to the FEN being written at *at. */
static void fen_squares(char **at, uint32_t set, uint32_t kings)
{
	for (uint32_t b = set; b; b &= b - 1) {
		const int sq = __builtin_ctz(b);
		*at +=
		    sprintf(*at, "%s%s%d", b == set ? "" : ",", kings >> sq & 1 ? "K" : "", sq + 1);
	}
}

/* Returns whether Hard's search `depth` plies deep from pos (a win the tables know without its
 * distance) finds no proven result: no forced capture or crowning into the smaller tables. */
static bool far_from_conversion(const struct checkers_pos *pos, int depth)
{
	struct search *s = search_new(R, 16);
	struct search_limits limits;
	level_limits(level_find(R, "hard"), 0, &limits);
	limits.depth = depth;
	limits.book = false;
	search_start(s, pos, &limits);
	search_step(s, 0);
	const bool far = !search_proven(search_result(s)->score);
	search_free(s);
	return far;
}

/* Draws positions of the ending e from *seed until one is a win or loss with no capture for
 * either side, at least e->distance plies from the change of material (struct ending); the
 * winner is Black or White and to move or not, as drawn. Writes its FEN to fen (64 bytes)
 * and returns it. */
static struct checkers_pos known_win_of(const struct ending *e, uint64_t *seed, char *fen)
{
	for (long tries = 0;; tries++) {
		if (tries == 10000000)
			fail_msg("no won position of %s drawn", e->what);
		uint32_t piece[2] = {0, 0}, kings = 0;
		hash_lcg_next(seed);
		const int winner = (int)(*seed >> 63), to_move = (int)(*seed >> 62 & 1);
		const int count[4] = {e->win_men, e->win_kings, e->lose_men, e->lose_kings};
		bool ok = true;
		for (int k = 0; k < 4 && ok; k++)
			for (int i = 0; i < count[k] && ok; i++) {
				hash_lcg_next(seed);
				const int sq = (int)(*seed >> 59),
				          colour = k < 2 ? winner : !winner;
				const int row = colour == CHECKERS_BLACK ? sq / 4 : 7 - sq / 4;
				const uint32_t bit = 1u << sq;
				ok = !((piece[0] | piece[1]) & bit) &&
				     (k % 2 == 1 || (row < 7 && (!e->far || row < 4)));
				piece[colour] |= bit;
				kings |= k % 2 == 1 ? bit : 0;
			}
		if (!ok)
			continue;
		char *at = fen;
		at += sprintf(at, "%c:W", to_move == CHECKERS_BLACK ? 'B' : 'W');
		fen_squares(&at, piece[CHECKERS_WHITE], kings);
		at += sprintf(at, ":B");
		fen_squares(&at, piece[CHECKERS_BLACK], kings);
		const struct checkers_pos pos = parse(fen);
		int distance;
		const enum egdb_result r = checkers_egdb_probe(&pos, &distance);
		if (r == (to_move == winner ? EGDB_WIN : EGDB_LOSS) &&
		    !jumpers_of(0, piece[0], piece[1], piece[0] & kings) &&
		    !jumpers_of(1, piece[1], piece[0], piece[1] & kings) &&
		    (distance >= 0 ? distance >= e->distance
		                   : far_from_conversion(&pos, e->distance)))
			return pos;
	}
}

/* Won positions to play out, with their FEN. */
struct wins {
	int n;
	struct checkers_pos pos[32];
	char fen[32][64];
};

/* Fills w with `per` won positions of each of the n endings (known_win_of, from `seed`). */
static void draw_wins(const struct ending *endings, int n, int per, uint64_t seed, struct wins *w)
{
	w->n = 0;
	for (int i = 0; i < n; i++)
		for (int j = 0; j < per && w->n < 32; j++, w->n++)
			w->pos[w->n] = known_win_of(&endings[i], &seed, w->fen[w->n]);
}

/* From each of the n won positions, `level` on both sides plays the winner's side to a win,
 * within the 40-move rule and without a repetition; prints the plies, nodes and CPU time of
 * each (EGDB_VERBOSE=1: the games). */
static void convert_wins(const struct wins *w, const char *level)
{
	const struct checkers_pos *wins = w->pos;
	const int n = w->n;
	struct search *s = search_new(R, 18);
	int longest = 0, won = 0;
	uint64_t all_nodes = 0;
	const clock_t t0 = clock();
	for (int i = 0; i < n; i++) {
		const bool black_wins = (checkers_egdb_probe(&wins[i], NULL) == EGDB_WIN) ==
		                        (wins[i].side == CHECKERS_BLACK);
		int plies;
		uint64_t nodes = 0;
		const clock_t t = clock();
		const int result = play_out_pos(&wins[i], level, s, &plies, &nodes);
		print_message("%s: %s in %d plies, %llu nodes, %.1f s CPU\n", w->fen[i],
		              result > 0   ? "1-0"
		              : result < 0 ? "0-1"
		                           : "draw",
		              plies, (unsigned long long)nodes,
		              (double)(clock() - t) / CLOCKS_PER_SEC);
		won += result == (black_wins ? 1 : -1);
		all_nodes += nodes;
		longest = plies > longest ? plies : longest;
	}
	print_message("%s won %d of %d, longest %d plies, %llu nodes, %.1f s CPU\n", level, won, n,
	              longest, (unsigned long long)all_nodes,
	              (double)(clock() - t0) / CLOCKS_PER_SEC);
	search_free(s);
	assert_int_equal(won, n);
}

/* Won endings, the winner to move and not: Expert (both sides) wins every one by playing it
 * out, never drawn by the 40-move rule or a repetition. */
static void test_plays_wins_out(void **state)
{
	(void)state;
	static const char *const won[] = {
	    "B:WK29:BK1,K3",      /* two kings against one in the far corners */
	    "W:WK32:BK14,K23",    /* the lone king in his double corner, to move */
	    "B:WK28:BK5,K1",      /* the lone king in the other double corner */
	    "W:WK19,K23:B12,K28", /* the First Position */
	    "B:W22,K5:BK15,K6",   /* a First Position without the move */
	    "B:W29:BK10",         /* a king against a man */
	};
	struct search *s = search_new(R, 18);
	for (size_t i = 0; i < sizeof won / sizeof won[0]; i++) {
		const struct checkers_pos pos = parse(won[i]);
		const enum egdb_result r = checkers_egdb_probe(&pos, NULL);
		assert_int_not_equal(r, EGDB_DRAW);
		assert_int_not_equal(r, EGDB_UNKNOWN);
		const int black = (r == EGDB_WIN) == (pos.side == CHECKERS_BLACK) ? 1 : -1;
		int plies;
		const int result = play_out(won[i], "expert", s, &plies);
		print_message("%s: %s in %d plies\n", won[i],
		              result > 0   ? "1-0"
		              : result < 0 ? "0-1"
		                           : "draw",
		              plies);
		assert_int_equal(result, black);
	}
	search_free(s);
}

/* Returns the result of pos for its side to move one move on: a win if a move leads to a
 * loss, a loss if every move leads to a win (or there is none), else a draw; EGDB_UNKNOWN if a
 * child is not in the tables. */
static enum egdb_result one_move_on(const struct checkers_pos *pos)
{
	struct game_move moves[GAME_MOVES_MAX];
	const int n = R->generate(pos, moves);
	enum egdb_result best = EGDB_LOSS;
	for (int i = 0; i < n; i++) {
		struct checkers_pos child = *pos;
		R->play(&child, &moves[i]);
		const enum egdb_result r =
		    child.piece[child.side] ? checkers_egdb_probe(&child, NULL) : EGDB_LOSS;
		if (r == EGDB_UNKNOWN)
			return EGDB_UNKNOWN;
		if (-r > best)
			best = (enum egdb_result) - r;
	}
	return best;
}

/* The search converts the wins that the tables know without their distance, as it must the
 * 6-piece ones (test_six_pieces), where the 4-piece tables are enough to show it, so that CI
 * checks it: won 4-piece positions of every kind, far from a change of material, chosen from
 * the tables with their distances; then the 4-piece tables solved into a block file (no
 * distances) and mapped over the 3-piece ones, and Hard plays every one out to the win (the
 * captures reach the 3-piece tables, which know the way). */
static void test_converts_known_wins(void **state)
{
	(void)state;
	static const struct ending endings[] = {
	    {"3 kings v 1 king", 0, 3, 0, 1, false, 10},
	    {"2 kings v 2 kings", 0, 2, 0, 2, false, 15},
	    {"2 kings v king + man", 0, 2, 1, 1, false, 40},
	    {"king + man v 2 men", 1, 1, 2, 0, true, 20},
	    {"2 men v 2 men", 2, 0, 2, 0, true, 10},
	    {"3 men v 1 man", 3, 0, 1, 0, true, 10},
	};
	static struct wins w;
	draw_wins(endings, (int)(sizeof endings / sizeof endings[0]), 2, 4, &w);
	blocks_of_four();
	convert_wins(&w, "hard");
}

/* The 6-piece tables, when `make egdb` has built them (CI does not: tests/expected-skips):
 * mapped by the module's load; two kings more win, as many kings draw; 20 000 random 6-piece
 * positions agree with their children one move on (the retrograde analysis and the block
 * code checked by a forward look); Expert plays a 6-piece win out; and Hard (EGDB_LEVEL: another
 * level) plays out a won position of each kind below (EGDB_PER: how many of each), drawn from
 * the tables, within the 40-move rule. */
static void test_six_pieces(void **state)
{
	(void)state;
	FILE *f = fopen("assets/" CHECKERS_EGDB_FILE_SIX, "rb");
	if (!f) {
		print_message("no assets/%s: `make egdb` builds it\n", CHECKERS_EGDB_FILE_SIX);
		skip();
	}
	fclose(f);
	assert_int_equal(checkers_egdb_pieces(), 6);
	assert_int_equal(probe("B:WK29,K32:BK1,K2,K3,K4"), EGDB_WIN);
	assert_int_equal(probe("W:WK29,K32:BK1,K2,K3,K4"), EGDB_LOSS);
	assert_int_equal(probe("B:WK29,K30,K31:BK2,K3,K4"), EGDB_DRAW);
	assert_int_equal(probe("W:WK29,K30,K31:BK2,K3,K4"), EGDB_DRAW);
	uint64_t seed = 6;
	int checked = 0, counts[3] = {0, 0, 0};
	while (checked < 20000) {
		struct checkers_pos pos;
		if (!checkers_egdb_random(&seed, 6, &pos))
			continue;
		const enum egdb_result r = checkers_egdb_probe(&pos, NULL);
		assert_int_not_equal(r, EGDB_UNKNOWN);
		assert_int_equal(one_move_on(&pos), r);
		counts[r + 1]++;
		checked++;
	}
	print_message("20000 random 6-piece positions: %d lost, %d drawn, %d won\n", counts[0],
	              counts[1], counts[2]);
	struct search *s = search_new(R, 18);
	int plies;
	assert_int_equal(play_out(SIX_PIECE_WIN, "expert", s, &plies), 1);
	print_message("%s: 1-0 in %d plies\n", SIX_PIECE_WIN, plies);
	search_free(s);
	/* Won 6-piece positions of every kind, drawn from the tables (which know no distance),
	 * played out: kings only, men and kings, men only on their own half of the board. */
	static const struct ending endings[] = {
	    {"4 kings v 2 kings", 0, 4, 0, 2, false, 8},
	    {"3 kings v 3 kings", 0, 3, 0, 3, false, 8},
	    {"3 kings + man v 2 kings", 1, 3, 0, 2, false, 8},
	    {"2 kings + man v 2 kings + man", 1, 2, 1, 2, false, 8},
	    {"2 kings + 2 men v king + man", 2, 2, 1, 1, true, 8},
	    {"king + 2 men v 3 men", 2, 1, 3, 0, true, 8},
	    {"4 men v 2 men", 4, 0, 2, 0, true, 8},
	    {"3 men v 3 men", 3, 0, 3, 0, true, 8},
	};
	static struct wins w;
	const char *per = getenv("EGDB_PER"), *level = getenv("EGDB_LEVEL");
	const char *file = getenv("EGDB_FENS");
	FILE *fens = file ? fopen(file, "r") : NULL;
	if (fens) { /* the positions of a file instead, a FEN a line (for comparisons) */
		for (w.n = 0; w.n < 32 && fscanf(fens, "%63s", w.fen[w.n]) == 1; w.n++)
			w.pos[w.n] = parse(w.fen[w.n]);
		fclose(fens);
	} else
		draw_wins(endings, (int)(sizeof endings / sizeof endings[0]), per ? atoi(per) : 1,
		          6, &w);
	convert_wins(&w, level ? level : "hard");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_counts),
	    cmocka_unit_test(test_classics),
	    cmocka_unit_test(test_two_kings_win),
	    cmocka_unit_test(test_consistent),
	    cmocka_unit_test(test_rebuild),
	    cmocka_unit_test_teardown(test_blocks_read_back, restore_tables),
	    cmocka_unit_test(test_plays_wins_out),
	    cmocka_unit_test_teardown(test_converts_known_wins, restore_tables),
	    cmocka_unit_test(test_six_pieces),
	};
	return cmocka_run_group_tests(tests, setup, NULL);
}
