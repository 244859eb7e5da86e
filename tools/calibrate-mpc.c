/*
 * tools/calibrate-mpc.c — fits the Multi-ProbCut model of Reversi's search and writes
 * src/games/reversi/mpc.h; with --game checkers, the ProbCut model of checkers' search into
 * src/games/checkers/mpc.h.
 *
 *     build/tools/calibrate-mpc [--game reversi|checkers] [--positions N] [--max-depth D]
 *                               [--seed S] [--weights FILE] [--out FILE]
 *
 * For N positions from Parity's own games (6 random moves, then 4 to 34 moves of a short noisy
 * search, so that every stage of the game is there), it searches each position d plies deep with
 * the shared search as Hard and Expert do (pattern evaluation, Reversi's own search at the bottom,
 * no pruning) for d = MPC_MIN_DEPTH..D, and with the shallow search that ProbCut will use at that
 * depth (reversi_mpc_shallow). Per depth, least squares gives deep ≈ a·shallow + b and the standard
 * deviation of what is left. Proven results (won or lost games) are left out. The same
 * arguments and weights give the same file.
 *
 * Checkers (--game checkers, weights assets/checkers-eval.bin, the endgame databases beside
 * them): the positions come from Parity's games too, a ballot opening then 2 to 40 moves of a
 * 4-ply noisy search; the deep search is the shared one as Hard and Expert use it (the
 * quiescence, late-move reductions, the databases, no pruning) from depth 4, the shallow one
 * checkers_shallow_score at checkers_mpc_shallow(d) plies. Positions the databases hold are
 * left out (ProbCut is not tried there).
 */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/hash.h"
#include "core/match.h"
#include "core/search.h"
#include "games/checkers/checkers.h"
#include "games/checkers/egdb.h"
#include "games/reversi/board8.h"
#include "games/reversi/deep.h"
#include "games/reversi/endgame.h"
#include "games/reversi/pattern.h"
#include "games/reversi/reversi.h"

enum {
	MIN_DEPTH = 3,
	MAX_DEPTHS = 20,
	RANDOM_PLIES = 6,
	CHECKERS_MIN_DEPTH = 4,
	END_MIN = DEEP_EXACT_MAX + 1, /* the end fits start where the exact solver stops */
	END_RANDOM_PLIES = 4,
};

/* Sums for the least squares of each depth: n, Σx, Σy, Σxx, Σxy, Σyy; end_sum: Reversi's fits
 * of the final margin, by empty squares (slot 0 is END_MIN). */
static double sum[MAX_DEPTHS][6], end_sum[MAX_DEPTHS][6];

/* Adds the pair (shallow x, deep y) to sums t, unless either is a proven result. */
static void add_to(double *t, int x, int y)
{
	if (search_proven(y) || search_proven(x))
		return;
	t[0] += 1;
	t[1] += x;
	t[2] += y;
	t[3] += (double)x * x;
	t[4] += (double)x * y;
	t[5] += (double)y * y;
}

/* Adds the pair (shallow x, deep y) of depth slot i. */
static void add_pair(int i, int x, int y)
{
	add_to(sum[i], x, y);
}

/* Checkers: the pairs of N positions of Parity's games, depths CHECKERS_MIN_DEPTH..max_depth. */
static void checkers_pairs(int positions, int max_depth, uint64_t seed)
{
	struct search *s = search_new(&checkers_rules, 20);
	if (!s) {
		fputs("calibrate-mpc: out of memory\n", stderr);
		exit(1);
	}
	uint64_t rs = seed * 0x9e3779b97f4a7c15ULL + 1;
	for (int k = 0; k < positions; k++) {
		struct match m;
		match_init(&m, &checkers_rules, NULL);
		char buf[64];
		snprintf(buf, sizeof buf, "%s", checkers_ballot[k % checkers_ballot_count]);
		for (char *t = strtok(buf, " "); t; t = strtok(NULL, " "))
			match_play_text(&m, t, NULL);
		rs = hash_mix64(rs + (uint64_t)k);
		const int plies = 2 + (int)(rs % 39);
		for (int i = 0; i < plies && !match_over(&m); i++) {
			rs = hash_mix64(rs);
			const struct search_limits lim = {
			    .depth = 4, .deep = true, .noise = 60, .seed = (uint32_t)rs};
			search_start(s, match_pos(&m), &lim);
			search_step(s, 0);
			match_play(&m, &search_result(s)->move);
		}
		const struct checkers_pos pos = *(const struct checkers_pos *)match_pos(&m);
		match_free(&m);
		struct game_move moves[GAME_MOVES_MAX];
		if (checkers_rules.generate(&pos, moves) == 0 ||
		    __builtin_popcount(pos.piece[0] | pos.piece[1]) <= checkers_egdb_pieces())
			continue;
		for (int d = CHECKERS_MIN_DEPTH; d <= max_depth; d++) {
			const struct search_limits lim = {.depth = d, .deep = true, .reduce = true};
			search_start(s, &pos, &lim);
			search_step(s, 0);
			add_pair(d - CHECKERS_MIN_DEPTH,
			         checkers_shallow_score(&pos, checkers_mpc_shallow(d)),
			         search_result(s)->score);
		}
		if ((k + 1) % 50 == 0)
			fprintf(stderr, "%d positions\n", k + 1);
	}
	search_free(s);
}

/* Plays a Reversi game from the start, with the seed *rs: `random` random moves, then moves of
 * a `depth`-ply search with `noise`, until `plies` moves are played or at most `empties` empty
 * squares are left. Returns false when the game ended before that. */
static bool reversi_noisy_game(struct search *s, struct reversi_pos *pos, uint64_t *rs, int plies,
                               int empties, int random, int depth, int noise)
{
	reversi_rules.start(pos, &(struct game_options){0});
	struct game_move moves[GAME_MOVES_MAX];
	for (int i = 0; i < plies && 64 - board8_count(pos->disc[0] | pos->disc[1]) > empties;
	     i++) {
		const int n = reversi_rules.generate(pos, moves);
		if (n == 0)
			return false;
		*rs = hash_mix64(*rs);
		struct game_move mv = moves[*rs % (uint64_t)n];
		if (i >= random) { /* then sensible moves, a little noisy */
			const struct search_limits lim = {
			    .depth = depth, .deep = true, .noise = noise, .seed = (uint32_t)*rs};
			search_start(s, pos, &lim);
			search_step(s, 0);
			mv = search_result(s)->move;
		}
		reversi_rules.play(pos, &mv);
	}
	return true;
}

/* Reversi's end fits: for each count of empty squares e = END_MIN..end_max, N positions of
 * Parity's games with e empty squares (END_RANDOM_PLIES random moves, then a noisy 4-ply
 * search), each solved exactly; the pair is (the reversi_mpc_end_shallow(e) search, the final
 * margin in 1/100 disc). A position whose side to move must pass is skipped. */
static void reversi_end_pairs(struct search *s, int positions, int end_max, uint64_t seed)
{
	struct endgame_ctx *eg = endgame_new(22);
	if (!eg) {
		fputs("calibrate-mpc: out of memory\n", stderr);
		exit(1);
	}
	for (int e = END_MIN; e <= end_max; e++) {
		uint64_t rs = seed * 0x9e3779b97f4a7c15ULL + (uint64_t)e;
		for (int k = 0, got = 0; got < positions && k < 4 * positions; k++) {
			struct reversi_pos pos;
			struct game_move moves[GAME_MOVES_MAX];
			rs = hash_mix64(rs + (uint64_t)k);
			if (!reversi_noisy_game(s, &pos, &rs, INT_MAX, e, END_RANDOM_PLIES, 4,
			                        150) ||
			    reversi_rules.generate(&pos, moves) == 0 ||
			    moves[0].code == REVERSI_PASS)
				continue;
			const uint64_t P = (uint64_t)pos.disc[pos.side],
			               O = (uint64_t)pos.disc[!pos.side];
			add_to(end_sum[e - END_MIN],
			       reversi_deep_shallow_score(P, O, reversi_mpc_end_shallow(e)),
			       100 * endgame_solve(eg, P, O, -64, 64));
			got++;
		}
		fprintf(stderr, "end fits: %d empty squares\n", e);
	}
	endgame_free(eg);
}

/* Writes the rows of the fits of depths min..max from the sums `sums` (slot 0 is depth min). */
static void write_fits(FILE *f, double (*sums)[6], int min, int max, int (*shallow_of)(int))
{
	for (int d = min; d <= max; d++) {
		const double *t = sums[d - min];
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
		        lround(a * 1000), lround(b), lround(sigma), n, shallow_of(d));
		fprintf(stderr, "depth %2d from %d: a %.3f b %+.1f sigma %.1f (n %.0f)\n", d,
		        shallow_of(d), a, b, sigma, n);
	}
}

/* Writes src/games/checkers/mpc.h. Returns the exit status. */
static int write_checkers(const char *out, int positions, int max_depth, uint64_t seed,
                          const char *weights)
{
	FILE *f = fopen(out, "w");
	if (!f) {
		fprintf(stderr, "calibrate-mpc: cannot write %s\n", out);
		return 1;
	}
	fprintf(f,
	        "/*\n * games/checkers/mpc.h — the ProbCut fits of the checkers search "
	        "(engine.c), one per depth.\n * Written by tools/calibrate-mpc (`make "
	        "checkers-mpc-table`: --game checkers --positions %d --max-depth %d --seed "
	        "%llu)\n * from Parity's own positions and the weights in %s; regenerate it "
	        "whenever they change.\n */\n",
	        positions, max_depth, (unsigned long long)seed, weights);
	fprintf(f, "#ifndef PARITY_GAMES_CHECKERS_MPC_H\n#define PARITY_GAMES_CHECKERS_MPC_H\n\n"
	           "#include \"games/checkers/checkers.h\"\n\n");
	fprintf(f, "enum { CHECKERS_MPC_MIN_DEPTH = %d, CHECKERS_MPC_MAX_DEPTH = %d };\n\n",
	        CHECKERS_MIN_DEPTH, max_depth);
	fprintf(f,
	        "/* depth, a (thousandths), b and sigma (1/100 man); fitted on n positions */\n");
	fprintf(f, "static const struct checkers_mpc_fit "
	           "checkers_mpc[CHECKERS_MPC_MAX_DEPTH - CHECKERS_MPC_MIN_DEPTH + 1] = {\n");
	write_fits(f, sum, CHECKERS_MIN_DEPTH, max_depth, checkers_mpc_shallow);
	fprintf(f, "};\n\n#endif\n");
	fclose(f);
	fprintf(stderr, "wrote %s\n", out);
	return 0;
}

int main(int argc, char **argv)
{
	int positions = 300, max_depth = 12, end_positions = 200, end_max = 24;
	uint64_t seed = 1;
	bool checkers = false;
	const char *weights = NULL, *out = NULL;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--game") == 0 && i + 1 < argc &&
		    (strcmp(argv[i + 1], "reversi") == 0 || strcmp(argv[i + 1], "checkers") == 0))
			checkers = strcmp(argv[++i], "checkers") == 0;
		else if (strcmp(argv[i], "--positions") == 0 && i + 1 < argc)
			positions = atoi(argv[++i]);
		else if (strcmp(argv[i], "--max-depth") == 0 && i + 1 < argc)
			max_depth = atoi(argv[++i]);
		else if (strcmp(argv[i], "--end-positions") == 0 && i + 1 < argc)
			end_positions = atoi(argv[++i]);
		else if (strcmp(argv[i], "--end-max") == 0 && i + 1 < argc)
			end_max = atoi(argv[++i]);
		else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc)
			seed = strtoull(argv[++i], NULL, 10);
		else if (strcmp(argv[i], "--weights") == 0 && i + 1 < argc)
			weights = argv[++i];
		else if (strcmp(argv[i], "--out") == 0 && i + 1 < argc)
			out = argv[++i];
		else {
			fputs("usage: calibrate-mpc [--game reversi|checkers] [--positions N] "
			      "[--max-depth D] [--end-positions N] [--end-max E] [--seed S] "
			      "[--weights FILE] [--out FILE]\n",
			      stderr);
			return 2;
		}
	}
	if (positions < 10 || max_depth < MIN_DEPTH || max_depth >= MIN_DEPTH + MAX_DEPTHS) {
		fputs("calibrate-mpc: at least 10 positions, depths 3 to 22\n", stderr);
		return 2;
	}
	if (!checkers &&
	    (end_positions < 10 || end_max < END_MIN || end_max >= END_MIN + MAX_DEPTHS)) {
		fprintf(stderr,
		        "calibrate-mpc: reversi's end fits want --end-positions 10 or more and "
		        "--end-max %d to %d\n",
		        END_MIN, END_MIN + MAX_DEPTHS - 1);
		return 2;
	}
	if (!weights)
		weights = checkers ? "assets/checkers-eval.bin" : "assets/reversi-eval.bin";
	if (!out)
		out = checkers ? "src/games/checkers/mpc.h" : "src/games/reversi/mpc.h";
	char err[GAME_ERR_MAX];
	if (checkers) {
		char dir[1024];
		snprintf(dir, sizeof dir, "%s", weights);
		char *slash = strrchr(dir, '/');
		snprintf(slash ? slash : dir, sizeof dir - (size_t)(slash ? slash - dir : 0), "%s",
		         slash ? "" : ".");
		if (checkers_eval_load(weights, err) != 0 || checkers_egdb_load(dir, err) != 0) {
			fprintf(stderr, "calibrate-mpc: %s\n", err);
			return 1;
		}
		checkers_pairs(positions, max_depth, seed);
		return write_checkers(out, positions, max_depth, seed, weights);
	}
	if (pattern_load(weights, err) != 0) {
		fprintf(stderr, "calibrate-mpc: %s\n", err);
		return 1;
	}
	struct search *s = search_new(&reversi_rules, 20);
	if (!s) {
		fputs("calibrate-mpc: out of memory\n", stderr);
		return 1;
	}
	uint64_t rs = seed * 0x9e3779b97f4a7c15ULL + 1;
	for (int k = 0; k < positions; k++) {
		struct reversi_pos pos;
		rs = hash_mix64(rs + (uint64_t)k);
		reversi_noisy_game(s, &pos, &rs, 10 + (int)(rs % 31), 0, RANDOM_PLIES, 2, 200);
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
			add_pair(d - MIN_DEPTH,
			         reversi_deep_shallow_score(P, O, reversi_mpc_shallow(d)), y);
		}
		if ((k + 1) % 50 == 0)
			fprintf(stderr, "%d positions\n", k + 1);
	}
	reversi_end_pairs(s, end_positions, end_max, seed);
	FILE *f = fopen(out, "w");
	if (!f) {
		fprintf(stderr, "calibrate-mpc: cannot write %s\n", out);
		return 1;
	}
	fprintf(f,
	        "/*\n * games/reversi/mpc.h — the Multi-ProbCut fits of the Reversi search "
	        "(deep.c), one per depth,\n * and one per count of empty squares for the nodes "
	        "searched to "
	        "the end. Written by\n * tools/calibrate-mpc (`make mpc-table`: --positions %d "
	        "--max-depth %d --end-positions %d\n * --end-max %d --seed %llu) from Parity's own "
	        "positions and the weights in %s;\n * regenerate it whenever they change.\n */\n",
	        positions, max_depth, end_positions, end_max, (unsigned long long)seed, weights);
	fprintf(f, "#ifndef PARITY_GAMES_REVERSI_MPC_H\n#define PARITY_GAMES_REVERSI_MPC_H\n\n"
	           "#include \"games/reversi/deep.h\"\n\n");
	fprintf(f, "enum { MPC_MIN_DEPTH = %d, MPC_MAX_DEPTH = %d };\n\n", MIN_DEPTH, max_depth);
	fprintf(f,
	        "/* depth, a (thousandths), b and sigma (1/100 disc); fitted on n positions */\n");
	fprintf(f,
	        "static const struct mpc_fit reversi_mpc[MPC_MAX_DEPTH - MPC_MIN_DEPTH + 1] = {\n");
	write_fits(f, sum, MIN_DEPTH, max_depth, reversi_mpc_shallow);
	fprintf(f, "};\n\n");
	fprintf(f, "enum { MPC_END_MIN = %d, MPC_END_MAX = %d };\n\n", END_MIN, end_max);
	fprintf(f,
	        "/* empty squares, a (thousandths), b and sigma (1/100 disc) of the final margin; "
	        "fitted on n\n * positions (more empty squares than MPC_END_MAX: its fit) */\n");
	fprintf(f, "static const struct mpc_fit reversi_mpc_end[MPC_END_MAX - MPC_END_MIN + 1] = "
	           "{\n");
	write_fits(f, end_sum, END_MIN, end_max, reversi_mpc_end_shallow);
	fprintf(f, "};\n\n#endif\n");
	fclose(f);
	search_free(s);
	fprintf(stderr, "wrote %s\n", out);
	return 0;
}
