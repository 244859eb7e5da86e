/*
 * tests/fuzz/fuzz_nboard.c — fuzzes the NBoard command reader (cli/nboard.c, nboard_run): any
 * bytes on its input, NUL bytes and over-long lines included, are read as commands, answered
 * or refused one line at a time, and end the loop with status 0. `set depth` above 3 is left
 * out (a deep search from the start is slow, not a reader's fault). Its notes go to stderr:
 * run it with -close_fd_mask=2 to keep libFuzzer's log readable.
 */
#include "fuzz.h"

#include "cli/cli.h"
#include "core/level.h"
#include "games/reversi/reversi.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	for (size_t i = 0; i + 6 <= size; i++)
		if (memcmp(data + i, "depth", 5) == 0) {
			size_t j = i + 5;
			while (j < size && (data[j] == ' ' || data[j] == '\t'))
				j++;
			if (j < size && (data[j] > '3' || (j + 1 < size && data[j + 1] >= '0' &&
			                                   data[j + 1] <= '9')))
				return 0;
		}
	static FILE *out;
	if (!out)
		out = fopen("/dev/null", "w");
	FILE *in = tmpfile();
	if (!in || !out)
		abort();
	if (size && fwrite(data, 1, size, in) != size)
		abort();
	rewind(in);
	FUZZ_CHECK(nboard_run(in, out, level_find(&reversi_rules, "beginner")) == 0);
	fclose(in);
	return 0;
}
