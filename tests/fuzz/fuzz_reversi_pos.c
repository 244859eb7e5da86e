/*
 * tests/fuzz/fuzz_reversi_pos.c — fuzzes the Reversi position text of the command line
 * (`<64 squares> <X|O>` in solve, analyse and perft: the rules' pos_parse) and the OBF lines
 * of `parity solve reversi --file` (cli/solve.c: the board, then `; move:score` answers).
 * The first byte picks the options perft would pass (none, a size, Anti-reversi); the first
 * line is the position, a second line a move to parse and play in it.
 */
#include "fuzz.h"

/* The OBF line reader is private to the command: take it, and the command, from its file. */
#include "../../src/cli/solve.c"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	static const int sizes[4] = {0, 6, 8, 10};
	struct game_options opt = reversi_options(sizes[data[0] & 3], data[0] & 4, false, 0);
	const struct game_options *use = data[0] & 8 ? &opt : NULL;
	char *text = fuzz_text(data + 1, size - 1);
	char *move_text = strchr(text, '\n');
	if (move_text)
		*move_text++ = '\0';
	char err[GAME_ERR_MAX];
	struct reversi_pos pos, back;
	if (reversi_rules.pos_parse(&pos, text, use, err) == GAME_OK) {
		FUZZ_CHECK(pos.size == 6 || pos.size == 8 || pos.size == 10);
		FUZZ_CHECK(!(pos.disc[0] & pos.disc[1]));
		char buf[GAME_TEXT_MAX];
		FUZZ_CHECK(reversi_rules.pos_to_text(&pos, buf, sizeof buf) > 0);
		FUZZ_CHECK(reversi_rules.pos_parse(&back, buf, use, err) == GAME_OK);
		back.anti = pos.anti;
		FUZZ_CHECK(FUZZ_SAME_REVERSI(&pos, &back));
		struct game_move m;
		if (move_text && reversi_rules.move_parse(&pos, move_text, &m, err) == GAME_OK) {
			back = pos;
			reversi_rules.play(&pos, &m);
			FUZZ_CHECK(!(pos.disc[0] & pos.disc[1]));
			FUZZ_CHECK(reversi_rules.move_to_text(&back, &m, buf, sizeof buf) > 0);
			reversi_rules.undo(&pos, &m);
			FUZZ_CHECK(FUZZ_SAME_REVERSI(&pos, &back));
		}
	}
	/* As solve --file reads a line. */
	uint64_t P, O;
	struct answers a;
	if (read_board(text, &P, &O, err) == GAME_OK) {
		FUZZ_CHECK(!(P & O));
		if (read_answers(text, &a) == 0)
			FUZZ_CHECK(a.count >= 0 && a.count <= 64);
	}
	free(text);
	return 0;
}
