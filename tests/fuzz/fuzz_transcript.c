/*
 * tests/fuzz/fuzz_transcript.c — fuzzes the Reversi transcript reader (io/transcript.h).
 * The first byte picks the board (6, 8 or 10 squares a side, Anti-reversi or not); the rest
 * is the transcript. What reads writes back to a transcript that replays the same moves.
 */
#include "fuzz.h"

#include "io/transcript.h"

enum { MOVES_MAX = 256 };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	static const int sizes[3] = {6, 8, 10};
	struct game_options opt = reversi_options(sizes[data[0] % 3], data[0] & 4, false, 0);
	struct reversi_pos start, pos, again;
	FUZZ_CHECK(reversi_rules.start(&start, &opt) == GAME_OK);
	char *text = fuzz_text(data + 1, size - 1);
	struct game_move moves[MOVES_MAX], back[MOVES_MAX];
	char err[GAME_ERR_MAX];
	pos = start;
	const int n = transcript_read(&pos, text, moves, MOVES_MAX, err);
	FUZZ_CHECK(n >= 0 || n == GAME_ERR_SYNTAX || n == GAME_ERR_ILLEGAL || n == GAME_ERR_SPACE);
	if (n >= 0) {
		char buf[4 * MOVES_MAX + 1];
		const int len = transcript_write(&start, moves, n, buf, sizeof buf);
		FUZZ_CHECK(len >= 0);
		again = start;
		FUZZ_CHECK(transcript_read(&again, buf, back, MOVES_MAX, err) == n);
		FUZZ_CHECK(FUZZ_SAME_REVERSI(&again, &pos));
		for (int i = 0; i < n; i++)
			FUZZ_CHECK(game_move_equal(&moves[i], &back[i]));
	}
	free(text);
	return 0;
}
