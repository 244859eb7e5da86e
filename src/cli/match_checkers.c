/*
 * cli/match_checkers.c — `parity match checkers LEVEL1 LEVEL2 [--games N] [--first K] [--quiet]
 * [--moves]`:
 * games between two levels of the engine in this process, a referee for the strength ladder
 * (--first: start at game K, to share a long match between processes).
 *
 * Game g opens with ballot g/2 (games/checkers/ballot.c, the ACF three-move openings), LEVEL1
 * playing Black in even games and White in odd ones, so each opening is played from both
 * sides. Both engines go through core/search at their level's limits (the noise seed differs
 * per game and move) and the moves through core/match, which applies the draw rules:
 * threefold repetition and 40 moves each without a capture or a man move. Each search is
 * given the positions since the last capture or man move, so an engine sees a repetition
 * coming (search_limits.history). One line per game, then the total and each level's CPU
 * time a move (both engines run in this process, one at a time):
 *
 *     game 1: 11-15 23-19 8-11, hard Black: 1-0 in 87 plies
 *     hard vs medium over 40 games: 25 wins, 10 draws, 5 losses, score 75.0%
 *     hard: 0.412 CPU s a move, 0.450 a searched move, 2.31 at most (1702 moves, 130 from the book)
 *
 * With --moves each game's line is followed by its moves (the opening's first), and the total by
 * how many of the games differ: two levels without noise play the same game again wherever two
 * ballots meet in one position.
 *
 * Node limits, not time, bound every search, so a match gives the same games on any machine.
 * Exit status: 0, or 2 for bad arguments.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "core/level.h"
#include "core/match.h"
#include "core/search.h"
#include "games/checkers/checkers.h"

enum { MATCH_PLIES_MAX = 2000 }; /* the draw rules end every game long before this */

/* Room for a game's moves as text: each at most "32x23x14x5x..." (a capture of up to 12 men). */
enum { RECORD_MAX = MATCH_PLIES_MAX * 8 };

/* Prints how to call match and returns exit status 2. */
static int usage(void)
{
	fputs("usage: parity match checkers LEVEL1 LEVEL2 [--games N] [--first K] [--quiet] "
	      "[--moves]\n",
	      stderr);
	return 2;
}

/* One level's thinking over the match. */
struct clock {
	double cpu, max; /* CPU seconds in all, and the longest move's */
	long moves, book;
};

/* Appends move m of pos, as text, and a space to record (RECORD_MAX bytes, a string). */
static void record_move(char *record, const struct checkers_pos *pos, const struct game_move *m)
{
	char text[GAME_TEXT_MAX];
	const size_t len = strlen(record);
	if (checkers_rules.move_to_text(pos, m, text, sizeof text) > 0 &&
	    len + strlen(text) + 2 < RECORD_MAX)
		snprintf(record + len, RECORD_MAX - len, "%s%s", len ? " " : "", text);
}

/* Plays one game from ballot `opening`, lv[0] moving first (Black), adding each side's moves
 * to clocks[side] and the game's moves, as text, to `record` (RECORD_MAX bytes, starting with
 * the opening's). Returns the result for Black (+1, 0, -1), or 2 when the opening cannot be
 * played; stores the plies in *plies. */
static int play_game(struct search *const engines[2], const struct level *const lv[2],
                     const char *opening, uint32_t seed, int *plies, struct clock *const clocks[2],
                     char *record)
{
	snprintf(record, RECORD_MAX, "%s", opening);
	struct match m;
	if (match_init(&m, &checkers_rules, NULL) != GAME_OK)
		return 2;
	char buf[64], err[GAME_ERR_MAX];
	snprintf(buf, sizeof buf, "%s", opening);
	for (char *w = strtok(buf, " "); w; w = strtok(NULL, " "))
		if (match_play_text(&m, w, err) != GAME_OK) {
			fprintf(stderr, "parity: opening \"%s\": %s\n", opening, err);
			match_free(&m);
			return 2;
		}
	while (!match_over(&m) && m.cursor < MATCH_PLIES_MAX) {
		const int side = match_to_move(&m);
		const struct checkers_pos *pos = match_pos(&m);
		struct search_limits limits;
		level_limits(lv[side], seed + (uint32_t)m.cursor, &limits);
		/* Only positions since the last capture or man move can come again. */
		const int back = pos->quiet < m.cursor ? pos->quiet : m.cursor;
		limits.history = &m.hashes[m.cursor - back];
		limits.history_count = back;
		const double t0 = cli_cpu_seconds();
		search_start(engines[side], pos, &limits);
		search_step(engines[side], 0);
		const double t = cli_cpu_seconds() - t0;
		const struct search_result *r = search_result(engines[side]);
		struct clock *c = clocks[side];
		c->cpu += t;
		c->max = t > c->max ? t : c->max;
		c->moves++;
		c->book += r->book;
		if (!r->has_move)
			break;
		record_move(record, pos, &r->move);
		if (match_play(&m, &r->move) != GAME_OK)
			break;
	}
	*plies = m.cursor;
	const int result = match_over(&m) ? match_result(&m) : 0;
	match_free(&m);
	return result > 0 ? 1 : result < 0 ? -1 : 0;
}

int cli_match_checkers(int argc, char **argv)
{
	if (argc < 3)
		return usage();
	if (strcmp(argv[0], "checkers") != 0) {
		fprintf(stderr, "parity: match knows checkers only, not \"%s\"\n", argv[0]);
		return 2;
	}
	const struct level *levels[2];
	for (int i = 0; i < 2; i++) {
		levels[i] = level_find(&checkers_rules, argv[1 + i]);
		if (!levels[i]) {
			fprintf(stderr, "parity: unknown checkers level \"%s\"\n", argv[1 + i]);
			return 2;
		}
	}
	long games = 2L * checkers_ballot_count, first_game = 1;
	bool quiet = false, moves = false;
	for (int i = 3; i < argc; i++) {
		if (strcmp(argv[i], "--quiet") == 0) {
			quiet = true;
		} else if (strcmp(argv[i], "--moves") == 0) {
			moves = true;
		} else if ((strcmp(argv[i], "--games") == 0 || strcmp(argv[i], "--first") == 0) &&
		           i + 1 < argc) {
			long v;
			if (!game_parse_long(argv[i + 1], 1, 2L * checkers_ballot_count, &v)) {
				fprintf(stderr, "parity: %s must be from 1 to %d, not \"%s\"\n",
				        argv[i], 2 * checkers_ballot_count, argv[i + 1]);
				return 2;
			}
			*(argv[i][2] == 'g' ? &games : &first_game) = v;
			i++;
		} else {
			fprintf(stderr, "parity: unknown match option \"%s\"\n", argv[i]);
			return 2;
		}
	}
	cli_load_data(&checkers_rules); /* the endgame databases */
	struct search *engines[2] = {search_new(&checkers_rules, 20),
	                             search_new(&checkers_rules, 20)};
	if (!engines[0] || !engines[1]) {
		search_free(engines[0]);
		search_free(engines[1]);
		fputs("parity: out of memory\n", stderr);
		return 1;
	}
	int wins = 0, draws = 0, losses = 0, distinct = 0;
	struct clock clocks[2] = {{0}};
	/* each game's moves, to count the distinct games (--moves) */
	char(*records)[RECORD_MAX] = calloc((size_t)games, sizeof *records);
	if (!records) {
		search_free(engines[0]);
		search_free(engines[1]);
		fputs("parity: out of memory\n", stderr);
		return 1;
	}
	const double t0 = cli_seconds();
	if (first_game - 1 + games > 2L * checkers_ballot_count) {
		fprintf(stderr, "parity: only %d games: %d openings, each from both sides\n",
		        2 * checkers_ballot_count, checkers_ballot_count);
		free(records);
		search_free(engines[0]);
		search_free(engines[1]);
		return 2;
	}
	for (long g = first_game - 1; g < first_game - 1 + games; g++) {
		const int first = (int)(g & 1); /* LEVEL1 is Black in even games */
		const struct level *lv[2] = {levels[first], levels[!first]};
		struct search *const by_side[2] = {engines[first], engines[!first]};
		struct clock *const clocks_by_side[2] = {&clocks[first], &clocks[!first]};
		const char *opening = checkers_ballot[g / 2];
		int plies = 0;
		char *record = records[g - (first_game - 1)];
		const int black = play_game(by_side, lv, opening, 7919u * (uint32_t)(g + 1), &plies,
		                            clocks_by_side, record);
		if (black == 2) {
			free(records);
			search_free(engines[0]);
			search_free(engines[1]);
			return 2;
		}
		const int result = first == 0 ? black : -black; /* for LEVEL1 */
		wins += result > 0;
		draws += result == 0;
		losses += result < 0;
		if (!quiet)
			printf("game %ld: %s, %s %s: %s in %d plies\n", g + 1, opening,
			       levels[0]->name, first == 0 ? "Black" : "White",
			       black > 0   ? "1-0"
			       : black < 0 ? "0-1"
			                   : "1/2-1/2",
			       plies);
		if (moves)
			printf("  moves: %s\n", record);
		bool seen = false;
		for (char(*r)[RECORD_MAX] = records; r < records + (g - (first_game - 1)); r++)
			seen = seen || strcmp(*r, record) == 0;
		distinct += !seen;
		fflush(stdout);
	}
	free(records);
	search_free(engines[0]);
	search_free(engines[1]);
	printf("%s vs %s over %ld games: %d wins, %d draws, %d losses, score %.1f%% (%.0f s)\n",
	       levels[0]->name, levels[1]->name, games, wins, draws, losses,
	       100.0 * (wins + 0.5 * draws) / (double)games, cli_seconds() - t0);
	for (int i = 0; i < 2; i++) {
		const struct clock *c = &clocks[i];
		const long searched = c->moves - c->book;
		printf("%s: %.3f CPU s a move, %.3f a searched move, %.2f at most (%ld moves, %ld "
		       "from the book)\n",
		       levels[i]->name, c->moves ? c->cpu / (double)c->moves : 0.0,
		       searched ? c->cpu / (double)searched : 0.0, c->max, c->moves, c->book);
	}
	if (moves)
		printf("%d distinct games of %ld (by their moves)\n", distinct, games);
	return 0;
}
