/*
 * tests/fuzz/fuzz_dots_pos.c — fuzzes the Dots and Boxes position text of the command line
 * (`parity solve dots`, analyse, perft: the rules' pos_parse, "3x3 0110... A 1 0 A........").
 * The first line is the position, a second line an edge to parse and play in it. A position
 * that reads writes back to text that reads the same.
 */
#include "fuzz.h"

#include "core/game.h"
#include "games/dots/dots.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_text(data, size);
	char *move_text = strchr(text, '\n');
	if (move_text)
		*move_text++ = '\0';
	char err[GAME_ERR_MAX];
	struct dots_pos pos, back;
	if (dots_rules.pos_parse(&pos, text, NULL, err) == GAME_OK) {
		char buf[GAME_TEXT_MAX];
		FUZZ_CHECK(dots_rules.pos_to_text(&pos, buf, sizeof buf) > 0);
		FUZZ_CHECK(dots_rules.pos_parse(&back, buf, NULL, err) == GAME_OK);
		FUZZ_CHECK(memcmp(&pos, &back, sizeof pos) == 0);
		struct game_move m;
		if (move_text && dots_rules.move_parse(&pos, move_text, &m, err) == GAME_OK) {
			back = pos;
			dots_rules.play(&pos, &m);
			FUZZ_CHECK(dots_rules.move_to_text(&back, &m, buf, sizeof buf) > 0);
			dots_rules.undo(&pos, &m);
			FUZZ_CHECK(memcmp(&pos, &back, sizeof pos) == 0);
		}
	}
	free(text);
	return 0;
}
