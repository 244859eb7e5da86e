/*
 * games/checkers/egdb.h — Parity's own checkers endgame databases: every position with few
 * pieces, solved by retrograde analysis (egdb.c).
 *
 * A position's entry says whether the side to move wins, loses or draws with perfect play
 * (the 40-move rule and repetitions aside, as in every published database), and for a win or
 * a loss in how many plies the game leaves the position's material: the distance to the next
 * capture or crowning (or to the end of the game) that keeps the result, the winner hurrying
 * and the loser delaying. A side that always moves to the winning child of least distance
 * therefore wins: each of its moves either changes the material for good or shortens the
 * distance (the engine does exactly that, egdb.h's users in engine.c).
 *
 * The tables are built by tools/checkers-egdb.c (checkers_egdb_build): `make` writes every
 * position of up to 4 pieces to assets/checkers-egdb.bin in about 3 s, `make egdb` up to 5
 * pieces to assets/checkers-egdb-5.bin; both run-length compressed, read by the module's
 * load (checkers_egdb_load) from the data directory. They are global to the process: built or loaded once,
 * before searches start, and only read afterwards.
 */
#ifndef PARITY_GAMES_CHECKERS_EGDB_H
#define PARITY_GAMES_CHECKERS_EGDB_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "games/checkers/checkers.h"

enum {
	EGDB_PIECES_MAX = 6,    /* the most pieces a table may hold */
	EGDB_BUILTIN = 4,       /* the tables `make` builds */
	EGDB_DISTANCE_MAX = 126 /* the longest distance an entry can hold */
};

/* What a probe tells. */
enum egdb_result { EGDB_UNKNOWN = -2, EGDB_LOSS = -1, EGDB_DRAW = 0, EGDB_WIN = 1 };

/* Builds (once) the tables of every position of up to `pieces` pieces that are not there yet.
 * Returns 0, or -1 when out of memory. `progress` (may be NULL) gets a line per material. */
int checkers_egdb_build(int pieces, FILE *progress);

/* The files, in a data directory: the tables `make` builds (up to EGDB_BUILTIN pieces), and
 * the bigger ones `make egdb` builds, read instead when present. */
#define CHECKERS_EGDB_FILE     "checkers-egdb.bin"
#define CHECKERS_EGDB_FILE_BIG "checkers-egdb-5.bin"
#define CHECKERS_EGDB_FILE_SIX "checkers-egdb-6.bin" /* 6 pieces, mapped (attach below) */

/* Reads the tables from directory dir (the bigger file if there, else the other), and maps
 * the 6-piece file when it is there with the 5-piece one, forgetting any read before.
 * Returns 0, or -1 with a message in err (GAME_ERR_MAX bytes): then no table is loaded, but
 * for a damaged 6-piece file, which is left out while the smaller tables stay. */
int checkers_egdb_load(const char *dir, char *err);

/* Forgets every table. */
void checkers_egdb_unload(void);

/* Returns how many pieces every table up to is complete for (0: none), at most the limit. */
int checkers_egdb_pieces(void);

/* Sets the limit checkers_egdb_pieces keeps under (EGDB_PIECES_MAX at first): the engine then
 * probes no bigger table. For comparisons (bench/checkers_ab.c), between searches only. */
void checkers_egdb_limit(int pieces);

/* Looks a position up: its result for the side to move, and through *distance (may be NULL)
 * the plies to the change of material for a win or a loss, or -1 when the table does not
 * know it (the mapped 6-piece tables keep win, draw or loss only). EGDB_UNKNOWN when no table
 * holds it (too many pieces, or a side with none left). The move counter is not looked at. */
enum egdb_result checkers_egdb_probe(const struct checkers_pos *pos, int *distance);

/* Fills *pos with a pseudo-random placement of `pieces` pieces (a piece of each colour at
 * least, the side to move drawn too) from *seed, which it advances; returns false when the
 * placement drawn is not a position (two pieces on a square, a man on its crown row). For
 * checks and benchmarks. */
bool checkers_egdb_random(uint64_t *seed, int pieces, struct checkers_pos *pos);

/* Writes every table of up to `pieces` pieces (built) to f, run-length compressed. Returns 0 or
 * -1 (write error, or a table missing). */
int checkers_egdb_write(FILE *f, int pieces);

/* Reads tables written by checkers_egdb_write, replacing none that is already there. Returns
 * the pieces the file holds, or -1 with a message in err (GAME_ERR_MAX bytes). */
int checkers_egdb_read(FILE *f, char *err);

/* Counts the positions held for `pieces` pieces exactly (Black or White to move, each legal
 * placement once), and how many of them the side to move wins, draws and loses. */
void checkers_egdb_count(int pieces, uint64_t *positions, uint64_t *wins, uint64_t *draws,
                         uint64_t *losses);

/* Returns the longest distance (plies) held in the tables of `pieces` pieces exactly. */
int checkers_egdb_longest(int pieces);

/* Maps a file written by checkers_egdb_build_blocks (the tables of one more piece than those
 * in memory: built or read first) and probes it from now on, replacing any mapped before; the
 * file is read block by block as probes need it, never whole. Returns 0, or -1 with a message
 * in err (GAME_ERR_MAX bytes). */
int checkers_egdb_attach(const char *path, char *err);

/* Forgets the mapped file (checkers_egdb_unload does too). */
void checkers_egdb_detach(void);

/* What checkers_egdb_build_blocks found: positions held (a piece of each colour, Black or
 * White to move), their results for the side to move, the longest distance, the file's size. */
struct egdb_stats {
	uint64_t positions, wins, draws, losses, bytes;
	int longest;
};

/* Solves every position of exactly `pieces` pieces (3..EGDB_PIECES_MAX; the smaller tables
 * are built first if missing) material by material, writing each table to f in the block
 * format (win, draw or loss only; egdb.c) as soon as no table still to solve needs it, and
 * forgetting it: memory holds the smaller tables and two numbers of men at most. Fills *st.
 * Returns 0, or -1 when out of memory or on a write error. */
int checkers_egdb_build_blocks(int pieces, FILE *f, struct egdb_stats *st, FILE *progress);

#endif
