/*
 * main.c — the `parity` command line: with no arguments the game, otherwise a headless
 * subcommand (see `parity --help`). Only this file and app/ decide to report and exit.
 */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"

#define PARITY_VERSION "0.1.0"

/* Prints the help text to `out`. */
static void print_help(FILE *out)
{
	fputs("usage: parity [--help] [--version]\n"
	      "       parity perft GAME DEPTH [POSITION] [--size N|RxC] [--anti] [--black-hole] [--seed N]\n"
	      "\n"
	      "GAME is reversi, checkers or dots.\n"
	      "perft prints, for each depth from 1 to DEPTH: <depth> <nodes> <seconds> <nodes-per-second>.\n"
	      "POSITION: Reversi  64 (36, 100) characters of X, O, - and a side to move X or O;\n"
	      "          checkers PDN FEN such as B:W21-32:B1-12;\n"
	      "          dots     RxC, or RxC EDGES A|B BOXES_A BOXES_B OWNERS (docs/dots-notation.md).\n",
	      out);
}

int main(int argc, char **argv)
{
	if (argc >= 2 && strcmp(argv[1], "perft") == 0)
		return cli_perft(argc - 2, argv + 2);
	if (argc >= 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
		print_help(stdout);
		return 0;
	}
	if (argc >= 2 && strcmp(argv[1], "--version") == 0) {
		puts("parity " PARITY_VERSION);
		return 0;
	}
	if (argc >= 2) {
		fprintf(stderr, "parity: unknown command or option \"%s\" (see parity --help)\n",
			argv[1]);
		return 2;
	}
	print_help(stdout);
	return 0;
}
