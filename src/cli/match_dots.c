/*
 * cli/match_dots.c — `parity match dots LEVEL1 LEVEL2 [--games N] [--size RxC] [--seed N]
 * [--opening K]`: games between two levels of the engine, in-process, both through the shared
 * search (core/search.h), for the strength ladder in docs/BENCHMARKS.md.
 *
 * Games go in pairs: each pair starts from the same opening (K random safe edges, from the
 * seed: edges that offer no box) and LEVEL1 moves first in one game of the pair, second in the
 * other. One line per game, then the tally from LEVEL1's side:
 *   LEVEL1 vs LEVEL2 on RxC: N games, W wins, D draws, L losses, score S%, mean box difference
 *   +X.XX, T seconds
 * (score: a win 1, a draw 1/2). Exit status: 0, or 2 on bad arguments.
 */
#include "cli/cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/hash.h"
#include "games/dots/dots.h"

/* Prints how to call match and returns exit status 2. */
static int usage(void)
{
	fputs("usage: parity match dots LEVEL1 LEVEL2 [--games N] [--size RxC] [--seed N] "
	      "[--opening K]\n",
	      stderr);
	return 2;
}

/* Reads a whole number in [lo, hi] from text into *out; returns 0 or -1. */
static int read_number(const char *text, long lo, long hi, long *out)
{
	return game_parse_long(text, lo, hi, out) ? 0 : -1;
}

/* Plays up to k random safe edges on pos (edges that leave no box with three sides), choosing
 * with *seed. */
static void opening(struct dots_pos *pos, int k, uint64_t *seed)
{
	for (int i = 0; i < k; i++) {
		int safe[DOTS_MAX_EDGES], n = 0;
		for (int e = 0; e < pos->edges; e++) {
			if (dots_edge_drawn(pos, e))
				continue;
			int boxes[2], ok = 1;
			const int nb = dots_edge_boxes(pos->rows, pos->cols, e, boxes);
			for (int b = 0; b < nb; b++)
				ok &= dots_box_drawn_sides(pos, boxes[b]) < 2;
			if (ok)
				safe[n++] = e;
		}
		if (n == 0)
			return;
		*seed = hash_mix64(*seed);
		struct game_move move;
		dots_make_move(pos, safe[*seed % (uint64_t)n], &move);
		dots_rules.play(pos, &move);
	}
}

/* Plays one game from pos between the levels (lv[0] moves for A), returning A's boxes minus
 * B's. */
static int play_game(struct search *engine[2], const struct level *lv[2], struct dots_pos pos,
                     uint32_t seed)
{
	for (int ply = 0; ply < DOTS_MAX_EDGES + 1; ply++) {
		const int side = dots_rules.to_move(&pos);
		struct search_limits limits;
		level_limits(lv[side], seed * 1000u + (uint32_t)ply, &limits);
		search_start(engine[side], &pos, &limits);
		search_step(engine[side], 0);
		const struct search_result *r = search_result(engine[side]);
		if (!r->has_move)
			break;
		dots_rules.play(&pos, &r->move);
	}
	return dots_rules.result(&pos);
}

int cli_match_dots(int argc, char **argv)
{
	if (argc < 3 || strcmp(argv[0], "dots") != 0) {
		if (argc >= 1 && strcmp(argv[0], "dots") != 0) {
			fprintf(stderr, "parity: match knows dots only, not \"%s\"\n", argv[0]);
			return 2;
		}
		return usage();
	}
	const struct level *lv[2] = {level_find(&dots_rules, argv[1]),
	                             level_find(&dots_rules, argv[2])};
	for (int i = 0; i < 2; i++)
		if (!lv[i]) {
			fprintf(stderr, "parity: no dots level \"%s\"\n", argv[1 + i]);
			return 2;
		}
	long games = 10, seed = 1, plies = 4;
	struct game_options opt = dots_options(5, 5);
	for (int i = 3; i < argc; i++) {
		const char *name = argv[i];
		if (i + 1 >= argc) {
			fprintf(stderr, "parity: %s needs a value\n", name);
			return 2;
		}
		const char *value = argv[++i];
		int bad = 0;
		if (strcmp(name, "--games") == 0) {
			bad = read_number(value, 1, 100000, &games);
		} else if (strcmp(name, "--seed") == 0) {
			bad = read_number(value, 0, 0x7fffffff, &seed);
		} else if (strcmp(name, "--opening") == 0) {
			bad = read_number(value, 0, 100, &plies);
		} else if (strcmp(name, "--size") == 0) {
			struct dots_pos probe;
			char err[GAME_ERR_MAX];
			bad = dots_rules.pos_parse(&probe, value, NULL, err) != GAME_OK ||
			      strchr(value, ' ') != NULL;
			opt.value[DOTS_OPT_ROWS] = probe.rows;
			opt.value[DOTS_OPT_COLS] = probe.cols;
		} else {
			fprintf(stderr, "parity: unknown option \"%s\"\n", name);
			return 2;
		}
		if (bad) {
			fprintf(stderr, "parity: bad value \"%s\" for %s\n", value, name);
			return 2;
		}
	}
	struct search *engine[2] = {search_new(&dots_rules, 20), search_new(&dots_rules, 20)};
	if (!engine[0] || !engine[1]) {
		search_free(engine[0]);
		search_free(engine[1]);
		fputs("parity: not enough memory for the engines\n", stderr);
		return 2;
	}
	int wins = 0, draws = 0, losses = 0;
	long total = 0;
	const double t0 = cli_seconds();
	for (long g = 0; g < games; g++) {
		/* Both games of a pair start from the same opening. */
		uint64_t s = hash_mix64((uint64_t)seed * 0x9e3779b97f4a7c15ULL + (uint64_t)(g / 2));
		struct dots_pos pos;
		dots_rules.start(&pos, &opt);
		opening(&pos, (int)plies, &s);
		const int first = (int)(g & 1); /* who LEVEL1 is: 0 A, 1 B */
		const struct level *order[2] = {lv[first], lv[!first]};
		struct search *engines[2] = {engine[first], engine[!first]};
		const int result = play_game(engines, order, pos, (uint32_t)(seed * 7919 + g));
		const int diff = first == 0 ? result : -result;
		wins += diff > 0;
		draws += diff == 0;
		losses += diff < 0;
		total += diff;
		printf("game %ld: %s (%s) %+d against %s\n", g + 1, lv[0]->name,
		       first == 0 ? "A" : "B", diff, lv[1]->name);
		fflush(stdout);
	}
	printf("%s vs %s on %dx%d: %ld games, %d wins, %d draws, %d losses, score %.1f%%, "
	       "mean box difference %+.2f, %.1f seconds\n",
	       lv[0]->name, lv[1]->name, opt.value[DOTS_OPT_ROWS], opt.value[DOTS_OPT_COLS], games,
	       wins, draws, losses, 100.0 * (wins + 0.5 * draws) / (double)games,
	       (double)total / (double)games, cli_seconds() - t0);
	search_free(engine[0]);
	search_free(engine[1]);
	return 0;
}
