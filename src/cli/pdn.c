/*
 * cli/pdn.c — `parity pdn check FILE`: replays every game of a PDN file (io/pdn.h) and
 * reports the first fault of each, one line per faulty game:
 *
 *     game 3 (line 40): move 12 White: 22-18 is not a legal move for White
 *
 * Every game that replays is also written back as PDN and read again, and must come back
 * move for move the same (the writer and the reader agree). A closing line counts it all:
 *
 *     20 games, 1234 moves: 20 replay, 20 read back identical
 *
 * Exit status: 0 when every game replays, 1 when one does not (or does not read back the
 * same), 2 for bad arguments or a file that cannot be read.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "io/atomic.h"
#include "io/pdn.h"

enum { PDN_FILE_MAX = 64 << 20 }; /* bytes of PDN one check reads */

/* Prints how to call pdn and returns exit status 2. */
static int usage(void)
{
	fputs("usage: parity pdn check FILE.pdn\n", stderr);
	return 2;
}

/* Returns whether game g, written as PDN and read back, has the same start and moves. */
static bool reads_back(const struct pdn_game *g)
{
	const size_t n = pdn_write_size(g);
	char *buf = malloc(n);
	if (!buf)
		return false;
	bool same = false;
	const int len = pdn_write(g, buf, n);
	struct pdn_file back;
	if (len >= 0 && pdn_read(buf, (size_t)len, &back, NULL) == 1) {
		const struct pdn_game *b = &back.games[0];
		same = b->error == GAME_OK && b->count == g->count &&
		       memcmp(&b->start, &g->start, sizeof g->start) == 0;
		for (int i = 0; same && i < g->count; i++)
			same = game_move_equal(&b->moves[i], &g->moves[i]);
	}
	pdn_free(&back);
	free(buf);
	return same;
}

int cli_pdn(int argc, char **argv)
{
	if (argc != 2 || strcmp(argv[0], "check") != 0)
		return usage();
	char *text = NULL;
	size_t len = 0;
	char err[GAME_ERR_MAX];
	if (atomic_read(argv[1], &text, &len, PDN_FILE_MAX, err) != 0) {
		fprintf(stderr, "parity: %s\n", err);
		return 2;
	}
	struct pdn_file file;
	const int rc = pdn_read(text, len, &file, err);
	free(text);
	if (rc < 0) {
		fprintf(stderr, "parity: %s: %s\n", argv[1], err);
		pdn_free(&file);
		return 2;
	}
	long moves = 0;
	int good = 0, identical = 0;
	for (int i = 0; i < file.count; i++) {
		const struct pdn_game *g = &file.games[i];
		moves += g->count;
		if (g->error != GAME_OK) {
			printf("%s\n", g->err);
			continue;
		}
		good++;
		if (reads_back(g))
			identical++;
		else
			printf(
			    "game %d (line %d): written back as PDN, it does not read the same\n",
			    g->number, g->line);
	}
	printf("%d games, %ld moves: %d replay, %d read back identical\n", file.count, moves, good,
	       identical);
	const int count = file.count;
	pdn_free(&file);
	return good == count && identical == good ? 0 : 1;
}
