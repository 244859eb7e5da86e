/*
 * io/span.h — pieces of a text file (a pointer and a length, not NUL-terminated), and the
 * few things the INI-like readers of settings and saved games do with them.
 */
#ifndef PARITY_IO_SPAN_H
#define PARITY_IO_SPAN_H

#include <stdbool.h>
#include <stddef.h>

struct span {
	const char *s;
	size_t len;
};

/* Returns whether c is a blank (space, tab, carriage return...) but not a line break. */
bool span_blank(char c);

/* Returns the span without the blanks at either end. */
struct span span_trim(struct span a);

/* Writes a printable, shortened copy of the span into out (32 bytes) for a message. */
void span_quote(struct span a, char out[32]);

#endif
