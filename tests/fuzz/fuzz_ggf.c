/*
 * tests/fuzz/fuzz_ggf.c — fuzzes the GGF game reader (io/ggf.h, ggf_read), as the NBoard
 * protocol's `set game` feeds it: a game that reads writes back to GGF that reads the same.
 */
#include "fuzz.h"

#include "io/ggf.h"

static struct ggf_game game, back;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_text(data, size);
	char err[GAME_ERR_MAX];
	if (ggf_read(text, &game, err) == GAME_OK) {
		FUZZ_CHECK(game.count >= 0 && game.count <= GGF_MOVES_MAX);
		static char buf[16 * GGF_MOVES_MAX + 1024];
		const int len = ggf_write(&game.start, game.moves, game.count, buf, sizeof buf);
		FUZZ_CHECK(len > 0);
		FUZZ_CHECK(ggf_read(buf, &back, err) == GAME_OK);
		FUZZ_CHECK(back.count == game.count);
		FUZZ_CHECK(FUZZ_SAME_REVERSI(&back.start, &game.start));
		FUZZ_CHECK(FUZZ_SAME_REVERSI(&back.end, &game.end));
		for (int i = 0; i < game.count; i++)
			FUZZ_CHECK(game_move_equal(&back.moves[i], &game.moves[i]));
	}
	free(text);
	return 0;
}
