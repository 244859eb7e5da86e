/*
 * bench/checkers_ab.c — checkers Expert with one feature against Expert without it, at the same
 * node limit (docs/BENCHMARKS.md): `sh bench/checkers-ab FEATURE NODES [FIRST GAMES]`.
 *
 * FEATURE: trained (the weights of assets/checkers-eval.bin against the hand-made evaluation),
 * weights (the weights of assets/checkers-eval.bin against those of the file OLD, the last
 * argument: `sh bench/checkers-ab weights NODES FIRST GAMES OLD`),
 * reduce (late-move reductions), extend (forced-move extensions), probcut (ProbCut at
 * confidence 1.5 sigma, games/checkers/mpc.h, against none; Expert's other settings on both
 * sides), egdb6 (the 6-piece databases of `make egdb` against up to 5 pieces: both sides
 * without them until 10 pieces are left, so that games g and g + 1 reach the same ending with
 * the colours swapped, then the side with the feature probes 6 pieces). Game g (1-based) opens
 * with
 * ballot (g-1)/2; the side with the feature is Black in odd games. Both sides read the endgame
 * databases in assets/. Repetitions and the 40-move rule as in `parity match`; a game still
 * running at 400 plies counts as a draw. Prints each game's result for the side with the
 * feature, then the total and each side's CPU seconds a move.
 *
 * AB_NODES_WITH=N in the environment gives the side with the feature N nodes a move instead of
 * NODES: to compare at equal CPU time a feature that changes the cost of a node (probcut).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "core/level.h"
#include "core/match.h"
#include "core/search.h"
#include "games/checkers/checkers.h"
#include "games/checkers/egdb.h"

enum { WEIGHTS = CHECKERS_EVAL_PHASES * CHECKERS_EVAL_WEIGHTS };

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(
		    stderr,
		    "usage: checkers_ab trained|reduce|extend|probcut|egdb6 NODES [FIRST GAMES]\n"
		    "       checkers_ab weights NODES FIRST GAMES OLD\n");
		return 2;
	}
	const char *feature = argv[1];
	const unsigned long long nodes = strtoull(argv[2], NULL, 10);
	const char *with_text = getenv("AB_NODES_WITH");
	const unsigned long long nodes_with = with_text ? strtoull(with_text, NULL, 10) : nodes;
	double cpu[2] = {0, 0}; /* CPU seconds of the side without the feature, and with */
	long moves[2] = {0, 0};
	const int first = argc > 3 ? atoi(argv[3]) : 1, games = argc > 4 ? atoi(argv[4]) : 24;
	char err[GAME_ERR_MAX];
	if (checkers_egdb_load("assets", err) != 0) {
		fprintf(stderr, "checkers_ab: %s\n", err);
		return 1;
	}
	static float weights[WEIGHTS], old[WEIGHTS];
	const bool two = !strcmp(feature, "weights");
	if (two && argc < 6) {
		fprintf(stderr, "checkers_ab: weights needs the old weights file\n");
		return 2;
	}
	if (checkers_eval_read("assets/checkers-eval.bin", weights, err) != 0 ||
	    (two && checkers_eval_read(argv[5], old, err) != 0)) {
		fprintf(stderr, "checkers_ab: %s\n", err);
		return 1;
	}
	const struct level *lv = level_find(&checkers_rules, "expert");
	struct search *eng = search_new(&checkers_rules, 20);
	int w = 0, d = 0, l = 0;
	for (int g = first; g < first + games && g <= 2 * checkers_ballot_count; g++) {
		const int with_side = (g - 1) % 2 == 0 ? CHECKERS_BLACK : CHECKERS_WHITE;
		struct match m;
		match_init(&m, &checkers_rules, NULL);
		char buf[64];
		snprintf(buf, sizeof buf, "%s", checkers_ballot[(g - 1) / 2]);
		for (char *t = strtok(buf, " "); t; t = strtok(NULL, " "))
			match_play_text(&m, t, NULL);
		while (!match_over(&m) && m.cursor < 400) {
			const struct checkers_pos *pos = match_pos(&m);
			const int back = pos->quiet < m.cursor ? pos->quiet : m.cursor;
			const bool with = pos->side == with_side;
			struct search_limits lim;
			level_limits(lv, 7919u * (uint32_t)g + (uint32_t)m.cursor, &lim);
			lim.nodes = with ? nodes_with : nodes;
			const int pieces = __builtin_popcount(pos->piece[0] | pos->piece[1]);
			checkers_egdb_limit(strcmp(feature, "egdb6") ? EGDB_PIECES_MAX
			                    : with && pieces <= 10   ? 6
			                                             : 5);
			if (!strcmp(feature, "egdb6"))
				checkers_eval_set(weights);
			else if (!strcmp(feature, "reduce"))
				lim.reduce = with;
			else if (!strcmp(feature, "extend"))
				lim.extend = with;
			else if (!strcmp(feature, "probcut")) {
				lim.probcut = with ? 15 : 0;
				checkers_eval_set(weights); /* the fits are the trained weights' */
			} else
				checkers_eval_set(with ? weights : two ? old : NULL);
			lim.history = &m.hashes[m.cursor - back];
			lim.history_count = back;
			const double t0 = cli_cpu_seconds();
			search_start(eng, pos, &lim);
			search_step(eng, 0);
			cpu[with] += cli_cpu_seconds() - t0;
			moves[with]++;
			match_play(&m, &search_result(eng)->move);
		}
		int r = match_over(&m) ? match_result(&m) : 0;
		r = r > 0 ? 1 : r < 0 ? -1 : 0;
		if (with_side == CHECKERS_WHITE)
			r = -r;
		w += r > 0;
		d += r == 0;
		l += r < 0;
		printf("game %d: %s for the side with %s (%d plies)\n", g,
		       r > 0   ? "win"
		       : r < 0 ? "loss"
		               : "draw",
		       feature, m.cursor);
		fflush(stdout);
		match_free(&m);
	}
	printf(
	    "TOTAL %s at %llu nodes (%llu with it): %d wins, %d draws, %d losses (%.1f%%); CPU s a "
	    "move: %.3f with, %.3f without\n",
	    feature, nodes, nodes_with, w, d, l, 100.0 * (w + d / 2.0) / (w + d + l),
	    moves[1] ? cpu[1] / (double)moves[1] : 0.0, moves[0] ? cpu[0] / (double)moves[0] : 0.0);
	search_free(eng);
	return 0;
}
