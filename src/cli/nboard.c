/*
 * cli/nboard.c — `parity nboard [--level L] [--log]`: Parity's Reversi engine behind the
 * NBoard protocol (version 2), so that the NBoard GUI or a referee can drive it over a pipe.
 *
 * Understood: nboard N, set depth N, set game GGF, set contempt N (ignored), move M[/eval/time]
 * (and a bare "F5" as NBoard 1.1 sends it), hint N, go, ping N, learn, quit. Anything else is
 * ignored with a note on stderr; a bad game record or an illegal move is reported on stderr
 * and leaves the position as it was. Answers go to the output, one flushed line each:
 *
 *     go       -> "=== f5/0.25/0.01"            (move/eval in discs/seconds)
 *     hint N   -> "status Parity is thinking", "search f5 +0.25 0 6" per move (the N best),
 *                 then "status" (no book lines: Parity has no book)
 *     ping N   -> "pong N"
 *     learn    -> "learned"
 *
 * The engine searches with core/search.h at its level; `set depth N` replaces the level's
 * depth (and its node limit) with N plies, keeping the level's noise. With --log every "go"
 * also writes one line on stderr (for a referee's timings):
 *
 *     nboard: move f5 nodes 123456 time 0.512 cpu 0.498 empties 31 depth 19 eval 1.25 [book]
 *
 * time and cpu: wall-clock and CPU seconds from "go" to the answer; empties: the empty squares
 * before the move; depth: the deepest iteration completed (0 from the book); eval: as "go"'s.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "core/level.h"
#include "core/search.h"
#include "io/ggf.h"
#include "io/span.h"

enum {
	LINE_MAX_BYTES = 16384, /* a command line, a whole game record included */
	TT_BITS = 20,
};

/* What the engine knows between commands. */
struct engine {
	FILE *out;
	const struct level *level;
	int depth; /* from "set depth" (0: the level's) */
	struct nboard_bounds bounds;
	uint32_t seed;          /* for the level's noise; advances with every search */
	struct reversi_pos pos; /* the position all commands refer to */
	struct search *search;
};

static bool log_searches; /* --log: one line on stderr for every "go" */

/* Writes one line to the GUI and flushes it. */
static void say(struct engine *e, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void say(struct engine *e, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vfprintf(e->out, fmt, ap);
	va_end(ap);
	fputc('\n', e->out);
	fflush(e->out);
}

/* Returns the limits of the next search. */
static struct search_limits next_limits(struct engine *e)
{
	struct search_limits limits;
	level_limits(e->level, e->seed++, &limits);
	if (e->depth) {
		limits.depth = e->depth;
		limits.nodes = 0;
	}
	if (e->bounds.depth_max && limits.depth > e->bounds.depth_max)
		limits.depth = e->bounds.depth_max;
	if (e->bounds.nodes_max && (!limits.nodes || limits.nodes > e->bounds.nodes_max))
		limits.nodes = e->bounds.nodes_max;
	return limits;
}

/* Returns the next word of *p (advancing it), NUL-terminated in place, or "" at the end. */
static char *next_word(char **p)
{
	char *s = *p;
	while (isspace((unsigned char)*s))
		s++;
	char *w = s;
	while (*s && !isspace((unsigned char)*s))
		s++;
	if (*s)
		*s++ = '\0';
	*p = s;
	return w;
}

/* Returns the whole number in `text` within [lo, hi], or `fallback` if it is not one. */
static long parse_number(const char *text, long lo, long hi, long fallback)
{
	long v;
	return game_parse_long(text, lo, hi, &v) ? v : fallback;
}

/* Plays `text` ("f5", "F5/1.25/0.3", "PA") on the engine's position. Returns whether it could. */
static bool play_text(struct engine *e, char *text)
{
	char *slash = strchr(text, '/');
	if (slash)
		*slash = '\0';
	struct game_move m;
	char err[GAME_ERR_MAX];
	if (reversi_rules.move_parse(&e->pos, text, &m, err) != GAME_OK) {
		/* The GUI may leave out a forced pass of the other side. */
		struct game_move moves[GAME_MOVES_MAX];
		struct reversi_pos after = e->pos;
		if (reversi_rules.generate(&after, moves) != 1 || moves[0].code != REVERSI_PASS) {
			fprintf(stderr, "nboard: move ignored: %s\n", err);
			return false;
		}
		reversi_rules.play(&after, &moves[0]);
		if (reversi_rules.move_parse(&after, text, &m, NULL) != GAME_OK) {
			fprintf(stderr, "nboard: move ignored: %s\n", err);
			return false;
		}
		e->pos = after;
	}
	reversi_rules.play(&e->pos, &m);
	return true;
}

/* Writes a move's text as NBoard wants it ("f5", "PA") into buf (8 bytes at least). */
static void move_name(const struct reversi_pos *pos, const struct game_move *m, char *buf)
{
	if (m->code == REVERSI_PASS)
		strcpy(buf, "PA");
	else
		reversi_square_name(pos->size, (int)m->code, buf);
}

/* Writes a score in discs for NBoard ("0.25", "-18.00" for a proven loss) into buf. */
static void eval_text(const struct cli_move_score *m, char *buf, size_t n)
{
	snprintf(buf, n, "%.2f", m->proven ? (double)m->margin : m->score / 100.0);
}

/* "go": searches the position and answers "=== move/eval/time" (the board stays as it is). */
static void command_go(struct engine *e)
{
	struct game_move moves[GAME_MOVES_MAX];
	const int n = reversi_rules.generate(&e->pos, moves);
	if (n == 0) {
		fputs("nboard: go: the game is over\n", stderr);
		return;
	}
	char name[8];
	if (n == 1 && moves[0].code == REVERSI_PASS) {
		say(e, "=== PA");
		return;
	}
	const struct search_limits limits = next_limits(e);
	const double t0 = cli_seconds(), c0 = cli_cpu_seconds();
	say(e, "status Parity is thinking");
	search_start(e->search, &e->pos, &limits);
	search_step(e->search, 0);
	const double t = cli_seconds() - t0;
	const struct search_result *r = search_result(e->search);
	struct cli_move_score m = {.move = r->move, .score = r->score};
	const uint64_t nodes = r->nodes;
	if (search_proven(r->score)) {
		/* A proven result: the margin the search found (exact, or at least this much after
		 * an outcome-only search). No play-out to the end: that took more searches at the
		 * level's limits before the answer, up to several times the move's own time. */
		m.proven = true;
		m.margin = search_margin(r->score);
	}
	char eval[32];
	eval_text(&m, eval, sizeof eval);
	move_name(&e->pos, &m.move, name);
	say(e, "nodestats %llu %.2f", (unsigned long long)nodes, t);
	if (log_searches)
		fprintf(
		    stderr,
		    "nboard: move %s nodes %llu time %.3f cpu %.3f empties %d depth %d eval %s%s\n",
		    name, (unsigned long long)nodes, cli_seconds() - t0, cli_cpu_seconds() - c0,
		    reversi_rules.moves_left(&e->pos), r->depth, eval, r->book ? " book" : "");
	say(e, "=== %s/%s/%.2f", name, eval, t);
	say(e, "status");
}

/* "hint N": scores every move and answers a "search" line for each of the N best. */
static void command_hint(struct engine *e, long count)
{
	struct cli_move_score scores[GAME_MOVES_MAX];
	/* Each move's child is searched one ply less, so that the depths match "go". */
	struct search_limits limits = next_limits(e);
	if (limits.depth > 1)
		limits.depth--;
	say(e, "status Parity is thinking");
	const int n = cli_score_moves(e->search, &reversi_rules, &e->pos, &limits, scores);
	for (int i = 0; i < n && i < count; i++) {
		char name[8], eval[32];
		move_name(&e->pos, &scores[i].move, name);
		eval_text(&scores[i], eval, sizeof eval);
		say(e, "search %s %s 0 %d", name, eval, scores[i].depth + 1);
	}
	say(e, "status");
}

/* "set ...": depth, game and contempt. */
static void command_set(struct engine *e, char *rest)
{
	const char *what = next_word(&rest);
	if (strcmp(what, "depth") == 0) {
		const long d = parse_number(next_word(&rest), 1, SEARCH_MAX_DEPTH, 0);
		if (d)
			e->depth = (int)d;
		else
			fprintf(stderr, "nboard: set depth wants 1 to %d\n", SEARCH_MAX_DEPTH);
	} else if (strcmp(what, "game") == 0) {
		struct ggf_game *game = malloc(sizeof *game);
		char err[GAME_ERR_MAX];
		if (!game)
			fputs("nboard: out of memory\n", stderr);
		else if (ggf_read(rest, game, err) != GAME_OK)
			fprintf(stderr, "nboard: game ignored: %s\n", err);
		else
			e->pos = game->end;
		free(game);
	} else if (strcmp(what, "contempt") != 0) {
		fprintf(stderr, "nboard: ignored: set %s\n", what);
	}
}

int nboard_run(FILE *in, FILE *out, const struct level *level, const struct nboard_bounds *bounds)
{
	struct engine e = {.out = out, .level = level, .seed = 1};
	if (bounds)
		e.bounds = *bounds;
	if (!e.level)
		e.level = level_find(&reversi_rules, "medium");
	reversi_rules.start(&e.pos, NULL);
	e.search = search_new(&reversi_rules, e.bounds.tt_bits > 0 ? e.bounds.tt_bits : TT_BITS);
	char *line = malloc(LINE_MAX_BYTES);
	if (!e.search || !line) {
		fputs("nboard: out of memory\n", stderr);
		search_free(e.search);
		free(line);
		return 1;
	}
	int len;
	while ((len = span_read_line(in, line, LINE_MAX_BYTES)) != SPAN_LINE_END) {
		if (len == SPAN_LINE_TOO_LONG || len == SPAN_LINE_NUL) {
			/* One refused line: the next command is read as it came. */
			fprintf(stderr, "nboard: ignored a line %s\n",
			        len == SPAN_LINE_NUL ? "holding a NUL byte"
			                             : "too long to be a command");
			continue;
		}
		char *rest = line;
		char *command = next_word(&rest);
		if (!*command)
			continue;
		if (strcmp(command, "quit") == 0)
			break;
		if (strcmp(command, "nboard") == 0) {
			say(&e, "set myname Parity-%s", e.level->name);
		} else if (strcmp(command, "set") == 0) {
			command_set(&e, rest);
		} else if (strcmp(command, "move") == 0) {
			play_text(&e, next_word(&rest));
		} else if (strcmp(command, "go") == 0) {
			command_go(&e);
		} else if (strcmp(command, "hint") == 0) {
			command_hint(&e, parse_number(next_word(&rest), 1, GAME_MOVES_MAX, 1));
		} else if (strcmp(command, "ping") == 0) {
			const char *n = next_word(&rest);
			say(&e, "pong%s%s", *n ? " " : "", n);
		} else if (strcmp(command, "learn") == 0) {
			say(&e, "learned");
		} else if (strlen(command) == 2 && isalpha((unsigned char)command[0]) &&
		           isdigit((unsigned char)command[1])) {
			play_text(&e, command); /* NBoard 1.1 sends a bare "F5" */
		} else {
			for (char *c = command; *c; c++)
				if (!isprint((unsigned char)*c))
					*c = '?';
			fprintf(stderr, "nboard: ignored: %.40s\n", command);
		}
	}
	search_free(e.search);
	free(line);
	return 0;
}

int cli_nboard(int argc, char **argv)
{
	const struct level *lv = level_find(&reversi_rules, "medium");
	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "--level") == 0 && i + 1 < argc) {
			lv = level_find(&reversi_rules, argv[++i]);
			if (!lv) {
				fprintf(stderr, "parity: unknown level \"%s\"\n", argv[i]);
				return 2;
			}
		} else if (strcmp(argv[i], "--log") == 0) {
			log_searches = true;
		} else {
			fputs(
			    "usage: parity nboard [--level beginner|medium|hard|expert] [--log]\n",
			    stderr);
			return 2;
		}
	}
	cli_load_data(&reversi_rules);
	return nboard_run(stdin, stdout, lv, NULL);
}
