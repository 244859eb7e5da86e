/*
 * main.c — the `parity` command line: a headless subcommand when the first argument names
 * one, otherwise the game window (app/). Only this file and app/ decide to report and exit.
 */
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

int main(int argc, char **argv)
{
	if (argc >= 2)
		for (size_t i = 0; i < sizeof subcommands / sizeof subcommands[0]; i++)
			if (strcmp(argv[1], subcommands[i].name) == 0)
				return subcommands[i].run(argc - 2, argv + 2);
	return app_main(argc, argv);
}
