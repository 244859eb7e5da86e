/*
 * tests/fuzz/fuzz_checkers_fen.c — fuzzes the checkers FEN of the command line (analyse,
 * perft) and of PDN's FEN tag (the rules' pos_parse, "B:W21-32:B1-12"). The first line is
 * the position, a second line a move to parse and play in it. A position that reads writes
 * back to a FEN that reads the same.
 */
#include "fuzz.h"

#include "core/game.h"
#include "games/checkers/checkers.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_text(data, size);
	char *move_text = strchr(text, '\n');
	if (move_text)
		*move_text++ = '\0';
	char err[GAME_ERR_MAX];
	struct checkers_pos pos, back;
	if (checkers_rules.pos_parse(&pos, text, NULL, err) == GAME_OK) {
		FUZZ_CHECK(!(pos.piece[0] & pos.piece[1]));
		char buf[GAME_TEXT_MAX];
		FUZZ_CHECK(checkers_rules.pos_to_text(&pos, buf, sizeof buf) > 0);
		FUZZ_CHECK(checkers_rules.pos_parse(&back, buf, NULL, err) == GAME_OK);
		FUZZ_CHECK(memcmp(&pos, &back, sizeof pos) == 0);
		struct game_move m;
		if (move_text && checkers_rules.move_parse(&pos, move_text, &m, err) == GAME_OK) {
			back = pos;
			checkers_rules.play(&pos, &m);
			FUZZ_CHECK(!(pos.piece[0] & pos.piece[1]));
			FUZZ_CHECK(checkers_rules.move_to_text(&back, &m, buf, sizeof buf) > 0);
			checkers_rules.undo(&pos, &m);
			FUZZ_CHECK(memcmp(&pos, &back, sizeof pos) == 0);
		}
	}
	free(text);
	return 0;
}
