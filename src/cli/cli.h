/*
 * cli/cli.h — the headless subcommands of `parity` (perft, and more as they come).
 * Each takes the arguments after its own name and returns the process exit status:
 * 0 success, 1 a check failed, 2 bad arguments or input (with one line on stderr).
 */
#ifndef PARITY_CLI_CLI_H
#define PARITY_CLI_CLI_H

#include "core/game.h"

/* `parity perft GAME DEPTH [POSITION] [options]`: counts leaves per depth. */
int cli_perft(int argc, char **argv);

/* `parity bench search GAME LEVEL`: the engine's speed headless. */
int cli_bench(int argc, char **argv);

/* `parity solve reversi POSITION | --file FILE.obf`: exact 8×8 endgame scores and moves. */
int cli_solve(int argc, char **argv);

/* Reads the game options shared by subcommands (--size, --anti, --black-hole, --seed) from
 * argv[*i]; returns 1 if it took the option (advancing *i past its value), 0 if the option is
 * not one of them, -1 (with a message on stderr) if its value is bad. */
int cli_game_option(int argc, char **argv, int *i, struct game_options *opt);

/* Returns a monotonic clock reading in seconds. */
double cli_seconds(void);

#endif
