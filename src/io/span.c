/*
 * io/span.c — text pieces for the file readers (see span.h).
 */
#include "io/span.h"

#include <string.h>

bool span_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

struct span span_trim(struct span a)
{
	while (a.len && span_blank(a.s[0])) {
		a.s++;
		a.len--;
	}
	while (a.len && span_blank(a.s[a.len - 1]))
		a.len--;
	return a;
}

void span_quote(struct span a, char out[32])
{
	size_t n = a.len > 24 ? 24 : a.len;
	for (size_t i = 0; i < n; i++) {
		const unsigned char c = (unsigned char)a.s[i];
		out[i] = c >= 0x20 && c < 0x7f ? (char)c : '?';
	}
	if (a.len > n) {
		memcpy(out + n, "...", 3);
		n += 3;
	}
	out[n] = '\0';
}

int span_read_line(FILE *f, char *buf, size_t cap)
{
	size_t n = 0;
	bool nul = false, any = false;
	int c;
	while ((c = getc(f)) != EOF) {
		any = true;
		if (c == '\n')
			break;
		if (c == '\0')
			nul = true;
		if (n + 1 < cap)
			buf[n] = (char)c;
		n++;
	}
	if (cap)
		buf[n + 1 < cap ? n : 0] = '\0';
	if (!any)
		return SPAN_LINE_END;
	if (n + 1 > cap) {
		if (cap)
			buf[0] = '\0';
		return SPAN_LINE_TOO_LONG;
	}
	if (nul) {
		buf[0] = '\0';
		return SPAN_LINE_NUL;
	}
	return n > (size_t)0x7fffffff ? SPAN_LINE_TOO_LONG : (int)n;
}
