/*
 * io/records.h — record files on disk, for every game whose module reads records
 * (struct game_record): `parity --open`, the window's list of games in a file, and
 * `parity review`.
 */
#ifndef PARITY_IO_RECORDS_H
#define PARITY_IO_RECORDS_H

#include <stdbool.h>
#include <stddef.h>

#include "core/match.h"
#include "core/module.h"

/* The largest record file Parity reads (a larger one is refused before it is read). */
enum { RECORD_FILE_MAX = 64 << 20 };

/* Reads the whole file at path into a new NUL-terminated buffer (free it), its length in
 * *len; NULL with a message in err when it cannot (no such file, over RECORD_FILE_MAX, a
 * directory, a FIFO, unreadable, out of memory: io/atomic.h's atomic_read). */
char *record_file_read(const char *path, size_t *len, char *err, size_t errlen);

/* Returns the registry index of the game whose records the file at path holds: by its
 * extension (the first game with a record reader for it), else the first game whose reader
 * finds a playable game in it; -1 when none does. */
int record_file_game(const char *path);

/* Reads the games of the record file at path with game g's reader: returns their number
 * (>= 0) with a new array in *games (free it with record_games_free), or -1 with a message
 * in err. */
int record_file_games(const char *path, int g, struct record_game **games, char *err,
                      size_t errlen);

/* Builds in *m (free it with match_free) game `number` (1-based) of the file at path, of game
 * g's records, every move played, storing in *games how many games the file holds; returns
 * success, or false with a message in err (and nothing to free). */
bool record_file_match(const char *path, int g, int number, struct match *m, int *games, char *err,
                       size_t errlen);

#endif
