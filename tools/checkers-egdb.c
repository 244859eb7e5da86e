/*
 * tools/checkers-egdb.c — builds Parity's checkers endgame databases (games/checkers/egdb.h)
 * by retrograde analysis and writes them, run-length compressed, to a file the engine loads
 * from its data directory when present (`make`: assets/checkers-egdb.bin, up to 4 pieces;
 * `make egdb`: assets/checkers-egdb-5.bin, up to 5, and assets/checkers-egdb-6.bin, the
 * 6-piece tables in the block format, win/draw/loss only).
 *
 *   checkers-egdb [--pieces N] [--out FILE] [--blocks FILE] [--verbose]
 *   checkers-egdb --probe-speed DIR N
 *
 * --blocks also solves every position of N + 1 pieces, material by material, into FILE.
 * --probe-speed loads the tables of data directory DIR as the program does and times N probes
 * of random positions of each number of pieces it holds (CPU seconds).
 * Prints, for each number of pieces, the positions held (either side to move), how many the
 * side to move wins, draws and loses, and the longest distance to a change of material.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "games/checkers/egdb.h"

static double cpu_seconds(void)
{
	return (double)clock() / CLOCKS_PER_SEC;
}

/* --probe-speed: loads dir's tables and times n probes per number of pieces. */
static int probe_speed(const char *dir, long n)
{
	char err[GAME_ERR_MAX];
	double t0 = cpu_seconds();
	if (checkers_egdb_load(dir, err) != 0) {
		fprintf(stderr, "checkers-egdb: %s\n", err);
		return 1;
	}
	printf("loaded up to %d pieces from %s in %.2f s of CPU\n", checkers_egdb_pieces(), dir,
	       cpu_seconds() - t0);
	for (int pieces = 2; pieces <= checkers_egdb_pieces(); pieces++) {
		enum { BATCH = 4096 };
		static struct checkers_pos batch[BATCH];
		uint64_t seed = (uint64_t)pieces, sum = 0;
		double spent = 0;
		for (long done = 0; done < n; done += BATCH) {
			for (int i = 0; i < BATCH;)
				i += checkers_egdb_random(&seed, pieces, &batch[i]);
			t0 = cpu_seconds();
			for (int i = 0; i < BATCH; i++)
				sum += (uint64_t)(checkers_egdb_probe(&batch[i], NULL) + 2);
			spent += cpu_seconds() - t0;
		}
		const long probes = (n + BATCH - 1) / BATCH * BATCH;
		printf("%d pieces: %ld probes in %.2f s of CPU, %.0f ns a probe (check %llu)\n",
		       pieces, probes, spent, spent * 1e9 / (double)probes,
		       (unsigned long long)sum);
	}
	return 0;
}

int main(int argc, char **argv)
{
	int pieces = 5;
	const char *out = NULL, *blocks = NULL;
	bool verbose = false;
	if (argc == 4 && !strcmp(argv[1], "--probe-speed"))
		return probe_speed(argv[2], atol(argv[3]));
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--pieces") && i + 1 < argc)
			pieces = atoi(argv[++i]);
		else if (!strcmp(argv[i], "--out") && i + 1 < argc)
			out = argv[++i];
		else if (!strcmp(argv[i], "--blocks") && i + 1 < argc)
			blocks = argv[++i];
		else if (!strcmp(argv[i], "--verbose"))
			verbose = true;
		else {
			fprintf(stderr,
			        "usage: checkers-egdb [--pieces N] [--out FILE] [--blocks FILE] "
			        "[--verbose]\n       checkers-egdb --probe-speed DIR N\n");
			return 2;
		}
	}
	if (pieces < 2 || pieces > (blocks ? EGDB_PIECES_MAX - 1 : EGDB_PIECES_MAX)) {
		fprintf(stderr, "checkers-egdb: pieces must be 2 to %d\n",
		        blocks ? EGDB_PIECES_MAX - 1 : EGDB_PIECES_MAX);
		return 2;
	}
	const double t0 = cpu_seconds();
	if (checkers_egdb_build(pieces, verbose ? stderr : NULL) != 0) {
		fprintf(stderr, "checkers-egdb: out of memory\n");
		return 1;
	}
	printf("built up to %d pieces in %.1f s of CPU\n", pieces, cpu_seconds() - t0);
	for (int n = 2; n <= pieces; n++) {
		uint64_t total, w, d, l;
		checkers_egdb_count(n, &total, &w, &d, &l);
		printf(
		    "%d pieces: %llu positions (%llu wins, %llu draws, %llu losses for the side to "
		    "move), longest %d plies\n",
		    n, (unsigned long long)total, (unsigned long long)w, (unsigned long long)d,
		    (unsigned long long)l, checkers_egdb_longest(n));
	}
	if (out) {
		FILE *f = fopen(out, "wb");
		if (!f || checkers_egdb_write(f, pieces) != 0 || fclose(f) != 0) {
			fprintf(stderr, "checkers-egdb: cannot write %s\n", out);
			return 1;
		}
		printf("wrote %s\n", out);
	}
	if (blocks) {
		/* Written beside, then renamed: the program never maps half a file. */
		char part[4200];
		snprintf(part, sizeof part, "%.4000s.part", blocks);
		FILE *f = fopen(part, "wb");
		struct egdb_stats st;
		const double t1 = cpu_seconds();
		if (!f ||
		    checkers_egdb_build_blocks(pieces + 1, f, &st, verbose ? stderr : NULL) != 0 ||
		    fclose(f) != 0 || rename(part, blocks) != 0) {
			fprintf(stderr, "checkers-egdb: cannot build or write %s\n", blocks);
			return 1;
		}
		printf(
		    "%d pieces: %llu positions (%llu wins, %llu draws, %llu losses for the side to "
		    "move), longest %d plies, built in %.1f s of CPU\n",
		    pieces + 1, (unsigned long long)st.positions, (unsigned long long)st.wins,
		    (unsigned long long)st.draws, (unsigned long long)st.losses, st.longest,
		    cpu_seconds() - t1);
		printf("wrote %s (%llu bytes of tables)\n", blocks, (unsigned long long)st.bytes);
	}
	return 0;
}
