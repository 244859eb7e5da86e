/*
 * tests/fuzz/fuzz_nboard.c — fuzzes the NBoard command reader (cli/nboard.c, nboard_run): any
 * bytes on its input, NUL bytes and over-long lines included, are read as commands, answered
 * or refused one line at a time, and end the loop with status 0; every line it answers is
 * whole and one of the protocol's answers.
 *
 * To run thousands of inputs a second the engine is bounded (nboard_run's bounds, the same
 * code the program runs with none): every search one ply and 64 nodes at most, whatever the
 * level or `set depth` asks, and the smallest transposition table (the program's own 2^20
 * entries cost a 16 MB calloc per input under ASan). `set depth` is read as ever, any number.
 * A byte 0x01 in the input stands for 16 384 'x' (at most 4 of them), so that a line too long
 * to be a command is reached within libFuzzer's -max_len. Its notes go to stderr: run it with
 * -close_fd_mask=2 to keep libFuzzer's log readable.
 */
#include "fuzz.h"

#include "cli/cli.h"
#include "core/level.h"
#include "games/reversi/reversi.h"

enum { LONG_RUN = 16384, LONG_RUNS_MAX = 4 };

/* Returns whether `line` (n bytes, no newline) is one of the answers the protocol allows. */
static int is_answer(const char *line, size_t n)
{
	static const char *const starts[] = {"set myname ", "=== ", "status", "nodestats ",
	                                     "search ",     "pong", "learned"};
	for (size_t i = 0; i < sizeof starts / sizeof *starts; i++) {
		const size_t k = strlen(starts[i]);
		if (n >= k && memcmp(line, starts[i], k) == 0)
			return 1;
	}
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* The input, with each of its first LONG_RUNS_MAX 0x01 bytes made a long run of 'x'. */
	size_t longs = 0;
	for (size_t i = 0; i < size; i++)
		longs += data[i] == 1 && longs < LONG_RUNS_MAX;
	const size_t n = size + longs * (LONG_RUN - 1);
	char *text = malloc(n ? n : 1);
	if (!text)
		abort();
	size_t k = 0, made = 0;
	for (size_t i = 0; i < size; i++)
		if (data[i] == 1 && made < LONG_RUNS_MAX) {
			memset(text + k, 'x', LONG_RUN);
			k += LONG_RUN;
			made++;
		} else {
			text[k++] = (char)data[i];
		}
	FILE *in = n ? fmemopen(text, n, "r") : fopen("/dev/null", "r");
	char *answers = NULL;
	size_t answers_len = 0;
	FILE *out = open_memstream(&answers, &answers_len);
	if (!in || !out)
		abort();
	const struct nboard_bounds bounds = {.tt_bits = 8, .depth_max = 1, .nodes_max = 64};
	FUZZ_CHECK(nboard_run(in, out, level_find(&reversi_rules, "beginner"), &bounds) == 0);
	fclose(in);
	fclose(out);
	/* Every answer is a whole line the protocol knows. */
	for (size_t at = 0; at < answers_len;) {
		const char *end = memchr(answers + at, '\n', answers_len - at);
		FUZZ_CHECK(end != NULL);
		FUZZ_CHECK(is_answer(answers + at, (size_t)(end - (answers + at))));
		at = (size_t)(end - answers) + 1;
	}
	free(answers);
	free(text);
	return 0;
}
