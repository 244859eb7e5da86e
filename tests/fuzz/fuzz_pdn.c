/*
 * tests/fuzz/fuzz_pdn.c — fuzzes the PDN reader (io/pdn.h, pdn_read) on raw bytes (no NUL at
 * the end, as a file is read): every game read without a fault writes back to PDN that reads
 * to one game with the same start and moves.
 */
#include "fuzz.h"

#include "io/pdn.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct pdn_file file = {0};
	char err[GAME_ERR_MAX];
	const int n = pdn_read((const char *)data, size, &file, err);
	FUZZ_CHECK(n >= 0 || n == GAME_ERR_SPACE);
	for (int g = 0; n > 0 && g < file.count; g++) {
		const struct pdn_game *game = &file.games[g];
		FUZZ_CHECK(game->count >= 0 && game->count <= game->capacity);
		if (game->error != GAME_OK)
			continue;
		const size_t cap = pdn_write_size(game);
		char *buf = malloc(cap);
		FUZZ_CHECK(buf != NULL);
		const int len = pdn_write(game, buf, cap);
		FUZZ_CHECK(len > 0 && (size_t)len <= cap);
		struct pdn_file back = {0};
		FUZZ_CHECK(pdn_read(buf, (size_t)len, &back, err) == 1);
		const struct pdn_game *b = &back.games[0];
		FUZZ_CHECK(b->error == GAME_OK);
		FUZZ_CHECK(b->count == game->count);
		FUZZ_CHECK(memcmp(&b->start, &game->start, sizeof game->start) == 0);
		for (int i = 0; i < game->count; i++)
			FUZZ_CHECK(game_move_equal(&b->moves[i], &game->moves[i]));
		pdn_free(&back);
		free(buf);
	}
	pdn_free(&file);
	return 0;
}
