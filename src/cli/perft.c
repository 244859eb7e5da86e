/*
 * cli/perft.c — `parity perft GAME DEPTH [POSITION]`: the number of move sequences of each
 * length from 1 to DEPTH, with the time taken, so that rules can be checked against
 * published counts and their speed measured.
 *
 * Output, one line per depth: <depth> <nodes> <seconds> <nodes-per-second>.
 */
#include "cli/cli.h"
#include "io/span.h"

#include "core/module.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

double cli_seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

double cli_cpu_seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Returns the integer in `text` if it is one, within [lo, hi]; else sets *ok to 0. */
static long parse_long(const char *text, long lo, long hi, int *ok)
{
	long v = 0;
	if (!game_parse_long(text, lo, hi, &v))
		*ok = 0;
	return v;
}

int cli_game_option(const struct game_rules *rules, int argc, char **argv, int *i,
                    struct game_options *opt)
{
	char err[GAME_ERR_MAX];
	const int rc = game_options_arg(game_module_of(rules), argc, argv, i, opt, err);
	if (rc < 0) {
		fprintf(stderr, "parity: %s\n", err);
		return -1;
	}
	return rc;
}

const char *cli_game_names(void)
{
	static char names[256];
	game_module_names(names, sizeof names, "|");
	return names;
}

int cli_read_line(FILE *f, char *buf, size_t cap, const char *path, int number)
{
	const int n = span_read_line(f, buf, cap);
	if (n >= 0 || n == SPAN_LINE_END)
		return n >= 0;
	fprintf(stderr, "parity: %s:%d: %s\n", path, number,
	        n == SPAN_LINE_NUL ? "a NUL byte" : "a line too long (refused whole)");
	return -1;
}

int cli_position_word(char *position, size_t n, const char *arg)
{
	/* An unknown option; a Reversi board may start with "--" but holds only board
	 * characters. */
	if (arg[0] == '-' && arg[1] == '-' && isalpha((unsigned char)arg[2]) &&
	    arg[strspn(arg, "XxOo*-.# ")] != '\0') {
		fprintf(stderr, "parity: unknown option \"%s\"\n", arg);
		return 2;
	}
	if (strlen(position) + strlen(arg) + 2 > n) {
		fputs("parity: the position is too long\n", stderr);
		return 2;
	}
	if (*position)
		strcat(position, " ");
	strcat(position, arg);
	return 0;
}

/* Prints how to call perft and returns exit status 2. */
static int usage(void)
{
	char options[512];
	game_options_usage(options, sizeof options);
	fprintf(stderr, "usage: parity perft %s DEPTH [POSITION] %s\n", cli_game_names(), options);
	return 2;
}

int cli_perft(int argc, char **argv)
{
	if (argc < 2)
		return usage();
	const struct game_rules *rules = game_find(argv[0]);
	if (!rules) {
		fprintf(stderr, "parity: unknown game \"%s\" (%s)\n", argv[0], cli_game_names());
		return 2;
	}
	int ok = 1;
	const int depth = (int)parse_long(argv[1], 0, 64, &ok);
	if (!ok) {
		fprintf(stderr,
		        "parity: the depth must be a whole number from 0 to 64, not \"%s\"\n",
		        argv[1]);
		return 2;
	}
	struct game_options opt = {0};
	char position[GAME_TEXT_MAX] = "";
	bool shaped = false; /* an option of the game's own was given: the position must fit it */
	for (int i = 2; i < argc; i++) {
		const bool seed = strcmp(argv[i], "--seed") == 0;
		const int took = cli_game_option(rules, argc, argv, &i, &opt);
		if (took < 0)
			return 2;
		shaped |= took && !seed;
		if (took)
			continue;
		if (cli_position_word(position, sizeof position, argv[i]) != 0)
			return 2;
	}
	void *pos = game_pos_new(rules);
	if (!pos)
		return 2;
	char err[GAME_ERR_MAX];
	const int rc = *position ? rules->pos_parse(pos, position, shaped ? &opt : NULL, err)
	                         : rules->start(pos, &opt);
	if (rc != GAME_OK) {
		if (*position)
			fprintf(stderr, "parity: bad %s position: %s\n", rules->name, err);
		else
			fprintf(stderr, "parity: %s does not support these options\n", rules->name);
		free(pos);
		return 2;
	}
	for (int d = 1; d <= depth; d++) {
		const double t0 = cli_seconds();
		const uint64_t nodes = rules->perft(pos, d);
		const double t = cli_seconds() - t0;
		printf("%d %llu %.3f %.0f\n", d, (unsigned long long)nodes, t,
		       t > 0 ? (double)nodes / t : 0.0);
		fflush(stdout);
	}
	free(pos);
	return 0;
}
