/*
 * cli/cli.h — the headless subcommands of `parity` (perft, and more as they come).
 * Each takes the arguments after its own name and returns the process exit status:
 * 0 success, 1 a check failed, 2 bad arguments or input (with one line on stderr).
 */
#ifndef PARITY_CLI_CLI_H
#define PARITY_CLI_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "core/game.h"
#include "core/level.h"
#include "core/search.h"

/* `parity perft GAME DEPTH [POSITION] [options]`: counts leaves per depth. */
int cli_perft(int argc, char **argv);

/* `parity bench search GAME LEVEL`: the engine's speed headless. */
int cli_bench(int argc, char **argv);

/* `parity solve reversi POSITION | --file FILE.obf`: exact 8×8 endgame scores and moves. */
int cli_solve(int argc, char **argv);

/* `parity solve dots RxC [POSITION] | --file FILE`: exact Dots and Boxes values and every
 * optimal edge (argv starts after "dots"). */
int cli_solve_dots(int argc, char **argv);

/* `parity analyse reversi POSITION [--level L] [--depth N]`: every legal move's score. */
int cli_analyse(int argc, char **argv);

/* `parity review FILE [--game N] [--level L] [--json]`: every move of a recorded game judged. */
int cli_review(int argc, char **argv);

/* `parity nboard [--level L]`: the NBoard engine protocol on stdin and stdout. */
int cli_nboard(int argc, char **argv);

/* `parity referee [options] CMD1 CMD2`: games between two NBoard engines. */
int cli_referee(int argc, char **argv);

/* `parity pdn check FILE`: replays every game of a PDN file, reports the first fault of each. */
int cli_pdn(int argc, char **argv);

/* `parity match checkers|dots LEVEL1 LEVEL2 [options]`: games between two engine levels
 * in-process (cli/match.c dispatches to these two). */
int cli_match_checkers(int argc, char **argv);
int cli_match_dots(int argc, char **argv);
int cli_match(int argc, char **argv);

/* Bounds on the engine behind nboard_run, for tests and the fuzz harness (0: none, the
 * program's own): its transposition table (2^tt_bits entries; the program's is 2^20), and
 * the depth and nodes of every search, whatever the level or `set depth` asks. */
struct nboard_bounds {
	int tt_bits;
	int depth_max;
	uint64_t nodes_max;
};

/* Speaks the NBoard protocol, reading commands from `in` and answering on `out`, searching at
 * `level` (NULL: medium) within `bounds` (NULL: none) until `quit` or the end of the input.
 * Returns 0. */
int nboard_run(FILE *in, FILE *out, const struct level *level, const struct nboard_bounds *bounds);

/* One move's score from cli_score_moves. */
struct cli_move_score {
	struct game_move move;
	int score;      /* for the side to move, in evaluation units (or beyond ±SEARCH_WIN/2) */
	bool proven;    /* the search proved the game's end ... */
	int margin;     /* ... with this final disc difference for the side to move */
	int depth;      /* the depth reached below the move */
	uint64_t nodes; /* positions visited for it */
};

/* Scores every legal move of `pos` by searching the position after it under `limits` (less
 * their noise) with `s`, filling `out` (room for GAME_MOVES_MAX) best first. Returns how many
 * (0: the game is over). */
int cli_score_moves(struct search *s, const struct game_rules *rules, const void *pos,
                    const struct search_limits *limits, struct cli_move_score *out);

/* Returns the final disc difference, for `side`, at the end of the line the engine plays from
 * `pos` (searching each move under `limits` with `s`): the margin of a proven result. */
int cli_proven_margin(struct search *s, const struct game_rules *rules, const void *pos,
                      const struct search_limits *limits, int side);

/* Writes a move score as analyse prints it ("+1.25", "win +18"). Returns snprintf's count. */
int cli_format_score(const struct cli_move_score *m, char *buf, size_t n);

/* Reads an option of `rules`' game (its module's: --size, --anti, ...) or --seed from
 * argv[*i]; returns 1 if it took the option (advancing *i past its value), 0 if it is not an
 * option of any game, -1 (with a message on stderr) for a bad value or another game's
 * option. */
int cli_game_option(const struct game_rules *rules, int argc, char **argv, int *i,
                    struct game_options *opt);

/* Returns the names of the games, "reversi|checkers|dots", from the registry. */
const char *cli_game_names(void);

/* Reads line `number` of the file at `path` (for the message) into buf (cap bytes) with
 * span_read_line: returns 1 for a line, 0 at the end, -1 for a line refused whole (too long,
 * or a NUL byte) with a line on stderr. */
int cli_read_line(FILE *f, char *buf, size_t cap, const char *path, int number);

/* Appends one word of a position given on the command line (it may come as one argument or
 * as several) to `position` (n bytes). Returns 0, or 2 with a line on stderr for an unknown
 * option or a position too long. */
int cli_position_word(char *position, size_t n, const char *arg);

/* Loads the data file of `rules`' game (its module's data_file and load: Reversi's
 * evaluation weights) before a command's first search, once: from $PARITY_DATA alone when it
 * is set, else from the first data directory that holds it (io/datadir.h). Without it, it
 * says so on stderr, once, and the engine keeps its simpler evaluation. Returns whether the
 * game needs nothing or its data is loaded. */
bool cli_load_data(const struct game_rules *rules);

/* Returns a monotonic clock reading in seconds. */
double cli_seconds(void);

/* Returns this process's CPU seconds (user + system). */
double cli_cpu_seconds(void);

#endif
