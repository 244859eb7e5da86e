/*
 * io/span.h — pieces of a text file (a pointer and a length, not NUL-terminated), and the
 * few things the INI-like readers of settings and saved games do with them.
 */
#ifndef PARITY_IO_SPAN_H
#define PARITY_IO_SPAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

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

/* What span_read_line found besides a line's length. */
enum {
	SPAN_LINE_END = -1,      /* the end of the input: no line */
	SPAN_LINE_TOO_LONG = -2, /* a line of cap bytes or more: read to its end and refused */
	SPAN_LINE_NUL = -3,      /* a line holding a NUL byte: read to its end and refused */
};

/*
 * Reads the next line of `f` into buf (cap bytes, NUL-terminated, the '\n' left out), the
 * one line reader of the text protocols and line files: a line is always read whole, to its
 * '\n' or the end of the input, so that a refused line is one line, never two and never the
 * start of the next. Returns its length, or a SPAN_LINE_* code (buf then holds "").
 */
int span_read_line(FILE *f, char *buf, size_t cap);

#endif
