/*
 * cli/bench.c — `parity bench search GAME LEVEL`: the engine's speed headless, searching a
 * fixed set of positions at a level, for comparison with the same engine inside the frame
 * loop (bench/frames). Prints one line per position and a total line:
 * <positions> <nodes> <seconds> <nodes-per-second>. With --depth N each position is searched
 * to that depth exactly, with no node limit: the time to depth.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "core/level.h"
#include "core/match.h"
#include "core/search.h"

/* Openings that lead to ordinary positions, as move texts separated by spaces. */
static const char *const reversi_lines[] = {
	"",
	"f5 f6 e6 f4",
	"f5 d6 c3 d3 c4 f4 f6 f3 e6 e7",
	"f5 d6 c3 d3 c4 f4 c5 b3 c2 e6 c6 b4 b5 d2 e3 a6",
};
static const char *const checkers_lines[] = {"", "11-15 23-19", "11-15 23-19 8-11 22-17"};
static const char *const dots_lines[] = {"", "0 5 9 12"};

int cli_bench(int argc, char **argv)
{
	/* --depth N: that depth exactly, no node limit (time to depth). */
	int depth = 0;
	if (argc == 5 && strcmp(argv[3], "--depth") == 0) {
		depth = atoi(argv[4]);
		if (depth < 1 || depth > SEARCH_MAX_DEPTH) {
			fprintf(stderr, "parity: --depth must be from 1 to %d\n", SEARCH_MAX_DEPTH);
			return 2;
		}
		argc = 3;
	}
	if (argc != 3 || strcmp(argv[0], "search") != 0) {
		fputs("usage: parity bench search reversi|checkers|dots LEVEL [--depth N]\n", stderr);
		return 2;
	}
	const struct game_rules *rules = game_find(argv[1]);
	const struct level *lv = rules ? level_find(rules, argv[2]) : NULL;
	if (!lv) {
		fprintf(stderr, "parity: unknown game or level \"%s %s\"\n", argv[1], argv[2]);
		return 2;
	}
	const char *const *lines = rules == &checkers_rules ? checkers_lines
				   : rules == &dots_rules   ? dots_lines
							    : reversi_lines;
	const int count = rules == &checkers_rules ? 3 : rules == &dots_rules ? 2 : 4;
	struct search *s = search_new(rules, 18);
	if (!s)
		return 1;
	uint64_t total_nodes = 0;
	double total_time = 0;
	for (int i = 0; i < count; i++) {
		struct match m;
		if (match_init(&m, rules, NULL) != GAME_OK)
			return 1;
		char buf[256], err[GAME_ERR_MAX];
		snprintf(buf, sizeof buf, "%s", lines[i]);
		for (char *w = strtok(buf, " "); w; w = strtok(NULL, " "))
			if (match_play_text(&m, w, err) != GAME_OK) {
				fprintf(stderr, "parity: bench line %d: %s\n", i, err);
				match_free(&m);
				search_free(s);
				return 1;
			}
		struct search_limits limits;
		level_limits(lv, 1, &limits);
		if (depth) {
			limits.depth = depth;
			limits.nodes = 0;
			limits.exact = 0;
		}
		const double t0 = cli_seconds();
		search_start(s, match_pos(&m), &limits);
		search_step(s, 0);
		const double t = cli_seconds() - t0;
		const struct search_result *r = search_result(s);
		char move[GAME_TEXT_MAX] = "-";
		if (r->has_move)
			rules->move_to_text(match_pos(&m), &r->move, move, sizeof move);
		printf("position %d: %s depth %d score %d nodes %llu in %.3f s\n", i, move, r->depth,
		       r->score, (unsigned long long)r->nodes, t);
		total_nodes += r->nodes;
		total_time += t;
		match_free(&m);
	}
	search_free(s);
	printf("%d %llu %.3f %.0f\n", count, (unsigned long long)total_nodes, total_time,
	       total_time > 0 ? (double)total_nodes / total_time : 0.0);
	return 0;
}
