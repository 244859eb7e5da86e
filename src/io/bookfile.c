/*
 * io/bookfile.c — the opening books' file container (io/bookfile.h).
 */
#include "io/bookfile.h"

#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "core/hash.h"
#include "io/atomic.h"

/* The check of a file's first n bytes. */
static uint64_t check_of(const unsigned char *d, size_t n)
{
	uint64_t h = hash_mix64(n);
	for (size_t i = 0; i < n; i += 8) {
		const size_t k = n - i < 8 ? n - i : 8;
		h = hash_mix64(h ^ le_get(d + i, (int)k));
	}
	return h;
}

int book_file_read(const struct book_format *f, const char *path, char **data,
                   const unsigned char **entries, size_t *count, char *err)
{
	const size_t check = f->checked ? BOOK_FILE_CHECK : 0;
	size_t n = 0;
	*data = NULL;
	const int rc = atomic_read(
	    path, data, &n, BOOK_FILE_HEADER + f->max_entries * f->entry_bytes + check, NULL);
	if (rc != 0)
		return game_fail(err, rc, "cannot read the opening book %.100s", path);
	const unsigned char *d = (const unsigned char *)*data;
	const size_t c = n >= BOOK_FILE_HEADER ? (size_t)le_get(d + 8, 4) : 0;
	const size_t body = BOOK_FILE_HEADER + c * f->entry_bytes;
	if (n < BOOK_FILE_HEADER || memcmp(d, f->magic, sizeof f->magic) != 0 ||
	    c > f->max_entries || n != body + check ||
	    (f->checked && le_get(d + body, 8) != check_of(d, body))) {
		free(*data);
		*data = NULL;
		return game_fail(err, IO_ERR_CORRUPT, "%.100s is not %s", path, f->what);
	}
	*entries = d + BOOK_FILE_HEADER;
	*count = c;
	return 0;
}

unsigned char *book_file_new(const struct book_format *f, size_t count, size_t *n)
{
	*n = BOOK_FILE_HEADER + count * f->entry_bytes + (f->checked ? BOOK_FILE_CHECK : 0);
	unsigned char *d = calloc(1, *n);
	if (!d)
		return NULL;
	memcpy(d, f->magic, sizeof f->magic);
	le_put(d + 8, count, 4);
	return d;
}

unsigned char *book_file_entry(const struct book_format *f, unsigned char *d, size_t i)
{
	return d + BOOK_FILE_HEADER + i * f->entry_bytes;
}

void book_file_seal(const struct book_format *f, unsigned char *d, size_t n)
{
	if (f->checked)
		le_put(d + n - BOOK_FILE_CHECK, check_of(d, n - BOOK_FILE_CHECK), 8);
}
