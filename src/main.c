/*
 * main.c — the `parity` command line: a headless subcommand when the first argument names
 * one, otherwise the game window (app/). Only this file and app/ decide to report and exit.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "app/app.h"
#include "cli/cli.h"

static const struct {
	const char *name;
	int (*run)(int argc, char **argv);
} subcommands[] = {
    {"perft", cli_perft},     {"bench", cli_bench},   {"solve", cli_solve},
    {"analyse", cli_analyse}, {"nboard", cli_nboard}, {"referee", cli_referee},
    {"pdn", cli_pdn},         {"match", cli_match},   {"review", cli_review},
};

/* Returns the exit status once the output is written: a write that failed (a full disk,
 * `> /dev/full`, a closed pipe) is said on stderr and never ends with status 0. */
static int output_written(int status)
{
	errno = 0;
	const bool flushed = fflush(stdout) == 0;
	if (flushed && !ferror(stdout))
		return status;
	if (!flushed && errno)
		fprintf(stderr, "parity: cannot write the output: %s\n", strerror(errno));
	else
		fputs("parity: cannot write the output (a write to it failed)\n", stderr);
	return status ? status : 1;
}

int main(int argc, char **argv)
{
	if (argc >= 2)
		for (size_t i = 0; i < sizeof subcommands / sizeof subcommands[0]; i++)
			if (strcmp(argv[1], subcommands[i].name) == 0)
				return output_written(subcommands[i].run(argc - 2, argv + 2));
	return output_written(app_main(argc, argv));
}
