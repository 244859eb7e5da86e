/*
 * io/bookfile.h — the file an opening book is kept in, whatever the game: 8 magic bytes, the
 * number of entries (4 bytes, little-endian), that many entries of a fixed size, and for a
 * checked format an 8-byte check of everything before it. Each game's book (its book.c)
 * says what an entry holds and checks each one; this file reads and writes the container,
 * read whole through atomic_read.
 */
#ifndef PARITY_IO_BOOKFILE_H
#define PARITY_IO_BOOKFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "io/le.h" /* le_put, le_get: the entries' fields */

struct book_format {
	char magic[8];
	size_t entry_bytes;
	size_t max_entries; /* a larger count is refused */
	bool checked;       /* an 8-byte check closes the file */
	const char *what;   /* for messages: "an opening book" */
};

enum { BOOK_FILE_HEADER = 12, BOOK_FILE_CHECK = 8 };

/* Reads the book file at path: returns 0 with *data the file (malloc'ed: the caller frees it),
 * *entries its first entry and *count their number; else an IO_ERR_* code (io/atomic.h) with
 * err (GAME_ERR_MAX bytes) saying "cannot read …" or "… is not <what>", and nothing to free. */
int book_file_read(const struct book_format *f, const char *path, char **data,
                   const unsigned char **entries, size_t *count, char *err);

/* Returns a new file of `count` entries (*n bytes, malloc'ed), its header written and its
 * entries zero, or NULL when out of memory; fill book_file_entry(f, d, i) for each entry, then
 * close it with book_file_seal. */
unsigned char *book_file_new(const struct book_format *f, size_t count, size_t *n);
/* Returns entry i of a file made by book_file_new or read by book_file_read. */
unsigned char *book_file_entry(const struct book_format *f, unsigned char *d, size_t i);
/* Writes the check of a checked format's file (nothing for an unchecked one). */
void book_file_seal(const struct book_format *f, unsigned char *d, size_t n);

#endif
