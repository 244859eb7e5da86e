/*
 * io/atomic.h — whole-file reads and crash-safe writes for small files (settings, saves).
 *
 * A write goes to `path.tmp.PID` in the same directory (a name of the writer's own, so two
 * programs writing one file never share a temporary file), is flushed to disk, renamed over
 * `path` and the directory is flushed too: after a crash the file holds either the old
 * content or the new, never a mix. Only a regular file is ever replaced or read: a device
 * node, a FIFO, a directory or a socket at `path` is refused with a message (and a FIFO is
 * opened without waiting for a writer, so it never hangs the caller). This header also holds the error codes of every loader in io/;
 * they lie below the rules' GAME_ERR_* codes (core/game.h) so that the two never clash.
 */
#ifndef PARITY_IO_ATOMIC_H
#define PARITY_IO_ATOMIC_H

#include <stddef.h>
#include <stdio.h>

/*
 * Error codes of the io/ functions (0, GAME_OK, means success). Every one comes with a
 * message in the caller's err buffer (GAME_ERR_MAX bytes). IO_ERR_NO_FILE is not a fault
 * to report: it is how a first run looks.
 */
enum io_error {
	IO_ERR_NO_FILE = -10,    /* the file does not exist */
	IO_ERR_SYSTEM = -11,     /* the system refused: open, read, write, fsync, rename, memory */
	IO_ERR_TOO_BIG = -12,    /* the file is larger than the caller allows */
	IO_ERR_CORRUPT = -13,    /* the file is there but its content is wrong; nothing was used */
	IO_ERR_PARTLY_BAD = -14, /* some lines were wrong and skipped; the rest was used */
};

/*
 * Replaces the file at `path` by the `n` bytes at `data`, atomically (see above).
 * Refuses an empty path and one where something other than a regular file stands.
 * Returns 0, or IO_ERR_SYSTEM with a message naming the path and the system's reason in
 * err (GAME_ERR_MAX bytes, may be NULL). On a failure before the rename the old file is
 * untouched and the temporary file removed; a failure to flush the directory after the
 * rename is reported too, though the new content is then in place.
 */
int atomic_write(const char *path, const void *data, size_t n, char *err);

/*
 * Removes the temporary files `path.tmp.PID` that writers killed before their rename left
 * (kill -9, a crash, a power cut), those whose process no longer runs. A temporary file of a
 * running process is left alone. Returns how many were removed.
 */
int atomic_remove_stale(const char *path);

/*
 * Reads the whole file at `path` into a new NUL-terminated buffer (*data, free it with free;
 * *n, which may be NULL, gets its length without the NUL). Returns 0, IO_ERR_NO_FILE when
 * there is no such file, IO_ERR_TOO_BIG when it holds more than `max` bytes, or
 * IO_ERR_SYSTEM (among others for a directory, FIFO or device); on every error *data is NULL
 * and err (may be NULL) says why.
 */
int atomic_read(const char *path, char **data, size_t *n, size_t max, char *err);

/*
 * Opens the file at `path` for reading line by line, as atomic_read would read it: only a
 * regular file (a directory, FIFO or device is refused, and a FIFO is never waited on).
 * Returns the stream (fclose it), or NULL with a message naming the path in err (GAME_ERR_MAX
 * bytes, may be NULL).
 */
FILE *atomic_open_text(const char *path, char *err);

/*
 * Makes the directory `path` and any of its parents that are missing (as `mkdir -p`), with
 * mode 0700 (settings and saves are the user's own). Returns 0 when it is a directory
 * afterwards, or IO_ERR_SYSTEM with a message naming the part that could not be made.
 */
int atomic_make_dirs(const char *path, char *err);

#endif
