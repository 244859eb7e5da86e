/*
 * cli/match.c — `parity match GAME LEVEL1 LEVEL2 [options]`: games between two levels of the
 * engine in this process, for the strength ladders of checkers (match_checkers.c) and Dots and
 * Boxes (match_dots.c). Reversi's matches go through `parity referee`, which also plays other
 * programs.
 */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"

int cli_match(int argc, char **argv)
{
	if (argc >= 1 && strcmp(argv[0], "checkers") == 0)
		return cli_match_checkers(argc, argv);
	if (argc >= 1 && strcmp(argv[0], "dots") == 0)
		return cli_match_dots(argc, argv);
	fputs(
	    "usage: parity match checkers|dots LEVEL1 LEVEL2 [options] (Reversi: parity referee)\n",
	    stderr);
	return 2;
}
