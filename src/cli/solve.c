/*
 * cli/solve.c — `parity solve reversi POSITION` and `parity solve reversi --file FILE.obf`:
 * the exact endgame solver (games/reversi/endgame.h) from the command line.
 *
 * One line per position: <best move> <exact score> <nodes> <seconds>, the move as "a2",
 * "pass" or "none" (the game is over), the score for the side to move. With --file, each
 * line of an OBF file (`<64 squares> <X|O>; <move>:<score>; ...`, best answers first) is
 * solved, checked against its answers when it has them, and a total line follows:
 * total <positions> <nodes> <seconds> <nodes-per-second>.
 * A position with more than 28 empty squares is refused unless --force is given: the time
 * grows about threefold with each empty square, and the start position would never finish.
 * Exit status: 0, 1 if an answer disagrees, 2 on bad arguments or input.
 */
#include "cli/cli.h"
#include "io/atomic.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/reversi/endgame.h"
#include "games/reversi/pattern.h"
#include "games/reversi/reversi.h"

/* Prints how to call solve and returns exit status 2. */
static int usage(void)
{
	fputs("usage: parity solve reversi [--force] POSITION | parity solve reversi [--force] "
	      "--file FILE.obf | parity solve dots [--threads N] [--memory SIZE] [--first] RxC "
	      "[POSITION] | parity solve dots --file FILE\n",
	      stderr);
	return 2;
}

/* The most empty squares solved without --force. The time grows about threefold with each
 * empty square: 20 to 24 empties take seconds (docs/BENCHMARKS.md, FFO #40-#49), 28 minutes,
 * and the start position (60) would never finish. */
enum { SOLVE_EMPTIES_MAX = 28 };
static int empties_max = SOLVE_EMPTIES_MAX; /* no limit with --force */

/* Reads an 8×8 position from `text` into (P, O) for the side to move; returns GAME_OK or an
 * error code with a message in err (among them a position with more than empties_max empty
 * squares). */
static int read_board(const char *text, uint64_t *P, uint64_t *O, char *err)
{
	struct reversi_pos pos;
	const int rc = reversi_rules.pos_parse(&pos, text, NULL, err);
	if (rc != GAME_OK)
		return rc;
	if (pos.size != 8)
		return game_fail(err, GAME_ERR_OPTIONS,
		                 "the solver takes 8x8 positions only, not %dx%d", pos.size,
		                 pos.size);
	if (pos.hole)
		return game_fail(err, GAME_ERR_OPTIONS, "the solver takes no black hole");
	*P = (uint64_t)pos.disc[pos.side];
	*O = (uint64_t)pos.disc[!pos.side];
	int empties = 64;
	for (uint64_t b = *P | *O; b; b &= b - 1)
		empties--;
	if (empties > empties_max)
		return game_fail(err, GAME_ERR_OPTIONS,
		                 "%d empty squares: above %d the exact solve takes hours to years "
		                 "(about three times longer for each one more); --force solves it "
		                 "anyway",
		                 empties, SOLVE_EMPTIES_MAX);
	return GAME_OK;
}

/* Writes the text of a solver move into buf (8 bytes). */
static void move_name(int move, char *buf)
{
	if (move == ENDGAME_PASS)
		strcpy(buf, "pass");
	else if (move == ENDGAME_NO_MOVE)
		strcpy(buf, "none");
	else
		reversi_square_name(8, move, buf);
}

/* Solves (P, O) exactly and prints its line; returns the result (seconds in *t). */
static struct endgame_result solve_print(struct endgame_ctx *ctx, uint64_t P, uint64_t O, double *t)
{
	const double t0 = cli_seconds();
	const struct endgame_result r =
	    endgame_best(ctx, P, O, -ENDGAME_SCORE_MAX, ENDGAME_SCORE_MAX);
	*t = cli_seconds() - t0;
	char name[8];
	move_name(r.move, name);
	printf("%s %+d %llu %.3f\n", name, r.score, (unsigned long long)r.nodes, *t);
	fflush(stdout);
	return r;
}

/* The answers of one OBF line: moves (squares, or ENDGAME_PASS) and their scores. */
struct answers {
	int count;
	int move[64];
	int score[64];
};

/* Reads the `; move:score;` answers after the side to move; returns 0, or -1 if they are
 * malformed. */
static int read_answers(const char *line, struct answers *a)
{
	a->count = 0;
	const char *p = strchr(line, ';');
	while (p && *p) {
		while (*p == ';' || isspace((unsigned char)*p))
			p++;
		if (!*p)
			break;
		int move, used = 0;
		if (strncmp(p, "PS", 2) == 0 || strncmp(p, "ps", 2) == 0) {
			move = ENDGAME_PASS;
			used = 2;
		} else {
			move = reversi_square_parse(8, p, &used);
			if (move < 0)
				return -1;
		}
		p += used;
		char *end;
		if (*p++ != ':')
			return -1;
		const long score = strtol(p, &end, 10);
		if (end == p || score < -64 || score > 64 || a->count == 64)
			return -1;
		a->move[a->count] = move;
		a->score[a->count++] = (int)score;
		p = end;
	}
	return 0;
}

/* Solves every line of an OBF file; returns the exit status. */
static int solve_file(struct endgame_ctx *ctx, const char *path)
{
	char why[GAME_ERR_MAX];
	FILE *f = atomic_open_text(path, why);
	if (!f) {
		fprintf(stderr, "parity: %s\n", why);
		return 2;
	}
	char line[GAME_TEXT_MAX];
	int number = 0, positions = 0, wrong = 0;
	uint64_t nodes = 0;
	double seconds = 0;
	int got;
	while ((got = cli_read_line(f, line, sizeof line, path, number + 1)) != 0) {
		number++;
		if (got < 0) {
			fclose(f);
			return 2;
		}
		const char *text = line;
		while (isspace((unsigned char)*text))
			text++;
		if (!*text || *text == '%' || *text == '#')
			continue;
		uint64_t P, O;
		char err[GAME_ERR_MAX];
		struct answers a;
		if (read_board(text, &P, &O, err) != GAME_OK || read_answers(text, &a) != 0) {
			if (read_board(text, &P, &O, err) == GAME_OK)
				strcpy(err, "malformed move:score answers");
			fprintf(stderr, "parity: %s:%d: %s\n", path, number, err);
			fclose(f);
			return 2;
		}
		double t;
		const struct endgame_result r = solve_print(ctx, P, O, &t);
		positions++;
		nodes += r.nodes;
		seconds += t;
		if (!a.count)
			continue;
		int move_ok = 0;
		for (int i = 0; i < a.count && a.score[i] == a.score[0]; i++)
			move_ok |= a.move[i] == r.move;
		if (r.score != a.score[0] || !move_ok) {
			char name[8];
			move_name(r.move, name);
			printf("MISMATCH line %d: %s %+d, expected score %+d\n", number, name,
			       r.score, a.score[0]);
			wrong++;
		}
	}
	fclose(f);
	printf("total %d %llu %.3f %.0f\n", positions, (unsigned long long)nodes, seconds,
	       seconds > 0 ? (double)nodes / seconds : 0.0);
	if (wrong)
		printf("%d of %d positions disagree with their answers\n", wrong, positions);
	return wrong ? 1 : 0;
}

int cli_solve(int argc, char **argv)
{
	if (argc >= 1 && strcmp(argv[0], "dots") == 0)
		return cli_solve_dots(argc - 1, argv + 1);
	if (argc < 2)
		return usage();
	if (strcmp(argv[0], "reversi") != 0) {
		fprintf(stderr, "parity: solve knows reversi and dots, not \"%s\"\n", argv[0]);
		return 2;
	}
	const char *file = NULL;
	char position[GAME_TEXT_MAX] = "";
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--force") == 0) {
			empties_max = 64;
			continue;
		}
		if (strcmp(argv[i], "--file") == 0) {
			if (i + 1 >= argc || file) {
				fputs("parity: --file needs one file name\n", stderr);
				return 2;
			}
			file = argv[++i];
			continue;
		}
		if (cli_position_word(position, sizeof position, argv[i]) != 0)
			return 2;
	}
	if (!file == !*position)
		return usage();
	uint64_t P = 0, O = 0;
	char err[GAME_ERR_MAX];
	if (!file && read_board(position, &P, &O, err) != GAME_OK) {
		fprintf(stderr, "parity: bad reversi position: %s\n", err);
		return 2;
	}
	cli_load_data(&reversi_rules); /* the solver sorts moves with the evaluation when it can */
	struct endgame_ctx *ctx = endgame_new(0);
	if (!ctx) {
		fputs("parity: not enough memory for the solver's table\n", stderr);
		return 2;
	}
	int status = 0;
	if (file) {
		status = solve_file(ctx, file);
	} else {
		double t;
		solve_print(ctx, P, O, &t);
	}
	endgame_free(ctx);
	return status;
}
