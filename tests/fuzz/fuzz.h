/*
 * tests/fuzz/fuzz.h — what every fuzz harness shares.
 *
 * Each tests/fuzz/fuzz_NAME.c defines LLVMFuzzerTestOneInput for one parser. Built with clang
 * and -fsanitize=fuzzer it is a libFuzzer target (`make fuzz`); built with any compiler and
 * linked with tests/fuzz/replay.c it is a plain program that feeds it the committed corpus
 * and regressions (`make check`). A harness checks more than "no crash": where a parser has
 * a writer, what it reads must write and read back to the same thing (FUZZ_CHECK).
 */
#ifndef PARITY_TESTS_FUZZ_H
#define PARITY_TESTS_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The entry point libFuzzer (or replay.c) calls with one input; returns 0. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Stops the run with a message when a property of the parser does not hold: libFuzzer keeps
 * the input as a crash, the replay driver fails. */
#define FUZZ_CHECK(cond)                                                                           \
	do {                                                                                       \
		if (!(cond)) {                                                                     \
			fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);   \
			abort();                                                                   \
		}                                                                                  \
	} while (0)

/* Returns a NUL-terminated copy of the input (free it), cut at its first NUL byte as a C
 * string would be; never NULL. */
static inline char *fuzz_text(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1);
	if (!text)
		abort();
	if (size)
		memcpy(text, data, size);
	text[size] = '\0';
	return text;
}

/* Returns whether two Reversi positions are the same (field by field: the struct has
 * padding that a copy need not keep). */
#define FUZZ_SAME_REVERSI(a, b)                                                                    \
	((a)->disc[0] == (b)->disc[0] && (a)->disc[1] == (b)->disc[1] && (a)->hole == (b)->hole && \
	 (a)->size == (b)->size && (a)->side == (b)->side && (a)->anti == (b)->anti)

#endif
