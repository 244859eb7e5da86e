/*
 * cli/bench.c — `parity bench search GAME LEVEL [--depth N] [--file FILE]`: the engine's speed
 * headless, searching a fixed set of positions at a level, for comparison with the same
 * engine inside the frame loop (bench/frames) or with another engine (bench/midgame). With
 * --depth the level's node limit and exact endgame are lifted and every position is searched
 * exactly N plies deep (time to depth); --file takes the positions from a file instead, one
 * position text per line (Reversi: the OBF-like text of `parity solve`, anything after a ';'
 * ignored). Prints one line per position and a total line:
 * <positions> <nodes> <seconds> <nodes-per-second>.
 *
 * Seconds are wall-clock seconds, or with --cpu the process's CPU seconds (on a machine
 * shared with other work), of the searches alone: the transposition table is allocated and
 * its pages first written before the first clock starts (search_prepare), as Edax does
 * before its own timer. --tt BITS sizes the transposition table (2^BITS entries; 20, as
 * the game's window and `parity match` use, unless given).
 *
 * The opening book is off unless --book is given (the figures are searches). --play N has the
 * level play both sides of a game from the start position for N moves (with --book: from its
 * book while it lasts), one line per move, each searched as in a game (the level's noise
 * seed advancing move by move).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/cli.h"
#include "io/atomic.h"
#include "core/level.h"
#include "core/match.h"
#include "core/module.h"
#include "core/search.h"

static bool cpu_time; /* --cpu: time in CPU seconds */

/* Returns the seconds of the clock the bench reads (wall or this process's CPU). */
static double now(void)
{
	return cpu_time ? cli_cpu_seconds() : cli_seconds();
}

/* Searches pos under `limits`, prints its line, adds to the totals. */
static void bench_one(struct search *s, const struct game_rules *rules, const void *pos, int i,
                      const struct search_limits *limits, uint64_t *total_nodes, double *total_time)
{
	/* The table and the game's own context are made before the first clock starts, as Edax
	 * sets up its tables before its timer: the figures are of searching alone. */
	if (i == 0)
		search_prepare(s, pos, limits);
	const double t0 = now();
	search_start(s, pos, limits);
	search_step(s, 0);
	const double t = now() - t0;
	const struct search_result *r = search_result(s);
	char move[GAME_TEXT_MAX] = "-";
	if (r->has_move)
		rules->move_to_text(pos, &r->move, move, sizeof move);
	printf("position %d: %s depth %d score %d nodes %llu in %.3f s%s\n", i, move, r->depth,
	       r->score, (unsigned long long)r->nodes, t, r->book ? " (book)" : "");
	*total_nodes += r->nodes;
	*total_time += t;
}

/* Prints the usage line; returns 2. */
static int usage(void)
{
	fprintf(stderr,
	        "usage: parity bench search %s LEVEL [--depth N] [--file FILE | --play N] "
	        "[--book] [--cpu] [--tt BITS]\n",
	        cli_game_names());
	return 2;
}

int cli_bench(int argc, char **argv)
{
	if (argc < 3 || strcmp(argv[0], "search") != 0)
		return usage();
	const struct game_rules *rules = game_find(argv[1]);
	const struct level *lv = rules ? level_find(rules, argv[2]) : NULL;
	if (!lv) {
		fprintf(stderr, "parity: unknown game or level \"%s %s\"\n", argv[1], argv[2]);
		return 2;
	}
	int depth = 0, play = 0, tt_bits = 20;
	bool book = false;
	const char *file = NULL;
	for (int i = 3; i < argc; i++) {
		if (strcmp(argv[i], "--depth") == 0 && i + 1 < argc) {
			long d;
			if (!game_parse_long(argv[++i], 1, SEARCH_MAX_DEPTH, &d)) {
				fprintf(stderr, "parity: bad depth \"%s\" (1 to %d)\n", argv[i],
				        SEARCH_MAX_DEPTH);
				return 2;
			}
			depth = (int)d;
		} else if (strcmp(argv[i], "--file") == 0 && i + 1 < argc) {
			file = argv[++i];
		} else if (strcmp(argv[i], "--play") == 0 && i + 1 < argc) {
			play = atoi(argv[++i]);
			if (play < 1)
				return usage();
		} else if (strcmp(argv[i], "--book") == 0) {
			book = true;
		} else if (strcmp(argv[i], "--cpu") == 0) {
			cpu_time = true;
		} else if (strcmp(argv[i], "--tt") == 0 && i + 1 < argc) {
			long b;
			if (!game_parse_long(argv[++i], 8, 30, &b)) {
				fprintf(stderr, "parity: bad table size \"%s\" (8 to 30 bits)\n",
				        argv[i]);
				return 2;
			}
			tt_bits = (int)b;
		} else {
			return usage();
		}
	}
	struct search_limits limits;
	level_limits(lv, 1, &limits);
	if (depth) {
		limits.depth = depth;
		limits.nodes = 0;
		limits.exact = 0;
	}
	limits.book = book;
	if (limits.deep || book)
		cli_load_data(rules);
	struct search *s = search_new(rules, tt_bits);
	if (!s)
		return 1;
	uint64_t total_nodes = 0;
	double total_time = 0;
	int count = 0;
	if (play) {
		struct match m;
		if (match_init(&m, rules, NULL) != GAME_OK) {
			search_free(s);
			return 1;
		}
		for (; count < play && !match_over(&m); count++) {
			limits.seed = 1 + (uint32_t)count;
			bench_one(s, rules, match_pos(&m), count, &limits, &total_nodes,
			          &total_time);
			match_play(&m, &search_result(s)->move);
		}
		match_free(&m);
	} else if (file) {
		char why[GAME_ERR_MAX];
		FILE *f = atomic_open_text(file, why);
		if (!f) {
			fprintf(stderr, "parity: %s\n", why);
			search_free(s);
			return 2;
		}
		char line[1024], err[GAME_ERR_MAX];
		unsigned char pos[GAME_POS_MAX_BYTES];
		int got;
		for (int n = 1; (got = cli_read_line(f, line, sizeof line, file, n)) != 0; n++) {
			if (got < 0) {
				fclose(f);
				search_free(s);
				return 2;
			}
			line[strcspn(line, ";\r\n")] = 0;
			if (!line[strspn(line, " \t")])
				continue;
			if (rules->pos_parse(pos, line, NULL, err) != GAME_OK) {
				fprintf(stderr, "parity: %s line %d: %s\n", file, n, err);
				fclose(f);
				search_free(s);
				return 2;
			}
			bench_one(s, rules, pos, count++, &limits, &total_nodes, &total_time);
		}
		fclose(f);
	} else {
		/* The game's bench openings (its module's), each from the start position. */
		const char *const *lines = game_module_of(rules)->bench;
		for (int i = 0; lines && lines[i]; i++, count++) {
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
			bench_one(s, rules, match_pos(&m), i, &limits, &total_nodes, &total_time);
			match_free(&m);
		}
	}
	search_free(s);
	printf("%d %llu %.3f %.0f\n", count, (unsigned long long)total_nodes, total_time,
	       total_time > 0 ? (double)total_nodes / total_time : 0.0);
	return 0;
}
