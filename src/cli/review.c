/*
 * cli/review.c — `parity review FILE [--game N] [--level L] [--json]`: every move of a
 * recorded game judged by the engine (core/review.h), one line each:
 *
 *     <ply> <side> <move> <score> <best move> <best score> <loss> <class> exact|estimate
 *
 * Scores are from the mover's side, in the game's units with two decimals (discs, men,
 * boxes); in checkers a proven result is "win" or "loss". The file is any record Parity opens
 * (`parity --open`): a Reversi transcript or GGF, a PDN file, a Dots and Boxes record; --game
 * picks one game of a file that holds several. --json prints a JSON array of one object a
 * move instead, for scripts.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "core/review.h"
#include "io/records.h"

/* Prints how to call review and returns exit status 2. */
static int usage(void)
{
	fputs("usage: parity review FILE [--game N] [--level L] [--json]\n", stderr);
	return 2;
}

/* Writes a value (evaluation units, for the mover) in the game's units: "+1.25", or "win" and
 * "loss" for a game whose proven results have no margin. */
static void format_value(const struct game_module *m, int v, bool exact, char *buf, size_t n)
{
	const struct game_review_info *info = m->review;
	if (!info->margin && exact && (v >= info->cap || v <= -info->cap))
		snprintf(buf, n, "%s", v > 0 ? "win" : "loss");
	else
		snprintf(buf, n, "%+.2f", (double)v / info->unit);
}

/* Writes a JSON string (a move or a name: no character that needs more than a backslash). */
static void json_string(const char *s)
{
	putchar('"');
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			putchar('\\');
		if ((unsigned char)*s >= ' ')
			putchar(*s);
	}
	putchar('"');
}

int cli_review(int argc, char **argv)
{
	const char *path = NULL, *level_name = NULL;
	int number = 1;
	bool json = false;
	for (int i = 0; i < argc; i++) {
		const char *arg = argv[i];
		if (strcmp(arg, "--json") == 0) {
			json = true;
		} else if (strcmp(arg, "--level") == 0 || strcmp(arg, "--game") == 0) {
			if (i + 1 >= argc) {
				fprintf(stderr, "parity: %s needs a value\n", arg);
				return 2;
			}
			const char *value = argv[++i];
			if (arg[2] == 'l') {
				level_name = value;
				continue;
			}
			long n = 0;
			if (!game_parse_long(value, 1, RECORD_GAMES_MAX, &n)) {
				fprintf(stderr,
				        "parity: --game takes a game number from 1, not \"%s\"\n",
				        value);
				return 2;
			}
			number = (int)n;
		} else if (arg[0] == '-' && arg[1]) {
			fprintf(stderr,
			        "parity: review has no option %s (--game N, --level L, --json)\n",
			        arg);
			return 2;
		} else if (path) {
			fprintf(stderr, "parity: review takes one file, not \"%s\" too\n", arg);
			return 2;
		} else {
			path = arg;
		}
	}
	if (!path)
		return usage();
	const int g = record_file_game(path);
	char err[GAME_ERR_MAX + 256];
	struct match m;
	int games = 0;
	if (!record_file_match(path, g, number, &m, &games, err, sizeof err)) {
		fprintf(stderr, "parity: %s\n", err);
		return 2;
	}
	const struct game_module *mod = game_module_at(g);
	const struct game_rules *rules = mod->rules;
	const struct level *lv = level_find(rules, level_name ? level_name : mod->review->level);
	if (!lv) {
		fprintf(stderr, "parity: %s has no level \"%s\"\n", rules->name, level_name);
		match_free(&m);
		return 2;
	}
	if (lv->deep)
		cli_load_data(rules);
	struct review r;
	const int rc = review_init(&r, &m, lv, 20);
	match_free(&m);
	if (rc != GAME_OK) {
		fputs("parity: out of memory\n", stderr);
		return 1;
	}
	review_step(&r, 0);
	if (json)
		putchar('[');
	else
		printf("# %s, game %d of %s, level %s: %d moves; scores in %s for the mover\n",
		       rules->name, number, path, lv->name, r.count, mod->review->unit_name[1]);
	for (int i = 0; i < r.count; i++) {
		struct review_move rm;
		review_move(&r, i, &rm);
		const void *pos = match_pos_at(&r.match, i);
		char move[GAME_TEXT_MAX], best[GAME_TEXT_MAX] = "-";
		rules->move_to_text(pos, &r.match.moves[i], move, sizeof move);
		if (!r.pos[i].over)
			rules->move_to_text(pos, &r.pos[i].best, best, sizeof best);
		const char *side = rules->side_name[rm.side];
		const char *cls = review_class_name(rm.cls);
		const struct game_review_info *info = mod->review;
		if (json) {
			printf("%s\n {\"ply\": %d, \"side\": ", i ? "," : "", i + 1);
			json_string(side);
			printf(", \"move\": ");
			json_string(move);
			printf(", \"score\": %.2f, \"best_move\": ", (double)rm.value / info->unit);
			json_string(best);
			printf(", \"best_score\": %.2f, \"loss\": %.2f, \"class\": \"%s\", "
			       "\"exact\": %s, \"depth\": %d, \"nodes\": %llu, \"line\": \"",
			       (double)rm.best_value / info->unit, (double)rm.loss / info->unit,
			       cls, rm.exact ? "true" : "false", r.pos[i].depth,
			       (unsigned long long)r.pos[i].nodes);
			unsigned char p[GAME_POS_MAX_BYTES];
			memcpy(p, pos, rules->pos_size);
			for (int k = 0; k < r.pos[i].pv_length; k++) {
				char t[GAME_TEXT_MAX];
				rules->move_to_text(p, &r.pos[i].pv[k], t, sizeof t);
				printf("%s%s", k ? " " : "", t);
				rules->play(p, &r.pos[i].pv[k]);
			}
			printf("\"}");
		} else {
			char score[32], best_score[32];
			format_value(mod, rm.value, rm.exact, score, sizeof score);
			format_value(mod, rm.best_value, r.pos[i].exact, best_score,
			             sizeof best_score);
			printf("%d %s %s %s %s %s %.2f %s %s\n", i + 1, side, move, score, best,
			       best_score, (double)rm.loss / info->unit, cls,
			       rm.exact ? "exact" : "estimate");
		}
	}
	if (json) {
		puts("\n]");
	} else {
		for (int side = 0; side < 2; side++) {
			struct review_summary s;
			review_summary(&r, side, &s);
			printf("# %s: %d moves, mean loss %.2f; %d inaccuracies, %d mistakes, %d "
			       "blunders\n",
			       rules->side_name[side], s.moves, s.mean_loss / mod->review->unit,
			       s.count[REVIEW_INACCURACY], s.count[REVIEW_MISTAKE],
			       s.count[REVIEW_BLUNDER]);
		}
		printf("# %llu nodes\n", (unsigned long long)r.nodes);
	}
	review_free(&r);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fputs("parity: cannot write the review\n", stderr);
		return 1;
	}
	return 0;
}
