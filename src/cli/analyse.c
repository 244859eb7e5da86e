/*
 * cli/analyse.c — `parity analyse reversi|checkers POSITION [--level L] [--depth N]`: the
 * engine's score for every legal move of a position, best first, one line each:
 *
 *     <move> <score> <depth> <nodes>
 *
 * The score is for the side to move with two decimals ("+1.25"): in discs for Reversi, in
 * men for checkers (a PDN FEN position); or "win +N" / "loss -N" once the search has proved
 * the game's end (N: the final disc difference; 1 in checkers). Each move is scored by
 * searching the position after it at the level's limits, without its noise (the depth column
 * is the depth reached below the move), and negating when the side to move changes. The same
 * scoring serves the NBoard engine's `hint` (cli/nboard.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "core/level.h"
#include "core/search.h"

int cli_proven_margin(struct search *s, const struct game_rules *rules, const void *pos,
                      const struct search_limits *limits, int side)
{
	unsigned char p[GAME_POS_MAX_BYTES];
	memcpy(p, pos, rules->pos_size);
	struct game_move moves[GAME_MOVES_MAX];
	/* The principal variation may stop short (TT cut-offs), so search again at every step. */
	for (int step = 0; step < 4 * GAME_MOVES_MAX && rules->generate(p, moves) > 0; step++) {
		search_start(s, p, limits);
		search_step(s, 0);
		const struct search_result *r = search_result(s);
		if (!r->has_move)
			break;
		rules->play(p, &r->move);
	}
	const int result = rules->result(p);
	return side == 0 ? result : -result;
}

int cli_score_moves(struct search *s, const struct game_rules *rules, const void *pos,
                    const struct search_limits *asked, struct cli_move_score *out)
{
	/* A level's noise chooses among moves; it has no place in a move's score. */
	struct search_limits quiet = *asked;
	quiet.noise = 0;
	const struct search_limits *limits = &quiet;
	struct game_move moves[GAME_MOVES_MAX];
	const int n = rules->generate(pos, moves);
	const int side = rules->to_move(pos);
	unsigned char child[GAME_POS_MAX_BYTES];
	for (int i = 0; i < n; i++) {
		memcpy(child, pos, rules->pos_size);
		rules->play(child, &moves[i]);
		search_start(s, child, limits);
		search_step(s, 0);
		const struct search_result *r = search_result(s);
		const int sign = rules->to_move(child) == side ? 1 : -1;
		struct cli_move_score m = {
		    .move = moves[i],
		    .score = sign * r->score,
		    .proven = search_proven(r->score),
		    .depth = r->depth,
		    .nodes = r->nodes,
		};
		if (m.proven)
			m.margin = cli_proven_margin(s, rules, child, limits, side);
		/* Insertion keeps equal scores in generation order. */
		int k = i;
		while (k > 0 && out[k - 1].score < m.score) {
			out[k] = out[k - 1];
			k--;
		}
		out[k] = m;
	}
	return n;
}

int cli_format_score(const struct cli_move_score *m, char *buf, size_t n)
{
	if (m->proven)
		return snprintf(buf, n, "%s %+d", m->score > 0 ? "win" : "loss", m->margin);
	return snprintf(buf, n, "%+.2f", m->score / 100.0);
}

/* Prints how to call analyse and returns exit status 2. */
static int usage(void)
{
	fputs("usage: parity analyse reversi|checkers POSITION [--level L] [--depth N]\n", stderr);
	return 2;
}

int cli_analyse(int argc, char **argv)
{
	if (argc < 1)
		return usage();
	if (strcmp(argv[0], "reversi") != 0 && strcmp(argv[0], "checkers") != 0) {
		fprintf(stderr, "parity: analyse knows reversi and checkers, not \"%s\"\n",
		        argv[0]);
		return 2;
	}
	const struct game_rules *rules = game_find(argv[0]);
	const struct level *lv = level_find(rules, "medium");
	int depth = 0;
	char position[GAME_TEXT_MAX] = "";
	for (int i = 1; i < argc; i++) {
		const char *arg = argv[i];
		if (strcmp(arg, "--level") == 0 || strcmp(arg, "--depth") == 0) {
			if (i + 1 >= argc) {
				fprintf(stderr, "parity: %s needs a value\n", arg);
				return 2;
			}
			const char *value = argv[++i];
			if (arg[2] == 'l') {
				lv = level_find(rules, value);
				if (!lv) {
					fprintf(stderr, "parity: unknown level \"%s\"\n", value);
					return 2;
				}
				continue;
			}
			long d;
			if (!game_parse_long(value, 1, SEARCH_MAX_DEPTH, &d)) {
				fprintf(stderr,
				        "parity: the depth must be from 1 to %d, not \"%s\"\n",
				        SEARCH_MAX_DEPTH, value);
				return 2;
			}
			depth = (int)d;
			continue;
		}
		if (cli_position_word(position, sizeof position, arg) != 0)
			return 2;
	}
	if (!*position)
		return usage();
	unsigned char pos[GAME_POS_MAX_BYTES];
	char err[GAME_ERR_MAX];
	if (rules->pos_parse(pos, position, NULL, err) != GAME_OK) {
		fprintf(stderr, "parity: bad %s position: %s\n", rules->name, err);
		return 2;
	}
	struct search_limits limits;
	level_limits(lv, 1, &limits);
	limits.book = false; /* an analysis searches every move, even in the opening */
	if (depth) {
		limits.depth = depth;
		limits.nodes = 0;
	}
	if (limits.deep)
		cli_load_data(rules);
	struct search *s = search_new(rules, 20);
	if (!s) {
		fputs("parity: out of memory\n", stderr);
		return 1;
	}
	struct cli_move_score scores[GAME_MOVES_MAX];
	const int n = cli_score_moves(s, rules, pos, &limits, scores);
	search_free(s);
	if (n == 0)
		fputs("parity: the game is over: no move to analyse\n", stderr);
	for (int i = 0; i < n; i++) {
		char move[GAME_TEXT_MAX], score[64];
		rules->move_to_text(pos, &scores[i].move, move, sizeof move);
		cli_format_score(&scores[i], score, sizeof score);
		printf("%s %s %d %llu\n", move, score, scores[i].depth,
		       (unsigned long long)scores[i].nodes);
	}
	return 0;
}
