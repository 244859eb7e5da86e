/*
 * tools/calibrate-mpc.c — fits the Multi-ProbCut model of Reversi's search and writes
 * src/games/reversi/mpc.h.
 *
 *     build/tools/calibrate-mpc [--positions N] [--max-depth D] [--seed S] [--weights FILE]
 *                               [--out FILE]
 *
 * For N positions from Parity's own games (6 random moves, then 4 to 34 moves of a short noisy
 * search, so that every stage of the game is there), it searches each position d plies deep with
 * the shared search as Hard and Expert do (pattern evaluation, Reversi's own search at the bottom,
 * no pruning) for d = MPC_MIN_DEPTH..D, and with the shallow search that ProbCut will use at that
 * depth (reversi_mpc_shallow). Per depth, least squares gives deep ≈ a·shallow + b and the standard
 * deviation of what is left. Proven results (won or lost games) are left out. The same
 * arguments and weights give the same file.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/hash.h"
#include "core/search.h"
#include "games/reversi/board8.h"
#include "games/reversi/deep.h"
#include "games/reversi/pattern.h"
#include "games/reversi/reversi.h"

enum { MIN_DEPTH = 3, MAX_DEPTHS = 20, RANDOM_PLIES = 6 };

int main(int argc, char **argv)
{
	int positions = 300, max_depth = 12;
	uint64_t seed = 1;
	const char *weights = "assets/reversi-eval.bin", *out = "src/games/reversi/mpc.h";
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--positions") == 0 && i + 1 < argc)
			positions = atoi(argv[++i]);
		else if (strcmp(argv[i], "--max-depth") == 0 && i + 1 < argc)
			max_depth = atoi(argv[++i]);
		else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc)
			seed = strtoull(argv[++i], NULL, 10);
		else if (strcmp(argv[i], "--weights") == 0 && i + 1 < argc)
			weights = argv[++i];
		else if (strcmp(argv[i], "--out") == 0 && i + 1 < argc)
			out = argv[++i];
		else {
			fputs("usage: calibrate-mpc [--positions N] [--max-depth D] [--seed S] "
			      "[--weights FILE] [--out FILE]\n",
			      stderr);
			return 2;
		}
	}
	if (positions < 10 || max_depth < MIN_DEPTH || max_depth >= MIN_DEPTH + MAX_DEPTHS) {
		fputs("calibrate-mpc: at least 10 positions, depths 3 to 22\n", stderr);
		return 2;
	}
	char err[160];
	if (pattern_load(weights, err) != 0) {
		fprintf(stderr, "calibrate-mpc: %s\n", err);
		return 1;
	}
	struct search *s = search_new(&reversi_rules, 20);
	if (!s) {
		fputs("calibrate-mpc: out of memory\n", stderr);
		return 1;
	}
	/* Sums for the least squares of each depth: n, Σx, Σy, Σxx, Σxy, Σyy. */
	double sum[MAX_DEPTHS][6] = {{0}};
	uint64_t rs = seed * 0x9e3779b97f4a7c15ULL + 1;
	for (int k = 0; k < positions; k++) {
		struct reversi_pos pos;
		reversi_rules.start(&pos, &(struct game_options){0});
		struct game_move moves[GAME_MOVES_MAX];
		rs = hash_mix64(rs + (uint64_t)k);
		const int plies = 10 + (int)(rs % 31);
		for (int i = 0; i < plies; i++) {
			const int n = reversi_rules.generate(&pos, moves);
			if (n == 0)
				break;
			rs = hash_mix64(rs);
			struct game_move mv = moves[rs % (uint64_t)n];
			if (i >= RANDOM_PLIES) { /* then sensible moves, a little noisy */
				const struct search_limits lim = {
				    .depth = 2, .deep = true, .noise = 200, .seed = (uint32_t)rs};
				search_start(s, &pos, &lim);
				search_step(s, 0);
				mv = search_result(s)->move;
			}
			reversi_rules.play(&pos, &mv);
		}
		struct game_move m[GAME_MOVES_MAX];
		if (reversi_rules.generate(&pos, m) == 0 || m[0].code == REVERSI_PASS)
			continue;
		const uint64_t P = (uint64_t)pos.disc[pos.side], O = (uint64_t)pos.disc[!pos.side];
		const int empties = 64 - board8_count(P | O);
		for (int d = MIN_DEPTH; d <= max_depth && d < empties - 2; d++) {
			const struct search_limits lim = {.depth = d, .deep = true};
			search_start(s, &pos, &lim);
			search_step(s, 0);
			const int y = search_result(s)->score;
			const int x = reversi_deep_shallow_score(P, O, reversi_mpc_shallow(d));
			if (search_proven(y) || search_proven(x))
				continue;
			double *t = sum[d - MIN_DEPTH];
			t[0] += 1;
			t[1] += x;
			t[2] += y;
			t[3] += (double)x * x;
			t[4] += (double)x * y;
			t[5] += (double)y * y;
		}
		if ((k + 1) % 50 == 0)
			fprintf(stderr, "%d positions\n", k + 1);
	}
	FILE *f = fopen(out, "w");
	if (!f) {
		fprintf(stderr, "calibrate-mpc: cannot write %s\n", out);
		return 1;
	}
	fprintf(f,
	        "/*\n * games/reversi/mpc.h — the Multi-ProbCut fits of the Reversi search "
	        "(deep.c), one per depth.\n * Written by tools/calibrate-mpc (`make mpc-table`: "
	        "--positions %d --max-depth %d --seed %llu)\n * from Parity's own positions and "
	        "the weights in %s; regenerate it whenever they change.\n */\n",
	        positions, max_depth, (unsigned long long)seed, weights);
	fprintf(f, "#ifndef PARITY_GAMES_REVERSI_MPC_H\n#define PARITY_GAMES_REVERSI_MPC_H\n\n"
	           "#include \"games/reversi/deep.h\"\n\n");
	fprintf(f, "enum { MPC_MIN_DEPTH = %d, MPC_MAX_DEPTH = %d };\n\n", MIN_DEPTH, max_depth);
	fprintf(f,
	        "/* depth, a (thousandths), b and sigma (1/100 disc); fitted on n positions */\n");
	fprintf(f,
	        "static const struct mpc_fit reversi_mpc[MPC_MAX_DEPTH - MPC_MIN_DEPTH + 1] = {\n");
	for (int d = MIN_DEPTH; d <= max_depth; d++) {
		const double *t = sum[d - MIN_DEPTH];
		const double n = t[0];
		double a = 1, b = 0, sigma = 1e6;
		if (n >= 10) {
			const double vx = t[3] - t[1] * t[1] / n, cxy = t[4] - t[1] * t[2] / n;
			a = vx > 0 ? cxy / vx : 1;
			b = (t[2] - a * t[1]) / n;
			/* Σ(y - a x - b)² from the sums */
			const double sse = t[5] - 2 * a * t[4] - 2 * b * t[2] + a * a * t[3] +
			                   2 * a * b * t[1] + n * b * b;
			sigma = sqrt(sse > 0 ? sse / n : 0);
		}
		if (a < 0.2)
			a = 0.2; /* a degenerate fit must not make the pruning wild */
		fprintf(f, "    {%d, %ld, %ld, %ld}, /* n = %.0f, shallow depth %d */\n", d,
		        lround(a * 1000), lround(b), lround(sigma), n, reversi_mpc_shallow(d));
		fprintf(stderr, "depth %2d from %d: a %.3f b %+.1f sigma %.1f (n %.0f)\n", d,
		        reversi_mpc_shallow(d), a, b, sigma, n);
	}
	fprintf(f, "};\n\n#endif\n");
	fclose(f);
	search_free(s);
	fprintf(stderr, "wrote %s\n", out);
	return 0;
}
