/*
 * bench/dots_endgame.c — from how many edges before the end a level of the Dots and Boxes
 * engine plays perfectly (docs/BENCHMARKS.md). Built and run by bench/dots-endgame.
 *
 *   dots_endgame LEVEL OPPONENT GAMES ROWSxCOLS CHECK [FILE]
 *
 * Plays GAMES games (in pairs from the same opening of 4 random safe edges, colours swapped,
 * as `parity match dots`) between LEVEL and OPPONENT. At each move of LEVEL it notes the
 * edges left, whether the search's score is proven (the exact solver or the search reached
 * the end of every line), and, with at most CHECK edges left, whether the edge played is one
 * of the optimal edges of the exact solver (solved afresh, apart from the engine). One line
 * per number of edges left: moves, proven, optimal/checked; then the largest L such that
 * every move of LEVEL with at most L edges left was proven and (where checked) optimal, and
 * LEVEL's result whenever the solver showed it a won position.
 *
 * With FILE, every checked position where some edge is not optimal is written to it, one line
 * each in the format of ../shared/data/dots-boxes-positions.txt (value, final margin, every
 * optimal edge, the edges played from the empty board): how tests/dots-5x5-endgames.txt was
 * made.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/hash.h"
#include "core/level.h"
#include "core/search.h"
#include "games/dots/dots.h"
#include "games/dots/engine.h"
#include "games/dots/solver.h"

enum { MAX_LEFT = DOTS_MAX_EDGES + 1 };

static long moves_at[MAX_LEFT], proven_at[MAX_LEFT], checked_at[MAX_LEFT], optimal_at[MAX_LEFT];

/* Plays up to k random safe edges on pos, choosing with *seed (as cli/match_dots.c). */
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

/* Writes pos, its value v and its optimal edges best[0..n) as a line of
 * dots-boxes-positions.txt, with the edges played from the empty board. */
static void write_position(FILE *out, const struct dots_pos *pos, int v, const int *best, int n,
                           const char *history)
{
	char text[512];
	dots_rules.pos_to_text(pos, text, sizeof text);
	const int margin = pos->score[DOTS_A] - pos->score[DOTS_B] + (pos->side == DOTS_A ? v : -v);
	fprintf(out, "%s %d %d ", text, v, margin);
	for (int i = 0; i < n; i++)
		fprintf(out, "%s%d", i ? "," : "", best[i]);
	fprintf(out, " %s\n", *history ? history : "-");
	fflush(out);
}

int main(int argc, char **argv)
{
	int rows, cols;
	if ((argc != 6 && argc != 7) || sscanf(argv[4], "%dx%d", &rows, &cols) != 2) {
		fputs("usage: dots_endgame LEVEL OPPONENT GAMES ROWSxCOLS CHECK [FILE]\n", stderr);
		return 2;
	}
	const struct level *lv[2] = {level_find(&dots_rules, argv[1]),
	                             level_find(&dots_rules, argv[2])};
	const int games = atoi(argv[3]), check = atoi(argv[5]);
	if (!lv[0] || !lv[1] || games < 1) {
		fputs("dots_endgame: unknown level or no games\n", stderr);
		return 2;
	}
	FILE *out = argc == 7 ? fopen(argv[6], "w") : NULL;
	if (argc == 7 && !out) {
		perror(argv[6]);
		return 2;
	}
	struct search *engine[2] = {search_new(&dots_rules, 20), search_new(&dots_rules, 20)};
	struct dots_solver *solver = dots_solver_new(24);
	if (!engine[0] || !engine[1] || !solver)
		return 2;
	uint64_t seed = 1;
	int won_lost = 0, won_seen = 0, perfect_from = MAX_LEFT;
	for (int g = 0; g < games; g++) {
		struct dots_pos pos;
		dots_setup(&pos, rows, cols);
		uint64_t s = hash_mix64(seed + (uint64_t)(g / 2));
		opening(&pos, 4, &s);
		const int me = g % 2; /* the side LEVEL plays: A in even games */
		bool won = false;
		char history[4 * DOTS_MAX_EDGES] = "";
		for (int e = 0; e < pos.edges; e++)
			if (dots_edge_drawn(&pos, e))
				snprintf(history + strlen(history),
				         sizeof history - strlen(history), "%s%d",
				         *history ? "," : "", e);
		for (int ply = 0; ply < DOTS_MAX_EDGES + 1; ply++) {
			const int side = dots_rules.to_move(&pos);
			const int who = side == me ? 0 : 1;
			struct search_limits limits;
			level_limits(lv[who], (uint32_t)(g * 1000 + ply), &limits);
			search_start(engine[who], &pos, &limits);
			search_step(engine[who], 0);
			const struct search_result *r = search_result(engine[who]);
			if (!r->has_move)
				break;
			const int left = dots_moves_left(&pos);
			if (who == 0) {
				bool good = search_proven(r->score);
				moves_at[left]++;
				proven_at[left] += search_proven(r->score);
				if (left <= check) {
					int best[DOTS_MAX_EDGES], n;
					dots_solver_clear(solver);
					const int v = dots_solve_best(solver, &pos, best, &n);
					bool optimal = false;
					for (int i = 0; i < n; i++)
						optimal |= best[i] == (int)r->move.code;
					checked_at[left]++;
					optimal_at[left] += optimal;
					if (!optimal) {
						int values[DOTS_MAX_EDGES];
						dots_solver_clear(solver);
						dots_solve_first(solver, &pos, values);
						printf("game %d, %d edges left: %s played %u, "
						       "worth %+d "
						       "against %+d for the best (the search's "
						       "score %d, "
						       "%s, margin %+d)\n",
						       g + 1, left, argv[1], r->move.code,
						       values[r->move.code], v, r->score,
						       search_proven(r->score) ? "proven"
						                               : "not proven",
						       search_margin(r->score));
					}
					if (out && n < left)
						write_position(out, &pos, v, best, n, history);
					good = good && optimal;
					const int margin = pos.score[side] - pos.score[!side] + v;
					if (margin > 0 && !won) {
						won = true;
						won_seen++;
					}
				}
				if (!good && left < perfect_from)
					perfect_from = left;
			}
			dots_rules.play(&pos, &r->move);
			snprintf(history + strlen(history), sizeof history - strlen(history),
			         "%s%u", *history ? "," : "", r->move.code);
		}
		const int result = dots_rules.result(&pos) * (me == DOTS_A ? 1 : -1);
		if (won && result <= 0)
			won_lost++;
		printf("game %d: %s %s, %+d for %s%s\n", g + 1, argv[1],
		       me == DOTS_A ? "first" : "second", result, argv[1],
		       won ? " (a won position seen)" : "");
		fflush(stdout);
	}
	for (int left = MAX_LEFT - 1; left > 0; left--)
		if (moves_at[left])
			printf("left %2d: moves %ld proven %ld optimal %ld/%ld\n", left,
			       moves_at[left], proven_at[left], optimal_at[left], checked_at[left]);
	printf("perfect from %d edges left (every move of %s with at most that many left proven"
	       " and, up to %d left, optimal)\n",
	       perfect_from - 1, argv[1], check);
	printf("games where %s saw a won position: %d, lost or drawn after it: %d\n", argv[1],
	       won_seen, won_lost);
	if (out && fclose(out) != 0) {
		perror(argv[6]);
		return 2;
	}
	search_free(engine[0]);
	search_free(engine[1]);
	dots_solver_free(solver);
	return 0;
}
