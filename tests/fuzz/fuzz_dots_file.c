/*
 * tests/fuzz/fuzz_dots_file.c — fuzzes the lines of `parity solve dots --file FILE`
 * (cli/solve_dots.c: ten fields, the position's six, the value, the final margin, the best
 * edges and the history), up to the solver, which it does not run.
 */
#include "fuzz.h"

/* The line reader is private to the command: take it, and the command, from its file. */
#include "../../src/cli/solve_dots.c"

static struct expected x;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_text(data, size);
	if (read_line(text, &x) == 0) {
		FUZZ_CHECK(strlen(x.position) < sizeof x.position);
		FUZZ_CHECK(x.nbest >= -1 && x.nbest <= DOTS_MAX_EDGES);
		struct dots_pos pos;
		char err[GAME_ERR_MAX];
		if (dots_rules.pos_parse(&pos, x.position, NULL, err) == GAME_OK)
			(void)dots_solver_fits(&pos);
	}
	free(text);
	return 0;
}
